// x/staking: validators, delegations, unbonding and redelegation (the core's ledger), validator
// creation and edits (validator-messages.ts), and the local chain's evidence stand-in
// (chainmain-dev MsgSlashValidator).

import type { AppModule } from "../../app/module.js";
import { MessageHandlers } from "../../app/handlers.js";
import { registerStakingMessages } from "./validate.js";
import { registerStakingHandlers } from "./messages.js";
import { registerValidatorHandlers } from "./validator-messages.js";

export const stakingModule: AppModule = {
  name: "staking",
  legacyMessages(r) {
    registerStakingMessages(r);
    registerValidatorHandlers(registerStakingHandlers(new MessageHandlers())).attach(r);
  },
};
