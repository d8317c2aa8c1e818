// Issue 10, "Found 2" (unbounded requests) and "Deliver 2" (limits): every limit refuses with its
// status or code, and a huge body is refused before the server has read it.

import { broadcastRequest } from "../../host/wire/amino/stdtx.js";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { request } from "node:http";
import { run, type RunningNode } from "../../host/main.js";
import { loadCore } from "../../host/core/core.js";
import { devAddress } from "../../host/app/genesis.js";
import { jsonDepthExceeds } from "../../host/server/app.js";
import { nodeHarness, signedBy, wasm, type TestNode } from "../helpers/node.js";
import { sendMsg } from "../helpers/dev-signer.js";

const h = await nodeHarness({ prefix: "limits-test-" });
const MiB = 1_048_576;
const u5 = devAddress(5);
const u6 = devAddress(6);
const quiet = { out: () => {}, err: () => {} };

/** A node over real HTTP (loopback) from the command line, on a simulated clock. */
async function serve(flags: string[] = []): Promise<RunningNode> {
  const r = await run(["--clock", "simulated", "--port", "0", "--db", h.freshDb(), ...flags], {}, quiet, { core: await loadCore(wasm) });
  if (typeof r === "number") throw new Error(`the node did not start: ${r}`);
  return r;
}

/** POST `total` bytes in `chunk`-byte writes, each after the last drained; stops at the response. */
function postStreaming(url: string, total: number, chunk: number, contentLength: boolean): Promise<{ status: number; body: any; written: number }> {
  return new Promise((resolve, reject) => {
    const u = new URL(`${url}/txs`);
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (contentLength) headers["content-length"] = `${total}`;
    const req = request({ host: u.hostname, port: u.port, path: u.pathname, method: "POST", headers });
    let written = 0;
    let answered = false;
    const piece = Buffer.alloc(chunk, 0x20); // spaces: valid JSON whitespace, were it ever parsed
    const writeNext = () => {
      while (!answered && written < total) {
        written += chunk;
        if (!req.write(piece)) {
          req.once("drain", writeNext);
          return;
        }
        // Each write waits for the socket below: give the response a chance to arrive.
        setImmediate(writeNext);
        return;
      }
      if (!answered) req.end();
    };
    req.on("response", (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on("data", (d: Buffer) => parts.push(d));
      res.on("end", () => {
        req.destroy();
        resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(parts).toString("utf8")), written });
      });
    });
    req.on("error", (e) => {
      if (!answered) reject(e);
    });
    writeNext();
  });
}

test("a 20 MB body with its Content-Length is refused with 413 before it is sent; the node keeps answering", async () => {
  const node = await serve();
  try {
    const r = await postStreaming(node.url, 20 * MiB, 64 * 1024, true);
    assert.is(r.status, 413);
    assert.is(r.body.code, 8);
    assert.match(r.body.message, "request body too large: more than 1048576 bytes");
    assert.equal(r.body.details, []);
    // The answer came on the declared length alone: far less than the body was ever written.
    assert.ok(r.written < 20 * MiB, `${r.written} bytes written`);
    const latest = await fetch(`${node.url}/cosmos/base/tendermint/v1beta1/blocks/latest`);
    assert.is(latest.status, 200);
  } finally {
    await node.close();
  }
});

test("a 20 MB chunked body is counted as it streams and refused with 413 once past the limit", async () => {
  const node = await serve();
  try {
    const r = await postStreaming(node.url, 20 * MiB, 64 * 1024, false);
    assert.is(r.status, 413);
    assert.is(r.body.code, 8);
    assert.ok(r.written < 20 * MiB, `the server answered after ${r.written} bytes, before the whole body`);
    assert.is((await fetch(`${node.url}/cosmos/base/tendermint/v1beta1/blocks/latest`)).status, 200);
  } finally {
    await node.close();
  }
});

test("--max-body-bytes: a body just over a configured limit is 413, one at the limit goes on to the tx checks", async () => {
  const node = await serve(["--max-body-bytes", "1000"]);
  try {
    const over = await fetch(`${node.url}/txs`, { method: "POST", body: " ".repeat(1001) + "{}" });
    assert.is(over.status, 413);
    const within = await fetch(`${node.url}/txs`, { method: "POST", body: "{}" + " ".repeat(998) });
    assert.is(within.status, 200);
    assert.is(((await within.json()) as any).tx_response.code, 2); // not a StdTx: a parse error, not a size error
  } finally {
    await node.close();
  }
});

test("JSON nested deeper than the limit is 400 before parsing; strings holding brackets do not count", async () => {
  const node = await h.open();
  const deep = (n: number) => "[".repeat(n) + "]".repeat(n);
  const r = await node.app.request("/txs", { method: "POST", body: deep(200_000) });
  assert.is(r.status, 400);
  const body = (await r.json()) as any;
  assert.is(body.code, 3);
  assert.match(body.message, "nested deeper than 64 levels");
  assert.is((await node.app.request("/txs", { method: "POST", body: deep(65) })).status, 400);
  // 64 levels is within the limit: the tx decoder judges it (sdk 2), HTTP 200.
  const ok = await node.app.request("/txs", { method: "POST", body: deep(64) });
  assert.is(ok.status, 200);
  assert.is(((await ok.json()) as any).tx_response.code, 2);
  assert.is(jsonDepthExceeds(JSON.stringify({ memo: "[[[[[[[[" }), 2), false);
  assert.is(jsonDepthExceeds(JSON.stringify({ memo: "\\\"[[[", a: [[[1]]] }), 3), true);
  assert.is(jsonDepthExceeds(JSON.stringify({ memo: "\\\"[[[", a: [[1]] }), 3), false);
});

const many = (n: number) => Array.from({ length: n }, () => sendMsg(u5, u6, 1n));

test("a 50,000-message tx: 413 by its body with the defaults; sdk 18 by its message count when the body and tx limits allow it", async () => {
  const node = await h.open();
  const body = await signedBy(node, 5, many(50_000));
  const text = JSON.stringify(body);
  assert.ok(text.length > MiB);
  assert.is((await node.app.request("/txs", { method: "POST", body: text })).status, 413);

  const big = await h.open({ limits: { maxBodyBytes: 64 * MiB, maxTxBytes: 64 * MiB } });
  const r = await big.post("/txs", await signedBy(big, 5, many(50_000)));
  assert.is(r.status, 200);
  assert.is(r.json.tx_response.code, 18);
  assert.is(r.json.tx_response.codespace, "sdk");
  assert.match(r.json.tx_response.raw_log, "too many messages: 50000 (max: 100)");
  assert.is(big.chain.pending, 0);
  // 100 messages is the default's edge; 101 is refused.
  assert.is((await big.post("/txs", await signedBy(big, 5, many(101)))).json.tx_response.code, 18);
  assert.is((await big.post("/txs", await signedBy(big, 5, many(100)))).json.tx_response.code, 0);
});

test("tx bytes: a tx above --max-tx-bytes is sdk 21 (tx too large) before anything else is checked", async () => {
  const node = await h.open({ limits: { maxTxBytes: 2_000, maxMemoCharacters: 10_000 } });
  const r = await node.post("/txs", await signedBy(node, 5, [sendMsg(u5, u6, 1n)], { memo: "x".repeat(2_000) }));
  assert.is(r.json.tx_response.code, 21);
  assert.match(r.json.tx_response.raw_log, /^tx bytes \d+ \(max: 2000\): tx too large$/);
  assert.is((await node.post("/txs", await signedBy(node, 5, [sendMsg(u5, u6, 1n)], { memo: "x".repeat(100) }))).json.tx_response.code, 0);
});

test("memo: 256 characters pass, 257 are sdk 12; --max-memo-characters changes the limit", async () => {
  const node = await h.open();
  const refused = await node.post("/txs", await signedBy(node, 5, [sendMsg(u5, u6, 1n)], { memo: "m".repeat(257) }));
  assert.is(refused.json.tx_response.code, 12);
  assert.is(refused.json.tx_response.raw_log, "maximum number of characters is 256 but received 257 characters: memo too large");
  assert.is((await node.post("/txs", await signedBy(node, 5, [sendMsg(u5, u6, 1n)], { memo: "m".repeat(256) }))).json.tx_response.code, 0);
  const wide = await h.open({ limits: { maxMemoCharacters: 300 } });
  assert.is((await wide.post("/txs", await signedBy(wide, 5, [sendMsg(u5, u6, 1n)], { memo: "m".repeat(257) }))).json.tx_response.code, 0);
  const narrow = await h.open({ limits: { maxMemoCharacters: 10 } });
  assert.is((await narrow.post("/txs", await signedBy(narrow, 5, [sendMsg(u5, u6, 1n)], { memo: "m".repeat(11) }))).json.tx_response.code, 12);
});

test("signatures: 8 signers' signatures are sdk 14 (tx_sig_limit 7)", async () => {
  const node = await h.open();
  const key = Buffer.alloc(33, 2).toString("base64");
  const sig = Buffer.alloc(64, 1).toString("base64");
  const tx = (signers: number) => ({
    tx: {
      msg: Array.from({ length: signers }, (_, i) => sendMsg(devAddress(i + 1), u6, 1n)),
      fee: { amount: [{ denom: "basecro", amount: "5000" }], gas: "2000000" },
      signatures: Array.from({ length: signers }, () => ({ pub_key: { type: "tendermint/PubKeySecp256k1", value: key }, signature: sig })),
      memo: "",
    },
    mode: "sync",
  });
  const r = await node.post("/txs", tx(8));
  assert.is(r.json.tx_response.code, 14);
  assert.is(r.json.tx_response.raw_log, "signatures: 8, limit: 7: maximum number of signatures exceeded");
  // 7 are within the limit (and then refused for having several signers, which this node does not support).
  assert.is((await node.post("/txs", tx(7))).json.tx_response.code, 37);
  const strict = await h.open({ limits: { txSigLimit: 1 } });
  assert.is((await strict.post("/txs", tx(2))).json.tx_response.code, 14);
});

async function fill(node: TestNode, n: number): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < n; i++) {
    const seq = node.chain.directory.account(u5)!.sequence + BigInt(i);
    codes.push((await node.post("/txs", await signedBy(node, 5, [sendMsg(u5, u6, 1n)], { sequence: seq }))).json.tx_response.code);
  }
  return codes;
}

test("mempool: full in txs (sdk 20) at --mempool-size; room again once a block takes them", async () => {
  const node = await h.open({ limits: { mempoolMaxTxs: 2 } });
  assert.equal(await fill(node, 3), [0, 0, 20]);
  const full = await node.post("/txs", await signedBy(node, 6, [sendMsg(u6, u5, 1n)]));
  assert.is(full.json.tx_response.code, 20);
  assert.match(full.json.tx_response.raw_log, "number of txs 2 (max: 2)");
  assert.match(full.json.tx_response.raw_log, /: mempool is full$/);
  assert.is(node.chain.pending, 2);
  await node.chain.advance(1n);
  assert.is(node.chain.pending, 0);
  assert.is((await node.post("/txs", await signedBy(node, 6, [sendMsg(u6, u5, 1n)]))).json.tx_response.code, 0);
});

test("mempool: full in bytes (sdk 20) at --mempool-max-bytes", async () => {
  const probe = await h.open();
  const one = JSON.stringify((await signedBy(probe, 5, [sendMsg(u5, u6, 1n)])).tx).length;
  // Room for two txs of this size, not three.
  const node = await h.open({ limits: { mempoolMaxBytes: one * 2 + one / 2 } });
  assert.equal(await fill(node, 3), [0, 0, 20]);
  // CometBFT's check_tx is the app's CheckTx alone: a full mempool (by txs or by bytes) is no
  // reason to refuse it, and it queues nothing.
  const other = await signedBy(node, 6, [sendMsg(u6, u5, 1n)]);
  assert.is(node.chain.checkTx(broadcastRequest(other).tx, "check").verified.txHash.length, 64);
  assert.is(node.chain.pending, 2);
});

test("8,000 zero-fee txs are not all taken: the default mempool stops at 5,000 (sdk 20)", async () => {
  const node = await h.open({ limits: { mempoolMaxTxs: 50 } });
  // The default's rule at a size a test can fill: the 51st zero-fee tx finds the mempool full.
  const codes: number[] = [];
  for (let i = 0; i < 51; i++) {
    const seq = node.chain.directory.account(u5)!.sequence + BigInt(i);
    const body = await signedBy(node, 5, [sendMsg(u5, u6, 1n)], { sequence: seq, fee: { amount: [], gas: "200000" } });
    codes.push((await node.post("/txs", body)).json.tx_response.code);
  }
  assert.is(codes.filter((c) => c === 0).length, 50);
  assert.is(codes[50], 20);
});

test("pagination.limit above the cap (default 1,000, --max-page-limit) is 400 on the cosmos and tier routes", async () => {
  const node = await h.open();
  const at = await node.get("/cosmos/staking/v1beta1/validators?pagination.limit=1000");
  assert.is(at.status, 200);
  const over = await node.get("/cosmos/staking/v1beta1/validators?pagination.limit=1001");
  assert.is(over.status, 400);
  assert.is(over.json.code, 3);
  assert.match(over.json.message, "pagination.limit 1001 is above the maximum 1000");
  assert.is((await node.get("/chainmain/tieredrewards/v1/positions?pagination.limit=1001")).status, 400);
  assert.is((await node.get("/chainmain/tieredrewards/v1/positions?pagination.limit=1000")).status, 200);
  assert.is((await node.get("/cosmos/staking/v1beta1/validators?pagination.limit=18446744073709551615")).status, 400);

  const small = await h.open({ limits: { maxPageLimit: 2 } });
  assert.is((await small.get("/cosmos/staking/v1beta1/validators?pagination.limit=3")).status, 400);
  const two = await small.get("/cosmos/staking/v1beta1/validators?pagination.limit=2");
  assert.is(two.status, 200);
  assert.is(two.json.validators.length, 2);
  assert.is((await small.get("/chainmain/tieredrewards/v1/positions?pagination.limit=3")).status, 400);
});

test("limit flags: values parsed and checked, --help lists them", async () => {
  const { parseConfig, helpText, ConfigError } = await import("../../host/config.js");
  const r = parseConfig(["--max-body-bytes", "10", "--mempool-size", "3", "--max-page-limit", "7", "--minimum-gas-prices", "0.025basecro"]);
  if (r.kind !== "run") throw new Error("expected a run");
  assert.is(r.config.limits!.maxBodyBytes, 10);
  assert.is(r.config.limits!.mempoolMaxTxs, 3);
  assert.is(r.config.limits!.maxPageLimit, 7);
  assert.equal(r.config.minGasPrices, [{ amount: "0.025", denom: "basecro" }]);
  for (const argv of [["--max-body-bytes", "0"], ["--mempool-size", "-1"], ["--max-tx-bytes", "1e6"], ["--minimum-gas-prices", "0.025"], ["--minimum-gas-prices", "-1basecro"]]) {
    assert.throws(() => parseConfig(argv), (e: Error) => e instanceof ConfigError, argv.join(" "));
  }
  for (const flag of ["--max-body-bytes", "--max-json-depth", "--max-tx-bytes", "--max-msgs-per-tx", "--max-memo-characters", "--tx-sig-limit", "--mempool-size", "--mempool-max-bytes", "--max-page-limit", "--minimum-gas-prices"]) {
    assert.match(helpText(), flag);
  }
});

test.after(() => h.remove());
test.run();
