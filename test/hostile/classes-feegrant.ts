// The hostile class of x/feegrant (issue 34, Deliver 5): fees paid by a granter past the
// allowance's spend limit, past its period's limit, for a message outside its allowed list, after
// its revocation and after its expiry (the EndBlocker removed it), by a granter that never granted,
// and by two txs in the mempool that together overspend one allowance (the second refused at
// CheckTx, as the SDK's check state has the first's use); and the messages: a grant again, to
// oneself, of allowances that are not valid, expiring in the past; a revoke of nothing and to
// oneself; a prune signed by another key. Codes: the authz-feegrant-vesting recording where it has
// the case (feegrant 2, 7, sdk 38 at CheckTx; sdk 18, 7, 38 in the block), cosmossdk.io/x/feegrant
// v0.1.1's msg server and allowances otherwise.
//
// Setup (both nodes), each allowance to the attacker: dev 5 Basic(10,000 basecro); dev 6
// Periodic(6,000 per hour); dev 7 AllowedMsg(MsgSend); dev 1 Basic, revoked; dev 2 Basic expiring a
// second after the next block; dev 4 Basic(1 CRO) for the mempool pair. The attacker grants dev 7.

import {
  AllowedMsgAllowanceSchema, BasicAllowanceSchema, PeriodicAllowanceSchema,
} from "../../host/wire/gen/cosmos/feegrant/v1beta1/feegrant_pb.js";
import {
  MsgGrantAllowanceSchema, MsgPruneAllowancesSchema, MsgRevokeAllowanceSchema,
} from "../../host/wire/gen/cosmos/feegrant/v1beta1/tx_pb.js";
import { MsgSendSchema } from "../../host/wire/gen/cosmos/bank/v1beta1/tx_pb.js";
import { MsgDelegateSchema } from "../../host/wire/gen/cosmos/staking/v1beta1/tx_pb.js";
import { ATTACKER, addr, type HostileContext } from "./context.js";
import { anyOf, cases, coin, deferred, fee, legit, msg, protoTx, timestamp, type ProtoMsg } from "./proto.js";

const A = () => addr(ATTACKER);
const BASIC_LIMIT = 10_000n;
const PERIOD_LIMIT = 6_000n;
const PAIR_LIMIT = 100_000_000n;
const HOUR_NS = 3_600_000_000_000n;

const grantAllowance = (granter: string, grantee: string, allowance: ReturnType<typeof anyOf>): ProtoMsg =>
  msg(MsgGrantAllowanceSchema, { granter, grantee, allowance });
const basic = (limit?: bigint, expirationNs?: bigint) => anyOf(BasicAllowanceSchema, {
  spendLimit: limit === undefined ? [] : [coin(limit)], ...(expirationNs === undefined ? {} : { expiration: timestamp(expirationNs) }),
});
/** The attacker's message a granter pays for: a send of 1 basecro to dev 7. */
const small = (): ProtoMsg => msg(MsgSendSchema, { fromAddress: A(), toAddress: addr(7), amount: [coin(1n)] });
/** A tx of the attacker's whose fee granter pays (or refuses to). */
const paidBy = (ctx: HostileContext, granter: number, amount: bigint, code: string, msgs: ProtoMsg[] = [small()]) =>
  protoTx(ctx, ATTACKER, msgs, "", { fee: fee(amount, addr(granter)), code });

/** What the mempool pair's allowance has left once the txs sent so far are in. */
let pairLeft = PAIR_LIMIT;

export const feegrantClass = cases({
  name: "feegrant",
  rounds: 10,
  covers: ["/cosmos.feegrant.v1beta1.MsgGrantAllowance", "/cosmos.feegrant.v1beta1.MsgRevokeAllowance", "/cosmos.feegrant.v1beta1.MsgPruneAllowances"],
  async setup(ctx: HostileContext) {
    pairLeft = PAIR_LIMIT;
    const next = ctx.node.chain.nextBlockTime();
    const periodic = anyOf(PeriodicAllowanceSchema, {
      basic: { spendLimit: [coin(1_000_000n)] }, period: { seconds: 3600n, nanos: 0 }, periodSpendLimit: [coin(PERIOD_LIMIT)],
      periodCanSpend: [coin(PERIOD_LIMIT)], periodReset: timestamp(next + HOUR_NS),
    });
    const allowed = anyOf(AllowedMsgAllowanceSchema, { allowance: basic(), allowedMessages: [`/${MsgSendSchema.typeName}`] });
    await legit(ctx, [
      { n: 5, msgs: [grantAllowance(addr(5), A(), basic(BASIC_LIMIT))], what: "feegrant setup: dev 5's basic" },
      { n: 6, msgs: [grantAllowance(addr(6), A(), periodic)], what: "feegrant setup: dev 6's periodic" },
      { n: 7, msgs: [grantAllowance(addr(7), A(), allowed)], what: "feegrant setup: dev 7's allowed-msg" },
      { n: 1, msgs: [grantAllowance(addr(1), A(), basic(BASIC_LIMIT))], what: "feegrant setup: dev 1's, to revoke" },
      { n: 2, msgs: [grantAllowance(addr(2), A(), basic(BASIC_LIMIT, next + 1_000_000_000n))], what: "feegrant setup: dev 2's expiring" },
      { n: 4, msgs: [grantAllowance(addr(4), A(), basic(PAIR_LIMIT))], what: "feegrant setup: dev 4's, for the mempool pair" },
      { n: ATTACKER, msgs: [grantAllowance(A(), addr(7), basic(BASIC_LIMIT))], what: "feegrant setup: the attacker's to dev 7" },
    ]);
    await legit(ctx, [{ n: 1, msgs: [msg(MsgRevokeAllowanceSchema, { granter: addr(1), grantee: A() })], what: "feegrant setup: dev 1's revoke" }], 2n);
  },
  cases: [
    { note: "a fee past the basic allowance's spend limit", make: async (rng, ctx) => paidBy(ctx, 5, BASIC_LIMIT + 1n + BigInt(rng.int(100_000)), "feegrant/2") },
    { note: "a fee past the period's limit", make: async (rng, ctx) => paidBy(ctx, 6, PERIOD_LIMIT + 1n + BigInt(rng.int(10_000)), "feegrant/2") },
    {
      note: "a message outside the allowed messages",
      make: async (_rng, ctx) => paidBy(ctx, 7, 5000n, "feegrant/7", [msg(MsgDelegateSchema, { delegatorAddress: A(), validatorAddress: ctx.validators[0]!, amount: coin(1n) })]),
    },
    { note: "an allowed message beside one that is not", make: async (_rng, ctx) => paidBy(ctx, 7, 5000n, "feegrant/7", [small(), msg(MsgDelegateSchema, { delegatorAddress: A(), validatorAddress: ctx.validators[0]!, amount: coin(1n) })]) },
    { note: "after the allowance's revocation", make: async (_rng, ctx) => paidBy(ctx, 1, 5000n, "sdk/38") },
    { note: "after the allowance's expiry (the EndBlocker removed it)", make: async (_rng, ctx) => paidBy(ctx, 2, 5000n, "sdk/38") },
    { note: "a granter that never granted", make: async (_rng, ctx) => paidBy(ctx, 3, 5000n, "sdk/38") },
    {
      note: "the second of two mempool txs, together past the allowance",
      async make(_rng, ctx) {
        const first = await protoTx(ctx, ATTACKER, [small()], "the first, within the allowance", { fee: fee(5000n, addr(4)) });
        if (await ctx.lockstep!.both(first, "feegrant: the first of the mempool pair") !== undefined) pairLeft -= 5000n;
        return paidBy(ctx, 4, pairLeft + 1n, "feegrant/2");
      },
    },
    { note: "grant again (the allowance exists)", make: async (_rng, ctx) => deferred(ctx, ATTACKER, [grantAllowance(A(), addr(7), basic(1n))], "sdk/18", "") },
    { note: "grant to oneself", make: async (_rng, ctx) => deferred(ctx, ATTACKER, [grantAllowance(A(), A(), basic(1n))], "sdk/7", "") },
    { note: "grant a basic allowance with a zero spend limit", make: async (_rng, ctx) => deferred(ctx, ATTACKER, [grantAllowance(A(), addr(6), anyOf(BasicAllowanceSchema, { spendLimit: [coin(0n)] }))], "sdk/10", "") },
    { note: "grant an allowed-msg allowance of no messages", make: async (_rng, ctx) => deferred(ctx, ATTACKER, [grantAllowance(A(), addr(6), anyOf(AllowedMsgAllowanceSchema, { allowance: basic(), allowedMessages: [] }))], "feegrant/6", "") },
    {
      note: "grant a periodic allowance whose period limit is in another denom",
      make: async (_rng, ctx) => deferred(ctx, ATTACKER, [grantAllowance(A(), addr(6), anyOf(PeriodicAllowanceSchema, {
        basic: { spendLimit: [coin(1000n)] }, period: { seconds: 10n, nanos: 0 }, periodSpendLimit: [coin(10n, "stake")],
      }))], "sdk/10", ""),
    },
    { note: "grant expiring before the block", make: async (_rng, ctx) => deferred(ctx, ATTACKER, [grantAllowance(A(), addr(6), basic(1n, ctx.node.chain.latestBlock().timeNs - HOUR_NS))], "sdk/18", "") },
    { note: "revoke an allowance never granted", make: async (_rng, ctx) => deferred(ctx, ATTACKER, [msg(MsgRevokeAllowanceSchema, { granter: A(), grantee: addr(6) })], "sdk/38", "") },
    { note: "revoke to oneself", make: async (_rng, ctx) => deferred(ctx, ATTACKER, [msg(MsgRevokeAllowanceSchema, { granter: A(), grantee: A() })], "sdk/7", "") },
    { note: "revoke another granter's allowance", make: async (_rng, ctx) => protoTx(ctx, ATTACKER, [msg(MsgRevokeAllowanceSchema, { granter: addr(5), grantee: A() })], "", { code: "sdk/8" }) },
    { note: "prune as another account", make: async (_rng, ctx) => protoTx(ctx, ATTACKER, [msg(MsgPruneAllowancesSchema, { pruner: addr(5) })], "", { code: "sdk/8" }) },
  ],
});
