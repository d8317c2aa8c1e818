// x/staking keeper/slash.go (chain-main's SDK fork, v0.50 line): slash the stake that backed a
// validator at an infraction height, i.e. its tokens, its unbonding entries and its outgoing
// redelegation entries created at or after that height, then burn. Iteration follows the SDK's
// store-key order (by delegator, then destination), which matters for rounding when several
// redelegations hit the same destination.

import { E18, mul, quoRoundUp, truncateInt } from "../dec-bigint.js";
import * as bank from "./bank.js";
import { hooks } from "./distribution.js";
import { LedgerError, formatDec } from "./errors.js";
import {
  BONDED_POOL, NOT_BONDED_POOL, pairKey,
  type LedgerState, type Redelegation, type UnbondingDelegation, type UnbondingEntry,
} from "./state.js";
import { getValidator, unbond } from "./staking.js";
import { removeTokens } from "./validator.js";

const isMature = (s: LedgerState, completionTime: bigint) => completionTime <= s.timeNs;
const minInt = (a: bigint, b: bigint) => (a < b ? a : b);

/** SlashUnbondingDelegation: returns what would have been slashed (the burn may be less). */
function slashUnbondingDelegation(s: LedgerState, ubd: UnbondingDelegation, infractionHeight: bigint, fraction: bigint) {
  let total = 0n;
  let burned = 0n;
  const entries = [...ubd.entries];
  entries.forEach((entry, i) => {
    if (entry.creationHeight < infractionHeight || isMature(s, entry.completionTime)) return;
    const slashAmount = truncateInt(fraction * entry.initialBalance);
    total += slashAmount;
    const cut = minInt(slashAmount, entry.balance);
    if (cut === 0n) return;
    burned += cut;
    entries[i] = { ...entry, balance: entry.balance - cut };
  });
  if (burned > 0n) s.unbondings.set(pairKey(ubd.delegator, ubd.validator), { ...ubd, entries });
  bank.burn(s, NOT_BONDED_POOL, burned);
  return total;
}

/**
 * The fork's fix for "undelegate after redelegate": the slash of a redelegation entry first takes
 * from the delegator's unbonding entries at the destination, then unbonds the destination shares.
 * Returns the slash amount left for the shares and the tokens burned from the not-bonded pool.
 */
function slashUnbondingsAtDestination(
  s: LedgerState, red: Redelegation, infractionHeight: bigint, slashAmount: bigint,
): [bigint, bigint] {
  const key = pairKey(red.delegator, red.dst);
  const ubd = s.unbondings.get(key);
  if (!ubd) return [slashAmount, 0n];
  let burned = 0n;
  const entries: UnbondingEntry[] = [...ubd.entries];
  entries.forEach((entry, i) => {
    const cut = minInt(slashAmount, entry.balance);
    if (cut === 0n || entry.creationHeight < infractionHeight || isMature(s, entry.completionTime)) return;
    slashAmount -= cut;
    burned += cut;
    entries[i] = { ...entry, balance: entry.balance - cut };
  });
  if (burned > 0n) s.unbondings.set(key, { ...ubd, entries });
  return [slashAmount, burned];
}

/** SlashRedelegation: only for infractions of the source validator. */
function slashRedelegation(s: LedgerState, red: Redelegation, infractionHeight: bigint, fraction: bigint) {
  let total = 0n;
  let bondedBurned = 0n;
  let notBondedBurned = 0n;
  for (const entry of red.entries) {
    if (entry.creationHeight < infractionHeight || isMature(s, entry.completionTime)) continue;
    let slashAmount = truncateInt(fraction * entry.initialBalance);
    total += slashAmount;

    let burnedFromUnbondings: bigint;
    [slashAmount, burnedFromUnbondings] = slashUnbondingsAtDestination(s, red, infractionHeight, slashAmount);
    notBondedBurned += burnedFromUnbondings;

    let sharesToUnbond = mul(fraction, entry.sharesDst);
    if (sharesToUnbond === 0n || slashAmount === 0n) continue;
    const delegation = s.delegation(red.delegator, red.dst);
    if (!delegation) continue; // deleted: no shares left to unbond
    if (sharesToUnbond > delegation.shares) sharesToUnbond = delegation.shares;
    const tokensToBurn = unbond(s, red.delegator, red.dst, sharesToUnbond);
    if (getValidator(s, red.dst).status === "bonded") bondedBurned += tokensToBurn;
    else notBondedBurned += tokensToBurn;
  }
  bank.burn(s, BONDED_POOL, bondedBurned);
  bank.burn(s, NOT_BONDED_POOL, notBondedBurned);
  return total;
}

function unbondingsFrom(s: LedgerState, op: string): UnbondingDelegation[] {
  return [...s.unbondings.values()]
    .filter((u) => u.validator === op)
    .sort((a, b) => s.addressOrder(a.delegator, b.delegator));
}

function redelegationsFrom(s: LedgerState, src: string): Redelegation[] {
  return [...s.redelegations.values()]
    .filter((r) => r.src === src)
    .sort((a, b) => s.addressOrder(a.delegator, b.delegator) || s.addressOrder(a.dst, b.dst));
}

/**
 * Slash: burn `fraction` of the tokens that backed `power` at `infractionHeight`. Returns the
 * tokens burned from the validator itself (entries slashed are burned on top).
 */
export function slash(s: LedgerState, op: string, infractionHeight: bigint, power: bigint, fraction: bigint): bigint {
  if (fraction < 0n) throw LedgerError.plain(`attempted to slash with a negative slash factor: ${formatDec(fraction)}`);
  const amount = power * s.params.powerReduction; // TokensFromConsensusPower
  const slashAmount = truncateInt(mul(amount * E18, fraction));

  const validator = s.validators.get(op);
  if (!validator) return 0n; // the SDK logs and ignores a slash of a removed validator
  if (validator.status === "unbonded") throw LedgerError.plain(`should not be slashing unbonded validator: ${op}`);

  let remaining = slashAmount;
  if (infractionHeight > s.height) {
    throw LedgerError.plain(
      `impossible attempt to slash future infraction at height ${infractionHeight} but we are at height ${s.height}`,
    );
  }
  if (infractionHeight < s.height) {
    for (const ubd of unbondingsFrom(s, op)) remaining -= slashUnbondingDelegation(s, ubd, infractionHeight, fraction);
    for (const red of redelegationsFrom(s, op)) remaining -= slashRedelegation(s, red, infractionHeight, fraction);
  }

  let tokensToBurn = minInt(remaining, validator.tokens);
  if (tokensToBurn < 0n) tokensToBurn = 0n;
  if (tokensToBurn === 0n) return 0n;

  // the effective fraction for distribution, rounded up, at most one
  let effective = quoRoundUp(tokensToBurn * E18, validator.tokens * E18);
  if (effective > E18) effective = E18;
  hooks.beforeValidatorSlashed(s, op, effective);

  const updated = removeTokens(validator, tokensToBurn);
  s.validators.set(op, updated);
  bank.burn(s, updated.status === "bonded" ? BONDED_POOL : NOT_BONDED_POOL, tokensToBurn);
  return tokensToBurn;
}
