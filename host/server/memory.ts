// GET /dev/memory (dev mode, as /dev/export): what the node process holds, for the memory soak
// (bench/soak.ts) and an operator's look. Sizes in bytes: process.memoryUsage() (RSS, the V8 heap,
// external and array buffers), the WASM core's memory, SQLite's page cache bound and its kept
// statements, the mempool, the chain's commit listeners, the WebSocket clients; and the V8 flags
// the node's process set on itself (main.ts). `?gc=1` on a node run with --expose-gc first runs a
// full collection (diagnosis: the live heap).

import type { Hono } from "hono";
import type { Node } from "../app/node-api.js";

export interface MemorySources {
  /** WebSocket clients connected (REST's and the RPC's servers together). */
  webSocketClients(): number;
  /** The V8 flags the process set on itself. */
  v8Flags(): readonly string[];
}

export function registerMemoryRoute(app: Hono, chain: Node, o: MemorySources): void {
  app.get("/dev/memory", (c) => {
    const collect = (globalThis as { gc?: () => void }).gc;
    if (c.req.query("gc") === "1" && collect) collect();
    return c.json({ ...process.memoryUsage(), ...chain.memoryReport(), webSocketClients: o.webSocketClients(), v8Flags: o.v8Flags() });
  });
}
