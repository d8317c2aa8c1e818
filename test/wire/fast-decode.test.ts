// The static protobuf readers of the CheckTx path (host/wire/fast-tx.ts, protobuf-es's reflective
// decoder where they are unsure) held to protobuf-es alone by a differential test: real txs (the
// recorded workloads' tx_bytes, CosmJS-signed sends, delegations, tier locks, several messages,
// amino-json mode, a memo, a timeout height) and thousands of seeded mutations of them (bit flips,
// bytes set, truncations, insertions, a slice duplicated, a field appended, a varint made overlong,
// in the TxRaw, the body, the auth info, a message and a key) decoded both ways: the same DecodedTx
// (every field, bigint, byte, the kept protobuf-es messages with their key order and prototypes) or
// the same refusal (name, codespace, code, text), every one.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { fromBase64 } from "@cosmjs/encoding";
import { decodeTx } from "../../host/wire/amino/stdtx.js";
import { fastDecodeCounts, fastDecoding, fastMessage } from "../../host/wire/fast-tx.js";
import { AnySchema } from "@bufbuild/protobuf/wkt";
import { AuthInfoSchema, TxBodySchema, TxRawSchema } from "../../host/wire/gen/cosmos/tx/v1beta1/tx_pb.js";
import { MsgSendSchema } from "../../host/wire/gen/cosmos/bank/v1beta1/tx_pb.js";
import { withJsExtensions } from "../../scripts/wire-fast-imports.js";
import { aminoSignaturesMade } from "../../host/wire/tx.js";
import { devAddress, operatorOf } from "../../host/app/genesis.js";
import { protoSigner } from "../helpers/cosmjs.js";

const REFERENCE = join(import.meta.dirname, "..", "reference-chain");

/** Every recorded tx: delivered ones' tx_bytes and the CheckTx-refused ones the recorder kept. */
function recordedTxs(): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (const w of readdirSync(REFERENCE)) {
    const dir = join(REFERENCE, w);
    if (!existsSync(join(dir, "txs-and-blocks.json"))) continue;
    for (const t of JSON.parse(readFileSync(join(dir, "txs-and-blocks.json"), "utf8")).txs ?? []) if (t.tx_bytes) out.push(fromBase64(t.tx_bytes));
    if (existsSync(join(dir, "workload-results.json"))) {
      for (const r of JSON.parse(readFileSync(join(dir, "workload-results.json"), "utf8")).results ?? []) if (r.check_tx_bytes) out.push(fromBase64(r.check_tx_bytes));
    }
  }
  return out;
}

async function signedTxs(): Promise<Uint8Array[]> {
  const me = devAddress(5);
  const val = operatorOf(devAddress(1));
  const send = { typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: me, toAddress: devAddress(1), amount: [{ denom: "basecro", amount: "12345" }] } };
  const delegate = { typeUrl: "/cosmos.staking.v1beta1.MsgDelegate", value: { delegatorAddress: me, validatorAddress: val, amount: { denom: "basecro", amount: "100" } } };
  const lock = { typeUrl: "/chainmain.tieredrewards.v1.MsgLockTier", value: { owner: me, id: 1, amount: "100000000000", validatorAddress: val, triggerExitImmediately: false } };
  const o = { chainId: "fast-decode", accountNumber: 7n, sequence: 3n };
  const out: Uint8Array[] = [];
  for (const mode of ["direct", "amino"] as const) {
    const s = await protoSigner(5, mode);
    out.push(await s.sign([send], o));
    out.push(await s.sign([delegate], { ...o, sequence: 0n }));
    out.push(await s.sign([lock], o));
    out.push(await s.sign([send, delegate, lock, send], { ...o, memo: "multi ünïcödé 🚀 memo", timeoutHeight: 123_456n }));
    out.push(await s.sign([send], { ...o, sequence: 2n ** 40n, memo: "x".repeat(300), fee: { amount: [{ denom: "basecro", amount: "18446744073709551616" }, { denom: "zz", amount: "1" }], gas: "9007199254740991" } }));
  }
  return out;
}

/** A canonical text of a value: key order, prototypes, bigints and bytes included. */
function canon(v: unknown): string {
  if (typeof v === "bigint") return `${v}n`;
  if (v instanceof Uint8Array) return `bytes(${Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString("hex")})`;
  if (Array.isArray(v)) return `[${v.map(canon).join(",")}]`;
  if (v !== null && typeof v === "object") {
    const proto = Object.getPrototypeOf(v);
    const kind = proto === Object.prototype ? "" : proto === null ? "null:" : `${proto.constructor?.name ?? "?"}:`;
    return `${kind}{${Object.keys(v).map((k) => `${JSON.stringify(k)}:${canon((v as Record<string, unknown>)[k])}`).join(",")}}`;
  }
  return v === undefined ? "undefined" : JSON.stringify(v);
}

/** What decodeTx gives for `bytes`, as text: the decoded tx with its lazy forms, or the refusal. */
function outcome(bytes: Uint8Array): string {
  try {
    const d = decodeTx(bytes);
    return canon({ d, tx: d.tx, values: d.msgs.map((m) => m.value) });
  } catch (e) {
    const x = e as { name?: string; codespace?: string; code?: number; message?: string };
    return `refused ${x.name} ${x.codespace} ${x.code} ${x.message}`;
  }
}

function both(bytes: Uint8Array): { fast: string; slow: string } {
  fastDecoding.enabled = false;
  try {
    const slow = outcome(bytes);
    fastDecoding.enabled = true;
    return { fast: outcome(bytes), slow };
  } finally {
    fastDecoding.enabled = true;
  }
}

/** mulberry32: the mutations are the same every run. */
function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const concat = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) (out.set(p, at), (at += p.length));
  return out;
};

/** One random mutation of `b`. */
function mutate(b: Uint8Array, rand: () => number): Uint8Array {
  const at = (n = b.length) => Math.floor(rand() * (n + 1));
  const byte = () => Math.floor(rand() * 256);
  const out = b.slice();
  switch (Math.floor(rand() * 8)) {
    case 0: { // a bit flipped
      if (b.length === 0) return new Uint8Array([byte()]);
      out[at(b.length - 1)] ^= 1 << Math.floor(rand() * 8);
      return out;
    }
    case 1: { // a byte set
      if (b.length === 0) return new Uint8Array([byte()]);
      out[at(b.length - 1)] = byte();
      return out;
    }
    case 2: return b.slice(0, at(Math.max(0, b.length - 1))); // truncated
    case 3: { // bytes inserted
      const p = at();
      return concat(b.subarray(0, p), new Uint8Array(Array.from({ length: 1 + Math.floor(rand() * 4) }, byte)), b.subarray(p));
    }
    case 4: { // a slice duplicated (a field given twice, when it falls on one)
      const s = at(b.length), e = s + Math.floor(rand() * Math.min(64, b.length - s + 1));
      return concat(b.subarray(0, e), b.subarray(s, e), b.subarray(e));
    }
    case 5: { // a field appended: a random tag and a value of its wire type
      const field = [1, 2, 3, 4, 5, 6, 9, 12, 1023, 1024, 2047, 2048, 20_000][Math.floor(rand() * 13)]!;
      const wire = [0, 1, 2, 5, 3][Math.floor(rand() * 5)]!;
      const tag: number[] = [];
      for (let t = field * 8 + wire; ; t >>>= 7) { if (t < 0x80) { tag.push(t); break; } tag.push((t & 0x7f) | 0x80); }
      const value = wire === 0 ? [byte() & 0x7f] : wire === 1 ? Array.from({ length: 8 }, byte) : wire === 5 ? Array.from({ length: 4 }, byte) : wire === 2 ? [3, 0x61, 0x62, 0x63] : [];
      return concat(b, new Uint8Array([...tag, ...value]));
    }
    case 6: { // a varint byte made overlong (continuation bytes, then zero)
      const p = at(Math.max(0, b.length - 1));
      if (b.length === 0 || b[p]! >= 0x80) return out;
      const pad = 1 + Math.floor(rand() * 6);
      return concat(b.subarray(0, p), new Uint8Array([b[p]! | 0x80, ...Array(pad - 1).fill(0x80), 0]), b.subarray(p + 1));
    }
    default: { // an invalid UTF-8 byte inside the bytes
      if (b.length === 0) return out;
      out[at(b.length - 1)] = [0xff, 0xc0, 0xed, 0x80][Math.floor(rand() * 4)]!;
      return out;
    }
  }
}

/** `tx` with one of its parts mutated, re-wrapped canonically (ADR-027) where the part is inside. */
function mutateTx(tx: Uint8Array, rand: () => number): Uint8Array {
  let raw;
  try {
    raw = fromBinary(TxRawSchema, tx);
  } catch {
    return mutate(tx, rand);
  }
  const wrap = (body: Uint8Array, auth: Uint8Array) => toBinary(TxRawSchema, create(TxRawSchema, { bodyBytes: body, authInfoBytes: auth, signatures: raw.signatures }));
  const where = rand();
  if (where < 0.1) return mutate(tx, rand);
  if (where < 0.4) return wrap(mutate(raw.bodyBytes, rand), raw.authInfoBytes);
  if (where < 0.65) return wrap(raw.bodyBytes, mutate(raw.authInfoBytes, rand));
  try {
    if (where < 0.9) { // a message's bytes
      const body = fromBinary(TxBodySchema, raw.bodyBytes);
      const m = body.messages[Math.floor(rand() * body.messages.length)];
      if (m === undefined) return wrap(mutate(raw.bodyBytes, rand), raw.authInfoBytes);
      m.value = mutate(m.value, rand);
      return wrap(toBinary(TxBodySchema, body), raw.authInfoBytes);
    }
    const auth = fromBinary(AuthInfoSchema, raw.authInfoBytes); // a signer's key
    const key = auth.signerInfos[0]?.publicKey;
    if (key === undefined) return wrap(raw.bodyBytes, mutate(raw.authInfoBytes, rand));
    auth.signerInfos[0]!.publicKey = create(AnySchema, { typeUrl: key.typeUrl, value: mutate(key.value, rand) });
    return wrap(raw.bodyBytes, toBinary(AuthInfoSchema, auth));
  } catch {
    return wrap(mutate(raw.bodyBytes, rand), raw.authInfoBytes);
  }
}

const corpus = [...recordedTxs(), ...(await signedTxs())];

test("the corpus: recorded txs and CosmJS-signed ones, decoded alike both ways, the fast readers taking them", () => {
  assert.ok(corpus.length >= 100, `${corpus.length} txs`);
  const before = { ...fastDecodeCounts };
  let accepted = 0;
  for (const tx of corpus) {
    const { fast, slow } = both(tx);
    assert.is(fast, slow);
    if (!slow.startsWith("refused")) accepted++;
  }
  assert.ok(accepted >= 80, `${accepted} decode`);
  // Without the static readers no envelope is read by them: this fails.
  assert.ok(fastDecodeCounts.envelopes - before.envelopes >= accepted * 0.9, `${fastDecodeCounts.envelopes - before.envelopes} of ${accepted}`);
  assert.ok(fastDecodeCounts.messages - before.messages >= 10);
});

test("thousands of seeded mutations: the same DecodedTx or the same refusal, every one", () => {
  const rand = prng(35);
  let n = 0, refused = 0, fastTook = 0;
  for (let round = 0; round < 40; round++) {
    for (const tx of corpus) {
      const mutated = mutateTx(tx, rand);
      const before = fastDecodeCounts.envelopes;
      const { fast, slow } = both(mutated);
      if (fast !== slow) assert.unreachable(`mutation ${n} (${Buffer.from(mutated).toString("hex")}):\nfast ${fast.slice(0, 400)}\nslow ${slow.slice(0, 400)}`);
      n++;
      if (slow.startsWith("refused")) refused++;
      if (fastDecodeCounts.envelopes > before) fastTook++;
    }
  }
  if (process.env.FAST_DECODE_REPORT) console.log({ n, refused, fastTook, corpus: corpus.length, counts: fastDecodeCounts });
  assert.ok(n >= 4000, `${n} mutations`);
  // Both kinds are exercised: refusals and mutated txs that still decode, most of them by the fast readers.
  assert.ok(refused > n / 10 && refused < n * 0.95, `${refused} refused of ${n}`);
  assert.ok(fastTook > n / 4, `the fast readers took ${fastTook} of ${n}`);
});

test("a MsgSend by the static reader is protobuf-es's message: fields, key order, prototype", () => {
  const bytes = toBinary(MsgSendSchema, create(MsgSendSchema, { fromAddress: "a", toAddress: "b", amount: [{ denom: "basecro", amount: "1" }, { denom: "x", amount: "" }] }));
  const fast = fastMessage("cosmos.bank.v1beta1.MsgSend", bytes);
  assert.ok(fast !== undefined);
  assert.is(canon(fast), canon(fromBinary(MsgSendSchema, bytes)));
  // an unknown field, a bad UTF-8 string, a truncation: left to protobuf-es
  assert.is(fastMessage("cosmos.bank.v1beta1.MsgSend", concat(bytes, new Uint8Array([0x48, 1]))), undefined);
  assert.is(fastMessage("cosmos.bank.v1beta1.MsgSend", new Uint8Array([0x0a, 1, 0xff])), undefined);
  assert.is(fastMessage("cosmos.bank.v1beta1.MsgSend", bytes.subarray(0, bytes.length - 1)), undefined);
  // a tag past 32 bits (protobuf-es refuses it; protobuf-ts alone would read its low bits)
  assert.is(fastMessage("cosmos.bank.v1beta1.MsgSend", new Uint8Array([0x8a, 0x80, 0x80, 0x80, 0x10, 1, 0x61])), undefined);
  assert.is(fastMessage("cosmos.staking.v1beta1.MsgDelegate", bytes), undefined); // no static reader: protobuf-es
});

test("a protobuf tx's amino fee and signatures are made when its StdTx view is first read, not at decode", async () => {
  const s = await protoSigner(6, "direct");
  const tx = await s.sign([{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: s.address, toAddress: devAddress(1), amount: [{ denom: "basecro", amount: "1" }] } }],
    { chainId: "lazy", accountNumber: 1n, sequence: 0n, fee: { amount: [{ denom: "basecro", amount: "7" }], gas: "100000" } });
  const before = aminoSignaturesMade.count;
  const d = decodeTx(tx);
  assert.is(aminoSignaturesMade.count, before, "none at decode");
  assert.equal(d.tx.fee, { amount: [{ amount: "7", denom: "basecro" }], gas: "100000" });
  assert.is(d.tx.signatures[0]!.pub_key.type, "tendermint/PubKeySecp256k1");
  assert.is(d.tx.signatures[0]!.signature, Buffer.from(d.signatures[0]!.signature).toString("base64"));
  assert.is(aminoSignaturesMade.count, before + 1, "once, when read");
  void d.tx;
  assert.is(aminoSignaturesMade.count, before + 1);
});

test("the client package (host/client/) bundles no generated reader: wire/messages.ts takes them installed, not imported", async () => {
  const { build } = await import("esbuild");
  const peers = ["@cosmjs/*", "@bufbuild/protobuf", "@bufbuild/protobuf/*"]; // host/web/build.ts CLIENT_PEERS (that module runs the build when imported)
  const r = await build({ entryPoints: ["host/client/index.ts"], bundle: true, write: false, metafile: true, format: "esm", platform: "browser", external: peers, absWorkingDir: join(import.meta.dirname, "..", ".."), logLevel: "silent" });
  const inputs = Object.keys(r.metafile!.inputs);
  assert.ok(inputs.some((f) => f.endsWith("host/wire/messages.ts")));
  assert.not.ok(inputs.some((f) => f.includes("gen-fast") || f.includes("@protobuf-ts") || f.endsWith("fast-tx.ts")), inputs.filter((f) => f.includes("fast")).join(", "));
});

test("the generator's imports get their .js (scripts/wire-fast-imports.ts)", () => {
  const src = 'import { Coin } from "../../base/v1beta1/coin";\nimport type { X } from "@protobuf-ts/runtime";\nexport { Y } from "./y.js";\n';
  assert.is(withJsExtensions(src), 'import { Coin } from "../../base/v1beta1/coin.js";\nimport type { X } from "@protobuf-ts/runtime";\nexport { Y } from "./y.js";\n');
});

test.run();
