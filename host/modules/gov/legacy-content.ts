// x/gov's legacy content (v1beta1 Content inside v1 MsgExecLegacyContent): its errors, its route,
// and chain-main's legacy router, which handles the `gov` route (TextProposal) and no other.

import type { Any } from "@bufbuild/protobuf/wkt";
import { GovErrors, SdkErrors, TxError } from "../../wire/errors.js";
import { TextProposalSchema } from "../../wire/gen/cosmos/gov/v1beta1/gov_pb.js";

export const TEXT_PROPOSAL_URL = `/${TextProposalSchema.typeName}`;

/** x/gov's legacy-content errors (SDK v0.53 x/gov/types/errors.go). */
export const LegacyErrorKinds = {
  InvalidProposalContent: { codespace: "gov", code: 5, description: "invalid proposal content" },
  InvalidProposalType: { codespace: "gov", code: 6, description: "invalid proposal type" },
  NoProposalHandlerExists: { codespace: "gov", code: 9, description: "no handler exists for proposal type" },
  InvalidSigner: GovErrors.InvalidSigner,
} as const;

/**
 * The v1beta1 Content implementations chain-main's interface registry holds (x/gov's TextProposal,
 * x/distribution's, x/upgrade's and ibc-go's legacy contents): each one's ProposalType, and whether
 * that type is registered (v1beta1.IsValidProposalType: gov's Text, and x/upgrade's two, which its
 * package registers at init; distribution and ibc-go no longer do).
 */
const CONTENTS: Readonly<Record<string, { proposalType: string; validType: boolean }>> = {
  [TEXT_PROPOSAL_URL]: { proposalType: "Text", validType: true },
  "/cosmos.distribution.v1beta1.CommunityPoolSpendProposal": { proposalType: "CommunityPoolSpend", validType: false },
  "/cosmos.upgrade.v1beta1.SoftwareUpgradeProposal": { proposalType: "SoftwareUpgrade", validType: true },
  "/cosmos.upgrade.v1beta1.CancelSoftwareUpgradeProposal": { proposalType: "CancelSoftwareUpgrade", validType: true },
  "/ibc.core.client.v1.ClientUpdateProposal": { proposalType: "ClientUpdate", validType: false },
  "/ibc.core.client.v1.UpgradeProposal": { proposalType: "IBCUpgrade", validType: false },
};

/**
 * The Content a v1beta1 MsgSubmitProposal or a v1 MsgExecLegacyContent carries, as the tx decoder's
 * UnpackInterfaces reads it: a type that is no Content implementation (a Msg, an authorization…)
 * fails the decoding, sdk 2 at CheckTx (`no concrete type registered for type URL <url> against
 * interface *v1beta1.Content: tx parse error`). A type nobody registered never gets here: the
 * decoder could not resolve it (`unable to resolve type URL`). An unset content passes (unpacked as nil).
 */
export function contentOf(content: Any | undefined): { proposalType: string; validType: boolean } | undefined {
  if (content === undefined || content.typeUrl === "") return undefined;
  const known = Object.hasOwn(CONTENTS, content.typeUrl) ? CONTENTS[content.typeUrl] : undefined;
  if (known === undefined) {
    throw new TxError(SdkErrors.TxDecode, `no concrete type registered for type URL ${content.typeUrl} against interface *v1beta1.Content`, "decode");
  }
  return known;
}

/** A content's ProposalRoute: its module's router key (`gov` for TextProposal). */
export function contentRoute(typeUrl: string): string {
  if (typeUrl === TEXT_PROPOSAL_URL) return "gov";
  const parts = typeUrl.replace(/^\//, "").split(".");
  return parts[0] === "cosmos" || parts[0] === "ibc" ? (parts[1] ?? typeUrl) : (parts[0] ?? typeUrl);
}

/** x/gov's legacy router in chain-main: the `gov` route only; any other content has no handler (gov 9). */
export function checkLegacyRoute(content: Any): void {
  const route = contentRoute(content.typeUrl);
  if (route !== "gov") throw new TxError(LegacyErrorKinds.NoProposalHandlerExists, route);
}
