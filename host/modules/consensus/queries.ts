// x/consensus's query: CometBFT's consensus params as the node runs them (the block gas limit of
// its genesis, the block size its headers' consensus hash covers) and CometBFT's defaults.

import type { GovernedParams } from "../gov/governed-params.js";
import { BLOCK_MAX_BYTES } from "../../framework/header.js";
import { duration } from "../../wire/timestamp.js";
import type { Query } from "../../wire/gen/cosmos/consensus/v1/query_pb.js";
import type { ServiceHandlers } from "../../framework/query-router.js";

/** CometBFT's DefaultEvidenceParams: 100,000 blocks or 48 hours, 1 MiB. */
const EVIDENCE = { maxAgeNumBlocks: 100_000n, maxAgeDuration: duration(172_800n * 1_000_000_000n), maxBytes: 1_048_576n };

export function consensusQueries(chain: { readonly genesis: { consensus: { maxGas: bigint } }; readonly params?: GovernedParams }): ServiceHandlers<typeof Query> {
  return {
    params: () => chain.params?.get("consensus") !== undefined ? { params: chain.params.get("consensus")! } : ({
      params: {
        block: { maxBytes: BLOCK_MAX_BYTES, maxGas: chain.genesis.consensus.maxGas },
        evidence: EVIDENCE,
        validator: { pubKeyTypes: ["ed25519"] },
        version: { app: 0n },
        abci: { voteExtensionsEnableHeight: 0n },
      },
    }),
  };
}
