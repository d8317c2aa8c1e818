// A broadcast that waits for its block waits a bounded time, the same for both that wait: REST's
// legacy `POST /txs` with `mode: "block"` and the RPC's `broadcast_tx_commit` (CometBFT's
// timeout_broadcast_tx_commit, 10 s by default; 300 ms here). On a simulated clock nobody advances,
// each answers once the bound passes: the RPC with CometBFT's error, REST with a gateway error
// naming the tx's hash; the tx stays in the mempool and its next block includes it.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toBase64 } from "@cosmjs/encoding";
import { run, type RunningNode } from "../../host/main.js";
import { loadCore } from "../../host/core/core.js";
import { COMMIT_TIMEOUT_MS } from "../../host/app/mempool.js";
import { devAddress } from "../../host/app/genesis.js";
import { sendMsg } from "../helpers/dev-signer.js";
import { overHttp, signedBy, wasm } from "../helpers/node.js";
import { clientTxHash, protoSigner } from "../helpers/cosmjs.js";
import { within } from "../helpers/checks.js";

const DIR = await mkdtemp(join(tmpdir(), "commit-timeout-"));
const started = await run(["--port", "0", "--clock", "simulated", "--db", join(DIR, "c.db")], {}, { out: () => {}, err: () => {} }, {
  core: await loadCore(wasm), commitTimeoutMs: 300,
});
if (typeof started === "number") throw new Error(`node exited ${started}`);
const node: RunningNode = started;
const http = overHttp(node);
test.after(async () => {
  await node.close();
  await rm(DIR, { recursive: true, force: true });
});

/** A generous deadline on an answer that, unbounded, would never come. */
const DEADLINE_MS = 30_000;

test("CometBFT's default bound: 10 s", () => {
  assert.is(COMMIT_TIMEOUT_MS, 10_000);
});

test("REST /txs mode block, no block made: 504 with the tx's hash (accepted, not yet included); the next block includes it", async () => {
  const body = { ...(await signedBy(http, 5, [sendMsg(devAddress(5), devAddress(6), 3n)])), mode: "block" };
  const height = node.chain.latest.height;
  const res = await within(fetch(`${node.url}/txs`, { method: "POST", body: JSON.stringify(body) }), DEADLINE_MS, "POST /txs mode block");
  const json = (await res.json()) as any;
  assert.is(res.status, 504);
  assert.is(json.code, 4, "DeadlineExceeded");
  const hash = json.details[0]?.txhash as string;
  assert.match(hash, /^[0-9A-F]{64}$/);
  assert.equal(json.details[0], { ...json.details[0], "@type": "/cosmos.base.abci.v1beta1.TxResponse", height: "0", code: 0 });
  assert.match(json.message, `tx ${hash} was accepted into the mempool but is not yet in a block`);
  assert.is(node.chain.latest.height, height, "no block was made");
  assert.is(node.chain.pending, 1, "the tx waits on in the mempool");
  await http.post("/dev/advance?blocks=1");
  const got = await http.get(`/cosmos/tx/v1beta1/txs/${hash}`);
  assert.is(got.status, 200);
  assert.is(got.json.tx_response.code, 0);
  assert.is(got.json.tx_response.height, `${height + 1n}`);
});

test("RPC broadcast_tx_commit, no block made: CometBFT's timeout error; the next block includes the tx", async () => {
  const signer = await protoSigner(6, "direct");
  const account = node.chain.directory.account(signer.address)!;
  const txBytes = await signer.sign([{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: signer.address, toAddress: devAddress(7), amount: [{ denom: "basecro", amount: "1" }] } }], {
    chainId: node.chain.chainId, accountNumber: account.accountNumber, sequence: account.sequence,
  });
  const request = { jsonrpc: "2.0", id: 9, method: "broadcast_tx_commit", params: { tx: toBase64(txBytes) } };
  const res = await within(fetch(node.rpcUrl!, { method: "POST", body: JSON.stringify(request) }), DEADLINE_MS, "broadcast_tx_commit");
  const json = (await res.json()) as any;
  assert.equal(json, { jsonrpc: "2.0", id: 9, error: { code: -32603, message: "Internal error", data: "timed out waiting for tx to be included in a block" } });
  assert.is(node.chain.pending, 1);
  await http.post("/dev/advance?blocks=1");
  const got = await http.get(`/cosmos/tx/v1beta1/txs/${clientTxHash(txBytes)}`);
  assert.is(got.status, 200);
  assert.is(got.json.tx_response.code, 0);
});

test.run();
