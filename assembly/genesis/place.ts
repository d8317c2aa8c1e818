// Genesis from another chain's export (the SDK's genesis document): each record placed exactly as
// the export gives it — a validator with its F1 accumulators, a historical-rewards period, a
// delegation with its starting info, an unbonding or redelegation entry with its id, a tier
// position with its checkpoints — through the same indexes (owner lists, pair counts, position
// lists) the messages maintain. Every write is journaled, so the host commits them as the first
// block; ledgerRestore then rebuilds what is derived (queues, ranking, supply). Nothing here runs
// once a chain is under way.

import { OK, ERR_INVALID_PARAMS, ERR_VALIDATOR_EXISTS, ERR_TR_TIER_NOT_FOUND, ERR_TR_NO_DELEGATOR_ADDRESS, setErrorArg } from "../errors";
import { Table } from "../store/table";
import { balances } from "../ledger/bank";
import { validators, historical, slashEvents, MAX_VALIDATOR_ID } from "../ledger/validators";
import {
  delegations, delegationKey, linkDelegation, D_SHARES, D_PREVIOUS_PERIOD, D_STAKE, D_HEIGHT, D_HAS_INFO,
} from "../ledger/delegations";
import { entries, pairs, addEntry, entryCreated, U_INITIAL, U_BALANCE } from "../ledger/unbonding";
import { redelegationEntries, addRedelegationEntry } from "../ledger/redelegations";
import { withdrawAddresses, initRouted, setRewardRecipient } from "../ledger/withdraw";
import { cellPtr, ENTRY_SEQUENCE } from "../ledger/globals";
import {
  tiers, positions, owners, byDelegator, globals, validatorData, validatorEvents, listAppend, bumpDelegated,
  O_HEAD, O_TAIL, O_COUNT, G_NEXT_ID, G_HEAD, G_TAIL, G_COUNT,
} from "../tier/state";
import {
  P_OWNER, P_TIER, P_DELEGATOR, P_VALIDATOR, P_OWNER_PREV, P_OWNER_NEXT, P_TIER_PREV, P_TIER_NEXT, P_ALL_PREV, P_ALL_NEXT,
} from "../abi/position";
import { T_HEAD, T_TAIL, T_COUNT } from "../abi/tier";
import { tierParams } from "../tier/params";

/** The tables an export reads, by kind (the host decodes their records): ids at `out` as u32s; returns the count. */
export function genesisTableIds(out: usize): i32 {
  const list: Table[] = [
    balances, validators, historical, slashEvents, delegations, entries, redelegationEntries, withdrawAddresses,
    tiers, positions, owners, globals, validatorData, validatorEvents, tierParams, pairs,
  ];
  for (let i = 0; i < list.length; i++) store<u32>(out + (<usize>i << 2), list[i].id);
  return list.length;
}

/** Flat records the host writes whole (their layouts: ledger/validators.ts, tier/state.ts). */
function flatTable(kind: i32): Table | null {
  switch (kind) {
    case 0: return validators;
    case 1: return historical;
    case 2: return slashEvents;
    case 3: return tiers;
    case 4: return validatorEvents;
    case 5: return validatorData;
    default: return null;
  }
}

/**
 * A whole record of a flat table (kind: 0 validator, 1 historical rewards, 2 slash event, 3 tier,
 * 4 validator event, 5 validator data) from `src` (its key first); a key placed twice is refused.
 */
export function genesisPlaceRecord(kind: i32, src: usize): i32 {
  const t = flatTable(kind);
  if (t === null) {
    setErrorArg(<i64>kind);
    return ERR_INVALID_PARAMS;
  }
  const key = load<u64>(src);
  if (kind == 0 && key >= <u64>MAX_VALIDATOR_ID) {
    setErrorArg(8);
    return ERR_INVALID_PARAMS;
  }
  if (t.find(key) >= 0) return ERR_VALIDATOR_EXISTS;
  const p = t.ptr(t.upsert(key));
  memory.copy(p + 8, src + 8, <usize>t.recordSize - 8);
  if (kind == 3) {
    // a tier's position list is built by the positions placed after it
    store<u64>(p + <usize>T_HEAD, 0);
    store<u64>(p + <usize>T_TAIL, 0);
    store<u64>(p + <usize>T_COUNT, 0);
  }
  return OK;
}

/** A delegation and its F1 starting info (shares and stake Decs at `src` and `src + 16`). */
export function genesisPlaceDelegation(delegator: u32, validator: u32, src: usize, previousPeriod: u64, height: u64): i32 {
  const key = delegationKey(delegator, validator);
  if (delegations.find(key) >= 0 || validators.find(<u64>validator) < 0) return ERR_INVALID_PARAMS;
  const slot = delegations.upsert(key);
  const d = delegations.ptr(slot);
  memory.copy(d + <usize>D_SHARES, src, 16);
  memory.copy(d + <usize>D_STAKE, src + 16, 16);
  store<u64>(d + <usize>D_PREVIOUS_PERIOD, previousPeriod);
  store<u64>(d + <usize>D_HEIGHT, height);
  store<u8>(d + <usize>D_HAS_INFO, 1);
  linkDelegation(delegator, validator);
  initRouted(delegator, <u32>delegations.find(key));
  return OK;
}

/** An entry id given by the export: the sequence is put just before it, so the entry code hands it out. */
function takeId(id: u64): i32 {
  if (id == 0 || entries.find(id) >= 0 || redelegationEntries.find(id) >= 0) return ERR_INVALID_PARAMS;
  store<u64>(cellPtr(ENTRY_SEQUENCE), id - 1);
  return OK;
}

/** An unbonding entry with its id; initial balance and balance (integers) at `src`, `src + 16`. */
export function genesisPlaceUnbonding(id: u64, delegator: u32, validator: u32, height: u64, completion: i64, src: usize): i32 {
  let e = takeId(id);
  if (e != OK) return e;
  e = addEntry(delegator, validator, height, completion, load<u64>(src), load<u64>(src, 8));
  if (e != OK) return e;
  if (!entryCreated) return ERR_INVALID_PARAMS; // merged: two entries of one height and completion
  const slot = <u32>entries.find(id);
  entries.touch(slot);
  const p = entries.ptr(slot);
  memory.copy(p + <usize>U_INITIAL, src, 16);
  memory.copy(p + <usize>U_BALANCE, src + 16, 16);
  return OK;
}

/** A redelegation entry with its id; initial balance (integer) and destination shares (Dec) at `src`, `src + 16`. */
export function genesisPlaceRedelegation(id: u64, delegator: u32, src: u32, dst: u32, height: u64, completion: i64, amounts: usize): i32 {
  const e = takeId(id);
  if (e != OK) return e;
  addRedelegationEntry(delegator, src, dst, height, completion, load<u64>(amounts), load<u64>(amounts, 8), load<u64>(amounts, 16), load<u64>(amounts, 24));
  return OK;
}

/** After every entry: the next id handed out follows the highest the export used (`last`). */
export function genesisSetEntrySequence(last: u64): void {
  store<u64>(cellPtr(ENTRY_SEQUENCE), last);
}

/** A ledger-wide cell (ledger/globals.ts: 1 community pool, 2 block time, 3 entry sequence): 16 bytes at `src`. */
export function genesisSetCell(id: u64, src: usize): void {
  memory.copy(cellPtr(id), src, 16);
}

/** x/distribution's withdraw address of a delegator (after its delegations). */
export function genesisSetWithdrawAddress(delegator: u32, recipient: u32): void {
  setRewardRecipient(delegator, recipient);
}

/**
 * A tier position (its record at `src`: tier/state.ts P_* up to P_OWNER_PREV, links ignored),
 * appended to its owner's, tier's and the global list: place them in ascending id order.
 */
export function genesisPlacePosition(src: usize): i32 {
  const id = load<u64>(src);
  const tierId = load<u32>(src + <usize>P_TIER);
  const owner = load<u32>(src + <usize>P_OWNER);
  const delegator = load<u32>(src + <usize>P_DELEGATOR);
  const validator = load<u32>(src + <usize>P_VALIDATOR);
  if (tiers.find(<u64>tierId) < 0) return ERR_TR_TIER_NOT_FOUND;
  if (positions.find(id) >= 0 || byDelegator.find(<u64>delegator) >= 0) return ERR_TR_NO_DELEGATOR_ADDRESS;
  const gs = globals.find(0);
  if (gs >= 0 && id < load<u64>(globals.ptr(<u32>gs) + <usize>G_NEXT_ID)) return ERR_INVALID_PARAMS;
  const p = positions.ptr(positions.upsert(id));
  memory.copy(p + 8, src + 8, <usize>P_OWNER_PREV - 8);
  store<u64>(byDelegator.ptr(byDelegator.upsert(<u64>delegator)) + 8, id);
  listAppend(owners, <u64>owner, O_HEAD, O_TAIL, O_COUNT, id, P_OWNER_PREV, P_OWNER_NEXT);
  listAppend(tiers, <u64>tierId, T_HEAD, T_TAIL, T_COUNT, id, P_TIER_PREV, P_TIER_NEXT);
  listAppend(globals, 0, G_HEAD, G_TAIL, G_COUNT, id, P_ALL_PREV, P_ALL_NEXT);
  if (delegations.find(delegationKey(delegator, validator)) >= 0) bumpDelegated(validator, 1);
  store<u64>(globals.ptr(globals.upsert(0)) + <usize>G_NEXT_ID, id + 1);
  return OK;
}

/** The export's next_position_id: never below an id placed. */
export function genesisSetNextPositionId(id: u64): i32 {
  const g = globals.ptr(globals.upsert(0));
  if (id < load<u64>(g + <usize>G_NEXT_ID)) {
    setErrorArg(9);
    return ERR_INVALID_PARAMS;
  }
  store<u64>(g + <usize>G_NEXT_ID, id);
  return OK;
}
