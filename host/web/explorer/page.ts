// What a page of the explorer is: a title, its content, and what it does when a block is committed
// (live pages update their rows in place, so focus and scrolling stay).

import type { Prefixes } from "./api.js";

export interface Page {
  title: string;
  body: HTMLElement[];
  onBlock?: (height: string) => Promise<void>;
}

export interface Ctx {
  /** The chain's REST segment for chain-main's own modules ("/chainmain"). */
  chain: string;
  prefixes: Prefixes;
  /** The staking denom (x/staking params' bond_denom: basecro). */
  bondDenom: string;
  /** The latest committed height (from the node, cached between blocks). */
  top(): Promise<bigint>;
}
