// x/tieredrewards' ExportGenesis: params, tiers, positions, redelegation mappings and validator
// events from the core's records at the last committed block.

import type { CoreState } from "../../core/genesis-records.js";
import type { StreamJson } from "../../framework/json-stream.js";
import type { GenesisExportBase } from "../../framework/genesis-place.js";
import { tieredRewardsJson, withGenesisMappings, type TieredRewardsGenesis } from "./genesis.js";

/** What x/tieredrewards' ExportGenesis reads. */
export interface TierExportApp extends GenesisExportBase {
  readonly genesis: { readonly tieredrewards: Pick<TieredRewardsGenesis, "params" | "mappings"> };
}

export function exportTieredRewards(app: TierExportApp): StreamJson {
  const { core, addressOf, operatorOf } = app;
  const g = app.genesis.tieredrewards;
  return tieredRewardsJson({
    params: { targetBaseRewardsRate: core.targetRate ?? g.params.targetBaseRewardsRate },
    tiers: core.tiers.sort((a, b) => a.id - b.id).map((t) => ({ id: t.id, exitDurationNs: t.exitSeconds * 1_000_000_000n, bonusApy: t.apy, minLockAmount: t.minLock, closeOnly: t.closeOnly })),
    nextPositionId: core.nextPositionId,
    positions: core.positions.map((p) => ({
      id: p.id, owner: addressOf(p.owner), tierId: p.tier, lastBonusAccrualNs: p.lastAccrual, lastEventSeq: p.lastSeq, lastKnownBonded: p.bonded,
      exitTriggeredAtNs: p.triggered, exitUnlockAtNs: p.unlock, createdAtHeight: p.height, createdAtTimeNs: p.time, delegator: addressOf(p.delegator),
    })),
    mappings: mappings(core, g.mappings),
    events: core.validatorEvents.sort((a, b) => a.validator - b.validator || (a.seq < b.seq ? -1 : 1)).map((e) => ({
      validator: operatorOf(e.validator), seq: e.seq, height: e.height, timeNs: e.time, type: e.type, tokensPerShare: e.tokensPerShare, references: e.refs,
    })),
    seqs: new Map([...core.validatorSeqs].filter(([, seq]) => seq > 0n).map(([v, seq]) => [operatorOf(v), seq] as const)),
  });
}

/** Those of live position redelegations and the genesis's (chain-main keeps them past maturity). */
function mappings(core: CoreState, genesisMappings: { unbondingId: bigint; positionId: bigint }[]): { unbondingId: bigint; positionId: bigint }[] {
  const byDelegator = new Map(core.positions.map((p) => [p.delegator, p.id]));
  const live = core.redelegations.flatMap((r) => {
    const positionId = byDelegator.get(r.delegator);
    return positionId === undefined ? [] : [{ unbondingId: r.id, positionId }];
  });
  return withGenesisMappings(live, genesisMappings);
}
