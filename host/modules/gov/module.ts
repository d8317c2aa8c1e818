// x/gov v1: proposals, deposits, votes, the tier-aware tally (keeper.ts), and x/inflation's
// MsgUpdateParams, which only governance sends.

import type { AppModule } from "../../app/module.js";
import { MessageHandlers } from "../../app/handlers.js";
import { registerGovMessages } from "./validate.js";
import { registerGovHandlers } from "./messages.js";

export const govModule: AppModule = {
  name: "gov",
  legacyMessages(r) {
    registerGovMessages(r);
    registerGovHandlers(new MessageHandlers()).attach(r);
  },
};
