// x/evidence (cosmossdk.io/x/evidence v0.1.1, as chain-main 1ac014c6 wires it: no evidence router):
// MsgSubmitEvidence answered as chain-maind answers it (messages.ts); the double signs CometBFT
// reports handled in its BeginBlocker (block.ts: age, slash, jail, tombstone, stored); the evidence
// kept (keeper.ts), queried (queries.ts), and its genesis section both ways (genesis.ts).

import { queryService, type AppModule } from "../../framework/module.js";
import { Query } from "../../wire/gen/cosmos/evidence/v1beta1/query_pb.js";
import type { ModuleRecord } from "../../store/records.js";
import { evidenceQueries, type EvidenceView } from "./queries.js";
import { evidenceBlock, type EvidenceBlockApp } from "./block.js";
import { msgSubmitEvidenceDef } from "./messages.js";
import { storedEvidenceJson, type parseEvidence } from "./genesis.js";
import type { Evidence } from "./keeper.js";

/** What x/evidence's InitGenesis reads and writes. */
export interface EvidenceInitApp {
  readonly genesis: { readonly sdk: { readonly evidence: ReturnType<typeof parseEvidence> } };
  readonly evidence: Evidence;
}

export const evidenceModule: AppModule<EvidenceView, EvidenceBlockApp, EvidenceInitApp, { moduleRecords(): readonly ModuleRecord[] }> = {
  name: "evidence",
  beginBlock: evidenceBlock,
  genesis: {
    init: (app) => {
      for (const e of app.genesis.sdk.evidence) app.evidence.set(e);
    },
    export: (app) => storedEvidenceJson(app.moduleRecords()),
  },
  messages: [msgSubmitEvidenceDef],
  queries: { services: [Query], handlers: (app, o) => [queryService(Query, evidenceQueries(app, o))] },
};

/** The keeper this module adds to what a message handler sees (framework/context.ts). */
declare module "../../framework/context.js" {
  interface MessageContext {
    /** x/evidence: the equivocations handled, by hash. */
    readonly evidence: Evidence;
  }
}
