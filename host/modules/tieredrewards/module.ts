// chain-main's x/tieredrewards: tiers, positions, the rewards pool and its bonus (the core's tiers).

import { queryService, type AppModule } from "../../framework/module.js";
import type { ChainView } from "../../framework/view.js";
import type { Tiers } from "../../core/tiers.js";
import { Query } from "../../wire/gen/chainmain/tieredrewards/v1/query_pb.js";
import { tierMessages } from "./messages.js";
import { tieredrewardsQueries, type TierQueries } from "./queries.js";
import { tierQueries } from "./view.js";
import { withGenesisMappings } from "./genesis.js";
import { tierBeginBlock } from "./block-events.js";
import { initTieredRewards, type TierInitApp } from "./genesis-init.js";
import { exportTieredRewards, type TierExportApp } from "./genesis-export.js";

/** What x/tieredrewards' queries read of the application. */
export type TierApp = ChainView & {
  readonly tiers: Tiers;
  readonly genesis: { readonly tieredrewards: { readonly mappings: { unbondingId: bigint; positionId: bigint }[] } };
  /** The gov tally's own voting power of an owner (raw Dec): not a second formula. */
  ownerVotingPower(owner: string): bigint;
  totalDelegatedVotingPower(): bigint;
};

/** x/tieredrewards' view of the chain; voting power by the gov tally's own function. */
export function nodeTierQueries(app: TierApp): TierQueries {
  const view = tierQueries(app.tiers, app.ledger);
  return {
    ...view,
    // Mappings a genesis carried (an export's) answer beside the live ones.
    redelegationMappings: () => withGenesisMappings(view.redelegationMappings(), app.genesis.tieredrewards.mappings),
    votingPower: (owner: number) => app.ownerVotingPower(app.directory.accountAddress(owner) ?? ""),
    totalVotingPower: () => app.totalDelegatedVotingPower(),
  };
}

export const tieredRewardsModule: AppModule<TierApp, unknown, TierInitApp, TierExportApp> = {
  name: "tieredrewards",
  genesis: { init: initTieredRewards, export: exportTieredRewards },
  beginBlock: (_app, block) => tierBeginBlock(block),
  messages: tierMessages,
  queries: {
    services: [Query],
    handlers: (app, o) => [queryService(Query, tieredrewardsQueries(app, nodeTierQueries(app), o))],
  },
};
