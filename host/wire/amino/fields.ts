// Reading a message's amino-JSON `value` for a validator. Amino JSON omits zero values (empty
// string, empty list, false, "0"), so an absent field reads as its zero value, as the SDK's
// decoder would; a present field of the wrong JSON type cannot be decoded (sdk code 2); a field
// the message does not have is refused (the SDK rejects unknown fields), since a signature over
// fields nobody reads would be a trap.

import { canonicalAddress } from "../address.js";
import { parseCoins, parseUint64String, type Coin } from "../coins.js";
import { SdkErrors, TxError, decodeError } from "../errors.js";

/** A message value: a JSON object. */
export type JsonObject = Readonly<Record<string, unknown>>;

/** Refuses any field of `value` not in `known`. `type` (the amino name) names the message. */
export function onlyFields(value: JsonObject, type: string, known: readonly string[]): void {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) throw decodeError(`${type}: unknown field "${key}"`);
  }
}

/** A string field; absent reads "". */
export function stringField(value: JsonObject, field: string, type: string): string {
  const raw = value[field];
  if (raw === undefined) return "";
  if (typeof raw !== "string") throw decodeError(`${type}.${field}: expected a string, got ${JSON.stringify(raw)}`);
  return raw;
}

/** A boolean field; absent reads false. */
export function boolField(value: JsonObject, field: string, type: string): boolean {
  const raw = value[field];
  if (raw === undefined) return false;
  if (typeof raw !== "boolean") throw decodeError(`${type}.${field}: expected a boolean, got ${JSON.stringify(raw)}`);
  return raw;
}

/** A uint64 field (amino JSON writes it as a decimal string); absent reads 0. */
export function uint64Field(value: JsonObject, field: string, type: string): bigint {
  const raw = value[field];
  return raw === undefined ? 0n : parseUint64String(raw, `${type}.${field}`);
}

/** A coin list field; absent reads empty. Decoded only: the message's own rule validates it. */
export function coinsField(value: JsonObject, field: string, type: string): Coin[] {
  return parseCoins(value[field], `${type}.${field}`);
}

/**
 * An account address field, checked like the SDK's `AccAddressFromBech32` and returned in canonical
 * (lowercase) form. A bad one is sdk code 7, `<what>: <cause>: invalid address`, where `what` is the
 * handler's wording, e.g. `invalid from address`.
 */
export function addressField(value: JsonObject, field: string, type: string, prefix: string, what: string): string {
  const text = stringField(value, field, type);
  try {
    return canonicalAddress(text, prefix);
  } catch (e) {
    throw new TxError(SdkErrors.InvalidAddress, `${what}: ${(e as Error).message}`);
  }
}
