// x/feegrant as a dApp uses it: dev 1 pays its users' fees. A new user (a key the chain has never
// seen) gets an account from the grant, then signs with CosmJS's SigningStargateClient, `granter` in
// the fee; the fee leaves the granter's balance, the allowance shrinks (periods reset, an allowed-
// message list holds, a spent or revoked or expired allowance is gone), and the allowances survive
// a restart and the SDK's genesis export and import.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { DirectSecp256k1Wallet, Registry, type EncodeObject } from "@cosmjs/proto-signing";
import { SigningStargateClient, defaultRegistryTypes, type StdFee } from "@cosmjs/stargate";
import { toBase64 } from "@cosmjs/encoding";
import { sha256 } from "@cosmjs/crypto";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { Any } from "cosmjs-types/google/protobuf/any";
import { BasicAllowance, PeriodicAllowance, AllowedMsgAllowance } from "cosmjs-types/cosmos/feegrant/v1beta1/feegrant";
import { devAddress, devPrivateKey } from "../../../host/app/genesis.js";
import { MsgPruneAllowancesSchema } from "../../../host/wire/gen/cosmos/feegrant/v1beta1/tx_pb.js";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { createAbciQuery } from "../../../host/app/query.js";
import { createQueryRouter } from "../../../host/app/queries.js";
import { QueryAllowancesByGranterRequestSchema, QueryAllowancesByGranterResponseSchema } from "../../../host/wire/gen/cosmos/feegrant/v1beta1/query_pb.js";
import { BasicAllowanceSchema } from "../../../host/wire/gen/cosmos/feegrant/v1beta1/feegrant_pb.js";
import { generatedType, keplrBody } from "../../helpers/cosmjs.js";
import { nodeHarness, type TestNode } from "../../helpers/node.js";

const h = await nodeHarness({ prefix: "feegrant-" });
test.after(() => h.remove());

const GRANTER = devAddress(1);
const fee = (amount: bigint, granter = GRANTER): StdFee => ({ amount: [{ denom: "basecro", amount: `${amount}` }], gas: "300000", granter });
const coins = (amount: bigint) => [{ denom: "basecro", amount: `${amount}` }];

const registry = new Registry(defaultRegistryTypes);
registry.register(`/${MsgPruneAllowancesSchema.typeName}`, generatedType(MsgPruneAllowancesSchema));

/** A key of `n`'s: a dev key, or a new user's (sha256 of its name). */
async function client(key: Uint8Array) {
  const wallet = await DirectSecp256k1Wallet.fromKey(key, "cro");
  const [account] = await wallet.getAccounts();
  return { address: account!.address, signing: await SigningStargateClient.offline(wallet, { registry }) };
}

/** POST the tx (at `sequence`, else the account's); its CheckTx answer. */
async function submit(node: TestNode, key: Uint8Array, msgs: EncodeObject[], f: StdFee, sequence?: bigint): Promise<any> {
  const { address, signing } = await client(key);
  const a = node.chain.directory.account(address);
  assert.ok(a, `${address} has no account`);
  const raw = await signing.sign(address, msgs, f, "", { accountNumber: a.accountNumber, sequence: Number(sequence ?? a.sequence), chainId: node.chain.chainId });
  return (await node.post("/cosmos/tx/v1beta1/txs", keplrBody(TxRaw.encode(raw).finish()))).json.tx_response;
}

/** Submit, then make its block: its committed tx_response, or the CheckTx refusal. */
async function send(node: TestNode, key: Uint8Array, msgs: EncodeObject[], f: StdFee): Promise<any> {
  const r = await submit(node, key, msgs, f);
  if (r.code !== 0) return { ...r, stage: "check" };
  await node.chain.advance(1n);
  return { ...(await node.get(`/cosmos/tx/v1beta1/txs/${r.txhash}`)).json.tx_response, stage: "deliver" };
}

const anyOf = (typeUrl: string, value: Uint8Array) => Any.fromPartial({ typeUrl, value });
const basic = (limit: bigint, expirationS?: bigint) => anyOf("/cosmos.feegrant.v1beta1.BasicAllowance",
  BasicAllowance.encode(BasicAllowance.fromPartial({ spendLimit: coins(limit), ...(expirationS ? { expiration: { seconds: expirationS, nanos: 0 } } : {}) })).finish());
const grant = (grantee: string, allowance: Any): EncodeObject =>
  ({ typeUrl: "/cosmos.feegrant.v1beta1.MsgGrantAllowance", value: { granter: GRANTER, grantee, allowance } });
const revoke = (grantee: string): EncodeObject => ({ typeUrl: "/cosmos.feegrant.v1beta1.MsgRevokeAllowance", value: { granter: GRANTER, grantee } });
const bankSend = (from: string, to: string, amount: bigint): EncodeObject =>
  ({ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: from, toAddress: to, amount: coins(amount) } });
const types = (r: any) => (r.events as { type: string }[]).map((e) => e.type);
const attr = (r: any, type: string, key: string) => r.events.find((e: any) => e.type === type && e.attributes.some((a: any) => a.key === key))
  ?.attributes.find((a: any) => a.key === key)?.value;
const balance = (node: TestNode, address: string) => node.chain.ledger.balance(node.chain.directory.accountId(address) ?? -1);

const userKey = (name: string) => sha256(new TextEncoder().encode(`feegrant test user ${name}`));

const node = await h.open();
const alice = userKey("alice");
const aliceAddress = (await client(alice)).address;

test("a grant to a new user: set_feegrant, the user's account made, the allowance in all three queries", async () => {
  assert.is(node.chain.directory.account(aliceAddress), undefined);
  const r = await send(node, devPrivateKey(1), [grant(aliceAddress, basic(50_000n))], fee(5_000n, ""));
  assert.is(r.code, 0, r.raw_log);
  assert.ok(types(r).includes("set_feegrant"));
  assert.is(attr(r, "set_feegrant", "grantee"), aliceAddress);
  assert.ok(node.chain.directory.account(aliceAddress)?.accountNumber !== undefined);
  const one = await node.get(`/cosmos/feegrant/v1beta1/allowance/${GRANTER}/${aliceAddress}`);
  assert.is(one.status, 200);
  assert.equal(one.json.allowance.allowance, { "@type": "/cosmos.feegrant.v1beta1.BasicAllowance", spend_limit: coins(50_000n), expiration: null });
  assert.is((await node.get(`/cosmos/feegrant/v1beta1/allowances/${aliceAddress}`)).json.allowances[0].granter, GRANTER);
  assert.is((await node.get(`/cosmos/feegrant/v1beta1/issued/${GRANTER}`)).json.pagination.total, "1");
  // abci_query: the same answer's protobuf bytes
  const abci = createAbciQuery(node.chain.app, createQueryRouter(node.chain.app));
  const q = await abci("/cosmos.feegrant.v1beta1.Query/AllowancesByGranter", toBinary(QueryAllowancesByGranterRequestSchema, create(QueryAllowancesByGranterRequestSchema, { granter: GRANTER })));
  assert.is(q.code, 0, q.log);
  const answer = fromBinary(QueryAllowancesByGranterResponseSchema, q.value);
  assert.is(answer.allowances[0]!.grantee, aliceAddress);
  assert.equal(fromBinary(BasicAllowanceSchema, answer.allowances[0]!.allowance!.value).spendLimit.map((c) => c.amount), ["50000"]);
});

test("the user's tx is paid by the granter: the fee leaves the granter, the allowance shrinks", async () => {
  // a little to send (the fee is the granter's)
  assert.is((await send(node, devPrivateKey(2), [bankSend(devAddress(2), aliceAddress, 100n)], fee(5_000n, ""))).code, 0);
  const [granterBefore, aliceBefore] = [balance(node, GRANTER), balance(node, aliceAddress)];
  const r = await send(node, alice, [bankSend(aliceAddress, devAddress(3), 10n)], fee(20_000n));
  assert.is(r.code, 0, r.raw_log);
  assert.equal(types(r).slice(0, 3), ["use_feegrant", "update_feegrant", "coin_spent"]);
  assert.is(attr(r, "tx", "fee_payer"), GRANTER);
  assert.is(balance(node, aliceAddress), aliceBefore - 10n);
  assert.is(balance(node, GRANTER), granterBefore - 20_000n);
  const one = await node.get(`/cosmos/feegrant/v1beta1/allowance/${GRANTER}/${aliceAddress}`);
  assert.equal(one.json.allowance.allowance.spend_limit, coins(30_000n));
});

test("simulate of a granted tx costs what its delivery does", async () => {
  // an empty block first: the fee collector then holds no fees in the checked state either (as on the chain, a
  // block's fees wait there until the next BeginBlock, and their balance's bytes are metered)
  await node.chain.advance(1n);
  const { address, signing } = await client(alice);
  const a = node.chain.directory.account(address)!;
  const raw = await signing.sign(address, [bankSend(aliceAddress, devAddress(3), 1n)], fee(5_000n), "", { accountNumber: a.accountNumber, sequence: Number(a.sequence), chainId: node.chain.chainId });
  const bytes = TxRaw.encode(raw).finish();
  const sim = await node.post("/cosmos/tx/v1beta1/simulate", { tx_bytes: toBase64(bytes) });
  assert.is(sim.status, 200, JSON.stringify(sim.json));
  const r = (await node.post("/cosmos/tx/v1beta1/txs", keplrBody(bytes))).json.tx_response;
  assert.is(r.code, 0, r.raw_log);
  await node.chain.advance(1n);
  const got = (await node.get(`/cosmos/tx/v1beta1/txs/${r.txhash}`)).json.tx_response;
  assert.is(got.gas_used, sim.json.gas_info.gas_used);
  assert.equal((await node.get(`/cosmos/feegrant/v1beta1/allowance/${GRANTER}/${aliceAddress}`)).json.allowance.allowance.spend_limit, coins(25_000n));
});

test("a fee above what is left is refused at CheckTx (feegrant 2); the exact rest spends and removes it", async () => {
  const over = await send(node, alice, [bankSend(aliceAddress, devAddress(3), 1n)], fee(25_001n));
  assert.is(over.stage, "check");
  assert.is(over.codespace, "feegrant");
  assert.is(over.code, 2);
  assert.ok(over.raw_log.endsWith("does not allow to pay fees for " + over.raw_log.split("does not allow to pay fees for ")[1]));
  assert.ok(over.raw_log.endsWith(": basic allowance: fee limit exceeded"), over.raw_log);
  const spent = await send(node, alice, [bankSend(aliceAddress, devAddress(3), 1n)], fee(25_000n));
  assert.is(spent.code, 0, spent.raw_log);
  assert.equal(types(spent).slice(0, 2), ["revoke_feegrant", "use_feegrant"]);
  const gone = await node.get(`/cosmos/feegrant/v1beta1/allowance/${GRANTER}/${aliceAddress}`);
  assert.is(gone.status, 500);
  assert.is(gone.json.message, "fee-grant not found: not found");
  const none = await send(node, alice, [bankSend(aliceAddress, devAddress(3), 1n)], fee(1n));
  assert.is(none.codespace, "sdk");
  assert.is(none.code, 38);
});

test("a periodic allowance: one period's limit, then refused, then reset after the period", async () => {
  const period = anyOf("/cosmos.feegrant.v1beta1.PeriodicAllowance", PeriodicAllowance.encode(PeriodicAllowance.fromPartial({
    basic: { spendLimit: coins(1_000_000n) }, period: { seconds: 10n, nanos: 0 }, periodSpendLimit: coins(6_000n), periodCanSpend: coins(6_000n),
  })).finish());
  assert.is((await send(node, devPrivateKey(1), [grant(aliceAddress, period)], fee(5_000n, ""))).code, 0);
  assert.is((await send(node, alice, [bankSend(aliceAddress, devAddress(3), 1n)], fee(5_000n))).code, 0);
  const refused = await send(node, alice, [bankSend(aliceAddress, devAddress(3), 1n)], fee(5_000n));
  assert.is(refused.code, 2);
  assert.ok(refused.raw_log.endsWith(": period limit: fee limit exceeded"), refused.raw_log);
  await node.chain.advance(3n); // 15 s: the period is over
  assert.is((await send(node, alice, [bankSend(aliceAddress, devAddress(3), 1n)], fee(5_000n))).code, 0);
  const now = (await node.get(`/cosmos/feegrant/v1beta1/allowance/${GRANTER}/${aliceAddress}`)).json.allowance.allowance;
  assert.equal(now.period_can_spend, coins(1_000n));
  assert.equal(now.basic.spend_limit, coins(990_000n)); // the refused tx took nothing
});

test("revoke: revoke_feegrant, then the user's granted tx is sdk 38; revoking again fails in the block", async () => {
  const r = await send(node, devPrivateKey(1), [revoke(aliceAddress)], fee(5_000n, ""));
  assert.is(r.code, 0, r.raw_log);
  assert.ok(types(r).includes("revoke_feegrant"));
  assert.is((await send(node, alice, [bankSend(aliceAddress, devAddress(3), 1n)], fee(5_000n))).code, 38);
  // the ante's order: the allowance (DeductFeeDecorator) before the sequence and signature
  assert.is((await submit(node, alice, [bankSend(aliceAddress, devAddress(3), 1n)], fee(5_000n), 99n)).code, 38);
  const again = await send(node, devPrivateKey(1), [revoke(aliceAddress)], fee(5_000n, ""));
  assert.is(again.stage, "deliver");
  assert.is(again.code, 38);
  assert.is(again.raw_log, "failed to execute message; message index: 0: fee-grant not found: not found");
});

test("an allowed-message allowance refuses other messages (feegrant 7)", async () => {
  const only = anyOf("/cosmos.feegrant.v1beta1.AllowedMsgAllowance", AllowedMsgAllowance.encode(AllowedMsgAllowance.fromPartial({
    allowance: basic(100_000n), allowedMessages: ["/cosmos.bank.v1beta1.MsgSend"],
  })).finish());
  assert.is((await send(node, devPrivateKey(1), [grant(aliceAddress, only)], fee(5_000n, ""))).code, 0);
  const prune: EncodeObject = { typeUrl: "/cosmos.feegrant.v1beta1.MsgPruneAllowances", value: { pruner: aliceAddress } };
  const refused = await send(node, alice, [prune], fee(5_000n));
  assert.is(refused.codespace, "feegrant");
  assert.is(refused.code, 7);
  assert.is((await send(node, alice, [bankSend(aliceAddress, devAddress(3), 1n)], fee(5_000n))).code, 0);
});

test("CheckTx counts the waiting txs an allowance pays: the second of two in one block is refused", async () => {
  const carol = userKey("carol");
  const carolAddress = (await client(carol)).address;
  assert.is((await send(node, devPrivateKey(1), [grant(carolAddress, basic(30_000n))], fee(5_000n, ""))).code, 0);
  const prune = (): EncodeObject => ({ typeUrl: "/cosmos.feegrant.v1beta1.MsgPruneAllowances", value: { pruner: carolAddress } });
  assert.is((await submit(node, carol, [prune()], fee(20_000n), 0n)).code, 0);
  const second = await submit(node, carol, [prune()], fee(20_000n), 1n);
  assert.is(second.codespace, "feegrant");
  assert.is(second.code, 2);
  assert.is((await submit(node, carol, [prune()], fee(10_000n), 1n)).code, 0); // exactly what is left
  await node.chain.advance(1n);
  assert.is((await node.get(`/cosmos/feegrant/v1beta1/allowance/${GRANTER}/${carolAddress}`)).status, 500); // spent: removed
});

test("an expired allowance is removed by the EndBlocker; MsgPruneAllowances succeeds", async () => {
  const bob = userKey("bob");
  const bobAddress = (await client(bob)).address;
  const expires = node.chain.nextBlockTime() / 1_000_000_000n + 7n;
  assert.is((await send(node, devPrivateKey(1), [grant(bobAddress, basic(100_000n, expires))], fee(5_000n, ""))).code, 0);
  assert.is((await node.get(`/cosmos/feegrant/v1beta1/allowance/${GRANTER}/${bobAddress}`)).status, 200);
  await node.chain.advance(2n);
  assert.is((await node.get(`/cosmos/feegrant/v1beta1/allowance/${GRANTER}/${bobAddress}`)).status, 500);
  const prune: EncodeObject = { typeUrl: "/cosmos.feegrant.v1beta1.MsgPruneAllowances", value: { pruner: devAddress(4) } };
  const r = await send(node, devPrivateKey(4), [prune], fee(5_000n, ""));
  assert.is(r.code, 0, r.raw_log);
  assert.is(attr(r, "prune_feegrant", "pruner"), devAddress(4));
});

test("the allowances survive a restart (same state hash) and the SDK's genesis export and import", async () => {
  const hash = node.chain.latestBlock().appHash;
  assert.match(hash, /^[0-9A-Fa-f]{64}$/);
  const dbPath = node.dbPath;
  await node.chain.close();
  const again = await h.open({ dbPath });
  try {
    assert.is(again.chain.latestBlock().appHash, hash);
    assert.is((await again.get(`/cosmos/feegrant/v1beta1/allowance/${GRANTER}/${aliceAddress}`)).status, 200);
    const doc = again.chain.exportGenesis() as any;
    assert.is(doc.app_state.feegrant.allowances.length, 1);
    assert.is(doc.app_state.feegrant.allowances[0].allowance["@type"], "/cosmos.feegrant.v1beta1.AllowedMsgAllowance");
    delete doc.app_state.node_state;
    const dup = structuredClone(doc);
    dup.app_state.feegrant.allowances.push(dup.app_state.feegrant.allowances[0]);
    const refused = await h.open({ genesis: dup }).then((n) => n.chain.close().then(() => ""), (e: Error) => e.message);
    assert.match(refused, /fee allowance already exists/);
    const imported = await h.open({ genesis: doc });
    try {
      const one = await imported.get(`/cosmos/feegrant/v1beta1/allowance/${GRANTER}/${aliceAddress}`);
      assert.is(one.status, 200);
      assert.equal(one.json.allowance.allowance.allowed_messages, ["/cosmos.bank.v1beta1.MsgSend"]);
      assert.equal((imported.chain.exportGenesis() as any).app_state.feegrant, doc.app_state.feegrant);
    } finally {
      await imported.chain.close();
    }
  } finally {
    await again.chain.close();
  }
});

test.run();
