// The meter's access sums (framework/gas/meter.ts): an access within the limit charged as one sum
// made in a double equals the SDK's separate charges (flat, per key byte, per value byte), which a
// tracing meter and one past its limit still make one by one.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { GasMeter, KV_GAS, OutOfGas } from "../../host/framework/gas/meter.js";

const expected = (op: "get" | "set" | "has" | "del", key: number, value: number): bigint =>
  op === "get" ? KV_GAS.readFlat + KV_GAS.readPerByte * BigInt(key + value)
    : op === "set" ? KV_GAS.writeFlat + KV_GAS.writePerByte * BigInt(key + value)
      : op === "has" ? KV_GAS.has : KV_GAS.delete;

test("one sum equals the separate charges, traced or not", () => {
  const sizes = [0, 1, 21, 33, 200, 4096, 1_000_000, 2 ** 40];
  for (const op of ["get", "set", "has", "del"] as const) {
    for (const key of sizes) {
      for (const value of sizes) {
        const lump = new GasMeter();
        const traced = new GasMeter();
        traced.trace = [];
        for (const m of [lump, traced]) {
          m.consumed = 7n;
          if (op === "get" || op === "set") m[op]("s", key, value);
          else m[op]("s", key);
        }
        assert.is(lump.consumed, 7n + expected(op, key, op === "get" || op === "set" ? value : 0), `${op} ${key} ${value}`);
        assert.is(traced.consumed, lump.consumed);
      }
    }
  }
});

test("past the limit: the charge that crossed it, as the SDK's separate ones", () => {
  // 1000 flat + 3 x 10 key bytes + 3 x 100 value bytes: the limit falls in the value's charge.
  const m = new GasMeter(1_100n);
  try {
    m.get("s", 10, 100);
    assert.unreachable();
  } catch (e) {
    assert.instance(e, OutOfGas);
    assert.is((e as OutOfGas).descriptor, "ReadPerByte");
    assert.is((e as OutOfGas).used, 1_330n);
  }
  const f = new GasMeter(999n);
  assert.throws(() => f.set("s", 1, 1), (e: OutOfGas) => e.descriptor === "WriteFlat" && e.used === 2_000n);
});

test.run();
