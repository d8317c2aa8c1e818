// What a message handler sees: the chain's keepers, its signer, the block being made. Handlers
// run inside the store transaction the application opened for the tx: they throw (a TxError, or
// the core's CoreError) to fail it, which the application then aborts as a whole.

import type { Ledger } from "../core/ledger.js";
import type { Tiers } from "../core/tiers.js";
import type { NodeDirectory } from "../modules/auth/directory.js";
import type { Gov } from "../modules/gov/keeper.js";
import type { ValidatorRegistry } from "../modules/staking/validators.js";
import type { Bank } from "../modules/bank/keeper.js";
import type { Feegrant } from "../modules/feegrant/keeper.js";
import type { GovernedParams } from "../modules/gov/governed-params.js";
import type { TxEvent } from "./events.js";
import type { Authz } from "../modules/authz/keeper.js";
import type { Nft } from "../modules/nft/keeper.js";

export interface MessageContext {
  readonly ledger: Ledger;
  readonly tiers: Tiers;
  readonly directory: NodeDirectory;
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
  /** x/gov's proposals, deposits and votes. */
  readonly gov: Gov;
  /** Validators' descriptions, commission limits and consensus keys. */
  readonly validators: ValidatorRegistry;
  /** x/bank's params: default and per-denom send-enabled flags. */
  readonly bank: Bank;
  /** x/authz's grants. */
  readonly authz: Authz;
  /** The governance authority: the one signer a governance-only message may have (x/gov's module account, or a local chain's key). */
  readonly authority: string;
  /** x/feegrant's allowances and expiration queue. */
  readonly feegrant: Feegrant;
  /** The params governance sets (each module's MsgUpdateParams). */
  readonly params: GovernedParams;
  /** chain-main's x/nft: denoms and their tokens. */
  readonly nft: Nft;
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

