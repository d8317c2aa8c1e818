// x/staking's validator and delegation records as the keepers read and write them, and the
// LegacyDec arithmetic between shares and tokens (shared by x/staking's and x/distribution's models).

import { Key, delegationValue, stakingParamsValue, validatorValue, type ValidatorFields } from "../../framework/gas/records.js";
import type { Sim } from "../../framework/gas/sim.js";
import { addrLen } from "../../framework/gas/view.js";

export const E18 = 10n ** 18n;
export const BONDED = 3;

/** LegacyDec's chopPrecisionAndRound: x / 10^18, half to even. */
function chopRound(x: bigint): bigint {
  const q = x / E18;
  const r = x % E18;
  if (r * 2n > E18 || (r * 2n === E18 && q % 2n === 1n)) return q + 1n;
  return q;
}

/** Validator.TokensFromShares (raw Dec): shares x tokens / delegator shares, rounded. */
export const tokensFromShares = (v: ValidatorFields, shares: bigint): bigint =>
  v.shares === 0n ? 0n : chopRound((shares * v.tokens * E18 * E18) / v.shares);
/** TokensFromSharesTruncated (raw Dec). */
export const tokensFromSharesTruncated = (v: ValidatorFields, shares: bigint): bigint =>
  v.shares === 0n ? 0n : (shares * v.tokens * E18) / v.shares;
/** SharesFromTokens (raw Dec): delegator shares x amount / tokens, truncated. */
export const sharesFromTokens = (v: ValidatorFields, amount: bigint): bigint => (v.tokens === 0n ? 0n : (v.shares * amount) / v.tokens);
/** LegacyDec.Mul (raw): a x b, rounded half to even. */
export const decMul = (a: bigint, b: bigint): bigint => chopRound(a * b);

export function stakingParams(k: Sim, what: string): void {
  k.meter.get("staking", Key.stakingParams, stakingParamsValue(k.view.unbondingTimeNs / 1_000_000_000n, k.view.maxValidators, k.denom), what);
}

export function getValidator(k: Sim, op: string, what = "GetValidator"): ValidatorFields | undefined {
  const v = k.validator(op);
  k.meter.get("staking", Key.validator, v ? validatorValue(v) : 0, what);
  return v;
}

export function setValidator(k: Sim, v: ValidatorFields, what: string): void {
  k.setValidator(v);
  k.meter.set("staking", Key.validator, validatorValue(v), what);
}

export function getDelegation(k: Sim, del: string, op: string, what = "GetDelegation"): bigint | undefined {
  const shares = k.delegation(del, op);
  k.meter.get("staking", Key.delegation(addrLen(del)), shares === undefined ? 0 : delegationValue(del, op, shares), what);
  return shares;
}

export function setDelegation(k: Sim, del: string, op: string, shares: bigint): void {
  k.setDelegation(del, op, shares);
  k.meter.set("staking", Key.delegation(addrLen(del)), delegationValue(del, op, shares), "SetDelegation");
  k.meter.set("staking", Key.delegationByValidator(addrLen(del)), 0, "SetDelegation: by validator");
}
