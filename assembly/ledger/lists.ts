// Intrusive doubly linked lists over a table's records, one list per owner (a delegator's
// delegations, a validator's delegations, a delegator's unbonding or redelegation entries), so a
// query lists what an owner has in O(its records) instead of walking the whole table. Links are
// record keys (slots are not identities: they change on restore), kept in the records themselves
// and journaled like any other field; an owner's head and count live in a table of their own.

import { Table } from "../store/table";

export const NONE: u64 = u64.MAX_VALUE;

// Head record: key = owner | first record's key at 8 | number of records at 16.
const L_FIRST: i32 = 8;
const L_COUNT: i32 = 16;

export class OwnerList {
  private readonly heads: Table;
  private readonly records: Table;
  private readonly next: i32;
  private readonly prev: i32;

  /** `next` and `prev` are the offsets of two u64 link fields in `records`. */
  constructor(records: Table, next: i32, prev: i32, headsId: u32) {
    this.heads = new Table(24, headsId);
    this.records = records;
    this.next = next;
    this.prev = prev;
  }

  /** Link the record of `key` (live, already journaled by its upsert) first in `owner`'s list. */
  add(owner: u64, key: u64): void {
    const hs = this.heads.upsert(owner);
    const h = this.heads.ptr(hs);
    const first = load<u32>(h + <usize>L_COUNT) > 0 ? load<u64>(h + <usize>L_FIRST) : NONE;
    store<u64>(h + <usize>L_FIRST, key);
    store<u32>(h + <usize>L_COUNT, load<u32>(h + <usize>L_COUNT) + 1);
    const p = this.records.ptr(<u32>this.records.find(key));
    store<u64>(p + <usize>this.next, first);
    store<u64>(p + <usize>this.prev, NONE);
    if (first != NONE) this.setLink(first, this.prev, key);
  }

  /** Unlink the record of `key` from `owner`'s list (before the record is removed). */
  remove(owner: u64, key: u64): void {
    const p = this.records.ptr(<u32>this.records.find(key));
    const next = load<u64>(p + <usize>this.next);
    const prev = load<u64>(p + <usize>this.prev);
    if (next != NONE) this.setLink(next, this.prev, prev);
    const hs = <u32>this.heads.find(owner);
    const count = load<u32>(this.heads.ptr(hs) + <usize>L_COUNT);
    if (count <= 1) {
      this.heads.remove(owner);
    } else {
      this.heads.touch(hs);
      const h = this.heads.ptr(hs);
      store<u32>(h + <usize>L_COUNT, count - 1);
      if (prev == NONE) store<u64>(h + <usize>L_FIRST, next);
    }
    if (prev != NONE) this.setLink(prev, this.next, next);
  }

  /** The key of `owner`'s first record, or NONE. */
  first(owner: u64): u64 {
    const hs = this.heads.find(owner);
    return hs < 0 ? NONE : load<u64>(this.heads.ptr(<u32>hs) + <usize>L_FIRST);
  }

  /** The key after `key` in its owner's list, or NONE. */
  after(key: u64): u64 {
    return load<u64>(this.records.ptr(<u32>this.records.find(key)) + <usize>this.next);
  }

  count(owner: u64): u32 {
    const hs = this.heads.find(owner);
    return hs < 0 ? 0 : load<u32>(this.heads.ptr(<u32>hs) + <usize>L_COUNT);
  }

  private setLink(key: u64, off: i32, value: u64): void {
    const s = <u32>this.records.find(key);
    this.records.touch(s);
    store<u64>(this.records.ptr(s) + <usize>off, value);
  }
}
