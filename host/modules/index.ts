// The application's modules, in the order they register (as chain-main's app.go names them to the
// module manager). Adding a module is its folder and one line here.

import type { AppModule } from "../app/module.js";
import { bankModule } from "./bank/module.js";
import { stakingModule } from "./staking/module.js";
import { distributionModule } from "./distribution/module.js";
import { slashingModule } from "./slashing/module.js";
import { tieredRewardsModule } from "./tieredrewards/module.js";
import { inflationModule } from "./inflation/module.js";
import { govModule } from "./gov/module.js";

export const MODULES: readonly AppModule[] = [
  bankModule,
  stakingModule,
  distributionModule,
  slashingModule,
  tieredRewardsModule,
  inflationModule,
  govModule,
];
