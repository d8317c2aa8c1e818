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

/** The batch being checked: its triples' index, its status tag (its generation), and the pool's shared state. */
let batch: { index: Map<string, number>; tag: number; shared: Shared } | undefined;

/**
 * Triple states in `status`, each tagged with its batch's generation (`gen << 3 | state`): a worker
 * still judging a triple of an earlier batch, whose slot a later batch reuses, cannot set a verdict
 * there (its compare-exchange expects its own batch's tag). Unclaimed, judged valid, judged invalid,
 * claimed by a worker, claimed by CheckTx.
 */
const FREE = 0, VALID = 1, INVALID = 2, TAKEN = 3, MAIN = 4;
/** Generations wrap within 28 bits (the tag's room in an Int32). */
const GEN_MASK = 0x0fff_ffff;

/** The most triples handed to the workers at once (the rest of a larger batch are verified inline). */
const CAPACITY = 4_096;

/** The control words in `ctrl`: the batch's generation, its triple count, the generation cancelled, the verdicts judged; then each worker's last generation done. */
const GEN = 0, COUNT = 1, CANCEL = 2, JUDGED = 3, DONE = 4;

/** How many signature checks took a worker's verdict, and how many a worker judged (tests, the bench). */
export const sigPoolCounts = {
  used: 0,
  get verified(): number {
    return pool ? Atomics.load(pool.ctrl, JUDGED) : 0;
  },
};

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
    const tag = batch!.tag;
    const state = Atomics.compareExchange(batch!.shared.status, i, tag | FREE, tag | MAIN);
    if (state === (tag | VALID) || state === (tag | INVALID)) {
      sigPoolCounts.used++;
      return state === (tag | VALID);
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
//
// Each worker waits on the generation word (Atomics.wait: no event loop, no message per batch); a
// batch is its triples written into buffers shared once at the pool's start, its count and its
// generation stored, and one Atomics.notify. A worker judges the batch from its end while CheckTx
// runs from its start, stops when the batch is cancelled or another one starts, and records the
// generation it finished (tests wait for that). Nothing is posted per batch (a postMessage cloned
// five new SharedArrayBuffers and woke a message port); what is left of the hand-off is the one
// wake-up, most of its cost on a loaded machine (docs/performance.md, "Against chain-maind").

const WORKER = `
const { workerData } = require("node:worker_threads");
const native = require(workerData.bindings);
const { ctrl, status, sigs, hashes, keys, me } = workerData;
let seen = 0;
for (;;) {
  Atomics.wait(ctrl, ${GEN}, seen, 1000);
  const gen = Atomics.load(ctrl, ${GEN});
  if (gen === seen) continue;
  seen = gen;
  const n = Atomics.load(ctrl, ${COUNT});
  const tag = gen << 3;
  let judged = 0;
  for (let i = n - 1; i >= 0 && Atomics.load(ctrl, ${CANCEL}) !== gen && Atomics.load(ctrl, ${GEN}) === gen; i--) {
    if (Atomics.compareExchange(status, i, tag | ${FREE}, tag | ${TAKEN}) !== (tag | ${FREE})) continue;
    let ok = false;
    try {
      ok = native.ecdsaVerify(sigs.subarray(i * 64, i * 64 + 64), hashes.subarray(i * 32, i * 32 + 32), keys.subarray(i * 33, i * 33 + 33));
    } catch {}
    if (Atomics.compareExchange(status, i, tag | ${TAKEN}, tag | (ok ? ${VALID} : ${INVALID})) === (tag | ${TAKEN})) judged++;
  }
  Atomics.add(ctrl, ${JUDGED}, judged);
  Atomics.store(ctrl, ${DONE} + me, gen);
}
`;

interface Shared { ctrl: Int32Array; status: Int32Array; sigs: Uint8Array; hashes: Uint8Array; keys: Uint8Array; workers: number; gen: number }

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
      ctrl: new Int32Array(new SharedArrayBuffer((DONE + n) * 4)), status: new Int32Array(new SharedArrayBuffer(CAPACITY * 4)),
      sigs: bytes(CAPACITY * SIG), hashes: bytes(CAPACITY * HASH), keys: bytes(CAPACITY * KEY), workers: n, gen: 0,
    };
    for (let me = 0; me < n; me++) {
      const { ctrl, status, sigs, hashes, keys } = shared;
      const worker = new Worker(WORKER, { eval: true, workerData: { bindings, ctrl, status, sigs, hashes, keys, me } });
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

/**
 * Starts verifying the direct-mode signatures of `txs` on the workers, for the CheckTx calls that
 * follow (`verifySignature`); call `forgetVerdicts` once those ran. Undefined when nothing started
 * (a small batch, no workers, nothing to read); else a promise-like of the workers' being done with
 * the batch (tests wait for it, polling; CheckTx never does, and nothing is made unless it is awaited).
 */
export function startVerifying(
  txs: readonly Uint8Array[], chainId: string, accountNumberOf: (pubKey: Uint8Array) => bigint | undefined,
): PromiseLike<void> | undefined {
  forgetVerdicts();
  if (txs.length < MIN_BATCH) return undefined;
  const shared = workers();
  if (!shared) return undefined;
  const triples = txs.flatMap((tx) => directTriples(tx, chainId, accountNumberOf));
  const n = Math.min(triples.length, CAPACITY);
  if (n < MIN_BATCH) return undefined;
  const gen = (shared.gen % GEN_MASK) + 1;
  shared.gen = gen;
  const tag = gen << 3;
  const { ctrl, status, sigs, hashes, keys } = shared;
  const index = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const t = triples[i]!;
    Atomics.store(status, i, tag | FREE);
    sigs.set(t.sig, i * SIG);
    hashes.set(t.hash, i * HASH);
    keys.set(t.key, i * KEY);
    index.set(tripleKey(t.sig, t.hash, t.key), i);
  }
  Atomics.store(ctrl, COUNT, n);
  Atomics.store(ctrl, GEN, gen);
  Atomics.notify(ctrl, GEN);
  batch = { index, tag, shared };
  return {
    then(done, failed) {
      const finished = () => {
        for (let w = 0; w < shared.workers; w++) {
          const last = Atomics.load(ctrl, DONE + w);
          if (last !== gen && Atomics.load(ctrl, GEN) === gen) return false;
        }
        return true;
      };
      return new Promise<void>((resolve) => {
        const poll = () => (finished() || pool !== shared ? resolve() : setTimeout(poll, 1));
        poll();
      }).then(done, failed);
    },
  };
}

/** The batch's CheckTx calls ran: the workers stop, what they judged is dropped. */
export function forgetVerdicts(): void {
  if (batch) Atomics.store(batch.shared.ctrl, CANCEL, batch.tag >> 3);
  batch = undefined;
}

/** `startVerifying` against a node's check state (its chain id and accounts directory). */
export function verifyAheadForState(
  s: { genesis: { chainId: string }; directory: { account(address: string): { accountNumber: bigint } | undefined } },
  txs: readonly Uint8Array[],
): PromiseLike<void> | undefined {
  return startVerifying(txs, s.genesis.chainId, accountNumberByKey(ACCOUNT_PREFIX, (a) => s.directory.account(a)));
}
