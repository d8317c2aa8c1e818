// More txs after the recorded workload, for paths it does not take: a send that creates its
// recipient's account, a tx of two messages with a memo, an undelegation of a whole delegation, a
// second unbonding entry, a claim over a delegated and an unbonding position, a position's full
// exit with its delegation, a withdrawal from the tier, a validator's commission, a proposal's
// deposit in two parts. Their gas on the chain (`chainGas`) was
// measured by running chain-main 1ac014c6's app on the SDK v0.53.6 (built as
// ../shared/reference-chain/README.md says) in process, from the recorded genesis, on the recorded
// txs and then these, at these heights.

import { GOV_MODULE_ADDRESS, devAddress, operatorOf } from "../../host/app/genesis.js";

export interface ExtraTx {
  label: string;
  height: number;
  signer: number;
  memo: string;
  messages: Record<string, unknown>[];
  /** gas_used on the chain (code 0 for all). */
  chainGas: bigint;
}

const val1 = operatorOf(devAddress(1));
const val2 = operatorOf(devAddress(2));
const coin = (amount: string) => ({ denom: "basecro", amount });
const CRO = "100000000";

export const EXTRA_FEE = { amount: [coin("20000")], gas: "800000" };

export function extraWorkload(): ExtraTx[] {
  return [
    { label: "send to a new account", height: 118, signer: 6, memo: "", chainGas: 81961n, messages: [
      { "@type": "/cosmos.bank.v1beta1.MsgSend", from_address: devAddress(6), to_address: devAddress(9), amount: [coin(CRO)] },
    ] },
    { label: "send + delegate, memo", height: 119, signer: 5, memo: "hello", chainGas: 188093n, messages: [
      { "@type": "/cosmos.bank.v1beta1.MsgSend", from_address: devAddress(5), to_address: devAddress(7), amount: [coin(CRO)] },
      { "@type": "/cosmos.staking.v1beta1.MsgDelegate", delegator_address: devAddress(5), validator_address: val1, amount: coin(`${10n * BigInt(CRO)}`) },
    ] },
    { label: "undelegate a whole delegation", height: 120, signer: 8, memo: "", chainGas: 181132n, messages: [
      { "@type": "/cosmos.staking.v1beta1.MsgUndelegate", delegator_address: devAddress(8), validator_address: val1, amount: coin("10000000000") },
    ] },
    { label: "undelegate, a second entry", height: 121, signer: 5, memo: "", chainGas: 202448n, messages: [
      { "@type": "/cosmos.staking.v1beta1.MsgUndelegate", delegator_address: devAddress(5), validator_address: val1, amount: coin(CRO) },
    ] },
    { label: "claim a delegated and an unbonding position", height: 122, signer: 7, memo: "", chainGas: 154926n, messages: [
      { "@type": "/chainmain.tieredrewards.v1.MsgClaimTierRewards", owner: devAddress(7), position_ids: ["1", "2"] },
    ] },
    { label: "trigger exit again", height: 123, signer: 6, memo: "", chainGas: 62841n, messages: [
      { "@type": "/chainmain.tieredrewards.v1.MsgTriggerExitFromTier", owner: devAddress(6), position_id: "0" },
    ] },
    { label: "withdraw rewards from val2", height: 124, signer: 5, memo: "", chainGas: 116508n, messages: [
      { "@type": "/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward", delegator_address: devAddress(5), validator_address: val2 },
    ] },
    { label: "lock tier 4, exit at once", height: 125, signer: 8, memo: "", chainGas: 195015n, messages: [
      { "@type": "/chainmain.tieredrewards.v1.MsgLockTier", owner: devAddress(8), id: 4, amount: "10000000000", validator_address: val1, trigger_exit_immediately: true },
    ] },
    { label: "withdraw the validator's commission", height: 126, signer: 1, memo: "", chainGas: 76794n, messages: [
      { "@type": "/cosmos.distribution.v1beta1.MsgWithdrawValidatorCommission", validator_address: val1 },
    ] },
    { label: "submit a proposal with a tenth of the deposit", height: 127, signer: 5, memo: "", chainGas: 133726n, messages: [{
      "@type": "/cosmos.gov.v1.MsgSubmitProposal",
      messages: [{
        "@type": "/chainmain.tieredrewards.v1.MsgAddTier", authority: GOV_MODULE_ADDRESS,
        tier: { id: 6, exit_duration: "7884000s", bonus_apy: "0.030000000000000000", min_lock_amount: "10000000000", close_only: false },
      }],
      initial_deposit: [coin("100000000000")], proposer: devAddress(5), metadata: "", title: "tier 6", summary: "a 3-month tier", expedited: false,
    }] },
    { label: "deposit the rest: voting starts", height: 128, signer: 6, memo: "", chainGas: 107894n, messages: [
      { "@type": "/cosmos.gov.v1.MsgDeposit", proposal_id: "2", depositor: devAddress(6), amount: [coin("900000000000")] },
    ] },
    { label: "full exit with the delegation", height: 195, signer: 8, memo: "", chainGas: 272950n, messages: [
      { "@type": "/chainmain.tieredrewards.v1.MsgExitTierWithDelegation", owner: devAddress(8), position_id: "4", amount: "10000000000" },
    ] },
    { label: "withdraw from the tier", height: 250, signer: 7, memo: "", chainGas: 71166n, messages: [
      { "@type": "/chainmain.tieredrewards.v1.MsgWithdrawFromTier", owner: devAddress(7), position_id: "2" },
    ] },
  ];
}
