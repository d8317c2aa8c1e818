// x/staking redelegations: an entry per redelegation (the SDK's RedelegationEntry: creation height,
// completion time, initial balance, destination shares), kept until the source stops being
// slashable for it (its completion time), at most MAX_ENTRIES per (delegator, source,
// destination). While any entry (delegator, *, X) is maturing, X cannot be a redelegation source
// for that delegator (no transitive redelegation).

import { OK, ERR_MAX_REDELEGATION_ENTRIES, ERR_TRANSITIVE_REDELEGATION } from "../errors";
import { Table } from "../store/table";
import { cellPtr, cellLo, ENTRY_SEQUENCE } from "./globals";
import { MaturityQueue } from "./queue";
import { getMaxEntries } from "./unbonding";
import { OwnerList } from "./lists";
import { T_REDELEGATIONS_RECEIVED, T_REDELEGATION_ENTRIES, T_REDELEGATION_LISTS, T_REDELEGATION_TRIPLES } from "../store/table-ids";

export const R_DELEGATOR: i32 = 8; // u32
export const R_SRC: i32 = 12; // u32
export const R_DST: i32 = 16; // u32
export const R_CREATION_HEIGHT: i32 = 24; // u64
export const R_COMPLETION: i32 = 32; // i64 unix ns
export const R_INITIAL: i32 = 40; // integer
export const R_SHARES_DST: i32 = 56; // Dec
export const R_NEXT: i32 = 72; // u64 entry ids: links of the delegator's list
export const R_PREV: i32 = 80;
export const redelegationEntries = new Table(88, T_REDELEGATION_ENTRIES);
/** A delegator's entries, for the queries. */
export const redelegationsOf = new OwnerList(redelegationEntries, R_NEXT, R_PREV, T_REDELEGATION_LISTS);

const COUNT: i32 = 8; // u32
/** Per (delegator, src, dst): live entries. */
const triples = new Table(16, T_REDELEGATION_TRIPLES);
/** Per (delegator, dst): live entries received (for the transitive check). */
const receiving = new Table(16, T_REDELEGATIONS_RECEIVED);

export const redelegationQueue = new MaturityQueue();

// @ts-ignore: decorator
@inline
function tripleKey(delegator: u32, src: u32, dst: u32): u64 {
  return (<u64>delegator << 32) | (<u64>src << 16) | <u64>dst;
}

// @ts-ignore: decorator
@inline
function pairKey(delegator: u32, validator: u32): u64 {
  return (<u64>delegator << 32) | <u64>validator;
}

function count(t: Table, key: u64): u32 {
  const s = t.find(key);
  return s < 0 ? 0 : load<u32>(t.ptr(<u32>s) + <usize>COUNT);
}

function bump(t: Table, key: u64, delta: i32): void {
  const s = t.upsert(key);
  const n = <i32>load<u32>(t.ptr(s) + <usize>COUNT) + delta;
  if (n <= 0) t.remove(key);
  else store<u32>(t.ptr(s) + <usize>COUNT, <u32>n);
}

/** Live redelegation entries of `delegator` into `validator` (still slashable at their source). */
export function incomingRedelegations(delegator: u32, validator: u32): u32 {
  return count(receiving, pairKey(delegator, validator));
}

/** The SDK's checks before a redelegation: no transitive one, not too many entries. */
export function redelegationAllowed(delegator: u32, src: u32, dst: u32): i32 {
  if (count(receiving, pairKey(delegator, src)) > 0) return ERR_TRANSITIVE_REDELEGATION;
  if (count(triples, tripleKey(delegator, src, dst)) >= getMaxEntries()) return ERR_MAX_REDELEGATION_ENTRIES;
  return OK;
}

/** A new entry; returns its id (the caller pushes it on the queue last). */
export function addRedelegationEntry(
  delegator: u32, src: u32, dst: u32, height: u64, completion: i64,
  amountLo: u64, amountHi: u64, sharesLo: u64, sharesHi: u64,
): u64 {
  const id = cellLo(ENTRY_SEQUENCE) + 1;
  store<u64>(cellPtr(ENTRY_SEQUENCE), id);
  const e = redelegationEntries.ptr(redelegationEntries.upsert(id));
  store<u32>(e + <usize>R_DELEGATOR, delegator);
  store<u32>(e + <usize>R_SRC, src);
  store<u32>(e + <usize>R_DST, dst);
  store<u64>(e + <usize>R_CREATION_HEIGHT, height);
  store<i64>(e + <usize>R_COMPLETION, completion);
  store<u64>(e + <usize>R_INITIAL, amountLo);
  store<u64>(e + <usize>R_INITIAL, amountHi, 8);
  store<u64>(e + <usize>R_SHARES_DST, sharesLo);
  store<u64>(e + <usize>R_SHARES_DST, sharesHi, 8);
  redelegationsOf.add(<u64>delegator, id);
  bump(triples, tripleKey(delegator, src, dst), 1);
  bump(receiving, pairKey(delegator, dst), 1);
  return id;
}

/** CompleteRedelegation for every entry whose completion time has come: it is simply dropped. */
export function completeMatureRedelegations(timeNs: i64): void {
  while (redelegationQueue.count > 0 && redelegationQueue.topTime() <= timeNs) {
    const id = redelegationQueue.topId();
    redelegationQueue.pop();
    const s = redelegationEntries.find(id);
    if (s < 0) continue;
    const e = redelegationEntries.ptr(<u32>s);
    if (load<i64>(e + <usize>R_COMPLETION) > timeNs) continue; // a stale item (see unbonding.ts)
    const delegator = load<u32>(e + <usize>R_DELEGATOR);
    const src = load<u32>(e + <usize>R_SRC);
    const dst = load<u32>(e + <usize>R_DST);
    redelegationsOf.remove(<u64>delegator, id);
    redelegationEntries.remove(id);
    bump(triples, tripleKey(delegator, src, dst), -1);
    bump(receiving, pairKey(delegator, dst), -1);
  }
}
