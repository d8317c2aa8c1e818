// Signature checks off the main thread. CheckTx stays one at a time, in arrival order, on the main
// thread (CometBFT's order: a tx is judged against the check state its predecessors left); what
// moves is the one pure step in it, the secp256k1 verification of (signature, sha256(sign bytes),
// key). For a batch of txs that arrived together, `prefetch` reads each SIGN_MODE_DIRECT
// single-key signature's triple from the tx bytes (the sign doc with the signer's account number),
// has worker threads verify the triples in parallel, and keeps the verdicts; CheckTx then runs as
// ever and, at its signature step (verify.ts `verifySignature`), takes the verdict kept for exactly
// that triple instead of verifying again. A triple CheckTx computes otherwise (another account
// number, a sequence refused first, amino-json, multisig, a key not in the tx) finds no verdict and
// is verified inline: results and gas are those of inline verification by construction.
// Batches under MIN_BATCH and hosts without the native binding stay inline (the hop costs more).

import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { signDocBytes } from "../../wire/tx-encode.js";
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

/** Verdicts kept for the batch CheckTx is about to run: triple -> valid. */
const verdicts = new Map<string, boolean>();
/** How many signature checks took a kept verdict, and how many triples the workers verified (tests, the bench). */
export const sigPoolCounts = { used: 0, verified: 0 };

const tripleKey = (sig: Uint8Array, hash: Uint8Array, key: Uint8Array): string =>
  Buffer.from(sig.buffer, sig.byteOffset, sig.byteLength).toString("base64") + Buffer.from(hash.buffer, hash.byteOffset, hash.byteLength).toString("base64") +
  Buffer.from(key.buffer, key.byteOffset, key.byteLength).toString("base64");

const sha256 = (bytes: Uint8Array): Uint8Array => createHash("sha256").update(bytes).digest();

/**
 * The SDK's secp256k1 check (wire/keys.ts verifySecp256k1's rule): a kept verdict for this exact
 * triple if the workers made one, else libsecp256k1 (or @noble) inline.
 */
export function verifySignature(pubKey: Uint8Array, signBytes: Uint8Array, signature: Uint8Array): boolean {
  if (pubKey.length !== KEY || signature.length !== SIG) return false;
  const hash = sha256(signBytes);
  if (verdicts.size > 0) {
    const k = tripleKey(signature, hash, pubKey);
    const v = verdicts.get(k);
    if (v !== undefined) {
      verdicts.delete(k);
      sigPoolCounts.used++;
      return v;
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

/** `accountNumberOf` for `prefetchSignatures`: the key's address's account number, by `account`. */
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
parentPort.on("message", ({ id, sigs, hashes, keys, n }) => {
  const ok = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    try {
      ok[i] = native.ecdsaVerify(sigs.subarray(i * 64, i * 64 + 64), hashes.subarray(i * 32, i * 32 + 32), keys.subarray(i * 33, i * 33 + 33)) ? 1 : 0;
    } catch {
      ok[i] = 0;
    }
  }
  parentPort.postMessage({ id, ok }, [ok.buffer]);
});
`;

interface PoolWorker { worker: Worker; waiting: Map<number, (ok: Uint8Array) => void> }

let pool: PoolWorker[] | undefined | null;
let nextId = 0;

/** Workers: one per core but the main thread's (at least one, at most 4); null where the native binding is missing or they cannot start. */
function workers(): PoolWorker[] | null {
  if (pool !== undefined) return pool;
  if (secp256k1Backend !== "libsecp256k1" || process.env.STAKING_ENGINE_SIG_WORKERS === "0") return (pool = null);
  try {
    const bindings = createRequire(import.meta.url).resolve("secp256k1/bindings.js");
    const n = Math.max(1, Math.min(4, (Number(process.env.STAKING_ENGINE_SIG_WORKERS) || availableParallelism()) - 1));
    pool = Array.from({ length: n }, () => {
      const worker = new Worker(WORKER, { eval: true, workerData: { bindings } });
      const waiting = new Map<number, (ok: Uint8Array) => void>();
      worker.on("message", ({ id, ok }: { id: number; ok: Uint8Array }) => {
        const done = waiting.get(id);
        waiting.delete(id);
        if (waiting.size === 0) worker.unref(); // idle workers never keep the process alive
        done?.(ok);
      });
      worker.on("error", () => {
        for (const done of waiting.values()) done(new Uint8Array(0));
        waiting.clear();
        pool = null; // inline from now on
      });
      worker.unref();
      return { worker, waiting };
    });
  } catch {
    pool = null;
  }
  return pool;
}

function verifyOn(w: PoolWorker, triples: { sig: Uint8Array; hash: Uint8Array; key: Uint8Array }[]): Promise<Uint8Array> {
  const n = triples.length;
  const sigs = new Uint8Array(n * SIG);
  const hashes = new Uint8Array(n * HASH);
  const keys = new Uint8Array(n * KEY);
  triples.forEach((t, i) => {
    sigs.set(t.sig, i * SIG);
    hashes.set(t.hash, i * HASH);
    keys.set(t.key, i * KEY);
  });
  const id = nextId++;
  return new Promise((resolve) => {
    w.waiting.set(id, resolve);
    w.worker.ref();
    w.worker.postMessage({ id, sigs, hashes, keys, n }, [sigs.buffer, hashes.buffer, keys.buffer]);
  });
}

/**
 * Verifies the direct-mode signatures of `txs` on the workers and keeps the verdicts for the
 * CheckTx calls that follow (`verifySignature`); false when it did nothing (a small batch, no
 * workers, nothing to read). Call `forgetVerdicts` once those CheckTx calls ran.
 */
export async function prefetchSignatures(
  txs: readonly Uint8Array[], chainId: string, accountNumberOf: (pubKey: Uint8Array) => bigint | undefined,
): Promise<boolean> {
  if (txs.length < MIN_BATCH) return false;
  const ws = workers();
  if (!ws) return false;
  const triples = txs.flatMap((tx) => directTriples(tx, chainId, accountNumberOf));
  if (triples.length < MIN_BATCH) return false;
  const per = Math.ceil(triples.length / ws.length);
  const parts = ws.map((w, i) => ({ w, part: triples.slice(i * per, (i + 1) * per) })).filter((p) => p.part.length > 0);
  const results = await Promise.all(parts.map(({ w, part }) => verifyOn(w, part)));
  parts.forEach(({ part }, p) => {
    const ok = results[p]!;
    if (ok.length !== part.length) return; // a worker failed: those stay inline
    part.forEach((t, i) => verdicts.set(tripleKey(t.sig, t.hash, t.key), ok[i] === 1));
    sigPoolCounts.verified += part.length;
  });
  return true;
}

/** Drops the verdicts no CheckTx took (a tx refused before its signature step, or not read alike). */
export function forgetVerdicts(): void {
  verdicts.clear();
}

/** `prefetchSignatures` against a node's check state (its chain id and accounts directory). */
export function prefetchForState(
  s: { genesis: { chainId: string }; directory: { account(address: string): { accountNumber: bigint } | undefined } },
  txs: readonly Uint8Array[],
): Promise<boolean> {
  return prefetchSignatures(txs, s.genesis.chainId, accountNumberByKey(ACCOUNT_PREFIX, (a) => s.directory.account(a)));
}
