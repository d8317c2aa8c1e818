// CometBFT v0.38's `/genesis` and `/genesis_chunked` (host/rpc/genesis.ts): the document is
// CometBFT's GenesisDoc of the SDK file, as chain-maind answers it (recorded:
// test/reference-chain/gov-signers/rpc-genesis.json); a small document is answered whole by
// `/genesis` (CosmJS's Comet38Client.genesis reads it) and in one chunk; a document over
// CometBFT's 16 MiB chunk (a streamed 25k-account scale genesis) is refused by `/genesis` with
// CometBFT's error (CosmJS's Comet38Client.genesis rejects with it) and served by
// `/genesis_chunked` in 16 MiB chunks, over JSON-RPC POST, GET URI and the websocket, with
// CometBFT's errors for an out-of-range chunk; past the bound where the node serves the stored
// bytes as they are, a document stored whole as text (databases before the chunks table) is split
// from the database, without its JS string, at a lowered (test-only) chunk size.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm } from "node:fs/promises";
import { readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WebSocket } from "ws";
import { Comet38Client, HttpClient } from "@cosmjs/tendermint-rpc";
import { run, type RunningNode } from "../../host/main.js";
import { loadCore } from "../../host/core/core.js";
import { loadCoreFromFile } from "../../host/core/node.js";
import { NodeChain } from "../../host/drivers/embedded.js";
import { defaultGenesisJson } from "../../host/app/genesis.js";
import { createRpc, type RpcOptions } from "../../host/rpc/server.js";
import { GENESIS_CHUNK_SIZE, cometGenesisDoc } from "../../host/rpc/genesis.js";
import { writeScaleGenesis } from "../../bench/scale-genesis.js";
import { wasm } from "../helpers/node.js";

const dir = await mkdtemp(join(tmpdir(), "genesis-chunked-"));
const quiet = { out: () => {}, err: () => {} };
const nodes: RunningNode[] = [];
test.after(async () => {
  for (const n of nodes) await n.close();
  await rm(dir, { recursive: true, force: true });
});

async function start(name: string, extra: string[] = []): Promise<RunningNode> {
  const n = await run(["--port", "0", "--clock", "simulated", "--db", join(dir, `${name}.db`), ...extra], {}, quiet, { core: await loadCore(wasm) });
  if (typeof n === "number") throw new Error(`node exited ${n}`);
  nodes.push(n);
  return n;
}

const post = async (url: string, method: string, params: unknown = {}) =>
  (await (await fetch(url, { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 3, method, params }) })).json()) as any;
const get = async (url: string, path: string) => {
  const res = await fetch(`${url}/${path}`);
  return { status: res.status, json: (await res.json()) as any };
};

test("chain-maind's genesis: /genesis and /genesis_chunked answer what chain-maind's CometBFT answered, byte for byte", async () => {
  const recorded = JSON.parse(readFileSync("test/reference-chain/gov-signers/rpc-genesis.json", "utf8"));
  const node = await start("recorded", ["--genesis", "test/reference-chain/gov-signers/genesis.json"]);
  const rpc = node.rpcUrl!;
  assert.equal((await get(rpc, "genesis")).json.result, recorded.genesis);
  const chunk = (await get(rpc, "genesis_chunked?chunk=0")).json.result;
  assert.equal([chunk.chunk, chunk.total], [recorded.genesis_chunked.chunk, recorded.genesis_chunked.total]);
  assert.is(Buffer.from(chunk.data, "base64").toString("utf8"), Buffer.from(recorded.genesis_chunked.data, "base64").toString("utf8"));
  const client = Comet38Client.create(new HttpClient(rpc));
  const g = await client.genesis();
  assert.is(g.chainId, "chainmain-local");
  assert.is(g.consensusParams.block?.maxBytes, 22020096);
  client.disconnect();
  await nodes.pop()!.close();
});

test("a small document: /genesis answers it (Comet38Client.genesis), /genesis_chunked in one chunk of the same text", async () => {
  const node = await start("small");
  const rpc = node.rpcUrl!;
  const whole = await post(rpc, "genesis");
  assert.equal(whole.result.genesis, JSON.parse(JSON.stringify(cometGenesisDoc(node.chain.genesisDoc))));
  assert.is(Object.keys(whole.result.genesis).join(), "genesis_time,chain_id,initial_height,consensus_params,app_hash,app_state");
  const client = Comet38Client.create(new HttpClient(rpc));
  assert.is((await client.genesis()).chainId, node.chain.chainId);
  client.disconnect();
  const c = await post(rpc, "genesis_chunked", { chunk: "0" });
  assert.is(c.result.chunk, "0");
  assert.is(c.result.total, "1");
  assert.equal(JSON.parse(Buffer.from(c.result.data, "base64").toString("utf8")), whole.result.genesis);
  assert.equal((await get(rpc, "genesis_chunked")).json.result, c.result, "chunk omitted: 0");
  const out = await post(rpc, "genesis_chunked", { chunk: "1" });
  assert.equal(out.error, { code: -32603, message: "Internal error", data: "there are 0 chunks, 1 is invalid" });
  assert.is((await post(rpc, "genesis_chunked", { chunk: 1 })).error.code, -32602, "a uint is a string in JSON");
  assert.is((await post(rpc, "genesis_chunked", { chunk: "-1" })).error.code, -32602);
});

test("a document over 16 MiB: /genesis refuses it as CometBFT does; /genesis_chunked gives back the file byte for byte (POST, URI, websocket)", async () => {
  const file = join(dir, "scale-25k.json");
  await writeScaleGenesis(file, 25_000, () => {});
  const size = statSync(file).size;
  assert.ok(size > GENESIS_CHUNK_SIZE, `the document is ${size} bytes`);
  const node = await start("big", ["--genesis", file]);
  const rpc = node.rpcUrl!;
  const refused = { code: -32603, message: "Internal error", data: "genesis response is large, please use the genesis_chunked API instead" };
  assert.equal((await post(rpc, "genesis")).error, refused);
  const uri = await get(rpc, "genesis");
  assert.is(uri.status, 500);
  assert.equal(uri.json.error, refused);
  const client = Comet38Client.create(new HttpClient(rpc));
  await client.genesis().then(() => assert.unreachable("CosmJS's genesis() answered"), (e: Error) => assert.match(e.message, "please use the genesis_chunked API"));
  client.disconnect();
  const total = Math.ceil(size / GENESIS_CHUNK_SIZE);
  const parts: Buffer[] = [];
  for (let i = 0; i < total; i++) {
    const r = (await post(rpc, "genesis_chunked", [`${i}`])).result;
    assert.equal([r.chunk, r.total], [`${i}`, `${total}`]);
    parts.push(Buffer.from(r.data, "base64"));
    if (i < total - 1) assert.is(parts[i]!.length, GENESIS_CHUNK_SIZE);
  }
  const expected = Buffer.from(JSON.stringify(cometGenesisDoc(JSON.parse(readFileSync(file, "utf8")))), "utf8");
  assert.ok(Buffer.concat(parts).equals(expected), "the chunks are CometBFT's GenesisDoc of the file");
  const last = await get(rpc, `genesis_chunked?chunk=${total - 1}`);
  assert.is(last.json.result.data, parts[total - 1]!.toString("base64"));
  const beyond = await get(rpc, `genesis_chunked?chunk=${total}`);
  assert.is(beyond.status, 500);
  assert.is(beyond.json.error.data, `there are ${total - 1} chunks, ${total} is invalid`);
  const ws = new WebSocket(`${rpc.replace("http://", "ws://")}/websocket`, { maxPayload: 64 * 1024 * 1024 });
  await new Promise((r) => ws.once("open", r));
  const reply = new Promise<any>((r) => ws.once("message", (d) => r(JSON.parse(String(d)))));
  ws.send(JSON.stringify({ jsonrpc: "2.0", id: 9, method: "genesis_chunked", params: { chunk: "1" } }));
  const w = await reply;
  assert.is(w.result.chunk, "1");
  assert.ok(Buffer.from(w.result.data, "base64").equals(parts[1]!));
  ws.close();
  await nodes.pop()!.close(); // large: let it go before the next test
});

test("a document stored whole as text (before the chunks table): split from the database, at a lowered test-only chunk size", async () => {
  const dbPath = join(dir, "text.db");
  const chain = NodeChain.open(await loadCoreFromFile(), defaultGenesisJson(), { dbPath, clock: "simulated", blockTimeNs: 5_000_000_000n });
  try {
    // Past the bound (here 0): the stored bytes as they are.
    const rpc = createRpc(chain, { query: undefined as unknown as RpcOptions["query"], genesisChunkSize: 1000, genesisCometFormBound: 0 });
    const stored = Buffer.from(JSON.stringify(chain.genesisDoc), "utf8");
    assert.ok(stored.length > 3000);
    assert.equal((await rpc.call(1, "genesis", {}, "json")).error?.data, "genesis response is large, please use the genesis_chunked API instead");
    const total = Math.ceil(stored.length / 1000);
    const parts: Buffer[] = [];
    for (let i = 0; i < total; i++) {
      const r = (await rpc.call(1, "genesis_chunked", { chunk: `${i}` }, "json")).result as { chunk: string; total: string; data: string };
      assert.is(r.total, `${total}`);
      parts.push(Buffer.from(r.data, "base64"));
    }
    assert.ok(Buffer.concat(parts).equals(stored), "the chunks are the stored text's bytes");
    const real = createRpc(chain, { query: undefined as unknown as RpcOptions["query"], genesisCometFormBound: 0 });
    assert.equal((await real.call(1, "genesis_chunked", {}, "json")).result, { chunk: "0", total: "1", data: stored.toString("base64") });
  } finally {
    await chain.close();
  }
});

test.run();
