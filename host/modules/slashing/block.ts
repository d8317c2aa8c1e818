// x/slashing's BeginBlocker (after x/distribution's): the last commit's votes into the validators'
// signing windows (jailing the ones that missed too many) and the double signs CometBFT caught.
// Only under CometBFT: the node's own blocks carry no commit info.

import type { TxEvent } from "../../framework/events.js";
import type { BlockInfo } from "../../framework/module.js";
import type { Ledger } from "../../core/ledger.js";
import type { NodeDirectory } from "../auth/directory.js";
import { slashingBeginBlock, type Slashing } from "./keeper.js";

/** What x/slashing's BeginBlocker does to the application. */
export interface SlashingBlockApp {
  readonly slashing: Slashing;
  readonly ledger: Ledger;
  readonly directory: NodeDirectory;
  readonly validators: { byConsensusAddress(address: string): number | undefined };
}

export function slashingBlock(app: SlashingBlockApp, b: BlockInfo): TxEvent[] {
  if (b.consensus === undefined) return [];
  return slashingBeginBlock(app.slashing, app.ledger, app.directory, (a) => app.validators.byConsensusAddress(a), b.consensus, b.height, b.timeNs);
}
