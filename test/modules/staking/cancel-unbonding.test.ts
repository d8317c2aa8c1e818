// x/staking MsgCancelUnbondingDelegation (host/modules/staking/messages.ts, the core's
// cancelUnbonding): CosmJS undelegates, then cancels part of the entry (SIGN_MODE_DIRECT and
// LEGACY_AMINO_JSON with CosmJS's own converter), then the rest. The tokens go back to the
// validator at its exchange rate (from the not-bonded pool to the bonded one), the entry shrinks
// (balance and initial balance) and goes with its last token; the msg server's refusals with its
// codes and texts; simulate's gas is the delivered gas; the state survives a restart.

import { test } from "uvu";
import * as assert from "uvu/assert";
import type { EncodeObject } from "@cosmjs/proto-signing";
import { toBase64 } from "@cosmjs/encoding";
import { devAddress, operatorOf } from "../../../host/app/genesis.js";
import { ModuleAccount } from "../../../host/core/ledger.js";
import { clientTxHash, keplrBody, protoSigner, type SignMode } from "../../helpers/cosmjs.js";
import { committedTx, nodeHarness, type TestNode as Node } from "../../helpers/node.js";

const nodes = await nodeHarness({ prefix: "cancel-unbonding-" });
test.after(() => nodes.remove());

const CRO = 100_000_000n;
const DELEGATOR = 5;
const me = devAddress(DELEGATOR);
const val = operatorOf(devAddress(1));

const undelegate = (amount: bigint): EncodeObject => ({
  typeUrl: "/cosmos.staking.v1beta1.MsgUndelegate",
  value: { delegatorAddress: me, validatorAddress: val, amount: { denom: "basecro", amount: `${amount}` } },
});
const delegate = (amount: bigint): EncodeObject => ({
  typeUrl: "/cosmos.staking.v1beta1.MsgDelegate",
  value: { delegatorAddress: me, validatorAddress: val, amount: { denom: "basecro", amount: `${amount}` } },
});
const cancel = (amount: bigint, creationHeight: bigint, o: { validator?: string; denom?: string } = {}): EncodeObject => ({
  typeUrl: "/cosmos.staking.v1beta1.MsgCancelUnbondingDelegation",
  value: {
    delegatorAddress: me, validatorAddress: o.validator ?? val, amount: { denom: o.denom ?? "basecro", amount: `${amount}` }, creationHeight,
  },
});

/** Signed by CosmJS (dev key `DELEGATOR`), broadcast as Keplr does, delivered in the next block: its tx_response. */
async function send(node: Node, messages: EncodeObject[], mode: SignMode = "direct") {
  const signer = await protoSigner(DELEGATOR, mode);
  const account = node.chain.directory.account(signer.address)!;
  const bytes = await signer.sign(messages, { chainId: node.chain.chainId, accountNumber: account.accountNumber, sequence: account.sequence });
  const r = await node.post("/cosmos/tx/v1beta1/txs", keplrBody(bytes));
  assert.is(r.json.tx_response.code, 0, `refused at check: ${r.json.tx_response.raw_log}`);
  await node.chain.advance(1n);
  return (await node.get(`/cosmos/tx/v1beta1/txs/${clientTxHash(bytes)}`)).json.tx_response;
}

const unbondingPath = `/cosmos/staking/v1beta1/validators/${val}/delegations/${me}/unbonding_delegation`;
const entries = async (node: Node) => {
  const r = await node.get(unbondingPath);
  return r.status === 200 ? (r.json.unbond.entries as any[]) : [];
};
const delegated = async (node: Node) =>
  BigInt((await node.get(`/cosmos/staking/v1beta1/validators/${val}/delegations/${me}`)).json.delegation_response?.balance.amount ?? "0");
const pools = (node: Node) => ({
  bonded: node.chain.ledger.balance(ModuleAccount.bondedPool), notBonded: node.chain.ledger.balance(ModuleAccount.notBondedPool),
});
/** The attributes of the message's (msg_index 0) first event of a type. */
const attrs = (tr: any, type: string) => {
  const inMsg = (e: any) => e.type === type && e.attributes.some((a: any) => a.key === "msg_index");
  return Object.fromEntries((tr.events.find(inMsg)?.attributes ?? []).filter((a: any) => a.key !== "msg_index").map((a: any) => [a.key, a.value]));
};

/** A node where `me` delegated 1,000 CRO to validator 1, then undelegated 500 CRO: the entry's creation height. */
async function unbonding(): Promise<{ node: Node; height: bigint }> {
  const node = await nodes.open();
  assert.is((await send(node, [delegate(1_000n * CRO)])).code, 0);
  const u = await send(node, [undelegate(500n * CRO)]);
  assert.is(u.code, 0, u.raw_log);
  const [entry] = await entries(node);
  assert.is(entry.balance, `${500n * CRO}`);
  assert.is(entry.creation_height, u.height);
  return { node, height: BigInt(u.height) };
}

test("undelegate, then cancel part of the entry (direct, then amino JSON), then the rest: the tokens back in the delegation", async () => {
  const { node, height } = await unbonding();
  const before = { delegated: await delegated(node), pools: pools(node) };
  assert.is(before.delegated, 500n * CRO);

  const first = await send(node, [cancel(100n * CRO, height)]);
  assert.is(first.code, 0, first.raw_log);
  assert.equal(attrs(first, "cancel_unbonding_delegation"), {
    amount: `${100n * CRO}basecro`, validator: val, delegator: me, creation_height: `${height}`,
  });
  assert.equal(attrs(first, "message"), { action: "/cosmos.staking.v1beta1.MsgCancelUnbondingDelegation", sender: me, module: "staking" });
  // The delegation's rewards withdrawn (BeforeDelegationSharesModified), the tokens moved from the not-bonded pool.
  assert.is(attrs(first, "withdraw_rewards").delegator, me);
  assert.ok(first.events.some((e: any) => e.type === "transfer" && e.attributes.some((a: any) => a.key === "amount" && a.value === `${100n * CRO}basecro`)));
  assert.equal(first.tx.body.messages[0]["@type"], "/cosmos.staking.v1beta1.MsgCancelUnbondingDelegation");
  assert.is(first.tx.body.messages[0].creation_height, `${height}`);
  assert.equal(pools(node), { bonded: before.pools.bonded + 100n * CRO, notBonded: before.pools.notBonded - 100n * CRO });
  assert.is(await delegated(node), 600n * CRO);
  let [entry] = await entries(node);
  assert.equal([entry.balance, entry.initial_balance], [`${400n * CRO}`, `${400n * CRO}`]);

  const amino = await send(node, [cancel(50n * CRO, height)], "amino");
  assert.is(amino.code, 0, amino.raw_log);
  [entry] = await entries(node);
  assert.equal([entry.balance, entry.initial_balance], [`${350n * CRO}`, `${350n * CRO}`]);
  assert.is(await delegated(node), 650n * CRO);

  const rest = await send(node, [cancel(350n * CRO, height)]);
  assert.is(rest.code, 0, rest.raw_log);
  const gone = await node.get(unbondingPath);
  assert.is(gone.status, 404);
  assert.is(gone.json.message, `unbonding delegation with delegator ${me} not found for validator ${val}`);
  assert.is(await delegated(node), 1_000n * CRO);
  assert.equal(pools(node).notBonded, before.pools.notBonded - 500n * CRO);
  assert.equal(node.chain.ledger.checkInvariants(), [], "pools, shares and entries agree");

  // Nothing left to cancel: the gRPC NotFound the msg server returns (no registered codespace).
  const after = await send(node, [cancel(1n, height)]);
  assert.equal([after.codespace, after.code], ["undefined", 1]);
  assert.is(after.raw_log, `failed to execute message; message index: 0: rpc error: code = NotFound desc = unbonding delegation with delegator ${me} not found for validator ${val}`);
  // The matured heap item of the cancelled entry pays nothing when its time comes.
  const balance = node.chain.ledger.balance(node.chain.directory.accountId(me)!);
  await node.chain.advance(1n);
  assert.is(node.chain.ledger.balance(node.chain.directory.accountId(me)!), balance);
});

test("the msg server's refusals: amount, height, denom, entry height, more than the entry; nothing changes", async () => {
  const { node, height } = await unbonding();
  const cases: [EncodeObject, string, number, string][] = [
    [cancel(0n, height), "sdk", 18, "invalid amount: invalid request"],
    [cancel(1n, 0n), "sdk", 18, "invalid height: invalid request"],
    [cancel(1n, height, { denom: "uatom" }), "sdk", 18, "invalid coin denomination: got uatom, expected basecro: invalid request"],
    [cancel(1n, height + 1000n), "sdk", 38, `unbonding delegation entry is not found at block height ${height + 1000n}: not found`],
    [cancel(10_000n * CRO, height), "sdk", 18, "amount is greater than the unbonding delegation entry balance: invalid request"],
    [cancel(1n, height, { validator: operatorOf(devAddress(9)) }), "staking", 3, "validator does not exist"],
  ];
  const before = JSON.stringify(await entries(node));
  for (const [msg, codespace, code, log] of cases) {
    const r = await send(node, [msg]);
    assert.equal([r.codespace, r.code, r.raw_log], [codespace, code, `failed to execute message; message index: 0: ${log}`]);
  }
  assert.is(JSON.stringify(await entries(node)), before);
  assert.is(await delegated(node), 500n * CRO);
});

test("a jailed validator refuses the cancel (staking 7)", async () => {
  const { node, height } = await unbonding();
  const jail = await committedTx(node, 0, [{
    type: "chainmain-dev/MsgSlashValidator",
    value: { authority: devAddress(0), validator_address: val, slash_fraction: "0.000000000000000000", jail: true },
  }], { advance: "chain" });
  assert.is(jail.code, 0, jail.raw_log);
  const r = await send(node, [cancel(1n * CRO, height)]);
  assert.equal([r.codespace, r.code, r.raw_log], ["staking", 7, "failed to execute message; message index: 0: validator for this address is currently jailed"]);
});

test("simulate's gas is the delivered gas (within 0.1 %: record sizes a block later); the entry's state survives a restart (same app hash)", async () => {
  const { node, height } = await unbonding();
  // Blocks with rewards since the undelegation: the withdrawal that simulate (on the last block's
  // state) and delivery (after the next BeginBlock's allocation) run both pays, as on the chain.
  await node.chain.advance(3n);
  const signer = await protoSigner(DELEGATOR, "direct");
  const account = node.chain.directory.account(signer.address)!;
  const bytes = await signer.sign([cancel(20n * CRO, height)], { chainId: node.chain.chainId, accountNumber: account.accountNumber, sequence: account.sequence });
  const sim = await node.post("/cosmos/tx/v1beta1/simulate", { tx_bytes: toBase64(bytes) });
  assert.is(sim.status, 200, JSON.stringify(sim.json));
  const r = await node.post("/cosmos/tx/v1beta1/txs", keplrBody(bytes));
  assert.is(r.json.tx_response.code, 0);
  await node.chain.advance(1n);
  const got = (await node.get(`/cosmos/tx/v1beta1/txs/${clientTxHash(bytes)}`)).json.tx_response;
  assert.is(got.code, 0, got.raw_log);
  // The same path; the records it reads (rewards, the fee pool) are a byte or so longer a block later.
  const [simulated, delivered] = [BigInt(sim.json.gas_info.gas_used), BigInt(got.gas_used)];
  assert.ok(simulated > 150_000n && (delivered - simulated) * 1000n <= simulated && delivered >= simulated, `simulate ${simulated}, delivered ${delivered}`);

  const hash = node.chain.latestBlock().appHash;
  const entriesBefore = await entries(node);
  node.chain.close();
  const again = await nodes.open({ dbPath: node.dbPath });
  assert.is(again.chain.latestBlock().appHash, hash);
  assert.equal(await entries(again), entriesBefore);
  assert.is(entriesBefore[0].balance, `${480n * CRO}`);
  again.chain.close();
});

test.run();
