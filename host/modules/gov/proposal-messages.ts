// MsgSubmitProposal's stateless checks, and its messages': each a registered type (no proposal
// inside a proposal), valid by its own module's definition, signed by the x/gov module account
// alone (SDK v0.53 x/gov keeper SubmitProposal), errors as x/gov reports them.
//
// The keeper stores a proposal's messages as amino JSON (ProposalMessage): the form its records,
// state hash, export and queries have always had. A message of a protobuf tx is stored as the
// node derives its amino JSON from the Any (host/wire/messages.ts decodeAny); a legacy StdTx's as
// it was signed (ValidateContext.amino), so a stored database replays to the same records.

import type { Any } from "@bufbuild/protobuf/wkt";
import { moduleAddress } from "../../wire/keys.js";
import { SdkErrors, TxError } from "../../wire/errors.js";
import { decodeAny, type AminoJson } from "../../wire/messages.js";
import type { JsonObject } from "../../wire/amino/fields.js";
import type { ValidateContext } from "../../framework/module.js";
import {
  MsgExecLegacyContentSchema, MsgSubmitProposalSchema, type MsgExecLegacyContent, type MsgSubmitProposal as MsgSubmitProposalProto,
} from "../../wire/gen/cosmos/gov/v1/tx_pb.js";
import { checkLegacyRoute } from "./legacy-content.js";
import {
  GovErrorKinds, GovMsgTypes, accountAddress, coinsOf, validCoins, type MsgSubmitProposal, type ProposalMessage,
} from "./validate.js";

const SUBMIT_PROPOSAL_URL = `/${MsgSubmitProposalSchema.typeName}`;
const EXEC_LEGACY_URL = `/${MsgExecLegacyContentSchema.typeName}`;

/**
 * MsgSubmitProposal: its initial deposit read, the proposer, the deposit valid, each message,
 * a title and a summary. The lengths and the deposit's minimum are the keeper's.
 */
export function validateSubmitProposal(m: MsgSubmitProposalProto, ctx: ValidateContext): MsgSubmitProposal {
  const deposit = coinsOf(m.initialDeposit, GovMsgTypes.SubmitProposal, "initial_deposit");
  const proposer = accountAddress(m.proposer, ctx.prefix, "invalid proposer address");
  const initialDeposit = validCoins(deposit, "invalid initial deposit");
  const gov = moduleAddress("gov", ctx.prefix);
  // A message not signed by x/gov alone fails in the keeper, after the params and x/gov's account
  // are read (gov 13 naming the signer): kept for the handler, so the gas model charges those reads.
  let wrongSigner: string | undefined;
  let wrongSignerIndex: number | undefined;
  const messages = m.messages.map((any, i) => {
    const { message, signers } = proposalMessage(any, i, gov, ctx);
    // GetMsgV1Signers: more than one signer is gov 13 unwrapped (before x/gov's account is read); one that is not x/gov, gov 13 naming it.
    if (wrongSigner === undefined && (signers.length !== 1 || signers[0] !== gov)) {
      wrongSigner = signers.length === 1 ? signers[0] : "";
      wrongSignerIndex = i;
    }
    return message;
  });
  if (m.title.length === 0) throw new TxError(GovErrorKinds.InvalidProposal, "proposal title cannot be empty");
  if (m.summary.length === 0) throw new TxError(GovErrorKinds.InvalidProposal, "proposal summary cannot be empty");
  // Neither messages nor metadata: nothing to propose (the msg server's check after the title's, the summary's and the proposer's).
  if (m.messages.length === 0 && m.metadata.length === 0) throw new TxError(GovErrorKinds.NoProposalMsgs, "either metadata or Msgs length must be non-nil");
  return {
    messages, initialDeposit, proposer, metadata: m.metadata, title: m.title, summary: m.summary, expedited: m.expedited,
    ...(wrongSigner === undefined ? {} : { wrongSigner, wrongSignerIndex }),
  };
}

/**
 * One message of a proposal: a type the registry holds (a proposal inside a proposal is not one:
 * sdk 2, as an unknown type), valid by its own definition (its error wrapped as gov 12), and
 * signed by x/gov alone (gov 13 naming the signer).
 */
function proposalMessage(any: Any, i: number, gov: string, ctx: ValidateContext): { message: ProposalMessage; signers: string[] } {
  const registry = ctx.messages;
  if (registry === undefined) throw new Error("a proposal's messages are checked by the message registry: ValidateContext.messages is unset");
  const unresolved = (type: string) => new TxError(SdkErrors.TxDecode, `unable to resolve type ${JSON.stringify(type)}`);
  if (any.typeUrl === SUBMIT_PROPOSAL_URL) throw unresolved(GovMsgTypes.SubmitProposal);
  const decoded = decodeAny(any.typeUrl, any.value, `messages[${i}]`);
  const signed = signedMessage(ctx.amino, i);
  const amino = signed ?? decoded.amino;
  const entry = registry.entry(any.typeUrl);
  if (entry === undefined) throw unresolved(amino.type);
  const inner: ValidateContext = { prefix: ctx.prefix, messages: registry, ...(signed === undefined ? {} : { amino: signed.value }) };
  try {
    entry.def.validate(decoded.message, inner);
  } catch (e) {
    // What the tx decoder refuses (a content that is no Content) is the decoding's error, not the message's.
    if (e instanceof TxError && !e.is(SdkErrors.TxDecode)) throw new TxError(GovErrorKinds.InvalidProposalMsg, e.log);
    throw e;
  }
  const signers = entry.def.signers?.(decoded.message, inner) ?? [entry.def.signer(decoded.message, inner)];
  // SubmitProposal runs a MsgExecLegacyContent in a cached context: a content without a handler fails (gov 9).
  if (any.typeUrl === EXEC_LEGACY_URL) checkLegacyRoute((decoded.message as MsgExecLegacyContent).content ?? { typeUrl: "", value: new Uint8Array() } as Any);
  return { message: { type: amino.type, value: amino.value }, signers };
}

/** A legacy StdTx proposal's `i`th message as signed, if the proposal came as amino JSON. */
function signedMessage(amino: JsonObject | undefined, i: number): AminoJson | undefined {
  const list = amino?.messages;
  if (!Array.isArray(list)) return undefined;
  const item: unknown = list[i];
  return isAminoJson(item) ? item : undefined;
}

function isAminoJson(x: unknown): x is AminoJson {
  if (typeof x !== "object" || x === null || !("type" in x) || !("value" in x)) return false;
  return typeof x.type === "string" && typeof x.value === "object" && x.value !== null && !Array.isArray(x.value);
}
