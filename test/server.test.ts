// The node: genesis validation, configuration, the emission chain and its clocks, every REST
// route's exact JSON (in process, through app.request), the gateway's error mapping, and the real
// server on 127.0.0.1 port 0 (in process and as `node host/main.ts`, stopped by SIGTERM).

import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadCore, type Core } from "../host/core/core.js";
import { CoreError, CoreCode } from "../host/core/errors.js";
import { CORE_WASM } from "../host/core/node.js";
import { Emission, DEFAULT_EMISSION_PARAMS } from "../host/core/emission.js";
import { DEFAULT_LIMITS } from "../host/limits.js";
import { ConfigError, parseConfig, parseGoDuration, helpText, type Config } from "../host/config.js";
import { ValidationError } from "../host/errors.js";
import {
  defaultGenesisJson,
  emissionParams,
  genesisWithOverride,
  parseGenesis,
  readGenesisFile,
  type Json,
} from "../host/app/genesis.js";
import { ChainStateError } from "../host/app/types.js";
import { ADVANCE_CHUNK, NodeChain } from "../host/drivers/embedded.js";
import { createApp, toGatewayError, MAX_ADVANCE_BLOCKS } from "../host/server/app.js";
import {
  decString,
  durationString,
  httpStatusFromCode,
  parseTimestamp,
  timestampString,
} from "../host/wire/gateway-json.js";
import { run, startNode } from "../host/main.js";

const wasm = await WebAssembly.compile(await readFile(CORE_WASM));
/** A fresh core: each chain owns one (its emission state lives in the core's memory). */
const newCore = (): Promise<Core> => loadCore(wasm);
const core = await newCore(); // for parsing and for the direct reference runs

const S = 1_000_000_000n;
const LAUNCH = 9_850_000_000_000_000_000n;
const GENESIS_NS = parseTimestamp("2026-01-01T00:00:00Z");
const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** The node's chain in memory on the default genesis (no database), its own core. */
async function simulatedChain(blockTimeNs = 5n * S): Promise<NodeChain> {
  return NodeChain.inMemory(await newCore(), defaultGenesisJson(), blockTimeNs);
}

async function realClockChain(blockTimeNs: bigint, now?: () => bigint): Promise<NodeChain> {
  return NodeChain.inMemory(await newCore(), defaultGenesisJson(), blockTimeNs, { clock: "real", ...(now ? { now } : {}) });
}

async function appFor(chain: NodeChain, chainSegment = "chainmain") {
  const app = createApp(chain, { chainSegment, logError: () => {} });
  const call = async (path: string, method = "GET") => {
    const res = await app.request(path, { method });
    return { status: res.status, type: res.headers.get("content-type"), body: await res.text() };
  };
  return { app, call };
}

/** The emission engine run directly on its own core, for comparison. */
function direct(blocks: bigint) {
  const em = new Emission(core);
  em.configure(DEFAULT_EMISSION_PARAMS);
  em.setState({ height: 0n, totalSupply: LAUNCH, burned: 0n });
  let minted = 0n;
  for (let i = 0n; i < blocks; i++) minted += em.advance(1n).minted;
  return { last: em.last(), minted };
}

const json = (v: unknown) => JSON.stringify(v);

/** The promise `f` returns rejects, with an error that passes `check`. */
async function rejects(f: () => Promise<unknown>, check: (e: Error) => boolean = () => true): Promise<void> {
  let error: unknown;
  try {
    await f();
  } catch (e) {
    error = e;
  }
  assert.ok(error instanceof Error, "expected a rejection");
  assert.ok(check(error as Error), `unexpected error: ${(error as Error).message}`);
}
const errorJson = (code: number, message: string) => json({ code, message, details: [] });

// ---- genesis ------------------------------------------------------------------------------

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

function genesisError(override: Json): string {
  try {
    genesisWithOverride(override, core.dec);
  } catch (e) {
    assert.instance(e, ValidationError);
    return (e as Error).message;
  }
  assert.unreachable("expected a ValidationError");
  return "";
}

const inflationOverride = (params: Json, extra: { [k: string]: Json } = {}): Json => ({
  app_state: { inflation: { params, ...extra } },
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

// ---- configuration ------------------------------------------------------------------------

test("flags: defaults, PORT, durations, and one-line errors for bad values", () => {
  const run = (argv: string[], env = {}) => {
    const r = parseConfig(argv, env);
    if (r.kind !== "run") throw new Error("expected a run");
    return r.config;
  };
  assert.equal(run([]), {
    port: 1317, host: "127.0.0.1", chainSegment: "chainmain", blockTimeNs: 5n * S, clock: "real", genesisFile: undefined,
    dbPath: "./chain.db", dev: false, limits: { ...DEFAULT_LIMITS }, minGasPrices: [], rpcPort: 26657, rpcHost: "127.0.0.1",
    logLevel: "info", logFormat: "text",
  });
  // The CometBFT RPC: its own port (any free one when the REST port is), loopback, or none.
  assert.is(run(["--port", "0"]).rpcPort, 0);
  assert.is(run(["--rpc-port", "27000"]).rpcPort, 27000);
  assert.is(run(["--rpc-port", "off"]).rpcPort, undefined);
  assert.is(run(["--rpc-host", "0.0.0.0"]).rpcHost, "0.0.0.0");
  assert.is(run([], { DB_PATH: "/tmp/x.db" }).dbPath, "/tmp/x.db");
  assert.is(run(["--db", "a.db"], { DB_PATH: "/tmp/x.db" }).dbPath, "a.db");
  assert.is(run([], { PORT: "8080" }).port, 8080);
  assert.is(run(["--port", "0"], { PORT: "8080" }).port, 0);
  assert.is(run(["--block-time", "500ms", "--clock", "simulated"]).blockTimeNs, 500_000_000n);
  assert.is(run(["--clock", "simulated", "--block-time", "1ns"]).blockTimeNs, 1n);
  assert.is(run(["--chain", "cronos", "--genesis", "g.json"]).chainSegment, "cronos");
  assert.equal(parseConfig(["--help"]), { kind: "help" });
  assert.equal(parseConfig(["-h", "--port", "x"]), { kind: "help" });
  const bad = (argv: string[], message: string, env = {}) => {
    try {
      parseConfig(argv, env);
    } catch (e) {
      assert.instance(e, ConfigError);
      assert.is((e as Error).message, message);
      return;
    }
    assert.unreachable(`expected ConfigError for ${argv.join(" ")}`);
  };
  bad(["--port", "70000"], '--port "70000": not a port number (0 to 65535)');
  bad(["--rpc-port", "x"], '--rpc-port "x": not a port number (0 to 65535)');
  bad([], 'PORT "abc": not a port number (0 to 65535)', { PORT: "abc" });
  bad(["--clock", "fast"], '--clock "fast": must be real or simulated');
  bad(["--block-time", "0"], '--block-time "0": must be positive');
  bad(["--block-time", "5x"], '--block-time "5x": unknown unit "x" (ns, us, ms, s, m or h)');
  bad(["--block-time", "100us"], '--block-time "100us": at least 1ms with --clock real');
  bad(["--block-time", "25h"], '--block-time "25h": at most 24h');
  bad(["--chain", "a/b"], "--chain \"a/b\": must be one path segment (letters, digits, '.', '_', '~', '-')");
  bad(["--db", " "], "--db: empty file name");
  bad([], "DB_PATH: empty file name", { DB_PATH: "" });
  bad(["--nope"], "Unknown option '--nope'");
  bad(["extra"], "Unexpected argument 'extra'. This command does not take positional arguments");
  const help = helpText();
  for (const flag of ["--port", "--host", "--chain", "--block-time", "--clock", "--genesis", "--db", "--help"]) assert.ok(help.includes(flag), flag);
  assert.ok(help.includes("./chain.db, or the DB_PATH environment variable"));
  for (const d of ["(default: 1317", "(default: chainmain)", "(default: 5s)", "(default: real)", "(default: 127.0.0.1)"]) assert.ok(help.includes(d), d);
});

test("Go durations are parsed exactly", () => {
  assert.is(parseGoDuration("5s"), 5n * S);
  assert.is(parseGoDuration("1h30m"), 5400n * S);
  assert.is(parseGoDuration("1.5s"), 1_500_000_000n);
  assert.is(parseGoDuration("2µs"), 2000n);
  assert.is(parseGoDuration("0"), 0n);
  assert.is(parseGoDuration("0.0000000019s"), 1n); // fractions of a nanosecond truncate
  for (const t of ["", "5", "-1s", "s", "1.s.", "1d"]) assert.throws(() => parseGoDuration(t), (e: unknown) => e instanceof ValidationError);
});

// ---- rendering ----------------------------------------------------------------------------

test("gateway rendering: Dec, Timestamp, Duration, HTTP status of each gRPC code", () => {
  for (const raw of [0n, 1n, 10n ** 18n, 68n * 10n ** 15n, (1n << 128n) - 1n]) assert.is(decString(raw), core.dec.format(raw));
  assert.is(decString(-15n * 10n ** 17n), "-1.500000000000000000");
  assert.is(timestampString(GENESIS_NS), "2026-01-01T00:00:00Z");
  assert.is(timestampString(GENESIS_NS + 500_000_000n), "2026-01-01T00:00:00.500Z");
  assert.is(timestampString(GENESIS_NS + 1_500n), "2026-01-01T00:00:00.000001500Z");
  assert.is(timestampString(GENESIS_NS + 1_000n), "2026-01-01T00:00:00.000001Z");
  assert.is(timestampString(parseTimestamp("0001-01-01T00:00:00Z")), "0001-01-01T00:00:00Z");
  assert.is(parseTimestamp("2026-01-01T01:00:00.25+01:00"), GENESIS_NS + 250_000_000n);
  assert.throws(() => timestampString(parseTimestamp("9999-12-31T23:59:59Z") + S), RangeError);
  assert.is(durationString(31_557_600n * S), "31557600s");
  assert.is(durationString(1_500_000_000n), "1.500s");
  const table: [number, number][] = [
    [0, 200], [1, 408], [2, 500], [3, 400], [4, 504], [5, 404], [6, 409], [7, 403], [8, 429],
    [9, 400], [10, 409], [11, 400], [12, 501], [13, 500], [14, 503], [15, 500], [16, 401],
  ];
  for (const [code, status] of table) assert.is(httpStatusFromCode(code), status, `code ${code}`);
});

test("one error mapping: gateway, validation, chain state, core, and anything else", () => {
  assert.equal(toGatewayError(new ValidationError("bad", "x")), { code: 3, message: "x: bad" });
  assert.equal(toGatewayError(new ChainStateError("halted")), { code: 9, message: "halted" });
  assert.equal(toGatewayError(new CoreError(CoreCode.PARSE_EMPTY)), { code: 3, message: "decimal string cannot be empty" });
  assert.equal(toGatewayError(new CoreError(CoreCode.OVERFLOW)), { code: 2, message: "Int overflow" });
  let logged: unknown;
  assert.equal(toGatewayError(new TypeError("secret detail"), (e) => (logged = e)), { code: 13, message: "internal error" });
  // A client that hung up mid-body is no bug: not logged.
  let aborted: unknown;
  const reset = Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" });
  for (const e of [new Error("aborted"), reset]) {
    assert.equal(toGatewayError(e, (x) => (aborted = x)), { code: 1, message: "the client closed the request" });
  }
  assert.is(aborted, undefined);
  assert.instance(logged, TypeError);
});

// ---- routes -------------------------------------------------------------------------------

const MINT_PARAMS = json({
  params: {
    mint_denom: "basecro",
    inflation_rate_change: "0.000000000000000000",
    inflation_max: "0.010000000000000000",
    inflation_min: "0.010000000000000000",
    goal_bonded: "0.670000000000000000",
    blocks_per_year: "6311520",
  },
});
const INFLATION_PARAMS = json({
  params: {
    max_supply: "10000000000000000000",
    burned_addresses: ["cro1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqtcgxmv"],
    decay_rate: "0.068000000000000000",
  },
});

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
    assert.is(r.body, errorJson(12, "Not Implemented"));
  }
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
  // The same wall-clock reading twice: the second header is still later (by 1 ms).
  assert.is(h.timeNs, wall + (h.height - 1n) * 1_000_000n);
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

// ---- the server ---------------------------------------------------------------------------

// Each node of these tests has its own database in a temporary directory.
const DB_DIR = await mkdtemp(join(tmpdir(), "server-db-"));
let dbCount = 0;
const freshDb = () => join(DB_DIR, `${++dbCount}.db`);

const simulatedConfig = (): Config => ({
  port: 0,
  host: "127.0.0.1",
  chainSegment: "chainmain",
  blockTimeNs: 5n * S,
  clock: "simulated",
  genesisFile: undefined,
  dbPath: freshDb(),
  dev: true,
});

test("the real server on 127.0.0.1, port 0: serves a route, then closes", async () => {
  const node = await startNode(simulatedConfig(), { core: await newCore() });
  try {
    assert.match(node.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${node.url}/chainmain/inflation/v1/params`);
    assert.is(res.status, 200);
    assert.is(await res.text(), INFLATION_PARAMS);
    const adv = await fetch(`${node.url}/dev/advance?blocks=3`, { method: "POST" });
    assert.match(await adv.text(), '"height":"3"');
  } finally {
    await node.close();
  }
  assert.is(node.server.listening, false);
  await rejects(() => fetch(`${node.url}/chainmain/inflation/v1/params`));
});

test("a bad genesis file stops the start with a ConfigError naming --genesis", async () => {
  const dir = await mkdtemp(join(tmpdir(), "genesis-"));
  const nodeCore = await newCore();
  try {
    const file = join(dir, "g.json");
    await writeFile(file, json(inflationOverride({ decay_rate: "0" }, { decay_epoch_start: "5" })));
    await rejects(
      () => startNode({ ...simulatedConfig(), genesisFile: file }, { core: nodeCore }),
      (e: Error) =>
        e instanceof ConfigError &&
        e.message === `--genesis ${file}: app_state.inflation: decay_epoch_start must be zero when decay is disabled`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("the command line: --help exits 0, a bad flag or genesis exits 2 with one error line", async () => {
  const io = () => {
    const lines = { out: [] as string[], err: [] as string[] };
    return { lines, io: { out: (t: string) => lines.out.push(t), err: (t: string) => lines.err.push(t) } };
  };
  const help = io();
  assert.is(await run(["--help"], {}, help.io), 0);
  assert.ok(help.lines.out.join("\n").startsWith("Usage: npm start -- [flags]"));
  assert.equal(help.lines.err, []);

  const badFlag = io();
  assert.is(await run(["--clock", "fast"], {}, badFlag.io), 2);
  assert.equal(badFlag.lines.err, ['error: --clock "fast": must be real or simulated']);

  const badGenesis = io();
  assert.is(await run(["--genesis", "/nonexistent/g.json"], {}, badGenesis.io), 2);
  assert.equal(badGenesis.lines.err, ["error: --genesis /nonexistent/g.json: cannot read: no such file"]);

  const served = io();
  const db = freshDb();
  const node = await run(["--port", "0", "--clock", "simulated", "--block-time", "6s"], { DB_PATH: db }, served.io, { core: await newCore() });
  if (typeof node === "number") throw new Error(`exit ${node}: ${served.lines.err}`);
  try {
    assert.equal(served.lines.out, [
      `chainmain-local: serving ${node.url} at height 0 from ${db} (simulated clock, 6s blocks made by POST ` +
        `${node.url}/dev/advance?blocks=N; genesis 2026-01-01T00:00:00Z); CometBFT RPC ${node.rpcUrl} - try: curl ${node.url}/chainmain/tieredrewards/v1/tiers`,
    ]);
    // The same port again: a failure to start, not a usage error.
    const busy = io();
    const port = new URL(node.url).port;
    assert.is(await run(["--port", port], { DB_PATH: freshDb() }, busy.io, { core: await newCore() }), 1);
    assert.equal(busy.lines.err, [`error: cannot listen on 127.0.0.1:${port}: address already in use`]);
  } finally {
    await node.close();
  }
});

test("node host/main.ts serves until SIGTERM, then stops cleanly (exit 0)", async () => {
  const child = spawn(process.execPath, ["--import", "tsx", "host/main.ts", "--port", "0", "--clock", "simulated"], {
    cwd: ROOT,
    env: { ...process.env, PORT: undefined, DB_PATH: freshDb() },
  });
  let stdout = "";
  let stderr = "";
  let fetched = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  });
  child.stdout.on("data", async (d: Buffer) => {
    const first = !/serving /.test(stdout);
    stdout += d;
    const m = /serving (http:\/\/\S+) /.exec(stdout);
    if (first && m) {
      try {
        const res = await fetch(`${m[1]}/cosmos/mint/v1beta1/params`);
        fetched = `${res.status} ${await res.text()}`;
      } finally {
        child.kill("SIGTERM");
      }
    }
  });
  const timeout = setTimeout(() => child.kill("SIGKILL"), 10_000);
  const code = await exited;
  clearTimeout(timeout);
  assert.is(code, 0, stderr);
  assert.is(stderr, "");
  assert.is(fetched, `200 ${MINT_PARAMS}`);
  assert.match(stdout, /^chainmain-local: serving http:\/\/127\.0\.0\.1:\d+ at height 0 from \S+ \(simulated clock/);
  assert.match(stdout, "\nSIGTERM: stopping at height 0\n");
});

test.after(() => rm(DB_DIR, { recursive: true, force: true }));

test.run();
