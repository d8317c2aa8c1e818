// x/tieredrewards' InitGenesis: its tiers, then an exported chain's validator event sequences and
// events and its positions (each on its delegator's validator, by x/staking's placed ids).

import { ValidationError } from "../../errors.js";
import type { Tiers } from "../../core/tiers.js";
import { at, type GenesisPlacer } from "../../framework/genesis-place.js";
import { idOf } from "../auth/genesis-init.js";
import type { NodeDirectory } from "../auth/directory.js";
import type { StakingState } from "../staking/genesis.js";
import type { TieredRewardsGenesis } from "./genesis.js";

/** What x/tieredrewards' InitGenesis reads and writes. */
export interface TierInitApp {
  readonly genesis: { readonly tieredrewards: TieredRewardsGenesis; readonly sdk: { readonly staking?: StakingState } };
  readonly tiers: Tiers;
  readonly placer: GenesisPlacer;
  readonly directory: NodeDirectory;
  readonly validatorIds: ReadonlyMap<string, number>;
}

export function initTieredRewards(app: TierInitApp): void {
  const { genesis: g, placer, validatorIds } = app;
  const t = g.tieredrewards;
  for (const x of t.tiers) {
    app.tiers.addTier({ id: x.id, exitDuration: x.exitDurationNs / 1_000_000_000n, bonusApy: x.bonusApy, minLockAmount: x.minLockAmount, closeOnly: x.closeOnly });
  }
  const vid = (operator: string, p: string) => {
    const id = validatorIds.get(operator);
    if (id === undefined) throw new ValidationError(`no validator ${operator} in app_state.staking.validators`, p);
    return id;
  };
  t.seqs.forEach((seq, operator) => at("app_state.tieredrewards.validator_event_seqs", () => placer.validatorSeq(vid(operator, "app_state.tieredrewards.validator_event_seqs"), seq)));
  t.events.forEach((e, i) => {
    const p = `app_state.tieredrewards.validator_events[${i}]`;
    at(p, () => placer.validatorEvent({ validator: vid(e.validator, p), seq: e.seq, height: e.height, time: e.timeNs, type: e.type, tokensPerShare: e.tokensPerShare, refs: e.references }));
  });
  const s = g.sdk.staking;
  // The positions' delegators' validators (a delegator's last delegation, else its unbonding's): no map of every delegation.
  const delegators = new Set(t.positions.map((p) => p.delegator));
  const delegatedTo = new Map<string, string>();
  for (const d of s?.delegations ?? []) if (delegators.has(d.delegator)) delegatedTo.set(d.delegator, d.validator);
  for (const u of s?.unbondings ?? []) if (delegators.has(u.delegator) && !delegatedTo.has(u.delegator)) delegatedTo.set(u.delegator, u.validator);
  const positions = t.positions.map((p, i) => ({ p, i })).sort((a, b) => (a.p.id < b.p.id ? -1 : 1));
  if (positions.length > 0 && s === undefined) throw new ValidationError("positions need their delegations (app_state.staking)", "app_state.tieredrewards.positions");
  for (const { p, i } of positions) {
    const path = `app_state.tieredrewards.positions[${i}]`;
    const validator = delegatedTo.get(p.delegator);
    at(path, () => placer.position({
      id: p.id, owner: idOf(app.directory, p.owner), tier: p.tierId, delegator: idOf(app.directory, p.delegator),
      validator: validator === undefined ? 0 : vid(validator, path), lastAccrual: p.lastBonusAccrualNs, lastSeq: p.lastEventSeq,
      bonded: p.lastKnownBonded, triggered: p.exitTriggeredAtNs, unlock: p.exitUnlockAtNs, height: p.createdAtHeight, time: p.createdAtTimeNs,
    }));
  }
  if (t.nextPositionId > 0n) at("app_state.tieredrewards.next_position_id", () => placer.nextPositionId(t.nextPositionId));
}
