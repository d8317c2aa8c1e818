// The ledger's BeginBlock, in the reference's module order (REFERENCE.md §5):
//   1. x/mint: the block's provision (the emission engine, capped) into the fee collector;
//   2. x/tieredrewards: the base-rewards top-up from the rewards pool, split by last-commit power
//      and allocated per validator (commission first, no community tax);
//   3. x/distribution (height > 1): the fee collector's balance allocated by last-commit power.
// Cost: O(validators in the last commit), whatever the number of delegations.
//
// A block that fails part-way leaves the core inconsistent, as a panic in BeginBlock halts the
// reference chain: the host must halt and restart from its last committed state.

import { OK, ERR_INVALID_PARAMS, ERR_NO_VALIDATOR, setErrorArg } from "../errors";
import { POW18 } from "../math/limbs";
import { resLo, resHi } from "../dec/dec";
import * as emission from "../emission/emission";
import { computeTopUp, OUT_TOP_UP, OUT_OUTCOME, IN_SIZE, OUT_SIZE, ALLOC_SIZE } from "../rewards/topup";
import { balanceOf, credit, transfer, FEE_COLLECTOR, DISTRIBUTION, REWARDS_POOL, BONDED_POOL } from "./bank";
import { validators } from "./validators";
import { allocateTopUps, allocateTokens, keepOf } from "./distribution";
import { cellPtr, BLOCK_TIME } from "./globals";
import { lastCommitSlots, endBlock } from "./valset";

// Parameters record, written by the host before `configure`.
export const LP_COMMUNITY_TAX: i32 = 0; // Dec in [0, 1]
export const LP_TARGET_RATE: i32 = 16; // Dec in [0, 1]: TargetBaseRewardsRate (0: no top-up)
export const LP_SIZE: i32 = 32;
export const ledgerParams: usize = memory.data(LP_SIZE, 16);

// The outcome of the last BeginBlock, for the host's events.
export const BO_MINTED: i32 = 0; // integer
export const BO_TOP_UP: i32 = 16; // integer
export const BO_FEES: i32 = 32; // integer: moved from the fee collector to distribution
export const BO_SIZE: i32 = 48;
export const blockOutcome: usize = memory.data(BO_SIZE, 16);

let taxLo: u64 = 0, taxHi: u64 = 0, keepLo: u64 = POW18, keepHi: u64 = 0;
let rateLo: u64 = 0, rateHi: u64 = 0;

// Scratch for the votes (slot u32, power u64) and the top-up's records, grown as needed.
let scratch: usize = 0;
let scratchVotes: i32 = 0;

/** Validate and load the parameters record; rules (errorArg): 4 community tax, 5 target rate. */
export function configure(): i32 {
  const tLo = load<u64>(ledgerParams + LP_COMMUNITY_TAX), tHi = load<u64>(ledgerParams + LP_COMMUNITY_TAX, 8);
  const rLo = load<u64>(ledgerParams + LP_TARGET_RATE), rHi = load<u64>(ledgerParams + LP_TARGET_RATE, 8);
  if (tHi != 0 || tLo > POW18) {
    setErrorArg(4);
    return ERR_INVALID_PARAMS;
  }
  if (rHi != 0 || rLo > POW18) {
    setErrorArg(5);
    return ERR_INVALID_PARAMS;
  }
  taxLo = tLo;
  taxHi = tHi;
  keepOf(tLo, tHi);
  keepLo = resLo;
  keepHi = resHi;
  rateLo = rLo;
  rateHi = rHi;
  return OK;
}

function ensureScratch(count: i32): void {
  if (count <= scratchVotes) return;
  const n = count < 64 ? 64 : count * 2;
  scratch = heap.alloc(<usize>(IN_SIZE + OUT_SIZE + n * (16 + 8 + ALLOC_SIZE)));
  scratchVotes = n;
}

/**
 * BeginBlock at `height` (the emission engine's next block) and block time (unix ns, kept for the
 * block's messages) with the last commit's votes: `count`
 * entries of (validator id u32, 4 bytes unused, power u64) at `votes`, in commit order.
 */
export function beginBlock(height: u64, timeNs: i64, votes: usize, count: i32): i32 {
  if (height != load<u64>(emission.state + <usize>emission.STATE_HEIGHT) + 1) {
    setErrorArg(<i64>height);
    return ERR_INVALID_PARAMS;
  }
  ensureScratch(count);
  const slots = scratch + <usize>(IN_SIZE + OUT_SIZE); // (slot u32, power u64) per vote
  const powers = slots + <usize>(scratchVotes * 16);
  for (let i = 0; i < count; i++) {
    const v = votes + (<usize>i << 4);
    const slot = validators.find(<u64>load<u32>(v));
    if (slot < 0) {
      setErrorArg(<i64>load<u32>(v));
      return ERR_NO_VALIDATOR;
    }
    store<u32>(slots + (<usize>i << 4), <u32>slot);
    store<u64>(slots + (<usize>i << 4), load<u64>(v, 8), 8);
    store<u64>(powers + (<usize>i << 3), load<u64>(v, 8));
  }
  return beginBlockVotes(height, timeNs, count);
}

/** BeginBlock with its votes in the scratch: (slot, power) records and their powers (`beginBlock`). */
function beginBlockVotes(height: u64, timeNs: i64, count: i32): i32 {
  const slots = scratch + <usize>(IN_SIZE + OUT_SIZE);
  const powers = slots + <usize>(scratchVotes * 16);
  const alloc = powers + <usize>(scratchVotes * 8);
  store<i64>(cellPtr(BLOCK_TIME), timeNs);
  // 1. mint
  let e = emission.advance(1);
  if (e != OK) return e;
  const mLo = load<u64>(emission.state + <usize>emission.STATE_MINTED);
  const mHi = load<u64>(emission.state + <usize>emission.STATE_MINTED, 8);
  e = credit(FEE_COLLECTOR, mLo, mHi);
  if (e != OK) return e;
  store<u64>(blockOutcome + BO_MINTED, mLo);
  store<u64>(blockOutcome + BO_MINTED, mHi, 8);

  // 2. top-up
  const input = scratch, out = scratch + <usize>IN_SIZE;
  balanceOf(BONDED_POOL);
  store<u64>(input, resLo);
  store<u64>(input, resHi, 8);
  store<u64>(input, rateLo, 16);
  store<u64>(input, rateHi, 24);
  balanceOf(FEE_COLLECTOR);
  store<u64>(input, resLo, 32);
  store<u64>(input, resHi, 40);
  store<u64>(input, taxLo, 48);
  store<u64>(input, taxHi, 56);
  balanceOf(REWARDS_POOL);
  store<u64>(input, resLo, 64);
  store<u64>(input, resHi, 72);
  store<u64>(input, load<u64>(emission.params + <usize>emission.PARAMS_BLOCKS_PER_YEAR), 80);
  e = computeTopUp(input, powers, count, out, alloc);
  if (e != OK) return e;
  const outcome = load<i32>(out + <usize>OUT_OUTCOME);
  let tLo: u64 = 0, tHi: u64 = 0;
  if (outcome <= 1) { // full or partial top-up
    tLo = load<u64>(out + <usize>OUT_TOP_UP);
    tHi = load<u64>(out + <usize>OUT_TOP_UP, 8);
    e = transfer(REWARDS_POOL, DISTRIBUTION, tLo, tHi);
    if (e != OK) return e;
    // Nothing between here and the fees' allocation reads the validators: from the second block
    // on, each validator gets its top-up and fee shares in one pass (distribution.ts).
    if (height <= 1) {
      e = allocateTopUps(slots, count, alloc);
      if (e != OK) return e;
    }
  }
  store<u64>(blockOutcome + BO_TOP_UP, tLo);
  store<u64>(blockOutcome + BO_TOP_UP, tHi, 8);

  // 3. distribution
  let fLo: u64 = 0, fHi: u64 = 0;
  if (height > 1) {
    e = allocateTokens(slots, count, keepLo, keepHi, outcome <= 1 ? alloc : 0, tLo, tHi);
    if (e != OK) return e;
    fLo = resLo;
    fHi = resHi;
  }
  store<u64>(blockOutcome + BO_FEES, fLo);
  store<u64>(blockOutcome + BO_FEES, fHi, 8);
  return OK;
}

/**
 * Run `count` whole blocks inside the core (BeginBlock with the last validator set's votes, then
 * EndBlock) at heights after the emission engine's, stamped start + i x blockTime: the per-block
 * loop without crossing the boundary, for a simulated clock and for benchmarks. The votes go
 * straight from the set to BeginBlock's scratch as slots (`lastCommitSlots`): no lookups by id.
 */
export function advance(count: i32, startTimeNs: i64, blockTimeNs: i64): i32 {
  for (let i = 0; i < count; i++) {
    ensureScratch(<i32>validators.slotCount);
    const slots = scratch + <usize>(IN_SIZE + OUT_SIZE);
    const votes = lastCommitSlots(slots, slots + <usize>(scratchVotes * 16));
    const height = load<u64>(emission.state + <usize>emission.STATE_HEIGHT) + 1;
    const time = startTimeNs + <i64>i * blockTimeNs;
    let e = beginBlockVotes(height, time, votes);
    if (e != OK) return e;
    e = endBlock(height, time);
    if (e != OK) return e;
  }
  return OK;
}
