// `npm run bench`'s node section (bench/node.ts), run small: every round's signed txs are accepted
// over HTTP and committed. Its txs once started at sequence 0 for every signer, while a genesis
// validator's operator (dev keys 1-4) is at 1 after its gentx: the full bench died there.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFile } from "node:fs/promises";
import { CORE_WASM } from "../../host/core/node.js";
import { runNodeBench } from "../../bench/node.js";

test("the node bench's rounds run on the default genesis: ingest, mempool, block, GET", async () => {
  const wasm = new Uint8Array(await readFile(CORE_WASM));
  const r = await runNodeBench(wasm, () => {}, { txs: 16, rounds: 2, getSeconds: 1 });
  assert.ok(r.verifyTxPerSec > 0 && r.ingestTxPerSec > 0, JSON.stringify(r));
  assert.is(r.ingestRatios.length, 2);
  // the second round's block committed its 16 sends: fresh accounts and balances among its records
  assert.ok(r.commit.records >= 16, `records ${r.commit.records}`);
  assert.ok(r.get.nodeReqPerSec > 0 && r.get.bareReqPerSec > 0);
});

test.run();
