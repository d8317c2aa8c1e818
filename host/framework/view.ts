// What the REST routes read: the contract between the node (host/chain, which owns the state,
// blocks and persistence) and the query routes (host/server, which render it as the Cosmos
// gRPC-gateway does). Routes only read; every amount is a bigint; ids are the core's dense ids.

import type { Ledger } from "../core/ledger.js";
import type { Emission } from "../core/emission.js";

/** bech32 ↔ core id, for accounts and validators. Unknown → undefined, never an exception (x/auth's NodeDirectory). */
export interface Directory {
  /** Account prefix, e.g. `cro`. */
  readonly accountPrefix: string;
  /** Validator operator prefix, e.g. `crocncl`. */
  readonly validatorPrefix: string;
  /** Core account id of an account address (module accounts included); undefined if never seen. */
  accountId(address: string): number | undefined;
  /** bech32 account address of a core account id. */
  accountAddress(id: number): string | undefined;
  /** Core validator id of a `crocncl1…` operator address. */
  validatorId(operator: string): number | undefined;
  /** Operator address (`crocncl1…`) of a core validator id. */
  validatorAddress(id: number): string | undefined;
  /** Every account id (module accounts included), ascending. */
  accountIds(): number[];
  /** Every validator id, ascending. */
  validatorIds(): number[];
  /** Account number and sequence of an address (x/auth), undefined if the account does not exist. */
  account(address: string): { accountNumber: bigint; sequence: bigint; pubKey?: Uint8Array } | undefined;
}

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

/** x/staking's Description: what explorers show for a validator. */
export interface ValidatorDescription {
  moniker: string;
  identity: string;
  website: string;
  securityContact: string;
  details: string;
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
