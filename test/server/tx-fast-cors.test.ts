// With --cors-origins on, a broadcast goes through the app even without an Origin header: the app's
// CORS middleware adds its headers to every answer, and the fast path (host/server/tx-fast.ts) would
// answer without them (seen by wt-get: `--cors-origins "*"` answers differed by that header).

import { test } from "uvu";
import * as assert from "uvu/assert";
import { request } from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadCore } from "../../host/core/core.js";
import { run, type RunningNode } from "../../host/main.js";
import { wasm } from "../helpers/node.js";
import { fastTxCounts, FAST_TX_PATH } from "../../host/server/tx-fast.js";

const dir = await mkdtemp(join(tmpdir(), "tx-fast-cors-"));
const node = (await run(["--port", "0", "--clock", "simulated", "--cors-origins", "*", "--db", join(dir, "c.db")], {}, { out: () => {}, err: () => {} }, { core: await loadCore(wasm) })) as RunningNode;
test.after(async () => {
  await node.close();
  await rm(dir, { recursive: true, force: true });
});

function post(body: string): Promise<{ status: number; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(`${node.url}${FAST_TX_PATH}`, {
      method: "POST", headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
    }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

test("--cors-origins '*': a broadcast without an Origin gets the app's CORS header, not the fast path's answer", async () => {
  const answered = fastTxCounts.answered;
  // Not a valid tx: refused by CheckTx either way, which is an answer the fast path would have given itself.
  const r = await post(JSON.stringify({ tx_bytes: Buffer.from([1, 2, 3]).toString("base64"), mode: "BROADCAST_MODE_SYNC" }));
  assert.is(r.status, 200);
  assert.is(r.headers["access-control-allow-origin"], "*");
  assert.is(fastTxCounts.answered, answered, "the fast path answered while --cors-origins was on");
});

test.run();
