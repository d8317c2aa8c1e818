// The streamed export (host/app/json-stream.ts, host/app/export.ts): the text written a piece at a
// time is JSON.stringify's text of the export object, byte for byte (GET /dev/export unindented,
// `npm run export` indented by 2 and a newline), with the SDK digest of the old sdkDigest; its reads
// are one snapshot of the database while blocks go on; a reader that goes away ends the export and
// the node goes on serving.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { Deferred, LazyArray, jsonPieces, jsonText, materialize, readableOf, sortedText, type StreamJson } from "../../host/framework/json-stream.js";
import { sortedJsonStringify } from "../../host/wire/amino/sign-doc.js";
import { sdkDigest } from "../../host/app/genesis-export.js";
import { loadCore } from "../../host/core/core.js";
import { NodeChain } from "../../host/drivers/embedded.js";
import { devAddress, type Json } from "../../host/app/genesis.js";
import { delegateMsg, sendMsg } from "../helpers/dev-signer.js";
import { nodeHarness, signedBy, wasm, type TestNode } from "../helpers/node.js";
import { cli } from "../helpers/cli.js";
import { validator } from "../helpers/node-suite.js";
import { writeScaleGenesis } from "../../bench/scale-genesis.js";

const h = await nodeHarness({ prefix: "export-stream-" });
test.after(() => h.remove());

const S = 1_000_000_000n;

test("json-stream: the pieces are JSON.stringify's text (indented or not) and sortedJsonStringify's", () => {
  let passes = 0;
  const doc: StreamJson = {
    z: 1, a: "é\u2028\"<&>", "10": [1, { b: 2, a: [] }], "2": {}, u: undefined, n: null,
    lazy: new LazyArray(function* () {
      passes++;
      yield { y: [1, 2, { q: "x" }], x: {} };
      yield [];
      yield "s";
    }),
    empty: new LazyArray(() => []),
    nested: { deep: { more: new LazyArray(() => [{ k: 1 }, null]), after: true }, none: {} },
    later: new Deferred(() => ({ b: 1, a: 2 })),
  };
  const plain = materialize(doc);
  for (const indent of [0, 2, 4]) assert.is(jsonText(doc, { indent }), JSON.stringify(plain, null, indent), `indent ${indent}`);
  assert.is(jsonText(doc, { sorted: true }), sortedJsonStringify(plain));
  assert.ok(passes >= 5, "the lazy array is read once per pass");
  assert.ok([...jsonPieces(doc)].length > 10, "written in pieces");
  assert.is(jsonText(new LazyArray(() => [])), "[]");
  const samples: Json[] = [
    { b: [{ d: 1, c: { f: null, e: "x" } }], a: "\u00e9\"", "": [], z: {} },
    [{ "1": "i", "0": "j", k: { "7": 1, "10": 2 } }, [], [[]], "s", 1.5, true],
    { nested: { undef: undefined as unknown as Json, keep: 0 } },
  ];
  for (const v of samples) assert.is(sortedText(v), sortedJsonStringify(v));
});

test("json-stream: a reader that cancels ends the chunks (their finally) once, and the stream reads a chunk at a time", async () => {
  let made = 0;
  let finished = 0;
  let ended = 0;
  function* chunks() {
    try {
      for (let i = 0; i < 1000; i++) {
        made++;
        yield `${i},`;
      }
    } finally {
      finished++;
    }
  }
  const stream = readableOf(chunks(), () => ended++);
  const reader = stream.getReader();
  assert.is(new TextDecoder().decode((await reader.read()).value), "0,");
  await new Promise((r) => setTimeout(r, 10));
  assert.ok(made <= 3, `backpressure: ${made} chunks made for 1 read`);
  await reader.cancel();
  assert.equal([finished, ended], [1, 1]);
});

test("json-stream: a pause (an empty chunk) gives the event loop a turn; a deferred generator's pauses are pieces", async () => {
  let turn = false;
  let seen: boolean | undefined;
  function* chunks() {
    yield "a";
    setImmediate(() => (turn = true));
    for (let i = 0; i < 3; i++) yield "";
    seen = turn;
    yield "b";
  }
  const text = await new Response(readableOf(chunks(), () => {})).text();
  assert.is(text, "ab");
  assert.is(seen, true, "the immediate ran before the chunk after the pause");
  const doc = { x: [1], d: new Deferred(function* () {
    yield;
    yield;
    return { v: 1 };
  }) };
  assert.ok([...jsonPieces(doc)].filter((p) => p === "").length === 2);
  assert.is(jsonText(doc), '{"x":[1],"d":{"v":1}}');
  assert.equal(materialize(doc), { x: [1], d: { v: 1 } });
});

/** Delegations, sends to new accounts and blocks: some of everything in the records and accounts. */
async function activity(node: TestNode, n: number): Promise<void> {
  await node.post("/txs", await signedBy(node, 5, [delegateMsg(devAddress(5), validator(node, n % 4), 1_000_000_000n)]));
  await node.post("/txs", await signedBy(node, 6, [sendMsg(devAddress(6), devAddress(100 + n), 1_000n)]));
  await node.post("/dev/advance?blocks=3");
}

test("GET /dev/export of the dev chain after txs: JSON.stringify of the export object, its digest sdkDigest's", async () => {
  const node = await h.open();
  try {
    await activity(node, 0);
    await activity(node, 1);
    const res = await node.app.request("/dev/export");
    assert.is(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /^application\/json/);
    const text = await res.text();
    const whole = node.chain.exportGenesis()!;
    assert.is(text, JSON.stringify(whole));
    const doc = JSON.parse(text);
    assert.is(doc.app_state.node_state.sdk_digest, sdkDigest(doc));
    assert.is(doc.app_state.node_state.height, `${node.chain.latest.height}`);
    assert.ok(doc.app_state.node_state.accounts.some((a: any) => a.address === devAddress(101)));
  } finally {
    await node.chain.close();
  }
});

test("npm run export: JSON.stringify(doc, null, 2) and a newline, to --out and stdout; --sdk-only without node_state", async () => {
  const node = await h.open();
  await activity(node, 2);
  const whole = node.chain.exportGenesis()! as any;
  await node.chain.close();
  const out = join(h.dir, "export.json");
  const r = await cli("export", "--db", node.dbPath, "--out", out);
  assert.is(r.code, 0, r.stderr);
  assert.is(await readFile(out, "utf8"), JSON.stringify(whole, null, 2) + "\n");
  const stdout = await cli("export", "--db", node.dbPath, "--sdk-only");
  assert.is(stdout.code, 0, stdout.stderr);
  delete whole.app_state.node_state;
  assert.is(stdout.stdout, JSON.stringify(whole, null, 2) + "\n");
});

test("the export is one height: blocks, new accounts and records committed while it is written are not in it", async () => {
  const node = await h.open();
  try {
    await activity(node, 3);
    const height = node.chain.latest.height;
    const appHash = node.chain.latestBlock().appHash;
    const s = node.chain.exportGenesisStream()!;
    let text = "";
    let moved = false;
    try {
      for (const p of jsonPieces(s.doc)) {
        text += p;
        // Halfway through the core's records, the chain goes on: txs, a new account, blocks.
        if (!moved && text.includes('"records":[') && p.startsWith(",")) {
          moved = true;
          await activity(node, 4);
        }
      }
    } finally {
      s.close();
    }
    assert.ok(moved);
    assert.ok(node.chain.latest.height > height);
    const doc = JSON.parse(text);
    assert.is(doc.app_state.node_state.height, `${height}`);
    assert.not.ok(doc.app_state.node_state.accounts.some((a: any) => a.address === devAddress(104)), "the account made after is not there");
    assert.is(doc.app_state.node_state.sdk_digest, sdkDigest(doc));
    // The records are those of that height: a node started on them has its state hash.
    const imported = NodeChain.open(await loadCore(wasm), doc, { dbPath: h.freshDb(), clock: "simulated", blockTimeNs: 5n * S });
    try {
      assert.is(imported.latestBlock().height, height);
      assert.is(imported.latestBlock().appHash, appHash);
      assert.equal(imported.app.checkInvariants(), []);
    } finally {
      await imported.close();
    }
  } finally {
    await node.chain.close();
  }
});

test("a client that goes away mid-export: the node serves on, and the next export is whole", async () => {
  const node = await h.open();
  try {
    await activity(node, 5);
    const res = await node.app.request("/dev/export");
    const reader = res.body!.getReader();
    assert.ok((await reader.read()).value!.length > 0);
    await reader.cancel();
    await node.post("/dev/advance?blocks=2");
    assert.is((await node.get("/cosmos/base/tendermint/v1beta1/blocks/latest")).status, 200);
    const again = await (await node.app.request("/dev/export")).text();
    assert.is(again, JSON.stringify(node.chain.exportGenesis()));
  } finally {
    await node.chain.close();
  }
});

test("a few thousand accounts (the scale bench's genesis): the streamed text is JSON.stringify's", async () => {
  const file = join(h.dir, "scale-3000.json");
  await writeScaleGenesis(file, 3000, () => {});
  const node = await h.open({ genesis: JSON.parse(await readFile(file, "utf8")) as Json });
  try {
    await node.post("/dev/advance?blocks=2");
    const text = await (await node.app.request("/dev/export")).text();
    const whole = node.chain.exportGenesis()! as any;
    assert.ok(whole.app_state.auth.accounts.length > 3000);
    assert.is(text, JSON.stringify(whole));
    assert.is(whole.app_state.node_state.sdk_digest, sdkDigest(whole));
  } finally {
    await node.chain.close();
  }
});

test.run();
