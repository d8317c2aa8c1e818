// The REST routes on the node's chain in memory (in process, app.request): every route's exact
// JSON at genesis and after simulated blocks against the emission engine run directly, /dev/advance
// (durations, argument errors, long jumps in chunks), the gateway's errors for unknown routes and
// methods, the configurable chain segment, and the real clock's timer.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { Emission, DEFAULT_EMISSION_PARAMS } from "../../host/core/emission.js";
import { ChainStateError } from "../../host/framework/types.js";
import { ADVANCE_CHUNK } from "../../host/drivers/embedded.js";
import { MAX_ADVANCE_BLOCKS } from "../../host/server/app.js";
import {
  GENESIS_NS, INFLATION_PARAMS, LAUNCH, MINT_PARAMS, S, appFor, core, direct, errorJson, json, realClockChain, rejects,
  simulatedChain,
} from "../helpers/server.js";

test("every route's exact JSON at genesis (height 0)", async () => {
  const { call } = await appFor(await simulatedChain());
  const expect = async (path: string, body: string) => {
    const r = await call(path);
    assert.is(r.status, 200, path);
    assert.is(r.type, "application/json", path);
    assert.is(r.body, body, path);
  };
  await expect("/chainmain/inflation/v1/params", INFLATION_PARAMS);
  await expect("/cosmos/mint/v1beta1/params", MINT_PARAMS);
  // Before any block: what block 1 uses. Decay starts at block 1, so its rate is the base rate.
  await expect("/cosmos/mint/v1beta1/inflation", json({ inflation: "0.010000000000000000" }));
  await expect("/cosmos/mint/v1beta1/annual_provisions", json({ annual_provisions: "98500000000000000.000000000000000000" }));
  await expect(
    "/cosmos/bank/v1beta1/supply/by_denom?denom=basecro",
    json({ amount: { denom: "basecro", amount: "9850000000000000000" } }),
  );
  await expect("/cosmos/bank/v1beta1/supply/by_denom?denom=uatom", json({ amount: { denom: "uatom", amount: "0" } }));
  await expect(
    "/cosmos/base/tendermint/v1beta1/blocks/latest",
    json({ block: { header: { chain_id: "chainmain-local", height: "0", time: "2026-01-01T00:00:00Z" } } }),
  );
});

test("after 10 simulated blocks: the routes show exactly what the emission engine computes", async () => {
  const { call } = await appFor(await simulatedChain());
  const adv = await call("/dev/advance?blocks=10", "POST");
  assert.is(adv.status, 200);
  const header = { chain_id: "chainmain-local", height: "10", time: "2026-01-01T00:00:50Z" };
  assert.is(adv.body, json({ blocks: "10", block: { header } }));

  const { last, minted } = direct(10n);
  assert.is(last.totalSupply, LAUNCH + minted); // the supply grew by exactly the minted amounts
  // Block 1 by hand: 0.01 x 9.85e18 / 6,311,520 blocks, truncated.
  assert.is(direct(1n).minted, 98_500_000_000_000_000n / 6_311_520n);
  const get = async (path: string) => (await call(path)).body;
  assert.is(await get("/cosmos/mint/v1beta1/inflation"), json({ inflation: core.dec.format(last.rate) }));
  assert.ok(last.rate < 10n ** 16n); // decaying since block 1
  assert.is(
    await get("/cosmos/mint/v1beta1/annual_provisions"),
    json({ annual_provisions: core.dec.format(last.annualProvisions) }),
  );
  assert.is(
    await get("/cosmos/bank/v1beta1/supply/by_denom?denom=basecro"),
    json({ amount: { denom: "basecro", amount: (LAUNCH + minted).toString() } }),
  );
  assert.is(await get("/cosmos/base/tendermint/v1beta1/blocks/latest"), json({ block: { header } }));
  // Parameters do not move.
  assert.is(await get("/chainmain/inflation/v1/params"), INFLATION_PARAMS);
  assert.is(await get("/cosmos/mint/v1beta1/params"), MINT_PARAMS);
});

test("/dev/advance: by duration in whole blocks, argument errors, and long jumps in chunks", async () => {
  const chain = await simulatedChain();
  const { call } = await appFor(chain);
  const post = (q: string) => call(`/dev/advance${q}`, "POST");
  assert.is((await post("?duration=1m")).body, json({ blocks: "12", block: { header: { chain_id: "chainmain-local", height: "12", time: "2026-01-01T00:01:00Z" } } }));
  assert.match((await post("?duration=7s")).body, '"blocks":"1"');
  assert.match((await post("?duration=4s")).body, '"blocks":"0"');
  assert.is(chain.latest.height, 13n);
  const bad = async (q: string, message: string) => {
    const r = await post(q);
    assert.is(r.status, 400, q);
    assert.is(r.body, errorJson(3, message), q);
  };
  await bad("", "missing blocks or duration: POST /dev/advance?blocks=N or /dev/advance?duration=1h");
  await bad("?blocks=1&duration=1s", "give either blocks or duration, not both");
  await bad("?blocks=-1", 'invalid blocks "-1": not a non-negative integer');
  await bad("?blocks=1e3", 'invalid blocks "1e3": not a non-negative integer');
  await bad("?duration=1d", 'invalid duration "1d": unknown unit "d" (ns, us, ms, s, m or h)');
  await bad(`?blocks=${MAX_ADVANCE_BLOCKS + 1n}`, `at most ${MAX_ADVANCE_BLOCKS} blocks per call (asked for ${MAX_ADVANCE_BLOCKS + 1n}); advance in several calls`);
  const get = await call("/dev/advance");
  assert.is(get.status, 501);
  assert.is(get.body, errorJson(12, "Method Not Allowed"));

  // More than one chunk, and two calls at once: they run one after the other, ending where one
  // core call for all the blocks ends.
  const fresh = await simulatedChain();
  const n = ADVANCE_CHUNK + 1000n;
  const [a, b] = await Promise.all([fresh.advance(n), fresh.advance(5n)]);
  assert.is(a.blocks, n);
  assert.is(b.blocks, 5n);
  assert.is(b.header.height, n + 5n);
  const em = new Emission(core);
  em.configure(DEFAULT_EMISSION_PARAMS);
  em.setState({ height: 0n, totalSupply: LAUNCH, burned: 0n });
  assert.equal(fresh.emission.last(), em.advance(n + 5n));
});

test("a real-clock chain has no /dev/advance; unknown routes and methods answer the gateway's errors", async () => {
  const chain = await realClockChain(5n * S);
  const { app, call } = await appFor(chain);
  app.get("/boom", () => {
    throw new Error("secret at /work/main/host");
  });
  for (const method of ["POST", "GET"]) {
    const r = await call("/dev/advance?blocks=1", method);
    assert.is(r.status, 501);
    assert.is(r.body, errorJson(12, "Not Implemented: /dev/advance is a development route; start the node with --dev (or --clock simulated) to have it"));
  }
  // Every development route says how to have it, not a bare 501.
  const faucet = await call("/dev/faucet", "POST");
  assert.is(faucet.status, 501);
  assert.match(faucet.body, "is a development route; start the node with --dev");
  await rejects(() => chain.advance(1n), (e) => e instanceof ChainStateError);
  const unknown = await call("/cosmos/staking/v1beta1/validators");
  assert.is(unknown.status, 501, "grpc-gateway's answer to a path it does not route");
  assert.is(unknown.type, "application/json");
  assert.is(unknown.body, errorJson(12, "Not Implemented"));
  const post = await call("/cosmos/mint/v1beta1/params", "POST");
  assert.is(post.status, 501);
  assert.is(post.body, errorJson(12, "Method Not Allowed"));
  // A bug never leaks its message or stack: 500, Internal, a fixed message.
  const boom = await call("/boom");
  assert.is(boom.status, 500);
  assert.is(boom.body, errorJson(13, "internal error"));
});

test("supply by denom: a missing or malformed denom is InvalidArgument (400)", async () => {
  const { call } = await appFor(await simulatedChain());
  for (const [q, message] of [
    ["", "invalid denom: "],
    ["?denom=", "invalid denom: "],
    ["?denom=1abc", "invalid denom: 1abc"],
  ]) {
    const r = await call(`/cosmos/bank/v1beta1/supply/by_denom${q}`);
    assert.is(r.status, 400, q);
    assert.is(r.body, errorJson(3, message), q);
  }
});

test("the chain segment is configurable", async () => {
  const { call } = await appFor(await simulatedChain(), "cronos");
  assert.is((await call("/cronos/inflation/v1/params")).body, INFLATION_PARAMS);
  assert.is((await call("/chainmain/inflation/v1/params")).status, 501);
});

test("the real clock makes blocks on a timer, stamped with the wall clock, until stopped", async () => {
  let wall = GENESIS_NS + 1000n * S;
  const chain = await realClockChain(2_000_000n, () => wall);
  chain.start();
  const deadline = Date.now() + 2000;
  while (chain.latest.height < 3n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
  chain.stop();
  const h = chain.latest;
  assert.ok(h.height >= 3n, `height ${h.height}`);
  // The same wall-clock reading twice: the second header is still later, by a block time (as
  // CometBFT's timeout_commit keeps the chain's headers at least that far apart).
  assert.is(h.timeNs, wall + (h.height - 1n) * 2_000_000n);
  wall += S;
  await new Promise((r) => setTimeout(r, 10));
  assert.is(chain.latest.height, h.height); // stopped
  const { last } = direct(h.height);
  assert.equal(chain.emission.last(), last);

  // No block before genesis time (as CometBFT): the clock waits.
  const early = await realClockChain(1_000_000n, () => GENESIS_NS - 3600n * S);
  early.start();
  await new Promise((r) => setTimeout(r, 15));
  early.stop();
  assert.is(early.latest.height, 0n);
});

test.run();
