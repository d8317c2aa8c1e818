// Signature checks off the main thread. CheckTx stays one at a time, in arrival order, on the main
// thread (CometBFT's order: a tx is judged against the check state its predecessors left); what
// moves is the one pure step in it, the secp256k1 verification of (signature, sha256(sign bytes),
// key). For txs that arrived together, `startVerifying` reads each SIGN_MODE_DIRECT signature's
// triple (the sign doc with the signer's account number, from the tx decoded and kept for its
// CheckTx) into a ring in shared memory, and the worker threads judge the ring's triples in arrival
// order, ahead of CheckTx: the IngestQueue (server/tx-fast.ts) hands a turn's batch over, then runs
// the previous turn's batch's CheckTx, so the workers verify a batch while the main thread checks
// the one before. CheckTx never waits: at its signature step (verify.ts -> `verifySignature`) a
// triple a worker already judged takes that verdict; one no worker has started is claimed and
// verified inline (a busy machine whose workers are not scheduled just verifies everything inline).
// A triple CheckTx computes otherwise (another account number, a sequence refused first,
// amino-json, a key not in the tx) matches no slot and is verified inline: results and gas are those
// of inline verification by construction. Batches under MIN_BATCH and hosts without the native
// binding stay inline.

import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { signDocBytes } from "../../wire/tx-encode.js";
import { sha256Buffer } from "../../wire/digest.js";
import { encodeAddress } from "../../wire/address.js";
import { pubKeyAddressBytes, verifySecp256k1 } from "../../wire/keys.js";
import type { DecodedTx } from "../../wire/amino/stdtx.js";
import { ACCOUNT_PREFIX } from "../genesis.js";
import { decodeTxKept, pinDecoded, unpinDecoded } from "../decoded-txs.js";
import { secp256k1Backend } from "../../wire/secp256k1.js";

/** Fewer txs than this at once are verified inline. */
export const MIN_BATCH = 4;

const SIG = 64;
const HASH = 32;
const KEY = 33;

/**
 * The ring's slots: triple number s (counted from the pool's start) lives in slot s % CAPACITY.
 * A slot's status word is `lap << 3 | state`, lap = s / CAPACITY (28 bits): a worker still judging
 * a triple whose slot a later triple took cannot set a verdict there (its compare-exchange expects
 * its own lap), nor can CheckTx read one. States: unclaimed, judged valid, judged invalid, claimed
 * by a worker, claimed by CheckTx.
 */
const FREE = 0, VALID = 1, INVALID = 2, TAKEN = 3, MAIN = 4;
const CAPACITY = 4_096;
const LAP_MASK = 0x0fff_ffff;
const tagOf = (s: number): number => ((Math.floor(s / CAPACITY) & LAP_MASK) << 3);

/** `ctrl64` words: triples published (the ring's head), the first not to judge (forgotten below it); then each worker's last head done. */
const HEAD = 0, SKIP = 1, DONE = 2;
/** `ctrl` words: the verdicts judged. */
const JUDGED = 0;

/**
 * The triples not yet forgotten, by their signature's bytes object (the kept decoded tx's, which
 * its CheckTx reads again: app/decoded-txs.ts): the triple's number.
 */
const index = new Map<Uint8Array, number>();
/**
 * Each slot's sign doc inputs (the decoded tx's body and auth info bytes objects, the chain id, the
 * account number: its hash is of their sign doc) and its signature's object. CheckTx takes a slot's
 * verdict only for the same objects and values, so for the sign bytes it would compute itself.
 */
interface SlotDoc { body: Uint8Array; auth: Uint8Array; chainId: string; accountNumber: bigint; sig: Uint8Array }
const docs: (SlotDoc | undefined)[] = [];

/** How many signature checks took a worker's verdict, and how many a worker judged (tests, the bench). */
export const sigPoolCounts = {
  used: 0,
  /** Triples in the index now (at most the ring's size). */
  get indexed(): number {
    return index.size;
  },
  get verified(): number {
    return pool ? Atomics.load(pool.ctrl, JUDGED) : 0;
  },
};

const sha256 = sha256Buffer;

/** `a` equals the `a.length` bytes of `b` at `at`. */
function sameAt(a: Uint8Array, b: Uint8Array, at: number): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[at + i]) return false;
  return true;
}


/**
 * The SDK's secp256k1 check, inline: wire/keys.ts `verifySecp256k1` (libsecp256k1 or @noble), whose
 * memory of valid signatures spares the block that executes a tx, and each recheck, a second verify.
 */
export const verifySignature = verifySecp256k1;

/**
 * A worker's verdict on a SIGN_MODE_DIRECT signature, if one judged it: the signature object of a
 * tx handed over (`startVerifying`), with the same key, over the sign doc of the same body and
 * auth info bytes (the kept decoded tx's objects), chain id and account number. Undefined
 * otherwise (then CheckTx makes the sign bytes and calls `verifySignature`); the verdict is then
 * CheckTx's: no worker will judge it.
 */
export function directVerdict(
  pubKey: Uint8Array, signature: Uint8Array, body: Uint8Array, auth: Uint8Array, chainId: string, accountNumber: bigint,
): boolean | undefined {
  const s = index.size === 0 ? undefined : index.get(signature);
  if (s === undefined || !pool) return undefined;
  const slot = s % CAPACITY;
  const doc = docs[slot];
  // The slot's bytes and doc are written by this thread only (a slot a later triple took has another lap: no verdict taken).
  if (doc === undefined || doc.sig !== signature || doc.body !== body || doc.auth !== auth || doc.chainId !== chainId || doc.accountNumber !== accountNumber) return undefined;
  if (pubKey.length !== KEY || !sameAt(pubKey, pool.keys, slot * KEY)) return undefined;
  const tag = tagOf(s);
  const state = Atomics.compareExchange(pool.status, slot, tag | FREE, tag | MAIN);
  if (state === (tag | VALID) || state === (tag | INVALID)) {
    sigPoolCounts.used++;
    // Not put in wire/keys.ts's memory (an inline verify is): the workers judge the single node's
    // broadcasts, whose blocks deliver the form CheckTx verified; a CometBFT app's CheckTx is inline.
    return state === (tag | VALID);
  }
  return undefined;
}

// ---- a tx's direct-mode triples, from its decoded form ----

/**
 * Calls `each` with the signature, sign bytes and key of each of a tx's SIGN_MODE_DIRECT signers
 * (none for another sign mode, a key whose account is unknown, a tx that does not decode); returns
 * the decoded tx (undefined if it does not decode). The tx
 * is decoded by the one decoder CheckTx uses and kept (app/decoded-txs.ts), so its CheckTx finds it
 * decoded: the hand-off adds no second decoding.
 */
export function directTriples(
  tx: Uint8Array, chainId: string, accountNumberOf: (pubKey: Uint8Array) => bigint | undefined,
  each: (sig: Uint8Array, signBytes: Uint8Array, key: Uint8Array, doc: SlotDoc) => void,
): DecodedTx | undefined {
  let decoded: DecodedTx;
  try {
    decoded = decodeTxKept(tx);
  } catch {
    return undefined; // CheckTx refuses it again, by the same decoder
  }
  const proto = decoded.proto;
  if (!proto) return decoded;
  const sigs = decoded.signatures;
  for (let i = 0; i < sigs.length; i++) {
    const { pubKey: key, signature: sig } = sigs[i]!;
    if ((proto.signerInfos[i]?.mode ?? proto.signMode) !== "direct" || key.length !== KEY || sig.length !== SIG) continue;
    const accountNumber = accountNumberOf(key);
    if (accountNumber === undefined) continue;
    const { bodyBytes: body, authInfoBytes: auth } = proto;
    each(sig, signDocBytes({ bodyBytes: body, authInfoBytes: auth, chainId, accountNumber }), key, { body, auth, chainId, accountNumber, sig });
  }
  return decoded;
}

/** bech32 addresses of keys (the same signers come again and again); cleared past 4,096. */
const addressOfKey = new Map<string, string>();

/** `accountNumberOf` for `startVerifying`: the key's address's account number, by `account`. */
export function accountNumberByKey(prefix: string, account: (address: string) => { accountNumber: bigint } | undefined) {
  return (key: Uint8Array): bigint | undefined => {
    const k = Buffer.from(key.buffer, key.byteOffset, key.byteLength).toString("base64");
    let address = addressOfKey.get(k);
    if (address === undefined) {
      address = encodeAddress(prefix, pubKeyAddressBytes(key));
      if (addressOfKey.size >= 4_096) addressOfKey.clear();
      addressOfKey.set(k, address);
    }
    return account(address)?.accountNumber;
  };
}

// ---- the workers ----
//
// Each worker waits on the ring's head (Atomics.wait: no event loop, no message per batch); a batch
// is its triples written into the ring (buffers shared once at the pool's start), the head moved
// and one Atomics.notify. A worker judges the triples from the first it has not seen to the head,
// in arrival order (the order CheckTx reaches them), skipping those claimed (by CheckTx or another
// worker) or forgotten, and records the head it finished (tests wait for that). Nothing is posted
// per batch (a postMessage cloned new SharedArrayBuffers and woke a message port).

const WORKER = `
const { workerData } = require("node:worker_threads");
const native = require(workerData.bindings);
const { ctrl, ctrl64, status, sigs, hashes, keys, me } = workerData;
const CAP = ${CAPACITY};
let next = 0;
for (;;) {
  let head = Number(Atomics.load(ctrl64, ${HEAD}));
  if (next >= head) {
    Atomics.store(ctrl64, ${DONE} + me, BigInt(head));
    Atomics.wait(ctrl64, ${HEAD}, BigInt(head), 1000);
    continue;
  }
  let judged = 0;
  for (; next < head; next++) {
    const skip = Number(Atomics.load(ctrl64, ${SKIP}));
    if (next < skip) next = Math.min(skip, head) - 1;
    if (next < skip) continue;
    const slot = next % CAP;
    const tag = (Math.floor(next / CAP) & ${LAP_MASK}) << 3;
    if (Atomics.compareExchange(status, slot, tag | ${FREE}, tag | ${TAKEN}) !== (tag | ${FREE})) continue;
    let ok = false;
    try {
      ok = native.ecdsaVerify(sigs.subarray(slot * 64, slot * 64 + 64), hashes.subarray(slot * 32, slot * 32 + 32), keys.subarray(slot * 33, slot * 33 + 33));
    } catch {}
    if (Atomics.compareExchange(status, slot, tag | ${TAKEN}, tag | (ok ? ${VALID} : ${INVALID})) === (tag | ${TAKEN})) judged++;
  }
  Atomics.add(ctrl, ${JUDGED}, judged);
}
`;

interface Shared {
  ctrl: Int32Array; ctrl64: BigInt64Array; status: Int32Array; sigs: Uint8Array; hashes: Uint8Array; keys: Uint8Array;
  workers: number; head: number;
}

let pool: Shared | undefined | null;

/** The workers (one per core but the main thread's, at least one, at most 4) and their shared buffers; null where the native binding is missing or they cannot start. */
function workers(): Shared | null {
  if (pool !== undefined) return pool;
  if (secp256k1Backend !== "libsecp256k1" || process.env.STAKING_ENGINE_SIG_WORKERS === "0") return (pool = null);
  try {
    const bindings = createRequire(import.meta.url).resolve("secp256k1/bindings.js");
    const n = Math.max(1, Math.min(4, (Number(process.env.STAKING_ENGINE_SIG_WORKERS) || availableParallelism()) - 1));
    const bytes = (size: number) => new Uint8Array(new SharedArrayBuffer(size));
    const shared: Shared = {
      ctrl: new Int32Array(new SharedArrayBuffer(4)), ctrl64: new BigInt64Array(new SharedArrayBuffer((DONE + n) * 8)),
      status: new Int32Array(new SharedArrayBuffer(CAPACITY * 4)),
      sigs: bytes(CAPACITY * SIG), hashes: bytes(CAPACITY * HASH), keys: bytes(CAPACITY * KEY), workers: n, head: 0,
    };
    for (let me = 0; me < n; me++) {
      const { ctrl, ctrl64, status, sigs, hashes, keys } = shared;
      const worker = new Worker(WORKER, { eval: true, workerData: { bindings, ctrl, ctrl64, status, sigs, hashes, keys, me } });
      worker.on("error", () => {
        pool = null; // inline from now on
      });
      worker.unref(); // the workers never keep the process alive
    }
    pool = shared;
  } catch {
    pool = null;
  }
  return pool;
}

/** A batch handed to the workers: a promise-like of their being done with it (tests poll it; CheckTx never waits), and `forget`. */
export interface VerifyingBatch extends PromiseLike<void> {
  /** The batch's CheckTx calls ran: its verdicts are dropped, the workers skip what they have not judged of it. */
  forget(): void;
}

/**
 * Starts verifying the direct-mode signatures of `txs` on the workers, after those handed over
 * before, for the CheckTx calls that follow (`verifySignature`); call the answer's `forget` once
 * those ran. Undefined when nothing started (a small batch, no workers, nothing to read).
 */
export function startVerifying(
  txs: readonly Uint8Array[], chainId: string, accountNumberOf: (pubKey: Uint8Array) => bigint | undefined,
): VerifyingBatch | undefined {
  if (txs.length < MIN_BATCH) return undefined;
  const shared = workers();
  if (!shared) return undefined;
  const { ctrl64, status, sigs, hashes, keys } = shared;
  const first = shared.head;
  let s = first;
  let covered = 0; // triples already in the ring, not forgotten (a tx sent again)
  const put = (sig: Uint8Array, signBytes: Uint8Array, key: Uint8Array, doc: SlotDoc) => {
    if (s - first >= CAPACITY) return;
    // The same triple handed over before and not forgotten (a tx sent again): its slot keeps it, judged sooner.
    const e = index.get(sig);
    if (e !== undefined && e >= s - CAPACITY && sameDoc(e, doc, key)) {
      covered++;
      return;
    }
    const slot = s % CAPACITY;
    const before = docs[slot]?.sig; // the triple this slot held: its index entry goes (the index stays within the ring's size)
    if (before !== undefined && index.get(before) === s - CAPACITY) index.delete(before);
    sigs.set(sig, slot * SIG);
    hashes.set(sha256(signBytes), slot * HASH);
    keys.set(key, slot * KEY);
    docs[slot] = doc;
    Atomics.store(status, slot, tagOf(s) | FREE);
    index.set(sig, s);
    s++;
  };
  // Each tx's decoded form pinned to its bytes object until the batch's CheckTx calls ran: CheckTx
  // takes it without the kept map's key (app/decoded-txs.ts).
  const pinnedTxs: Uint8Array[] = [];
  for (const tx of txs) {
    const decoded = directTriples(tx, chainId, accountNumberOf, put);
    if (decoded !== undefined) {
      pinDecoded(tx, decoded);
      pinnedTxs.push(tx);
    }
  }
  const end = s;
  if (end - first + covered < MIN_BATCH) {
    forgetRange(first, end); // nothing published: the workers never see these slots
    for (const tx of pinnedTxs) unpinDecoded(tx);
    return undefined;
  }
  shared.head = end;
  Atomics.store(ctrl64, HEAD, BigInt(end));
  Atomics.notify(ctrl64, HEAD);
  return {
    forget() {
      for (const tx of pinnedTxs) unpinDecoded(tx);
      pinnedTxs.length = 0;
      forgetRange(first, end);
      if (pool === shared && Atomics.load(ctrl64, SKIP) < BigInt(end)) Atomics.store(ctrl64, SKIP, BigInt(end));
    },
    then(done, failed) {
      const finished = () => {
        for (let w = 0; w < shared.workers; w++) if (Atomics.load(ctrl64, DONE + w) < BigInt(end)) return false;
        return true;
      };
      return new Promise<void>((resolve) => {
        const poll = () => (finished() || pool !== shared ? resolve() : setTimeout(poll, 1));
        poll();
      }).then(done, failed);
    },
  };
}

/** Triple `e`'s slot still holds it, over the same sign doc inputs and key as `doc`'s. */
function sameDoc(e: number, doc: SlotDoc, key: Uint8Array): boolean {
  const slot = e % CAPACITY;
  const d = docs[slot];
  return pool != null && d !== undefined && (Atomics.load(pool.status, slot) & ~7) === tagOf(e) && d.sig === doc.sig && d.body === doc.body &&
    d.auth === doc.auth && d.chainId === doc.chainId && d.accountNumber === doc.accountNumber && sameAt(key, pool.keys, slot * KEY);
}

/** Drops the index's entries of triples first..end-1 (those a later triple of the same signature took stay). */
function forgetRange(first: number, end: number): void {
  if (!pool) return;
  for (let k = first; k < end && k - first < CAPACITY; k++) {
    const slot = k % CAPACITY;
    const sig = docs[slot]?.sig;
    if (sig !== undefined && index.get(sig) === k) index.delete(sig);
  }
}

/** Every batch's CheckTx calls ran: the workers stop, what they judged is dropped. */
export function forgetVerdicts(): void {
  index.clear();
  docs.length = 0;
  if (pool) Atomics.store(pool.ctrl64, SKIP, BigInt(pool.head));
}

/** `startVerifying` against a node's check state (its chain id and accounts directory). */
export function verifyAheadForState(
  s: { genesis: { chainId: string }; directory: { account(address: string): { accountNumber: bigint } | undefined } },
  txs: readonly Uint8Array[],
): VerifyingBatch | undefined {
  return startVerifying(txs, s.genesis.chainId, accountNumberByKey(ACCOUNT_PREFIX, (a) => s.directory.account(a)));
}
