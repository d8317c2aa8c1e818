// x/mint: the minter's inflation and annual provisions (the core's emission), its params.

import { queryService, type AppModule } from "../../framework/module.js";
import { Query } from "../../wire/gen/cosmos/mint/v1beta1/query_pb.js";
import { mintQueries, type MintView } from "./queries.js";
import { mintParams, msgUpdateMintParams } from "./update-params.js";
import type { GovernedParams } from "../gov/governed-params.js";
import { mintBeginBlock } from "./block-events.js";
import type { GenesisExportBase } from "../../framework/genesis-place.js";
import { mintJson, type MintGenesis } from "./genesis.js";

/** What x/mint's ExportGenesis reads: its params, and the minter (the document's until a block is made). */
export interface MintExportApp extends GenesisExportBase {
  readonly genesis: { readonly mint: MintGenesis };
  /** The last block's rate and annual provisions (raw Decs). */
  readonly minter: { inflation: bigint; annualProvisions: bigint };
  /** The params governance set (absent: the genesis's). */
  readonly params?: GovernedParams;
}

export const mintModule: AppModule<MintView, unknown, unknown, MintExportApp> = {
  name: "mint",
  genesis: { export: (app) => mintJson(mintParams(app.params, app.genesis.mint.params), app.unchanged && app.genesis.mint.minter ? app.genesis.mint.minter : app.minter) },
  beginBlock: (_app, block) => mintBeginBlock(block),
  messages: [msgUpdateMintParams],
  queries: { services: [Query], handlers: (app) => [queryService(Query, mintQueries(app))] },
};
