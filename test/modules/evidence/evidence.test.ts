// x/evidence as chain-main runs it, through Application.finalizeBlock (the ABCI server's path under
// CometBFT) with the DUPLICATE_VOTE misbehaviour CometBFT passes: a double signer is slashed by
// slash_fraction_double_sign, jailed, tombstoned, the evidence stored (x/slashing's two `slash`
// events); evidence older than both max_age_num_blocks and max_age_duration, of an unknown
// validator, or of a tombstoned one is ignored; the evidence is queried over REST and abci_query
// (by its hash: sha256 of the Equivocation's bytes) and goes through the SDK genesis export and
// import; MsgSubmitEvidence is answered as chain-maind answers it (no evidence router: undefined
// 111222; evidence stored already: evidence 5; a bad one: evidence 3).

import { test } from "uvu";
import * as assert from "uvu/assert";
import { sha256 } from "@cosmjs/crypto";
import { toHex, fromBech32 } from "@cosmjs/encoding";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { Equivocation } from "cosmjs-types/cosmos/evidence/v1beta1/evidence";
import { defaultGenesisJson, devAddress, mergeJson, operatorOf, type Json } from "../../../host/app/genesis.js";
import { createAbciQuery } from "../../../host/app/query.js";
import { createQueryRouter } from "../../../host/app/queries.js";
import { QueryEvidenceRequestSchema, QueryEvidenceResponseSchema } from "../../../host/wire/gen/cosmos/evidence/v1beta1/query_pb.js";
import { protoSigner } from "../../helpers/cosmjs.js";
import { nodeHarness } from "../../helpers/node.js";

const nodes = await nodeHarness({ prefix: "evidence-" });
test.after(() => nodes.remove());

const S = 1_000_000_000n;
const genesis = mergeJson(defaultGenesisJson() as unknown as Json, {
  consensus: { params: { evidence: { max_age_num_blocks: "5", max_age_duration: "30000000000", max_bytes: "1048576" } } },
} as Json);
const node = await nodes.open({ genesis });
const chain = node.chain;
let height = chain.latestBlock().height;
let timeNs = chain.latestBlock().timeNs;
const keyOf = (i: number) => chain.app.validators.key(i)!.address;
const consOf = (i: number) => {
  const hex = keyOf(i);
  return { hex, bech32: chain.app.directory.validatorPrefix, bytes: Buffer.from(hex, "hex") };
};
const block = (o: { txs?: Uint8Array[]; doubleSigns?: { address: string; height: bigint; timeNs: bigint; power: bigint }[] } = {}) => {
  height += 1n;
  timeNs += 5n * S;
  const votes = chain.consensusValidators().map((v) => ({ address: Buffer.from(v.address).toString("hex").toUpperCase(), power: v.power, signed: true }));
  const out = chain.app.finalizeBlock({ height, timeNs, txs: (o.txs ?? []).map((tx) => ({ tx })), consensus: { votes, doubleSigns: o.doubleSigns ?? [] } });
  chain.app.commit();
  return out;
};
const validator = async (i: number) => (await node.get(`/cosmos/staking/v1beta1/validators/${operatorOf(devAddress(i + 1))}`)).json.validator;
const attrs = (e: { attributes: { key: string; value: string }[] }) => Object.fromEntries(e.attributes.map((a) => [a.key, a.value]));
const submit = async (n: number, evidence: Uint8Array) => {
  const signer = await protoSigner(n, "direct");
  const account = chain.directory.account(signer.address)!;
  const tx = await signer.sign([{ typeUrl: "/cosmos.evidence.v1beta1.MsgSubmitEvidence", value: {
    submitter: signer.address, evidence: { typeUrl: "/cosmos.evidence.v1beta1.Equivocation", value: evidence },
  } }], { chainId: chain.chainId, accountNumber: account.accountNumber, sequence: account.sequence });
  return block({ txs: [tx] }).results[0]!;
};

for (let i = 0; i < 8; i++) block();

test("a double sign: slashed 5 % at the infraction's power, jailed, tombstoned, the evidence stored; the slash events", async () => {
  const v = consOf(2);
  const power = chain.ledger.validator(2)!.lastPower;
  const before = BigInt((await validator(2)).tokens);
  const at = height - 1n;
  const r = block({ doubleSigns: [{ address: v.hex, height: at, timeNs: timeNs - 5n * S, power }] });
  const slashes = r.events.filter((e) => e.type === "slash").map(attrs);
  assert.is(slashes.length, 2);
  const cons = slashes[0]!.address!;
  assert.ok(cons.startsWith(`${chain.app.directory.validatorPrefix}cons1`), cons);
  assert.equal(toHex(fromBech32(cons, 90).data).toUpperCase(), v.hex);
  assert.equal({ ...slashes[0], burned_coins: undefined }, { address: cons, power: `${power}`, reason: "double_sign", burned_coins: undefined });
  assert.is(BigInt(slashes[0]!.burned_coins!), before / 20n);
  assert.equal(slashes[1], { jailed: cons });
  const after = await validator(2);
  assert.ok(after.jailed);
  assert.is(BigInt(after.tokens), before - before / 20n);
  const info = (await node.get(`/cosmos/slashing/v1beta1/signing_infos/${cons}`)).json.val_signing_info;
  assert.is(info.tombstoned, true);
  assert.is(info.jailed_until, "9999-12-31T23:59:59Z");

  // The evidence: its hash is sha256 of the Equivocation's protobuf bytes.
  const all = (await node.get("/cosmos/evidence/v1beta1/evidence")).json;
  assert.is(all.pagination.total, "1");
  const e = all.evidence[0];
  assert.equal({ ...e, time: undefined }, { "@type": "/cosmos.evidence.v1beta1.Equivocation", height: `${at}`, time: undefined, power: `${power}`, consensus_address: cons });
  const seconds = (timeNs - 10n * S) / S;
  const bytes = Equivocation.encode(Equivocation.fromPartial({ height: at, time: { seconds, nanos: Number((timeNs - 10n * S) % S) }, power, consensusAddress: cons })).finish();
  const hash = toHex(sha256(bytes)).toUpperCase();
  const one = await node.get(`/cosmos/evidence/v1beta1/evidence/${hash}`);
  assert.is(one.status, 200, JSON.stringify(one.json));
  assert.equal(one.json.evidence, e);
  assert.is((await node.get(`/cosmos/evidence/v1beta1/evidence/${hash.toLowerCase()}`)).status, 200);
  const abci = createAbciQuery(chain.app, createQueryRouter(chain.app));
  const q = await abci("/cosmos.evidence.v1beta1.Query/Evidence", toBinary(QueryEvidenceRequestSchema, create(QueryEvidenceRequestSchema, { hash })));
  assert.is(q.code, 0, q.log);
  assert.equal(fromBinary(QueryEvidenceResponseSchema, q.value).evidence!.value, bytes);
  const missing = await node.get(`/cosmos/evidence/v1beta1/evidence/${"00".repeat(32)}`);
  assert.equal([missing.status, missing.json.message], [404, `evidence ${"00".repeat(32)} not found`]);

  // MsgSubmitEvidence of that same evidence: evidence 5; of another: chain-main's nil router panics.
  const exists = await submit(5, bytes);
  assert.equal([exists.codespace, exists.code, exists.rawLog], ["evidence", 5, `failed to execute message; message index: 0: ${hash}: evidence already exists`]);
  const other = Equivocation.encode(Equivocation.fromPartial({ height: 3n, time: { seconds: 1_700_000_000n, nanos: 0 }, power: 10n, consensusAddress: cons })).finish();
  const panic = await submit(5, other);
  assert.equal([panic.codespace, panic.code], ["undefined", 111222]);
  assert.match(panic.rawLog, /^recovered: runtime error: invalid memory address or nil pointer dereference/);
  const bad = await submit(5, Equivocation.encode(Equivocation.fromPartial({ height: 0n, time: { seconds: 1_700_000_000n, nanos: 0 }, power: 10n, consensusAddress: cons })).finish());
  assert.equal([bad.codespace, bad.code, bad.rawLog], ["evidence", 3, "failed to execute message; message index: 0: failed basic validation: invalid equivocation height: 0: invalid evidence"]);

  // The same double sign once more, and a tombstoned validator's new one: nothing more.
  const again = block({ doubleSigns: [{ address: v.hex, height: at, timeNs: timeNs - 15n * S, power }] });
  assert.not.ok(again.events.some((x) => x.type === "slash"));
});

test("evidence too old (past both max_age_num_blocks and max_age_duration) or of an unknown validator is ignored; old in blocks only is not", async () => {
  const v = consOf(3);
  const power = chain.ledger.validator(3)!.lastPower;
  const tokens = BigInt((await validator(3)).tokens);
  const old = block({ doubleSigns: [
    { address: v.hex, height: height - 6n, timeNs: timeNs - 60n * S, power },
    { address: "AB".repeat(20), height: height, timeNs, power: 5n },
  ] });
  assert.not.ok(old.events.some((e) => e.type === "slash"));
  assert.is(BigInt((await validator(3)).tokens), tokens);
  assert.is((await node.get("/cosmos/evidence/v1beta1/evidence")).json.pagination.total, "1");
  // Older than 5 blocks but within 30 s: handled.
  const recent = block({ doubleSigns: [{ address: v.hex, height: height - 6n, timeNs: timeNs - 20n * S, power }] });
  assert.is(recent.events.filter((e) => e.type === "slash").length, 2);
  assert.ok((await validator(3)).jailed);
  assert.is((await node.get("/cosmos/evidence/v1beta1/evidence?pagination.count_total=true")).json.pagination.total, "2");
});

test("the evidence survives a restart and the SDK genesis export and import", async () => {
  const listed = (await node.get("/cosmos/evidence/v1beta1/evidence")).json.evidence;
  const hash = chain.latestBlock().appHash;
  await chain.close();
  const again = await nodes.open({ dbPath: node.dbPath });
  try {
    assert.is(again.chain.latestBlock().appHash, hash);
    assert.equal((await again.get("/cosmos/evidence/v1beta1/evidence")).json.evidence, listed);
    const doc = again.chain.exportGenesis() as any;
    delete doc.app_state.node_state;
    assert.equal(doc.app_state.evidence.evidence, listed);
    const imported = await nodes.open({ genesis: doc });
    try {
      assert.equal((await imported.get("/cosmos/evidence/v1beta1/evidence")).json.evidence, listed);
      assert.equal((imported.chain.exportGenesis() as any).app_state.evidence, doc.app_state.evidence);
    } finally {
      await imported.chain.close();
    }
  } finally {
    await again.chain.close();
  }
});

test.run();
