// The workload recorded on chain-maind for issue 33 (test/reference-chain-issue33/README.md): what
// each dev key sends, in order, with CosmJS. A proposal (id 1), votes with `fee: "auto"`, and the
// refusals the issue names (an unknown proposal, a blocked recipient, a validator not jailed).

import type { EncodeObject } from "@cosmjs/proto-signing";
import { GOV_MODULE_ADDRESS, devAddress, operatorOf } from "../../host/app/genesis.js";

export const ISSUE33_FEE = { amount: [{ denom: "basecro", amount: "20000" }], gas: "800000" };

export interface Issue33Step {
  label: string;
  signer: number;
  /** "auto": CosmJS's simulate x 1.4 at 0.025basecro a unit. */
  fee: "auto" | typeof ISSUE33_FEE;
  messages: EncodeObject[];
}

const coin = (amount: string, denom = "basecro") => [{ denom, amount }];

export function issue33Workload(): Issue33Step[] {
  const [d1, d2, d5] = [devAddress(1), devAddress(2), devAddress(5)];
  const vote = (voter: string, id: bigint) => ({ typeUrl: "/cosmos.gov.v1.MsgVote", value: { proposalId: id, voter, option: 1, metadata: "" } });
  const weighted = (options: { option: number; weight: string }[]) => ({ typeUrl: "/cosmos.gov.v1.MsgVoteWeighted", value: { proposalId: 999n, voter: d5, options, metadata: "" } });
  const deposit = (amount: { denom: string; amount: string }[]) => ({ typeUrl: "/cosmos.gov.v1.MsgDeposit", value: { proposalId: 999n, depositor: d5, amount } });
  const send = (amount: { denom: string; amount: string }[]) => ({ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: d5, toAddress: GOV_MODULE_ADDRESS, amount } });
  const F = ISSUE33_FEE;
  return [
    { label: "submit a proposal (no messages, metadata)", signer: 5, fee: F, messages: [{
      typeUrl: "/cosmos.gov.v1.MsgSubmitProposal",
      value: { messages: [], initialDeposit: coin("1000000000000"), proposer: d5, metadata: "m", title: "t", summary: "s", expedited: false },
    }] },
    { label: "vote, fee auto (validator 1)", signer: 1, fee: "auto", messages: [vote(d1, 1n)] },
    { label: "vote, fee auto (key 2's first tx)", signer: 2, fee: "auto", messages: [vote(d2, 1n)] },
    { label: "vote, fee auto (key 5)", signer: 5, fee: "auto", messages: [vote(d5, 1n)] },
    { label: "INVALID vote on proposal 999", signer: 5, fee: F, messages: [vote(d5, 999n)] },
    { label: "INVALID weighted vote on proposal 999", signer: 5, fee: F, messages: [weighted([{ option: 1, weight: "0.5" }, { option: 3, weight: "0.5" }])] },
    { label: "INVALID deposit on proposal 999", signer: 5, fee: F, messages: [deposit(coin("1000000000000"))] },
    { label: "INVALID deposit of foo on proposal 999", signer: 5, fee: F, messages: [deposit(coin("1", "foo"))] },
    { label: "INVALID weighted vote, weight 1.5", signer: 5, fee: F, messages: [weighted([{ option: 1, weight: "1.5" }])] },
    { label: "INVALID weighted vote, no options", signer: 5, fee: F, messages: [weighted([])] },
    { label: "INVALID send to x/gov's account", signer: 5, fee: F, messages: [send(coin("100000000"))] },
    { label: "INVALID send of foo to x/gov's account", signer: 5, fee: F, messages: [send(coin("1", "foo"))] },
    { label: "INVALID unjail, not jailed", signer: 1, fee: F, messages: [{ typeUrl: "/cosmos.slashing.v1beta1.MsgUnjail", value: { validatorAddr: operatorOf(d1) } }] },
  ];
}
