// `npm run bench -- network`'s BENCH_NETWORK_COMET_CONFIG: `section.key=value,…` read into the
// config.toml values every node's CometBFT is made with (host/cometbft/home.ts), a part without
// `=` refused rather than ignored. The second figure's senders: sender i to node i's RPC.
// BENCH_NETWORK_WARMUP: none unless set, a whole number of txs per sender. BENCH_NETWORK_NODE_FLAGS:
// space-separated --flags, anything else refused. A sender refused for its sequence (a block held
// its txs out of order: docs/performance.md "A sender's txs out of order in a block") goes on from
// the sequence the chain expects; any other refusal still ends the bench.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { alreadyWaiting, cometConfigOf, nodeFlagsOf, resentNote, resumeIndexOf, senderRpcs, warmupOf } from "../../bench/network.js";
import { cpuCeiling, cpuParts, type Snapshot } from "../../bench/network-profile.js";

test("BENCH_NETWORK_COMET_CONFIG: values as written, keys trimmed; a part without a key refused", () => {
  assert.equal(cometConfigOf('tx_index.indexer="null", mempool.recheck=false,log_level="error"'), {
    "tx_index.indexer": '"null"', "mempool.recheck": "false", log_level: '"error"',
  });
  assert.throws(() => cometConfigOf("mempool.recheck"), /not section\.key=value/);
  assert.throws(() => cometConfigOf("=1"), /not section\.key=value/);
});

test("the senders' RPCs: all node 0's for the first figure; spread, sender i to node i (round the nodes), for the second", () => {
  const rpcs = ["http://n0", "http://n1", "http://n2", "http://n3"];
  assert.equal(senderRpcs(rpcs, 4, false), ["http://n0", "http://n0", "http://n0", "http://n0"]);
  assert.equal(senderRpcs(rpcs, 4, true), rpcs);
  assert.equal(senderRpcs(rpcs.slice(0, 3), 4, true), ["http://n0", "http://n1", "http://n2", "http://n0"]);
  assert.equal(senderRpcs(rpcs, 2, true), ["http://n0", "http://n1"]);
});

test("BENCH_NETWORK_WARMUP: none unless set; txs per sender, a whole number", () => {
  assert.equal(warmupOf(undefined), 0);
  assert.equal(warmupOf(""), 0);
  assert.equal(warmupOf("100"), 100);
  assert.throws(() => warmupOf("-1"), /a whole number/);
  assert.throws(() => warmupOf("2.5"), /a whole number/);
  assert.throws(() => warmupOf("many"), /a whole number/);
});

test("BENCH_NETWORK_NODE_FLAGS: none unless set; space-separated --flags, anything else refused", () => {
  assert.equal(nodeFlagsOf(undefined), []);
  assert.equal(nodeFlagsOf("  "), []);
  assert.equal(nodeFlagsOf(" --max-semi-space-size=64  --single-threaded-gc"), ["--max-semi-space-size=64", "--single-threaded-gc"]);
  assert.throws(() => nodeFlagsOf("--a b"), /"b" is not a --flag/);
});

test("the CPU ceiling: the window's CPU a tx by part, and cores x 1000 / their sum against the single node", () => {
  const snap = (app: number[], comet: number[], self: number) => ({ appCpu: app, cometCpu: comet, selfCpu: self }) as unknown as Snapshot;
  // 400 txs: the 4 apps 1.4 s (3.5 ms a tx), the CometBFTs 1.2 s (3 ms), the client 0.32 s (0.8 ms).
  const parts = cpuParts(snap([1, 1, 1, 1], [2, 2, 2, 2], 5), snap([1.35, 1.35, 1.35, 1.35], [2.3, 2.3, 2.3, 2.3], 5.32), 400);
  assert.ok(Math.abs(parts.app - 3.5) < 1e-9 && Math.abs(parts.comet - 3) < 1e-9 && Math.abs(parts.client - 0.8) < 1e-9, JSON.stringify(parts));
  const c = cpuCeiling(parts, 2, 1000);
  assert.ok(Math.abs(c.txPerSec - 2000 / 7.3) < 1e-9);
  assert.ok(Math.abs(c.ofSingle - 2000 / 7.3 / 1000) < 1e-12);
  // Twice the cores, twice the ceiling; a faster single node, a smaller share.
  assert.ok(Math.abs(cpuCeiling(parts, 4, 1000).txPerSec - 2 * c.txPerSec) < 1e-9);
  assert.ok(cpuCeiling(parts, 2, 2000).ofSingle < c.ofSingle);
});

test("a sender refused for its sequence goes on from the one the chain expects; any other refusal is not gone round", () => {
  const log = (e: number, g: number) => `account sequence mismatch, expected ${e}, got ${g}: incorrect account sequence`;
  // The refusal: txs 696..754 failed in a block; tx 755 (index 59 of a list from 696) refused.
  assert.equal(resumeIndexOf(59, 400, log(696, 755)), 0);
  assert.equal(resumeIndexOf(100, 400, log(2289, 2342)), 47);
  // The last tx failed in its block, or was committed meanwhile (forward; `length`: all were).
  assert.equal(resumeIndexOf(399, 400, log(2300, 2320)), 379);
  assert.equal(resumeIndexOf(10, 400, log(15, 12)), 13);
  assert.equal(resumeIndexOf(399, 400, log(101, 100)), 400);
  // No progress, or outside the list: not gone round.
  assert.equal(resumeIndexOf(5, 400, log(7, 7)), undefined);
  assert.equal(resumeIndexOf(5, 400, log(1, 100)), undefined);
  assert.equal(resumeIndexOf(399, 400, log(110, 100)), undefined);
  assert.equal(resumeIndexOf(5, 400, "insufficient fees; got: 1basecro required: 5000basecro"), undefined);
  assert.equal(resumeIndexOf(5, 400, undefined), undefined);
});

test("a tx sent again that already waits: CometBFT's cache or CheckTx's sdk 19; nothing else", () => {
  assert.ok(alreadyWaiting({ error: { code: -32603, message: "Internal error", data: "tx already exists in cache" } }));
  assert.ok(alreadyWaiting({ code: 19, codespace: "sdk", log: "tx already in mempool" }));
  assert.not.ok(alreadyWaiting({ code: 19, codespace: "other" }));
  assert.not.ok(alreadyWaiting({ code: 32, codespace: "sdk", log: "account sequence mismatch, expected 1, got 2" }));
  assert.not.ok(alreadyWaiting({ error: { code: -32603, message: "Internal error", data: "mempool is full" } }));
  assert.not.ok(alreadyWaiting(undefined));
});

test("the row's note of txs sent again: none when no sender went back", () => {
  assert.is(resentNote({ resent: 0, resumes: 0 }), "");
  assert.match(resentNote({ resent: 59, resumes: 1 }), /; 59 txs sent again: 1 time a sender went back/);
  assert.match(resentNote({ resent: 80, resumes: 3 }), /3 times a sender went back/);
});

test.run();
