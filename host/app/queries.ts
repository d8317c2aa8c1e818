// The node's query router: every module's typed query handlers (modules/<module>/queries.ts),
// answered by REST (server/) and by CometBFT's abci_query (app/query.ts) alike.

import { createRegistry, type DescMethod } from "@bufbuild/protobuf";
import { file_cosmos_auth_v1beta1_query } from "../wire/gen/cosmos/auth/v1beta1/query_pb.js";
import { Query as BankQuery } from "../wire/gen/cosmos/bank/v1beta1/query_pb.js";
import { file_cosmos_gov_v1_tx } from "../wire/gen/cosmos/gov/v1/tx_pb.js";
import { file_cosmos_gov_v1beta1_gov } from "../wire/gen/cosmos/gov/v1beta1/gov_pb.js";
import { file_chainmain_tieredrewards_v1_tx } from "../wire/gen/chainmain/tieredrewards/v1/tx_pb.js";
import { file_chainmain_inflation_v1_tx } from "../wire/gen/chainmain/inflation/v1/tx_pb.js";
import { file_cosmos_crypto_ed25519_keys } from "../wire/gen/cosmos/crypto/ed25519/keys_pb.js";
import { file_cosmos_crypto_secp256k1_keys } from "../wire/gen/cosmos/crypto/secp256k1/keys_pb.js";
import { file_cosmos_authz_v1beta1_authz } from "../wire/gen/cosmos/authz/v1beta1/authz_pb.js";
import { file_cosmos_bank_v1beta1_authz } from "../wire/gen/cosmos/bank/v1beta1/authz_pb.js";
import { file_cosmos_staking_v1beta1_authz } from "../wire/gen/cosmos/staking/v1beta1/authz_pb.js";
import { file_cosmos_vesting_v1beta1_vesting } from "../wire/gen/cosmos/vesting/v1beta1/vesting_pb.js";
import { file_cosmos_feegrant_v1beta1_feegrant } from "../wire/gen/cosmos/feegrant/v1beta1/feegrant_pb.js";
import { file_cosmos_group_v1_types } from "../wire/gen/cosmos/group/v1/types_pb.js";
import { file_cosmos_evidence_v1beta1_evidence } from "../wire/gen/cosmos/evidence/v1beta1/evidence_pb.js";
import { file_ibc_lightclients_tendermint_v1_tendermint } from "../wire/gen/ibc/lightclients/tendermint/v1/tendermint_pb.js";
import { decodeAny } from "../wire/messages.js";
import { supplyOfQuery } from "../modules/bank/queries.js";
import { mintModule } from "../modules/mint/module.js";
import { inflationModule } from "../modules/inflation/module.js";
import type { MintView } from "../modules/mint/queries.js";
import type { InflationView } from "../modules/inflation/queries.js";
import { MODULES, type ModulesApp } from "../modules/index.js";
import { QueryRouter, type AnyJson } from "../framework/query-router.js";
import type { AppModule, QueryOptions } from "../framework/module.js";
import type { Application } from "./application.js";

/** The Any payloads the answers carry (accounts, vesting accounts included, public keys, proposal messages, a v1beta1 proposal's TextProposal, grants' authorizations, fee allowances, evidence). */
export const ANSWER_TYPES = createRegistry(
  file_cosmos_auth_v1beta1_query, file_cosmos_gov_v1_tx, file_cosmos_gov_v1beta1_gov, file_chainmain_tieredrewards_v1_tx, file_chainmain_inflation_v1_tx,
  file_cosmos_crypto_ed25519_keys, file_cosmos_crypto_secp256k1_keys, file_cosmos_vesting_v1beta1_vesting,
  file_cosmos_authz_v1beta1_authz, file_cosmos_bank_v1beta1_authz, file_cosmos_staking_v1beta1_authz,
  file_cosmos_feegrant_v1beta1_feegrant, file_cosmos_group_v1_types, file_cosmos_evidence_v1beta1_evidence,
  file_ibc_lightclients_tendermint_v1_tendermint,
);

/** Every query method the node knows: the modules' services' (every one has a handler: test/query-router). */
export function queryMethods(): DescMethod[] {
  return MODULES.flatMap((m) => m.queries?.services ?? []).flatMap((s) => s.methods);
}

/** An SDK message inside an answer (a proposal's) that the schema does not describe: the tx decoder's gateway JSON of it. */
const sdkMessageJson: AnyJson = (typeUrl, value) => {
  try {
    return decodeAny(typeUrl, value, "").json as never;
  } catch {
    return undefined;
  }
};

/** The router of `modules`' query services over `app`. */
export function moduleQueryRouter<A>(modules: readonly AppModule<A>[], app: A, options: QueryOptions = {}): QueryRouter {
  const router = new QueryRouter(ANSWER_TYPES, sdkMessageJson);
  for (const m of modules) for (const q of m.queries?.handlers(app, options) ?? []) router.add(q.service, q.handlers);
  return router;
}

/** Every module's handlers over the application (held, at compile time, to what each module's queries read). */
export function createQueryRouter(app: Application, options: QueryOptions = {}): QueryRouter {
  const modulesApp: ModulesApp = app;
  const router = moduleQueryRouter<ModulesApp>(MODULES, modulesApp, options);
  // The hot queries' answers kept per latest block (framework/block-answers.ts); ICA host's queries, asked inside a block, are not.
  router.keepPerBlock(() => {
    const b = app.latestBlock();
    return `${app.chainId}|${b.height}|${b.hash}|${b.appHash}`;
  });
  app.ibc.useQueries((path, data) => router.abci(path, data));
  return router;
}

/** The emission-only chain's queries (x/mint, x/inflation, the supply of a denom). */
export function emissionQueryRouter(chain: MintView & InflationView & { supplyOf(denom: string): bigint }): QueryRouter {
  return moduleQueryRouter<MintView & InflationView>([mintModule, inflationModule], chain)
    .add(BankQuery, supplyOfQuery((d) => chain.supplyOf(d)));
}
