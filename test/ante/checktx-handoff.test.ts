// The main thread's work per CheckTx when the signature workers verify ahead (docs/performance.md,
// "Ingest and CheckTx"): a handed batch's decoded txs pinned to their bytes objects, so their CheckTx
// takes them without the kept map's key (app/decoded-txs.ts), with results and gas as inline; and
// AuthInfo's unknown fields read from its decoding instead of a second walk over its bytes
// (wire/tx.ts), refused with the same message.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { BinaryWriter, WireType } from "@bufbuild/protobuf/wire";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { TxError } from "../../host/wire/errors.js";
import { decodeTxBytes } from "../../host/wire/tx.js";
import { forgetVerdicts, verifyAheadForState } from "../../host/app/ante/sig-pool.js";
import { decodedTxCounts, decodedTxsPinned, decodeTxKept, forgetDecodedTxs } from "../../host/app/decoded-txs.js";
import { nodeHarness } from "../helpers/node.js";
import { verifyDecodedTx } from "../../host/app/ante/verify.js";
import { verifyContext } from "../../host/app/ante.js";
import { decodeTx } from "../../host/wire/amino/stdtx.js";
import { protoSigner } from "../helpers/cosmjs.js";

const h = await nodeHarness({ prefix: "checktx-handoff-test-" });
test.after(h.remove);

const a = await h.open();
const chainId = a.chain.chainId;

async function sendBy(n: number, sequence: bigint, amount = "1", memo = ""): Promise<Uint8Array> {
  const s = await protoSigner(n, "direct");
  const to = (await protoSigner(1, "direct")).address;
  const acct = a.chain.directory.account(s.address)!;
  return s.sign([{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: s.address, toAddress: to, amount: [{ denom: "basecro", amount }] } }], {
    chainId, accountNumber: acct.accountNumber, sequence, memo,
  });
}

const batch = [await sendBy(5, 0n), await sendBy(6, 0n), await sendBy(7, 0n), await sendBy(5, 1n), await sendBy(6, 7n), await sendBy(8, 0n, "3")];

function checkAll(chain: typeof a.chain, txs: Uint8Array[]) {
  return txs.map((tx) => {
    try {
      const { verified, gasUsed } = chain.app.checkTx(tx, "mempool");
      return { code: 0, gasUsed: `${gasUsed}`, hash: verified.txHash, signer: verified.signer, sequence: `${verified.sequence}` };
    } catch (e) {
      if (!(e instanceof TxError)) throw e;
      return { code: e.code, codespace: e.codespace, log: e.log };
    }
  });
}

test("a handed batch's CheckTx takes the decoded txs pinned to its bytes objects; results as inline; unpinned by forget", async () => {
  forgetDecodedTxs();
  const inline = checkAll(a.chain, batch);
  const b = await h.open();
  forgetDecodedTxs();
  const started = verifyAheadForState(b.chain.app.state, batch);
  assert.ok(started, "the workers take the batch");
  assert.is(decodedTxsPinned(), batch.length, "each tx's decoding pinned at the hand-off");
  const [pinned0, misses0] = [decodedTxCounts.pinnedHits, decodedTxCounts.misses];
  const pooled = checkAll(b.chain, batch);
  assert.is(decodedTxCounts.pinnedHits - pinned0, batch.length, "CheckTx took every pinned decoding");
  assert.is(decodedTxCounts.misses - misses0, 0, "nothing decoded again");
  started.forget();
  assert.is(decodedTxsPinned(), 0, "forget unpins the batch");
  forgetVerdicts();
  assert.equal(pooled, inline);
  assert.equal(inline.map((o) => o.code), [0, 0, 0, 0, 32, 0]);
  // The same bytes in another object (a copy) find the kept decoding by content, as before.
  const hits0 = decodedTxCounts.hits;
  const copy = batch[0]!.slice();
  assert.is(decodeTxKept(copy), decodeTxKept(batch[0]!), "one decoding, by content");
  assert.is(decodedTxCounts.hits - hits0, 2);
});

test("a batch the workers did not take pins nothing", async () => {
  forgetDecodedTxs();
  const b = await h.open();
  assert.is(verifyAheadForState(b.chain.app.state, batch.slice(0, 2)), undefined, "under MIN_BATCH: inline");
  assert.is(decodedTxsPinned(), 0);
});

test("AuthInfo's unknown fields: the first one refused by number, as the walk over its bytes named it", async () => {
  const raw = TxRaw.decode(batch[0]!);
  const withFields = (...fields: number[]) => {
    const w = new BinaryWriter();
    for (const f of fields) w.tag(f, WireType.Varint).uint32(1);
    return TxRaw.encode({ ...raw, authInfoBytes: new Uint8Array([...raw.authInfoBytes, ...w.finish()]) }).finish();
  };
  const refusal = (tx: Uint8Array) => {
    try {
      decodeTxBytes(tx);
    } catch (e) {
      if (!(e instanceof TxError)) throw e;
      return `${e.codespace} ${e.code} ${e.log}`;
    }
    return "accepted";
  };
  assert.is(refusal(withFields(9)), "sdk 2 auth_info_bytes: unknown field 9: tx parse error");
  assert.is(refusal(withFields(12, 9)), "sdk 2 auth_info_bytes: unknown field 12: tx parse error");
  // A TxBody's unknown field is still refused first (its walk runs before AuthInfo's check).
  const both = TxRaw.decode(withFields(9));
  const body = TxRaw.encode({ ...both, bodyBytes: new Uint8Array([...both.bodyBytes, ...new BinaryWriter().tag(4, WireType.Varint).bool(false).finish()]) }).finish();
  assert.is(refusal(body), "sdk 2 body_bytes: unknown field 4 (unordered and timeout_timestamp txs are not supported): tx parse error");
  assert.is(refusal(batch[0]!), "accepted");
});

test("verify reads the fee payer's account once when it is the signer; the memo encoded only when it could be too long", async () => {
  const c = await h.open(); // no tx waiting: signer 5 at sequence 0
  const ctx = verifyContext(c.chain.app.state, true);
  let reads = 0;
  const counting = { ...ctx, getAccount: (address: string) => (reads++, ctx.getAccount(address)) };
  const decoded = decodeTx(await sendBy(5, 0n, "1", "a short memo"));
  verifyDecodedTx(decodeTx(await sendBy(6, 0n)), ctx); // the chain id's bytes and the like made once
  const encode = TextEncoder.prototype.encode;
  let encoded = 0;
  TextEncoder.prototype.encode = function (this: TextEncoder, text?: string) {
    encoded++;
    return encode.call(this, text);
  };
  try {
    const v = verifyDecodedTx(decoded, counting);
    assert.is(reads, 1, "one account read for a send paid by its signer");
    assert.is(v.memo, "a short memo");
    assert.is(encoded, 0, "a memo of at most a third of the limit's units is not encoded");
  } finally {
    TextEncoder.prototype.encode = encode;
  }
  // At the limit (256): 85 three-byte characters (255 bytes) pass; 86 (258 bytes, 86 units) are refused with the byte count.
  const refusal = async (memo: string) => {
    try {
      verifyDecodedTx(decodeTx(await sendBy(5, 0n, "1", memo)), ctx);
      return "accepted";
    } catch (e) {
      if (!(e instanceof TxError)) throw e;
      return e.log;
    }
  };
  assert.is(await refusal("€".repeat(85)), "accepted");
  assert.match(await refusal("€".repeat(86)), "maximum number of characters is 256 but received 258 characters");
  assert.match(await refusal("a".repeat(257)), "maximum number of characters is 256 but received 257 characters");
  assert.is(await refusal("😀".repeat(64)), "accepted"); // 128 units, 256 bytes
  assert.match(await refusal(`${"😀".repeat(64)}a`), "but received 257 characters");
});

test.run();
