// A validator's removal (x/staking's RemoveValidator with x/distribution's AfterValidatorRemoved),
// shared by an undelegation that empties an unbonded validator (staking.ts) and by EndBlock's
// maturing of an unbonding one (valset.ts): its own file, so that neither imports the other.

import { OK, ERR_INVARIANT, setErrorArg } from "../errors";
import { sub, resLo, resHi } from "../dec/dec";
import { send, DISTRIBUTION } from "./bank";
import { validators, historical, historicalKey, slashEvents, E_PERIOD } from "./validators";
import { V_OPERATOR, V_PERIOD, V_COMMISSION, V_OUTSTANDING, V_SLASH_EVENTS } from "../abi/validator";
import { toCommunityPool } from "./distribution";
import { ld, ldh, splitWhole, wholeLo, wholeHi, fraction } from "./fields";

/** An invariant of the ledger broken (rule: which): ERR_INVARIANT. */
export function invariantFailed(rule: i64): i32 {
  setErrorArg(rule);
  return ERR_INVARIANT;
}

/**
 * RemoveValidator with distribution's AfterValidatorRemoved: the commission's whole units to the
 * operator, its decimal part and all other outstanding rewards to the community pool, the
 * validator's F1 records and the validator itself deleted. The caller marks the ranking dirty
 * (valset's rankingDirty) when it returns OK.
 */
export function removeValidator(vslot: u32): i32 {
  const v = validators.ptr(vslot);
  const id = <u32>load<u64>(v);
  const operator = load<u32>(v + <usize>V_OPERATOR);
  const cLo = ld(v, V_COMMISSION), cHi = ldh(v, V_COMMISSION);
  let oLo = ld(v, V_OUTSTANDING), oHi = ldh(v, V_OUTSTANDING);
  const period = ld(v, V_PERIOD);
  let e: i32;
  if ((cLo | cHi) != 0) {
    e = sub(oLo, oHi, cLo, cHi);
    if (e != OK) return invariantFailed(33);
    oLo = resLo;
    oHi = resHi;
    splitWhole(cLo, cHi);
    const uLo = wholeLo, uHi = wholeHi;
    e = toCommunityPool(fraction, 0);
    if (e != OK) return e;
    e = send(DISTRIBUTION, operator, uLo, uHi);
    if (e != OK) return e;
  }
  e = toCommunityPool(oLo, oHi);
  if (e != OK) return e;
  // the validator's F1 records: its slash events and the periods they kept, and its last period
  const events = load<u64>(validators.ptr(vslot) + <usize>V_SLASH_EVENTS);
  for (let i: u64 = 0; i < events; i++) {
    const key = (<u64>id << 40) | i;
    const es = slashEvents.find(key);
    if (es < 0) continue;
    historical.remove(historicalKey(id, load<u64>(slashEvents.ptr(<u32>es) + <usize>E_PERIOD)));
    slashEvents.remove(key);
  }
  historical.remove(historicalKey(id, period - 1));
  validators.remove(<u64>id);
  return OK;
}
