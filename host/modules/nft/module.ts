// chain-main's own x/nft (not the SDK's): denoms and their NFTs, issued, minted, edited, transferred
// and burned (messages.ts), kept by the keeper (keeper.ts), queried by denom, collection, owner,
// token and supply (queries.ts), and its genesis section both ways (genesis.ts).

import { queryService, type AppModule } from "../../app/module.js";
import { Query } from "../../wire/gen/chainmain/nft/v1/query_pb.js";
import { nftMessages } from "./messages.js";
import { nftQueries, type NftView } from "./queries.js";

export const nftModule: AppModule<NftView> = {
  name: "nft",
  messages: nftMessages,
  queries: { services: [Query], handlers: (app, o) => [queryService(Query, nftQueries(app, o))] },
};
