// The ledger's invariants, for the host to check at startup and the tests after every block.
// Returns a bit set of the broken ones (0: all hold):
//   1  the total supply (emission) is the sum of all balances
//   2  the bonded pool holds exactly the tokens of bonded validators
//   4  the not-bonded pool holds the tokens of the other validators and the unbonding entries
//   8  distribution holds exactly the outstanding rewards and the community pool (x 10^18)
//  16  every validator's outstanding rewards cover its commission
//  32  every validator's shares are the sum of its delegations' shares
//  64  every delegation's D_ROUTED flag and D_RECIPIENT say whether and where its delegator has a withdraw address
// O(records): meant for startup and tests, not for every block of a live node.

import { add, cmp, fromInt, resLo, resHi } from "../dec/dec";
import * as emission from "../emission/emission";
import { balances, BONDED_POOL, NOT_BONDED_POOL, DISTRIBUTION, balanceOf } from "./bank";
import { validators } from "./validators";
import { V_TOKENS, V_SHARES, V_STATUS, V_OUTSTANDING, V_COMMISSION, STATUS_BONDED } from "../abi/validator";
import { delegations, D_SHARES, D_ROUTED, D_RECIPIENT } from "./delegations";
import { withdrawAddresses } from "./withdraw";
import { entries, U_BALANCE } from "./unbonding";
import { cellLo, cellHi, COMMUNITY_POOL } from "./globals";
import { STATE_TOTAL_SUPPLY } from "../abi/emission-state";

let sLo: u64 = 0, sHi: u64 = 0;
function sumInto(lo: u64, hi: u64): void {
  add(sLo, sHi, lo, hi);
  sLo = resLo;
  sHi = resHi;
}
function u128At(p: usize, off: i32, hi: bool): u64 {
  return load<u64>(p + <usize>off + (hi ? 8 : 0));
}

export function check(): i32 {
  let broken: i32 = 0;
  // 1. supply
  sLo = 0;
  sHi = 0;
  for (let s: u32 = 0; s < balances.slotCount; s++) {
    if (!balances.isLive(s)) continue;
    const p = balances.ptr(s);
    sumInto(load<u64>(p, 8), load<u64>(p, 16));
  }
  const st = emission.state + <usize>STATE_TOTAL_SUPPLY;
  if (cmp(sLo, sHi, load<u64>(st), load<u64>(st, 8)) != 0) broken |= 1;
  // 2, 4, 8, 16 over the validators
  let bondedLo: u64 = 0, bondedHi: u64 = 0;
  sLo = 0;
  sHi = 0;
  for (let s: u32 = 0; s < validators.slotCount; s++) {
    if (!validators.isLive(s)) continue;
    const p = validators.ptr(s);
    if (load<u8>(p + <usize>V_STATUS) == STATUS_BONDED) {
      add(bondedLo, bondedHi, u128At(p, V_TOKENS, false), u128At(p, V_TOKENS, true));
      bondedLo = resLo;
      bondedHi = resHi;
    }
    if (cmp(u128At(p, V_OUTSTANDING, false), u128At(p, V_OUTSTANDING, true), u128At(p, V_COMMISSION, false), u128At(p, V_COMMISSION, true)) < 0) broken |= 16;
  }
  balanceOf(BONDED_POOL);
  if (cmp(resLo, resHi, bondedLo, bondedHi) != 0) broken |= 2;
  let notLo: u64 = 0, notHi: u64 = 0;
  for (let s: u32 = 0; s < validators.slotCount; s++) {
    if (!validators.isLive(s)) continue;
    const p = validators.ptr(s);
    if (load<u8>(p + <usize>V_STATUS) == STATUS_BONDED) continue;
    add(notLo, notHi, u128At(p, V_TOKENS, false), u128At(p, V_TOKENS, true));
    notLo = resLo;
    notHi = resHi;
  }
  for (let s: u32 = 0; s < entries.slotCount; s++) {
    if (!entries.isLive(s)) continue;
    const p = entries.ptr(s);
    add(notLo, notHi, u128At(p, U_BALANCE, false), u128At(p, U_BALANCE, true));
    notLo = resLo;
    notHi = resHi;
  }
  balanceOf(NOT_BONDED_POOL);
  if (cmp(resLo, resHi, notLo, notHi) != 0) broken |= 4;
  sLo = cellLo(COMMUNITY_POOL);
  sHi = cellHi(COMMUNITY_POOL);
  for (let s: u32 = 0; s < validators.slotCount; s++) {
    if (!validators.isLive(s)) continue;
    const p = validators.ptr(s);
    sumInto(u128At(p, V_OUTSTANDING, false), u128At(p, V_OUTSTANDING, true));
  }
  balanceOf(DISTRIBUTION);
  if (fromInt(resLo, resHi) != 0 || cmp(resLo, resHi, sLo, sHi) != 0) broken |= 8;
  // 32: shares, validator by validator (O(validators x delegations): a startup check)
  for (let s: u32 = 0; s < validators.slotCount; s++) {
    if (!validators.isLive(s)) continue;
    const p = validators.ptr(s);
    const id = <u32>load<u64>(p);
    sLo = 0;
    sHi = 0;
    for (let d: u32 = 0; d < delegations.slotCount; d++) {
      if (!delegations.isLive(d)) continue;
      const q = delegations.ptr(d);
      if (<u32>(load<u64>(q) & 0xffffffff) != id) continue;
      sumInto(u128At(q, D_SHARES, false), u128At(q, D_SHARES, true));
    }
    if (cmp(sLo, sHi, u128At(p, V_SHARES, false), u128At(p, V_SHARES, true)) != 0) broken |= 32;
  }
  // 64: the withdraw-address flags
  for (let d: u32 = 0; d < delegations.slotCount; d++) {
    if (!delegations.isLive(d)) continue;
    const q = delegations.ptr(d);
    const w = withdrawAddresses.find(load<u64>(q) >> 32);
    const to: u32 = w < 0 ? 0 : load<u32>(withdrawAddresses.ptr(<u32>w) + 8); // W_RECIPIENT
    if (load<u8>(q + <usize>D_ROUTED) != (w >= 0 ? 1 : 0) || load<u32>(q + <usize>D_RECIPIENT) != to) broken |= 64;
  }
  return broken;
}

