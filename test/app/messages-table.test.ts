// The README's message table (## Messages) is what the code executes and what the recordings hold:
// regenerate it with `node --import tsx test/messages-table.ts` when a module gains a message.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { messagesTable } from "../messages-table.js";

test("README's message table is the registry's and the recordings'", () => {
  const readme = readFileSync(fileURLToPath(new URL("../../README.md", import.meta.url)), "utf8");
  const m = /<!-- messages-table -->\n([\s\S]*?)\n<!-- \/messages-table -->/.exec(readme);
  assert.ok(m, "README has the markers");
  assert.fixture(m![1]!, messagesTable());
});

test.run();
