// The one record reader and writer (host/core/record-layout.ts): every field kind written and read
// back at its offset, little-endian; the decoded object lists the fields in the layout's order; a
// u64 wraps as the placer always wrote it, a u128 out of range is refused; the core's readRecord
// reads its memory with the same layouts (a ledger validator, the emission outcome).

import { test } from "uvu";
import * as assert from "uvu/assert";
import { READ, readFields, writeFields, type Layout } from "../../host/core/record-layout.js";
import { loadCore } from "../../host/core/core.js";
import { Emission, DEFAULT_EMISSION_PARAMS } from "../../host/core/emission.js";
import { Ledger } from "../../host/core/ledger.js";
import { wasm } from "../helpers/node.js";

interface Sample {
  flag: boolean;
  status: number;
  id: number;
  height: bigint;
  time: bigint;
  amount: bigint;
}

const SAMPLE: Layout<Sample> = {
  flag: ["bool", 0],
  status: ["u8", 1],
  id: ["u32", 4],
  height: ["u64", 8],
  time: ["i64", 16],
  amount: ["u128", 24],
};

const value: Sample = { flag: true, status: 200, id: 0xfedc_ba98, height: (1n << 64n) - 2n, time: -5n, amount: (1n << 128n) - 3n };

test("every kind written and read back at its offset, little-endian, in the layout's order", () => {
  const bytes = new Uint8Array(48);
  const dv = new DataView(bytes.buffer);
  writeFields(dv, 4, SAMPLE, value);
  assert.equal(readFields(new DataView(bytes.buffer), 4, SAMPLE), value);
  assert.equal(Object.keys(readFields(dv, 4, SAMPLE)), ["flag", "status", "id", "height", "time", "amount"]);
  assert.equal([...bytes.subarray(4, 6)], [1, 200], "bool as 1, u8");
  assert.equal([...bytes.subarray(8, 12)], [0x98, 0xba, 0xdc, 0xfe], "u32 little-endian at 4 + 4");
  assert.is(dv.getBigUint64(28, true), (1n << 64n) - 3n, "u128's low limb first");
  assert.is(dv.getBigUint64(36, true), (1n << 64n) - 1n, "then its high limb");
  assert.is(READ.bool(dv, 6), false, "bool: 0 is false");
});

test("a u64 wraps (asUintN), a u128 beyond 128 bits or negative is a RangeError", () => {
  const dv = new DataView(new Uint8Array(48).buffer);
  writeFields(dv, 0, SAMPLE, { ...value, height: -1n });
  assert.is(readFields(dv, 0, SAMPLE).height, (1n << 64n) - 1n);
  for (const amount of [1n << 128n, -1n]) {
    assert.throws(() => writeFields(dv, 0, SAMPLE, { ...value, amount }), (e: unknown) => e instanceof RangeError && /does not fit 128 bits/.test(String(e)));
  }
});

test("the core's readRecord: a validator as the ledger reads it, the emission outcome after a block", async () => {
  const core = await loadCore(wasm);
  const ledger = new Ledger(core);
  ledger.configure({ communityTax: 0n, targetBaseRewardsRate: 0n });
  ledger.configureStaking(100, 1_000_000n, 600n * 1_000_000_000n);
  ledger.genesisBalance(7, 10n ** 12n);
  ledger.createValidatorWithSelfDelegation(1, 7, 10n ** 17n, 10n ** 12n);
  const v = ledger.validator(1)!;
  assert.equal([v.operator, v.jailed, v.commissionRate, v.tokens, v.delegatorShares], [7, false, 10n ** 17n, 10n ** 12n, 10n ** 30n]);
  const emission = new Emission(core);
  emission.configure(DEFAULT_EMISSION_PARAMS);
  emission.setState({ height: 0n, totalSupply: 10n ** 18n, burned: 0n });
  const out = emission.advance(1n);
  assert.equal(Object.keys(out), ["height", "rate", "annualProvisions", "blockProvision", "minted", "totalSupply"]);
  assert.is(out.height, 1n);
  assert.is(out.totalSupply, 10n ** 18n + out.minted);
});

test.run();
