// The CheckTx fast paths hold the same answers as the plain ones: a meter that charges an access
// as one sum when it stays within the limit (and the SDK's separate charges past it), UTF-8 and
// varint sizes computed without encoding, and the address cache (valid addresses kept, copies
// handed out, the same errors for bad ones, whichever prefix asks first).

import { test } from "uvu";
import * as assert from "uvu/assert";
import { bech32 } from "@scure/base";
import { GasMeter, OutOfGas } from "../../host/framework/gas/meter.js";
import { bytesOf, varintLen } from "../../host/framework/gas/proto.js";
import { accountAddressBytes, addressLength, canonicalAddress, encodeAddress } from "../../host/wire/address.js";

/** A meter that charges every ConsumeGas separately (what the SDK does): the oracle. */
class Stepwise extends GasMeter {
  protected override lumps = false;
}

type Op = ["get" | "set", number, number] | ["has" | "del", number];
const run = (m: GasMeter, ops: Op[]): { consumed: bigint; stop?: string; used?: bigint } => {
  try {
    for (const op of ops) {
      if (op[0] === "get" || op[0] === "set") m[op[0]]("acc", op[1], op[2]);
      else m[op[0]]("acc", op[1]);
    }
    return { consumed: m.consumed };
  } catch (e) {
    if (!(e instanceof OutOfGas)) throw e;
    return { consumed: m.consumed, stop: e.descriptor, used: e.used };
  }
};

test("a lumped access charges what the separate charges do, and past the limit stops at the same charge", () => {
  const ops: Op[] = [["get", 21, 120], ["set", 21, 121], ["has", 30], ["del", 9], ["get", 44, 0], ["set", 5, 3000]];
  const total = run(new Stepwise(), ops).consumed;
  assert.equal(run(new GasMeter(), ops).consumed, total);
  // every limit around each charge's edge: the same stop, descriptor and gas used
  const edges = new Set<bigint>([0n, total - 1n, total, total + 1n]);
  for (let i = 1; i <= ops.length; i++) {
    const partial = run(new Stepwise(), ops.slice(0, i)).consumed;
    for (const d of [-1000n, -91n, -3n, -1n, 0n, 1n]) edges.add(partial + d);
  }
  for (const limit of edges) {
    if (limit < 0n) continue;
    assert.equal(run(new GasMeter(limit), ops), run(new Stepwise(limit), ops), `limit ${limit}`);
  }
});

test("a traced meter records every access whether or not it lumps", () => {
  const m = new GasMeter();
  m.trace = [];
  run(m, [["get", 21, 100], ["has", 5]]);
  assert.equal(m.trace.map((a) => [a.op, a.gas]), [["get", 1000n + 3n * 121n], ["has", 1000n]]);
});

test("bytesOf counts UTF-8 bytes as TextEncoder writes them (lone surrogates as U+FFFD)", () => {
  const utf8 = new TextEncoder();
  const samples = ["", "basecro", "ünïcødé", "日本語", "a😀b", "\u{10FFFF}", "\ud800", "x\udc00y", "\ud83d", "😀\ud83d", "\u07ff\u0800"];
  for (let c = 0; c < 0x10000; c += 97) samples.push(String.fromCharCode(c, c + 1));
  for (const s of samples) assert.is(bytesOf(s), utf8.encode(s).length, JSON.stringify(s));
});

test("varintLen of numbers and bigints at every 7-bit edge, and negative int64s", () => {
  const plain = (v: bigint) => {
    let n = 1;
    while (v >= 0x80n) {
      v >>= 7n;
      n++;
    }
    return n;
  };
  for (let k = 0; k <= 64; k++) {
    for (const v of [(1n << BigInt(k)) - 1n, 1n << BigInt(k)]) {
      if (v >= 1n << 64n) continue;
      assert.is(varintLen(v), plain(v), `${v}n`);
      if (v <= BigInt(Number.MAX_SAFE_INTEGER)) assert.is(varintLen(Number(v)), plain(v), `${v}`);
    }
  }
  assert.is(varintLen(-1n), 10);
  assert.is(varintLen(-1), 10);
});

test("the address cache: copies handed out, the canonical text, the same errors, a prefix checked each time", () => {
  const bytes = Uint8Array.from({ length: 20 }, (_, i) => i + 1);
  const addr = encodeAddress("cro", bytes);
  const a = accountAddressBytes(addr, "cro");
  a[0] = 99; // a caller's copy: the cache keeps its own
  assert.equal(accountAddressBytes(addr, "cro"), bytes);
  assert.is(canonicalAddress(addr.toUpperCase(), "cro"), addr);
  assert.is(canonicalAddress(addr, "cro"), addr);
  assert.is(addressLength(addr), 20);
  assert.is(addressLength(encodeAddress("cro", new Uint8Array(32))), 32);
  // known under one prefix, asked under another: refused as before, and still known after
  assert.throws(() => accountAddressBytes(addr, "crocncl"), /invalid Bech32 prefix; expected crocncl, got cro/);
  assert.equal(accountAddressBytes(addr, "cro"), bytes);
  // a bad checksum is never kept
  const bad = addr.slice(0, -1) + (addr.endsWith("q") ? "p" : "q");
  for (let i = 0; i < 2; i++) assert.throws(() => accountAddressBytes(bad, "cro"), /decoding bech32 failed/);
  assert.throws(() => canonicalAddress("", "cro"), /empty address string is not allowed/);
  // more addresses than the cache holds: every one still answers right
  for (let n = 0; n < 5000; n++) {
    const b = new Uint8Array(20);
    new DataView(b.buffer).setUint32(0, n);
    const text = bech32.encode("cro", bech32.toWords(b));
    assert.equal(accountAddressBytes(text, "cro"), b);
  }
  assert.equal(accountAddressBytes(addr, "cro"), bytes);
});

test.run();
