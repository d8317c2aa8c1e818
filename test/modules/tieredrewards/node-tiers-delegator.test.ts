// A tier position's delegator address (host/modules/tieredrewards/messages.ts
// positionDelegatorAddress) against the reference's derivation written out independently
// (REFERENCE §3.3): deterministic, 32 bytes, seeded by header hash, owner and id, taken candidates
// skipped in nonce order, ten taken an error (tieredrewards 31).

import { test } from "uvu";
import * as assert from "uvu/assert";
import { createHash } from "node:crypto";
import { bech32 } from "@scure/base";
import { TierError } from "../../../host/core/tiers.js";
import { devAddress } from "../../../host/app/genesis.js";
import { positionDelegatorAddress } from "../../../host/modules/tieredrewards/messages.js";

/** REFERENCE §3.3, written out independently: address.Module("tieredrewards/position", h, owner, be64(id), be64(nonce)). */
function referenceDelegator(headerHash: Uint8Array, ownerBytes: Uint8Array, id: bigint, nonce: bigint): string {
  const sha = (...parts: Uint8Array[]) => {
    const h = createHash("sha256");
    for (const p of parts) h.update(p);
    return new Uint8Array(h.digest());
  };
  const be = (v: bigint) => {
    const b = Buffer.alloc(8);
    b.writeBigUInt64BE(v);
    return new Uint8Array(b);
  };
  let a = sha(sha(Buffer.from("module")), Buffer.from("tieredrewards/position"), new Uint8Array([0]), headerHash);
  for (const key of [ownerBytes, be(id), be(nonce)]) a = sha(sha(a), key);
  return bech32.encode("cro", bech32.toWords(a), 100);
}

test("positionDelegatorAddress: the reference's derivation, deterministic, 32 bytes, seeded by header hash, owner and id; skips taken candidates; ten taken is (31)", () => {
  const header = new Uint8Array(32).fill(7);
  const owner = devAddress(5);
  const ownerBytes = bech32.fromWords(bech32.decode(owner as `${string}1${string}`).words);
  const none = () => false;
  const a = positionDelegatorAddress(header, owner, 3n, "cro", none);
  assert.is(a, positionDelegatorAddress(header, owner, 3n, "cro", none), "deterministic");
  assert.is(a, referenceDelegator(header, ownerBytes, 3n, 0n));
  const decoded = bech32.decode(a as `${string}1${string}`, 100);
  assert.is(decoded.prefix, "cro");
  assert.is(bech32.fromWords(decoded.words).length, 32);

  const others = [
    positionDelegatorAddress(new Uint8Array(32).fill(8), owner, 3n, "cro", none),
    positionDelegatorAddress(header, devAddress(6), 3n, "cro", none),
    positionDelegatorAddress(header, owner, 4n, "cro", none),
  ];
  assert.is(new Set([a, ...others]).size, 4, "header hash, owner and id each change it");

  // Taken candidates are skipped in nonce order.
  const candidates = Array.from({ length: 10 }, (_, n) => referenceDelegator(header, ownerBytes, 3n, BigInt(n)));
  assert.is(new Set(candidates).size, 10);
  assert.is(positionDelegatorAddress(header, owner, 3n, "cro", (x) => x === candidates[0]), candidates[1]);
  const firstFour = new Set(candidates.slice(0, 4));
  assert.is(positionDelegatorAddress(header, owner, 3n, "cro", (x) => firstFour.has(x)), candidates[4]);
  const allButLast = new Set(candidates.slice(0, 9));
  assert.is(positionDelegatorAddress(header, owner, 3n, "cro", (x) => allButLast.has(x)), candidates[9]);
  const asked: string[] = [];
  try {
    positionDelegatorAddress(header, owner, 3n, "cro", (x) => (asked.push(x), true));
    assert.unreachable("ten taken candidates must fail");
  } catch (e) {
    assert.instance(e, TierError);
    assert.is((e as TierError).codespace, "tieredrewards");
    assert.is((e as TierError).code, 31);
    assert.is((e as TierError).message, "could not derive a free position delegator address");
  }
  assert.equal(asked, candidates, "exactly the ten nonces, in order");
});

test.run();
