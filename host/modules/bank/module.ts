// x/bank: balances, sends, the supply (queries.ts), its genesis section (genesis.ts).

import type { AppModule } from "../../app/module.js";
import { msgSend } from "./messages.js";

export const bankModule: AppModule = {
  name: "bank",
  messages: [msgSend],
};
