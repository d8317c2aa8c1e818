// Which gas model meters which message (host/app/gas/messages.ts): a module's map of models is
// taken whole, so a model added to x/tieredrewards' map (gas/tiers.ts tierModels) is the one
// messageModel gives with no list elsewhere to update; every user message the module registers
// has one, its governance messages none (metered by the core's store counters).

import { test } from "uvu";
import * as assert from "uvu/assert";
import { MessageRegistry } from "../../host/app/registry.js";
import { messageModel } from "../../host/app/gas/messages.js";
import { tierModels } from "../../host/app/gas/tiers.js";
import { registerTierMessages } from "../../host/modules/tieredrewards/validate.js";

test("every model in x/tieredrewards' map is the one messageModel gives for its type", () => {
  const types = Object.keys(tierModels);
  assert.ok(types.length > 0);
  for (const type of types) assert.is(messageModel(type), tierModels[type], type);
});

test("each registered x/tieredrewards user message has a gas model; its governance messages have none", () => {
  const registry = registerTierMessages(new MessageRegistry());
  const entries = registry.typeUrls().map((u) => registry.entry(u)!);
  const isGov = (e: (typeof entries)[number]) => (e.kind === "amino" ? e.spec.governance : e.def.governance) === true;
  const user = entries.filter((e) => !isGov(e)).map((e) => e.aminoType);
  const governance = entries.filter(isGov).map((e) => e.aminoType);
  assert.ok(user.length > 0 && governance.length > 0);
  assert.equal(user.filter((t) => messageModel(t) === undefined), [], "user messages without a model");
  assert.equal(governance.filter((t) => messageModel(t) !== undefined), [], "governance messages are metered by the core");
  assert.equal(Object.keys(tierModels).sort(), [...user].sort(), "the map holds only registered messages");
});

test.run();
