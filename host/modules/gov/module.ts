// x/gov v1: proposals, deposits, votes, the tier-aware tally (keeper.ts).

import type { AppModule } from "../../app/module.js";
import { GOV_MESSAGES } from "./messages.js";

export const govModule: AppModule = {
  name: "gov",
  messages: GOV_MESSAGES,
};
