// The application's modules, as chain-main's app.go names them to the module manager. Adding a
// module is its folder and one line here; the order is the order their messages register and
// their query services are listed.

import { authModule } from "./auth/module.js";
import { bankModule } from "./bank/module.js";
import { stakingModule } from "./staking/module.js";
import { distributionModule } from "./distribution/module.js";
import { mintModule } from "./mint/module.js";
import { slashingModule } from "./slashing/module.js";
import { govModule } from "./gov/module.js";
import { tieredRewardsModule } from "./tieredrewards/module.js";
import { inflationModule } from "./inflation/module.js";
import { upgradeModule } from "./upgrade/module.js";
import { consensusModule } from "./consensus/module.js";
import { evidenceModule } from "./evidence/module.js";
import { feegrantModule } from "./feegrant/module.js";
import { authzModule } from "./authz/module.js";
import { ibcModule } from "./ibc/module.js";
import { supplyModule } from "./supply/module.js";
import { vestingModule } from "./vesting/module.js";
import { nftModule } from "./nft/module.js";

export const MODULES = [
  authModule,
  bankModule,
  stakingModule,
  distributionModule,
  mintModule,
  slashingModule,
  govModule,
  tieredRewardsModule,
  inflationModule,
  upgradeModule,
  consensusModule,
  evidenceModule,
  feegrantModule,
  authzModule,
  ibcModule,
  supplyModule,
  vestingModule,
  nftModule,
] as const;

type Union<M> = M extends { readonly queries?: { handlers(app: infer A, ...rest: never[]): unknown } } ? (x: A) => void : never;
type Intersection<U> = (U extends unknown ? U : never) extends (x: infer I) => void ? I : never;

/** Everything the modules' queries read of the application: the application is held to it where it builds its router. */
export type ModulesApp = Intersection<Union<(typeof MODULES)[number]>>;
