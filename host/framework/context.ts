// What a message handler sees: the chain's keepers, its signer, the block being made. Handlers
// run inside the store transaction the application opened for the tx: they throw (a TxError, or
// the core's CoreError) to fail it, which the application then aborts as a whole. A module's keeper
// is added to the context by its module (a `declare module` augmentation next to the keeper:
// x/auth's `directory`, x/bank's `bank`, x/staking's `validators`, x/gov's `gov`), so this file,
// which every module imports, names none.

import type { Ledger } from "../core/ledger.js";
import type { Tiers } from "../core/tiers.js";
import type { TxEvent } from "./events.js";

export interface MessageContext {
  readonly ledger: Ledger;
  readonly tiers: Tiers;
  readonly denom: string;
  /** The signer (canonical account address). */
  readonly signer: string;
  /** Height of the block being made. */
  readonly height: bigint;
  /** x/staking's tokens per unit of consensus power. */
  readonly powerReduction: bigint;
  /** The block's header hash as the node defines it (seeds position delegator addresses). */
  readonly headerHash: Uint8Array;
  /** Decimal text to a raw Dec, exactly (the core's parser; throws on bad text). */
  parseDec(text: string): bigint;
  /** Time of the block being made (unix ns). */
  readonly timeNs: bigint;
  /** The governance authority: the one signer a governance-only message may have (x/gov's module account, or a local chain's key). */
  readonly authority: string;
}

/** A message's response, as the tx's result carries it (an Any of the schema's `Msg…Response`). */
export interface MsgResponse {
  readonly typeUrl: string;
  readonly value: Uint8Array;
}

/** What a message's execution gives: its events, in the order the module emits them, and its response. */
export interface MessageOutcome {
  events: TxEvent[];
  response: MsgResponse;
}

