// x/distribution: rewards and commission withdrawals (the core's F1 accounting), the community
// pool, its params (governance: update-params.ts, community-pool-spend.ts).

import { queryService, type AppModule } from "../../framework/module.js";
import { msgWithdrawDelegatorRewardDef, msgWithdrawValidatorCommissionDef } from "./messages.js";
import type { ChainView } from "../../framework/view.js";
import { Query } from "../../wire/gen/cosmos/distribution/v1beta1/query_pb.js";
import { distributionQueries } from "./queries.js";
import { msgSetWithdrawAddressDef } from "./set-withdraw-address.js";
import { msgFundCommunityPoolDef } from "./fund-community-pool.js";
import { msgDepositValidatorRewardsPoolDef } from "./deposit-validator-rewards.js";
import { distributionParams, msgUpdateDistributionParams } from "./update-params.js";
import { msgCommunityPoolSpend } from "./community-pool-spend.js";
import type { GovernedParams } from "../gov/governed-params.js";
import { initDistribution, type DistributionInitApp } from "./genesis-init.js";
import { exportDistribution, type DistributionExportApp } from "./genesis-export.js";

/** What x/distribution's queries read: the chain, the genesis's community tax, the params governance set. */
export type DistributionApp = ChainView & { readonly genesis: { readonly distribution: { readonly communityTax: bigint } }; readonly params?: GovernedParams };

export const distributionModule: AppModule<DistributionApp, unknown, DistributionInitApp, DistributionExportApp> = {
  name: "distribution",
  genesis: { init: initDistribution, export: exportDistribution },
  messages: [
    msgWithdrawDelegatorRewardDef, msgWithdrawValidatorCommissionDef, msgSetWithdrawAddressDef, msgFundCommunityPoolDef, msgDepositValidatorRewardsPoolDef,
    msgUpdateDistributionParams, msgCommunityPoolSpend,
  ],
  queries: {
    services: [Query],
    handlers: (app, o) => [queryService(Query, distributionQueries(app, { ...o, params: () => distributionParams(app.params, app.genesis.distribution.communityTax) }))],
  },
};
