// The reward kernels (rewards/*.ts) on records at the host's pointers.

import { OK } from "../errors";
import * as dec from "../dec/dec";
import * as bonus from "../rewards/bonus";
import { computeTopUp } from "../rewards/topup";
import {
  SEG_IN_SHARES, SEG_IN_TOKENS_PER_SHARE, SEG_IN_APY, SEG_IN_START_SECONDS, SEG_IN_START_NANOS, SEG_IN_END_SECONDS,
  SEG_IN_END_NANOS, SEG_IN_UNLOCK_SET, SEG_IN_UNLOCK_SECONDS, SEG_IN_UNLOCK_NANOS, SEG_OUT_BONUS, SEG_OUT_TOKENS,
  SEG_OUT_SECONDS, SEG_OUT_END_SECONDS, SEG_OUT_END_NANOS, SEG_OUT_HAS_TOKENS,
} from "../abi/bonus-segment";
import { lo, hi, store128 } from "./operands";

/** The bonus of one segment (rewards/bonus.ts): input record at `input`, output at `out` (abi/bonus-segment.ts). */
export function bonusSegment(input: usize, out: usize): i32 {
  const e = bonus.segmentBonus(
    lo(input + SEG_IN_SHARES), hi(input + SEG_IN_SHARES),
    lo(input + SEG_IN_TOKENS_PER_SHARE), hi(input + SEG_IN_TOKENS_PER_SHARE),
    lo(input + SEG_IN_APY), hi(input + SEG_IN_APY),
    load<i64>(input, SEG_IN_START_SECONDS), load<i32>(input, SEG_IN_START_NANOS),
    load<i64>(input, SEG_IN_END_SECONDS), load<i32>(input, SEG_IN_END_NANOS),
    load<i32>(input, SEG_IN_UNLOCK_SET) != 0, load<i64>(input, SEG_IN_UNLOCK_SECONDS), load<i32>(input, SEG_IN_UNLOCK_NANOS),
  );
  if (e != OK) return e;
  store128(out + SEG_OUT_BONUS, dec.resLo, dec.resHi);
  store128(out + SEG_OUT_TOKENS, bonus.tokensLo, bonus.tokensHi);
  store<u64>(out, bonus.durationSeconds, SEG_OUT_SECONDS);
  store<i64>(out, bonus.effEndSec, SEG_OUT_END_SECONDS);
  store<i32>(out, bonus.effEndNanos, SEG_OUT_END_NANOS);
  store<i32>(out, bonus.hasTokens ? 1 : 0, SEG_OUT_HAS_TOKENS);
  return OK;
}

/**
 * The base-rewards top-up (rewards/topup.ts; records TOPUP_IN_* and TOPUP_OUT_* of abi/top-up.ts)
 * for `count` u64 powers at `powers`; allocations (TOPUP_ALLOC_SIZE bytes each) to `alloc`.
 */
export function topUpCompute(input: usize, powers: usize, count: i32, out: usize, alloc: usize): i32 {
  return computeTopUp(input, powers, count, out, alloc);
}
