// x/gov's EndBlocker (first of the EndBlockers, before x/staking's): the proposals whose deposit or
// voting period ended at the block's time, tallied and, when passed, their messages executed by
// the application (as the chain's authority, in the block's store transaction).

import type { TxEvent } from "../../framework/events.js";
import type { BlockInfo } from "../../framework/module.js";
import type { Executor, Gov } from "./keeper.js";
import type { ProposalMessage } from "./validate.js";
import type { TallyView } from "./tally.js";

/** What x/gov's EndBlocker does to the application. */
export interface GovBlockApp {
  readonly gov: Gov;
  tallyView(): TallyView;
  /** Run a passed proposal's messages (all or none), the outcome its events or its failure. */
  executeProposal(messages: readonly ProposalMessage[], height: bigint, timeNs: bigint): ReturnType<Executor>;
}

export function govEndBlock(app: GovBlockApp, b: BlockInfo): TxEvent[] {
  const deadline = app.gov.nextDeadline();
  if (deadline === undefined || deadline > b.timeNs) return [];
  return app.gov.endBlock(b.timeNs, app.tallyView(), (messages) => app.executeProposal(messages, b.height, b.timeNs));
}
