// verifySecp256k1 remembers the signatures it found valid (a tx's is checked at CheckTx, at every
// recheck and when its block executes): the same key, sign bytes and signature are answered from
// memory; any other key or sign bytes with that signature are verified, and refused.

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { verifiedMemo, verifySecp256k1 } from "../../host/wire/keys.js";

const test = suite("verifySecp256k1 memo");

const key = (n: number) => new Uint8Array(32).fill(n);
const pubOf = (n: number) => secp256k1.getPublicKey(key(n), true);
const sign = (n: number, bytes: Uint8Array) => secp256k1.sign(sha256(bytes), key(n), { prehash: false, lowS: true, format: "compact" });

test("a valid signature is answered from memory the second time, and only for its key and bytes", () => {
  const bytes = new TextEncoder().encode(`sign doc ${Math.random()}`);
  const sig = sign(7, bytes);
  const before = verifiedMemo.hits;
  assert.ok(verifySecp256k1(pubOf(7), bytes, sig));
  assert.is(verifiedMemo.hits, before, "the first check verifies");
  assert.ok(verifySecp256k1(pubOf(7), bytes.slice(), Uint8Array.from(sig)));
  assert.is(verifiedMemo.hits, before + 1, "the second is remembered");
  // The same signature over other bytes, or under another key: verified, not remembered, refused.
  const other = bytes.slice();
  other[0]! ^= 1;
  assert.not.ok(verifySecp256k1(pubOf(7), other, sig));
  assert.not.ok(verifySecp256k1(pubOf(8), bytes, sig));
  assert.is(verifiedMemo.hits, before + 1);
});

test("an invalid signature is never remembered", () => {
  const bytes = new TextEncoder().encode(`bad ${Math.random()}`);
  const sig = sign(7, bytes);
  const before = verifiedMemo.hits;
  assert.not.ok(verifySecp256k1(pubOf(8), bytes, sig));
  assert.not.ok(verifySecp256k1(pubOf(8), bytes, sig));
  assert.is(verifiedMemo.hits, before);
});

test.run();
