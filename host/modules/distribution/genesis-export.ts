// x/distribution's ExportGenesis: the community pool, withdraw addresses and the F1 records
// (outstanding, commission, historical and current rewards, starting infos, slash events) from the
// core's records at the last committed block.

import { deferredOnce, type StreamJson } from "../../framework/json-stream.js";
import { addressSortKey, sortedInSteps } from "../../framework/genesis-json.js";
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
  const { core, addressOf, operatorOf } = app;
  // The two long lists (a withdraw address and a starting info per delegator / delegation) sorted
  // when the writer reaches them, a step at a time, by their addresses' byte order.
  return deferredOnce(function* () {
    const account = (a: string) => addressSortKey(a, PREFIXES.account, false);
    const withdraw = yield* sortedInSteps([...core.withdrawAddresses].map(([d, to]): [string, string] => [addressOf(d), addressOf(to)]), ([d]) => account(d));
    const vKeys = new Map<string, string>();
    const vKey = (v: string) => vKeys.get(v) ?? vKeys.set(v, addressSortKey(v, PREFIXES.validator, true)).get(v)!;
    const starting = yield* sortedInSteps(
      core.delegations.filter((d) => d.hasInfo).map((d) => ({
        delegator: addressOf(d.delegator), validator: operatorOf(d.validator), info: { previousPeriod: d.previousPeriod, stake: d.stake, height: d.height },
      })),
      // validator, then delegator, each length first: the keys joined keep that order
      (x) => vKey(x.validator) + addressSortKey(x.delegator, PREFIXES.account, true),
    );
    return distributionJson({
      params: kept?.params ?? null,
      previousProposer: app.unchanged && typeof kept?.previous_proposer === "string" ? kept.previous_proposer : "",
    }, distributionState(app), app.denom, PREFIXES, { withdraw, starting });
  });
}

/** The F1 records by validator (the withdraw addresses and starting infos are exportDistribution's). */
function distributionState(app: DistributionExportApp): DistributionState {
  const { core, operatorOf } = app;
  return {
    communityPool: app.communityPool,
    withdrawAddresses: new Map(),
    outstanding: new Map(core.validators.map((v) => [operatorOf(v.id), v.outstanding])),
    commission: new Map(core.validators.map((v) => [operatorOf(v.id), v.commission])),
    historical: core.historical.map((h) => ({ validator: operatorOf(h.validator), period: h.period, ratio: h.ratio, references: h.references })),
    current: new Map(core.validators.map((v) => [operatorOf(v.id), { rewards: v.currentRewards, period: v.period }])),
    startingInfos: new StartingInfos(),
    slashEvents: core.slashEvents.map((e) => ({ validator: operatorOf(e.validator), height: e.height, period: e.period, fraction: e.fraction })),
  };
}
