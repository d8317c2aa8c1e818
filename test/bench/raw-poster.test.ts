// The chain-maind bench's load generator (bench/chain-maind.ts RawPoster): pre-built POST requests
// over one keep-alive socket, each answer's body read by its Content-Length or its chunks (the
// node answers with a length, a Go server may chunk), one request after another on the same socket.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { RawPoster } from "../../bench/chain-maind.js";

test("answers with a Content-Length and chunked ones, in order, over one connection", async () => {
  const seen: { body: string; socket: unknown; type: string | undefined }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      seen.push({ body, socket: req.socket, type: req.headers["content-type"] });
      const n = JSON.parse(body).id as number;
      const answer = JSON.stringify({ id: n, result: { code: 0, echo: "x".repeat(n * 1000) } });
      if (n % 2 === 0) {
        res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(answer) });
        res.end(answer);
      } else {
        res.writeHead(200, { "content-type": "application/json" }); // chunked
        res.write(answer.slice(0, 7));
        setImmediate(() => res.end(answer.slice(7)));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const c = RawPoster.of(url);
  try {
    for (let i = 0; i < 6; i++) {
      const body = JSON.stringify({ id: i, method: "broadcast_tx_sync" });
      const got = JSON.parse((await c.post(RawPoster.request(url, body))).toString("utf8"));
      assert.equal(got, { id: i, result: { code: 0, echo: "x".repeat(i * 1000) } });
      assert.is(seen[i]!.body, body);
      assert.is(seen[i]!.type, "application/json");
    }
    assert.ok(seen.every((s) => s.socket === seen[0]!.socket), "one keep-alive connection");
  } finally {
    c.close();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});

test.run();
