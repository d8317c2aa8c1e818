// Workload "distribution-bank-gov": x/distribution's withdraw address, community pool and validator
// rewards pool deposits; bank MsgMultiSend; staking MsgCancelUnbondingDelegation; gov v1beta1
// (TextProposal, votes, weighted votes, deposits) and v1 (MsgExecLegacyContent, votes, a vote simulated
// then delivered); sends to module accounts; MsgUnjail of a validator that is not jailed; MsgAddToTierPosition
// then MsgClaimTierRewards in the next block. Valid and invalid cases, a few in LEGACY_AMINO_JSON.

import { MsgMultiSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { MsgDepositValidatorRewardsPool, MsgFundCommunityPool, MsgSetWithdrawAddress, MsgWithdrawDelegatorReward } from "cosmjs-types/cosmos/distribution/v1beta1/tx";
import { MsgCancelUnbondingDelegation } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import * as v1beta1 from "cosmjs-types/cosmos/gov/v1beta1/tx";
import { TextProposal } from "cosmjs-types/cosmos/gov/v1beta1/gov";
import * as v1 from "cosmjs-types/cosmos/gov/v1/tx";
import { MsgUnjail } from "cosmjs-types/cosmos/slashing/v1beta1/tx";
import { TIER, anyOf } from "../lib/msgs.js";
import { fee } from "../lib/recorder.js";
import { moduleAddress, operatorOfKey, devPrivateKey } from "../lib/keys.js";
import {
  CRO, DISTRIBUTION, GOV, accountPath, awaitProposals, pid, balances, coin, delegate, msg, proposalV1, responseUint64, send, undelegate, voteV1, type Ctx,
} from "./common.js";

export const NAME = "distribution-bank-gov";

const textProposal = (title: string) => anyOf("/cosmos.gov.v1beta1.TextProposal", TextProposal, TextProposal.fromPartial({ title, description: `${title}: recorded by scripts/reference-chain` }));

export async function run({ r, dev, val1, extra }: Ctx): Promise<void> {
  const [, d1, , , , d5, d6, d7, d8] = dev as [any, any, any, any, any, any, any, any, any];
  const a5 = d5.address, a6 = d6.address, a7 = d7.address, a8 = d8.address;
  const withdraw5 = (await extra("withdraw-address-5")).address;
  const withdraw6 = (await extra("withdraw-address-6")).address;
  const notValidator = await operatorOfKey(devPrivateKey(5));
  const distr = "/cosmos/distribution/v1beta1";

  // ---- gov first: the proposals' voting periods (30 s) run while the rest is recorded ----
  const sub1 = await r.tx("gov-v1beta1 submit TextProposal (deposit 10,000 CRO)", d5, [msg("/cosmos.gov.v1beta1.MsgSubmitProposal", v1beta1.MsgSubmitProposal.fromPartial({
    content: textProposal("v1beta1 text"), initialDeposit: [coin(10_000n * CRO)], proposer: a5,
  }))], { queries: (s) => [`/cosmos/gov/v1beta1/proposals/${pid(s)}`, proposalV1(pid(s)), `/cosmos/gov/v1beta1/proposals/${pid(s)}/deposits`] });
  const p1 = pid(sub1);
  const v1beta1Vote = (voter: string, option: number) => msg("/cosmos.gov.v1beta1.MsgVote", v1beta1.MsgVote.fromPartial({ proposalId: p1, voter, option }));
  await r.tx("gov-v1beta1 vote yes (validator 1's owner)", d1, [v1beta1Vote(d1.address, 1)], { queries: [`/cosmos/gov/v1beta1/proposals/${p1}/votes/${d1.address}`, `/cosmos/gov/v1beta1/proposals/${p1}/tally`] });
  await r.tx("gov-v1beta1 vote no, amino (no stake)", d8, [v1beta1Vote(a8, 3)], { mode: "amino-json", queries: [`/cosmos/gov/v1beta1/proposals/${p1}/votes/${a8}`] });
  await r.tx("delegate (setup: dev6 stake for votes and cancel)", d6, [delegate(a6, val1, 1_000n * CRO)]);
  const weighted = (options: [number, string][]) => msg("/cosmos.gov.v1beta1.MsgVoteWeighted", v1beta1.MsgVoteWeighted.fromPartial({
    proposalId: p1, voter: a6, options: options.map(([option, weight]) => ({ option, weight })),
  }));
  await r.tx("gov-v1beta1 vote-weighted yes 0.6 / abstain 0.4", d6, [weighted([[1, "600000000000000000"], [2, "400000000000000000"]])], {
    queries: [`/cosmos/gov/v1beta1/proposals/${p1}/votes/${a6}`, `/cosmos/gov/v1/proposals/${p1}/votes/${a6}`, `/cosmos/gov/v1beta1/proposals/${p1}/tally`],
  });
  await r.tx("INVALID gov-v1beta1 vote-weighted weights sum 0.9", d6, [weighted([[1, "500000000000000000"], [3, "400000000000000000"]])]);
  const deposit = (proposalId: bigint, amount: bigint) => msg("/cosmos.gov.v1beta1.MsgDeposit", v1beta1.MsgDeposit.fromPartial({ proposalId, depositor: a7, amount: [coin(amount)] }));
  await r.tx("gov-v1beta1 deposit 100 CRO (1 % of min deposit)", d7, [deposit(p1, 100n * CRO)], { queries: [`/cosmos/gov/v1beta1/proposals/${p1}/deposits/${a7}`, `/cosmos/gov/v1beta1/proposals/${p1}/deposits`] });
  await r.tx("gov-v1beta1 deposit amino 100 CRO", d7, [deposit(p1, 100n * CRO)], { mode: "amino-json" });
  await r.tx("INVALID gov-v1beta1 deposit 1 CRO (below min_deposit_ratio)", d7, [deposit(p1, CRO)]);
  await r.tx("INVALID gov-v1beta1 deposit to unknown proposal 999", d7, [deposit(999n, 100n * CRO)]);

  const submitText = (title: string, amount: bigint) => msg("/cosmos.gov.v1beta1.MsgSubmitProposal", v1beta1.MsgSubmitProposal.fromPartial({
    content: textProposal(title), initialDeposit: amount === 0n ? [] : [coin(amount)], proposer: a6,
  }));
  await r.tx("INVALID gov-v1beta1 submit TextProposal without deposit (min_deposit_ratio applies to the initial deposit)", d6, [submitText("v1beta1 text, no deposit", 0n)]);
  const sub2 = await r.tx("gov-v1beta1 submit TextProposal with 100 CRO (deposit period)", d6, [submitText("v1beta1 text, deposit period", 100n * CRO)], { queries: (s) => [proposalV1(pid(s))] });
  const p2 = pid(sub2);
  await r.tx("INVALID gov-v1beta1 vote on a proposal in its deposit period", d1, [msg("/cosmos.gov.v1beta1.MsgVote", v1beta1.MsgVote.fromPartial({ proposalId: p2, voter: d1.address, option: 1 }))]);

  const legacy = anyOf("/cosmos.gov.v1.MsgExecLegacyContent", v1.MsgExecLegacyContent, v1.MsgExecLegacyContent.fromPartial({ content: textProposal("v1 exec legacy text"), authority: GOV }));
  const sub3 = await r.tx("gov-v1 submit MsgExecLegacyContent(TextProposal) (deposit 10,000 CRO)", d5, [msg("/cosmos.gov.v1.MsgSubmitProposal", v1.MsgSubmitProposal.fromPartial({
    messages: [legacy], initialDeposit: [coin(10_000n * CRO)], proposer: a5, metadata: "", title: "v1 exec legacy text", summary: "a TextProposal inside MsgExecLegacyContent",
  }))], { queries: (s) => [proposalV1(pid(s))] });
  const p3 = pid(sub3);
  await r.tx("gov-v1 vote yes (validator 1's owner)", d1, [voteV1(d1.address, p3)], { queries: [`/cosmos/gov/v1/proposals/${p3}/votes/${d1.address}`, `/cosmos/gov/v1/proposals/${p3}/tally`] });
  await r.tx("gov-v1 vote abstain amino", d6, [voteV1(a6, p3, 2)], { mode: "amino-json", queries: [`/cosmos/gov/v1/proposals/${p3}/votes/${a6}`] });
  await r.tx("INVALID gov-v1 vote on unknown proposal 999", d5, [voteV1(a5, 999n)]);
  // CosmJS's simulate (no fee, empty signature) then "auto" (× 1.4); then a simulate of the signed tx with its fee.
  const voteMsgs = [voteV1(a7, p3, 1)];
  const sim = await r.simulate(d7, voteMsgs);
  const simGas = BigInt((sim.body as any)?.gas_info?.gas_used ?? "0");
  const auto = (simGas * 14n + 9n) / 10n; // CosmJS "auto": simulate × 1.4, rounded up
  const deliveredAuto = await r.tx("gov-v1 vote, gas from CosmJS-style simulate × 1.4", d7, voteMsgs, { fee: fee(auto), note: "simulate: REST simulate of CosmJS's simulate tx (empty signature, SIGN_MODE_UNSPECIFIED, no fee); gas limit = ceil(gas_used × 1.4)" });
  deliveredAuto.row.simulate = sim;
  const signedSim = await r.simulateSigned(d7, voteMsgs);
  const signedGas = BigInt((signedSim.body as any)?.gas_info?.gas_used ?? "0");
  const deliveredSigned = await r.tx("gov-v1 vote, gas from a simulate of the signed tx × 1.4", d7, voteMsgs, { fee: fee((signedGas * 14n + 9n) / 10n), note: "simulate: REST simulate of the signed tx with its fee (gas 800000, 20000basecro), at the same sequence; gas limit = ceil(gas_used × 1.4)" });
  deliveredSigned.row.simulate = signedSim;

  // ---- x/distribution ----
  await r.tx("delegate (setup: dev5 stake for rewards)", d5, [delegate(a5, val1, 10_000n * CRO)]);
  const setWithdraw = (d: string, w: string) => msg("/cosmos.distribution.v1beta1.MsgSetWithdrawAddress", MsgSetWithdrawAddress.fromPartial({ delegatorAddress: d, withdrawAddress: w }));
  await r.tx("set-withdraw-address", d5, [setWithdraw(a5, withdraw5)], { queries: [`${distr}/delegators/${a5}/withdraw_address`] });
  await r.tx("INVALID set-withdraw-address to the distribution module account (blocked)", d5, [setWithdraw(a5, DISTRIBUTION)]);
  await r.tx("set-withdraw-address amino", d6, [setWithdraw(a6, withdraw6)], { mode: "amino-json", queries: [`${distr}/delegators/${a6}/withdraw_address`] });
  await r.tx("withdraw-rewards paid to the new withdraw address", d5, [msg("/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward", MsgWithdrawDelegatorReward.fromPartial({ delegatorAddress: a5, validatorAddress: val1 }))], {
    queries: [balances(withdraw5), `${distr}/delegators/${a5}/rewards/${val1}`, accountPath(withdraw5)],
  });
  const fund = (depositor: string, amount: bigint) => msg("/cosmos.distribution.v1beta1.MsgFundCommunityPool", MsgFundCommunityPool.fromPartial({ depositor, amount: [coin(amount)] }));
  await r.tx("fund-community-pool 100 CRO", d5, [fund(a5, 100n * CRO)], { queries: [`${distr}/community_pool`] });
  await r.tx("fund-community-pool amino 1 CRO", d8, [fund(a8, CRO)], { mode: "amino-json", queries: [`${distr}/community_pool`] });
  await r.tx("INVALID fund-community-pool insufficient funds (10 M CRO)", d5, [fund(a5, 10_000_000n * CRO)]);
  const valPool = (depositor: string, validatorAddress: string, amount: bigint) => msg("/cosmos.distribution.v1beta1.MsgDepositValidatorRewardsPool", MsgDepositValidatorRewardsPool.fromPartial({ depositor, validatorAddress, amount: [coin(amount)] }));
  await r.tx("deposit-validator-rewards-pool 50 CRO", d5, [valPool(a5, val1, 50n * CRO)], { queries: [`${distr}/validators/${val1}/outstanding_rewards`, `${distr}/validators/${val1}`] });
  await r.tx("deposit-validator-rewards-pool amino 1 CRO", d8, [valPool(a8, val1, CRO)], { mode: "amino-json" });
  await r.tx("INVALID deposit-validator-rewards-pool unknown validator", d5, [valPool(a5, notValidator, CRO)]);
  await r.tx("INVALID deposit-validator-rewards-pool insufficient funds", d5, [valPool(a5, val1, 10_000_000n * CRO)]);

  // ---- bank MsgMultiSend ----
  const multi = (from: string, outs: [string, bigint][], inAmount?: bigint) => msg("/cosmos.bank.v1beta1.MsgMultiSend", MsgMultiSend.fromPartial({
    inputs: [{ address: from, coins: [coin(inAmount ?? outs.reduce((s, [, a]) => s + a, 0n))] }],
    outputs: outs.map(([address, a]) => ({ address, coins: [coin(a)] })),
  }));
  await r.tx("multi-send 1 + 2 CRO", d5, [multi(a5, [[a6, CRO], [a7, 2n * CRO]])], { queries: [balances(a6), balances(a7)] });
  await r.tx("multi-send amino", d8, [multi(a8, [[a5, CRO], [a6, CRO]])], { mode: "amino-json" });
  await r.tx("INVALID multi-send to the distribution module account (blocked)", d5, [multi(a5, [[a6, CRO], [DISTRIBUTION, CRO]])]);
  await r.tx("INVALID multi-send insufficient funds (2 M CRO)", d5, [multi(a5, [[a6, 2_000_000n * CRO]])]);
  await r.tx("INVALID multi-send inputs != outputs", d5, [multi(a5, [[a6, CRO]], 2n * CRO)]);

  // ---- sends to module accounts, unjail ----
  await r.tx("INVALID send to the gov module account (blocked)", d5, [send(a5, GOV, CRO)], { queries: [balances(GOV)] });
  await r.tx("send to the tieredrewards rewards pool (a module account allowed to receive)", d5, [send(a5, moduleAddress("rewards_pool"), CRO)]);
  const unjail = (validatorAddr: string) => msg("/cosmos.slashing.v1beta1.MsgUnjail", MsgUnjail.fromPartial({ validatorAddr }));
  await r.tx("INVALID unjail a validator that is not jailed", d1, [unjail(val1)], { queries: [`/cosmos/staking/v1beta1/validators/${val1}`] });
  await r.tx("INVALID unjail by an account that is no validator", d5, [unjail(notValidator)]);

  // ---- staking MsgCancelUnbondingDelegation ----
  const ubd = `/cosmos/staking/v1beta1/validators/${val1}/delegations/${a6}/unbonding_delegation`;
  const u = await r.tx("undelegate 500 CRO (for cancel)", d6, [undelegate(a6, val1, 500n * CRO)], { queries: [ubd] });
  const height = BigInt(u.height);
  const cancel = (amount: bigint, creationHeight = height) => msg("/cosmos.staking.v1beta1.MsgCancelUnbondingDelegation", MsgCancelUnbondingDelegation.fromPartial({
    delegatorAddress: a6, validatorAddress: val1, amount: coin(amount), creationHeight,
  }));
  await r.tx("cancel-unbonding 100 CRO", d6, [cancel(100n * CRO)], { queries: [ubd, `/cosmos/staking/v1beta1/validators/${val1}/delegations/${a6}`] });
  await r.tx("cancel-unbonding amino 50 CRO", d6, [cancel(50n * CRO)], { mode: "amino-json", queries: [ubd] });
  await r.tx("INVALID cancel-unbonding wrong creation height", d6, [cancel(10n * CRO, height + 1000n)]);
  await r.tx("INVALID cancel-unbonding more than the entry (10,000 CRO)", d6, [cancel(10_000n * CRO)]);
  await r.tx("cancel-unbonding the whole remaining entry (350 CRO)", d6, [cancel(350n * CRO)], { queries: [ubd] });
  await r.tx("INVALID cancel-unbonding after the entry is gone", d6, [cancel(CRO)]);

  // ---- x/tieredrewards: add to a position, claim one block later ----
  const lock = await r.tx("lock-tier tier 1 1,000 CRO (setup)", d7, [msg(`${TIER}MsgLockTier`, { owner: a7, id: 1, amount: `${1_000n * CRO}`, validatorAddress: val1, triggerExitImmediately: false })]);
  const pos = responseUint64(lock);
  const position = `/chainmain/tieredrewards/v1/position/${pos}`;
  // no queries between the two: the claim is broadcast as soon as the add's block is seen, so it lands in the next block
  await r.tx("add-to-tier-position 100 CRO", d7, [msg(`${TIER}MsgAddToTierPosition`, { owner: a7, positionId: pos, amount: `${100n * CRO}` })]);
  await r.tx("claim-tier-rewards (the block after add-to-tier-position)", d7, [msg(`${TIER}MsgClaimTierRewards`, { owner: a7, positionIds: [pos] })], {
    queries: [position, `/chainmain/tieredrewards/v1/rewards_pool_balances`, balances(a7)],
  });
  await r.tx("claim-tier-rewards amino", d7, [msg(`${TIER}MsgClaimTierRewards`, { owner: a7, positionIds: [pos] })], { mode: "amino-json" });
  await r.tx("INVALID claim-tier-rewards of another owner's position", d8, [msg(`${TIER}MsgClaimTierRewards`, { owner: a8, positionIds: [pos] })]);

  // ---- the proposals' ends ----
  r.extra.proposals_after_voting = await awaitProposals(r, [p1, p2, p3]);
  r.extra.queries = await Promise.all([
    `/cosmos/gov/v1beta1/proposals/${p1}`, `/cosmos/gov/v1/proposals/${p1}/votes`, `/cosmos/gov/v1/proposals/${p3}/votes`,
    `/cosmos/gov/v1/proposals/${p2}`, `/cosmos/gov/v1/proposals/${p1}/deposits`, `${distr}/community_pool`, balances(GOV),
  ].map((p) => r.query(p)));
}
