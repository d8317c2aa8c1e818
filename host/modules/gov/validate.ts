// x/gov v1's messages as the handlers take them, and the SDK's stateless checks (the msg server's
// first checks) on their protobuf types, in its order and with its errors. MsgSubmitProposal's,
// which checks the proposal's messages by their own definitions, are in proposal-messages.ts.

import { coinsError, protoCoins, type Coin } from "../../wire/coins.js";
import { canonicalAddress } from "../../wire/address.js";
import { GovErrors, SdkErrors, TxError, type ErrorKind } from "../../wire/errors.js";
import type { JsonObject } from "../../wire/amino/fields.js";
import type {
  MsgCancelProposal as MsgCancelProposalProto, MsgDeposit as MsgDepositProto,
  MsgVote as MsgVoteProto, MsgVoteWeighted as MsgVoteWeightedProto,
} from "../../wire/gen/cosmos/gov/v1/tx_pb.js";

/** x/gov v1's amino names (the CLI's messages; the schema's `amino.name`). */
export const GovMsgTypes = {
  SubmitProposal: "cosmos-sdk/v1/MsgSubmitProposal",
  Deposit: "cosmos-sdk/v1/MsgDeposit",
  Vote: "cosmos-sdk/v1/MsgVote",
  VoteWeighted: "cosmos-sdk/v1/MsgVoteWeighted",
  /** No amino.name in the SDK: its amino type is its type URL. */
  CancelProposal: "/cosmos.gov.v1.MsgCancelProposal",
} as const;

/** x/gov's errors (SDK v0.53 x/gov/types/errors.go). */
export const GovErrorKinds = {
  UnknownProposal: { codespace: "gov", code: 2, description: "unknown proposal" },
  InactiveProposal: { codespace: "gov", code: 3, description: "inactive proposal" },
  InvalidVote: { codespace: "gov", code: 7, description: "invalid vote option" },
  UnroutableProposalMsg: { codespace: "gov", code: 10, description: "proposal message not recognized by router" },
  NoProposalMsgs: { codespace: "gov", code: 11, description: "no messages proposed" },
  InvalidProposalMsg: { codespace: "gov", code: 12, description: "invalid proposal message" },
  InvalidSigner: GovErrors.InvalidSigner,
  MetadataTooLong: { codespace: "gov", code: 15, description: "metadata too long" },
  MinDepositTooSmall: { codespace: "gov", code: 16, description: "minimum deposit is too small" },
  InvalidProposer: { codespace: "gov", code: 18, description: "invalid proposer" },
  VotingPeriodEnded: { codespace: "gov", code: 20, description: "voting period already ended" },
  InvalidProposal: { codespace: "gov", code: 21, description: "invalid proposal content" },
  SummaryTooLong: { codespace: "gov", code: 22, description: "summary too long" },
  InvalidDepositDenom: { codespace: "gov", code: 23, description: "invalid deposit denom" },
} as const satisfies Record<string, ErrorKind>;

/** x/gov's config defaults: metadata 255 characters, title 255, summary 10,200. */
export const GOV_LIMITS = { metadata: 255, title: 255, summary: 10_200 } as const;

/** VoteOption: 1 yes, 2 abstain, 3 no, 4 no with veto. */
export const VOTE_OPTIONS = ["VOTE_OPTION_UNSPECIFIED", "VOTE_OPTION_YES", "VOTE_OPTION_ABSTAIN", "VOTE_OPTION_NO", "VOTE_OPTION_NO_WITH_VETO"] as const;

/**
 * One message of a proposal as the keeper stores it (and its state hash, export and queries read
 * it): its amino name and JSON value, as signed (a legacy StdTx's) or as the node derives it
 * from the protobuf message (host/wire/messages.ts).
 */
export interface ProposalMessage {
  readonly type: string;
  readonly value: JsonObject;
}

export interface MsgSubmitProposal {
  readonly messages: readonly ProposalMessage[];
  readonly initialDeposit: Coin[];
  readonly proposer: string;
  readonly metadata: string;
  readonly title: string;
  readonly summary: string;
  readonly expedited: boolean;
  /** The first message's signer that is not x/gov, or "" for a message with several signers (the keeper refuses it: gov 13). */
  readonly wrongSigner?: string;
  /** Which message `wrongSigner` is. */
  readonly wrongSignerIndex?: number;
}

export interface MsgDeposit {
  readonly proposalId: bigint;
  readonly depositor: string;
  readonly amount: Coin[];
}

export interface WeightedOption {
  readonly option: number;
  /** The weight's decimal text as sent (gov weights are plain strings on the wire). */
  readonly weight: string;
}

export interface MsgVote {
  readonly proposalId: bigint;
  readonly voter: string;
  readonly options: readonly WeightedOption[];
  readonly metadata: string;
}

export interface MsgCancelProposal {
  readonly proposalId: bigint;
  readonly proposer: string;
}

/** What the stateless checks of x/gov's own messages read (framework/module.ts ValidateContext has it). */
interface Prefixed {
  readonly prefix: string;
}

const fail = (kind: ErrorKind, detail?: string) => new TxError(kind, detail);

/** An account address (`AccAddressFromBech32`): sdk 7 `<what>: <cause>` otherwise. */
export function accountAddress(text: string, prefix: string, what: string): string {
  try {
    return canonicalAddress(text, prefix);
  } catch (e) {
    throw new TxError(SdkErrors.InvalidAddress, `${what}: ${(e as Error).message}`);
  }
}

/** GetSigners of a message whose `field` signs: sdk 7 `invalid signer <field>: <cause>`. */
export const signerAddress = (text: string, field: string, prefix: string): string => accountAddress(text, prefix, `invalid signer ${field}`);

/** A coin list's amounts read (a malformed amount does not decode: sdk 2), named as the amino rule named them. */
export const coinsOf = (coins: readonly { denom: string; amount: string }[], type: string, field: string): Coin[] => protoCoins(coins, `${type}.${field}`);

export function validCoins(coins: Coin[], what: string): Coin[] {
  const problem = coinsError(coins);
  if (problem !== undefined) throw new TxError(SdkErrors.InvalidCoins, `${what}: ${problem}`);
  return coins;
}

/** MsgDeposit: its amount read, the depositor, the amount valid and not empty. */
export function validateDeposit(m: MsgDepositProto, { prefix }: Prefixed): MsgDeposit {
  const read = coinsOf(m.amount, GovMsgTypes.Deposit, "amount");
  const depositor = accountAddress(m.depositor, prefix, "invalid depositor address");
  const amount = validCoins(read, "invalid deposit amount");
  if (amount.length === 0) throw new TxError(SdkErrors.InvalidCoins, "deposit amount must be positive");
  return { proposalId: m.proposalId, depositor, amount };
}

const optionName = (o: number) => VOTE_OPTIONS[o] ?? `${o}`;

/** MsgVote: the voter, then one of the four options (weight 1). */
export function validateVote(m: MsgVoteProto, { prefix }: Prefixed): MsgVote {
  const voter = accountAddress(m.voter, prefix, "invalid voter address");
  if (m.option < 1 || m.option > 4) throw fail(GovErrorKinds.InvalidVote, optionName(m.option));
  return { proposalId: m.proposalId, voter, options: [{ option: m.option, weight: "1" }], metadata: m.metadata };
}

/** MsgVoteWeighted: the voter; its options are the keeper's to check (checkWeightedOptions). */
export function validateVoteWeighted(m: MsgVoteWeightedProto, { prefix }: Prefixed): MsgVote {
  const voter = accountAddress(m.voter, prefix, "invalid voter address");
  const options = m.options.map((o) => ({ option: o.option as number, weight: o.weight }));
  return { proposalId: m.proposalId, voter, options, metadata: m.metadata };
}

/** MsgCancelProposal: the proposer. */
export function validateCancelProposal(m: MsgCancelProposalProto, { prefix }: Prefixed): MsgCancelProposal {
  return { proposalId: m.proposalId, proposer: accountAddress(m.proposer, prefix, "invalid proposer address") };
}

/** Weighted options: each a valid option with a weight in (0, 1], no option twice, weights summing to exactly 1. */
export function checkWeightedOptions(options: readonly WeightedOption[], parseDec: (s: string) => bigint): void {
  const E18 = 10n ** 18n;
  if (options.length === 0) throw fail(GovErrorKinds.InvalidVote, "invalid options: no options provided");
  const seen = new Set<number>();
  let total = 0n;
  for (const o of options) {
    let w: bigint;
    try {
      w = parseDec(o.weight);
    } catch {
      throw fail(GovErrorKinds.InvalidVote, `option:${optionName(o.option)} weight:"${o.weight}" `);
    }
    if (o.option < 1 || o.option > 4 || w <= 0n || w > E18) throw fail(GovErrorKinds.InvalidVote, `option:${optionName(o.option)} weight:"${o.weight}" `);
    if (seen.has(o.option)) throw fail(GovErrorKinds.InvalidVote, "duplicated vote option");
    seen.add(o.option);
    total += w;
  }
  if (total > E18) throw fail(GovErrorKinds.InvalidVote, "total weight overflow 1.00");
  if (total < E18) throw fail(GovErrorKinds.InvalidVote, "total weight lower than 1.00");
}
