// What x/gov's tally reads of the chain (host/modules/gov/keeper.ts TallyView): the bonded validators, a
// voter's own delegations and its delegated tier positions, from the core's ledger and tiers.

import type { Ledger } from "../../core/ledger.js";
import type { Tiers } from "../../core/tiers.js";
import type { NodeDirectory } from "../auth/directory.js";
import type { TallyView } from "./keeper.js";

/** ValidatorRecord.status of a bonded validator (0 unbonded, 1 unbonding, 2 bonded). */
const BONDED = 2;

/** Delegated positions (validator, shares) of an owner, or of everyone: every page of the core's lists. */
export function delegatedPositions(tiers: Tiers, by: { owner: number } | "all"): { validator: number; shares: bigint }[] {
  const out: { validator: number; shares: bigint }[] = [];
  let key: bigint | undefined;
  for (;;) {
    const page = tiers.positions(by, { ...(key !== undefined ? { key } : {}), limit: 1000 });
    for (const p of page.positions) if (p.delegated && p.validator !== undefined) out.push({ validator: p.validator, shares: p.delegatedShares });
    if (page.nextKey === null) return out;
    key = page.nextKey;
  }
}

export function tallyView(ledger: Ledger, directory: NodeDirectory, tiers: Tiers): TallyView {
  return {
    bondedValidators: () => directory.validatorIds().flatMap((id) => {
      const v = ledger.validator(id);
      if (v === undefined || v.status !== BONDED) return [];
      return [{ id, operatorAccount: directory.accountAddress(v.operator) ?? "", tokens: v.tokens, shares: v.delegatorShares }];
    }),
    delegations: (address) => {
      const id = directory.accountId(address);
      if (id === undefined) return [];
      const out: { validator: number; shares: bigint }[] = [];
      let start: bigint | undefined;
      for (;;) {
        const page = ledger.delegatorDelegations(id, { ...(start !== undefined ? { start } : {}), limit: ledger.maxPage });
        for (const d of page.items) out.push({ validator: d.validator, shares: d.shares });
        if (page.nextKey === undefined) return out;
        start = page.nextKey;
      }
    },
    positions: (address) => {
      const id = directory.accountId(address);
      return id === undefined ? [] : delegatedPositions(tiers, { owner: id });
    },
    totalBonded: () => ledger.pool().bonded,
  };
}
