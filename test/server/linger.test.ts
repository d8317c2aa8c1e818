// A refused upload's 413 reaches a client that is still sending (host/server/linger.ts). Without a
// lingering close the node destroyed the socket right after its answer; the client's next bytes
// drew a reset, and the reset wiped the unread 413 from the client's receive buffer: the client
// saw ECONNRESET instead of the refusal.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { connect } from "node:net";
import { loadCore } from "../../host/core/core.js";
import { run, type RunningNode } from "../../host/main.js";
import { nodeHarness, wasm } from "../helpers/node.js";

const h = await nodeHarness({ prefix: "linger-test-" });
test.after(h.remove);
const quiet = { out: () => {}, err: () => {} };

/**
 * POST a declared 20 MB body without reading anything until `sendBytes` of it are written and a
 * pause has passed (a client busy uploading); then read what the node said.
 */
function uploadThenRead(url: string, sendBytes: number): Promise<{ received: string; error?: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.pause();
    const chunks: Buffer[] = [];
    let error: string | undefined;
    socket.on("error", (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
    socket.on("data", (d: Buffer) => chunks.push(d));
    socket.on("close", () => resolve({ received: Buffer.concat(chunks).toString("latin1"), error }));
    socket.once("connect", async () => {
      socket.write(`POST /txs HTTP/1.1\r\nHost: ${hostname}\r\nContent-Length: 20000000\r\n\r\n`);
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      for (let sent = 0; sent < sendBytes && !socket.destroyed; sent += chunk.length) {
        socket.write(chunk);
        await new Promise((r) => setTimeout(r, 2));
      }
      await new Promise((r) => setTimeout(r, 300));
      socket.resume();
    });
  });
}

test("a client still uploading after the 413 reads the 413, not a reset", async () => {
  const node = (await run(["--clock", "simulated", "--port", "0", "--db", h.freshDb()], {}, quiet, { core: await loadCore(wasm) })) as RunningNode;
  try {
    for (let i = 0; i < 3; i++) {
      const { received, error } = await uploadThenRead(node.url, 3 * 1024 * 1024);
      assert.match(received, /^HTTP\/1\.1 413 /, `attempt ${i}: got ${JSON.stringify(received.slice(0, 40))}, error ${error}`);
      assert.match(received, '"code":8');
    }
    const ok = await fetch(`${node.url}/chainmain/tieredrewards/v1/tiers`);
    assert.is(ok.status, 200, "the node keeps answering");
  } finally {
    await node.close();
  }
});

test.run();
