// The export's address order (framework/genesis-json.ts addressSortKey, addressOrder): read from the
// bech32 text without decoding it, it must be compareBytes' order of the addresses' bytes, with and
// without their length first, for every length the chain has (20-byte accounts, 32-byte module and
// ICA accounts) and odd ones, and a text not in canonical form must still be ordered by its bytes.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { addressOrder, addressSortKey, compareBytes, sortedByKey, sortedInSteps } from "../../host/framework/genesis-json.js";
import { encodeAddress } from "../../host/wire/address.js";
import { rng } from "../helpers/ledger-model.js";

const PREFIX = "cro";

function addresses(seed: number, n: number): { bytes: Uint8Array; text: string }[] {
  const r = rng(seed);
  const lengths = [20, 20, 20, 32, 32, 1, 5, 21, 22, 31];
  const out: { bytes: Uint8Array; text: string }[] = [];
  for (let i = 0; i < n; i++) {
    const bytes = new Uint8Array(lengths[Math.floor(r() * lengths.length)]!);
    // small alphabets make shared prefixes (and one address a prefix of another) common
    const alphabet = r() < 0.5 ? 2 : 256;
    for (let j = 0; j < bytes.length; j++) bytes[j] = alphabet === 2 ? (r() < 0.5 ? 0 : 255) : Math.floor(r() * 256);
    out.push({ bytes, text: encodeAddress(PREFIX, bytes) });
  }
  // a prefix of another: the same bytes cut short
  for (let i = 0; i < 20; i++) {
    const b = out[i]!.bytes;
    if (b.length > 1) out.push({ bytes: b.slice(0, b.length - 1), text: encodeAddress(PREFIX, b.slice(0, b.length - 1)) });
  }
  return out;
}

for (const lengthFirst of [false, true]) {
  test(`addressSortKey orders as the bytes (length first: ${lengthFirst})`, () => {
    const xs = addresses(lengthFirst ? 7 : 11, 400);
    let compared = 0;
    for (let i = 0; i < xs.length; i++) {
      for (let j = 0; j < xs.length; j += 7) {
        const a = xs[i]!, b = xs[j]!;
        const want = Math.sign(compareBytes(a.bytes, b.bytes, lengthFirst));
        const ka = addressSortKey(a.text, PREFIX, lengthFirst), kb = addressSortKey(b.text, PREFIX, lengthFirst);
        assert.is(ka < kb ? -1 : ka > kb ? 1 : 0, want, `${a.text} vs ${b.text}`);
        compared++;
      }
    }
    assert.ok(compared > 20_000);
    const order = addressOrder(PREFIX, lengthFirst);
    const sorted = [...xs].sort((a, b) => order(a.text, b.text)).map((x) => x.text);
    const byBytes = [...xs].sort((a, b) => compareBytes(a.bytes, b.bytes, lengthFirst)).map((x) => x.text);
    assert.equal(sorted, byBytes);
  });
}

test("addressSortKey: upper-case text (decoded) keys as its lower-case form", () => {
  for (const { text } of addresses(3, 50)) {
    for (const lengthFirst of [false, true]) assert.is(addressSortKey(text.toUpperCase(), PREFIX, lengthFirst), addressSortKey(text, PREFIX, lengthFirst));
  }
});

test("addressSortKey: another prefix or a character outside bech32 throws (as the decoder does)", () => {
  const a = encodeAddress(PREFIX, new Uint8Array(20).fill(7));
  assert.throws(() => addressSortKey(a, "crocncl", false));
  assert.throws(() => addressSortKey(`${a.slice(0, 10)}b${a.slice(11)}`, PREFIX, false));
});

test("sortedInSteps: the native stable sort's order, runs merged a step at a time, with a pause every step", () => {
  const r = rng(5);
  for (const [n, step] of [[0, 3], [1, 3], [2, 1], [10, 3], [100, 7], [1000, 16], [999, 1000], [1000, 1000], [5000, 64]] as const) {
    // few distinct keys: ties are common, and stability shows in the item's index
    const items = Array.from({ length: n }, (_, i) => ({ i, k: String.fromCharCode(65 + Math.floor(r() * 5), 65 + Math.floor(r() * 3)) }));
    const want = [...items].sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0));
    const g = sortedInSteps(items, (x) => x.k, step);
    let pauses = 0;
    let got: typeof items;
    for (;;) {
      const x = g.next();
      if (x.done) {
        got = x.value;
        break;
      }
      pauses++;
    }
    assert.equal(got.map((x) => x.i), want.map((x) => x.i), `n=${n} step=${step}`);
    assert.equal(sortedByKey(items, (x) => x.k).map((x) => x.i), want.map((x) => x.i));
    if (n >= 4 * step) assert.ok(pauses >= Math.floor(n / step), `pauses: ${pauses} for n=${n} step=${step}`);
  }
});

test.run();
