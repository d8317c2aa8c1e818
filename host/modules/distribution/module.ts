// x/distribution: rewards and commission withdrawals (the core's F1 accounting), the community pool.

import { queryService, type AppModule } from "../../app/module.js";
import { MessageHandlers } from "../../app/handlers.js";
import {
  MSG_WITHDRAW_DELEGATION_REWARD, MSG_WITHDRAW_VALIDATOR_COMMISSION, msgWithdrawDelegationRewardSpec, msgWithdrawValidatorCommissionSpec,
} from "../staking/validate.js";
import { registerDistributionHandlers } from "./messages.js";
import type { ChainView } from "../../app/view.js";
import { Query } from "../../wire/gen/cosmos/distribution/v1beta1/query_pb.js";
import { distributionQueries } from "./queries.js";

export const distributionModule: AppModule<ChainView & { readonly genesis: { readonly distribution: { readonly communityTax: bigint } } }> = {
  name: "distribution",
  legacyMessages(r) {
    r.register(MSG_WITHDRAW_DELEGATION_REWARD, msgWithdrawDelegationRewardSpec)
      .register(MSG_WITHDRAW_VALIDATOR_COMMISSION, msgWithdrawValidatorCommissionSpec);
    registerDistributionHandlers(new MessageHandlers()).attach(r);
  },
  queries: {
    services: [Query],
    handlers: (app, o) => [queryService(Query, distributionQueries(app, { ...o, communityTax: app.genesis.distribution.communityTax }))],
  },
};
