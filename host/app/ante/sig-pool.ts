// Signature checks off the main thread. CheckTx stays one at a time, in arrival order, on the main
// thread (CometBFT's order: a tx is judged against the check state its predecessors left); what
// moves is the one pure step in it, the secp256k1 verification of (signature, sha256(sign bytes),
// key). For a batch of txs that arrived together, `startVerifying` reads each SIGN_MODE_DIRECT
// single-key signature's triple from the tx bytes (the sign doc with the signer's account number)
// into shared memory, and the worker threads verify them from the batch's end while CheckTx runs
// from its start, never waiting: at its signature step (verify.ts -> `verifySignature`) a triple a
// worker already judged takes that verdict; one no worker has started is claimed and verified
// inline (a busy machine whose workers are not scheduled just verifies everything inline, as
// before). A triple CheckTx computes otherwise (another account number, a sequence refused first,
// amino-json, multisig, a key not in the tx) is not in the batch and is verified inline: results and
// gas are those of inline verification by construction. Batches under MIN_BATCH and hosts without
// the native binding stay inline.

import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { signDocBytes } from "../../wire/tx-encode.js";
import { sha256Buffer } from "../../wire/digest.js";
import { encodeAddress } from "../../wire/address.js";
import { pubKeyAddressBytes } from "../../wire/keys.js";
import { ACCOUNT_PREFIX } from "../genesis.js";
import { secp256k1Backend, verifyHashSecp256k1 } from "../../wire/secp256k1.js";

/** Fewer txs than this at once are verified inline. */
export const MIN_BATCH = 4;

const SIG = 64;
const HASH = 32;
const KEY = 33;
const SECP256K1_PUBKEY = "/cosmos.crypto.secp256k1.PubKey";

/** The batch being checked: its triples' index, and their shared state. */
let batch: { index: Map<string, number>; status: Int32Array; cancel: Int32Array } | undefined;

/** Triple states in `status`: unclaimed, judged valid, judged invalid, claimed by a worker, claimed by CheckTx. */
const FREE = 0, VALID = 1, INVALID = 2, TAKEN = 3, MAIN = 4;

/** How many signature checks took a worker's verdict, and how many a worker judged (tests, the bench). */
export const sigPoolCounts = { used: 0, verified: 0 };

const tripleKey = (sig: Uint8Array, hash: Uint8Array, key: Uint8Array): string =>
  Buffer.from(sig.buffer, sig.byteOffset, sig.byteLength).toString("base64") + Buffer.from(hash.buffer, hash.byteOffset, hash.byteLength).toString("base64") +
  Buffer.from(key.buffer, key.byteOffset, key.byteLength).toString("base64");

const sha256 = sha256Buffer;

/**
 * The SDK's secp256k1 check (wire/keys.ts verifySecp256k1's rule): a worker's verdict for this
 * exact triple if it has one, else libsecp256k1 (or @noble) inline.
 */
export function verifySignature(pubKey: Uint8Array, signBytes: Uint8Array, signature: Uint8Array): boolean {
  if (pubKey.length !== KEY || signature.length !== SIG) return false;
  const hash = sha256(signBytes);
  const i = batch?.index.get(tripleKey(signature, hash, pubKey));
  if (i !== undefined) {
    const status = batch!.status;
    const state = Atomics.compareExchange(status, i, FREE, MAIN);
    if (state === VALID || state === INVALID) {
      sigPoolCounts.used++;
      return state === VALID;
    }
  }
  return verifyHashSecp256k1(signature, hash, pubKey);
}

// ---- reading a TxRaw's direct-mode triples (protobuf by hand; anything unexpected: none) ----

interface Field { no: number; wire: number; bytes?: Uint8Array; value?: bigint }

function* fields(b: Uint8Array): Generator<Field> {
  let at = 0;
  const varint = (): bigint => {
    let v = 0n;
    let shift = 0n;
    for (;;) {
      if (at >= b.length || shift > 63n) throw new Error("truncated");
      const x = b[at++]!;
      v |= BigInt(x & 0x7f) << shift;
      if ((x & 0x80) === 0) return v;
      shift += 7n;
    }
  };
  while (at < b.length) {
    const tag = Number(varint());
    const no = tag >>> 3;
    const wire = tag & 7;
    if (wire === 0) yield { no, wire, value: varint() };
    else if (wire === 2) {
      const n = Number(varint());
      if (at + n > b.length) throw new Error("truncated");
      yield { no, wire, bytes: b.subarray(at, at + n) };
      at += n;
    } else if (wire === 1) at += 8;
    else if (wire === 5) at += 4;
    else throw new Error("wire type");
  }
}

const utf8 = new TextDecoder();

/** Signer i's single secp256k1 key if its mode is SIGN_MODE_DIRECT, else undefined. */
function directKey(signerInfo: Uint8Array): Uint8Array | undefined {
  let key: Uint8Array | undefined;
  let direct = false;
  for (const f of fields(signerInfo)) {
    if (f.no === 1 && f.bytes) {
      let url = "";
      let value: Uint8Array | undefined;
      for (const a of fields(f.bytes)) {
        if (a.no === 1 && a.bytes) url = utf8.decode(a.bytes);
        if (a.no === 2 && a.bytes) value = a.bytes;
      }
      if (url !== SECP256K1_PUBKEY || !value) return undefined;
      for (const k of fields(value)) if (k.no === 1 && k.bytes) key = k.bytes;
    } else if (f.no === 2 && f.bytes) {
      for (const m of fields(f.bytes)) {
        if (m.no !== 1 || !m.bytes) return undefined; // multi
        for (const s of fields(m.bytes)) if (s.no === 1 && s.value === 1n) direct = true;
      }
    }
  }
  return direct && key?.length === KEY ? key : undefined;
}

/** The (signature, hash, key) triples of a tx's direct-mode single-key signers; [] when there are none to read. */
export function directTriples(
  tx: Uint8Array, chainId: string, accountNumberOf: (pubKey: Uint8Array) => bigint | undefined,
): { sig: Uint8Array; hash: Uint8Array; key: Uint8Array }[] {
  try {
    let body: Uint8Array | undefined;
    let auth: Uint8Array | undefined;
    const sigs: Uint8Array[] = [];
    for (const f of fields(tx)) {
      if (f.no === 1 && f.bytes) body = f.bytes;
      else if (f.no === 2 && f.bytes) auth = f.bytes;
      else if (f.no === 3 && f.bytes) sigs.push(f.bytes);
    }
    if (!body || !auth) return [];
    const out: { sig: Uint8Array; hash: Uint8Array; key: Uint8Array }[] = [];
    let i = 0;
    for (const f of fields(auth)) {
      if (f.no !== 1 || !f.bytes) continue;
      const sig = sigs[i++];
      const key = directKey(f.bytes);
      if (!key || sig?.length !== SIG) continue;
      const accountNumber = accountNumberOf(key);
      if (accountNumber === undefined) continue;
      out.push({ sig, hash: sha256(signDocBytes({ bodyBytes: body, authInfoBytes: auth, chainId, accountNumber })), key });
    }
    return out;
  } catch {
    return [];
  }
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

const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const native = require(workerData.bindings);
parentPort.on("message", ({ status, cancel, sigs, hashes, keys, n }) => {
  let judged = 0;
  for (let i = n - 1; i >= 0 && Atomics.load(cancel, 0) === 0; i--) {
    if (Atomics.compareExchange(status, i, ${FREE}, ${TAKEN}) !== ${FREE}) continue;
    let ok = false;
    try {
      ok = native.ecdsaVerify(sigs.subarray(i * 64, i * 64 + 64), hashes.subarray(i * 32, i * 32 + 32), keys.subarray(i * 33, i * 33 + 33));
    } catch {}
    Atomics.store(status, i, ok ? ${VALID} : ${INVALID});
    judged++;
  }
  parentPort.postMessage(judged);
});
`;

interface PoolWorker { worker: Worker; waiting: Array<(judged: number) => void> }

let pool: PoolWorker[] | undefined | null;

/** Workers: one per core but the main thread's (at least one, at most 4); null where the native binding is missing or they cannot start. */
function workers(): PoolWorker[] | null {
  if (pool !== undefined) return pool;
  if (secp256k1Backend !== "libsecp256k1" || process.env.STAKING_ENGINE_SIG_WORKERS === "0") return (pool = null);
  try {
    const bindings = createRequire(import.meta.url).resolve("secp256k1/bindings.js");
    const n = Math.max(1, Math.min(4, (Number(process.env.STAKING_ENGINE_SIG_WORKERS) || availableParallelism()) - 1));
    pool = Array.from({ length: n }, () => {
      const worker = new Worker(WORKER, { eval: true, workerData: { bindings } });
      const w: PoolWorker = { worker, waiting: [] };
      worker.on("message", (judged: number) => {
        sigPoolCounts.verified += judged;
        w.waiting.shift()?.(judged);
        if (w.waiting.length === 0) worker.unref(); // idle workers never keep the process alive
      });
      worker.on("error", () => {
        for (const done of w.waiting) done(0);
        pool = null; // inline from now on
      });
      worker.unref();
      return w;
    });
  } catch {
    pool = null;
  }
  return pool;
}

/**
 * Starts verifying the direct-mode signatures of `txs` on the workers, for the CheckTx calls that
 * follow (`verifySignature`); call `forgetVerdicts` once those ran. Undefined when nothing started
 * (a small batch, no workers, nothing to read); else a promise of the workers' being done (tests
 * wait for it; CheckTx never does).
 */
export function startVerifying(
  txs: readonly Uint8Array[], chainId: string, accountNumberOf: (pubKey: Uint8Array) => bigint | undefined,
): Promise<void> | undefined {
  forgetVerdicts();
  if (txs.length < MIN_BATCH) return undefined;
  const ws = workers();
  if (!ws) return undefined;
  const triples = txs.flatMap((tx) => directTriples(tx, chainId, accountNumberOf));
  const n = triples.length;
  if (n < MIN_BATCH) return undefined;
  const shared = (bytes: number) => new Uint8Array(new SharedArrayBuffer(bytes));
  const sigs = shared(n * SIG);
  const hashes = shared(n * HASH);
  const keys = shared(n * KEY);
  const status = new Int32Array(new SharedArrayBuffer(n * 4));
  const cancel = new Int32Array(new SharedArrayBuffer(4));
  const index = new Map<string, number>();
  triples.forEach((t, i) => {
    sigs.set(t.sig, i * SIG);
    hashes.set(t.hash, i * HASH);
    keys.set(t.key, i * KEY);
    index.set(tripleKey(t.sig, t.hash, t.key), i);
  });
  batch = { index, status, cancel };
  return Promise.all(ws.map((w) => new Promise<number>((resolve) => {
    w.waiting.push(resolve);
    w.worker.ref();
    w.worker.postMessage({ status, cancel, sigs, hashes, keys, n });
  }))).then(() => undefined);
}

/** The batch's CheckTx calls ran: the workers stop, what they judged is dropped. */
export function forgetVerdicts(): void {
  if (batch) Atomics.store(batch.cancel, 0, 1);
  batch = undefined;
}

/** `startVerifying` against a node's check state (its chain id and accounts directory). */
export function verifyAheadForState(
  s: { genesis: { chainId: string }; directory: { account(address: string): { accountNumber: bigint } | undefined } },
  txs: readonly Uint8Array[],
): Promise<void> | undefined {
  return startVerifying(txs, s.genesis.chainId, accountNumberByKey(ACCOUNT_PREFIX, (a) => s.directory.account(a)));
}
