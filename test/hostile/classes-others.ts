// The hostile class of the rest of the messages the node runs (issue 34: every executed message
// type has a class), one refusal each, in protobuf: bank, staking, distribution, slashing, x/gov v1
// and v1beta1, and the tier messages on another owner's position (dev 5's position 0). Codes: the
// distribution-bank-gov, amino-json and main recordings where they have the case (sdk 4 to a
// blocked address, staking 3 for no validator, sdk 5, slashing 5 / staking 3 for unjail, gov 3, 7,
// 11, 13, 16, undefined 1 for an unknown proposal, tieredrewards 22 for another owner); the SDK
// v0.53 and chain-main's x/tieredrewards msg servers otherwise.

import { MsgSendSchema } from "../../host/wire/gen/cosmos/bank/v1beta1/tx_pb.js";
import {
  MsgBeginRedelegateSchema, MsgCreateValidatorSchema, MsgDelegateSchema, MsgEditValidatorSchema, MsgUndelegateSchema,
} from "../../host/wire/gen/cosmos/staking/v1beta1/tx_pb.js";
import {
  MsgDepositValidatorRewardsPoolSchema, MsgFundCommunityPoolSchema, MsgSetWithdrawAddressSchema, MsgWithdrawDelegatorRewardSchema,
  MsgWithdrawValidatorCommissionSchema,
} from "../../host/wire/gen/cosmos/distribution/v1beta1/tx_pb.js";
import { MsgUnjailSchema } from "../../host/wire/gen/cosmos/slashing/v1beta1/tx_pb.js";
import * as v1 from "../../host/wire/gen/cosmos/gov/v1/tx_pb.js";
import * as v1beta1 from "../../host/wire/gen/cosmos/gov/v1beta1/tx_pb.js";
import { VoteOption } from "../../host/wire/gen/cosmos/gov/v1/gov_pb.js";
import { TextProposalSchema } from "../../host/wire/gen/cosmos/gov/v1beta1/gov_pb.js";
import * as tiers from "../../host/wire/gen/chainmain/tieredrewards/v1/tx_pb.js";
import { MsgUpdateParamsSchema as BankParamsSchema } from "../../host/wire/gen/cosmos/bank/v1beta1/tx_pb.js";
import { PubKeySchema } from "../../host/wire/gen/cosmos/crypto/ed25519/keys_pb.js";
import { moduleAddress } from "../../host/wire/keys.js";
import { operatorOf } from "../../host/app/genesis.js";
import { ATTACKER, addr } from "./context.js";
import { anyOf, anyOfMsg, cases, coin, deferred, msg, type Case, type ProtoMsg } from "./proto.js";

const A = () => addr(ATTACKER);
const CRO = 100_000_000n;
const POSITION = 0n; // dev 5's

const one = (note: string, code: string, build: (validators: string[]) => ProtoMsg): Case => ({
  note, make: async (_rng, ctx) => deferred(ctx, ATTACKER, [build(ctx.validators)], code, ""),
});

const CASES: Case[] = [
  one("send to the gov module account (blocked)", "sdk/4", () => msg(MsgSendSchema, { fromAddress: A(), toAddress: moduleAddress("gov", "cro"), amount: [coin(1n)] })),
  one("delegate to no validator", "staking/3", () => msg(MsgDelegateSchema, { delegatorAddress: A(), validatorAddress: operatorOf(addr(7)), amount: coin(1n) })),
  one("undelegate from no validator", "staking/3", () => msg(MsgUndelegateSchema, { delegatorAddress: A(), validatorAddress: operatorOf(addr(7)), amount: coin(1n) })),
  one("redelegate, without a delegation, to no validator (the source's delegation first)", "staking/19", (v) => msg(MsgBeginRedelegateSchema, { delegatorAddress: A(), validatorSrcAddress: v[0]!, validatorDstAddress: operatorOf(addr(7)), amount: coin(1n) })),
  one("edit a validator one is not", "staking/3", () => msg(MsgEditValidatorSchema, { validatorAddress: operatorOf(A()), description: { moniker: "x" } })),
  one("create a validator below its minimum self-delegation", "staking/16", () => msg(MsgCreateValidatorSchema, {
    description: { moniker: "hostile" }, commission: { rate: "100000000000000000", maxRate: "200000000000000000", maxChangeRate: "10000000000000000" },
    minSelfDelegation: `${10n * CRO}`, delegatorAddress: A(), validatorAddress: operatorOf(A()),
    pubkey: anyOf(PubKeySchema, { key: new Uint8Array(32).fill(7) }), value: coin(CRO),
  })),
  one("withdraw rewards of no delegation (the staking keeper's GetDelegation)", "staking/19", (v) => msg(MsgWithdrawDelegatorRewardSchema, { delegatorAddress: A(), validatorAddress: v[1]! })),
  one("withdraw a commission one has not", "staking/3", () => msg(MsgWithdrawValidatorCommissionSchema, { validatorAddress: operatorOf(A()) })),
  one("set the withdraw address to the distribution module (blocked)", "sdk/4", () => msg(MsgSetWithdrawAddressSchema, { delegatorAddress: A(), withdrawAddress: moduleAddress("distribution", "cro") })),
  one("fund the community pool with more than one holds", "sdk/5", () => msg(MsgFundCommunityPoolSchema, { depositor: A(), amount: [coin(10n ** 24n)] })),
  one("deposit to no validator's rewards pool", "staking/3", () => msg(MsgDepositValidatorRewardsPoolSchema, { depositor: A(), validatorAddress: operatorOf(addr(7)), amount: [coin(1n)] })),
  one("unjail as no validator", "staking/3", () => msg(MsgUnjailSchema, { validatorAddr: operatorOf(A()) })),
  one("gov v1 proposal of a message x/gov does not sign", "gov/13", () => msg(v1.MsgSubmitProposalSchema, {
    messages: [anyOfMsg(msg(BankParamsSchema, { authority: A(), params: {} }))], initialDeposit: [coin(10_000n * CRO)], proposer: A(), title: "t", summary: "s",
  })),
  one("gov v1 proposal of nothing", "gov/11", () => msg(v1.MsgSubmitProposalSchema, { proposer: A(), title: "t", summary: "s", initialDeposit: [coin(10_000n * CRO)] })),
  one("gov v1 vote on no proposal", "gov/3", () => msg(v1.MsgVoteSchema, { proposalId: 999n, voter: A(), option: VoteOption.YES })),
  one("gov v1 weighted vote of weights summing to 0.9", "gov/7", () => msg(v1.MsgVoteWeightedSchema, { proposalId: 1n, voter: A(), options: [{ option: VoteOption.YES, weight: "0.9" }] })),
  one("gov v1 deposit to no proposal", "undefined/1", () => msg(v1.MsgDepositSchema, { proposalId: 999n, depositor: A(), amount: [coin(CRO)] })),
  one("gov v1 cancel of no proposal", "gov/2", () => msg(v1.MsgCancelProposalSchema, { proposalId: 999n, proposer: A() })),
  one("gov v1beta1 proposal without a deposit", "gov/16", () => msg(v1beta1.MsgSubmitProposalSchema, { content: anyOf(TextProposalSchema, { title: "t", description: "d" }), initialDeposit: [], proposer: A() })),
  one("gov v1beta1 vote on no proposal", "gov/3", () => msg(v1beta1.MsgVoteSchema, { proposalId: 999n, voter: A(), option: VoteOption.YES })),
  one("gov v1beta1 weighted vote of weights summing to 0.9", "gov/7", () => msg(v1beta1.MsgVoteWeightedSchema, { proposalId: 1n, voter: A(), options: [{ option: VoteOption.YES, weight: "900000000000000000" }] })),
  one("gov v1beta1 deposit to no proposal", "undefined/1", () => msg(v1beta1.MsgDepositSchema, { proposalId: 999n, depositor: A(), amount: [coin(CRO)] })),
  one("lock a tier that does not exist", "tieredrewards/17", (v) => msg(tiers.MsgLockTierSchema, { owner: A(), id: 99, amount: `${CRO}`, validatorAddress: v[0]! })),
  one("commit a delegation one has not to a tier", "staking/19", (v) => msg(tiers.MsgCommitDelegationToTierSchema, { delegatorAddress: A(), validatorAddress: v[1]!, amount: `${1000n * CRO}`, id: 1 })),
  one("tier-undelegate another owner's position", "tieredrewards/22", () => msg(tiers.MsgTierUndelegateSchema, { owner: A(), positionId: POSITION })),
  one("tier-redelegate another owner's position", "tieredrewards/22", (v) => msg(tiers.MsgTierRedelegateSchema, { owner: A(), positionId: POSITION, dstValidator: v[1]! })),
  one("add to another owner's position", "tieredrewards/22", () => msg(tiers.MsgAddToTierPositionSchema, { owner: A(), positionId: POSITION, amount: `${CRO}` })),
  one("trigger the exit of another owner's position", "tieredrewards/22", () => msg(tiers.MsgTriggerExitFromTierSchema, { owner: A(), positionId: POSITION })),
  one("clear another owner's position", "tieredrewards/22", () => msg(tiers.MsgClearPositionSchema, { owner: A(), positionId: POSITION })),
  one("claim another owner's rewards", "tieredrewards/22", () => msg(tiers.MsgClaimTierRewardsSchema, { owner: A(), positionIds: [POSITION] })),
  one("withdraw another owner's position", "tieredrewards/22", () => msg(tiers.MsgWithdrawFromTierSchema, { owner: A(), positionId: POSITION })),
  one("exit another owner's position with its delegation", "tieredrewards/22", () => msg(tiers.MsgExitTierWithDelegationSchema, { owner: A(), positionId: POSITION, amount: `${CRO}` })),
];

export const othersClass = cases({
  name: "other-messages",
  rounds: 5,
  covers: [
    "/cosmos.bank.v1beta1.MsgSend", "/cosmos.staking.v1beta1.MsgDelegate", "/cosmos.staking.v1beta1.MsgUndelegate", "/cosmos.staking.v1beta1.MsgBeginRedelegate",
    "/cosmos.staking.v1beta1.MsgEditValidator", "/cosmos.staking.v1beta1.MsgCreateValidator", "/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward",
    "/cosmos.distribution.v1beta1.MsgWithdrawValidatorCommission", "/cosmos.distribution.v1beta1.MsgSetWithdrawAddress", "/cosmos.distribution.v1beta1.MsgFundCommunityPool",
    "/cosmos.distribution.v1beta1.MsgDepositValidatorRewardsPool", "/cosmos.slashing.v1beta1.MsgUnjail", "/cosmos.gov.v1.MsgSubmitProposal", "/cosmos.gov.v1.MsgVote",
    "/cosmos.gov.v1.MsgVoteWeighted", "/cosmos.gov.v1.MsgDeposit", "/cosmos.gov.v1.MsgCancelProposal", "/cosmos.gov.v1beta1.MsgSubmitProposal", "/cosmos.gov.v1beta1.MsgVote",
    "/cosmos.gov.v1beta1.MsgVoteWeighted", "/cosmos.gov.v1beta1.MsgDeposit", ...[
      "MsgLockTier", "MsgCommitDelegationToTier", "MsgTierUndelegate", "MsgTierRedelegate", "MsgAddToTierPosition", "MsgTriggerExitFromTier", "MsgClearPosition",
      "MsgClaimTierRewards", "MsgWithdrawFromTier", "MsgExitTierWithDelegation",
    ].map((n) => `/chainmain.tieredrewards.v1.${n}`),
  ],
  cases: CASES,
});
