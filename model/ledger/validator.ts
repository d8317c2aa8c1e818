// x/staking/types/validator.go: a validator's token/share exchange, on the immutable record.

import { E18, quo, quoTruncate, truncateInt } from "../dec-bigint.js";
import { Errors, LedgerError, LedgerPanic } from "./errors.js";
import type { Validator } from "./state.js";

/** InvalidExRate: every token slashed away while shares remain. */
export const invalidExRate = (v: Validator) => v.tokens === 0n && v.delegatorShares > 0n;

/** TokensFromShares: (shares MulInt tokens) Quo delegatorShares (half-even). */
export const tokensFromShares = (v: Validator, shares: bigint) => quo(shares * v.tokens, v.delegatorShares);

/** TokensFromSharesTruncated: (shares MulInt tokens) QuoTruncate delegatorShares. */
export const tokensFromSharesTruncated = (v: Validator, shares: bigint) =>
  quoTruncate(shares * v.tokens, v.delegatorShares);

/** SharesFromTokens: delegatorShares MulInt amount QuoInt tokens. */
export function sharesFromTokens(v: Validator, amount: bigint): bigint {
  if (v.tokens === 0n) throw new LedgerError(Errors.InsufficientShares);
  return (v.delegatorShares * amount) / v.tokens;
}

/** SharesFromTokensTruncated: delegatorShares MulInt amount QuoTruncate Dec(tokens). */
export function sharesFromTokensTruncated(v: Validator, amount: bigint): bigint {
  if (v.tokens === 0n) throw new LedgerError(Errors.InsufficientShares);
  return quoTruncate(v.delegatorShares * amount, v.tokens * E18);
}

/** TokensToConsensusPower. */
export const potentialConsensusPower = (v: Validator, powerReduction: bigint) => v.tokens / powerReduction;

/** ConsensusPower: zero unless bonded. */
export const consensusPower = (v: Validator, powerReduction: bigint) =>
  v.status === "bonded" ? potentialConsensusPower(v, powerReduction) : 0n;

/** AddTokensFromDel: the first delegation sets the exchange rate to one. */
export function addTokensFromDel(v: Validator, amount: bigint): [Validator, bigint] {
  const issued = v.delegatorShares === 0n ? amount * E18 : sharesFromTokens(v, amount);
  return [{ ...v, tokens: v.tokens + amount, delegatorShares: v.delegatorShares + issued }, issued];
}

/** RemoveDelShares: the last shares take every remaining token; otherwise truncated tokens. */
export function removeDelShares(v: Validator, shares: bigint): [Validator, bigint] {
  const remaining = v.delegatorShares - shares;
  let issued: bigint;
  if (remaining === 0n) {
    issued = v.tokens;
  } else {
    issued = truncateInt(tokensFromShares(v, shares));
    if (v.tokens - issued < 0n) throw new LedgerPanic("attempting to remove more tokens than available in validator");
  }
  return [{ ...v, tokens: v.tokens - issued, delegatorShares: remaining }, issued];
}

/** RemoveTokens. */
export function removeTokens(v: Validator, tokens: bigint): Validator {
  if (tokens < 0n) throw new LedgerPanic(`should not happen: trying to remove negative tokens ${tokens}`);
  if (v.tokens < tokens) throw new LedgerPanic(`should not happen: only have ${v.tokens} tokens, trying to remove ${tokens}`);
  return { ...v, tokens: v.tokens - tokens };
}
