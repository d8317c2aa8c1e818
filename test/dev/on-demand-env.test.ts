// STAKING_ENGINE_ON_DEMAND (host/drivers/on-demand.ts onDemandFromEnv): the on-demand cadence's
// bounds for a measurement, "quiet,maxWait,minGap" in ms, each optional; the defaults otherwise.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { onDemandFromEnv, type OnDemandParams } from "../../host/drivers/on-demand.js";

const d: OnDemandParams = { quietNs: 20_000_000n, maxWaitNs: 250_000_000n, minGapNs: 100_000_000n, maxTxs: 5_000 };

test("unset: the defaults", () => {
  assert.is(onDemandFromEnv(undefined, d), d);
});

test("all three, in ms", () => {
  assert.equal(onDemandFromEnv("5,100,50", d), { quietNs: 5_000_000n, maxWaitNs: 100_000_000n, minGapNs: 50_000_000n, maxTxs: 5_000 });
});

test("each optional; what is not a whole number of ms keeps its default", () => {
  assert.equal(onDemandFromEnv("5", d), { ...d, quietNs: 5_000_000n });
  assert.equal(onDemandFromEnv(",,0", d), { ...d, minGapNs: 0n });
  assert.equal(onDemandFromEnv("x,-1,2.5", d), d);
});

test.run();
