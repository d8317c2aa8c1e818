// x/gov v1's messages as a tx carries them (amino JSON `value`s, the protobuf ones converted to
// the same form by host/wire/messages.ts): the SDK's stateless checks (its ValidateBasic and the
// msg server's first checks), in its order and with its errors. A proposal's messages are checked
// with their own specs and must each be signed by the x/gov module account alone.

import { moduleAddress } from "../../wire/keys.js";
import { coinsError, type Coin } from "../../wire/coins.js";
import { GovErrors, SdkErrors, TxError, decodeError, type ErrorKind } from "../../wire/errors.js";
import { addressField, boolField, coinsField, onlyFields, stringField, uint64Field, type JsonObject } from "../../wire/amino/fields.js";
import type { MessageSpec, Registrar, ValidateContext } from "../../app/module.js";
import { signerOfAmino, validateAmino } from "../../app/registry.js";

export const GovMsgTypes = {
  SubmitProposal: "cosmos-sdk/v1/MsgSubmitProposal",
  Deposit: "cosmos-sdk/v1/MsgDeposit",
  Vote: "cosmos-sdk/v1/MsgVote",
  VoteWeighted: "cosmos-sdk/v1/MsgVoteWeighted",
  CancelProposal: "cosmos-sdk/v1/MsgCancelProposal",
} as const;

/** x/gov's errors (SDK v0.53 x/gov/types/errors.go). */
export const GovErrorKinds = {
  UnknownProposal: { codespace: "gov", code: 2, description: "unknown proposal" },
  InactiveProposal: { codespace: "gov", code: 3, description: "inactive proposal" },
  InvalidVote: { codespace: "gov", code: 7, description: "invalid vote option" },
  UnroutableProposalMsg: { codespace: "gov", code: 10, description: "proposal message not recognized by router" },
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

export interface ProposalMessage {
  /** Amino type name. */
  readonly type: string;
  readonly value: JsonObject;
  /** What its spec's validate returned (its handler's input). */
  readonly parsed: unknown;
}

export interface MsgSubmitProposal {
  readonly messages: readonly ProposalMessage[];
  readonly initialDeposit: Coin[];
  readonly proposer: string;
  readonly metadata: string;
  readonly title: string;
  readonly summary: string;
  readonly expedited: boolean;
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

const fail = (kind: ErrorKind, detail?: string) => new TxError(kind, detail);

/** An enum field: amino JSON writes the number (absent: 0). */
function enumField(value: JsonObject, field: string, type: string): number {
  const raw = value[field];
  if (raw === undefined) return 0;
  if (typeof raw !== "number" || !Number.isInteger(raw)) throw decodeError(`${type}.${field}: expected an enum number, got ${JSON.stringify(raw)}`);
  return raw;
}

function validCoins(coins: Coin[], what: string): Coin[] {
  const problem = coinsError(coins);
  if (problem !== undefined) throw new TxError(SdkErrors.InvalidCoins, `${what}: ${problem}`);
  return coins;
}

function submitProposalSpec(registry: Registrar): MessageSpec<MsgSubmitProposal> {
  const type = GovMsgTypes.SubmitProposal;
  return {
    signerField: "proposer",
    validate(value, ctx) {
      onlyFields(value, type, ["messages", "initial_deposit", "proposer", "metadata", "title", "summary", "expedited"]);
      const proposer = addressField(value, "proposer", type, ctx.prefix, "invalid proposer address");
      const initialDeposit = validCoins(coinsField(value, "initial_deposit", type), "invalid initial deposit");
      const raw = value.messages ?? [];
      if (!Array.isArray(raw)) throw decodeError(`${type}.messages: expected a list`);
      const gov = moduleAddress("gov", ctx.prefix);
      const messages = raw.map((m, i): ProposalMessage => innerMessage(registry, m, i, gov, ctx));
      const title = stringField(value, "title", type);
      const summary = stringField(value, "summary", type);
      const metadata = stringField(value, "metadata", type);
      if (title.length === 0) throw fail(GovErrorKinds.InvalidProposal, "proposal title cannot be empty");
      if (summary.length === 0) throw fail(GovErrorKinds.InvalidProposal, "proposal summary cannot be empty");
      return { messages, initialDeposit, proposer, metadata, title, summary, expedited: boolField(value, "expedited", type) };
    },
  };
}

/** One message of a proposal: known, valid by its own rules, and signed by x/gov alone. */
function innerMessage(registry: Registrar, m: unknown, i: number, gov: string, ctx: ValidateContext): ProposalMessage {
  if (typeof m !== "object" || m === null || Array.isArray(m)) throw decodeError(`messages[${i}]: expected {type, value}`);
  const { type, value } = m as { type?: unknown; value?: unknown };
  if (typeof type !== "string") throw decodeError(`messages[${i}].type: expected a string`);
  const entry = registry.entryOfAmino(type);
  if (entry === undefined || type === GovMsgTypes.SubmitProposal) throw new TxError(SdkErrors.TxDecode, `unable to resolve type ${JSON.stringify(type)}`);
  const v = (value ?? {}) as JsonObject;
  if (typeof v !== "object" || Array.isArray(v)) throw decodeError(`messages[${i}].value: expected an object`);
  let parsed: unknown;
  try {
    parsed = validateAmino(entry, v, ctx);
  } catch (e) {
    if (e instanceof TxError) throw fail(GovErrorKinds.InvalidProposalMsg, e.log);
    throw e;
  }
  const signer = signerOfAmino(entry, v, ctx);
  if (signer !== gov) throw fail(GovErrorKinds.InvalidSigner, signer);
  return { type, value: v, parsed };
}

const depositSpec: MessageSpec<MsgDeposit> = {
  signerField: "depositor",
  validate(value, ctx) {
    const type = GovMsgTypes.Deposit;
    onlyFields(value, type, ["proposal_id", "depositor", "amount"]);
    const depositor = addressField(value, "depositor", type, ctx.prefix, "invalid depositor address");
    const amount = validCoins(coinsField(value, "amount", type), "invalid deposit amount");
    if (amount.length === 0) throw new TxError(SdkErrors.InvalidCoins, "deposit amount must be positive");
    return { proposalId: uint64Field(value, "proposal_id", type), depositor, amount };
  },
};

const optionName = (o: number) => VOTE_OPTIONS[o] ?? `${o}`;

/** MsgVote and MsgVoteWeighted: the same fields but the options (`option`, or weighted `options`), read after the voter. */
const voteSpecOf = (type: string, field: "option" | "options", options: (value: JsonObject, type: string) => WeightedOption[]): MessageSpec<MsgVote> => ({
  signerField: "voter",
  validate(value, ctx) {
    onlyFields(value, type, ["proposal_id", "voter", field, "metadata"]);
    const voter = addressField(value, "voter", type, ctx.prefix, "invalid voter address");
    const read = options(value, type);
    return { proposalId: uint64Field(value, "proposal_id", type), voter, options: read, metadata: stringField(value, "metadata", type) };
  },
});

const voteSpec = voteSpecOf(GovMsgTypes.Vote, "option", (value, type) => {
  const option = enumField(value, "option", type);
  if (option < 1 || option > 4) throw fail(GovErrorKinds.InvalidVote, optionName(option));
  return [{ option, weight: "1" }];
});

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

const voteWeightedSpec = voteSpecOf(GovMsgTypes.VoteWeighted, "options", (value, type) => {
  const raw = value.options ?? [];
  if (!Array.isArray(raw)) throw decodeError(`${type}.options: expected a list`);
  return raw.map((o, i) => {
    if (typeof o !== "object" || o === null) throw decodeError(`${type}.options[${i}]: expected an object`);
    const at = `${type}.options[${i}]`;
    onlyFields(o as JsonObject, at, ["option", "weight"]);
    return { option: enumField(o as JsonObject, "option", at), weight: stringField(o as JsonObject, "weight", at) };
  });
});

const cancelSpec: MessageSpec<MsgCancelProposal> = {
  signerField: "proposer",
  validate(value, ctx) {
    const type = GovMsgTypes.CancelProposal;
    onlyFields(value, type, ["proposal_id", "proposer"]);
    return { proposalId: uint64Field(value, "proposal_id", type), proposer: addressField(value, "proposer", type, ctx.prefix, "invalid proposer address") };
  },
};

/** chainmain x/inflation's governance message: `{authority, params: {max_supply, burned_addresses, decay_rate}}`. */
export const MSG_UPDATE_INFLATION_PARAMS = "chainmain/inflation/MsgUpdateParams";

export interface MsgUpdateInflationParams {
  readonly authority: string;
  /** The params as sent (validated by the handler: x/inflation's Params.Validate, REFERENCE §2.1). */
  readonly params: JsonObject;
}

const updateInflationParamsSpec: MessageSpec<MsgUpdateInflationParams> = {
  signerField: "authority",
  governance: true,
  validate(value, ctx) {
    const type = MSG_UPDATE_INFLATION_PARAMS;
    onlyFields(value, type, ["authority", "params"]);
    const params = value.params ?? {};
    if (typeof params !== "object" || params === null || Array.isArray(params)) throw decodeError(`${type}.params: expected an object`);
    return { authority: addressField(value, "authority", type, ctx.prefix, "invalid authority address"), params: params as JsonObject };
  },
};

/** Registers x/gov v1's messages and chainmain x/inflation's MsgUpdateParams. */
export function registerGovMessages<R extends Registrar>(registry: R): R {
  const t = GovMsgTypes;
  return registry
    .register(MSG_UPDATE_INFLATION_PARAMS, updateInflationParamsSpec)
    .register(t.SubmitProposal, submitProposalSpec(registry))
    .register(t.Deposit, depositSpec)
    .register(t.Vote, voteSpec)
    .register(t.VoteWeighted, voteWeightedSpec)
    .register(t.CancelProposal, cancelSpec);
}
