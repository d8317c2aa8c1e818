// The README's message table (## Messages) is what the code executes and what the recordings hold:
// regenerate it with `node --import tsx test/messages-table.ts` when a module gains a message.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fromBase64 } from "@cosmjs/encoding";
import { TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { messagesTable, refusedAlike } from "../messages-table.js";
import { messageTypeUrls } from "../../host/wire/messages.js";
import { MessageRegistry } from "../../host/app/registry.js";
import { MODULES } from "../../host/modules/index.js";

const FIXTURES = fileURLToPath(new URL("../reference-chain/", import.meta.url));

test("README's message table is the registry's and the recordings'", () => {
  const readme = readFileSync(fileURLToPath(new URL("../../README.md", import.meta.url)), "utf8");
  const m = /<!-- messages-table -->\n([\s\S]*?)\n<!-- \/messages-table -->/.exec(readme);
  assert.ok(m, "README has the markers");
  assert.fixture(m![1]!, messagesTable());
});

test("every type chain-maind resolves is executed here or refused as a recording of the chain refused it", () => {
  const registry = new MessageRegistry(MODULES);
  const urls = messageTypeUrls().filter((u) => !u.startsWith("/chainmain.dev."));
  // No type is left to the router's sdk 6 (test/app/node-txs.test.ts sends those that are).
  assert.equal(urls.filter((u) => !registry.has(u)), []);
  // A refused type has a recording the node matches, or at least one of the chain's answers to it on
  // record (the channel v2 packets: bodies the chain did not parse).
  const alike = [...refusedAlike().values()].flatMap((s) => [...s]);
  const sent = new Set<string>();
  for (const d of readdirSync(FIXTURES)) {
    const f = join(FIXTURES, d, "txs-and-blocks.json");
    if (!existsSync(f)) continue;
    const results = join(FIXTURES, d, "workload-results.json");
    const checked = existsSync(results) ? (JSON.parse(readFileSync(results, "utf8")).results as { check_tx_bytes?: string }[]).map((r) => r.check_tx_bytes) : [];
    for (const b of [...(JSON.parse(readFileSync(f, "utf8")).txs as { tx_bytes?: string }[]).map((t) => t.tx_bytes), ...checked]) {
      if (b !== undefined) for (const m of TxBody.decode(TxRaw.decode(fromBase64(b)).bodyBytes).messages) sent.add(m.typeUrl);
    }
  }
  const refused = urls.filter((u) => registry.entry(u)?.def.refusesAll === true);
  assert.ok(refused.length > 20);
  assert.equal(refused.filter((u) => !alike.includes(u) && !sent.has(u)), []);
});

test.run();
