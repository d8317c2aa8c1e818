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
import { ibcModule, icaModule } from "./ibc/module.js";
import { supplyModule } from "./supply/module.js";
import { vestingModule } from "./vesting/module.js";
import { genutilModule } from "./genutil/module.js";
import { nftModule } from "./nft/module.js";
import { circuitModule } from "./circuit/module.js";
import { groupModule } from "./group/module.js";

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
  icaModule,
  supplyModule,
  vestingModule,
  genutilModule,
  nftModule,
  circuitModule,
  groupModule,
] as const;

/**
 * The order of the modules' BeginBlock and EndBlock work, as chain-main's app.go sets it
 * (SetOrderBeginBlockers, SetOrderEndBlockers); a module with block work is named here too. The
 * core's BeginBlock (mint, top-up, distribution in one call) runs before the BeginBlockers.
 */
export const BEGIN_BLOCKERS = ["mint", "tieredrewards", "distribution", "slashing", "evidence", "authz"] as const;
export const END_BLOCKERS = ["gov", "staking", "feegrant", "group"] as const;

/**
 * The order of the modules' InitGenesis and ExportGenesis (the node's: the core's ids follow it, so
 * a stored chain depends on it). After InitGenesis the application numbers the accounts the
 * sections named without one (x/auth's numberNamedAccounts), then delivers genutil's gentxs.
 */
export const INIT_GENESIS = ["auth", "bank", "vesting", "staking", "distribution", "tieredrewards", "gov", "slashing", "feegrant", "authz", "group", "nft", "circuit", "evidence", "transfer", "interchainaccounts"] as const;
/** The order of the sections ExportGenesis writes (after the sections the node keeps as given). */
export const EXPORT_GENESIS = ["auth", "bank", "staking", "distribution", "mint", "inflation", "tieredrewards", "gov", "slashing", "authz", "feegrant", "group", "nft", "circuit", "evidence", "transfer", "interchainaccounts", "genutil"] as const;

type Union<M> = M extends { readonly queries?: { handlers(app: infer A, ...rest: never[]): unknown } } ? (x: A) => void : never;
type Intersection<U> = (U extends unknown ? U : never) extends (x: infer I) => void ? I : never;

/** Everything the modules' queries read of the application: the application is held to it where it builds its router. */
export type ModulesApp = Intersection<Union<(typeof MODULES)[number]>>;

type BlockUnion<M> = M extends { readonly beginBlock?: (app: infer B, ...rest: never[]) => unknown } ? (x: B) => void
  : M extends { readonly endBlock?: (app: infer B, ...rest: never[]) => unknown } ? (x: B) => void : never;

/** Everything the modules' BeginBlock and EndBlock work reads and does of the application. */
export type ModulesBlockApp = Intersection<BlockUnion<(typeof MODULES)[number]>>;

type InitUnion<M> = M extends { readonly genesis?: { init?(app: infer I): void } } ? (x: I) => void : never;

/** Everything the modules' InitGenesis reads and writes of the application. */
export type ModulesInitApp = Intersection<InitUnion<(typeof MODULES)[number]>>;

type ExportUnion<M> = M extends { readonly genesis?: { export?(app: infer E): unknown } } ? (x: E) => void : never;

/** Everything the modules' ExportGenesis reads of the application. */
export type ModulesExportApp = Intersection<ExportUnion<(typeof MODULES)[number]>>;
