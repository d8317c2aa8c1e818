// The signature verifier (host/wire/secp256k1.ts): libsecp256k1's native binding and @noble/curves
// agree on every input, valid and hostile (high S, r or s zero or >= n, wrong key or message,
// uncompressed and off-curve keys, bad lengths), and both follow the SDK's rule (low S only); the
// node runs with the @noble fallback too (STAKING_ENGINE_SECP256K1=noble), with its notice.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { secp256k1Backend, verifyHashNoble, verifyHashSecp256k1 } from "../../host/wire/secp256k1.js";
import { devPrivateKey } from "../../host/app/genesis.js";

const N = secp256k1.Point.CURVE().n;
const be32 = (x: bigint) => {
  const out = new Uint8Array(32);
  for (let i = 31; i >= 0; i--, x >>= 8n) out[i] = Number(x & 0xffn);
  return out;
};
const rs = (r: bigint, s: bigint) => new Uint8Array([...be32(r), ...be32(s)]);
const fromBe = (b: Uint8Array) => b.reduce((x, v) => (x << 8n) | BigInt(v), 0n);

test("the native binding is in use on this platform", () => {
  assert.is(secp256k1Backend, "libsecp256k1");
});

test("libsecp256k1 and @noble agree: valid, high-S, out-of-range, wrong key/message, malformed", () => {
  let seed = 20261124;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  const cases: { sig: Uint8Array; hash: Uint8Array; key: Uint8Array; want?: boolean; what: string }[] = [];
  for (let i = 0; i < 300; i++) {
    const priv = sha256(new TextEncoder().encode(`k${i}`));
    const key = secp256k1.getPublicKey(priv, true);
    const hash = sha256(new TextEncoder().encode(`m${i}`));
    const sig = secp256k1.sign(hash, priv, { prehash: false, lowS: true, format: "compact" });
    const r = fromBe(sig.subarray(0, 32));
    const s = fromBe(sig.subarray(32));
    cases.push({ sig, hash, key, want: true, what: "valid" });
    cases.push({ sig: rs(r, N - s), hash, key, want: false, what: "high S (the same signature's twin)" });
    cases.push({ sig, hash: sha256(hash), key, want: false, what: "another message" });
    cases.push({ sig, hash, key: secp256k1.getPublicKey(sha256(priv), true), want: false, what: "another key" });
    const flipped = sig.slice();
    flipped[rand() % 64]! ^= 1 << (rand() % 8);
    cases.push({ sig: flipped, hash, key, what: "a flipped bit" });
    const keyFlip = key.slice();
    keyFlip[1 + (rand() % 32)]! ^= 1;
    cases.push({ sig, hash, key: keyFlip, what: "a flipped key bit (often off the curve)" });
  }
  const key = secp256k1.getPublicKey(devPrivateKey(1), true);
  const hash = sha256(new Uint8Array([1]));
  for (const [sig, what] of [
    [rs(0n, 1n), "r = 0"], [rs(1n, 0n), "s = 0"], [rs(N, 1n), "r = n"], [rs(1n, N), "s = n"],
    [rs((1n << 256n) - 1n, 1n), "r = 2^256-1"], [new Uint8Array(63), "63 bytes"], [new Uint8Array(65), "65 bytes"], [new Uint8Array(0), "empty"],
  ] as const) {
    cases.push({ sig, hash, key, want: false, what });
  }
  const good = secp256k1.sign(hash, devPrivateKey(1), { prehash: false, lowS: true, format: "compact" });
  cases.push({ sig: good, hash, key: secp256k1.getPublicKey(devPrivateKey(1), false), want: false, what: "uncompressed key (the SDK takes 33 bytes)" });
  cases.push({ sig: good, hash, key: new Uint8Array(33), want: false, what: "zero key" });
  cases.push({ sig: good, hash: hash.subarray(0, 31), key, want: false, what: "31-byte hash" });
  let valid = 0;
  for (const c of cases) {
    const guard = (f: typeof verifyHashNoble) => c.key.length === 33 && c.sig.length === 64 && c.hash.length === 32 && f(c.sig, c.hash, c.key);
    const a = guard(verifyHashSecp256k1);
    const b = guard(verifyHashNoble);
    assert.is(a, b, `${c.what}: libsecp256k1 ${a}, noble ${b}`);
    if (c.want !== undefined) assert.is(a, c.want, c.what);
    if (a) valid++;
  }
  assert.ok(valid >= 300, `${valid} valid`);
});

test("the fallback: with STAKING_ENGINE_SECP256K1=noble the node verifies with @noble", () => {
  const r = spawnSync(process.execPath, ["--import", "tsx", "-e",
    'const m = await import("./host/wire/secp256k1.ts"); console.log(m.secp256k1Backend);'], { env: { ...process.env, STAKING_ENGINE_SECP256K1: "noble" }, encoding: "utf8" });
  assert.is(r.stdout.trim(), "noble", r.stderr);
});

test.run();
