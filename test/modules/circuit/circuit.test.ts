// x/circuit on the node, sent by CosmJS (SIGN_MODE_DIRECT and LEGACY_AMINO_JSON): a super admin from
// the genesis authorizes an account for some messages; the permission rules (no super admin, no
// permission, a type outside the list, already disabled, not disabled); a tripped type refused at
// CheckTx by the ante (code 1, codespace undefined, "tx type not allowed") and inside authz's MsgExec
// by the message router; reset; the queries over REST and abci_query; simulate's gas equal to
// delivery's; the state across a restart (same app hash) and the SDK genesis export and import.

import { test } from "uvu";
import { createHash } from "node:crypto";
import * as assert from "uvu/assert";
import type { EncodeObject } from "@cosmjs/proto-signing";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { GOV_MODULE_ADDRESS, defaultGenesisJson, devAddress, mergeJson, type Json } from "../../../host/app/genesis.js";
import { createAbciQuery } from "../../../host/app/query.js";
import { createQueryRouter } from "../../../host/app/queries.js";
import { AccountResponseSchema, DisabledListResponseSchema, QueryAccountRequestSchema, QueryDisabledListRequestSchema } from "../../../host/wire/gen/cosmos/circuit/v1/query_pb.js";
import { chainRegistry, keplrBody, protoSigner, type SignMode } from "../../helpers/cosmjs.js";
import { nodeHarness, type TestNode } from "../../helpers/node.js";
import { GenericAuthorization } from "cosmjs-types/cosmos/authz/v1beta1/authz";
import { gasTrace } from "../../../host/app/gas/tx-gas.js";
import type { Access } from "../../../host/framework/gas/meter.js";

const h = await nodeHarness({ prefix: "circuit-" });
test.after(() => h.remove());

const [ADMIN, OPERATOR, NOBODY] = [devAddress(5), devAddress(6), devAddress(7)];
const genesis: Json = mergeJson(defaultGenesisJson(), {
  app_state: {
    node: { gov_authority: GOV_MODULE_ADDRESS },
    circuit: { account_permissions: [{ address: ADMIN, permissions: { level: "LEVEL_SUPER_ADMIN", limit_type_urls: [] } }], disabled_type_urls: [] },
  },
});
const C = "/cosmos.circuit.v1.";
const SEND = "/cosmos.bank.v1beta1.MsgSend";
const MULTI = "/cosmos.bank.v1beta1.MsgMultiSend";
const registry = chainRegistry();
const authorize = (granter: string, grantee: string, level?: number, limitTypeUrls: string[] = []): EncodeObject =>
  ({ typeUrl: `${C}MsgAuthorizeCircuitBreaker`, value: { granter, grantee, ...(level === undefined ? {} : { permissions: { level, limitTypeUrls } }) } });
const trip = (authority: string, msgTypeUrls: string[]): EncodeObject => ({ typeUrl: `${C}MsgTripCircuitBreaker`, value: { authority, msgTypeUrls } });
const reset = (authority: string, msgTypeUrls: string[]): EncodeObject => ({ typeUrl: `${C}MsgResetCircuitBreaker`, value: { authority, msgTypeUrls } });
const send = (from: string, to: string): EncodeObject => ({ typeUrl: SEND, value: { fromAddress: from, toAddress: to, amount: [{ denom: "basecro", amount: "1000" }] } });

async function sign(node: TestNode, n: number, msgs: EncodeObject[], mode: SignMode): Promise<Uint8Array> {
  const s = await protoSigner(n, mode);
  const a = node.chain.directory.account(s.address)!;
  return s.sign(msgs, { chainId: node.chain.chainId, accountNumber: a.accountNumber, sequence: a.sequence });
}

/** Signs and sends; the block made: the committed tx_response (stage deliver) or CheckTx's refusal (stage check). */
async function tx(node: TestNode, n: number, msgs: EncodeObject[], mode: SignMode = "direct"): Promise<any> {
  const r = (await node.post("/cosmos/tx/v1beta1/txs", keplrBody(await sign(node, n, msgs, mode)))).json.tx_response;
  if (r.code !== 0) return { ...r, stage: "check" };
  await node.chain.advance(1n);
  return { ...(await node.get(`/cosmos/tx/v1beta1/txs/${r.txhash}`)).json.tx_response, stage: "deliver" };
}
const attrs = (r: any, type: string) => Object.fromEntries((r.events.find((e: any) => e.type === type)?.attributes ?? []).map((a: any) => [a.key, a.value]));

const SIM_MODE: SignMode = (process.env.SIM_MODE as SignMode) ?? "amino";
const node = await h.open({ genesis });
const abci = () => createAbciQuery(node.chain.app, createQueryRouter(node.chain.app));

test("the genesis super admin authorizes an operator for MsgSend (direct): its event, response, and the queries", async () => {
  assert.equal((await node.get(`/cosmos/circuit/v1/accounts/${ADMIN}`)).json, { permission: { level: "LEVEL_SUPER_ADMIN", limit_type_urls: [] } });
  const r = await tx(node, 5, [authorize(ADMIN, OPERATOR, 1, [SEND])]);
  assert.is(r.code, 0, r.raw_log);
  assert.equal(attrs(r, "authorize_circuit_breaker"), { granter: ADMIN, grantee: OPERATOR, permission: `level:LEVEL_SOME_MSGS limit_type_urls:"${SEND}" `, msg_index: "0" });
  assert.is(r.tx.body.messages[0]["@type"], `${C}MsgAuthorizeCircuitBreaker`);
  assert.equal((await node.get(`/cosmos/circuit/v1/accounts/${OPERATOR}`)).json, { permission: { level: "LEVEL_SOME_MSGS", limit_type_urls: [SEND] } });
  const all = (await node.get("/cosmos/circuit/v1/accounts")).json;
  assert.equal(all.accounts.map((a: any) => a.address).sort(), [ADMIN, OPERATOR].sort());
  assert.is(all.pagination.total, "2");
  const q = await abci()("/cosmos.circuit.v1.Query/Account", toBinary(QueryAccountRequestSchema, create(QueryAccountRequestSchema, { address: OPERATOR })));
  assert.is(q.code, 0, q.log);
  assert.equal(fromBinary(AccountResponseSchema, q.value).permission?.limitTypeUrls, [SEND]);
  const none = await node.get(`/cosmos/circuit/v1/accounts/${NOBODY}`);
  assert.match(none.json.message, "collections: not found");
});

test("the permission rules: no super admin, no permission, a type outside the list (sdk 4)", async () => {
  const a = await tx(node, 7, [authorize(NOBODY, NOBODY, 3)]);
  assert.is(a.code, 4);
  assert.is(a.raw_log, "failed to execute message; message index: 0: only super admins can authorize users: unauthorized");
  const b = await tx(node, 7, [trip(NOBODY, [SEND])], "amino");
  assert.is(b.raw_log, "failed to execute message; message index: 0: account does not have permission to trip circuit breaker: unauthorized");
  const c = await tx(node, 6, [trip(OPERATOR, [SEND, MULTI])]);
  assert.is(c.raw_log, `failed to execute message; message index: 0: account does not have permission to trip circuit breaker for message ${MULTI}: unauthorized`);
  assert.equal((await node.get("/cosmos/circuit/v1/disable_list")).json, { disabled_list: [] }, "the failed message disabled nothing");
  const d = await tx(node, 6, [reset(OPERATOR, [SEND])]);
  assert.is(d.code, 1);
  assert.is(d.codespace, "undefined");
  assert.is(d.raw_log, `failed to execute message; message index: 0: message ${SEND} is not disabled`);
});

test("MsgSend tripped (amino; simulate's gas = delivery's): refused at CheckTx and inside MsgExec; reset (amino) and sent again", async () => {
  const bytes = await sign(node, 6, [trip(OPERATOR, [SEND])], SIM_MODE);
  const traces: Access[][] = [];
  gasTrace.sink = (x) => traces.push([...x]);
  const accesses = () => traces.splice(0).flat().filter((a) => a.store === "circuit").map((a) => `${a.op} ${a.key} ${a.value} ${a.gas} ${a.what}`);
  let simulated: any, simulatedAccesses: string[];
  try {
    simulated = (await node.post("/cosmos/tx/v1beta1/simulate", { tx_bytes: Buffer.from(bytes).toString("base64") })).json;
    simulatedAccesses = accesses();
    await node.post("/cosmos/tx/v1beta1/txs", keplrBody(bytes));
    await node.chain.advance(1n);
  } finally {
    gasTrace.sink = undefined;
  }
  // the circuit check of the ante and of the router, Permissions.Get, DisableList.Has and Set: as delivered
  assert.equal(accesses().slice(-5), simulatedAccesses, "CheckTx's ante check, then the block's as simulated");
  assert.equal(simulatedAccesses.map((a) => a.split(" ")[0]), ["has", "has", "get", "has", "set"]);
  const sent = { txhash: createHash("sha256").update(bytes).digest("hex").toUpperCase() };
  const r = (await node.get(`/cosmos/tx/v1beta1/txs/${sent.txhash}`)).json.tx_response;
  assert.is(r.code, 0, r.raw_log);
  // the chain's own simulate of a signed tx is a few units above its delivery (the ante's simulate rules)
  const above = BigInt(simulated.gas_info.gas_used) - BigInt(r.gas_used);
  assert.ok(above >= 0n && above <= 50n, `simulated ${simulated.gas_info.gas_used}, delivered ${r.gas_used}`);
  assert.equal(attrs(r, "trip_circuit_breaker"), { authority: OPERATOR, msg_url: SEND, msg_index: "0" });
  assert.equal((await node.get("/cosmos/circuit/v1/disable_list")).json, { disabled_list: [SEND] });
  const list = await abci()("/cosmos.circuit.v1.Query/DisabledList", toBinary(QueryDisabledListRequestSchema, create(QueryDisabledListRequestSchema, {})));
  assert.equal(fromBinary(DisabledListResponseSchema, list.value).disabledList, [SEND]);

  const again = await tx(node, 6, [trip(OPERATOR, [SEND])]);
  assert.is(again.raw_log, `failed to execute message; message index: 0: message ${SEND} is already disabled`);
  for (const mode of ["direct", "amino"] as const) {
    const refused = await tx(node, 0, [send(devAddress(0), devAddress(8))], mode);
    assert.equal([refused.stage, refused.code, refused.codespace, refused.raw_log], ["check", 1, "undefined", "tx type not allowed"]);
  }
  // authz: the granter's MsgSend run by its grantee meets the router's circuit breaker
  const grant = { typeUrl: "/cosmos.authz.v1beta1.MsgGrant", value: { granter: ADMIN, grantee: NOBODY, grant: { authorization: { typeUrl: "/cosmos.authz.v1beta1.GenericAuthorization", value: GenericAuthorization.encode({ msg: SEND }).finish() } } } };
  assert.is((await tx(node, 5, [grant])).code, 0);
  const exec = await tx(node, 7, [{ typeUrl: "/cosmos.authz.v1beta1.MsgExec", value: { grantee: NOBODY, msgs: [{ typeUrl: SEND, value: registry.encode(send(ADMIN, devAddress(8))) }] } }]);
  assert.is(exec.stage, "deliver");
  assert.is(exec.code, 1);
  assert.match(exec.raw_log, `circuit breaker disables execution of this message: ${SEND}`);

  const back = await tx(node, 6, [reset(OPERATOR, [SEND])], "amino");
  assert.is(back.code, 0, back.raw_log);
  assert.equal(attrs(back, "reset_circuit_breaker"), { authority: OPERATOR, msg_url: SEND, msg_index: "0" });
  assert.is((await tx(node, 0, [send(devAddress(0), devAddress(8))])).code, 0);
});

test("levels: all msgs trips any type; none (revoked) nothing; nil permissions refused; a bad grantee", async () => {
  assert.is((await tx(node, 5, [authorize(ADMIN, NOBODY, 2)], "amino")).code, 0);
  // a send admitted before a trip in the same block: the ante in the block refuses it (its circuit check's gas only)
  const [t, sendTx] = [await sign(node, 7, [trip(NOBODY, [SEND])], "direct"), await sign(node, 0, [send(devAddress(0), devAddress(8))], "direct")];
  const hashes = [];
  for (const b of [t, sendTx]) hashes.push((await node.post("/cosmos/tx/v1beta1/txs", keplrBody(b))).json.tx_response.txhash);
  await node.chain.advance(1n);
  const late = (await node.get(`/cosmos/tx/v1beta1/txs/${hashes[1]}`)).json.tx_response;
  assert.equal([late.code, late.codespace, late.raw_log, late.gas_used], [1, "undefined", "tx type not allowed", "1000"]);
  assert.is((await tx(node, 7, [reset(NOBODY, [SEND])])).code, 0);
  assert.is((await tx(node, 7, [trip(NOBODY, [MULTI])])).code, 0);
  assert.is((await tx(node, 5, [authorize(ADMIN, OPERATOR, 0)])).code, 0);
  assert.equal((await node.get(`/cosmos/circuit/v1/accounts/${OPERATOR}`)).json, { permission: { level: "LEVEL_NONE_UNSPECIFIED", limit_type_urls: [] } });
  assert.is((await tx(node, 6, [reset(OPERATOR, [MULTI])])).code, 4);
  const nil = await tx(node, 5, [authorize(ADMIN, OPERATOR)]);
  assert.is(nil.raw_log, "failed to execute message; message index: 0: permissions cannot be nil: invalid request");
  const bad = await tx(node, 5, [authorize(ADMIN, "cro1notanaddress", 1)]);
  assert.is(bad.code, 1);
  assert.match(bad.raw_log, "decoding bech32 failed");
});

test("the state survives a restart (same app hash); the SDK genesis export and import both ways", async () => {
  const hash = node.chain.latestBlock().appHash;
  await node.chain.close();
  const again = await h.open({ genesis, dbPath: node.dbPath });
  try {
    assert.is(again.chain.latestBlock().appHash, hash);
    assert.equal((await again.get("/cosmos/circuit/v1/disable_list")).json, { disabled_list: [MULTI] });
    const doc = again.chain.exportGenesis() as any;
    delete doc.app_state.node_state;
    const circuit = doc.app_state.circuit;
    assert.equal(circuit.disabled_type_urls, [MULTI]);
    assert.equal(Object.fromEntries(circuit.account_permissions.map((a: any) => [a.address, a.permissions.level])), {
      [ADMIN]: "LEVEL_SUPER_ADMIN", [OPERATOR]: "LEVEL_NONE_UNSPECIFIED", [NOBODY]: "LEVEL_ALL_MSGS",
    });
    const imported = await h.open({ genesis: doc });
    try {
      assert.equal((imported.chain.exportGenesis() as any).app_state.circuit, circuit);
      const refused = (await tx(imported, 0, [{ typeUrl: MULTI, value: { inputs: [{ address: devAddress(0), coins: [{ denom: "basecro", amount: "1" }] }], outputs: [{ address: devAddress(8), coins: [{ denom: "basecro", amount: "1" }] }] } }]));
      assert.is(refused.raw_log, "tx type not allowed", "the imported disable list is enforced");
    } finally {
      await imported.chain.close();
    }
    const bad = structuredClone(doc);
    bad.app_state.circuit.account_permissions[0].address = "cro1bad";
    assert.match(await h.open({ genesis: bad }).then((n) => n.chain.close().then(() => ""), (e: Error) => e.message), "invalid account address: cro1bad");
  } finally {
    await again.chain.close();
  }
});

test.run();
