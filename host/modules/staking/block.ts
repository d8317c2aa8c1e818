// x/staking's EndBlocker (after x/gov's): the validator set and the maturities of unbondings and
// redelegations, in the core's EndBlock (the emission engine's burned supply synced first, as a
// passed proposal may have moved coins to a burned address); then the delayed sets CometBFT's
// commits follow (delayed-sets.ts) learn the set this block leaves.

import type { TxEvent } from "../../framework/events.js";
import type { BlockInfo } from "../../framework/module.js";
import type { Ledger } from "../../core/ledger.js";
import type { DelayedSets } from "./delayed-sets.js";

/** What x/staking's EndBlocker does to the application. */
export interface StakingBlockApp {
  readonly ledger: Ledger;
  readonly delayedSets: DelayedSets;
  /** The emission engine's circulating supply follows the burned addresses' balances. */
  syncBurned(): void;
}

export function stakingEndBlock(app: StakingBlockApp, b: BlockInfo): TxEvent[] {
  app.syncBurned();
  app.ledger.endBlock(b.height, b.timeNs);
  app.delayedSets.endBlock(b.height, b.votesBefore, app.ledger.lastCommitVotes());
  return [];
}
