// Signature checks on worker threads (host/app/ante/sig-pool.ts): a batch's SIGN_MODE_DIRECT
// signatures judged by the workers, then CheckTx in arrival order taking those verdicts,
// gives every tx the result and gas inline CheckTx gives it: valid signatures, a corrupted one, a
// high S, one signed for another chain, amino-json, a sequence refused before the signature step,
// a duplicate, and the same signer's txs in sequence.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { Worker } from "node:worker_threads";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { TxError } from "../../host/wire/errors.js";
import { forgetVerdicts, MIN_BATCH, verifyAheadForState, sigPoolCounts } from "../../host/app/ante/sig-pool.js";
import { nodeHarness } from "../helpers/node.js";
import { protoSigner, type SignMode } from "../helpers/cosmjs.js";
import { highS } from "../helpers/tx.js";
import { IngestQueue } from "../../host/server/tx-fast.js";
import { forgetDecodedTxs } from "../../host/app/decoded-txs.js";

const h = await nodeHarness({ prefix: "sig-pool-test-" });
test.after(h.remove);

const a = await h.open();
const chainId = a.chain.chainId;

async function sendBy(n: number, mode: SignMode, sequence: bigint, o: { chainId?: string; amount?: string } = {}): Promise<Uint8Array> {
  const s = await protoSigner(n, mode);
  const to = (await protoSigner(1, "direct")).address;
  const acct = a.chain.directory.account(s.address)!;
  return s.sign([{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: s.address, toAddress: to, amount: [{ denom: "basecro", amount: o.amount ?? "1" }] } }], {
    chainId: o.chainId ?? chainId, accountNumber: acct.accountNumber, sequence,
  });
}

/** The tx with its first signature replaced. */
function withSignature(tx: Uint8Array, f: (sig: Uint8Array) => Uint8Array): Uint8Array {
  const raw = TxRaw.decode(tx);
  return TxRaw.encode({ ...raw, signatures: [f(raw.signatures[0]!), ...raw.signatures.slice(1)] }).finish();
}

const batch = [
  await sendBy(5, "direct", 0n),
  await sendBy(6, "direct", 0n),
  withSignature(await sendBy(7, "direct", 0n), (s) => s.map((b, i) => (i === 10 ? b ^ 1 : b))), // corrupted
  await sendBy(5, "direct", 1n),
  withSignature(await sendBy(8, "direct", 0n), highS), // malleated: libsecp256k1 refuses high S
  await sendBy(6, "direct", 5n), // sequence ahead: refused before the signature step
  await sendBy(7, "direct", 0n, { chainId: "another-chain" }), // signed for another chain
  await sendBy(7, "amino", 0n, { amount: "3" }), // amino-json: verified inline
  await sendBy(5, "direct", 1n), // the same tx again: in the mempool's cache
  await sendBy(6, "direct", 1n),
  await sendBy(5, "direct", 2n, { amount: "7" }),
];

type Outcome = { code: number; gasUsed?: string; codespace?: string; log?: string };

function checkAll(chain: typeof a.chain, txs: Uint8Array[]): Outcome[] {
  return txs.map((tx) => {
    try {
      return { code: 0, gasUsed: `${chain.app.checkTx(tx, "mempool").gasUsed}` };
    } catch (e) {
      if (!(e instanceof TxError)) throw e;
      return { code: e.code, codespace: e.codespace, log: e.log };
    }
  });
}

test("a batch verified on the workers: the same results and gas as inline CheckTx", async () => {
  const inline = checkAll(a.chain, batch);
  const b = await h.open();
  const used0 = sigPoolCounts.used;
  const verified0 = sigPoolCounts.verified;
  const started = verifyAheadForState(b.chain.app.state, batch);
  assert.ok(started, "the workers verify the batch");
  await started; // CheckTx never waits; here every verdict comes from a worker
  assert.ok(sigPoolCounts.verified - verified0 >= 9, `judged by the workers: ${sigPoolCounts.verified - verified0}`);
  const pooled = checkAll(b.chain, batch);
  forgetVerdicts();
  assert.equal(pooled, inline);
  // Valid, corrupted, high S, another chain's, and the later ones: verdicts taken from the workers.
  assert.ok(sigPoolCounts.used - used0 >= 7, `verdicts used: ${sigPoolCounts.used - used0}`);
  assert.equal(inline.map((o) => o.code), [0, 0, 4, 0, 4, 32, 4, 0, 19, 0, 0]);
});

test("batches are handed to the workers through shared memory: no message a batch", async () => {
  const posted = { count: 0 };
  const original = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (this: Worker, ...args: Parameters<Worker["postMessage"]>) {
    posted.count++;
    return original.apply(this, args);
  };
  try {
    const d = await h.open();
    const verified0 = sigPoolCounts.verified;
    for (let round = 0; round < 3; round++) {
      const started = verifyAheadForState(d.chain.app.state, batch);
      assert.ok(started);
      await started;
      forgetVerdicts();
    }
    assert.ok(sigPoolCounts.verified - verified0 >= 27, `judged by the workers: ${sigPoolCounts.verified - verified0}`);
    assert.is(posted.count, 0, "no postMessage per batch");
  } finally {
    Worker.prototype.postMessage = original;
  }
});

test("a later batch of the same txs corrupted takes its own verdicts, not the earlier batch's", async () => {
  // The valid txs first, then the same txs with corrupted signatures in the same slots: each slot's
  // verdict is its own batch's (the status words carry the batch's generation).
  const valid = [batch[0]!, batch[1]!, await sendBy(7, "direct", 0n), await sendBy(8, "direct", 0n)];
  const corrupted = valid.map((tx) => withSignature(tx, (s) => s.map((b, i) => (i === 20 ? b ^ 1 : b))));
  const inline = checkAll((await h.open()).chain, corrupted);
  assert.equal(inline.map((o) => o.code), [4, 4, 4, 4], "every corrupted signature is refused inline");
  const e = await h.open();
  await verifyAheadForState(e.chain.app.state, valid);
  forgetVerdicts();
  const used0 = sigPoolCounts.used;
  await verifyAheadForState(e.chain.app.state, corrupted);
  const pooled = checkAll(e.chain, corrupted);
  forgetVerdicts();
  assert.equal(pooled, inline);
  assert.ok(sigPoolCounts.used - used0 >= 4, `verdicts used: ${sigPoolCounts.used - used0}`);
});

test("pipelined: the next batch handed over before this one's CheckTx; each keeps its verdicts until forgotten, results as inline", async () => {
  const first = batch.slice(0, 6);
  const second = batch.slice(6);
  const inline = checkAll((await h.open()).chain, batch);
  const f = await h.open();
  const used0 = sigPoolCounts.used;
  const one = verifyAheadForState(f.chain.app.state, first);
  const two = verifyAheadForState(f.chain.app.state, second);
  assert.ok(one && two, "both batches taken");
  await two; // the workers judge in arrival order: the first batch too
  const pooledFirst = checkAll(f.chain, first);
  one.forget();
  const usedFirst = sigPoolCounts.used - used0;
  const pooledSecond = checkAll(f.chain, second);
  two.forget();
  assert.equal([...pooledFirst, ...pooledSecond], inline);
  // The first batch: 0, 1, 2 (corrupted), 3, 4 (high S) judged by a worker; 5 refused before the signature step.
  assert.is(usedFirst, 5, "the first batch's verdicts, not dropped by the second's hand-off");
  // The second: another chain's and the three later direct ones (the amino one is inline; the duplicate is refused by the mempool first).
  assert.is(sigPoolCounts.used - used0 - usedFirst, 3, "the second batch's verdicts, kept after the first was forgotten");
});

test("txs sent again while their triples wait in the ring are not judged twice; their verdicts serve the later CheckTx", async () => {
  const txs = batch.slice(0, 5);
  const inline = checkAll((await h.open()).chain, txs);
  const d = await h.open();
  const verified0 = sigPoolCounts.verified;
  const used0 = sigPoolCounts.used;
  const one = verifyAheadForState(d.chain.app.state, txs);
  const again = verifyAheadForState(d.chain.app.state, txs);
  assert.ok(one && again, "both taken");
  await one;
  await again;
  assert.is(sigPoolCounts.verified - verified0, 5, "five triples judged, not ten");
  assert.equal(checkAll(d.chain, txs), inline);
  assert.is(sigPoolCounts.used - used0, 5);
  again.forget();
  one.forget();
});

test("a forgotten batch's verdicts are not taken", async () => {
  const g = await h.open();
  const txs = batch.slice(0, 5);
  const started = verifyAheadForState(g.chain.app.state, txs);
  assert.ok(started);
  await started;
  started.forget();
  const used0 = sigPoolCounts.used;
  assert.equal(checkAll(g.chain, txs), checkAll((await h.open()).chain, txs));
  assert.is(sigPoolCounts.used, used0);
});

test("the node's IngestQueue with the workers: CheckTx in arrival order, results as inline", async () => {
  const inline = checkAll((await h.open()).chain, batch);
  const q = await h.open();
  const handed: PromiseLike<void>[] = [];
  const queue = new IngestQueue((txs) => {
    const started = verifyAheadForState(q.chain.app.state, txs);
    if (started) handed.push(started);
    return started;
  });
  const pooled: Outcome[] = [];
  const handedAtRun: number[] = [];
  const add = (tx: Uint8Array) => queue.add(tx, () => {
    handedAtRun.push(handed.length);
    pooled.push(...checkAll(q.chain, [tx]));
  });
  const turn = () => new Promise((r) => setImmediate(r));
  for (const tx of batch.slice(0, 5)) add(tx);
  await turn();
  assert.is(handed.length, 1, "the first turn's batch handed over");
  assert.is(pooled.length, 0, "its CheckTx waits for the next turn");
  for (const tx of batch.slice(5)) add(tx); // the next turn's arrivals (no await since the check above)
  await turn();
  assert.equal(handedAtRun, [2, 2, 2, 2, 2], "the first batch checked in the next turn, after the second's hand-off");
  while (pooled.length < batch.length) await turn();
  assert.equal(pooled, inline);
});

test("the ring reused: a batch whose slots later triples took gets no verdict from them", async () => {
  const valid = [batch[0]!, batch[1]!, batch[3]!, batch[9]!];
  const filler = valid.map((tx) => withSignature(tx, (s) => s.map((b, i) => (i === 30 ? b ^ 1 : b))));
  const inline = checkAll((await h.open()).chain, valid);
  const r = await h.open();
  const first = verifyAheadForState(r.chain.app.state, valid);
  assert.ok(first);
  await first;
  // 4,100 more triples (past the ring's 4,096 slots), none forgotten: the valid batch's slots are taken again.
  let last: PromiseLike<void> | undefined;
  // Each decoded anew (other signature objects), so the index would grow past the ring without its bound.
  for (let i = 0; i < 1_025; i++) {
    forgetDecodedTxs();
    last = verifyAheadForState(r.chain.app.state, filler);
  }
  await last;
  const used0 = sigPoolCounts.used;
  assert.equal(checkAll(r.chain, valid), inline);
  assert.is(sigPoolCounts.used, used0, "no verdict taken from a slot another triple holds");
  assert.ok(sigPoolCounts.indexed <= 4_096, `the index within the ring's size, nothing forgotten: ${sigPoolCounts.indexed}`);
  forgetVerdicts();
});

test("a batch under MIN_BATCH stays inline", async () => {
  const c = await h.open();
  assert.is(verifyAheadForState(c.chain.app.state, batch.slice(0, MIN_BATCH - 1)), undefined);
});

test.run();
