// x/staking unbonding delegations: entries (one per undelegation, merged within a block as the
// SDK's AddEntry does), at most MAX_ENTRIES per (delegator, validator), paid out of the not-bonded
// pool when their completion time comes. A min-heap on (completion time, entry id) finds the
// mature ones in O(log n) each, whatever the unbonding time was when they were made.

import { OK, ERR_MAX_UNBONDING_ENTRIES, ERR_INVARIANT, setErrorArg } from "../errors";
import { Table } from "../store/table";
import { undelegateQuiet, NOT_BONDED_POOL } from "./bank";
import { delegationKey } from "./delegations";
import { cellPtr, cellLo, ENTRY_SEQUENCE } from "./globals";
import { MaturityQueue } from "./queue";
import { addAt } from "./fields";
import { OwnerList, NONE } from "./lists";
import { T_UNBONDING_ENTRIES, T_UNBONDING_LISTS, T_UNBONDING_PAIRS } from "../store/table-ids";

/** x/staking's max_entries (DefaultMaxEntries 7; governance's MsgUpdateParams sets it: setMaxEntries). */
let maxEntries: u32 = 7;
export function getMaxEntries(): u32 {
  return maxEntries;
}
export function setMaxEntries(n: u32): void {
  maxEntries = n;
}

// Entry: key = entry id.
export const U_DELEGATOR: i32 = 8; // u32
export const U_VALIDATOR: i32 = 12; // u32
export const U_CREATION_HEIGHT: i32 = 16; // u64
export const U_COMPLETION: i32 = 24; // i64 unix ns
export const U_INITIAL: i32 = 32; // integer
export const U_BALANCE: i32 = 48; // integer
export const U_NEXT: i32 = 64; // u64 entry ids: links of the delegator's list
export const U_PREV: i32 = 72;
export const entries = new Table(80, T_UNBONDING_ENTRIES);
/** A delegator's entries, for the queries. */
export const entriesOf = new OwnerList(entries, U_NEXT, U_PREV, T_UNBONDING_LISTS);

// Per (delegator, validator): live entry count and the newest entry (for merging).
const P_COUNT: i32 = 8; // u32
const P_LAST: i32 = 16; // u64 entry id
export const pairs = new Table(24, T_UNBONDING_PAIRS);

/** Entries by completion time. */
export const queue = new MaturityQueue();

/** Whether (delegator, validator) may get another entry (the SDK checks before unbonding). */
export function entryAllowed(delegator: u32, validator: u32): i32 {
  const slot = pairs.find(delegationKey(delegator, validator));
  if (slot >= 0 && load<u32>(pairs.ptr(<u32>slot) + <usize>P_COUNT) >= maxEntries) return ERR_MAX_UNBONDING_ENTRIES;
  return OK;
}

/** The id of the entry the last `addEntry` created or merged into (pushed on the queue last). */
export let lastEntryId: u64 = 0;
/** Whether the last `addEntry` created an entry (true) or merged into one (false). */
export let entryCreated = false;

/**
 * UnbondingDelegation.AddEntry: merge into the pair's newest entry if it has this creation height
 * and completion time (only possible within one block), else a new entry. Does not touch the heap.
 */
export function addEntry(delegator: u32, validator: u32, height: u64, completion: i64, lo: u64, hi: u64): i32 {
  const pkey = delegationKey(delegator, validator);
  const ps = pairs.find(pkey);
  if (ps >= 0) {
    const last = load<u64>(pairs.ptr(<u32>ps) + <usize>P_LAST);
    const es = entries.find(last);
    if (es >= 0) {
      const e = entries.ptr(<u32>es);
      if (load<u64>(e + <usize>U_CREATION_HEIGHT) == height && load<i64>(e + <usize>U_COMPLETION) == completion) {
        entries.touch(<u32>es);
        const ep = entries.ptr(<u32>es);
        let r = addAt(ep, U_BALANCE, lo, hi);
        if (r != OK) return r;
        r = addAt(ep, U_INITIAL, lo, hi);
        if (r != OK) return r;
        lastEntryId = last;
        entryCreated = false;
        return OK;
      }
    }
  }
  const id = cellLo(ENTRY_SEQUENCE) + 1;
  store<u64>(cellPtr(ENTRY_SEQUENCE), id);
  const e = entries.ptr(entries.upsert(id));
  store<u32>(e + <usize>U_DELEGATOR, delegator);
  store<u32>(e + <usize>U_VALIDATOR, validator);
  store<u64>(e + <usize>U_CREATION_HEIGHT, height);
  store<i64>(e + <usize>U_COMPLETION, completion);
  store<u64>(e + <usize>U_INITIAL, lo);
  store<u64>(e + <usize>U_INITIAL, hi, 8);
  store<u64>(e + <usize>U_BALANCE, lo);
  store<u64>(e + <usize>U_BALANCE, hi, 8);
  entriesOf.add(<u64>delegator, id);
  const pp = pairs.ptr(pairs.upsert(pkey));
  store<u32>(pp + <usize>P_COUNT, load<u32>(pp + <usize>P_COUNT) + 1);
  store<u64>(pp + <usize>P_LAST, id);
  lastEntryId = id;
  entryCreated = true;
  return OK;
}


/** CompleteUnbonding for every entry whose completion time has come: pay it out, drop it. */
export function completeMature(timeNs: i64): i32 {
  while (queue.count > 0 && queue.topTime() <= timeNs) {
    const id = queue.topId();
    queue.pop();
    const es = entries.find(id);
    if (es < 0) continue; // gone already
    const e = entries.ptr(<u32>es);
    // A heap item left by an aborted transaction may name an id handed out again, maturing later.
    if (load<i64>(e + <usize>U_COMPLETION) > timeNs) continue;
    const delegator = load<u32>(e + <usize>U_DELEGATOR);
    const r = undelegateQuiet(NOT_BONDED_POOL, delegator, load<u64>(e + <usize>U_BALANCE), load<u64>(e + <usize>U_BALANCE, 8));
    if (r != OK) {
      setErrorArg(20);
      return ERR_INVARIANT;
    }
    removeEntry(id);
  }
  return OK;
}

/**
 * Drop the live entry `id`: out of its delegator's list, its pair's count down (the pair gone with
 * its last entry). A heap item left for it is skipped when it comes up (the entry is gone).
 */
export function removeEntry(id: u64): void {
  const e = entries.ptr(<u32>entries.find(id));
  const delegator = load<u32>(e + <usize>U_DELEGATOR);
  const validator = load<u32>(e + <usize>U_VALIDATOR);
  entriesOf.remove(<u64>delegator, id);
  entries.remove(id);
  const pkey = delegationKey(delegator, validator);
  const ps = pairs.find(pkey);
  if (ps < 0) return;
  const count = load<u32>(pairs.ptr(<u32>ps) + <usize>P_COUNT);
  if (count <= 1) pairs.remove(pkey);
  else {
    pairs.touch(<u32>ps);
    store<u32>(pairs.ptr(<u32>ps) + <usize>P_COUNT, count - 1);
  }
}

/** Whether (delegator, validator) has an unbonding delegation (at least one live entry). */
export function hasUnbonding(delegator: u32, validator: u32): bool {
  return pairs.find(delegationKey(delegator, validator)) >= 0;
}

/**
 * The first entry of (delegator, validator) made at `height`, in the SDK's entry order (creation
 * order: ascending id), or 0 (ids start at 1).
 */
export function entryAt(delegator: u32, validator: u32, height: u64): u64 {
  let found: u64 = 0;
  for (let id = entriesOf.first(<u64>delegator); id != NONE; id = entriesOf.after(id)) {
    const e = entries.ptr(<u32>entries.find(id));
    if (load<u32>(e + <usize>U_VALIDATOR) != validator || load<u64>(e + <usize>U_CREATION_HEIGHT) != height) continue;
    if (found == 0 || id < found) found = id;
  }
  return found;
}
