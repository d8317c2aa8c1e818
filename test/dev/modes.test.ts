// Development powers only where they belong (issue: "dev powers where they don't belong"): on a
// real clock without --dev there is no /dev/* route and the default genesis's governance authority
// is the x/gov module account; --dev (or the simulated clock) brings them back, and a real-clock
// node whose authority is a public dev key says so loudly. And the small hostile inputs: a lone
// surrogate in a memo, a "-0" fee; the real clock's block grid.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { run, type RunningNode } from "../../host/main.js";
import { loadCore } from "../../host/core/core.js";
import { parseConfig } from "../../host/config.js";
import { nextBlockDue } from "../../host/drivers/embedded.js";
import { GOV_MODULE_ADDRESS, defaultGenesisJson, devAddress } from "../../host/app/genesis.js";
import { devSigner, sendMsg, updateTierParamsMsg } from "../helpers/dev-signer.js";
import { nodeHarness, signedBy, wasm } from "../helpers/node.js";

const DIR = await mkdtemp(join(tmpdir(), "modes-test-"));
const nodes = await nodeHarness({ dir: DIR });
test.after(() => rm(DIR, { recursive: true, force: true }));
let dbs = 0;

/** `npm start -- <argv>` in process on a free port, a fresh database, no block for an hour. */
async function start(argv: string[], dbPath = join(DIR, `run-${++dbs}.db`)) {
  const out: string[] = [];
  const err: string[] = [];
  const io = { out: (t: string) => out.push(t), err: (t: string) => err.push(t) };
  const node = (await run(["--port", "0", "--db", dbPath, "--block-time", "1h", ...argv], {}, io, { core: await loadCore(wasm) })) as RunningNode;
  assert.type(node, "object", err.join("\n"));
  return { node, out, err, dbPath };
}

test("--dev: off by default on a real clock, on with the flag or the simulated clock", () => {
  const config = (argv: string[]) => (parseConfig(argv) as { config: { dev: boolean } }).config.dev;
  assert.is(config([]), false);
  assert.is(config(["--dev"]), true);
  assert.is(config(["--clock", "simulated"]), true);
});

test("real clock, no --dev: no /dev routes, x/gov is the authority, dev key 0's governance fails, no warning", async () => {
  const { node, err } = await start(["--block-time", "1s"]);
  try {
    assert.equal(err, []);
    assert.is(node.chain.genesis.gov.authority, GOV_MODULE_ADDRESS);
    for (const [method, path] of [["GET", "/dev/export"], ["POST", "/dev/advance?blocks=1"]] as const) {
      const res = await fetch(`${node.url}${path}`, { method });
      assert.ok(res.status === 404 || res.status === 501, `${method} ${path}: ${res.status}`);
    }
    const s = await devSigner(0);
    const acct = node.chain.directory.account(s.address)!;
    const body = await s.sign([updateTierParamsMsg(s.address, "0.5")], { chainId: node.chain.chainId, accountNumber: acct.accountNumber, sequence: acct.sequence });
    const r = (await (await fetch(`${node.url}/txs`, { method: "POST", body: JSON.stringify(body) })).json()) as any;
    assert.is(r.tx_response.code, 0, "accepted at CheckTx: the authority is the message server's check, in the block");
    let res = await fetch(`${node.url}/cosmos/tx/v1beta1/txs/${r.tx_response.txhash}`);
    for (const until = Date.now() + 30_000; res.status !== 200 && Date.now() < until; ) {
      await new Promise((done) => setTimeout(done, 100));
      res = await fetch(`${node.url}/cosmos/tx/v1beta1/txs/${r.tx_response.txhash}`);
    }
    assert.is(res.status, 200, "the tx entered a block (1 s blocks)");
    const got = ((await res.json()) as any).tx_response;
    assert.equal([got.codespace, got.code], ["gov", 13]);
    assert.match(got.raw_log, `expected ${GOV_MODULE_ADDRESS}`);
  } finally {
    await node.close();
  }
});

test("real clock with --dev: /dev/export answers, dev key 0 governs, and the node warns loudly", async () => {
  const { node, err, dbPath } = await start(["--dev"]);
  try {
    assert.is(node.chain.genesis.gov.authority, devAddress(0));
    assert.is((await fetch(`${node.url}/dev/export`)).status, 200);
    assert.ok(err.some((l) => l.startsWith("WARNING: the governance authority") && l.includes("PUBLIC")), err.join("\n"));
    assert.ok(err.some((l) => l.includes("--dev: GET /dev/export")));
  } finally {
    await node.close();
  }
  // The database keeps its genesis: restarted without --dev, the public key still governs, and the
  // node says so (the export route is gone).
  const again = await start([], dbPath);
  try {
    assert.is(again.node.chain.genesis.gov.authority, devAddress(0));
    assert.is(again.err.length, 1);
    assert.match(again.err[0]!, "is dev key 0, whose private key is PUBLIC");
    assert.is((await fetch(`${again.node.url}/dev/export`)).status, 501);
  } finally {
    await again.node.close();
  }
});

test("a memo with a lone UTF-16 surrogate is a tx parse error (sdk 2), not HTTP 500; so is one in a message", async () => {
  const node = await nodes.open();
  try {
    const s = await devSigner(5);
    const acct = node.chain.directory.account(s.address)!;
    const at = { chainId: node.chain.chainId, accountNumber: acct.accountNumber, sequence: acct.sequence };
    for (const body of [
      await s.sign([sendMsg(s.address, devAddress(6), 1n)], { ...at, memo: "a\ud800b" }),
      await s.sign([{ type: "cosmos-sdk/MsgSend", value: { from_address: s.address, to_address: "\udc00", amount: [] } }], at),
    ]) {
      const r = await node.post("/txs", body);
      assert.is(r.status, 200);
      assert.equal([r.json.tx_response.codespace, r.json.tx_response.code], ["sdk", 2], r.json.tx_response.raw_log);
    }
    assert.is(node.chain.pending, 0);
    // A pair is one character: accepted.
    const ok = await node.post("/txs", await s.sign([sendMsg(s.address, devAddress(6), 1n)], { ...at, memo: "stake \ud83d\ude00" }));
    assert.is(ok.json.tx_response.code, 0, ok.json.tx_response.raw_log);
  } finally {
    await node.chain.close();
  }
});

test('a fee of "-0" (signed as such) is refused at check, never taken as zero', async () => {
  const node = await nodes.open();
  try {
    const s = await devSigner(5);
    const acct = node.chain.directory.account(s.address)!;
    const body = await s.sign([sendMsg(s.address, devAddress(6), 1n)], {
      chainId: node.chain.chainId, accountNumber: acct.accountNumber, sequence: acct.sequence,
      fee: { amount: [{ denom: "basecro", amount: "-0" }], gas: "200000" },
    });
    const r = await node.post("/txs", body);
    assert.is(r.status, 200);
    assert.equal([r.json.tx_response.codespace, r.json.tx_response.code], ["sdk", 2], r.json.tx_response.raw_log);
    assert.is(node.chain.pending, 0);
  } finally {
    await node.chain.close();
  }
});

test("a halted chain's /dev/advance answers 503, not 200 with no blocks", async () => {
  const node = await nodes.open();
  try {
    (node.chain.app as unknown as { s: { store: { commitBlock: () => void } } }).s.store.commitBlock = () => {
      throw new Error("disk full");
    };
    await node.post("/txs", await signedBy(node, 5, [sendMsg(devAddress(5), devAddress(6), 1n)]));
    assert.is((await node.post("/dev/advance?blocks=1")).status, 503);
    const r = await node.post("/dev/advance?blocks=5");
    assert.is(r.status, 503);
    assert.match(r.json.message, "chain halted at height 0: disk full");
  } finally {
    await node.chain.close();
  }
});

test("the simulated clock refuses blocks past 2262-04-11 (the core's last int64-ns time) with 400, changing nothing", async () => {
  const node = await nodes.open({ genesis: { ...defaultGenesisJson(), genesis_time: "2262-04-11T23:00:00Z" } });
  try {
    const r = await node.post("/dev/advance?blocks=1000");
    assert.is(r.status, 400);
    assert.match(r.json.message, "past the last time the chain can hold (2262-04-11T23:47:16.854775807Z)");
    assert.is(node.chain.latestBlock().height, 0n);
    assert.is((await node.post("/dev/advance?blocks=100")).status, 200);
    assert.is(node.chain.latestBlock().height, 100n);
  } finally {
    await node.chain.close();
  }
});

test("the real clock keeps a grid: a late block does not delay the next; a long stall restarts the grid", () => {
  const T = 5_000_000_000n;
  assert.is(nextBlockDue(10n * T, 10n * T + 1n, T), 11n * T, "on time");
  assert.is(nextBlockDue(10n * T, 10n * T + (T * 9n) / 10n, T), 11n * T, "90% of a block late: the next stays on the grid");
  assert.is(nextBlockDue(10n * T, 11n * T + T / 2n, T), 11n * T, "behind by less than a block: the next is due now");
  assert.is(nextBlockDue(10n * T, 13n * T, T), 14n * T, "stalled: a new grid from now");
});

test("--abci: CometBFT's application (its clock and RPC off; REST broadcasts to --comet-rpc); bad values are usage errors", () => {
  const ok = parseConfig(["--abci", "tcp://127.0.0.1:26658", "--comet-rpc", "http://127.0.0.1:27001"]);
  assert.is(ok.kind, "run");
  if (ok.kind === "run") {
    assert.is(ok.config.abci, "tcp://127.0.0.1:26658");
    assert.is(ok.config.cometRpc, "http://127.0.0.1:27001");
    assert.is(ok.config.rpcPort, undefined, "CometBFT serves the RPC");
  }
  assert.throws(() => parseConfig(["--abci", "127.0.0.1:26658"]), /expected tcp:\/\/HOST:PORT/);
  assert.throws(() => parseConfig(["--abci", "tcp://127.0.0.1:26658", "--clock", "simulated"]), /drop --clock/);
  assert.throws(() => parseConfig(["--abci", "tcp://127.0.0.1:26658", "--comet-rpc", "nope"]), /not a URL/);
});

test.run();
