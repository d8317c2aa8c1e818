// x/gov v1's and x/inflation's messages as protobuf definitions (host/modules/gov/messages.ts,
// host/modules/inflation/messages.ts): MsgSubmitProposal's messages decoded by type URL and checked
// by their own modules' definitions (x/gov alone signs, no proposal inside a proposal, gov 12 /
// gov 13 / sdk 2 with the amino rule's texts); the stored form of a proposal's messages (a
// protobuf tx's derived from its Any, a legacy StdTx's as signed); the gas models on the
// definitions, none left in host/app/gas/messages.ts.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { create, toBinary, type DescMessage, type MessageInitShape } from "@bufbuild/protobuf";
import { AnySchema } from "@bufbuild/protobuf/wkt";
import { MessageRegistry } from "../../../host/app/registry.js";
import type { ValidateContext } from "../../../host/framework/module.js";
import { MODULES } from "../../../host/modules/index.js";
import { GovMsgTypes, type MsgSubmitProposal } from "../../../host/modules/gov/validate.js";
import { msgSubmitProposal } from "../../../host/modules/gov/messages.js";
import { msgUpdateInflationParams } from "../../../host/modules/inflation/messages.js";
import { decodeAny, protoOfAmino } from "../../../host/wire/messages.js";
import { moduleAddress } from "../../../host/wire/keys.js";
import { TxError } from "../../../host/wire/errors.js";
import { MsgSubmitProposalSchema } from "../../../host/wire/gen/cosmos/gov/v1/tx_pb.js";
import { MsgSendSchema } from "../../../host/wire/gen/cosmos/bank/v1beta1/tx_pb.js";
import { MsgAddTierSchema } from "../../../host/wire/gen/chainmain/tieredrewards/v1/tx_pb.js";
import { MsgUpdateParamsSchema } from "../../../host/wire/gen/chainmain/inflation/v1/tx_pb.js";
import { A } from "../../helpers/tx.js";

const registry = new MessageRegistry(MODULES);
const ctx: ValidateContext = { prefix: "cro", messages: registry };
const GOV = moduleAddress("gov", "cro");

const anyOf = <D extends DescMessage>(schema: D, init: MessageInitShape<D>) =>
  create(AnySchema, { typeUrl: `/${schema.typeName}`, value: toBinary(schema, create(schema, init)) });

const addTier = (authority: string) =>
  anyOf(MsgAddTierSchema, { authority, tier: { id: 4, exitDuration: { seconds: 3600n }, bonusApy: "50000000000000000", minLockAmount: "1" } });

const proposal = (messages: ReturnType<typeof anyOf>[], o: { title?: string } = {}) =>
  create(MsgSubmitProposalSchema, {
    messages, initialDeposit: [{ denom: "basecro", amount: "10" }], proposer: A, title: o.title ?? "t", summary: "s",
  });

const refusal = (run: () => unknown): string => {
  try {
    run();
  } catch (e) {
    if (e instanceof TxError) return `${e.codespace} ${e.code}: ${e.log}`;
    throw e;
  }
  return "accepted";
};

test("a protobuf proposal: its messages checked by type URL, stored as the amino JSON derived from their Anys", () => {
  const inner = addTier(GOV);
  const parsed: MsgSubmitProposal = msgSubmitProposal.validate(proposal([inner]), ctx);
  assert.equal(parsed.messages, [decodeAny(inner.typeUrl, inner.value, "m").amino]);
  assert.is(parsed.messages[0]!.type, "chainmain/MsgAddTier");
  assert.is(parsed.proposer, A);
  assert.equal(parsed.initialDeposit, [{ denom: "basecro", amount: 10n }]);
});

test("refusals: another signer (gov 13, the keeper's), an invalid message (gov 12), a proposal inside (sdk 2), no title (gov 21), nothing proposed (gov 11)", () => {
  // A message another account signs: the keeper refuses it (gov 13), after reading the params and x/gov's account.
  assert.is(msgSubmitProposal.validate(proposal([addTier(A)]), ctx).wrongSigner, A);
  assert.is(msgSubmitProposal.validate(proposal([addTier(GOV)]), ctx).wrongSigner, undefined);
  const badSend = anyOf(MsgSendSchema, { fromAddress: GOV, toAddress: A, amount: [] });
  assert.is(refusal(() => msgSubmitProposal.validate(proposal([badSend]), ctx)), "gov 12: : invalid coins: invalid proposal message");
  const nested = anyOf(MsgSubmitProposalSchema, { proposer: GOV, title: "t", summary: "s" });
  assert.is(refusal(() => msgSubmitProposal.validate(proposal([nested]), ctx)), `sdk 2: unable to resolve type "${GovMsgTypes.SubmitProposal}": tx parse error`);
  assert.is(refusal(() => msgSubmitProposal.validate(proposal([], { title: "" }), ctx)), "gov 21: proposal title cannot be empty: invalid proposal content");
  // In order: the first message's refusal, before the title's.
  assert.match(refusal(() => msgSubmitProposal.validate(proposal([badSend], { title: "" }), ctx)), /^gov 12/);
  assert.is(refusal(() => msgSubmitProposal.validate(proposal([]), ctx)), "gov 11: either metadata or Msgs length must be non-nil: no messages proposed");
  assert.is(refusal(() => msgSubmitProposal.validate({ ...proposal([]), metadata: "a text proposal" }, ctx)), "accepted");
});

test("a legacy StdTx's proposal keeps its messages as signed (key order, amino's defaults), so stored records replay identically", () => {
  const signed = {
    type: "chainmain/MsgAddTier",
    value: { authority: GOV, tier: { bonus_apy: "0.05", close_only: false, exit_duration: "3600s", id: 4, min_lock_amount: "1" } },
  };
  const value = { initial_deposit: [{ amount: "10", denom: "basecro" }], messages: [signed], proposer: A, summary: "s", title: "t" };
  const m = protoOfAmino(GovMsgTypes.SubmitProposal, value).message as ReturnType<typeof proposal>;
  const parsed = msgSubmitProposal.validate(m, { ...ctx, amino: value });
  assert.equal(parsed.messages, [signed]);
  assert.is(JSON.stringify(parsed.messages[0]), JSON.stringify(signed));
  // Without the signed form, the node's derivation: canonical, in field order.
  assert.is.not(JSON.stringify(msgSubmitProposal.validate(m, ctx).messages[0]), JSON.stringify(signed));
});

test("x/inflation MsgUpdateParams: its params' JSON as signed, else from the protobuf message; governance-only", () => {
  assert.is(msgUpdateInflationParams.governance, true);
  const msg = create(MsgUpdateParamsSchema, { authority: GOV, params: { maxSupply: "0", burnedAddresses: [], decayRate: "0" } });
  const derived = msgUpdateInflationParams.validate(msg, ctx);
  assert.is(derived.authority, GOV);
  assert.equal(JSON.parse(derived.params), { max_supply: "0", decay_rate: "0.000000000000000000" });
  const amino = { authority: GOV, params: { burned_addresses: [], decay_rate: "0", max_supply: "0" } };
  assert.is(msgUpdateInflationParams.validate(msg, { ...ctx, amino }).params, JSON.stringify(amino.params));
});

test("x/gov's models are on its definitions", () => {
  const metered = (url: string) => {
    const e = registry.entry(url)!;
    return e.def.gas !== undefined;
  };
  for (const name of ["MsgSubmitProposal", "MsgDeposit", "MsgVote", "MsgVoteWeighted"]) assert.ok(metered(`/cosmos.gov.v1.${name}`), name);
  assert.not.ok(metered("/cosmos.gov.v1.MsgCancelProposal"), "metered by the core's store counters, as before");
});

test.run();
