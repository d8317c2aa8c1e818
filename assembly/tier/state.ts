// x/tieredrewards state (REFERENCE.md §3): tiers, positions, owners, the delegator → position map,
// per-validator counters and validator events. Position ids only grow, so appending each new
// position at the tail of its owner's, its tier's and the global doubly linked list keeps every
// list in ascending id order without sorting; removal is O(1). Links hold id + 1 (0: none).

import { Table } from "../store/table";
import { T_SIZE } from "../abi/tier";
import { P_SIZE } from "../abi/position";
import { T_POSITIONS, T_POSITIONS_BY_DELEGATOR, T_POSITION_OWNERS, T_TIERS, T_TIER_GLOBALS, T_TIER_VALIDATOR_DATA, T_VALIDATOR_EVENTS } from "../store/table-ids";

// Tiers: key tier id (abi/tier.ts).
export const tiers = new Table(T_SIZE, T_TIERS);

// Positions: key position id (abi/position.ts).
export const positions = new Table(P_SIZE, T_POSITIONS);

// Owners: key owner account; their list and the bonus owed to them (DESIGN.md decision 8).
export const O_HEAD: i32 = 8;
export const O_TAIL: i32 = 16;
export const O_COUNT: i32 = 24; // u64
export const O_OWED: i32 = 32; // integer
export const owners = new Table(48, T_POSITION_OWNERS);

// The position of a delegator account: key account, position id at 8.
export const byDelegator = new Table(16, T_POSITIONS_BY_DELEGATOR);

// One record (key 0): the next position id and the list of all positions.
export const G_NEXT_ID: i32 = 8;
export const G_HEAD: i32 = 16;
export const G_TAIL: i32 = 24;
export const G_COUNT: i32 = 32;
export const globals = new Table(40, T_TIER_GLOBALS);

// Per validator: key validator id; its event sequence and delegated positions.
export const VD_SEQ: i32 = 8; // u64, first event = 1
export const VD_COUNT: i32 = 16; // u64
export const validatorData = new Table(24, T_TIER_VALIDATOR_DATA);

// Validator events: key validator << 40 | seq.
export const VE_HEIGHT: i32 = 8; // u64
export const VE_TIME: i32 = 16; // i64 ns
export const VE_TYPE: i32 = 24; // u32: EVENT_* (abi/validator-event.ts)
export const VE_TPS: i32 = 32; // Dec: tokens per share when it happened (before a slash)
export const VE_REFS: i32 = 48; // u64: delegated positions that have not replayed it
export const validatorEvents = new Table(56, T_VALIDATOR_EVENTS);

// @ts-ignore: decorator
@inline
export function eventKey(validator: u32, seq: u64): u64 {
  return (<u64>validator << 40) | seq;
}

/** Delegated positions on a validator. */
export function delegatedCount(validator: u32): u64 {
  const s = validatorData.find(<u64>validator);
  return s < 0 ? 0 : load<u64>(validatorData.ptr(<u32>s) + <usize>VD_COUNT);
}

export function currentSeq(validator: u32): u64 {
  const s = validatorData.find(<u64>validator);
  return s < 0 ? 0 : load<u64>(validatorData.ptr(<u32>s) + <usize>VD_SEQ);
}

/** delegated positions on `validator` += delta. */
export function bumpDelegated(validator: u32, delta: i64): void {
  const p = validatorData.ptr(validatorData.upsert(<u64>validator));
  store<u64>(p + <usize>VD_COUNT, <u64>(<i64>load<u64>(p + <usize>VD_COUNT) + delta));
}

/** Append position `id` (its record exists) to the list whose ends live in `t`'s record `key`. */
export function listAppend(t: Table, key: u64, head: i32, tail: i32, count: i32, id: u64, prev: i32, next: i32): void {
  const ls = t.upsert(key);
  const last = load<u64>(t.ptr(ls) + <usize>tail);
  const ps = <u32>positions.find(id);
  positions.touch(ps);
  const p = positions.ptr(ps);
  store<u64>(p + <usize>prev, last);
  store<u64>(p + <usize>next, 0);
  if (last != 0) {
    const qs = <u32>positions.find(last - 1);
    positions.touch(qs);
    store<u64>(positions.ptr(qs) + <usize>next, id + 1);
  }
  const l = t.ptr(ls);
  if (last == 0) store<u64>(l + <usize>head, id + 1);
  store<u64>(l + <usize>tail, id + 1);
  store<u64>(l + <usize>count, load<u64>(l + <usize>count) + 1);
}

/** Unlink position `id` from that list. */
export function listRemove(t: Table, key: u64, head: i32, tail: i32, count: i32, id: u64, prev: i32, next: i32): void {
  const p = positions.ptr(<u32>positions.find(id));
  const before = load<u64>(p + <usize>prev), after = load<u64>(p + <usize>next);
  const ls = t.upsert(key);
  if (before != 0) {
    const qs = <u32>positions.find(before - 1);
    positions.touch(qs);
    store<u64>(positions.ptr(qs) + <usize>next, after);
  } else {
    store<u64>(t.ptr(ls) + <usize>head, after);
  }
  if (after != 0) {
    const qs = <u32>positions.find(after - 1);
    positions.touch(qs);
    store<u64>(positions.ptr(qs) + <usize>prev, before);
  } else {
    store<u64>(t.ptr(ls) + <usize>tail, before);
  }
  const l = t.ptr(ls);
  store<u64>(l + <usize>count, load<u64>(l + <usize>count) - 1);
}
