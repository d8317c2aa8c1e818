// x/upgrade's queries (cosmossdk.io/x/upgrade v0.2.0 keeper/grpc_query.go): the scheduled plan (none:
// an empty answer), the height a plan was applied at (0: never), the module versions chain-main's
// InitChainer stored, the authority, and the upgraded consensus state (an IBC plan's; never kept here).

import { moduleError } from "../../wire/gateway-json.js";
import type { Query } from "../../wire/gen/cosmos/upgrade/v1beta1/query_pb.js";
import type { ServiceHandlers } from "../../framework/query-router.js";
import type { Upgrade } from "./keeper.js";
import { MODULE_VERSIONS } from "./versions.js";

/** What x/upgrade's queries read of the application. */
export interface UpgradeView {
  readonly upgrade: Upgrade;
  readonly genesis: { readonly gov: { readonly authority: string } };
}

export function upgradeQueries(app: UpgradeView): ServiceHandlers<typeof Query> {
  return {
    currentPlan: () => {
      const p = app.upgrade.plan();
      // Plan.time is gogoproto non-nullable: Go's zero time when the plan has none.
      return p === undefined ? {} : { plan: { name: p.name, time: { seconds: -62135596800n, nanos: 0 }, height: p.height, info: p.info } };
    },
    appliedPlan: (req) => ({ height: app.upgrade.doneHeight(req.name) }),
    upgradedConsensusState: () => ({}),
    moduleVersions: (req) => {
      if (req.moduleName.length > 0) {
        const v = MODULE_VERSIONS.find((m) => m.name === req.moduleName);
        if (v === undefined) throw moduleError("upgrade", 2, `module version not found: x/upgrade: QueryModuleVersions module ${req.moduleName} not found`);
        return { moduleVersions: [{ name: v.name, version: v.version }] };
      }
      return { moduleVersions: MODULE_VERSIONS.map((m) => ({ name: m.name, version: m.version })) };
    },
    authority: () => ({ address: app.genesis.gov.authority }),
  };
}
