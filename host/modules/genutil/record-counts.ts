// The core records a genesis document places, table by table (host/core/memory.ts reserves them
// before InitChain places anything): what x/bank's, x/staking's, x/distribution's and
// x/tieredrewards' sections and genutil's gentxs make.

import { TABLE_NAMES } from "../../core/memory.js";
import type { Genesis } from "./genesis-sdk.js";

/**
 * How many records of each core table a document places (host/core/memory.ts: checked against the
 * core's memory and reserved before anything is placed): its balances, delegations (one list head
 * per delegator), F1 records, entries, withdraw addresses, positions (their delegators' accounts too).
 */
export function genesisRecordCounts(g: Genesis): Map<number, number> {
  const s = g.sdk.staking;
  const d = g.sdk.distribution;
  const t = g.tieredrewards;
  const count = new Map<number, number>();
  const add = (name: string, n: number) => {
    const id = TABLE_NAMES.indexOf(name);
    count.set(id, (count.get(id) ?? 0) + n);
  };
  add("balances", g.balances.length + t.positions.length);
  add("validators", (s?.validators.length ?? 0) + g.sdk.genTxs.length);
  add("historical rewards", d.historical.length + g.sdk.genTxs.length);
  add("slash events", d.slashEvents.length);
  add("delegations", (s?.delegations.length ?? 0) + g.sdk.genTxs.length);
  add("delegator lists", new Set(s?.delegations.map((x) => x.delegator)).size + g.sdk.genTxs.length);
  add("validator lists", (s?.validators.length ?? 0) + g.sdk.genTxs.length);
  const unbondings = s?.unbondings.reduce((n, u) => n + u.entries.length, 0) ?? 0;
  add("unbonding entries", unbondings);
  add("unbonding lists", s?.unbondings.length ?? 0);
  add("unbonding pairs", s?.unbondings.length ?? 0);
  add("redelegation entries", s?.redelegations.reduce((n, r) => n + r.entries.length, 0) ?? 0);
  add("redelegation lists", s?.redelegations.length ?? 0);
  add("withdraw addresses", d.withdrawAddresses.size);
  add("positions", t.positions.length);
  add("position owners", new Set(t.positions.map((p) => p.owner)).size);
  add("positions by delegator", t.positions.length);
  add("validator events", t.events.length);
  return count;
}
