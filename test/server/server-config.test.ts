// The node's configuration (host/config.ts): flags, PORT and DB_PATH, their defaults and one-line
// errors for bad values, the help text, and Go durations parsed exactly.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { DEFAULT_LIMITS } from "../../host/limits.js";
import { ConfigError, defaultQueryWorkers, parseConfig, parseGoDuration, helpText } from "../../host/config.js";
import { ValidationError } from "../../host/errors.js";
import { S } from "../helpers/server.js";

test("flags: defaults, PORT, durations, and one-line errors for bad values", () => {
  const run = (argv: string[], env = {}) => {
    const r = parseConfig(argv, env);
    if (r.kind !== "run") throw new Error("expected a run");
    return r.config;
  };
  assert.equal(run([]), {
    port: 1317, host: "127.0.0.1", chainSegment: "chainmain", blockTimeNs: 5n * S, clock: "real", genesisFile: undefined,
    dbPath: "./chain.db", dev: false, limits: { ...DEFAULT_LIMITS }, minGasPrices: [], rpcPort: 26657, rpcHost: "127.0.0.1",
    logLevel: "info", logFormat: "text", queryWorkers: defaultQueryWorkers(false),
  });
  // Query workers: a worker per core beside the node's thread (at most 4) on 4 cores or more, none on fewer or on a dev chain unless asked.
  assert.equal([2, 4, 8, 16].map((cores) => defaultQueryWorkers(false, cores)), [0, 3, 4, 4]);
  assert.is(defaultQueryWorkers(true, 8), 0);
  assert.is(run(["--query-workers", "0"]).queryWorkers, 0);
  assert.is(run(["--query-workers", "3"]).queryWorkers, 3);
  assert.is(run(["--clock", "simulated"]).queryWorkers, 0);
  assert.is(run(["--dev", "--query-workers", "2"]).queryWorkers, 2);
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
  bad(["--query-workers", "x"], '--query-workers "x": must be a whole number, at least 0');
  bad(["--query-workers", "65"], "--query-workers 65: at most 64");
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

test.run();
