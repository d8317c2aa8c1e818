// The Decs of governed params as the SDK's Params.Validate reads them: a LegacyDec field of a
// protobuf Params is its 18-decimal integer's text (slashing's: those bytes), gov v1's a plain
// decimal string; "" (or no bytes) is a nil Dec. Texts print as LegacyDec.String().

import { decString } from "../../wire/gateway-json.js";
import { plainError } from "./update-params.js";

/** A LegacyDec field's raw value (value x 10^18); undefined: nil. */
export function rawDec(text: string | Uint8Array): bigint | undefined {
  const t = typeof text === "string" ? text : new TextDecoder().decode(text);
  if (t === "") return undefined;
  if (!/^-?\d+$/.test(t)) throw plainError(`invalid decimal: ${t}`);
  return BigInt(t);
}

const ONE = 10n ** 18n;

/**
 * The SDK's usual Dec rule: not nil (`<what> cannot be nil: <nil>`), not negative, at most one;
 * `texts` the three messages' heads as that module words them.
 */
export function unitDec(raw: bigint | undefined, texts: { nil: string; negative: string; large: string }): bigint {
  if (raw === undefined) throw plainError(texts.nil);
  if (raw < 0n) throw plainError(`${texts.negative}: ${decString(raw)}`);
  if (raw > ONE) throw plainError(`${texts.large}: ${decString(raw)}`);
  return raw;
}

/** The raw text of a Dec for a protobuf LegacyDec field. */
export const decField = (raw: bigint): string => `${raw}`;
