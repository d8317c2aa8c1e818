// The hostile class of x/authz (issue 34, Deliver 5): grants used past their spend limit and max
// tokens, to a validator they do not allow, for a type never granted, after revocation and after
// expiry; grants to oneself, in the past or of a type no router has; revokes of what is not
// there; a governance-only message executed through a grant, and as the authority without one;
// MsgExec nested in MsgExec at and past the decoder's depth (10 Anys deep), wide (the call limit
// counts below each of a message's own messages: 100 Anys), both at once, and empty. Codes: the authz-feegrant-vesting and amino-json
// recordings where they have the case, the SDK v0.53 x/authz msg server and keeper otherwise.
//
// Setup (both nodes): dev 5 grants the attacker Send(1,000 basecro), Stake(delegate to validator
// 1, max 1,000 basecro) and Generic(bank MsgUpdateParams); dev 6 grants Generic(MsgSend) and
// revokes it; dev 7 grants Generic(MsgDelegate) expiring a second after the next block.

import {
  MsgExecSchema, MsgGrantSchema, MsgRevokeSchema,
} from "../../host/wire/gen/cosmos/authz/v1beta1/tx_pb.js";
import { GenericAuthorizationSchema } from "../../host/wire/gen/cosmos/authz/v1beta1/authz_pb.js";
import { SendAuthorizationSchema } from "../../host/wire/gen/cosmos/bank/v1beta1/authz_pb.js";
import { MsgSendSchema, MsgUpdateParamsSchema as BankParamsSchema } from "../../host/wire/gen/cosmos/bank/v1beta1/tx_pb.js";
import { AuthorizationType, StakeAuthorizationSchema } from "../../host/wire/gen/cosmos/staking/v1beta1/authz_pb.js";
import { MsgDelegateSchema, MsgUndelegateSchema } from "../../host/wire/gen/cosmos/staking/v1beta1/tx_pb.js";
import { ATTACKER, addr, type HostileContext } from "./context.js";
import { anyOf, anyOfMsg, cases, coin, deferred, fee, legit, msg, protoTx, timestamp, type ProtoMsg } from "./proto.js";

const A = () => addr(ATTACKER);
const SEND_LIMIT = 1000n;
const MAX_TOKENS = 1000n;
/** Anys the SDK unpacks below a tx's message (MaxUnpackAnyRecursionDepth) and in all (MaxUnpackAnySubCalls). */
const MAX_DEPTH = 10;
const MAX_CALLS = 100;
/** Gas for a MsgExec of 100 messages. */
const WIDE_FEE = fee(5000n, undefined, 8_000_000n);

const exec = (msgs: ProtoMsg[], grantee = A()): ProtoMsg => msg(MsgExecSchema, { grantee, msgs: msgs.map(anyOfMsg) });
const send = (from: number, amount: bigint): ProtoMsg => msg(MsgSendSchema, { fromAddress: addr(from), toAddress: A(), amount: [coin(amount)] });
const delegate = (from: number, validator: string, amount: bigint): ProtoMsg =>
  msg(MsgDelegateSchema, { delegatorAddress: addr(from), validatorAddress: validator, amount: coin(amount) });
const generic = (url: string) => anyOf(GenericAuthorizationSchema, { msg: url });
const grant = (granter: string, grantee: string, authorization: ReturnType<typeof anyOf>, expirationNs?: bigint): ProtoMsg =>
  msg(MsgGrantSchema, { granter, grantee, grant: { authorization, ...(expirationNs === undefined ? {} : { expiration: timestamp(expirationNs) }) } });
const bankParams = (authority: string): ProtoMsg => msg(BankParamsSchema, { authority, params: { defaultSendEnabled: true } });
/** `n` MsgExecs, each inside the one before, the innermost carrying `inner`. */
const nested = (n: number, inner: ProtoMsg): ProtoMsg => {
  let m = exec([inner]);
  for (let i = 1; i < n; i++) m = exec([m]);
  return m;
};

const SEND_URL = "/cosmos.bank.v1beta1.MsgSend";

export const authzClass = cases({
  name: "authz",
  rounds: 8,
  covers: ["/cosmos.authz.v1beta1.MsgGrant", "/cosmos.authz.v1beta1.MsgExec", "/cosmos.authz.v1beta1.MsgRevoke"],
  async setup(ctx: HostileContext) {
    const v0 = ctx.validators[0]!;
    const stake = anyOf(StakeAuthorizationSchema, {
      maxTokens: coin(MAX_TOKENS), validators: { case: "allowList", value: { address: [v0] } }, authorizationType: AuthorizationType.DELEGATE,
    });
    const expiry = ctx.node.chain.nextBlockTime() + 1_000_000_000n;
    await legit(ctx, [
      { n: 5, msgs: [grant(addr(5), A(), anyOf(SendAuthorizationSchema, { spendLimit: [coin(SEND_LIMIT)] })), grant(addr(5), A(), stake), grant(addr(5), A(), generic(`/${BankParamsSchema.typeName}`))], what: "authz setup: dev 5's grants" },
      { n: 6, msgs: [grant(addr(6), A(), generic(SEND_URL))], what: "authz setup: dev 6's grant" },
      { n: 7, msgs: [grant(addr(7), A(), generic(`/${MsgDelegateSchema.typeName}`), expiry)], what: "authz setup: dev 7's expiring grant" },
    ]);
    await legit(ctx, [{ n: 6, msgs: [msg(MsgRevokeSchema, { granter: addr(6), grantee: A(), msgTypeUrl: SEND_URL })], what: "authz setup: dev 6's revoke" }], 2n);
  },
  cases: [
    { note: "exec a send above the spend limit", make: async (rng, ctx) => deferred(ctx, ATTACKER, [exec([send(5, SEND_LIMIT + 1n + BigInt(rng.int(1000)))])], "sdk/5", "") },
    { note: "exec two sends, together above the spend limit", make: async (_rng, ctx) => deferred(ctx, ATTACKER, [exec([send(5, 600n), send(5, 600n)])], "sdk/5", "") },
    { note: "exec a delegation above the max tokens", make: async (_rng, ctx) => deferred(ctx, ATTACKER, [exec([delegate(5, ctx.validators[0]!, MAX_TOKENS + 1n)])], "undefined/1", "") },
    { note: "exec a delegation to a validator outside the allow list", make: async (_rng, ctx) => deferred(ctx, ATTACKER, [exec([delegate(5, ctx.validators[1]!, 1n)])], "sdk/4", "") },
    {
      note: "exec a type never granted",
      make: async (_rng, ctx) => deferred(ctx, ATTACKER, [exec([msg(MsgUndelegateSchema, { delegatorAddress: addr(5), validatorAddress: ctx.validators[0]!, amount: coin(1n) })])], "authz/2", ""),
    },
    { note: "exec after the grant's revocation", make: async (_rng, ctx) => deferred(ctx, ATTACKER, [exec([send(6, 1n)])], "authz/2", "") },
    { note: "exec after the grant's expiry (pruned at BeginBlock)", make: async (_rng, ctx) => deferred(ctx, ATTACKER, [exec([delegate(7, ctx.validators[0]!, 1n)])], "authz/2", "") },
    { note: "exec a governance-only message through a grant", make: async (_rng, ctx) => deferred(ctx, ATTACKER, [exec([bankParams(addr(5))])], "gov/13", "") },
    { note: "exec a governance-only message as the authority, no grant", make: async (_rng, ctx) => deferred(ctx, ATTACKER, [exec([bankParams(addr(0))])], "authz/2", "") },
    { note: "exec a governance-only message as oneself", make: async (_rng, ctx) => deferred(ctx, ATTACKER, [exec([bankParams(A())])], "gov/13", "") },
    { note: "exec with no messages", make: async (_rng, ctx) => deferred(ctx, ATTACKER, [exec([])], "sdk/18", "") },
    { note: `exec nested ${MAX_DEPTH} deep (the decoder's limit), a send above the limit inside`, make: async (_rng, ctx) => deferred(ctx, ATTACKER, [nested(MAX_DEPTH, send(5, SEND_LIMIT + 1n))], "sdk/5", "") },
    { note: `exec nested ${MAX_DEPTH + 1} deep (past the decoder's limit)`, make: async (_rng, ctx) => protoTx(ctx, ATTACKER, [nested(MAX_DEPTH + 1, send(5, 1n))], "", { code: "sdk/2" }) },
    { note: `exec nested ${MAX_DEPTH * 5} deep`, make: async (_rng, ctx) => protoTx(ctx, ATTACKER, [nested(MAX_DEPTH * 5, send(5, 1n))], "", { code: "sdk/2" }) },
    {
      note: `exec ${MAX_CALLS} sends wide, together above the spend limit`,
      make: async (_rng, ctx) => deferred(ctx, ATTACKER, [exec(Array.from({ length: MAX_CALLS }, () => send(5, 11n)))], "sdk/5", "", { fee: WIDE_FEE }),
    },
    {
      note: `exec of a MsgExec of ${MAX_CALLS - 1} sends (the decoder's ${MAX_CALLS} unpacks), together above the spend limit`,
      make: async (_rng, ctx) => deferred(ctx, ATTACKER, [exec([exec(Array.from({ length: MAX_CALLS - 1 }, () => send(5, 11n)))])], "sdk/5", "", { fee: WIDE_FEE }),
    },
    {
      note: `exec of a MsgExec of ${MAX_CALLS} sends (past the decoder's unpacks)`,
      make: async (_rng, ctx) => protoTx(ctx, ATTACKER, [exec([exec(Array.from({ length: MAX_CALLS }, () => send(5, 1n)))])], "", { code: "sdk/2", fee: WIDE_FEE }),
    },
    {
      note: "exec of MsgExecs two deep, 2 × 50 sends (deep and wide past the unpacks)",
      make: async (_rng, ctx) => protoTx(ctx, ATTACKER, [exec([exec([exec(Array.from({ length: 50 }, () => send(5, 1n))), exec(Array.from({ length: 50 }, () => send(5, 1n)))])])], "", { code: "sdk/2", fee: WIDE_FEE }),
    },
    { note: "grant to oneself", make: async (_rng, ctx) => deferred(ctx, ATTACKER, [grant(A(), A(), generic(SEND_URL))], "authz/7", "") },
    {
      note: "grant expiring before the block",
      make: async (_rng, ctx) => deferred(ctx, ATTACKER, [grant(A(), addr(7), generic(SEND_URL), ctx.node.chain.latestBlock().timeNs - 3_600_000_000_000n)], "authz/3", ""),
    },
    { note: "grant of a type no router has", make: async (_rng, ctx) => deferred(ctx, ATTACKER, [grant(A(), addr(7), generic("/cosmos.bank.v1beta1.MsgBurn"))], "sdk/29", "") },
    { note: "grant of a send with no spend limit", make: async (_rng, ctx) => deferred(ctx, ATTACKER, [grant(A(), addr(7), anyOf(SendAuthorizationSchema, { spendLimit: [] }))], "sdk/10", "") },
    { note: "revoke a grant never made", make: async (_rng, ctx) => deferred(ctx, ATTACKER, [msg(MsgRevokeSchema, { granter: A(), grantee: addr(7), msgTypeUrl: SEND_URL })], "authz/2", "") },
    { note: "revoke to oneself", make: async (_rng, ctx) => deferred(ctx, ATTACKER, [msg(MsgRevokeSchema, { granter: A(), grantee: A(), msgTypeUrl: SEND_URL })], "authz/7", "") },
    { note: "revoke another granter's grant", make: async (_rng, ctx) => protoTx(ctx, ATTACKER, [msg(MsgRevokeSchema, { granter: addr(5), grantee: A(), msgTypeUrl: SEND_URL })], "", { code: "sdk/8" }) },
  ],
});
