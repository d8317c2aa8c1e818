// x/upgrade (cosmossdk.io/x/upgrade v0.2.0, chain-main 1ac014c6's app.go: x/gov's module account its
// authority, first in SetOrderPreBlockers): MsgSoftwareUpgrade and MsgCancelUpgrade (messages.ts), the
// plan and the applied plans (keeper.ts), its queries (queries.ts), and its PreBlocker (pre-block.ts):
// at a plan's height the chain stops (`UPGRADE "<name>" NEEDED at height: <h>: <info>`) until the
// operator applies the plan (--apply-upgrade, dev mode's applyUpgrade) or skips the height
// (--unsafe-skip-upgrades). Its genesis section is empty, as the SDK's.

import { queryService, type AppModule } from "../../framework/module.js";
import { Query } from "../../wire/gen/cosmos/upgrade/v1beta1/query_pb.js";
import { upgradeQueries, type UpgradeView } from "./queries.js";
import { upgradeMessages } from "./messages.js";
import type { Upgrade } from "./keeper.js";

export const upgradeModule: AppModule<UpgradeView> = {
  name: "upgrade",
  messages: upgradeMessages,
  queries: { services: [Query], handlers: (app) => [queryService(Query, upgradeQueries(app))] },
};

/** The keeper this module adds to what a message handler sees (framework/context.ts). */
declare module "../../framework/context.js" {
  interface MessageContext {
    /** x/upgrade's plan and applied plans. */
    readonly upgrade: Upgrade;
  }
}
