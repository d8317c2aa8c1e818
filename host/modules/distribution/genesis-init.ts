// x/distribution's InitGenesis beyond what its validators and delegations carry (placed with
// x/staking's): the community pool and the withdraw addresses.

import { ValidationError } from "../../errors.js";
import { Cell } from "../../core/genesis-records.js";
import type { GenesisPlacer } from "../../framework/genesis-place.js";
import { idOf } from "../auth/genesis-init.js";
import type { NodeDirectory } from "../auth/directory.js";
import type { DistributionState } from "./genesis.js";

/** What x/distribution's InitGenesis reads and writes. */
export interface DistributionInitApp {
  readonly genesis: { readonly sdk: { readonly staking?: unknown; readonly distribution: DistributionState } };
  readonly placer: GenesisPlacer;
  readonly directory: NodeDirectory;
}

export function initDistribution(app: DistributionInitApp): void {
  const { genesis: g, placer } = app;
  const d = g.sdk.distribution;
  if (g.sdk.staking === undefined && (d.outstanding.size > 0 || d.historical.length > 0 || d.current.size > 0 || d.startingInfos.size > 0)) {
    throw new ValidationError("F1 records need their validators (app_state.staking.validators)", "app_state.distribution");
  }
  if (d.communityPool > 0n) placer.cell(Cell.communityPool, d.communityPool);
  for (const [delegator, to] of d.withdrawAddresses) {
    if (to !== delegator) placer.withdrawAddress(idOf(app.directory, delegator), idOf(app.directory, to));
  }
}
