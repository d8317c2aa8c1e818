// x/staking's gas model of MsgCancelUnbondingDelegation (SDK v0.53 x/staking/keeper msg_server.go),
// over the store simulator's keeper paths (gas.ts, gas-stake.ts).

import { Key, unbondingValue, type EntryFields } from "../../framework/gas/records.js";
import { getValidator, stakingParams } from "./gas-stake.js";
import { delegate } from "./gas.js";
import type { Sim } from "../../framework/gas/sim.js";
import { addrLen } from "../../framework/gas/view.js";
import type { MsgCancelUnbonding } from "./validate.js";

/**
 * CancelUnbondingDelegation: the bond denom, the validator (exchange rate, jail), the pair's
 * unbonding delegation, its entry; keeper.Delegate from the unbonding tokens; the unbonding
 * delegation written back (both of its keys) or, without entries left, deleted.
 */
export function msgCancelUnbonding(k: Sim, m: MsgCancelUnbonding): void {
  k.check("sdk:18", m.amount.amount <= 0n || m.creationHeight <= 0n);
  stakingParams(k, "BondDenom");
  k.check("sdk:18", m.amount.denom !== k.denom);
  const v = getValidator(k, m.validator, "CancelUnbondingDelegation");
  k.check("staking:3", v === undefined);
  k.check("staking:34", v!.tokens === 0n && v!.shares > 0n);
  k.check("staking:7", v!.jailed);
  const len = addrLen(m.delegator);
  const entries = k.unbonding(m.delegator, m.validator);
  k.meter.get("staking", Key.unbonding(len), entries.length ? unbondingValue(m.delegator, m.validator, entries) : 0, "GetUnbondingDelegation");
  k.check("undefined:1", entries.length === 0);
  const at = entries.findIndex((e) => e.creationHeight === m.creationHeight);
  k.check("sdk:38", at < 0);
  const entry = entries[at]!;
  k.check("sdk:18", entry.balance < m.amount.amount || entry.completionTimeNs < k.block.timeNs);
  delegate(k, m.delegator, m.validator, m.amount.amount, false, false);
  const left = entry.balance - m.amount.amount;
  const next: EntryFields[] = left === 0n
    ? entries.filter((_, i) => i !== at)
    : entries.map((e, i) => (i === at ? { ...e, balance: left, initialBalance: e.initialBalance - m.amount.amount } : e));
  k.setUnbonding(m.delegator, m.validator, next);
  if (next.length === 0) {
    k.meter.del("staking", Key.unbonding(len), "RemoveUnbondingDelegation");
    k.meter.del("staking", Key.unbondingByValidator(len), "RemoveUnbondingDelegation: by validator");
  } else {
    k.meter.set("staking", Key.unbonding(len), unbondingValue(m.delegator, m.validator, next), "SetUnbondingDelegation");
    k.meter.set("staking", Key.unbondingByValidator(len), 0, "SetUnbondingDelegation: by validator");
  }
}
