// chain-main's own x/nft (not the SDK's): denoms and their NFTs, issued, minted, edited, transferred
// and burned (messages.ts), kept by the keeper (keeper.ts), queried by denom, collection, owner,
// token and supply (queries.ts), and its genesis section both ways (genesis.ts).

import { queryService, type AppModule } from "../../framework/module.js";
import { Query } from "../../wire/gen/chainmain/nft/v1/query_pb.js";
import { nftMessages } from "./messages.js";
import { nftQueries, type NftView } from "./queries.js";
import type { Nft } from "./keeper.js";
import { initNft, storedNftJson, type NftCollection } from "./genesis.js";
import type { ModuleRecord } from "../../store/records.js";

/** What x/nft's InitGenesis reads and writes: its collections into the keeper. */
export interface NftInitApp {
  readonly genesis: { readonly sdk: { readonly nft: readonly NftCollection[] } };
  readonly nft: Nft;
}

export const nftModule: AppModule<NftView, unknown, NftInitApp, { moduleRecords(): readonly ModuleRecord[] }> = {
  name: "nft",
  // From the stored records of the last committed block.
  genesis: { init: (app) => initNft(app.nft, app.genesis.sdk.nft), export: (app) => storedNftJson(app.moduleRecords()) },
  messages: nftMessages,
  queries: { services: [Query], handlers: (app, o) => [queryService(Query, nftQueries(app, o))] },
};

/** The keeper this module adds to what a message handler sees (framework/context.ts). */
declare module "../../framework/context.js" {
  interface MessageContext {
    /** chain-main's x/nft: denoms and their tokens. */
    readonly nft: Nft;
  }
}
