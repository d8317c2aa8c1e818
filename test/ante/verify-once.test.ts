// A tx's signature is verified once: CheckTx's inline verdict (a CometBFT app's CheckTx is inline)
// is what a block CometBFT decided (FinalizeBlock's txs: app/deliver.ts deliverDecided) and every
// recheck find in wire/keys.ts's memory of valid signatures, instead of another secp256k1 verify
// (SDK v0.53's ante handler checks it at CheckTx, at each recheck and in the block). Before, CheckTx's
// inline path (ante/sig-pool.ts) bypassed that memory, so a testnet app verified each signature two
// or three times.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { forgetDecodedTxs } from "../../host/app/decoded-txs.js";
import { forgetVerifiedSignatures, verifiedMemo } from "../../host/wire/keys.js";
import { nodeHarness } from "../helpers/node.js";
import { protoSigner } from "../helpers/cosmjs.js";

const h = await nodeHarness({ prefix: "verify-once-test-" });
test.after(h.remove);

async function sends(chain: Awaited<ReturnType<typeof h.open>>["chain"], signers: number[], amount: string): Promise<Uint8Array[]> {
  const to = (await protoSigner(1, "direct")).address;
  return Promise.all(signers.map(async (n) => {
    const s = await protoSigner(n, "direct");
    const acct = chain.directory.account(s.address)!;
    return s.sign([{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: s.address, toAddress: to, amount: [{ denom: "basecro", amount }] } }], {
      chainId: chain.chainId, accountNumber: acct.accountNumber, sequence: acct.sequence,
    });
  }));
}

/** Executes `txs` as CometBFT's FinalizeBlock would hand them (raw bytes), then commits; the memory's hits meanwhile. */
function decidedBlock(chain: Awaited<ReturnType<typeof h.open>>["chain"], txs: Uint8Array[]): { codes: number[]; hits: number } {
  const last = chain.latest;
  const hits0 = verifiedMemo.hits;
  const { results } = chain.app.finalizeBlock({ height: last.height + 1n, timeNs: last.timeNs + 1_000_000_000n, txs: txs.map((tx) => ({ tx })) });
  const hits = verifiedMemo.hits - hits0;
  chain.app.commit();
  return { codes: results.map((r) => r.code), hits };
}

test("inline CheckTx: the decided block finds every signature it verified", async () => {
  const { chain } = await h.open();
  const txs = await sends(chain, [5, 6, 7], "11");
  forgetDecodedTxs();
  for (const tx of txs) chain.app.checkTx(tx, "mempool");
  const { codes, hits } = decidedBlock(chain, txs);
  assert.equal(codes, [0, 0, 0]);
  assert.is(hits, txs.length, "each tx's signature found in memory when the block ran it");
});

test("forgotten (a bench's next round of the same txs): the block verifies them anew", async () => {
  const { chain } = await h.open();
  const txs = await sends(chain, [5, 6], "13");
  forgetDecodedTxs();
  for (const tx of txs) chain.app.checkTx(tx, "mempool");
  forgetVerifiedSignatures();
  const { codes, hits } = decidedBlock(chain, txs);
  assert.equal(codes, [0, 0]);
  assert.is(hits, 0, "nothing found in memory after forgetVerifiedSignatures");
});

test.run();
