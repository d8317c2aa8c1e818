// chain-main's x/tieredrewards: tiers, positions, the rewards pool and its bonus (the core's tiers).

import type { AppModule } from "../../app/module.js";
import { MessageHandlers } from "../../app/handlers.js";
import { registerTierMessages } from "./validate.js";
import { registerTierHandlers } from "./messages.js";

export const tieredRewardsModule: AppModule = {
  name: "tieredrewards",
  legacyMessages(r) {
    registerTierMessages(r);
    registerTierHandlers(new MessageHandlers()).attach(r);
  },
};
