// x/staking EndBlock (keeper/val_state_change.go): the bonded set by power ranking (at most
// maxValidators non-jailed validators with power > 0, highest first; ties by order key, then id),
// bond / begin-unbonding transitions with their pool moves, and unbonding validators maturing.
// The ranking is kept from block to block and insertion-sorted: O(validators) when little moves.

import { endMessage } from "./out";
import { OK, ERR_INVALID_PARAMS, setErrorArg } from "../errors";
import { transfer, BONDED_POOL, NOT_BONDED_POOL } from "./bank";
import { validators } from "./validators";
import {
  V_TOKENS, V_SHARES, V_STATUS, V_JAILED, V_ORDER_KEY, V_LAST_POWER, V_UNBONDING_TIME, V_UNBONDING_HEIGHT,
  STATUS_BONDED, STATUS_UNBONDING, STATUS_UNBONDED,
} from "../abi/validator";
import { removeValidator } from "./validator-removal";
import { completeMature } from "./unbonding";
import { completeMatureRedelegations } from "./redelegations";
import { resLo, resHi, add, sub, cmp } from "../dec/dec";
import { Divisor, div256By64, q0, q1 } from "../math/limbs";
import { validatorEvent } from "../tier/hooks";
import { EVENT_BOND, EVENT_UNBOND } from "../abi/validator-event";
import { VOTE_VALIDATOR, VOTE_POWER, VOTE_SIZE } from "../abi/vote";

let maxValidators: u32 = 100;
const powerDivisor = new Divisor();
let unbondingTimeNs: i64 = 0;

/** Staking params: max validators (> 0), tokens per unit of power (> 0), unbonding time (> 0). */
export function configureStaking(max: u32, powerReduction: u64, unbondingNs: i64): i32 {
  if (max == 0 || powerReduction == 0 || unbondingNs <= 0) {
    setErrorArg(7);
    return ERR_INVALID_PARAMS;
  }
  maxValidators = max;
  powerReductionValue = powerReduction;
  powerDivisor.prepare(powerReduction);
  unbondingTimeNs = unbondingNs;
  return OK;
}

let powerReductionValue: u64 = 1_000_000;

/** Tokens per unit of consensus power. */
export function powerReduction(): u64 {
  return powerReductionValue;
}

export function unbondingTime(): i64 {
  return unbondingTimeNs;
}

/**
 * t + the unbonding time, the completion of an unbonding or redelegation that starts at t. Past
 * the core's last time (int64 ns: 2262-04-11T23:47:16.854775807Z) it saturates there instead of
 * wrapping to a past time that would complete at once: no block time ever reaches it, as no block
 * time reaches the reference's later completion. (unbondingTimeNs > 0: configureStaking.)
 */
export function unbondingCompletion(t: i64): i64 {
  return t > i64.MAX_VALUE - unbondingTimeNs ? i64.MAX_VALUE : t + unbondingTimeNs;
}

export function maxValidatorCount(): u32 {
  return maxValidators;
}

/** TokensToConsensusPower: tokens / powerReduction (as u64; beyond 2^64 saturates). */
export function potentialPower(vp: usize): u64 {
  const hi = load<u64>(vp + <usize>V_TOKENS, 8);
  if (hi == 0) return load<u64>(vp + <usize>V_TOKENS) / powerReductionValue;
  div256By64(0, 0, load<u64>(vp + <usize>V_TOKENS, 8), load<u64>(vp + <usize>V_TOKENS), powerDivisor.norm, powerDivisor.shift, powerDivisor.recip);
  return q1 != 0 ? u64.MAX_VALUE : q0;
}

// The ranking: validator slots, best first (rebuilt from the table when validators come and go).
let rank: usize = 0;
let rankCount: u32 = 0;
let rankCapacity: u32 = 0;
let rankedSlots: u32 = 0; // validators.slotCount when the ranking was last rebuilt

// Each slot's potential power, computed once per EndBlock (the sort compares it many times).
let powers: usize = 0;
let powersCapacity: u32 = 0;

function computePowers(): void {
  const n = validators.slotCount;
  if (n > powersCapacity) {
    powersCapacity = n * 2;
    powers = heap.alloc(<usize>powersCapacity << 3);
  }
  for (let s: u32 = 0; s < n; s++) {
    store<u64>(powers + (<usize>s << 3), validators.isLive(s) ? potentialPower(validators.ptr(s)) : 0);
  }
}

// @ts-ignore: decorator
@inline
function powerOf(slot: u32): u64 {
  return load<u64>(powers + (<usize>slot << 3));
}

// Sort order: (power descending, order key, id) per ranked entry.
function better(a: u32, b: u32): bool {
  const pa = validators.ptr(a), pb = validators.ptr(b);
  const ja = load<u8>(pa + <usize>V_JAILED) != 0, jb = load<u8>(pb + <usize>V_JAILED) != 0;
  if (ja != jb) return jb; // jailed validators are out of the power index: rank them last
  const wa = powerOf(a), wb = powerOf(b);
  if (wa != wb) return wa > wb;
  const ka = load<u64>(pa + <usize>V_ORDER_KEY), kb = load<u64>(pb + <usize>V_ORDER_KEY);
  if (ka != kb) return ka < kb;
  return load<u64>(pa) < load<u64>(pb);
}

function rebuildRanking(): void {
  const n = validators.slotCount;
  if (!structureChanged && n == rankedSlots) return;
  if (n > rankCapacity) {
    rankCapacity = n * 2;
    const p = heap.alloc(<usize>rankCapacity << 2);
    if (rankCount > 0) memory.copy(p, rank, <usize>rankCount << 2);
    rank = p;
  }
  // Keep the previous order of the live validators, then add the ones it does not have yet
  // (new, or in a slot a removed validator left).
  const seen = heap.alloc(<usize>n);
  memory.fill(seen, 0, <usize>n);
  let k: u32 = 0;
  for (let i: u32 = 0; i < rankCount; i++) {
    const s = load<u32>(rank + (<usize>i << 2));
    if (s < n && validators.isLive(s) && load<u8>(seen + <usize>s) == 0) {
      store<u8>(seen + <usize>s, 1);
      store<u32>(rank + (<usize>(k++) << 2), s);
    }
  }
  for (let s: u32 = 0; s < n; s++) {
    if (validators.isLive(s) && load<u8>(seen + <usize>s) == 0) store<u32>(rank + (<usize>(k++) << 2), s);
  }
  heap.free(seen);
  rankCount = k;
  rankedSlots = n;
  structureChanged = false;
}

function sortRanking(): void {
  for (let i: u32 = 1; i < rankCount; i++) {
    const x = load<u32>(rank + (<usize>i << 2));
    let j = i;
    while (j > 0 && better(x, load<u32>(rank + (<usize>(j - 1) << 2)))) {
      store<u32>(rank + (<usize>j << 2), load<u32>(rank + (<usize>(j - 1) << 2)));
      j--;
    }
    store<u32>(rank + (<usize>j << 2), x);
  }
}

let structureChanged = false;
// Whether anything the validator set depends on (tokens, jailing, the set of validators) changed
// since the last full update; and when the next unbonding validator is due. While neither calls
// for it, EndBlock skips the ranking and the set update: the result could not differ.
let stakingDirty = true;
let nextValidatorMaturity: i64 = i64.MIN_VALUE;

/** A validator was created or removed: the next EndBlock rebuilds the ranking (keeping its order). */
export function rankingDirty(): void {
  structureChanged = true;
  stakingDirty = true;
}

/** A validator's tokens or jailing changed: the next EndBlock updates the set. */
export function stakingChanged(): void {
  stakingDirty = true;
}

/**
 * After a restore: the ranking as the last EndBlock left it (its order is total, so sorting the
 * reloaded validators gives it back), and a full set update at the next EndBlock.
 */
export function restoreRanking(): void {
  structureChanged = true;
  stakingDirty = true;
  nextValidatorMaturity = i64.MIN_VALUE;
  rebuildRanking();
  computePowers();
  sortRanking();
}

/**
 * ApplyAndReturnValidatorSetUpdates then UnbondAllMatureValidators at (height, time).
 * Returns the number of validator updates in `updates`.
 */
export let updates: u32 = 0;

export function endBlock(height: u64, timeNs: i64): i32 {
  endMessage(); // after the block's messages: its own movements record no events (out.ts)
  if (!stakingDirty && timeNs < nextValidatorMaturity) {
    updates = 0;
    const e = completeMature(timeNs);
    if (e != OK) return e;
    completeMatureRedelegations(timeNs);
    return OK;
  }
  rebuildRanking();
  computePowers();
  sortRanking();
  let toBondedLo: u64 = 0, toBondedHi: u64 = 0, toNotLo: u64 = 0, toNotHi: u64 = 0;
  updates = 0;
  let count: u32 = 0;
  for (let i: u32 = 0; i < rankCount; i++) {
    const slot = load<u32>(rank + (<usize>i << 2));
    const p = validators.ptr(slot);
    const power = powerOf(slot);
    const inNewSet = count < maxValidators && power != 0 && load<u8>(p + <usize>V_JAILED) == 0;
    const old = load<u64>(p + <usize>V_LAST_POWER);
    if (inNewSet) {
      count++;
      if (load<u8>(p + <usize>V_STATUS) != STATUS_BONDED) {
        validators.touch(slot);
        store<u8>(validators.ptr(slot) + <usize>V_STATUS, STATUS_BONDED);
        const h = validatorEvent(slot, EVENT_BOND, height, timeNs); // AfterValidatorBonded
        if (h != OK) return h;
        add(toBondedLo, toBondedHi, load<u64>(p + <usize>V_TOKENS), load<u64>(p + <usize>V_TOKENS, 8));
        toBondedLo = resLo;
        toBondedHi = resHi;
      }
      if (old != power) {
        validators.touch(slot);
        store<u64>(validators.ptr(slot) + <usize>V_LAST_POWER, power);
        updates++;
      }
    } else if (old != 0) {
      // in the last set, not in the new one: begin unbonding
      validators.touch(slot);
      const q = validators.ptr(slot);
      store<u8>(q + <usize>V_STATUS, STATUS_UNBONDING);
      store<i64>(q + <usize>V_UNBONDING_TIME, unbondingCompletion(timeNs));
      store<u64>(q + <usize>V_UNBONDING_HEIGHT, height);
      store<u64>(q + <usize>V_LAST_POWER, 0);
      const h = validatorEvent(slot, EVENT_UNBOND, height, timeNs); // AfterValidatorBeginUnbonding
      if (h != OK) return h;
      add(toNotLo, toNotHi, load<u64>(q + <usize>V_TOKENS), load<u64>(q + <usize>V_TOKENS, 8));
      toNotLo = resLo;
      toNotHi = resHi;
      updates++;
    }
  }
  let e: i32 = OK;
  if (cmp(toBondedLo, toBondedHi, toNotLo, toNotHi) > 0) {
    sub(toBondedLo, toBondedHi, toNotLo, toNotHi);
    e = transfer(NOT_BONDED_POOL, BONDED_POOL, resLo, resHi);
  } else if (cmp(toBondedLo, toBondedHi, toNotLo, toNotHi) < 0) {
    sub(toNotLo, toNotHi, toBondedLo, toBondedHi);
    e = transfer(BONDED_POOL, NOT_BONDED_POOL, resLo, resHi);
  }
  if (e != OK) return e;
  // UnbondAllMatureValidators (a validator without shares left is removed); note the next one due
  let nextDue = i64.MAX_VALUE;
  for (let i: u32 = 0; i < rankCount; i++) {
    const slot = load<u32>(rank + (<usize>i << 2));
    if (!validators.isLive(slot)) continue;
    const p = validators.ptr(slot);
    if (load<u8>(p + <usize>V_STATUS) != STATUS_UNBONDING) continue;
    if (load<u64>(p + <usize>V_UNBONDING_HEIGHT) > height || load<i64>(p + <usize>V_UNBONDING_TIME) > timeNs) {
      const due = load<i64>(p + <usize>V_UNBONDING_TIME);
      if (due < nextDue) nextDue = due;
      continue;
    }
    validators.touch(slot);
    store<u8>(validators.ptr(slot) + <usize>V_STATUS, STATUS_UNBONDED);
    const q = validators.ptr(slot);
    if ((load<u64>(q + <usize>V_SHARES) | load<u64>(q + <usize>V_SHARES, 8)) == 0) {
      e = removeValidator(slot);
      if (e != OK) return e;
      rankingDirty();
    }
  }
  e = completeMature(timeNs);
  if (e != OK) return e;
  completeMatureRedelegations(timeNs);
  stakingDirty = structureChanged; // a removal just now: update again next block
  nextValidatorMaturity = nextDue;
  return OK;
}

/**
 * The votes of the next BeginBlock: the set's validators (id u32, unused u32, power u64) in
 * CometBFT's order (power descending, then order key, then id), written to `out`; returns the count.
 */
export function lastCommitVotes(out: usize): i32 {
  return collectVotes(out, 0, true);
}

/**
 * `lastCommitVotes` as BeginBlock's scratch takes them: (slot u32, 4 bytes unused, power u64) at
 * `out` and the powers (u64) at `powersOut`, in the same order; returns the count.
 */
export function lastCommitSlots(out: usize, powersOut: usize): i32 {
  return collectVotes(out, powersOut, false);
}

// @ts-ignore: decorator
@inline
function collectVotes(out: usize, powersOut: usize, ids: bool): i32 {
  let n: i32 = 0;
  for (let i: u32 = 0; i < rankCount; i++) {
    const slot = load<u32>(rank + (<usize>i << 2));
    if (!validators.isLive(slot)) continue;
    const p = validators.ptr(slot);
    const power = load<u64>(p + <usize>V_LAST_POWER);
    if (power == 0) continue;
    const e = out + <usize>(n * VOTE_SIZE);
    store<u32>(e, ids ? <u32>load<u64>(p) : slot, VOTE_VALIDATOR);
    store<u32>(e, 0, VOTE_VALIDATOR + 4);
    store<u64>(e, power, VOTE_POWER);
    if (!ids) store<u64>(powersOut + (<usize>n << 3), power);
    n++;
  }
  // The ranking was sorted by power at the last EndBlock, which is each member's last power.
  return n;
}
