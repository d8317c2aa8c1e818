// What the modules' genesis work is given: InitGenesis the core's placer of exported records (a core
// refusal of one placed record reported at the document path of what was placed), ExportGenesis
// the core's records decoded and the document's sections.

import { ValidationError } from "../errors.js";
import { CoreError } from "../core/errors.js";
import type { CoreState, GenesisPlacer } from "../core/genesis-records.js";
import type { Json } from "./genesis-json.js";

export type { GenesisPlacer };

/** Wrap a core refusal of a placed record with the path of what was placed. */
export function at<T>(path: string, place: () => T): T {
  try {
    return place();
  } catch (e) {
    if (e instanceof CoreError) throw new ValidationError(`the core refused it: ${e.message}`, path);
    throw e;
  }
}

/**
 * What every module's ExportGenesis reads: the core's records at the last committed block (decoded),
 * the bond denom, and the genesis document's sections (kept where the node does not change them).
 */
export interface GenesisExportBase {
  readonly core: CoreState;
  readonly denom: string;
  /** No block made since the genesis: the document's own minter and proposer are still the state's. */
  readonly unchanged: boolean;
  /** A section as the genesis document had it. */
  kept(section: string): { [key: string]: Json } | undefined;
  /** The addresses of core account and validator ids (throws for an id the directory lacks). */
  addressOf(id: number): string;
  operatorOf(id: number): string;
}
