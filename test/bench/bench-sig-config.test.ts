// bench/sig.ts's BENCH_SIG_WARMUP: the uncounted CheckTx rounds of each kind before the counted
// ones (a fresh process's first rounds run while V8 compiles the hot code): 2 unless set, else a
// whole number; anything else refused with the variable named, not read as 0 or NaN rounds.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { sigWarmupOf } from "../../bench/sig.js";

test("BENCH_SIG_WARMUP: 2 unless set; a whole number of rounds", () => {
  assert.is(sigWarmupOf(undefined), 2);
  assert.is(sigWarmupOf(""), 2);
  assert.is(sigWarmupOf("0"), 0);
  assert.is(sigWarmupOf("5"), 5);
  for (const bad of ["-1", "1.5", "two", "NaN"]) assert.throws(() => sigWarmupOf(bad), /BENCH_SIG_WARMUP=/);
});

test.run();
