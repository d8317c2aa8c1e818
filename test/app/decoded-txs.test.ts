// A tx's decoded form kept by its bytes (host/app/decoded-txs.ts) for CheckTx, the rechecks after a
// commit and the block's delivery: it never changes a result. A tx valid at CheckTx whose sender's
// sequence or balance changed before the recheck is refused there exactly as an undecoded one; a
// tx delivered in a block from the kept form has the result, gas and events of one decoded anew;
// what is kept is bounded.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { TxError } from "../../host/wire/errors.js";
import { decodedTxCounts, decodedTxsKept, decodeTxKept, forgetDecodedTxs, MAX_DECODED_TXS } from "../../host/app/decoded-txs.js";
import { nodeHarness, signedBy, type TestNode } from "../helpers/node.js";
import { protoSigner } from "../helpers/cosmjs.js";

const h = await nodeHarness({ prefix: "decoded-txs-test-" });
test.after(h.remove);

async function send(node: TestNode, n: number, sequence: bigint, amount: bigint): Promise<Uint8Array> {
  const s = await protoSigner(n, "direct");
  const to = (await protoSigner(1, "direct")).address;
  const acct = node.chain.directory.account(s.address)!;
  return s.sign([{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: s.address, toAddress: to, amount: [{ denom: "basecro", amount: `${amount}` }] } }], {
    chainId: node.chain.chainId, accountNumber: acct.accountNumber, sequence,
  });
}

const balance = (node: TestNode, address: string): bigint => node.chain.ledger.balance(node.chain.directory.accountId(address)!);

type Outcome = { code: number; gasUsed?: bigint; log?: string };

function check(node: TestNode, tx: Uint8Array): Outcome {
  try {
    return { code: 0, gasUsed: node.chain.app.checkTx(tx, "mempool").gasUsed };
  } catch (e) {
    if (!(e instanceof TxError)) throw e;
    return { code: e.code, log: e.log };
  }
}

/** A block of `txs` (as CometBFT decides one: bytes) finalized and committed, the check state cleared as at Commit. */
function block(node: TestNode, txs: Uint8Array[]) {
  const app = node.chain.app;
  const out = app.finalizeBlock({ height: node.chain.latestBlock().height + 1n, timeNs: node.chain.nextBlockTime(), txs: txs.map((tx) => ({ tx })) });
  app.commit();
  app.clearCheckState();
  return out.results;
}

test("a recheck after the sender's sequence and balance changed refuses the kept tx as an undecoded one", async () => {
  const node = await h.open();
  try {
    const sender = (await protoSigner(5, "direct")).address;
    const all = balance(node, sender);
    // Two txs of signer 5 (sequences 0 and 1) wait in the mempool, both valid at CheckTx.
    const first = await send(node, 5, 0n, 1n);
    const second = await send(node, 5, 1n, 1n);
    assert.equal([check(node, first).code, check(node, second).code], [0, 0]);
    // Another block's tx at sequence 0 spends nearly the whole balance: `first` is now a replay,
    // `second` at the right sequence can no longer pay its fee.
    const drain = await send(node, 5, 0n, all - 6_000n);
    assert.equal(block(node, [drain]).map((r) => r.code), [0]);
    const hits = decodedTxCounts.hits;
    const kept = [check(node, first), check(node, second)];
    assert.ok(decodedTxCounts.hits - hits >= 2, "the recheck took the kept decoded forms");
    // The same rechecks with nothing kept.
    node.chain.app.clearCheckState();
    forgetDecodedTxs();
    const anew = [check(node, first), check(node, second)];
    assert.equal(kept, anew);
    assert.equal(kept.map((o) => o.code), [32, 5], `refused: ${JSON.stringify(kept)}`);
  } finally {
    await node.chain.close();
  }
});

test("a tx delivered from its kept decoded form: the result, gas and events of one decoded anew", async () => {
  const [kept, anew] = [await h.open(), await h.open()];
  try {
    const txs = [await send(kept, 6, 0n, 11n), await send(kept, 6, 1n, 12n), await send(kept, 7, 0n, 13n)];
    for (const tx of txs) assert.is(check(kept, tx).code, 0);
    kept.chain.app.clearCheckState();
    const hits = decodedTxCounts.hits;
    const withKept = block(kept, txs);
    assert.ok(decodedTxCounts.hits - hits >= txs.length, "delivered from the kept decoded forms");
    forgetDecodedTxs();
    const misses = decodedTxCounts.misses;
    const decodedAnew = block(anew, txs);
    assert.ok(decodedTxCounts.misses - misses >= txs.length, "decoded anew");
    assert.equal(withKept.map((r) => r.code), [0, 0, 0]);
    assert.equal(withKept, decodedAnew);
    assert.is(kept.chain.latestBlock().appHash, anew.chain.latestBlock().appHash);
  } finally {
    await kept.chain.close();
    await anew.chain.close();
  }
});

test("a legacy amino broadcast is decoded once: CheckTx takes the route's decoded form", async () => {
  const node = await h.open();
  try {
    const to = (await protoSigner(1, "direct")).address;
    const from = (await protoSigner(5, "direct")).address;
    const body = await signedBy(node, 5, [{ type: "cosmos-sdk/MsgSend", value: { from_address: from, to_address: to, amount: [{ denom: "basecro", amount: "1" }] } }]);
    const [hits, misses] = [decodedTxCounts.hits, decodedTxCounts.misses];
    const r = await node.post("/txs", body);
    assert.is(r.status, 200);
    assert.is(r.json.tx_response.code, 0, r.json.tx_response.raw_log);
    assert.is(decodedTxCounts.misses - misses, 0, "CheckTx did not decode the tx again");
    assert.is(decodedTxCounts.hits - hits, 1, "CheckTx took the route's decoded form");
    await node.chain.advance(1n);
    const got = await node.get(`/cosmos/tx/v1beta1/txs/${r.json.tx_response.txhash}`);
    assert.is(got.json.tx_response.code, 0);
  } finally {
    await node.chain.close();
  }
});

test("what is kept is bounded: the least recently used goes first", async () => {
  const node = await h.open();
  try {
    forgetDecodedTxs();
    const base = TxRaw.decode(await send(node, 8, 0n, 1n));
    // Distinct bytes that decode: the signature varies (decoding does not verify it).
    const variant = (i: number) => {
      const sig = Uint8Array.from(base.signatures[0]!);
      sig[0] = i & 0xff;
      sig[1] = (i >> 8) & 0xff;
      sig[2] = (i >> 16) & 0xff;
      return TxRaw.encode({ ...base, signatures: [sig] }).finish();
    };
    const first = variant(0);
    decodeTxKept(first);
    for (let i = 1; i < MAX_DECODED_TXS + 100; i++) {
      decodeTxKept(variant(i));
      if (i === MAX_DECODED_TXS - 10) decodeTxKept(first); // used again: kept longer than its successors
    }
    assert.is(decodedTxsKept(), MAX_DECODED_TXS);
    let hits = decodedTxCounts.hits;
    decodeTxKept(first);
    assert.is(decodedTxCounts.hits - hits, 1, "the one used lately is still kept");
    hits = decodedTxCounts.hits;
    decodeTxKept(variant(1));
    assert.is(decodedTxCounts.hits - hits, 0, "an old one was dropped");
    assert.is(decodedTxsKept(), MAX_DECODED_TXS);
  } finally {
    await node.chain.close();
  }
});

test.run();
