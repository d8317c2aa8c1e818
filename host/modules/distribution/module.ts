// x/distribution: rewards and commission withdrawals (the core's F1 accounting), the community pool.

import { queryService, type AppModule } from "../../framework/module.js";
import { msgWithdrawDelegatorRewardDef, msgWithdrawValidatorCommissionDef } from "./messages.js";
import type { ChainView } from "../../framework/view.js";
import { Query } from "../../wire/gen/cosmos/distribution/v1beta1/query_pb.js";
import { distributionQueries } from "./queries.js";
import { msgSetWithdrawAddressDef } from "./set-withdraw-address.js";
import { msgFundCommunityPoolDef } from "./fund-community-pool.js";
import { msgDepositValidatorRewardsPoolDef } from "./deposit-validator-rewards.js";
import { initDistribution, type DistributionInitApp } from "./genesis-init.js";
import { exportDistribution, type DistributionExportApp } from "./genesis-export.js";

export const distributionModule: AppModule<ChainView & { readonly genesis: { readonly distribution: { readonly communityTax: bigint } } }, unknown, DistributionInitApp, DistributionExportApp> = {
  name: "distribution",
  genesis: { init: initDistribution, export: exportDistribution },
  messages: [msgWithdrawDelegatorRewardDef, msgWithdrawValidatorCommissionDef, msgSetWithdrawAddressDef, msgFundCommunityPoolDef, msgDepositValidatorRewardsPoolDef],
  queries: {
    services: [Query],
    handlers: (app, o) => [queryService(Query, distributionQueries(app, { ...o, communityTax: app.genesis.distribution.communityTax }))],
  },
};
