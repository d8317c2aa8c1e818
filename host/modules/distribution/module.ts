// x/distribution: rewards and commission withdrawals (the core's F1 accounting), the community pool.

import type { AppModule } from "../../app/module.js";
import { MessageHandlers } from "../../app/handlers.js";
import {
  MSG_WITHDRAW_DELEGATION_REWARD, MSG_WITHDRAW_VALIDATOR_COMMISSION, msgWithdrawDelegationRewardSpec, msgWithdrawValidatorCommissionSpec,
} from "../staking/validate.js";
import { registerDistributionHandlers } from "./messages.js";

export const distributionModule: AppModule = {
  name: "distribution",
  legacyMessages(r) {
    r.register(MSG_WITHDRAW_DELEGATION_REWARD, msgWithdrawDelegationRewardSpec)
      .register(MSG_WITHDRAW_VALIDATOR_COMMISSION, msgWithdrawValidatorCommissionSpec);
    registerDistributionHandlers(new MessageHandlers()).attach(r);
  },
};
