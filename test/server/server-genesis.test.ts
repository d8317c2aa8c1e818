// The node's genesis as the server reads it (host/app/genesis.ts): the default genesis is the
// reference's v7 emission on a 98.5 B CRO supply; validation of the inflation, mint and bank
// parts gives the reference's messages with the field's path; decimals are exact strings; a
// genesis file overrides the default field by field and its errors name the file.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_EMISSION_PARAMS } from "../../host/core/emission.js";
import { defaultGenesisJson, emissionParams, parseGenesis, readGenesisFile, type Json } from "../../host/app/genesis.js";
import { GENESIS_NS, LAUNCH, core, genesisError, inflationOverride, json, rejects } from "../helpers/server.js";

test("the default genesis is the reference's v7 emission on a 98.5 B CRO supply", () => {
  const g = parseGenesis(defaultGenesisJson(), core.dec);
  assert.is(g.chainId, "chainmain-local");
  assert.is(g.genesisTimeNs, GENESIS_NS);
  assert.equal(g.bank.supply, [{ denom: "basecro", amount: LAUNCH }]);
  assert.is(g.bank.burnedBalance, 0n);
  assert.equal(emissionParams(g), DEFAULT_EMISSION_PARAMS);
  assert.equal(g.inflation.params.burnedAddresses, ["cro1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqtcgxmv"]);
  assert.is(g.mint.params.goalBonded, 670_000_000_000_000_000n);
});

test("genesis validation gives the reference's messages, with the field's path", () => {
  const P = "app_state.inflation.params: ";
  assert.is(
    genesisError(inflationOverride({ decay_rate: "1.5" })),
    P + "decay rate too large (must be between 0 and 1 inclusive, got: 1.500000000000000000)",
  );
  assert.is(
    genesisError(inflationOverride({ decay_rate: "-0.1" })),
    P + "decay rate cannot be negative (must be between 0 and 1 inclusive, got: -0.100000000000000000)",
  );
  assert.is(genesisError(inflationOverride({ max_supply: "-1" })), P + "max supply cannot be negative: -1");
  assert.is(genesisError(inflationOverride({ max_supply: null })), P + "max supply cannot be nil");
  assert.is(genesisError(inflationOverride({ decay_rate: null })), P + "decay rate cannot be nil");
  assert.is(
    genesisError(inflationOverride({ decay_rate: "0" }, { decay_epoch_start: "1" })),
    "app_state.inflation: decay_epoch_start must be zero when decay is disabled",
  );
  const burn = "cro1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqtcgxmv";
  assert.is(
    genesisError(inflationOverride({ burned_addresses: [burn, burn] })),
    P + `duplicate burned address found: ${burn}`,
  );
  assert.is(
    genesisError(inflationOverride({ burned_addresses: [burn, "tcro1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq9dpzma"] })),
    P + "invalid burned address at index 1: tcro1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq9dpzma, error: invalid Bech32 prefix; expected cro, got tcro",
  );
  assert.match(
    genesisError(inflationOverride({ burned_addresses: ["cro1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqtcgxmw"] })),
    "error: decoding bech32 failed: invalid checksum",
  );
  // The first failure wins, in the reference's order: max supply before decay.
  assert.match(genesisError(inflationOverride({ max_supply: "-1", decay_rate: "2" })), "max supply cannot be negative");
});

test("genesis decimals and amounts are exact strings, never JSON numbers; typos are caught", () => {
  assert.is(
    genesisError(inflationOverride({ decay_rate: 0.068 })),
    'app_state.inflation.params.decay_rate: must be a string (a decimal in quotes, e.g. "0.068")',
  );
  assert.match(genesisError(inflationOverride({ max_supply: 1e19 })), "max_supply: must be a string");
  assert.match(genesisError(inflationOverride({ max_supply: "1.5" })), 'max_supply: invalid integer "1.5"');
  assert.is(
    genesisError(inflationOverride({ decay_rate: "0.0680000000000000001" })),
    // The reference's own text, sign quirk included (LegacyPrecision - digits).
    "app_state.inflation.params.decay_rate: value '0.0680000000000000001' exceeds max precision by -1 decimal places: max precision 18",
  );
  assert.match(genesisError(inflationOverride({ decay_rat: "0.1" })), 'unknown field "decay_rat"');
  assert.match(genesisError({ app_state: { slashng: {} } }), 'app_state: unknown field "slashng"');
  assert.match(genesisError({ app_state: { slashing: { params: { signed_blocks_window: "0" } } } }), "signed blocks window must be positive");
  assert.match(genesisError({ app_state: { slashing: { params: { slash_fraction_downtime: "1.5" } } } }), "slash fraction downtime must be between 0 and 1");
  assert.match(genesisError([] as Json), "genesis: must be a JSON object");
  assert.match(genesisError({ genesis_time: "2026-02-30T00:00:00Z" }), "genesis_time: invalid RFC 3339 timestamp");
  assert.match(genesisError({ chain_id: "" }), "genesis doc must include non-empty chain_id");
});

test("x/mint and x/bank parts of the genesis are validated too", () => {
  const mint = (params: Json): Json => ({ app_state: { mint: { params } } });
  const M = "app_state.mint.params: ";
  assert.is(genesisError(mint({ inflation_max: "1.1" })), M + "max inflation too large: 1.100000000000000000");
  assert.is(
    genesisError(mint({ inflation_min: "0.02" })),
    M + "max inflation (0.010000000000000000) must be greater than or equal to min inflation (0.020000000000000000)",
  );
  assert.match(genesisError(mint({ inflation_min: "0.005" })), "inflation_min must equal inflation_max");
  assert.is(genesisError(mint({ goal_bonded: "0" })), M + "goal bonded must be positive: 0.000000000000000000");
  assert.is(genesisError(mint({ blocks_per_year: "0" })), M + "blocks per year must be positive: 0");
  assert.match(genesisError(mint({ mint_denom: "uatom" })), "no supply of the mint denom uatom");
  const bank = (b: Json): Json => ({ app_state: { bank: b } });
  // The burned balance is the burn addresses' (part of the supply): the node's former field is refused by name.
  assert.match(genesisError(bank({ burned_balance: "9850000000000000001" })), 'app_state.bank: unknown field "burned_balance"');
  assert.match(
    genesisError(bank({ supply: [{ denom: "basecro", amount: "1" }, { denom: "abc", amount: "1" }] })),
    "denomination abc is not sorted",
  );
  assert.match(genesisError(bank({ supply: [{ denom: "basecro", amount: "0" }] })), "amount is not positive");
});

test("a genesis file overrides the default field by field; its errors name the file", async () => {
  const dir = await mkdtemp(join(tmpdir(), "genesis-"));
  try {
    const good = join(dir, "good.json");
    await writeFile(good, json({ chain_id: "test-1", app_state: { inflation: { params: { decay_rate: "0" }, decay_epoch_start: "0" } } }));
    const g = await readGenesisFile(good, core.dec);
    assert.is(g.chainId, "test-1");
    assert.is(g.inflation.params.decayRate, 0n);
    assert.is(g.inflation.params.maxSupply, 10n ** 19n); // kept from the default
    const bad = join(dir, "bad.json");
    await writeFile(bad, json(inflationOverride({ decay_rate: "1.5" })));
    await rejects(() => readGenesisFile(bad, core.dec), (e: Error) => e.message.startsWith(`${bad}: app_state.inflation.params: decay rate too large`));
    await writeFile(bad, "{ nope");
    await rejects(() => readGenesisFile(bad, core.dec), (e: Error) => e.message.startsWith(`${bad}: not valid JSON`));
    await rejects(() => readGenesisFile(join(dir, "missing.json"), core.dec), (e: Error) => /cannot read: no such file/.test(e.message));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test.run();
