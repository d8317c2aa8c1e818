// The node's query router: every module's typed query handlers (modules/<module>/queries.ts),
// answered by REST (server/) and by CometBFT's abci_query (app/query.ts) alike.

import { createRegistry, fromJson, type DescFile, type DescMethod, type JsonValue } from "@bufbuild/protobuf";
import { file_chainmain_tieredrewards_v1_query, Query as TierQuery } from "../wire/gen/chainmain/tieredrewards/v1/query_pb.js";
import { file_chainmain_inflation_v1_query, Query as InflationQuery } from "../wire/gen/chainmain/inflation/v1/query_pb.js";
import { file_cosmos_auth_v1beta1_query, Query as AuthQuery } from "../wire/gen/cosmos/auth/v1beta1/query_pb.js";
import { file_cosmos_bank_v1beta1_query, Query as BankQuery } from "../wire/gen/cosmos/bank/v1beta1/query_pb.js";
import { file_cosmos_staking_v1beta1_query, Query as StakingQuery } from "../wire/gen/cosmos/staking/v1beta1/query_pb.js";
import { file_cosmos_distribution_v1beta1_query, Query as DistributionQuery } from "../wire/gen/cosmos/distribution/v1beta1/query_pb.js";
import { file_cosmos_mint_v1beta1_query, Query as MintQuery } from "../wire/gen/cosmos/mint/v1beta1/query_pb.js";
import { file_cosmos_slashing_v1beta1_query, Query as SlashingQuery } from "../wire/gen/cosmos/slashing/v1beta1/query_pb.js";
import { file_cosmos_gov_v1_query, Query as GovQuery } from "../wire/gen/cosmos/gov/v1/query_pb.js";
import { file_cosmos_gov_v1beta1_query, Query as GovV1beta1Query } from "../wire/gen/cosmos/gov/v1beta1/query_pb.js";
import { file_cosmos_gov_v1_tx } from "../wire/gen/cosmos/gov/v1/tx_pb.js";
import { file_chainmain_tieredrewards_v1_tx } from "../wire/gen/chainmain/tieredrewards/v1/tx_pb.js";
import { file_chainmain_inflation_v1_tx } from "../wire/gen/chainmain/inflation/v1/tx_pb.js";
import { file_cosmos_crypto_ed25519_keys } from "../wire/gen/cosmos/crypto/ed25519/keys_pb.js";
import { file_cosmos_crypto_secp256k1_keys } from "../wire/gen/cosmos/crypto/secp256k1/keys_pb.js";
import { file_cosmos_upgrade_v1beta1_query, Query as UpgradeQuery } from "../wire/gen/cosmos/upgrade/v1beta1/query_pb.js";
import { file_cosmos_consensus_v1_query, Query as ConsensusQuery } from "../wire/gen/cosmos/consensus/v1/query_pb.js";
import { file_cosmos_evidence_v1beta1_query, Query as EvidenceQuery } from "../wire/gen/cosmos/evidence/v1beta1/query_pb.js";
import { file_cosmos_feegrant_v1beta1_query, Query as FeegrantQuery } from "../wire/gen/cosmos/feegrant/v1beta1/query_pb.js";
import { file_cosmos_authz_v1beta1_query, Query as AuthzQuery } from "../wire/gen/cosmos/authz/v1beta1/query_pb.js";
import { file_ibc_applications_transfer_v1_query, Query as TransferQuery } from "../wire/gen/ibc/applications/transfer/v1/query_pb.js";
import { file_chainmain_supply_v1_query, Query as SupplyQuery } from "../wire/gen/chainmain/supply/v1/query_pb.js";
import { decodeAny } from "../wire/messages.js";
import { authQueries } from "../modules/auth/queries.js";
import { bankQueries, supplyOfQuery, type MetadataShape } from "../modules/bank/queries.js";
import { denomMetadataJson } from "../modules/bank/genesis.js";
import { MetadataSchema } from "../wire/gen/cosmos/bank/v1beta1/query_pb.js";
import type { Json } from "./genesis.js";
import { stakingQueries, type BlockHeaderAt } from "../modules/staking/queries.js";
import { distributionQueries } from "../modules/distribution/queries.js";
import { mintQueries, type MintView } from "../modules/mint/queries.js";
import { inflationQueries, type InflationView } from "../modules/inflation/queries.js";
import { slashingQueries } from "../modules/slashing/queries.js";
import { govQueries, govV1beta1Queries } from "../modules/gov/queries.js";
import { tieredrewardsQueries, type TierQueries } from "../modules/tieredrewards/queries.js";
import { upgradeQueries } from "../modules/upgrade/queries.js";
import { consensusQueries } from "../modules/consensus/queries.js";
import { evidenceQueries } from "../modules/evidence/queries.js";
import { feegrantQueries } from "../modules/feegrant/queries.js";
import { authzQueries } from "../modules/authz/queries.js";
import { transferQueries } from "../modules/ibc/queries.js";
import { supplyQueries } from "../modules/supply/queries.js";
import { tierQueries } from "../modules/tieredrewards/view.js";
import { withGenesisMappings } from "../modules/tieredrewards/genesis.js";
import { QueryRouter, type AnyJson } from "./query-router.js";
import type { Application } from "./application.js";
import type { ChainView } from "./view.js";

/** The Any payloads the answers carry (accounts, public keys, proposal messages). */
export const ANSWER_TYPES = createRegistry(
  file_cosmos_auth_v1beta1_query, file_cosmos_gov_v1_tx, file_chainmain_tieredrewards_v1_tx, file_chainmain_inflation_v1_tx,
  file_cosmos_crypto_ed25519_keys, file_cosmos_crypto_secp256k1_keys,
);

/** The query services the node answers: every method of each has a handler (test/query-router). */
const QUERY_FILES: readonly DescFile[] = [
  file_cosmos_auth_v1beta1_query, file_cosmos_bank_v1beta1_query, file_cosmos_staking_v1beta1_query,
  file_cosmos_distribution_v1beta1_query, file_cosmos_mint_v1beta1_query, file_cosmos_slashing_v1beta1_query,
  file_cosmos_gov_v1_query, file_cosmos_gov_v1beta1_query, file_chainmain_tieredrewards_v1_query, file_chainmain_inflation_v1_query,
  file_cosmos_upgrade_v1beta1_query, file_cosmos_consensus_v1_query, file_cosmos_evidence_v1beta1_query, file_cosmos_feegrant_v1beta1_query,
  file_cosmos_authz_v1beta1_query, file_ibc_applications_transfer_v1_query, file_chainmain_supply_v1_query,
];

/** Every query method the node knows. */
export function queryMethods(): DescMethod[] {
  return QUERY_FILES.flatMap((f) => f.services.flatMap((s) => s.methods));
}

/** An SDK message inside an answer (a proposal's) that the schema does not describe: the tx decoder's gateway JSON of it. */
const sdkMessageJson: AnyJson = (typeUrl, value) => {
  try {
    return decodeAny(typeUrl, value, "").json as never;
  } catch {
    return undefined;
  }
};

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

/** x/auth, x/bank, x/staking and x/distribution over a chain view (the node's, or a test's bare ledger). */
export function cosmosQueryRouter(
  view: ChainView,
  options: {
    maxPageLimit?: number; communityTax?: bigint; supplyOf?: (denom: string) => bigint; blockHeader?: BlockHeaderAt;
    metadata?: readonly MetadataShape[]; historicalEntries?: number;
  } = {},
): QueryRouter {
  const { maxPageLimit, metadata, historicalEntries } = options;
  return new QueryRouter(ANSWER_TYPES, sdkMessageJson)
    .add(AuthQuery, authQueries(view.directory, { maxPageLimit }))
    .add(BankQuery, bankQueries(view, { maxPageLimit, metadata, ...(options.supplyOf ? { supplyOf: options.supplyOf } : {}) }))
    .add(StakingQuery, stakingQueries(view, { maxPageLimit, historicalEntries, ...(options.blockHeader ? { blockHeader: options.blockHeader } : {}) }))
    .add(DistributionQuery, distributionQueries(view, { communityTax: options.communityTax ?? 0n, maxPageLimit }));
}

/** What the genesis document holds that the node answers as given: x/bank's denom metadata, x/staking's historical_entries. */
function genesisKept(doc: Json): { metadata?: MetadataShape[]; historicalEntries?: number } {
  const app = (doc as { app_state?: { bank?: { denom_metadata?: unknown }; staking?: { params?: { historical_entries?: unknown } } } }).app_state;
  const metadata = app?.bank?.denom_metadata;
  const entries = app?.staking?.params?.historical_entries;
  return {
    ...(Array.isArray(metadata) && metadata.length > 0
      ? { metadata: metadata.map((m) => fromJson(MetadataSchema, denomMetadataJson(m as Json) as JsonValue)) }
      : {}),
    ...(typeof entries === "number" || typeof entries === "string" ? { historicalEntries: Number(entries) } : {}),
  };
}

/** A stored block's header: the one the node made (CometBFT's), or what a run of empty blocks keeps. */
function blockHeader(app: Application, height: bigint): ReturnType<BlockHeaderAt> {
  const b = app.blockTxs(height);
  if (b === undefined) return undefined;
  const h = b.comet?.header;
  return {
    chainId: b.header.chainId, timeNs: b.header.timeNs, appHash: h?.app_hash ?? app.blockTxs(height - 1n)?.appHash,
    nextValidatorsHash: h?.next_validators_hash, proposer: h?.proposer_address,
  };
}

/** Every module's handlers over the application. */
export function createQueryRouter(app: Application, options: { maxPageLimit?: number } = {}): QueryRouter {
  const { maxPageLimit } = options;
  return cosmosQueryRouter(app, {
    maxPageLimit, communityTax: app.genesis.distribution.communityTax, supplyOf: (d) => app.supplyOf(d), blockHeader: (h) => blockHeader(app, h),
    ...genesisKept(app.genesisDoc),
  })
    .add(MintQuery, mintQueries(app))
    .add(InflationQuery, inflationQueries(app))
    .add(SlashingQuery, slashingQueries({
      consensusPrefix: `${app.directory.validatorPrefix}cons`,
      consensusAddresses: () => app.directory.validatorIds().map((id) => app.validators.key(id)!.address),
      get slashing() {
        return app.slashing; // read per request: a dev-mode revert replaces the keepers
      },
    }))
    .add(GovQuery, govQueries(app, { maxPageLimit }))
    .add(GovV1beta1Query, govV1beta1Queries(app, { maxPageLimit }))
    .add(TierQuery, tieredrewardsQueries(app, nodeTierQueries(app), { maxPageLimit }))
    .add(UpgradeQuery, upgradeQueries())
    .add(ConsensusQuery, consensusQueries(app))
    .add(EvidenceQuery, evidenceQueries({ maxPageLimit }))
    .add(FeegrantQuery, feegrantQueries(app.directory, { maxPageLimit }))
    .add(AuthzQuery, authzQueries(app.directory, { maxPageLimit }))
    .add(TransferQuery, transferQueries())
    .add(SupplyQuery, supplyQueries(app));
}

/** The emission-only chain's queries (x/mint, x/inflation, the supply of a denom). */
export function emissionQueryRouter(chain: MintView & InflationView & { supplyOf(denom: string): bigint }): QueryRouter {
  return new QueryRouter(ANSWER_TYPES)
    .add(MintQuery, mintQueries(chain))
    .add(InflationQuery, inflationQueries(chain))
    .add(BankQuery, supplyOfQuery((d) => chain.supplyOf(d)));
}
