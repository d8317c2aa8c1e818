// The hostile class of governance and of staking's cancel-unbonding (issue 34, Deliver 5): every
// governance-only message the node runs (each module's MsgUpdateParams, MsgSetSendEnabled,
// MsgCommunityPoolSpend, the tier messages, the dev slash) signed by the attacker with params out
// of range (their zero values): gov 13, the authority checked first; MsgUpdateParams out of range
// signed by the authority itself (dev key 0 on a local chain): the module's Params.Validate, a
// plain error (undefined 1); and through proposals: a passed proposal of staking params out of
// range and one spending more than the community pool both end FAILED, the params unchanged (the
// gov-params recording's case for the spend). MsgCancelUnbondingDelegation at a wrong height, above
// the entry, at a validator without an entry, at none, at height 0, of 0, in another denom, and of
// another delegator's entry (the distribution-bank-gov recording: sdk 38, sdk 18, undefined 1; the
// SDK v0.53 staking msg server otherwise).

import { MsgCancelUnbondingDelegationSchema, MsgDelegateSchema, MsgUndelegateSchema, MsgUpdateParamsSchema as StakingParamsSchema } from "../../host/wire/gen/cosmos/staking/v1beta1/tx_pb.js";
import { MsgCommunityPoolSpendSchema } from "../../host/wire/gen/cosmos/distribution/v1beta1/tx_pb.js";
import { MsgUpdateParamsSchema as MintParamsSchema } from "../../host/wire/gen/cosmos/mint/v1beta1/tx_pb.js";
import { MsgUpdateParamsSchema as SlashingParamsSchema } from "../../host/wire/gen/cosmos/slashing/v1beta1/tx_pb.js";
import { MsgExecLegacyContentSchema, MsgSubmitProposalSchema, MsgVoteSchema } from "../../host/wire/gen/cosmos/gov/v1/tx_pb.js";
import { VoteOption } from "../../host/wire/gen/cosmos/gov/v1/gov_pb.js";
import { TextProposalSchema } from "../../host/wire/gen/cosmos/gov/v1beta1/gov_pb.js";
import { moduleAddress } from "../../host/wire/keys.js";
import { create } from "@bufbuild/protobuf";
import { operatorOf } from "../../host/app/genesis.js";
import { ATTACKER, addr, type HostileContext } from "./context.js";
import { EXECUTED, anyOf, anyOfMsg, cases, coin, deferred, legit, msg, protoTx, type Case, type ProtoMsg } from "./proto.js";

const A = () => addr(ATTACKER);
const CRO = 100_000_000n;
const GOV = () => moduleAddress("gov", "cro");
/** The attacker's unbonding entry: 5 CRO at validator 4, made at this height (setup). */
let entryHeight = 0n;
let stakingParamsBefore = "";
let proposals: bigint[] = [];

/** Each governance-only message type with only its authority set (params at their zero values: out of range). */
const GOVERNED = EXECUTED.typeUrls().filter((u) => EXECUTED.entry(u)!.def.governance === true);
const bare = (url: string, authority: string): ProtoMsg => {
  const schema = EXECUTED.entry(url)!.def.schema;
  return { typeUrl: url, value: create(schema, { authority } as never) as unknown as Record<string, unknown> };
};

const cancel = (o: { validator: string; amount?: bigint; height?: bigint; denom?: string; delegator?: string }): ProtoMsg => msg(MsgCancelUnbondingDelegationSchema, {
  delegatorAddress: o.delegator ?? A(), validatorAddress: o.validator, amount: coin(o.amount ?? 1n, o.denom), creationHeight: o.height ?? entryHeight,
});

const stakingZero = (authority: string): ProtoMsg => msg(StakingParamsSchema, {
  authority, params: { unbondingTime: { seconds: 2419200n, nanos: 0 }, maxValidators: 0, maxEntries: 7, historicalEntries: 10000, bondDenom: "basecro", minCommissionRate: "0" },
});
const submit = (messages: ProtoMsg[], title: string): ProtoMsg => msg(MsgSubmitProposalSchema, {
  messages: messages.map(anyOfMsg), initialDeposit: [coin(10_000n * CRO)], proposer: addr(0), title, summary: title,
});
const get = async (ctx: HostileContext, path: string) => (await (await ctx.node.app.request(path)).json()) as any;

const governedCases: Case[] = GOVERNED.map((url) => ({
  note: `${url} out of range, signed by the attacker`,
  make: async (_rng, ctx) => deferred(ctx, ATTACKER, [bare(url, A())], "gov/13", ""),
}));

export const governedClass = cases({
  name: "governed",
  rounds: 4,
  covers: [...GOVERNED, "/cosmos.staking.v1beta1.MsgCancelUnbondingDelegation", "/cosmos.gov.v1.MsgExecLegacyContent"],
  async setup(ctx) {
    const v3 = ctx.validators[3]!;
    await legit(ctx, [{ n: ATTACKER, what: "governed setup: delegate", msgs: [msg(MsgDelegateSchema, { delegatorAddress: A(), validatorAddress: v3, amount: coin(10n * CRO) })] }]);
    await legit(ctx, [{ n: ATTACKER, what: "governed setup: undelegate", msgs: [msg(MsgUndelegateSchema, { delegatorAddress: A(), validatorAddress: v3, amount: coin(5n * CRO) })] }]);
    entryHeight = ctx.node.chain.latestBlock().height;
    stakingParamsBefore = JSON.stringify(await get(ctx, "/cosmos/staking/v1beta1/params"));
    const before = new Set<string>(((await get(ctx, "/cosmos/gov/v1/proposals")).proposals ?? []).map((p: any) => p.id));
    await legit(ctx, [{
      n: 0, what: "governed setup: the proposals",
      msgs: [
        submit([stakingZero(GOV())], "staking params out of range"),
        submit([msg(MsgCommunityPoolSpendSchema, { authority: GOV(), recipient: A(), amount: [coin(10n ** 18n)] })], "spend above the community pool"),
      ],
    }]);
    proposals = ((await get(ctx, "/cosmos/gov/v1/proposals")).proposals ?? []).map((p: any) => p.id).filter((id: string) => !before.has(id)).map(BigInt);
    if (proposals.length !== 2) ctx.lockstep!.problem(`governed setup: ${proposals.length} proposals made, not 2`);
    await legit(ctx, [1, 2, 3, 4].map((n) => ({
      n, what: `governed setup: validator ${n} votes yes`, msgs: proposals.map((id) => msg(MsgVoteSchema, { proposalId: id, voter: addr(n), option: VoteOption.YES })),
    })));
  },
  async check(ctx) {
    await ctx.lockstep!.blocks(3n); // past the 10 s voting period
    const problems: string[] = [];
    for (const id of proposals) {
      for (const [who, t] of [["node", ctx.node], ["control", ctx.lockstep!.control]] as const) {
        const p = ((await (await t.app.request(`/cosmos/gov/v1/proposals/${id}`)).json()) as any)?.proposal;
        if (p?.status !== "PROPOSAL_STATUS_FAILED") problems.push(`proposal ${id} on the ${who}: ${p?.status} (${p?.failed_reason ?? ""}), not FAILED`);
      }
    }
    if (JSON.stringify(await get(ctx, "/cosmos/staking/v1beta1/params")) !== stakingParamsBefore) problems.push("staking params changed by a failed proposal");
    return problems;
  },
  cases: [
    ...governedCases,
    { note: "staking params out of range, signed by the authority", make: async (_rng, ctx) => deferred(ctx, 0, [stakingZero(addr(0))], "undefined/1", "") },
    { note: "mint params out of range, signed by the authority", make: async (_rng, ctx) => deferred(ctx, 0, [bare(`/${MintParamsSchema.typeName}`, addr(0))], "undefined/1", "") },
    { note: "slashing params out of range, signed by the authority", make: async (_rng, ctx) => deferred(ctx, 0, [bare(`/${SlashingParamsSchema.typeName}`, addr(0))], "undefined/1", "") },
    {
      note: "a community pool spend above the pool, signed by the authority",
      make: async (_rng, ctx) => deferred(ctx, 0, [msg(MsgCommunityPoolSpendSchema, { authority: addr(0), recipient: A(), amount: [coin(10n ** 18n)] })], "distribution/9", ""),
    },
    {
      note: "a legacy content executed by the attacker",
      make: async (_rng, ctx) => deferred(ctx, ATTACKER, [msg(MsgExecLegacyContentSchema, { authority: A(), content: anyOf(TextProposalSchema, { title: "t", description: "d" }) })], "gov/13", ""),
    },
    { note: "cancel at a wrong height", make: async (_rng, ctx) => deferred(ctx, ATTACKER, [cancel({ validator: ctx.validators[3]!, height: entryHeight + 1n })], "sdk/38", "") },
    { note: "cancel above the entry", make: async (_rng, ctx) => deferred(ctx, ATTACKER, [cancel({ validator: ctx.validators[3]!, amount: 5n * CRO + 1n })], "sdk/18", "") },
    { note: "cancel at a validator without an entry", make: async (_rng, ctx) => deferred(ctx, ATTACKER, [cancel({ validator: ctx.validators[2]! })], "undefined/1", "") },
    { note: "cancel at an operator address of no validator", make: async (_rng, ctx) => deferred(ctx, ATTACKER, [cancel({ validator: operatorOf(addr(7)) })], "staking/3", "") },
    { note: "cancel at height 0", make: async (_rng, ctx) => deferred(ctx, ATTACKER, [cancel({ validator: ctx.validators[3]!, height: 0n })], "sdk/18", "") },
    { note: "cancel of 0", make: async (_rng, ctx) => deferred(ctx, ATTACKER, [cancel({ validator: ctx.validators[3]!, amount: 0n })], "sdk/18", "") },
    { note: "cancel in another denom", make: async (_rng, ctx) => deferred(ctx, ATTACKER, [cancel({ validator: ctx.validators[3]!, denom: "stake" })], "sdk/18", "") },
    { note: "cancel another delegator's entry", make: async (_rng, ctx) => protoTx(ctx, ATTACKER, [cancel({ validator: ctx.validators[3]!, delegator: addr(7) })], "", { code: "sdk/8" }) },
  ],
});
