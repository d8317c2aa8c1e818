// What the REST routes read: the contract between the node (host/chain, which owns the state,
// blocks and persistence) and the query routes (host/server, which render it as the Cosmos
// gRPC-gateway does). Routes only read; every amount is a bigint; ids are the core's dense ids.

import type { Ledger } from "../core/ledger.js";
import type { Emission } from "../core/emission.js";
import type { ValidatorDescription } from "./genesis.js";
import type { Directory } from "../modules/auth/directory.js";

export type { Directory };

/** A committed block as the REST routes show it. */
export interface BlockSummary {
  height: bigint;
  /** Unix nanoseconds. */
  timeNs: bigint;
  /** Hex, upper case, as CometBFT renders it. */
  hash: string;
  /** The core's state hash after this block (hex). */
  appHash: string;
  txCount: number;
}

/** A validator's record beyond the core's: description, ed25519 consensus key, commission limits. */
export interface ValidatorInfo {
  description: ValidatorDescription;
  consensusPubKey: Uint8Array;
  /** Raw Decs. */
  maxRate: bigint;
  maxChangeRate: bigint;
  /** unix ns. */
  updateTimeNs: bigint;
}

/** Everything a query route may read. Built by the node; a test may build one over a bare Ledger. */
export interface ChainView {
  readonly chainId: string;
  /** Bond denom (`basecro`). */
  readonly denom: string;
  readonly ledger: Ledger;
  readonly emission: Emission;
  readonly directory: Directory;
  /** The last committed block (height 0 before the first). */
  latestBlock(): BlockSummary;
  /** A validator's description and ed25519 consensus key (absent: shown empty and null). */
  validatorInfo?(id: number): ValidatorInfo | undefined;
}
