// The hostile class of vesting accounts (issue 34, Deliver 5): locked coins sent (continuous and
// permanently locked; MsgSend and MsgMultiSend), delegated past the account's balance, a fee paid
// from locked coins alone, a tier locked by a vesting account; vesting accounts created over an
// existing account (a plain one and a vesting one), over a blocked module address, with no end
// time, no periods or a period of no length, and for more than the sender holds. Codes: the
// authz-feegrant-vesting and amino-json recordings where they have the case (sdk 5 and
// tieredrewards 30 in the block; sdk 18), the SDK v0.53 x/auth/vesting msg server and x/bank's
// DelegateCoins otherwise.
//
// Setup (both nodes): the attacker creates dev 9 a continuous vesting account (1,000 CRO over an
// hour), dev 10 a permanently locked one (1,000 CRO) and dev 11 a permanently locked one with no
// free coins; dev 9 and dev 10 get 1 CRO of free coins for their fees.

import {
  MsgCreatePeriodicVestingAccountSchema, MsgCreatePermanentLockedAccountSchema, MsgCreateVestingAccountSchema,
} from "../../host/wire/gen/cosmos/vesting/v1beta1/tx_pb.js";
import { MsgMultiSendSchema, MsgSendSchema } from "../../host/wire/gen/cosmos/bank/v1beta1/tx_pb.js";
import { MsgDelegateSchema } from "../../host/wire/gen/cosmos/staking/v1beta1/tx_pb.js";
import { MsgLockTierSchema } from "../../host/wire/gen/chainmain/tieredrewards/v1/tx_pb.js";
import { moduleAddress } from "../../host/wire/keys.js";
import { ATTACKER, addr, type HostileContext } from "./context.js";
import { cases, coin, deferred, legit, msg, protoTx, type ProtoMsg } from "./proto.js";

const A = () => addr(ATTACKER);
const CRO = 100_000_000n;
const CONTINUOUS = 9;
const PERMANENT = 10;
const LOCKED_ONLY = 11;

const sendOf = (from: number, amount: bigint): ProtoMsg => msg(MsgSendSchema, { fromAddress: addr(from), toAddress: addr(7), amount: [coin(amount)] });
const continuous = (to: string, amount: bigint, endTime: bigint): ProtoMsg =>
  msg(MsgCreateVestingAccountSchema, { fromAddress: A(), toAddress: to, amount: [coin(amount)], endTime });
const permanent = (to: string, amount: bigint): ProtoMsg => msg(MsgCreatePermanentLockedAccountSchema, { fromAddress: A(), toAddress: to, amount: [coin(amount)] });
const periodic = (to: string, periods: { length: bigint; amount: bigint }[]): ProtoMsg => msg(MsgCreatePeriodicVestingAccountSchema, {
  fromAddress: A(), toAddress: to, startTime: 1n, vestingPeriods: periods.map((p) => ({ length: p.length, amount: [coin(p.amount)] })),
});
const hourFromNow = (ctx: HostileContext) => ctx.node.chain.nextBlockTime() / 1_000_000_000n + 3600n;

export const vestingClass = cases({
  name: "vesting",
  rounds: 10,
  covers: [
    "/cosmos.vesting.v1beta1.MsgCreateVestingAccount", "/cosmos.vesting.v1beta1.MsgCreatePermanentLockedAccount",
    "/cosmos.vesting.v1beta1.MsgCreatePeriodicVestingAccount", "/cosmos.bank.v1beta1.MsgMultiSend",
  ],
  async setup(ctx) {
    if (ctx.node.chain.directory.account(addr(CONTINUOUS)) !== undefined) return; // made by an earlier run of the class
    await legit(ctx, [{
      n: ATTACKER, what: "vesting setup: the three vesting accounts",
      msgs: [continuous(addr(CONTINUOUS), 1000n * CRO, hourFromNow(ctx)), permanent(addr(PERMANENT), 1000n * CRO), permanent(addr(LOCKED_ONLY), 1000n * CRO)],
    }]);
    await legit(ctx, [{ n: ATTACKER, what: "vesting setup: free coins", msgs: [msg(MsgSendSchema, { fromAddress: A(), toAddress: addr(CONTINUOUS), amount: [coin(CRO)] }), msg(MsgSendSchema, { fromAddress: A(), toAddress: addr(PERMANENT), amount: [coin(CRO)] })] }]);
  },
  cases: [
    { note: "send locked coins (continuous)", make: async (_rng, ctx) => deferred(ctx, CONTINUOUS, [sendOf(CONTINUOUS, 500n * CRO)], "sdk/5", "") },
    { note: "send permanently locked coins", make: async (_rng, ctx) => deferred(ctx, PERMANENT, [sendOf(PERMANENT, 500n * CRO)], "sdk/5", "") },
    {
      note: "multi-send permanently locked coins",
      make: async (_rng, ctx) => deferred(ctx, PERMANENT, [msg(MsgMultiSendSchema, {
        inputs: [{ address: addr(PERMANENT), coins: [coin(300n * CRO)] }],
        outputs: [{ address: addr(7), coins: [coin(200n * CRO)] }, { address: addr(6), coins: [coin(100n * CRO)] }],
      })], "sdk/5", ""),
    },
    { note: "send free coins beside locked ones", make: async (_rng, ctx) => deferred(ctx, CONTINUOUS, [sendOf(CONTINUOUS, CRO / 2n), sendOf(CONTINUOUS, 500n * CRO)], "sdk/5", "") },
    {
      note: "delegate past the balance, locked coins included",
      make: async (_rng, ctx) => deferred(ctx, PERMANENT, [msg(MsgDelegateSchema, { delegatorAddress: addr(PERMANENT), validatorAddress: ctx.validators[0]!, amount: coin(1002n * CRO) })], "sdk/5", ""),
    },
    { note: "a fee from locked coins alone", make: async (_rng, ctx) => protoTx(ctx, LOCKED_ONLY, [sendOf(LOCKED_ONLY, 1n)], "", { code: "sdk/5" }) },
    {
      note: "lock a tier with a vesting account",
      make: async (_rng, ctx) => deferred(ctx, CONTINUOUS, [msg(MsgLockTierSchema, { owner: addr(CONTINUOUS), id: 1, amount: `${100n * CRO}`, validatorAddress: ctx.validators[0]! })], "tieredrewards/30", ""),
    },
    { note: "create over an existing account", make: async (_rng, ctx) => deferred(ctx, ATTACKER, [continuous(addr(7), CRO, hourFromNow(ctx))], "sdk/18", "") },
    { note: "create over a vesting account", make: async (_rng, ctx) => deferred(ctx, ATTACKER, [permanent(addr(CONTINUOUS), CRO)], "sdk/18", "") },
    { note: "create over a blocked module address", make: async (_rng, ctx) => deferred(ctx, ATTACKER, [continuous(moduleAddress("distribution", "cro"), CRO, hourFromNow(ctx))], "sdk/4", "") },
    { note: "create a periodic one over a blocked module address", make: async (_rng, ctx) => deferred(ctx, ATTACKER, [periodic(moduleAddress("bonded_tokens_pool", "cro"), [{ length: 60n, amount: CRO }])], "sdk/4", "") },
    { note: "create with end time 0", make: async (_rng, ctx) => deferred(ctx, ATTACKER, [continuous(addr(12), CRO, 0n)], "sdk/18", "") },
    { note: "create a periodic one without periods", make: async (_rng, ctx) => deferred(ctx, ATTACKER, [periodic(addr(12), [])], "sdk/18", "") },
    { note: "create a periodic one with a period of no length", make: async (_rng, ctx) => deferred(ctx, ATTACKER, [periodic(addr(12), [{ length: 60n, amount: CRO }, { length: 0n, amount: CRO }])], "sdk/18", "") },
    { note: "create for more than the sender holds", make: async (_rng, ctx) => deferred(ctx, ATTACKER, [permanent(addr(12), 10n ** 24n)], "sdk/5", "") },
  ],
});
