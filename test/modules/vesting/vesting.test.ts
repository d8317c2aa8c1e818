// x/auth/vesting through the node, signed by CosmJS's SigningStargateClient (SIGN_MODE_DIRECT, and
// LEGACY_AMINO_JSON with CosmJS's own `cosmos-sdk/MsgCreateVestingAccount` converter and hand-written
// ones for the permanent-locked and periodic messages): the accounts the three messages create, as
// x/auth's route renders them; the spendable balance at the block's time (the SDK's continuous
// schedule recomputed here in BigInt); a send of locked coins refused with the chain's text; a
// delegation of vesting coins tracked as delegated vesting, its matured undelegation giving it back;
// the SDK's refusals; a tier position refused to a vesting account; genesis export and import.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { sha256 } from "@noble/hashes/sha2.js";
import { Secp256k1Wallet } from "@cosmjs/amino";
import { DirectSecp256k1Wallet, type EncodeObject } from "@cosmjs/proto-signing";
import { AminoTypes, SigningStargateClient, createDefaultAminoConverters } from "@cosmjs/stargate";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { MsgCreatePeriodicVestingAccount, MsgCreatePermanentLockedAccount, MsgCreateVestingAccount } from "cosmjs-types/cosmos/vesting/v1beta1/tx";
import { MsgDelegate, MsgUndelegate } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { nodeHarness, type TestNode } from "../../helpers/node.js";
import { chainRegistry, keplrBody } from "../../helpers/cosmjs.js";
import { chainAminoConverters } from "../../../host/client/index.js";
import { devPrivateKey } from "../../../host/app/genesis.js";
import { devAddress, operatorOf } from "../../../host/modules/genutil/default-genesis.js";

const S = 1_000_000_000n;
const h = await nodeHarness({ prefix: "vesting-" });
const node = await h.open({ blockTimeNs: S });
test.after(async () => {
  await node.chain.close();
  await h.remove();
});

const V = "/cosmos.vesting.v1beta1.";
const FEE = { amount: [{ denom: "basecro", amount: "20000" }], gas: "800000" };
const cro = (n: bigint) => [{ denom: "basecro", amount: `${n * 100_000_000n}` }];

const registry = chainRegistry();
registry.register(`${V}MsgCreateVestingAccount`, MsgCreateVestingAccount);
registry.register(`${V}MsgCreatePermanentLockedAccount`, MsgCreatePermanentLockedAccount);
registry.register(`${V}MsgCreatePeriodicVestingAccount`, MsgCreatePeriodicVestingAccount);
const coinsAmino = (l: { denom: string; amount: string }[]) => l.map((c) => ({ amount: c.amount, denom: c.denom }));
const aminoTypes = new AminoTypes({
  ...createDefaultAminoConverters(),
  ...chainAminoConverters(),
  [`${V}MsgCreatePermanentLockedAccount`]: {
    aminoType: "cosmos-sdk/MsgCreatePermLockedAccount",
    toAmino: (m: MsgCreatePermanentLockedAccount) => ({ from_address: m.fromAddress, to_address: m.toAddress, amount: coinsAmino(m.amount) }),
    fromAmino: (v: any) => MsgCreatePermanentLockedAccount.fromPartial({ fromAddress: v.from_address, toAddress: v.to_address, amount: v.amount }),
  },
  [`${V}MsgCreatePeriodicVestingAccount`]: {
    aminoType: "cosmos-sdk/MsgCreatePeriodVestAccount",
    toAmino: (m: MsgCreatePeriodicVestingAccount) => ({
      from_address: m.fromAddress, to_address: m.toAddress, start_time: `${m.startTime}`,
      vesting_periods: m.vestingPeriods.map((p) => ({ ...(p.length !== 0n ? { length: `${p.length}` } : {}), amount: coinsAmino(p.amount) })),
    }),
    fromAmino: (v: any) => MsgCreatePeriodicVestingAccount.fromPartial({
      fromAddress: v.from_address, toAddress: v.to_address, startTime: BigInt(v.start_time),
      vestingPeriods: v.vesting_periods.map((p: any) => ({ length: BigInt(p.length ?? 0), amount: p.amount })),
    }),
  },
});

/** A key of the test's own: sha256 of its name. */
const keyOf = (name: string) => sha256(new TextEncoder().encode(`vesting test key ${name}`));

async function client(key: Uint8Array, mode: "direct" | "amino") {
  const wallet = mode === "direct" ? await DirectSecp256k1Wallet.fromKey(key, "cro") : await Secp256k1Wallet.fromKey(key, "cro");
  const [account] = await wallet.getAccounts();
  return { address: account!.address, signer: await SigningStargateClient.offline(wallet, { registry, aminoTypes }) };
}

interface Result { code: number; codespace: string; log: string; gasUsed: bigint; gasWanted: bigint; events: any[]; height: bigint; timeNs: bigint }

/** Sign, broadcast over REST, make the block, and read the committed result. */
async function send(key: Uint8Array, msgs: EncodeObject[], mode: "direct" | "amino" = "direct", n: TestNode = node): Promise<Result> {
  const c = await client(key, mode);
  const a = n.chain.directory.account(c.address)!;
  const raw = await c.signer.sign(c.address, msgs, FEE, "", { accountNumber: a.accountNumber, sequence: Number(a.sequence), chainId: n.chain.chainId });
  const bytes = TxRaw.encode(raw).finish();
  const r = (await n.post("/cosmos/tx/v1beta1/txs", keplrBody(bytes))).json.tx_response;
  assert.is(r.code, 0, `refused at check: ${r.raw_log}`);
  await n.chain.advance(1n);
  const t = (await n.get(`/cosmos/tx/v1beta1/txs/${r.txhash}`)).json.tx_response;
  return { code: t.code, codespace: t.codespace, log: t.raw_log, gasUsed: BigInt(t.gas_used), gasWanted: BigInt(t.gas_wanted), events: t.events, height: BigInt(t.height), timeNs: n.chain.app.latest.timeNs };
}

const DEV5 = devAddress(5);
const dev5 = devPrivateKey(5);
const account = async (address: string, n: TestNode = node) => (await n.get(`/cosmos/auth/v1beta1/accounts/${address}`)).json.account;
const spendable = async (address: string) => BigInt((await node.get(`/cosmos/bank/v1beta1/spendable_balances/${address}`)).json.balances[0]?.amount ?? "0");
const balance = async (address: string) => BigInt((await node.get(`/cosmos/bank/v1beta1/balances/${address}`)).json.balances[0]?.amount ?? "0");
const lastSeconds = () => node.chain.app.latest.timeNs / S;

/** Round half to even of n / d (n, d > 0). */
const halfEven = (n: bigint, d: bigint) => {
  const q = n / d, r = n % d;
  return 2n * r > d || (2n * r === d && q % 2n === 1n) ? q + 1n : q;
};
/** The SDK's continuous schedule: s = Dec(x) Quo Dec(y) (18 decimals, half-even), vested = RoundInt(original x s). */
const continuousVested = (original: bigint, start: bigint, end: bigint, now: bigint) => {
  if (now <= start) return 0n;
  if (now >= end) return original;
  const s = halfEven((now - start) * 10n ** 18n, end - start);
  return halfEven(original * s, 10n ** 18n);
};

const continuous = await client(keyOf("continuous"), "direct");
const delayed = await client(keyOf("delayed"), "direct");
const permanent = await client(keyOf("permanent"), "direct");
const periodic = await client(keyOf("periodic"), "direct");

test("a continuous vesting account: rendered as the SDK's type, its spendable balance the vested part at the block's time", async () => {
  const end = lastSeconds() + 3600n;
  const r = await send(dev5, [{ typeUrl: `${V}MsgCreateVestingAccount`, value: MsgCreateVestingAccount.fromPartial({ fromAddress: DEV5, toAddress: continuous.address, amount: cro(1000n), endTime: end }) }]);
  assert.is(r.code, 0, r.log);
  assert.equal(r.events.map((e) => e.type).slice(-5), ["message", "coin_spent", "coin_received", "transfer", "message"]);
  const action = r.events.find((e) => e.type === "message" && e.attributes.some((a: any) => a.key === "module" && a.value === "vesting"));
  assert.ok(action, "the message event names the vesting module");
  const a = await account(continuous.address);
  assert.is(a["@type"], `${V}ContinuousVestingAccount`);
  assert.equal(a.base_vesting_account.original_vesting, cro(1000n));
  assert.equal([a.base_vesting_account.delegated_free, a.base_vesting_account.delegated_vesting], [[], []]);
  assert.is(a.base_vesting_account.end_time, `${end}`);
  const start = BigInt(a.start_time);
  assert.is(start, lastSeconds(), "it starts at its block's time");
  await node.chain.advance(7n);
  assert.is(await spendable(continuous.address), continuousVested(100_000_000_000n, start, end, lastSeconds()));
  assert.ok(await spendable(continuous.address) > 0n);
  assert.is(await balance(continuous.address), 100_000_000_000n);
});

test("a send of locked coins fails in the block with the spendable balance; free coins go; vesting coins may be delegated", async () => {
  // free coins for its fees
  assert.is((await send(dev5, [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: MsgSend.fromPartial({ fromAddress: DEV5, toAddress: continuous.address, amount: cro(10n) }) }])).code, 0);
  const key = keyOf("continuous");
  const locked = await send(key, [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: MsgSend.fromPartial({ fromAddress: continuous.address, toAddress: DEV5, amount: cro(500n) }) }]);
  assert.is(locked.code, 5);
  const m = /spendable balance (\d+)basecro is smaller than 50000000000basecro: insufficient funds$/.exec(locked.log);
  assert.ok(m, locked.log);
  const a = await account(continuous.address);
  const expected = 1_000_000_000n - 20_000n + continuousVested(100_000_000_000n, BigInt(a.start_time), BigInt(a.base_vesting_account.end_time), locked.timeNs / S);
  assert.is(BigInt(m![1]!), expected, "the balance less the locked coins at that block's time");
  const free = await send(key, [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: MsgSend.fromPartial({ fromAddress: continuous.address, toAddress: DEV5, amount: cro(1n) }) }]);
  assert.is(free.code, 0, free.log);
  const validator = operatorOf(devAddress(1));
  const del = await send(key, [{ typeUrl: "/cosmos.staking.v1beta1.MsgDelegate", value: MsgDelegate.fromPartial({ delegatorAddress: continuous.address, validatorAddress: validator, amount: cro(500n)[0] }) }]);
  assert.is(del.code, 0, del.log);
  const after = await account(continuous.address);
  assert.equal(after.base_vesting_account.delegated_vesting, cro(500n), "all of it was still vesting");
  assert.equal(after.base_vesting_account.delegated_free, []);
});

test("a delayed account (amino, CosmJS's converter): all locked until its end; a delegation tracked, its matured undelegation given back", async () => {
  const end = lastSeconds() + 100_000n;
  const r = await send(dev5, [{ typeUrl: `${V}MsgCreateVestingAccount`, value: MsgCreateVestingAccount.fromPartial({ fromAddress: DEV5, toAddress: delayed.address, amount: cro(100n), endTime: end, delayed: true }) }], "amino");
  assert.is(r.code, 0, r.log);
  const a = await account(delayed.address);
  assert.is(a["@type"], `${V}DelayedVestingAccount`);
  assert.is(a.start_time, undefined);
  assert.is(await spendable(delayed.address), 0n);
  assert.equal((await node.get(`/cosmos/bank/v1beta1/spendable_balances/${delayed.address}`)).json.balances, [{ denom: "basecro", amount: "0" }]);
  await send(dev5, [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: MsgSend.fromPartial({ fromAddress: DEV5, toAddress: delayed.address, amount: cro(1n) }) }]);
  const key = keyOf("delayed");
  const validator = operatorOf(devAddress(1));
  const del = await send(key, [{ typeUrl: "/cosmos.staking.v1beta1.MsgDelegate", value: MsgDelegate.fromPartial({ delegatorAddress: delayed.address, validatorAddress: validator, amount: cro(40n)[0] }) }]);
  assert.is(del.code, 0, del.log);
  assert.equal((await account(delayed.address)).base_vesting_account.delegated_vesting, cro(40n));
  // the balance fell by 40 CRO and so did the locked part: the free coins are unchanged
  assert.is(await spendable(delayed.address), 100_000_000n - 20_000n);
  const un = await send(key, [{ typeUrl: "/cosmos.staking.v1beta1.MsgUndelegate", value: MsgUndelegate.fromPartial({ delegatorAddress: delayed.address, validatorAddress: validator, amount: cro(15n)[0] }) }]);
  assert.is(un.code, 0, un.log);
  assert.equal((await account(delayed.address)).base_vesting_account.delegated_vesting, cro(40n), "tracked when the unbonding matures");
  await node.chain.advance(2n, 30n * 86_400n * S); // the first block next, the second past the unbonding time
  assert.equal((await account(delayed.address)).base_vesting_account.delegated_vesting, cro(25n));
});

test("a permanently locked account (amino) and a periodic one: their types, periods and the SDK's refusals", async () => {
  const r = await send(dev5, [{ typeUrl: `${V}MsgCreatePermanentLockedAccount`, value: MsgCreatePermanentLockedAccount.fromPartial({ fromAddress: DEV5, toAddress: permanent.address, amount: cro(100n) }) }], "amino");
  assert.is(r.code, 0, r.log);
  const a = await account(permanent.address);
  assert.is(a["@type"], `${V}PermanentLockedAccount`);
  assert.is(a.base_vesting_account.end_time, "0");
  const start = lastSeconds() - 30n;
  const periods = [{ length: 60n, amount: cro(10n) }, { length: 120n, amount: cro(20n) }];
  const p = await send(dev5, [{ typeUrl: `${V}MsgCreatePeriodicVestingAccount`, value: MsgCreatePeriodicVestingAccount.fromPartial({ fromAddress: DEV5, toAddress: periodic.address, startTime: start, vestingPeriods: periods.map((x) => ({ length: x.length, amount: x.amount })) }) }], "amino");
  assert.is(p.code, 0, p.log);
  const q = await account(periodic.address);
  assert.is(q["@type"], `${V}PeriodicVestingAccount`);
  assert.equal(q.vesting_periods, [{ length: "60", amount: cro(10n) }, { length: "120", amount: cro(20n) }]);
  assert.is(q.base_vesting_account.end_time, `${start + 180n}`);
  assert.equal(q.base_vesting_account.original_vesting, cro(30n));
  await node.chain.advance(2n, 40n * S); // past the first period, not the second
  assert.is(await spendable(periodic.address), 1_000_000_000n);

  const again = await send(dev5, [{ typeUrl: `${V}MsgCreatePermanentLockedAccount`, value: MsgCreatePermanentLockedAccount.fromPartial({ fromAddress: DEV5, toAddress: permanent.address, amount: cro(1n) }) }]);
  assert.equal([again.code, again.codespace, again.log], [18, "sdk", `failed to execute message; message index: 0: account ${permanent.address} already exists: invalid request`]);
  const zero = await send(dev5, [{ typeUrl: `${V}MsgCreateVestingAccount`, value: MsgCreateVestingAccount.fromPartial({ fromAddress: DEV5, toAddress: (await client(keyOf("x"), "direct")).address, amount: cro(1n), endTime: 0n }) }]);
  assert.equal([zero.code, zero.log], [18, "failed to execute message; message index: 0: invalid end time: invalid request"]);
  assert.ok(zero.gasUsed < again.gasUsed, "refused before any store access");
  const none = await send(dev5, [{ typeUrl: `${V}MsgCreatePeriodicVestingAccount`, value: MsgCreatePeriodicVestingAccount.fromPartial({ fromAddress: DEV5, toAddress: (await client(keyOf("y"), "direct")).address, startTime: start, vestingPeriods: [] }) }]);
  assert.equal([none.code, none.log], [18, "failed to execute message; message index: 0: vesting start-time cannot be before end-time: invalid request"]);
  const zeroLength = await send(dev5, [{ typeUrl: `${V}MsgCreatePeriodicVestingAccount`, value: MsgCreatePeriodicVestingAccount.fromPartial({ fromAddress: DEV5, toAddress: (await client(keyOf("y"), "direct")).address, startTime: start, vestingPeriods: [periods[0]!, { length: 0n, amount: cro(1n) }] }) }], "amino");
  assert.equal([zeroLength.code, zeroLength.log], [18, "failed to execute message; message index: 0: invalid period length of 0 in period 1, length must be greater than 0: invalid request"]);
  assert.is(node.chain.directory.account((await client(keyOf("y"), "direct")).address), undefined, "a failed creation leaves no account");
});

test("a vesting account may not open a tier position (tieredrewards 30); a permanently locked one can delegate its locked coins", async () => {
  await send(dev5, [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: MsgSend.fromPartial({ fromAddress: DEV5, toAddress: permanent.address, amount: cro(1n) }) }]);
  const lock = await send(keyOf("permanent"), [{
    typeUrl: "/chainmain.tieredrewards.v1.MsgLockTier",
    value: { owner: permanent.address, id: 1, amount: "50000000", validatorAddress: operatorOf(devAddress(1)), triggerExitImmediately: false },
  }]);
  assert.equal([lock.code, lock.codespace, lock.log], [30, "tieredrewards", "failed to execute message; message index: 0: vesting accounts are not allowed to execute this action"]);
  const sendLocked = await send(keyOf("permanent"), [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: MsgSend.fromPartial({ fromAddress: permanent.address, toAddress: DEV5, amount: cro(50n) }) }]);
  assert.is(sendLocked.code, 5);
  assert.match(sendLocked.log, `spendable balance ${100_000_000n - 40_000n}basecro is smaller than 5000000000basecro`);
  const del = await send(keyOf("permanent"), [{ typeUrl: "/cosmos.staking.v1beta1.MsgDelegate", value: MsgDelegate.fromPartial({ delegatorAddress: permanent.address, validatorAddress: operatorOf(devAddress(1)), amount: cro(50n)[0] }) }]);
  assert.is(del.code, 0, del.log);
  assert.equal((await account(permanent.address)).base_vesting_account.delegated_vesting, cro(50n));
});

/** Simulate (the signed bytes) then deliver; the simulated gas less the delivered gas. */
async function simulatedOver(msg: EncodeObject): Promise<bigint> {
  const c = await client(dev5, "direct");
  const a = node.chain.directory.account(c.address)!;
  const raw = await c.signer.sign(c.address, [msg], FEE, "", { accountNumber: a.accountNumber, sequence: Number(a.sequence), chainId: node.chain.chainId });
  const simulated = (await node.post("/cosmos/tx/v1beta1/simulate", { tx_bytes: Buffer.from(TxRaw.encode(raw).finish()).toString("base64") })).json;
  const r = await send(dev5, [msg]);
  assert.is(r.code, 0, r.log);
  return BigInt(simulated.gas_info.gas_used) - r.gasUsed;
}

test("simulate's gas: each message's is its delivered gas (the margin a MsgSend has, no more)", async () => {
  const to = (await client(keyOf("simulated"), "direct")).address;
  const send = await simulatedOver({ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: MsgSend.fromPartial({ fromAddress: DEV5, toAddress: DEV5, amount: cro(3n) }) });
  assert.ok(send >= 0n && send <= 20n, `MsgSend: ${send}`);
  const created = [
    { typeUrl: `${V}MsgCreateVestingAccount`, value: MsgCreateVestingAccount.fromPartial({ fromAddress: DEV5, toAddress: to, amount: cro(3n), endTime: lastSeconds() + 50n }) },
    { typeUrl: `${V}MsgCreatePermanentLockedAccount`, value: MsgCreatePermanentLockedAccount.fromPartial({ fromAddress: DEV5, toAddress: (await client(keyOf("simulated 2"), "direct")).address, amount: cro(3n) }) },
    { typeUrl: `${V}MsgCreatePeriodicVestingAccount`, value: MsgCreatePeriodicVestingAccount.fromPartial({ fromAddress: DEV5, toAddress: (await client(keyOf("simulated 3"), "direct")).address, startTime: lastSeconds(), vestingPeriods: [{ length: 5n, amount: cro(1n) }] }) },
  ];
  for (const m of created) assert.is(await simulatedOver(m), send, m.typeUrl);
});

test("genesis both ways: the export writes the vesting accounts as the SDK does, a node started on it keeps their locks", async () => {
  const doc = node.chain.exportGenesis() as any;
  const exported = doc.app_state.auth.accounts.find((x: any) => x.base_vesting_account?.base_account.address === continuous.address);
  assert.is(exported["@type"], `${V}ContinuousVestingAccount`);
  assert.equal(exported.base_vesting_account.delegated_vesting, cro(500n));
  const per = doc.app_state.auth.accounts.find((x: any) => x.base_vesting_account?.base_account.address === periodic.address);
  assert.equal(per.vesting_periods, [{ length: "60", amount: cro(10n) }, { length: "120", amount: cro(20n) }]);
  const exact = await h.open({ genesis: doc, blockTimeNs: S }); // with the node's own records (node_state)
  try {
    for (const who of [continuous, periodic]) assert.equal(await account(who.address, exact), await account(who.address), who.address);
  } finally {
    await exact.chain.close();
  }
  delete doc.app_state.node_state;
  const again = await h.open({ genesis: doc, blockTimeNs: S });
  try {
    for (const who of [continuous, delayed, permanent, periodic]) assert.equal(await account(who.address, again), await account(who.address), who.address);
    const locked = await send(keyOf("permanent"), [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: MsgSend.fromPartial({ fromAddress: permanent.address, toAddress: DEV5, amount: cro(30n) }) }], "direct", again);
    assert.is(locked.code, 5, "still locked after the import");
    const redone = again.chain.exportGenesis() as any;
    assert.equal(redone.app_state.auth.accounts.filter((x: any) => x.base_vesting_account), doc.app_state.auth.accounts.filter((x: any) => x.base_vesting_account).map((x: any) => x.base_vesting_account.base_account.address === permanent.address
      ? { ...x, base_vesting_account: { ...x.base_vesting_account, base_account: { ...x.base_vesting_account.base_account, sequence: `${BigInt(x.base_vesting_account.base_account.sequence) + 1n}` } } }
      : x));
  } finally {
    await again.chain.close();
  }
  const bad = structuredClone(doc);
  const p = bad.app_state.auth.accounts.find((x: any) => x.base_vesting_account?.base_account.address === periodic.address);
  p.vesting_periods[0].length = "61";
  const refused = await h.open({ genesis: bad }).then((n) => n.chain.close().then(() => ""), (e: Error) => e.message);
  assert.match(refused, "vesting end time does not match length of all vesting periods");
});

test.run();
