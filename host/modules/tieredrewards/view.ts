// The tier routes' view (host/modules/tieredrewards/queries.ts TierQueries) over the core's tier module: live
// positions, lists walked in the core (ascending ids, a page costs the page), estimates whose
// short pool answers as the reference's gateway does.

import { TierError, type Tiers } from "../../core/tiers.js";
import type { Ledger } from "../../core/ledger.js";
import { GatewayError, GrpcCode } from "../../wire/gateway-json.js";
import type { OrderedIds } from "../../wire/pagination.js";
import type { TierQueries } from "./queries.js";
import { tierDef } from "./queries.js";

/** How many ids one core call lists (its buffer holds more; this keeps a page's calls few). */
const CHUNK = 512;

export function tierQueries(tiers: Tiers, ledger: Ledger): TierQueries {
  const view: TierQueries = {
    params: () => tiers.params(),
    tiers: () => tiers.tiers().map(tierDef),
    position: (id) => tiers.position(id),
    positionIds({ owner, tier }): OrderedIds {
      const by = owner !== undefined ? { owner } : tier !== undefined ? { tier } : ("all" as const);
      const member = (id: bigint): boolean => {
        const p = tiers.position(id);
        return p !== undefined && (owner === undefined || p.owner === owner) && (tier === undefined || p.tierId === tier);
      };
      /** Up to `n` ids after `after` (exclusive; a member of the list) or from the first. */
      const forward = (after: bigint | undefined, n: number): bigint[] => {
        const out: bigint[] = [];
        let key = after;
        while (out.length < n) {
          const page = tiers.positionIds(by, { key, limit: Math.min(CHUNK, n - out.length) });
          out.push(...page.ids);
          if (page.nextKey === null || page.ids.length === 0) break;
          key = page.ids[page.ids.length - 1];
        }
        return out;
      };
      const all = (): bigint[] => forward(undefined, Number.MAX_SAFE_INTEGER);
      return {
        walk(from, reverse, n) {
          if (n <= 0) return [];
          if (reverse) {
            const ids = all().reverse();
            return (from === undefined ? ids : ids.filter((id) => id <= from)).slice(0, n);
          }
          if (from === undefined) return forward(undefined, n);
          // A key from our own next_key is a member: continue from it in O(page). Any other
          // key (hand-made, or its position gone since) is found by walking the list.
          if (member(from)) return [from, ...forward(from, n - 1)];
          return all().filter((id) => id >= from).slice(0, n);
        },
        count: () => tiers.positionIds(by, { limit: 0 }).total,
      };
    },
    estimate(id) {
      try {
        const r = tiers.estimateRewards(id);
        return { base: r.baseRewards, bonus: r.bonusRewards };
      } catch (e) {
        if (e instanceof TierError && e.code === 12) {
          // The gateway's text for the module error (REFERENCE §8.1): gRPC Unknown, HTTP 500.
          const detail = e.message.replace(/: insufficient bonus pool balance$/, "");
          throw new GatewayError(GrpcCode.UNKNOWN, `insufficient bonus pool balance: ${detail}`);
        }
        throw e;
      }
    },
    votingPower: (owner) => tiers.votingPower(owner),
    totalVotingPower: () => tiers.totalVotingPower(),
    owedBonus: (owner) => tiers.owedBonus(owner),
    validatorData(validator) {
      const d = tiers.validatorData(validator);
      return { positionCount: d.positionCount, currentSeq: d.currentSeq, events: tiers.validatorEvents(validator) };
    },
    redelegationMappings() {
      // A position's delegator account is its own (no key signs for it): its redelegation entries
      // are the ones MsgTierRedelegate made, the reference's mappings. O(positions).
      const out: { unbondingId: bigint; positionId: bigint }[] = [];
      for (const id of view.positionIds({}).walk(undefined, false, Number.MAX_SAFE_INTEGER)) {
        const p = tiers.position(id)!;
        for (const e of ledger.redelegationEntries(p.delegator)) out.push({ unbondingId: e.id, positionId: id });
      }
      return out.sort((a, b) => (a.unbondingId < b.unbondingId ? -1 : a.unbondingId > b.unbondingId ? 1 : 0));
    },
  };
  return view;
}
