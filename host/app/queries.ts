// The node's query router: every module's typed query handlers (modules/<module>/queries.ts),
// answered by REST (server/) and by CometBFT's abci_query (app/query.ts) alike.

import { createRegistry } from "@bufbuild/protobuf";
import { Query as TierQuery } from "../wire/gen/chainmain/tieredrewards/v1/query_pb.js";
import { file_cosmos_auth_v1beta1_query } from "../wire/gen/cosmos/auth/v1beta1/query_pb.js";
import { file_cosmos_gov_v1_tx } from "../wire/gen/cosmos/gov/v1/tx_pb.js";
import { file_chainmain_tieredrewards_v1_tx } from "../wire/gen/chainmain/tieredrewards/v1/tx_pb.js";
import { file_chainmain_inflation_v1_tx } from "../wire/gen/chainmain/inflation/v1/tx_pb.js";
import { file_cosmos_crypto_ed25519_keys } from "../wire/gen/cosmos/crypto/ed25519/keys_pb.js";
import { file_cosmos_crypto_secp256k1_keys } from "../wire/gen/cosmos/crypto/secp256k1/keys_pb.js";
import { tieredrewardsQueries, type TierQueries } from "../modules/tieredrewards/queries.js";
import { tierQueries } from "../modules/tieredrewards/view.js";
import { withGenesisMappings } from "../modules/tieredrewards/genesis.js";
import { QueryRouter } from "./query-router.js";
import type { Application } from "./application.js";

/** The Any payloads the answers carry (accounts, public keys, proposal messages). */
export const ANSWER_TYPES = createRegistry(
  file_cosmos_auth_v1beta1_query, file_cosmos_gov_v1_tx, file_chainmain_tieredrewards_v1_tx, file_chainmain_inflation_v1_tx,
  file_cosmos_crypto_ed25519_keys, file_cosmos_crypto_secp256k1_keys,
);

/** x/tieredrewards' view of the chain; voting power by the gov tally's own function, not a second formula. */
export function nodeTierQueries(app: Application): TierQueries {
  const view = tierQueries(app.tiers, app.ledger);
  return {
    ...view,
    // Mappings a genesis carried (an export's) answer beside the live ones.
    redelegationMappings: () => withGenesisMappings(view.redelegationMappings(), app.genesis.tieredrewards.mappings),
    votingPower: (owner: number) => app.ownerVotingPower(app.directory.accountAddress(owner) ?? ""),
    totalVotingPower: () => app.totalDelegatedVotingPower(),
  };
}

/** Every module's handlers over the application. */
export function createQueryRouter(app: Application, options: { maxPageLimit?: number } = {}): QueryRouter {
  return new QueryRouter(ANSWER_TYPES).add(TierQuery, tieredrewardsQueries(app, nodeTierQueries(app), options));
}
