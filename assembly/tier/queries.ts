// x/tieredrewards queries (REFERENCE.md §8) and the invariants of the positions (§11's genesis
// checks, run by the tests after every block).

import { OK, ERR_TR_POSITION_NOT_FOUND, setErrorArg } from "../errors";
import { add, mulIntQuo, resLo, resHi, setResult, ROUND_HALF_EVEN } from "../dec/dec";
import { balanceOf } from "../ledger/bank";
import { validators } from "../ledger/validators";
import { V_STATUS, V_TOKENS, V_SHARES, STATUS_BONDED } from "../abi/validator";
import { delegations, D_SHARES, delegationKey } from "../ledger/delegations";
import { pairs, entries, U_BALANCE } from "../ledger/unbonding";
import { ld, ldh, put } from "../ledger/fields";
import {
  tiers, positions, owners, byDelegator, globals, validatorData, validatorEvents, O_HEAD, O_COUNT, O_OWED,
  G_HEAD, G_COUNT, VD_SEQ, VD_COUNT, VE_REFS,
} from "./state";
import {
  P_TIER, P_DELEGATOR, P_VALIDATOR, P_LAST_ACCRUAL, P_LAST_SEQ, P_BONDED, P_TRIGGERED, P_UNLOCK, P_HEIGHT,
  P_TIME, P_OWNER_NEXT, P_TIER_NEXT, P_ALL_NEXT, PV_RECORD_BYTES, PV_DELEGATED, PV_UNBONDING, PV_AMOUNT,
  PV_SHARES, LIST_ALL, LIST_OF_OWNER, LIST_OF_TIER,
} from "../abi/position";
import { T_HEAD, T_COUNT } from "../abi/tier";
import { delegationOf, isUnbonding, positionValue } from "./records";

const UNBONDING_LAST_ENTRY: i32 = 16; // unbonding.ts pairs: the newest entry id

/** The position view of `id` (abi/position.ts PV_*) at `out`. */
export function position(id: u64, out: usize): i32 {
  const s = positions.find(id);
  if (s < 0) {
    setErrorArg(<i64>id);
    return ERR_TR_POSITION_NOT_FOUND;
  }
  const ps = <u32>s;
  memory.copy(out, positions.ptr(ps), PV_RECORD_BYTES);
  const ds = delegationOf(ps);
  const unbonding = isUnbonding(ps);
  store<u8>(out + <usize>PV_DELEGATED, ds >= 0 ? 1 : 0);
  store<u8>(out + <usize>PV_UNBONDING, unbonding ? 1 : 0);
  put(out, PV_SHARES, 0, 0);
  const p = positions.ptr(ps);
  const delegator = load<u32>(p + <usize>P_DELEGATOR);
  if (ds >= 0) {
    const d = delegations.ptr(<u32>ds);
    put(out, PV_SHARES, ld(d, D_SHARES), ldh(d, D_SHARES));
    const e = positionValue(ps);
    if (e != OK) return e;
  } else if (unbonding) {
    const pr = pairs.ptr(<u32>pairs.find(delegationKey(delegator, load<u32>(p + <usize>P_VALIDATOR))));
    const es = entries.find(load<u64>(pr + <usize>UNBONDING_LAST_ENTRY));
    setResult(0, 0);
    if (es >= 0) setResult(ld(entries.ptr(<u32>es), U_BALANCE), ldh(entries.ptr(<u32>es), U_BALANCE));
  } else {
    balanceOf(delegator);
  }
  put(out, PV_AMOUNT, resLo, resHi);
  return OK;
}

/** The id after which the next page starts (+1), 0 on the last page. */
export let nextKey: u64 = 0;

/**
 * Up to `limit` position ids of a list (abi/position.ts LIST_*: all, owner `key`, tier `key`) after id
 * `after - 1` (after = 0: from the start), ascending, to `out`; returns the count.
 */
export function list(kind: i32, key: u64, after: u64, limit: i32, out: usize): i32 {
  let nextOff = P_ALL_NEXT;
  let cur: u64 = 0;
  if (kind == LIST_OF_OWNER) nextOff = P_OWNER_NEXT;
  else if (kind == LIST_OF_TIER) nextOff = P_TIER_NEXT;
  if (after != 0) {
    const s = positions.find(after - 1);
    if (s < 0) return -1;
    cur = load<u64>(positions.ptr(<u32>s) + <usize>nextOff);
  } else if (kind == LIST_ALL) {
    const g = globals.find(0);
    cur = g < 0 ? 0 : load<u64>(globals.ptr(<u32>g) + <usize>G_HEAD);
  } else if (kind == LIST_OF_OWNER) {
    const o = owners.find(key);
    cur = o < 0 ? 0 : load<u64>(owners.ptr(<u32>o) + <usize>O_HEAD);
  } else {
    const t = tiers.find(key);
    cur = t < 0 ? 0 : load<u64>(tiers.ptr(<u32>t) + <usize>T_HEAD);
  }
  let n = 0;
  while (cur != 0 && n < limit) {
    store<u64>(out + (<usize>n << 3), cur - 1);
    n++;
    cur = load<u64>(positions.ptr(<u32>positions.find(cur - 1)) + <usize>nextOff);
  }
  nextKey = cur == 0 ? 0 : load<u64>(out + (<usize>(n - 1) << 3)) + 1;
  return n;
}

/** Positions in a list (LIST_*): all, an owner's, a tier's. */
export function listCount(kind: i32, key: u64): u64 {
  if (kind == LIST_ALL) {
    const g = globals.find(0);
    return g < 0 ? 0 : load<u64>(globals.ptr(<u32>g) + <usize>G_COUNT);
  }
  if (kind == LIST_OF_OWNER) {
    const o = owners.find(key);
    return o < 0 ? 0 : load<u64>(owners.ptr(<u32>o) + <usize>O_COUNT);
  }
  const t = tiers.find(key);
  return t < 0 ? 0 : load<u64>(tiers.ptr(<u32>t) + <usize>T_COUNT);
}

/** Bonus owed to an owner (integer) to the registers. */
export function owed(owner: u32): i32 {
  const o = owners.find(<u64>owner);
  if (o < 0) return setResult(0, 0);
  return setResult(ld(owners.ptr(<u32>o), O_OWED), ldh(owners.ptr(<u32>o), O_OWED));
}

let vpLo: u64 = 0, vpHi: u64 = 0;

/** Add a position's voting power: shares x tokens / delegator shares (Dec) on a bonded validator. */
function addPower(ps: u32): i32 {
  const ds = delegationOf(ps);
  if (ds < 0) return OK;
  const vs = validators.find(<u64>load<u32>(positions.ptr(ps) + <usize>P_VALIDATOR));
  if (vs < 0) return OK;
  const v = validators.ptr(<u32>vs);
  if (load<u8>(v + <usize>V_STATUS) != STATUS_BONDED || (ld(v, V_SHARES) | ldh(v, V_SHARES)) == 0) return OK;
  const d = delegations.ptr(<u32>ds);
  let e = mulIntQuo(ld(d, D_SHARES), ldh(d, D_SHARES), ld(v, V_TOKENS), ldh(v, V_TOKENS), ld(v, V_SHARES), ldh(v, V_SHARES), ROUND_HALF_EVEN);
  if (e != OK) return e;
  e = add(vpLo, vpHi, resLo, resHi);
  if (e != OK) return e;
  vpLo = resLo;
  vpHi = resHi;
  return OK;
}

/** Voting power (a Dec, to the registers) of an owner's positions (LIST_OF_OWNER) or of all (LIST_ALL). */
export function votingPower(kind: i32, owner: u32): i32 {
  vpLo = 0;
  vpHi = 0;
  let cur: u64 = 0;
  const nextOff = kind == LIST_OF_OWNER ? P_OWNER_NEXT : P_ALL_NEXT;
  if (kind == LIST_OF_OWNER) {
    const o = owners.find(<u64>owner);
    cur = o < 0 ? 0 : load<u64>(owners.ptr(<u32>o) + <usize>O_HEAD);
  } else {
    const g = globals.find(0);
    cur = g < 0 ? 0 : load<u64>(globals.ptr(<u32>g) + <usize>G_HEAD);
  }
  while (cur != 0) {
    const ps = <u32>positions.find(cur - 1);
    const e = addPower(ps);
    if (e != OK) return e;
    cur = load<u64>(positions.ptr(ps) + <usize>nextOff);
  }
  return setResult(vpLo, vpHi);
}

/** Shares (Dec) of the delegated positions on `validator` if it is bonded (the tally's deduction), to the registers. O(positions). */
export function deductedShares(validator: u32): i32 {
  vpLo = 0;
  vpHi = 0;
  const vs = validators.find(<u64>validator);
  if (vs < 0 || load<u8>(validators.ptr(<u32>vs) + <usize>V_STATUS) != STATUS_BONDED) return setResult(0, 0);
  const g = globals.find(0);
  let cur = g < 0 ? 0 : load<u64>(globals.ptr(<u32>g) + <usize>G_HEAD);
  while (cur != 0) {
    const ps = <u32>positions.find(cur - 1);
    const ds = delegationOf(ps);
    if (ds >= 0 && load<u32>(positions.ptr(ps) + <usize>P_VALIDATOR) == validator) {
      const d = delegations.ptr(<u32>ds);
      const e = add(vpLo, vpHi, ld(d, D_SHARES), ldh(d, D_SHARES));
      if (e != OK) return e;
      vpLo = resLo;
      vpHi = resHi;
    }
    cur = load<u64>(positions.ptr(ps) + <usize>P_ALL_NEXT);
  }
  return setResult(vpLo, vpHi);
}

/**
 * The positions' invariants; a bit set of the broken ones (0: all hold):
 *   1  each position: its tier exists, its delegator maps to it, exit times consistent, checkpoints
 *      cleared iff undelegated (delegated: accrual set, seq <= the validator's)
 *   2  per-tier, per-owner and global counts are the list lengths
 *   4  per-validator delegated counts are the delegated positions on it
 *   8  each event's reference count is the delegated positions on its validator that have not replayed it
 */
export function check(): i32 {
  let broken = 0;
  let total: u64 = 0;
  for (let s: u32 = 0; s < positions.slotCount; s++) {
    if (!positions.isLive(s)) continue;
    total++;
    const p = positions.ptr(s);
    const id = load<u64>(p);
    const m = byDelegator.find(<u64>load<u32>(p + <usize>P_DELEGATOR));
    if (tiers.find(<u64>load<u32>(p + <usize>P_TIER)) < 0 || m < 0 || load<u64>(byDelegator.ptr(<u32>m) + 8) != id) broken |= 1;
    const trig = load<i64>(p + <usize>P_TRIGGERED), unlock = load<i64>(p + <usize>P_UNLOCK);
    if ((trig == 0) != (unlock == 0) || (trig != 0 && unlock <= trig) || load<u64>(p + <usize>P_HEIGHT) == 0 || load<i64>(p + <usize>P_TIME) == 0) broken |= 1;
    const delegated = delegationOf(s) >= 0;
    const accrual = load<i64>(p + <usize>P_LAST_ACCRUAL), seq = load<u64>(p + <usize>P_LAST_SEQ);
    if (delegated) {
      const vd = validatorData.find(<u64>load<u32>(p + <usize>P_VALIDATOR));
      if (accrual == 0 || vd < 0 || seq > load<u64>(validatorData.ptr(<u32>vd) + <usize>VD_SEQ)) broken |= 1;
    } else if (accrual != 0 || seq != 0 || load<u8>(p + <usize>P_BONDED) != 0) broken |= 1;
  }
  // counts: walk every list
  const g = globals.find(0);
  if (walk(g < 0 ? 0 : load<u64>(globals.ptr(<u32>g) + <usize>G_HEAD), P_ALL_NEXT) != total) broken |= 2;
  if (g >= 0 && load<u64>(globals.ptr(<u32>g) + <usize>G_COUNT) != total) broken |= 2;
  for (let s: u32 = 0; s < tiers.slotCount; s++) {
    if (!tiers.isLive(s)) continue;
    const t = tiers.ptr(s);
    if (walk(load<u64>(t + <usize>T_HEAD), P_TIER_NEXT) != load<u64>(t + <usize>T_COUNT)) broken |= 2;
  }
  for (let s: u32 = 0; s < owners.slotCount; s++) {
    if (!owners.isLive(s)) continue;
    const o = owners.ptr(s);
    if (walk(load<u64>(o + <usize>O_HEAD), P_OWNER_NEXT) != load<u64>(o + <usize>O_COUNT)) broken |= 2;
  }
  // per validator: delegated positions, and each event's references
  for (let s: u32 = 0; s < validatorData.slotCount; s++) {
    if (!validatorData.isLive(s)) continue;
    const vd = validatorData.ptr(s);
    const validator = <u32>load<u64>(vd);
    let n: u64 = 0;
    for (let q: u32 = 0; q < positions.slotCount; q++) {
      if (!positions.isLive(q) || load<u32>(positions.ptr(q) + <usize>P_VALIDATOR) != validator) continue;
      if (delegationOf(q) >= 0) n++;
    }
    if (n != load<u64>(vd + <usize>VD_COUNT)) broken |= 4;
  }
  for (let s: u32 = 0; s < validatorEvents.slotCount; s++) {
    if (!validatorEvents.isLive(s)) continue;
    const ev = validatorEvents.ptr(s);
    const key = load<u64>(ev);
    const validator = <u32>(key >> 40), seq = key & ((<u64>1 << 40) - 1);
    let n: u64 = 0;
    for (let q: u32 = 0; q < positions.slotCount; q++) {
      if (!positions.isLive(q)) continue;
      const p = positions.ptr(q);
      if (load<u32>(p + <usize>P_VALIDATOR) != validator || delegationOf(q) < 0) continue;
      if (load<u64>(p + <usize>P_LAST_SEQ) < seq) n++;
    }
    if (n != load<u64>(ev + <usize>VE_REFS) || n == 0) broken |= 8;
  }
  return broken;
}

function walk(head: u64, nextOff: i32): u64 {
  let n: u64 = 0;
  let cur = head;
  while (cur != 0) {
    const s = positions.find(cur - 1);
    if (s < 0) return u64.MAX_VALUE;
    n++;
    cur = load<u64>(positions.ptr(<u32>s) + <usize>nextOff);
  }
  return n;
}
