// x/group (SDK v0.53, as chain-main 1ac014c6's app.go wires it with group.DefaultConfig()): groups,
// members, group policies (threshold and percentage decision policies; their accounts derived as
// address.Module("group", 0x20, <sequence>)), proposals, votes and their execution through the
// message router as the policy (messages.ts, groups.ts, proposals.ts over the SDK's ORM layout in
// orm.ts and kv.ts), the EndBlocker's tally and pruning, the Query service (queries.ts) and the genesis
// section both ways (genesis.ts).

import { queryService, type AppModule } from "../../framework/module.js";
import { ACCOUNT_PREFIX } from "../../framework/prefixes.js";
import { Query } from "../../wire/gen/cosmos/group/v1/query_pb.js";
import type { GenesisState } from "../../wire/gen/cosmos/group/v1/genesis_pb.js";
import type { Group } from "./env.js";
import { GroupStore } from "./kv.js";
import type { ModuleRecord } from "../../store/records.js";
import { exportGroup, groupJson, initGroup } from "./genesis.js";
import type { GroupEnv } from "./keeper.js";
import { groupMessages } from "./messages.js";
import { groupEndBlock } from "./proposals.js";
import { groupQueries, type GroupView } from "./queries.js";

/** What x/group's InitGenesis reads and writes. */
export interface GroupInitApp {
  readonly genesis: { readonly sdk: { readonly group: GenesisState } };
  readonly group: Group;
}

/** The store as the last committed block left it (the module records). */
function storedGroup(records: readonly ModuleRecord[]): GroupStore {
  const store = new GroupStore();
  for (const r of records) if (GroupStore.owns(r.key) && r.value !== null) store.load(r.key, r.value);
  return store;
}

const blockEnv = (group: Group, timeNs: bigint): GroupEnv => ({
  kv: group.store, prefix: ACCOUNT_PREFIX, timeNs, events: [], hasAccount: () => false, createPolicyAccount: () => {},
  execute: () => [], signersOf: () => [], consume: () => {},
});

export const groupModule: AppModule<GroupView, GroupView, GroupInitApp, { moduleRecords(): readonly ModuleRecord[] }> = {
  name: "group",
  genesis: { init: (app) => initGroup(app.group.store, app.genesis.sdk.group), export: (app) => groupJson(exportGroup(storedGroup(app.moduleRecords()))) },
  // TallyProposalsAtVPEnd, then PruneProposals.
  endBlock: (app, block) => {
    const env = blockEnv(app.group, block.timeNs);
    groupEndBlock(env);
    return env.events;
  },
  messages: groupMessages,
  queries: { services: [Query], handlers: (app) => [queryService(Query, groupQueries(app))] },
};

/** The keeper this module adds to what a message handler sees (framework/context.ts). */
declare module "../../framework/context.js" {
  interface MessageContext {
    /** x/group's store and the registry its proposals' messages are routed by. */
    readonly group: Group;
  }
}
