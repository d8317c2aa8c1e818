// Which model meters which message: the message's amino type to its keeper path. A message with
// no model here is metered the old way (the core's store counters, host/app/gas.ts). A module
// moved to message definitions gives each message's model as its `gas` (host/app/module.ts).

import type { Sim } from "./sim.js";
import type { GovParams } from "../../modules/gov/genesis.js";
import type { NodeProposal } from "./gov.js";

/** What a message model needs besides the state: the governance params and the next proposal id. */
export interface ModelContext {
  govParams: GovParams;
  nextProposalId: bigint;
  proposal(id: bigint): NodeProposal | undefined;
  deposit(id: bigint, depositor: string): bigint | undefined;
  parseDec(text: string): bigint;
}

type Model = (k: Sim, msg: unknown, c: ModelContext) => void;

const MODELS: Record<string, Model> = {
};

/** The model of a message type, or undefined: metered the old way. */
export function messageModel(type: string): Model | undefined {
  return MODELS[type];
}

