// chainmain x/inflation: the supply cap, the burned addresses and the decay (genesis.ts, queries.ts),
// and MsgUpdateParams, which governance sends (messages.ts). Its params set by governance are kept
// with x/gov's records (host/modules/gov/keeper.ts, the `i` record).

import type { AppModule } from "../../app/module.js";
import { msgUpdateInflationParams } from "./messages.js";

export const inflationModule: AppModule = {
  name: "inflation",
  messages: [msgUpdateInflationParams],
};
