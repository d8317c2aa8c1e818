// x/staking Slash (keeper/slash.go, chain-main's SDK fork) and jailing (x/staking jail, x/slashing
// MsgUnjail). A slash takes `fraction` of the stake that backed the validator's power at the
// infraction height: unbonding entries and outgoing redelegations created since (the fork first
// takes a redelegation's share from the delegator's unbonding at the destination), then the
// validator's own tokens; the distribution records a slash event at the effective fraction.
// Burned tokens leave the pools and the total supply.

import {
  OK, ERR_NO_VALIDATOR, ERR_NO_DELEGATION, ERR_VALIDATOR_JAILED, ERR_NOT_JAILED, ERR_STILL_JAILED,
  ERR_SELF_DELEGATION_TOO_LOW, ERR_BAD_SLASH, setErrorArg,
} from "../errors";
import { POW18 } from "../math/limbs";
import {
  add, sub, cmp, mul, mulInt, mulIntQuo, quoRounded, fromInt, truncateInt, resLo, resHi, setResult,
  ROUND_HALF_EVEN, ROUND_CEILING,
} from "../dec/dec";
import * as emission from "../emission/emission";
import { Table } from "../store/table";
import { debit, BONDED_POOL, NOT_BONDED_POOL } from "./bank";
import { validators } from "./validators";
import {
  V_TOKENS, V_SHARES, V_STATUS, V_JAILED, V_JAILED_UNTIL, V_OPERATOR, V_MIN_SELF_DELEGATION, STATUS_BONDED,
  STATUS_UNBONDED,
} from "../abi/validator";
import { delegations, delegationKey, D_SHARES } from "./delegations";
import { entries, U_DELEGATOR, U_VALIDATOR, U_CREATION_HEIGHT, U_COMPLETION, U_INITIAL, U_BALANCE } from "./unbonding";
import {
  redelegationEntries, R_DELEGATOR, R_SRC, R_DST, R_CREATION_HEIGHT, R_COMPLETION, R_INITIAL, R_SHARES_DST,
} from "./redelegations";
import { recordSlash } from "./f1";
import { unbond, currentHeight } from "./staking";
import { cellLo, BLOCK_TIME } from "./globals";
import { powerReduction, stakingChanged } from "./valset";
import { ld, ldh } from "./fields";
import { validatorEvent } from "../tier/hooks";
import { EVENT_SLASH } from "../abi/validator-event";
import { beforeRedelegationSlashed } from "../tier/claim";


// Tokens burned so far by this slash, per pool; taken out of the supply at the very end.
let burnBondedLo: u64 = 0, burnBondedHi: u64 = 0, burnNotLo: u64 = 0, burnNotHi: u64 = 0;

function addBurn(bonded: bool, lo: u64, hi: u64): void {
  if (bonded) {
    add(burnBondedLo, burnBondedHi, lo, hi);
    burnBondedLo = resLo;
    burnBondedHi = resHi;
  } else {
    add(burnNotLo, burnNotHi, lo, hi);
    burnNotLo = resLo;
    burnNotHi = resHi;
  }
}

/** truncateInt(fraction x amount): the share of an entry's initial balance a slash takes. */
function entrySlash(fracLo: u64, fracHi: u64, amtLo: u64, amtHi: u64): i32 {
  const e = mulInt(fracLo, fracHi, amtLo, amtHi);
  if (e != OK) return e;
  return truncateInt(resLo, resHi);
}

// Scratch list of slots to visit in order (entries of one kind, sorted).
let order: usize = 0;
let orderCapacity: u32 = 0;

function ensureOrder(n: u32): void {
  if (n <= orderCapacity) return;
  orderCapacity = n * 2;
  order = heap.alloc(<usize>orderCapacity << 3);
}

/**
 * Slots of the live records of `table` whose u32 at `field` is `validator`, sorted by the u64
 * sort key (delegator, then destination for redelegations; entry id last: creation order).
 */
function collect(isRedelegation: bool, validator: u32): u32 {
  const t = isRedelegation ? redelegationEntries : entries;
  const field = isRedelegation ? R_SRC : U_VALIDATOR;
  ensureOrder(t.slotCount);
  let n: u32 = 0;
  for (let s: u32 = 0; s < t.slotCount; s++) {
    if (!t.isLive(s)) continue;
    const p = t.ptr(s);
    if (load<u32>(p + <usize>field) != validator) continue;
    store<u32>(order + (<usize>n << 3), s);
    n++;
  }
  // insertion sort by (delegator, dst, id): few entries per validator
  for (let i: u32 = 1; i < n; i++) {
    const x = load<u32>(order + (<usize>i << 3));
    let j = i;
    while (j > 0 && before(t, isRedelegation, x, load<u32>(order + (<usize>(j - 1) << 3)))) {
      store<u32>(order + (<usize>j << 3), load<u32>(order + (<usize>(j - 1) << 3)));
      j--;
    }
    store<u32>(order + (<usize>j << 3), x);
  }
  return n;
}

function before(t: Table, isRedelegation: bool, a: u32, b: u32): bool {
  const pa = t.ptr(a), pb = t.ptr(b);
  const da = load<u32>(pa + <usize>(isRedelegation ? R_DELEGATOR : U_DELEGATOR));
  const db = load<u32>(pb + <usize>(isRedelegation ? R_DELEGATOR : U_DELEGATOR));
  if (da != db) return da < db;
  if (isRedelegation) {
    const xa = load<u32>(pa + <usize>R_DST), xb = load<u32>(pb + <usize>R_DST);
    if (xa != xb) return xa < xb;
  }
  return load<u64>(pa) < load<u64>(pb);
}


/** Slash an unbonding entry: a share of its initial balance, at most its balance, is burned. */
function slashUnbondingEntry(slot: u32, infraction: u64, now: i64, fracLo: u64, fracHi: u64): i32 {
  const p = entries.ptr(slot);
  if (ld(p, U_CREATION_HEIGHT) < infraction || load<i64>(p + <usize>U_COMPLETION) <= now) return setResult(0, 0);
  let e = entrySlash(fracLo, fracHi, ld(p, U_INITIAL), ldh(p, U_INITIAL));
  if (e != OK) return e;
  const sLo = resLo, sHi = resHi;
  let cLo = sLo, cHi = sHi;
  if (cmp(cLo, cHi, ld(p, U_BALANCE), ldh(p, U_BALANCE)) > 0) {
    cLo = ld(p, U_BALANCE);
    cHi = ldh(p, U_BALANCE);
  }
  if ((cLo | cHi) != 0) {
    entries.touch(slot);
    const q = entries.ptr(slot);
    sub(ld(q, U_BALANCE), ldh(q, U_BALANCE), cLo, cHi);
    store<u64>(q + <usize>U_BALANCE, resLo);
    store<u64>(q + <usize>U_BALANCE, resHi, 8);
    addBurn(false, cLo, cHi);
  }
  return setResult(sLo, sHi);
}

/** The fork's fix: take from the delegator's unbonding entries at the destination first. */
function slashUnbondingsAtDestination(delegator: u32, dst: u32, infraction: u64, now: i64, lo: u64, hi: u64): i32 {
  let leftLo = lo, leftHi = hi;
  for (let s: u32 = 0; s < entries.slotCount; s++) {
    if ((leftLo | leftHi) == 0) break;
    if (!entries.isLive(s)) continue;
    const p = entries.ptr(s);
    if (load<u32>(p + <usize>U_DELEGATOR) != delegator || load<u32>(p + <usize>U_VALIDATOR) != dst) continue;
    let cLo = leftLo, cHi = leftHi;
    if (cmp(cLo, cHi, ld(p, U_BALANCE), ldh(p, U_BALANCE)) > 0) {
      cLo = ld(p, U_BALANCE);
      cHi = ldh(p, U_BALANCE);
    }
    if ((cLo | cHi) == 0 || ld(p, U_CREATION_HEIGHT) < infraction || load<i64>(p + <usize>U_COMPLETION) <= now) continue;
    sub(leftLo, leftHi, cLo, cHi);
    leftLo = resLo;
    leftHi = resHi;
    entries.touch(s);
    const q = entries.ptr(s);
    sub(ld(q, U_BALANCE), ldh(q, U_BALANCE), cLo, cHi);
    store<u64>(q + <usize>U_BALANCE, resLo);
    store<u64>(q + <usize>U_BALANCE, resHi, 8);
    addBurn(false, cLo, cHi);
  }
  return setResult(leftLo, leftHi);
}

/** Slash a redelegation entry of the source: its share, taken at the destination. */
function slashRedelegationEntry(slot: u32, infraction: u64, now: i64, height: u64, fracLo: u64, fracHi: u64): i32 {
  const p = redelegationEntries.ptr(slot);
  if (ld(p, R_CREATION_HEIGHT) < infraction || load<i64>(p + <usize>R_COMPLETION) <= now) return setResult(0, 0);
  const delegator = load<u32>(p + <usize>R_DELEGATOR), dst = load<u32>(p + <usize>R_DST);
  let e = entrySlash(fracLo, fracHi, ld(p, R_INITIAL), ldh(p, R_INITIAL));
  if (e != OK) return e;
  const totalLo = resLo, totalHi = resHi;
  e = slashUnbondingsAtDestination(delegator, dst, infraction, now, totalLo, totalHi);
  if (e != OK) return e;
  const leftLo = resLo, leftHi = resHi;
  const rp = redelegationEntries.ptr(slot);
  e = mul(fracLo, fracHi, ld(rp, R_SHARES_DST), ldh(rp, R_SHARES_DST));
  if (e != OK) return e;
  let shLo = resLo, shHi = resHi;
  if ((shLo | shHi) == 0 || (leftLo | leftHi) == 0) return setResult(totalLo, totalHi);
  const ds = delegations.find(delegationKey(delegator, dst));
  if (ds < 0) return setResult(totalLo, totalHi); // no shares left to unbond
  const dp = delegations.ptr(<u32>ds);
  if (cmp(shLo, shHi, ld(dp, D_SHARES), ldh(dp, D_SHARES)) > 0) {
    shLo = ld(dp, D_SHARES);
    shHi = ldh(dp, D_SHARES);
  }
  const vs = validators.find(<u64>dst);
  if (vs < 0) return ERR_NO_VALIDATOR;
  e = beforeRedelegationSlashed(delegator, dst, shLo, shHi);
  if (e != OK) return e;
  e = unbond(delegator, <u32>vs, <u32>ds, shLo, shHi, height);
  if (e != OK) return e;
  const bLo = resLo, bHi = resHi;
  const after = validators.find(<u64>dst);
  if (after < 0) return ERR_NO_VALIDATOR; // as the SDK's GetValidator after the unbond removed it
  addBurn(load<u8>(validators.ptr(<u32>after) + <usize>V_STATUS) == STATUS_BONDED, bLo, bHi);
  return setResult(totalLo, totalHi);
}

/**
 * Slash(validator, infraction height, power at the infraction, fraction). Returns in the result
 * registers the tokens burned from the validator itself (entries slashed burn on top).
 */
export function slash(validator: u32, infraction: u64, power: u64, fracLo: u64, fracHi: u64): i32 {
  burnBondedLo = burnBondedHi = burnNotLo = burnNotHi = 0;
  let e = mulInt(power, 0, powerReduction(), 0); // TokensFromConsensusPower
  if (e != OK) return e;
  e = fromInt(resLo, resHi);
  if (e != OK) return e;
  e = mul(resLo, resHi, fracLo, fracHi);
  if (e != OK) return e;
  truncateInt(resLo, resHi);
  let remLo = resLo, remHi = resHi; // slash amount still to take
  let remNegative = false;
  const vs = validators.find(<u64>validator);
  if (vs < 0) return setResult(0, 0); // the SDK logs a slash of a removed validator and ignores it
  if (load<u8>(validators.ptr(<u32>vs) + <usize>V_STATUS) == STATUS_UNBONDED) {
    setErrorArg(1);
    return ERR_BAD_SLASH;
  }
  const height = currentHeight();
  if (infraction > height) {
    setErrorArg(2);
    return ERR_BAD_SLASH;
  }
  const now = <i64>cellLo(BLOCK_TIME);
  if (infraction < height) {
    for (let kind = 0; kind < 2; kind++) {
      const isRed = kind == 1;
      const n = collect(isRed, validator);
      for (let i: u32 = 0; i < n; i++) {
        const slot = load<u32>(order + (<usize>i << 3));
        e = isRed
          ? slashRedelegationEntry(slot, infraction, now, height, fracLo, fracHi)
          : slashUnbondingEntry(slot, infraction, now, fracLo, fracHi);
        if (e != OK) return e;
        // remaining -= what the entry owed (remaining may go below zero: then nothing more burns)
        if (remNegative) {
          add(remLo, remHi, resLo, resHi);
          remLo = resLo;
          remHi = resHi;
        } else if (cmp(remLo, remHi, resLo, resHi) >= 0) {
          sub(remLo, remHi, resLo, resHi);
          remLo = resLo;
          remHi = resHi;
        } else {
          sub(resLo, resHi, remLo, remHi);
          remLo = resLo;
          remHi = resHi;
          remNegative = true;
        }
      }
    }
  }
  const vslot = validators.find(<u64>validator); // entries may have removed other validators, not this one
  if (vslot < 0) return ERR_NO_VALIDATOR;
  let v = validators.ptr(<u32>vslot);
  let bLo: u64 = 0, bHi: u64 = 0;
  if (!remNegative) {
    bLo = remLo;
    bHi = remHi;
    if (cmp(bLo, bHi, ld(v, V_TOKENS), ldh(v, V_TOKENS)) > 0) {
      bLo = ld(v, V_TOKENS);
      bHi = ldh(v, V_TOKENS);
    }
  }
  if ((bLo | bHi) != 0) {
    // the effective fraction for distribution: burned / tokens, rounded up, at most one
    e = fromInt(bLo, bHi);
    if (e != OK) return e;
    const nLo = resLo, nHi = resHi;
    e = fromInt(ld(v, V_TOKENS), ldh(v, V_TOKENS));
    if (e != OK) return e;
    e = quoRounded(nLo, nHi, resLo, resHi, ROUND_CEILING);
    if (e != OK) return e;
    let fLo = resLo, fHi = resHi;
    if (fHi != 0 || fLo > POW18) {
      fLo = POW18;
      fHi = 0;
    }
    e = validatorEvent(<u32>vslot, EVENT_SLASH, height, now); // BeforeValidatorSlashed
    if (e != OK) return e;
    e = recordSlash(<u32>vslot, height, fLo, fHi);
    if (e != OK) return e;
    validators.touch(<u32>vslot);
    v = validators.ptr(<u32>vslot);
    sub(ld(v, V_TOKENS), ldh(v, V_TOKENS), bLo, bHi);
    store<u64>(v + <usize>V_TOKENS, resLo);
    store<u64>(v + <usize>V_TOKENS, resHi, 8);
    stakingChanged();
    addBurn(load<u8>(v + <usize>V_STATUS) == STATUS_BONDED, bLo, bHi);
  }
  // burn: out of the pools, then (last: nothing after it can fail) out of the supply
  e = debit(BONDED_POOL, burnBondedLo, burnBondedHi);
  if (e != OK) return e;
  e = debit(NOT_BONDED_POOL, burnNotLo, burnNotHi);
  if (e != OK) return e;
  add(burnBondedLo, burnBondedHi, burnNotLo, burnNotHi);
  e = emission.reduceSupply(resLo, resHi);
  if (e != OK) return e;
  return setResult(bLo, bHi);
}

/** x/staking Jail (called by x/slashing or x/evidence), with the signing info's jailed_until. */
export function jail(validator: u32, until: i64): i32 {
  const vs = validators.find(<u64>validator);
  if (vs < 0) return ERR_NO_VALIDATOR;
  if (load<u8>(validators.ptr(<u32>vs) + <usize>V_JAILED) != 0) return ERR_VALIDATOR_JAILED;
  validators.touch(<u32>vs);
  const v = validators.ptr(<u32>vs);
  store<u8>(v + <usize>V_JAILED, 1);
  stakingChanged();
  store<i64>(v + <usize>V_JAILED_UNTIL, until);
  return OK;
}

/** x/slashing MsgUnjail, in its order of checks. */
export function unjail(validator: u32): i32 {
  const vs = validators.find(<u64>validator);
  if (vs < 0) return ERR_NO_VALIDATOR;
  let v = validators.ptr(<u32>vs);
  const ds = delegations.find(delegationKey(load<u32>(v + <usize>V_OPERATOR), validator));
  if (ds < 0) return ERR_NO_DELEGATION;
  const d = delegations.ptr(<u32>ds);
  let e = mulIntQuo(ld(d, D_SHARES), ldh(d, D_SHARES), ld(v, V_TOKENS), ldh(v, V_TOKENS), ld(v, V_SHARES), ldh(v, V_SHARES), ROUND_HALF_EVEN);
  if (e != OK) return e;
  truncateInt(resLo, resHi);
  if (cmp(resLo, resHi, ld(v, V_MIN_SELF_DELEGATION), ldh(v, V_MIN_SELF_DELEGATION)) < 0) return ERR_SELF_DELEGATION_TOO_LOW;
  if (load<u8>(v + <usize>V_JAILED) == 0) return ERR_NOT_JAILED;
  if (<i64>cellLo(BLOCK_TIME) < load<i64>(v + <usize>V_JAILED_UNTIL)) return ERR_STILL_JAILED;
  validators.touch(<u32>vs);
  store<u8>(validators.ptr(<u32>vs) + <usize>V_JAILED, 0);
  stakingChanged();
  return OK;
}

