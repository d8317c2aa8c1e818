// Which gas model meters which message: a module's message definition carries its model as its
// `gas` (host/framework/module.ts), so x/tieredrewards' models (host/modules/tieredrewards/gas.ts) are
// read from the module's definitions, with no map elsewhere to update: every user message the
// module declares has one, its governance messages none (metered by the core's store counters).

import { test } from "uvu";
import * as assert from "uvu/assert";
import { MessageRegistry } from "../../host/app/registry.js";
import { aminoTypeName } from "../../host/wire/amino/amino-json.js";
import { tieredRewardsModule } from "../../host/modules/tieredrewards/module.js";
import { file_chainmain_tieredrewards_v1_tx } from "../../host/wire/gen/chainmain/tieredrewards/v1/tx_pb.js";

const defs = tieredRewardsModule.messages ?? [];
const name = (d: (typeof defs)[number]) => d.schema.typeName;

test("x/tieredrewards declares every message of its Msg service, each registered by type URL and amino name", () => {
  const rpcs = file_chainmain_tieredrewards_v1_tx.services.flatMap((s) => s.methods.map((m) => m.input.typeName));
  assert.equal(defs.map(name).sort(), rpcs.sort());
  const registry = new MessageRegistry([tieredRewardsModule]);
  for (const d of defs) assert.is(registry.entryOfAmino(aminoTypeName(d.schema))!.def, registry.entry(`/${name(d)}`)!.def);
});

test("each x/tieredrewards user message has a gas model; its governance messages have none", () => {
  const user = defs.filter((d) => d.governance !== true);
  const governance = defs.filter((d) => d.governance === true);
  assert.ok(user.length > 0 && governance.length > 0);
  assert.equal(user.filter((d) => typeof d.gas !== "function").map(name), [], "user messages without a model");
  assert.equal(governance.filter((d) => d.gas !== undefined).map(name), [], "governance messages are metered by the core");
  assert.equal(
    governance.map(name).sort(),
    ["MsgAddTier", "MsgDeleteTier", "MsgUpdateParams", "MsgUpdateTier"].map((m) => `chainmain.tieredrewards.v1.${m}`),
  );
});

test.run();
