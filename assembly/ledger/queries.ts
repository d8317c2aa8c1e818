// Read-only queries the host serves: a page of an owner's records in ascending key order, from a
// start key, in O(the owner's records) — the owner lists (lists.ts) are unordered, so a page is
// chosen by a bounded insertion into a sorted selection of at most limit + 1 keys. Validators are
// paged the same way over the validators table (O(validators)).

import { OK, ERR_NO_DELEGATION } from "../errors";
import { mulIntQuo, truncateInt, setResult, resLo, resHi, ROUND_HALF_EVEN } from "../dec/dec";
import { ld, ldh, put } from "./fields";
import { NONE, OwnerList } from "./lists";
import { validators } from "./validators";
import { V_TOKENS, V_SHARES } from "../abi/validator";
import { delegations, delegationKey, byDelegator, byValidator, D_SHARES } from "./delegations";
import { entries, entriesOf, U_VALIDATOR, U_CREATION_HEIGHT, U_COMPLETION, U_INITIAL, U_BALANCE } from "./unbonding";
import {
  redelegationEntries, redelegationsOf, R_SRC, R_DST, R_CREATION_HEIGHT, R_COMPLETION, R_INITIAL, R_SHARES_DST,
} from "./redelegations";
import { DV_DELEGATOR, DV_VALIDATOR, DV_SHARES, DV_BALANCE, DV_SIZE } from "../abi/delegation";
import {
  UV_VALIDATOR, UV_CREATION_HEIGHT, UV_COMPLETION, UV_INITIAL, UV_BALANCE, UV_ID, UV_SIZE,
} from "../abi/unbonding-entry";
import {
  RV_SRC, RV_DST, RV_CREATION_HEIGHT, RV_COMPLETION, RV_INITIAL, RV_SHARES_DST, RV_BALANCE, RV_ID, RV_SIZE,
} from "../abi/redelegation-entry";

/** Most records one page holds (the host's buffer fits this many of the largest record). */
export const MAX_PAGE: u32 = 800;

/** Of the last page: the sort key of the first record after it (NONE: it was the last), the owner's total. */
export let pageNext: u64 = NONE;
export let pageTotal: u32 = 0;

// The selection: (sort key, record key) pairs, ascending by sort key.
const selection: usize = memory.data((MAX_PAGE + 1) * 16, 16);
let selected: u32 = 0;
let capacity: u32 = 0;

function offer(sortKey: u64, recordKey: u64): void {
  let lo: u32 = 0, hi = selected;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (load<u64>(selection + (<usize>mid << 4)) < sortKey) lo = mid + 1;
    else hi = mid;
  }
  if (lo >= capacity) return;
  const at = selection + (<usize>lo << 4);
  const keep = (selected < capacity ? selected : capacity - 1) - lo;
  memory.copy(at + 16, at, <usize>keep << 4);
  store<u64>(at, sortKey);
  store<u64>(at, recordKey, 8);
  if (selected < capacity) selected++;
}

function startSelection(limit: u32): void {
  capacity = (limit < MAX_PAGE ? limit : MAX_PAGE) + 1;
  selected = 0;
}

/** Records of the page; sets pageNext. */
function finishSelection(): u32 {
  const n = selected < capacity ? selected : capacity - 1;
  pageNext = selected == capacity ? load<u64>(selection + (<usize>n << 4)) : NONE;
  return n;
}

// @ts-ignore: decorator
@inline
function selectedKey(i: u32): u64 {
  return load<u64>(selection + (<usize>i << 4), 8);
}

/** Tokens of `shares` at a validator (TokensFromShares, truncated) to the result registers. */
function tokensOfShares(validator: u32, sLo: u64, sHi: u64): i32 {
  const vs = validators.find(<u64>validator);
  if (vs < 0) return setResult(0, 0);
  const v = validators.ptr(<u32>vs);
  if ((ld(v, V_SHARES) | ldh(v, V_SHARES)) == 0) return setResult(0, 0);
  const e = mulIntQuo(sLo, sHi, ld(v, V_TOKENS), ldh(v, V_TOKENS), ld(v, V_SHARES), ldh(v, V_SHARES), ROUND_HALF_EVEN);
  if (e != OK) return e;
  return truncateInt(resLo, resHi);
}

function writeDelegation(out: usize, key: u64): i32 {
  const d = delegations.ptr(<u32>delegations.find(key));
  const sLo = ld(d, D_SHARES), sHi = ldh(d, D_SHARES);
  const validator = <u32>(key & 0xffff_ffff);
  const e = tokensOfShares(validator, sLo, sHi);
  if (e != OK) return e;
  store<u32>(out, <u32>(key >> 32), DV_DELEGATOR);
  store<u32>(out, validator, DV_VALIDATOR);
  put(out, DV_SHARES, sLo, sHi);
  put(out, DV_BALANCE, resLo, resHi);
  return OK;
}

/** One delegation to `out`, or ERR_NO_DELEGATION. */
export function delegation(out: usize, delegator: u32, validator: u32): i32 {
  const key = delegationKey(delegator, validator);
  if (delegations.find(key) < 0) return ERR_NO_DELEGATION;
  return writeDelegation(out, key);
}

function selectDelegations(list: OwnerList, owner: u64, byDelegatorId: bool, start: u64, limit: u32): void {
  startSelection(limit);
  pageTotal = list.count(owner);
  for (let k = list.first(owner); k != NONE; k = list.after(k)) {
    const sortKey = byDelegatorId ? k >> 32 : k & 0xffff_ffff;
    if (sortKey >= start) offer(sortKey, k);
  }
}

function writeDelegations(out: usize): i32 {
  const n = finishSelection();
  for (let i: u32 = 0; i < n; i++) {
    const e = writeDelegation(out + <usize>(i * DV_SIZE), selectedKey(i));
    if (e != OK) return -e;
  }
  return <i32>n;
}

/**
 * A delegator's delegations, ascending by validator id from `startValidator`, at most `limit`: the
 * count written to `out` (a negative error code if a balance cannot be computed).
 */
export function delegatorDelegations(out: usize, delegator: u32, startValidator: u64, limit: u32): i32 {
  selectDelegations(byDelegator, <u64>delegator, false, startValidator, limit);
  return writeDelegations(out);
}

/** A validator's delegations, ascending by delegator id from `startDelegator`, at most `limit`. */
export function validatorDelegations(out: usize, validator: u32, startDelegator: u64, limit: u32): i32 {
  selectDelegations(byValidator, <u64>validator, true, startDelegator, limit);
  return writeDelegations(out);
}

/**
 * A delegator's unbonding entries, ascending by (validator, entry id) — the sort key is
 * validator << 48 | id — from `start`, at most `limit`: the count written to `out`.
 */
export function unbondingEntries(out: usize, delegator: u32, start: u64, limit: u32): i32 {
  startSelection(limit);
  pageTotal = entriesOf.count(<u64>delegator);
  for (let id = entriesOf.first(<u64>delegator); id != NONE; id = entriesOf.after(id)) {
    const e = entries.ptr(<u32>entries.find(id));
    const sortKey = (<u64>load<u32>(e + <usize>U_VALIDATOR) << 48) | id;
    if (sortKey >= start) offer(sortKey, id);
  }
  const n = finishSelection();
  for (let i: u32 = 0; i < n; i++) {
    const e = entries.ptr(<u32>entries.find(selectedKey(i)));
    const o = out + <usize>(i * UV_SIZE);
    store<u32>(o, load<u32>(e + <usize>U_VALIDATOR), UV_VALIDATOR);
    store<u32>(o, 0, UV_VALIDATOR + 4);
    store<u64>(o, load<u64>(e + <usize>U_CREATION_HEIGHT), UV_CREATION_HEIGHT);
    store<i64>(o, load<i64>(e + <usize>U_COMPLETION), UV_COMPLETION);
    put(o, UV_INITIAL, ld(e, U_INITIAL), ldh(e, U_INITIAL));
    put(o, UV_BALANCE, ld(e, U_BALANCE), ldh(e, U_BALANCE));
    store<u64>(o, load<u64>(e), UV_ID);
  }
  return <i32>n;
}

/**
 * A delegator's redelegation entries, ascending by (source, destination, entry id) — the sort key
 * is source << 48 | destination << 32 | id (ids below 2^32) — from `start`, at most `limit`.
 */
export function redelegationEntryPage(out: usize, delegator: u32, start: u64, limit: u32): i32 {
  startSelection(limit);
  pageTotal = redelegationsOf.count(<u64>delegator);
  for (let id = redelegationsOf.first(<u64>delegator); id != NONE; id = redelegationsOf.after(id)) {
    const r = redelegationEntries.ptr(<u32>redelegationEntries.find(id));
    const pair = (<u64>load<u32>(r + <usize>R_SRC) << 16) | <u64>load<u32>(r + <usize>R_DST);
    const sortKey = (pair << 32) | (id & 0xffff_ffff);
    if (sortKey >= start) offer(sortKey, id);
  }
  const n = finishSelection();
  for (let i: u32 = 0; i < n; i++) {
    const r = redelegationEntries.ptr(<u32>redelegationEntries.find(selectedKey(i)));
    const o = out + <usize>(i * RV_SIZE);
    const dst = load<u32>(r + <usize>R_DST);
    const sLo = ld(r, R_SHARES_DST), sHi = ldh(r, R_SHARES_DST);
    const e = tokensOfShares(dst, sLo, sHi);
    if (e != OK) return -e;
    store<u32>(o, load<u32>(r + <usize>R_SRC), RV_SRC);
    store<u32>(o, dst, RV_DST);
    store<u64>(o, load<u64>(r + <usize>R_CREATION_HEIGHT), RV_CREATION_HEIGHT);
    store<i64>(o, load<i64>(r + <usize>R_COMPLETION), RV_COMPLETION);
    put(o, RV_INITIAL, ld(r, R_INITIAL), ldh(r, R_INITIAL));
    put(o, RV_SHARES_DST, sLo, sHi);
    put(o, RV_BALANCE, resLo, resHi);
    store<u64>(o, load<u64>(r), RV_ID);
  }
  return <i32>n;
}

/** Validator ids ascending from `start`, at most `limit`, as u32s to `out`: the count. */
export function validatorIds(out: usize, start: u64, limit: u32): i32 {
  startSelection(limit);
  pageTotal = validators.size;
  for (let s: u32 = 0; s < validators.slotCount; s++) {
    if (!validators.isLive(s)) continue;
    const id = load<u64>(validators.ptr(s));
    if (id >= start) offer(id, id);
  }
  const n = finishSelection();
  for (let i: u32 = 0; i < n; i++) store<u32>(out + (<usize>i << 2), <u32>selectedKey(i));
  return <i32>n;
}
