// Staking hooks of x/tieredrewards (REFERENCE.md §6.2): a validator that has delegated positions
// gets an event with its tokens per share when it is slashed (before), leaves the bonded set or
// enters it; positions replay them at their next claim.

import { OK } from "../errors";
import { fromInt, quoRounded, resLo, resHi, setResult, ROUND_HALF_EVEN } from "../dec/dec";
import { validators } from "../ledger/validators";
import { V_TOKENS, V_SHARES } from "../abi/validator";
import { ld, ldh } from "../ledger/fields";
import {
  validatorData, validatorEvents, eventKey, VD_SEQ, VD_COUNT, VE_HEIGHT, VE_TIME, VE_TYPE, VE_TPS, VE_REFS,
} from "./state";

/** Tokens per share of a validator (Dec Quo; 0 without shares) to the result registers. */
export function tokensPerShare(vslot: u32): i32 {
  const v = validators.ptr(vslot);
  if ((ld(v, V_SHARES) | ldh(v, V_SHARES)) == 0) return setResult(0, 0);
  const e = fromInt(ld(v, V_TOKENS), ldh(v, V_TOKENS));
  if (e != OK) return e;
  return quoRounded(resLo, resHi, ld(v, V_SHARES), ldh(v, V_SHARES), ROUND_HALF_EVEN);
}

/** Record a SLASH / UNBOND / BOND event of the validator at `vslot`, if positions delegate to it. */
export function validatorEvent(vslot: u32, type: u32, height: u64, timeNs: i64): i32 {
  const validator = <u32>load<u64>(validators.ptr(vslot));
  const ds = validatorData.find(<u64>validator);
  if (ds < 0) return OK;
  const count = load<u64>(validatorData.ptr(<u32>ds) + <usize>VD_COUNT);
  if (count == 0) return OK;
  const e = tokensPerShare(vslot);
  if (e != OK) return e;
  const tLo = resLo, tHi = resHi;
  validatorData.touch(<u32>ds);
  const d = validatorData.ptr(<u32>ds);
  const seq = load<u64>(d + <usize>VD_SEQ) + 1;
  store<u64>(d + <usize>VD_SEQ, seq);
  const p = validatorEvents.ptr(validatorEvents.upsert(eventKey(validator, seq)));
  store<u64>(p + <usize>VE_HEIGHT, height);
  store<i64>(p + <usize>VE_TIME, timeNs);
  store<u32>(p + <usize>VE_TYPE, type);
  store<u64>(p + <usize>VE_TPS, tLo);
  store<u64>(p + <usize>VE_TPS, tHi, 8);
  store<u64>(p + <usize>VE_REFS, count);
  return OK;
}
