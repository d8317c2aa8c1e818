// What the node holds must not grow with its load or its history (issue 23 item 7; bench/soak.ts
// measures it over minutes): WebSocket clients and their commit listeners leave with them;
// block_by_hash and header_by_hash find a block in SQLite instead of reading blocks; keys of
// txs whose key is not their signer's are not kept, and kept keys stay bounded; the WASM core's
// memory stops growing after warm-up; GET /dev/memory reports it all; the node's process sets
// V8's heap growth. (test/core/memory.test.ts is the core's memory bounds, a different matter.)

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { WebSocket } from "ws";
import { devAddress } from "../../host/app/genesis.js";
import { run, nodeV8Flags, HEAP_GROWING_PERCENT, type RunningNode } from "../../host/main.js";
import { loadCore } from "../../host/core/core.js";
import { MessageRegistry } from "../../host/app/registry.js";
import { bankModule } from "../../host/modules/bank/module.js";
import { MAX_KEY_ADDRESSES, keyAddressesKept, verifyTx } from "../../host/app/ante/verify.js";
import { pubKeyAddress } from "../../host/wire/keys.js";
import { TxError } from "../../host/wire/errors.js";
import { FEE, sendMsg } from "../helpers/dev-signer.js";
import { committedTx, nodeHarness, overHttp, signedBy, wasm } from "../helpers/node.js";

const dir = await mkdtemp(join(tmpdir(), "memory-soak-"));
const quiet = { out: () => {}, err: () => {} };
// No operator log (--log-level warn): the WebSocket servers' listeners are the chain's only ones.
const started = await run(
  ["--port", "0", "--clock", "simulated", "--dev", "--log-level", "warn", "--db", join(dir, "chain.db")], {}, quiet, { core: await loadCore(wasm) },
);
if (typeof started === "number") throw new Error(`node exited ${started}`);
const node: RunningNode = started;
const nodes = await nodeHarness({ dir });
test.after(async () => {
  await node.close();
  await rm(dir, { recursive: true, force: true });
});

const memory = async () => (await (await fetch(`${node.url}/dev/memory`)).json()) as Record<string, any>;
const advance = (blocks: number) => fetch(`${node.url}/dev/advance?blocks=${blocks}`, { method: "POST" });
const rpcCall = async (method: string, params: unknown) =>
  ((await (await fetch(node.rpcUrl!, { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) })).json()) as any).result;

/** Polls until `done()` (a condition, with a generous deadline: never a fixed wait). */
async function until(done: () => Promise<boolean>, what: string): Promise<void> {
  for (const deadline = Date.now() + 60_000; !(await done());) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

test("GET /dev/memory: the process's memory, the core's, SQLite's, the mempool, listeners and clients", async () => {
  const m = await memory();
  for (const k of ["rss", "heapUsed", "heapTotal", "external", "arrayBuffers", "wasmBytes", "wasmUsedBytes", "sqlitePageCacheLimitBytes"]) {
    assert.ok(typeof m[k] === "number" && m[k] > 0, `${k}: ${m[k]}`);
  }
  assert.ok(m.wasmUsedBytes <= m.wasmBytes);
  for (const k of ["mempoolTxs", "mempoolBytes", "webSocketClients", "sqliteStatements"]) assert.type(m[k], "number", k);
  assert.is(m.commitListeners, 2, "the two WebSocket servers' (REST's port in dev mode, the RPC's)");
  // Not a production power: a real-clock node without --dev answers it as it answers /dev/export.
  const prod = await run(["--port", "0", "--rpc-port", "off", "--clock", "real", "--block-time", "1h", "--db", join(dir, "prod.db")], {}, quiet, { core: await loadCore(wasm) });
  if (typeof prod === "number") throw new Error(`node exited ${prod}`);
  try {
    const status = (path: string) => fetch(`${prod.url}${path}`).then((r) => r.status);
    assert.is(await status("/dev/memory"), await status("/dev/export"));
    assert.is.not(await status("/dev/memory"), 200);
  } finally {
    await prod.close();
  }
});

test("WebSocket: 1,000 subscriptions come and go; no client and no commit listener stays", async () => {
  const before = await memory();
  assert.is(before.webSocketClients, 0);
  const url = `${node.rpcUrl!.replace("http://", "ws://")}/websocket`;
  const queries = ["tm.event='NewBlock'", "tm.event='Tx'", `tm.event='Tx' AND message.sender='${devAddress(5)}'`, "tm.event='NewBlockHeader'"];
  let events = 0;
  for (let batch = 0; batch < 20; batch++) {
    // 50 at a time (CometBFT's limit is 100 clients): each subscribes, the block subscribers see a block, then all leave.
    const sockets = await Promise.all(Array.from({ length: 50 }, async (_, i) => {
      const ws = new WebSocket(url);
      const replies: any[] = [];
      ws.on("message", (d) => replies.push(JSON.parse(String(d))));
      await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
      ws.send(JSON.stringify({ jsonrpc: "2.0", id: i, method: "subscribe", params: { query: queries[i % 4] } }));
      await until(async () => replies.some((r) => r.id === i && "result" in r), "the subscription's answer");
      return { ws, replies };
    }));
    if (batch === 0) assert.is((await memory()).webSocketClients, 50);
    await advance(1);
    await until(async () => sockets.filter((_, i) => i % 4 === 0 || i % 4 === 3).every((s) => s.replies.some((r) => r.result?.data)), "the block's events");
    events += sockets.reduce((n, s) => n + s.replies.filter((r) => r.result?.data).length, 0);
    await Promise.all(sockets.map(({ ws }, i) => {
      const closed = new Promise((r) => ws.once("close", r));
      if (i % 2 === 0) ws.close();
      else ws.terminate();
      return closed;
    }));
  }
  assert.ok(events >= 500, `${events} events`);
  await until(async () => (await memory()).webSocketClients === 0, "the server to forget its clients");
  assert.is((await memory()).commitListeners, before.commitListeners, "no listener per client");
});

test("block_by_hash and header_by_hash: found in SQLite, no block read, inside runs of empty blocks too", async () => {
  const tx = await committedTx(overHttp(node), 5, [sendMsg(devAddress(5), devAddress(6), 1n)]);
  await advance(7); // one row of 7 empty blocks
  await advance(40);
  const latest = node.chain.latest.height;
  const txHeight = BigInt(tx.height);
  let reads = 0;
  const blockTxs = node.chain.blockTxs.bind(node.chain);
  node.chain.blockTxs = (h: bigint) => {
    reads++;
    return blockTxs(h);
  };
  try {
    for (const h of [txHeight, txHeight + 3n, txHeight + 7n, latest]) {
      const block = await rpcCall("block", { height: `${h}` });
      const hash = Buffer.from(block.block_id.hash, "hex").toString("base64");
      reads = 0;
      const found = await rpcCall("block_by_hash", { hash });
      assert.is(found.block.header.height, `${h}`);
      assert.equal(found.block_id, block.block_id);
      // The answer's own block and its predecessor (the last commit): at most 2, however long the chain.
      assert.ok(reads <= 2, `${reads} blocks read to answer one`);
      reads = 0;
      assert.is((await rpcCall("header_by_hash", { hash })).header.height, `${h}`);
      assert.ok(reads <= 2, `${reads} blocks read to answer one header`);
    }
    reads = 0;
    const unknown = Buffer.alloc(32, 7).toString("base64");
    assert.is((await rpcCall("block_by_hash", { hash: unknown })).block, null);
    assert.is((await rpcCall("header_by_hash", { hash: unknown })).header, null);
    assert.is(reads, 0, "an unknown hash reads no block");
  } finally {
    node.chain.blockTxs = blockTxs;
  }
});

test("keys of txs whose key is not the signer's are never kept; kept keys stay within MAX_KEY_ADDRESSES", () => {
  const registry = new MessageRegistry([bankModule]);
  const ctx = { chainId: "chainmain-local", registry, getAccount: () => ({ accountNumber: 0n, sequence: 0n }), sequenceProbe: 0 };
  const body = (pub: Uint8Array, from: string) => ({
    tx: {
      msg: [sendMsg(from, devAddress(6), 1n)], fee: FEE, memo: "",
      signatures: [{ pub_key: { type: "tendermint/PubKeySecp256k1", value: Buffer.from(pub).toString("base64") }, signature: Buffer.alloc(64, 1).toString("base64") }],
    },
    mode: "sync",
  });
  const key = () => Uint8Array.from([2, ...randomBytes(32)]);
  const refused = (b: unknown, code: number) => {
    try {
      verifyTx(b, ctx);
      assert.unreachable("verified");
    } catch (e) {
      if (!(e instanceof TxError)) throw e;
      assert.is(e.code, code, e.log);
    }
  };
  const before = keyAddressesKept();
  for (let i = 0; i < 2_000; i++) refused(body(key(), devAddress(5)), 8); // invalid pubkey: not the signer's key
  assert.is(keyAddressesKept(), before, "junk keys are not kept");
  // Keys that are their signers' (signatures still wrong): kept, never more than the bound.
  let most = 0;
  for (let i = 0; i < MAX_KEY_ADDRESSES + 500; i++) {
    const k = key();
    refused(body(k, pubKeyAddress(k)), 4); // unauthorized: the signature
    most = Math.max(most, keyAddressesKept());
  }
  assert.is(most, MAX_KEY_ADDRESSES, "kept up to the bound, never past it");
});

test("the WASM core's memory stops growing after warm-up (failing and passing txs, blocks)", async () => {
  const n = await nodes.open();
  const round = async (k: number) => {
    // A send that passes and one that fails in its block (more than the balance: its changes are undone).
    for (const [from, amount] of [[5, 1n], [6, 10n ** 30n]] as const) {
      const r = await n.post("/txs", await signedBy(n, from, [sendMsg(devAddress(from), devAddress(7), amount + BigInt(k))]));
      assert.is(r.json.tx_response.code, 0, r.json.tx_response.raw_log);
    }
    await n.post("/dev/advance?blocks=1");
  };
  for (let k = 0; k < 30; k++) await round(k);
  const failed = (await n.get(`/cosmos/tx/v1beta1/txs?query=${encodeURIComponent(`message.sender='${devAddress(6)}'`)}`)).json;
  assert.ok(failed.tx_responses.length === 0 || failed.tx_responses.every((t: any) => t.code !== 0), "the large sends fail in their blocks");
  const warm = n.chain.memoryReport().wasmBytes;
  for (let k = 30; k < 230; k++) await round(k);
  assert.is(n.chain.memoryReport().wasmBytes, warm);
  await n.chain.close();
});

test("the node's process sets V8's heap growth, unless its operator gave one", async () => {
  const ours = [`--heap-growing-percent=${HEAP_GROWING_PERCENT}`];
  assert.equal(nodeV8Flags([]), ours);
  assert.equal(nodeV8Flags(["--import", "tsx"], "--max-old-space-size=4096"), ours);
  assert.equal(nodeV8Flags(["--heap-growing-percent=200"]), []);
  assert.equal(nodeV8Flags(["--heap_growing_percent=200"]), []);
  assert.equal(nodeV8Flags([], "--enable-source-maps --heap-growing-percent=80"), []);
  assert.equal((await memory()).v8Flags, [], "a node started in process leaves its host's V8 alone");
  // `npm start`'s process: the command line's node sets the flag on itself.
  const child = spawn(process.execPath, ["--import", "tsx", "host/main.ts", "--clock", "simulated", "--port", "0", "--rpc-port", "off", "--db", join(dir, "cli.db")], {
    cwd: fileURLToPath(new URL("../..", import.meta.url)), stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, NODE_OPTIONS: "" },
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).on("line", (line) => {
        const m = /serving (http:\/\/[^ ]+)/.exec(line);
        if (m) resolve(m[1]!);
      });
      child.once("exit", (code) => reject(new Error(`the node exited (${code})`)));
    });
    const m = (await (await fetch(`${url}/dev/memory`)).json()) as { v8Flags: string[] };
    assert.equal(m.v8Flags, ours);
  } finally {
    child.kill("SIGTERM");
    if (child.exitCode === null) await new Promise((r) => child.once("exit", r));
  }
});

test.run();
