// x/slashing: jailing, unjailing, signing info (keeper.ts), its params.

import type { AppModule } from "../../app/module.js";
import { MessageHandlers } from "../../app/handlers.js";
import { MSG_UNJAIL, msgUnjailSpec } from "../staking/validate.js";
import { registerSlashingHandlers } from "./messages.js";

export const slashingModule: AppModule = {
  name: "slashing",
  legacyMessages(r) {
    r.register(MSG_UNJAIL, msgUnjailSpec);
    registerSlashingHandlers(new MessageHandlers()).attach(r);
  },
};
