// A tx's decoded form kept by its bytes, so that CheckTx, CometBFT's rechecks of the txs that wait
// after each commit and the block's FinalizeBlock decode it once (issue 35, item 6: decoding again
// at each step was about 15 % of an app's ABCI time in the 4-validator testnet). Only the decoding
// is kept, a pure function of the bytes (wire/amino/stdtx.ts decodeTx); everything that reads state
// (the sequence, the balance, the fee, the gas, the signature against the account's key and number)
// runs again at every step. Bounded: the most recently used MAX_DECODED_TXS (the txs a mempool holds
// waiting between blocks, short of a full 5,000-tx one, whose recheck then decodes as before); a tx
// that does not decode is not kept (its refusal is thrown again).

import { decodeTx, type DecodedTx } from "../wire/amino/stdtx.js";

/** How many decoded txs are kept (least recently used dropped first): about 3.2 KB of heap each for a MsgSend, 6.5 MiB in all (a 1,600-tx block and a mempool of a few hundred; 4,096 held ~13 MiB of the node's heap after its first 4,000 sends, docs/performance.md "Against chain-maind"). */
export const MAX_DECODED_TXS = 2_048;

const kept = new Map<string, DecodedTx>();

/** The key of `bytes`: the bytes themselves as a string (exact, and cheaper to make than a hash). */
const keyOf = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");

/**
 * The decoded forms of the txs handed to the signature workers and not yet checked, by the bytes
 * object the hand-off read (app/ante/sig-pool.ts `startVerifying`): their CheckTx, one event-loop
 * turn later, gets the same bytes object and finds its decoding without the key string and the
 * kept map's lookup. Unpinned when the batch's CheckTx calls ran (its `forget`), so it holds at
 * most the batches in flight.
 */
const pinned = new Map<Uint8Array, DecodedTx>();

/** Pins `decoded` (what `decodeTxKept(bytes)` just gave) to the bytes object `bytes`. */
export function pinDecoded(bytes: Uint8Array, decoded: DecodedTx): void {
  if (pinned.size >= MAX_DECODED_TXS) pinned.clear(); // batches never forgotten (a caller's bug): a cache, dropped
  pinned.set(bytes, decoded);
}

/** Unpins `bytes` (a batch's CheckTx calls ran, or it was not handed over). */
export function unpinDecoded(bytes: Uint8Array): void {
  pinned.delete(bytes);
}

/** How many decoded txs are pinned now (tests). */
export const decodedTxsPinned = (): number => pinned.size;

/** `decodeTx(bytes)` (not simulate), from the kept ones when these bytes were decoded lately. Throws TxError as decodeTx. */
export function decodeTxKept(bytes: Uint8Array): DecodedTx {
  const held = pinned.size === 0 ? undefined : pinned.get(bytes);
  if (held !== undefined) {
    decodedTxCounts.hits++;
    decodedTxCounts.pinnedHits++;
    return held;
  }
  const key = keyOf(bytes);
  const hit = kept.get(key);
  if (hit !== undefined) {
    // most recently used last: re-inserted
    kept.delete(key);
    kept.set(key, hit);
    decodedTxCounts.hits++;
    return hit;
  }
  decodedTxCounts.misses++;
  // A view into a larger buffer (an ABCI request's, a socket chunk's) is copied: what is kept must
  // not hold that buffer (the decoded form's byte fields are views of what it decodes).
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
  const decoded = decodeTx(own);
  keep(key, decoded);
  return decoded;
}

/**
 * Keeps `decoded` as the decoded form of `bytes`: it must be what `decodeTx(bytes)` gives (as
 * wire/amino/stdtx.ts decodeBroadcastTx's answer is for its `bytes`).
 */
export function keepDecoded(bytes: Uint8Array, decoded: DecodedTx): void {
  keep(keyOf(bytes), decoded);
}

function keep(key: string, decoded: DecodedTx): void {
  if (kept.has(key)) kept.delete(key);
  else if (kept.size >= MAX_DECODED_TXS) kept.delete(kept.keys().next().value!);
  kept.set(key, decoded);
}

/** How many decoded txs are kept now (at most MAX_DECODED_TXS). */
export const decodedTxsKept = (): number => kept.size;

/** Lookups that found a kept decoded tx and those that decoded (tests, the bench). */
export const decodedTxCounts = { hits: 0, misses: 0, pinnedHits: 0 };

/** Forgets every kept decoded tx (tests). */
export function forgetDecodedTxs(): void {
  kept.clear();
  pinned.clear();
}
