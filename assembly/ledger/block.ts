// The ledger's BeginBlock, in the reference's module order (REFERENCE.md §5):
//   1. x/mint: the block's provision (the emission engine, capped) into the fee collector;
//   2. x/tieredrewards: the base-rewards top-up from the rewards pool, split by last-commit power
//      and allocated per validator (commission first, no community tax);
//   3. x/distribution (height > 1): the fee collector's balance allocated by last-commit power.
// Cost: O(validators in the last commit), whatever the number of delegations.
//
// A block that fails part-way leaves the core inconsistent, as a panic in BeginBlock halts the
// reference chain: the host must halt and restart from its last committed state.

import { endMessage } from "./out";
import { OK, ERR_INVALID_PARAMS, ERR_NO_VALIDATOR, setErrorArg } from "../errors";
import { POW18 } from "../math/limbs";
import { resLo, resHi } from "../dec/dec";
import * as emission from "../emission/emission";
import { computeTopUp } from "../rewards/topup";
import {
  balanceOf, credit, transfer, moduleSlot, balancePtr, addBalance, moveBalance, FEE_COLLECTOR, DISTRIBUTION, REWARDS_POOL, BONDED_POOL,
} from "./bank";
import { validators } from "./validators";
import { allocateTopUps, allocateTokens, allocateFees, keepOf } from "./distribution";
import { cellPtr, BLOCK_TIME } from "./globals";
import { lastCommitSlots, endBlock } from "./valset";
import { PARAMS_BLOCKS_PER_YEAR } from "../abi/emission-params";
import { STATE_HEIGHT, STATE_MINTED } from "../abi/emission-state";
import { LP_COMMUNITY_TAX, LP_TARGET_RATE, LP_SIZE } from "../abi/ledger-params";
import { BO_MINTED, BO_TOP_UP, BO_FEES, BO_SIZE } from "../abi/block-outcome";
import { VOTE_VALIDATOR, VOTE_POWER, VOTE_SIZE } from "../abi/vote";
import {
  TOPUP_IN_TOTAL_BONDED, TOPUP_IN_RATE, TOPUP_IN_FEE_COLLECTOR, TOPUP_IN_COMMUNITY_TAX, TOPUP_IN_POOL,
  TOPUP_IN_BLOCKS_PER_YEAR, TOPUP_IN_SIZE, TOPUP_OUT_TOP_UP, TOPUP_OUT_OUTCOME, TOPUP_OUT_SIZE, TOPUP_ALLOC_SIZE,
} from "../abi/top-up";
import { put } from "./fields";

/** The parameters record (abi/ledger-params.ts), written by the host before `configure`. */
export const ledgerParams: usize = memory.data(LP_SIZE, 16);

/** The outcome of the last BeginBlock (abi/block-outcome.ts). */
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

/** x/distribution's community tax alone (governance's MsgUpdateParams), from the next allocation; rule (errorArg) 4. */
export function setCommunityTax(lo: u64, hi: u64): i32 {
  if (hi != 0 || lo > POW18) {
    setErrorArg(4);
    return ERR_INVALID_PARAMS;
  }
  store<u64>(ledgerParams + LP_COMMUNITY_TAX, lo);
  store<u64>(ledgerParams + LP_COMMUNITY_TAX, hi, 8);
  taxLo = lo;
  taxHi = hi;
  keepOf(lo, hi);
  keepLo = resLo;
  keepHi = resHi;
  return OK;
}

function ensureScratch(count: i32): void {
  if (count <= scratchVotes) return;
  const n = count < 64 ? 64 : count * 2;
  scratch = heap.alloc(<usize>(TOPUP_IN_SIZE + TOPUP_OUT_SIZE + n * (VOTE_SIZE + 8 + TOPUP_ALLOC_SIZE)));
  scratchVotes = n;
}

/**
 * BeginBlock at `height` (the emission engine's next block) and block time (unix ns, kept for the
 * block's messages) with the last commit's votes: `count` records of abi/vote.ts at `votes`, in
 * commit order.
 */
export function beginBlock(height: u64, timeNs: i64, votes: usize, count: i32): i32 {
  endMessage(); // the block's own movements record no events (out.ts)
  if (height != load<u64>(emission.state + <usize>STATE_HEIGHT) + 1) {
    setErrorArg(<i64>height);
    return ERR_INVALID_PARAMS;
  }
  ensureScratch(count);
  const slots = scratch + <usize>(TOPUP_IN_SIZE + TOPUP_OUT_SIZE); // (slot u32, power u64) per vote
  const powers = slots + <usize>(scratchVotes * VOTE_SIZE);
  for (let i = 0; i < count; i++) {
    const v = votes + <usize>(i * VOTE_SIZE);
    const slot = validators.find(<u64>load<u32>(v, VOTE_VALIDATOR));
    if (slot < 0) {
      setErrorArg(<i64>load<u32>(v, VOTE_VALIDATOR));
      return ERR_NO_VALIDATOR;
    }
    store<u32>(slots + <usize>(i * VOTE_SIZE), <u32>slot, VOTE_VALIDATOR);
    store<u64>(slots + <usize>(i * VOTE_SIZE), load<u64>(v, VOTE_POWER), VOTE_POWER);
    store<u64>(powers + (<usize>i << 3), load<u64>(v, VOTE_POWER));
  }
  return beginBlockVotes(height, timeNs, count);
}

/** BeginBlock with its votes in the scratch: (slot, power) records and their powers (`beginBlock`). */
function beginBlockVotes(height: u64, timeNs: i64, count: i32): i32 {
  const slots = scratch + <usize>(TOPUP_IN_SIZE + TOPUP_OUT_SIZE);
  const powers = slots + <usize>(scratchVotes * VOTE_SIZE);
  const alloc = powers + <usize>(scratchVotes * 8);
  store<i64>(cellPtr(BLOCK_TIME), timeNs);
  // 1. mint
  let e = emission.advance(1);
  if (e != OK) return e;
  const mLo = load<u64>(emission.state + <usize>STATE_MINTED);
  const mHi = load<u64>(emission.state + <usize>STATE_MINTED, 8);
  // The four module accounts' balance records, once for the block when all exist (from the
  // second block on): the same movements as credit / transfer, without a lookup each.
  const fc = moduleSlot(FEE_COLLECTOR), pool = moduleSlot(REWARDS_POOL), dist = moduleSlot(DISTRIBUTION), bonded = moduleSlot(BONDED_POOL);
  const direct = fc >= 0 && pool >= 0 && dist >= 0 && bonded >= 0;
  if (direct) {
    if ((mLo | mHi) != 0) {
      e = addBalance(<u32>fc, mLo, mHi);
      if (e != OK) return e;
    }
  } else {
    e = credit(FEE_COLLECTOR, mLo, mHi);
    if (e != OK) return e;
  }
  store<u64>(blockOutcome + BO_MINTED, mLo);
  store<u64>(blockOutcome + BO_MINTED, mHi, 8);

  // 2. top-up
  const input = scratch, out = scratch + <usize>TOPUP_IN_SIZE;
  if (direct) {
    copyBalance(input, TOPUP_IN_TOTAL_BONDED, <u32>bonded);
    copyBalance(input, TOPUP_IN_FEE_COLLECTOR, <u32>fc);
    copyBalance(input, TOPUP_IN_POOL, <u32>pool);
  } else {
    balanceOf(BONDED_POOL);
    put(input, TOPUP_IN_TOTAL_BONDED, resLo, resHi);
    balanceOf(FEE_COLLECTOR);
    put(input, TOPUP_IN_FEE_COLLECTOR, resLo, resHi);
    balanceOf(REWARDS_POOL);
    put(input, TOPUP_IN_POOL, resLo, resHi);
  }
  put(input, TOPUP_IN_RATE, rateLo, rateHi);
  put(input, TOPUP_IN_COMMUNITY_TAX, taxLo, taxHi);
  store<u64>(input, load<u64>(emission.params + <usize>PARAMS_BLOCKS_PER_YEAR), TOPUP_IN_BLOCKS_PER_YEAR);
  e = computeTopUp(input, powers, count, out, alloc);
  if (e != OK) return e;
  const outcome = load<i32>(out + <usize>TOPUP_OUT_OUTCOME);
  let tLo: u64 = 0, tHi: u64 = 0;
  if (outcome <= 1) { // full or partial top-up
    tLo = load<u64>(out + <usize>TOPUP_OUT_TOP_UP);
    tHi = load<u64>(out + <usize>TOPUP_OUT_TOP_UP, 8);
    e = direct ? moveBalance(<u32>pool, <u32>dist, tLo, tHi) : transfer(REWARDS_POOL, DISTRIBUTION, tLo, tHi);
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
    const topUps = outcome <= 1 ? alloc : 0;
    if (direct) {
      const p = balancePtr(<u32>fc);
      fLo = load<u64>(p);
      fHi = load<u64>(p, 8);
      e = moveBalance(<u32>fc, <u32>dist, fLo, fHi);
      if (e != OK) return e;
      e = allocateFees(slots, count, keepLo, keepHi, topUps, tLo, tHi, fLo, fHi);
    } else {
      e = allocateTokens(slots, count, keepLo, keepHi, topUps, tLo, tHi);
    }
    if (e != OK) return e;
    fLo = resLo;
    fHi = resHi;
  }
  store<u64>(blockOutcome + BO_FEES, fLo);
  store<u64>(blockOutcome + BO_FEES, fHi, 8);
  return OK;
}

/** A balance record's amount into the top-up's input at `off`. */
// @ts-ignore: decorator
@inline
function copyBalance(input: usize, off: i32, slot: u32): void {
  const p = balancePtr(slot);
  put(input, off, load<u64>(p), load<u64>(p, 8));
}

/**
 * Run `count` whole blocks inside the core (BeginBlock with the last validator set's votes, then
 * EndBlock) at heights after the emission engine's, stamped start + i x blockTime: the per-block
 * loop without crossing the boundary, for a simulated clock and for benchmarks. The votes go
 * straight from the set to BeginBlock's scratch as slots (`lastCommitSlots`): no lookups by id.
 */
export function advance(count: i32, startTimeNs: i64, blockTimeNs: i64): i32 {
  endMessage();
  for (let i = 0; i < count; i++) {
    // Only the run's last block's annual provisions are ever read (by the host, after the run).
    emission.setSkipAnnual(i < count - 1);
    ensureScratch(<i32>validators.slotCount);
    const slots = scratch + <usize>(TOPUP_IN_SIZE + TOPUP_OUT_SIZE);
    const votes = lastCommitSlots(slots, slots + <usize>(scratchVotes * VOTE_SIZE));
    const height = load<u64>(emission.state + <usize>STATE_HEIGHT) + 1;
    const time = startTimeNs + <i64>i * blockTimeNs;
    let e = beginBlockVotes(height, time, votes);
    emission.setSkipAnnual(false);
    if (e != OK) return e;
    e = endBlock(height, time);
    if (e != OK) return e;
  }
  return OK;
}
