// x/gov's legacy content (v1beta1 Content inside v1 MsgExecLegacyContent): its errors, its route,
// and chain-main's legacy router, which handles the `gov` route (TextProposal) and no other.

import type { Any } from "@bufbuild/protobuf/wkt";
import { GovErrors, TxError } from "../../wire/errors.js";
import { TextProposalSchema } from "../../wire/gen/cosmos/gov/v1beta1/gov_pb.js";

export const TEXT_PROPOSAL_URL = `/${TextProposalSchema.typeName}`;

/** x/gov's legacy-content errors (SDK v0.53 x/gov/types/errors.go). */
export const LegacyErrorKinds = {
  InvalidProposalContent: { codespace: "gov", code: 5, description: "invalid proposal content" },
  InvalidProposalType: { codespace: "gov", code: 6, description: "invalid proposal type" },
  NoProposalHandlerExists: { codespace: "gov", code: 9, description: "no handler exists for proposal type" },
  InvalidSigner: GovErrors.InvalidSigner,
} as const;

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
