// x/distribution's ExportGenesis: the community pool, withdraw addresses and the F1 records
// (outstanding, commission, historical and current rewards, starting infos, slash events) from the
// core's records at the last committed block.

import type { StreamJson } from "../../framework/json-stream.js";
import type { GenesisExportBase } from "../../framework/genesis-place.js";
import { ACCOUNT_PREFIX, VALIDATOR_PREFIX } from "../../framework/prefixes.js";
import { StartingInfos, distributionJson, type DistributionState } from "./genesis.js";

/** What x/distribution's ExportGenesis reads. */
export interface DistributionExportApp extends GenesisExportBase {
  /** The community pool (raw Dec). */
  readonly communityPool: bigint;
}

const PREFIXES = { account: ACCOUNT_PREFIX, validator: VALIDATOR_PREFIX };

export function exportDistribution(app: DistributionExportApp): StreamJson {
  const kept = app.kept("distribution");
  return distributionJson({
    params: kept?.params ?? null,
    previousProposer: app.unchanged && typeof kept?.previous_proposer === "string" ? kept.previous_proposer : "",
  }, distributionState(app), app.denom, PREFIXES);
}

function distributionState(app: DistributionExportApp): DistributionState {
  const { core, addressOf, operatorOf } = app;
  return {
    communityPool: app.communityPool,
    withdrawAddresses: new Map([...core.withdrawAddresses].map(([d, to]) => [addressOf(d), addressOf(to)])),
    outstanding: new Map(core.validators.map((v) => [operatorOf(v.id), v.outstanding])),
    commission: new Map(core.validators.map((v) => [operatorOf(v.id), v.commission])),
    historical: core.historical.map((h) => ({ validator: operatorOf(h.validator), period: h.period, ratio: h.ratio, references: h.references })),
    current: new Map(core.validators.map((v) => [operatorOf(v.id), { rewards: v.currentRewards, period: v.period }])),
    startingInfos: core.delegations.reduce((infos, d) => {
      if (d.hasInfo) infos.set(addressOf(d.delegator), operatorOf(d.validator), { previousPeriod: d.previousPeriod, stake: d.stake, height: d.height });
      return infos;
    }, new StartingInfos()),
    slashEvents: core.slashEvents.map((e) => ({ validator: operatorOf(e.validator), height: e.height, period: e.period, fraction: e.fraction })),
  };
}
