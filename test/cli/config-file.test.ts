// `--config node.toml` and `--print-config` (host/config-file.ts): every flag can come from the
// file, the command line overrides it and PORT / DB_PATH come between, what --print-config writes
// reads back to the very Config the same flags give, and a bad file is one error line (exit 2)
// naming the file and the key.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "smol-toml";
import { ConfigError, parseConfig, type Config } from "../../host/config.js";
import { run } from "../../host/main.js";

const dir = await mkdtemp(join(tmpdir(), "config-file-"));
let n = 0;
/** A config file with this text; its path. */
async function file(text: string): Promise<string> {
  const path = join(dir, `node-${n++}.toml`);
  await writeFile(path, text);
  return path;
}
const config = (argv: string[], env: Record<string, string> = {}): Config => {
  const r = parseConfig(argv, env);
  if (r.kind !== "run") throw new Error(`expected a config, got ${r.kind}`);
  return r.config;
};

test.after(async () => {
  await rm(dir, { recursive: true, force: true });
});

test("the file's keys are the flags; the command line overrides it; PORT and DB_PATH come between", async () => {
  const path = await file([
    "port = 1400", 'clock = "simulated"', 'block-time = "2s"', "dev = true", 'db = "from-file.db"',
    'minimum-gas-prices = ["0.025basecro", "1uatom"]', "max-body-bytes = 4096", 'rpc-port = "off"', 'log-level = "debug"',
  ].join("\n"));
  const c = config(["--config", path]);
  assert.is(c.port, 1400);
  assert.is(c.clock, "simulated");
  assert.is(c.blockTimeNs, 2_000_000_000n);
  assert.is(c.dev, true);
  assert.is(c.dbPath, "from-file.db");
  assert.equal(c.minGasPrices, [{ amount: "0.025", denom: "basecro" }, { amount: "1", denom: "uatom" }]);
  assert.is(c.limits?.maxBodyBytes, 4096);
  assert.is(c.rpcPort, undefined);
  assert.is(c.logLevel, "debug");
  const over = config(["--config", path, "--port", "1500", "--block-time", "3s"]);
  assert.is(over.port, 1500);
  assert.is(over.blockTimeNs, 3_000_000_000n);
  assert.is(over.clock, "simulated", "what the command line does not say stays the file's");
  assert.is(config(["--config", path], { PORT: "1600", DB_PATH: "env.db" }).port, 1600);
  assert.is(config(["--config", path], { PORT: "1600", DB_PATH: "env.db" }).dbPath, "env.db");
  assert.is(config(["--config", path, "--port", "1700"], { PORT: "1600" }).port, 1700);
});

test("--print-config writes every flag; read back it gives the same Config as the flags did", async () => {
  for (const flags of [[], ["--clock", "simulated", "--port", "0", "--minimum-gas-prices", "0.5basecro", "--cors-origins", "*"]]) {
    const printed = parseConfig([...flags, "--print-config"]);
    assert.is(printed.kind, "print-config");
    const text = (printed as { text: string }).text;
    const doc = parse(text) as Record<string, unknown>;
    for (const key of ["port", "host", "block-time", "clock", "db", "max-body-bytes", "mempool-size", "rpc-port", "log-level", "fund-amount"]) {
      assert.ok(key in doc, `${key} missing from:\n${text}`);
    }
    assert.match(text, /^# genesis = "FILE"$/m, "an unset flag is there, commented out");
    assert.equal(config(["--config", await file(text)]), config(flags), flags.join(" "));
  }
});

test("a bad file is a ConfigError naming the file and the key", async () => {
  const cases: [string, RegExp][] = [
    ["block_time = \"1s\"", /node-\d+\.toml: unknown key "block_time" \(did you mean "block-time"\?\)/],
    ["config = \"other.toml\"", /unknown key "config"/],
    ["port = \"abc\"", /node-\d+\.toml: port = "abc": not a port number/],
    ["port = 1.5", /port = 1\.5: expected a whole number or a string/],
    ["dev = \"yes\"", /dev = "yes": expected true or false/],
    ["clock = true", /clock = true: expected a string/],
    ["block-time = \"5 s\"", /node-\d+\.toml: block-time = "5 s": /],
    ["[rpc]\nport = 1", /unknown key "rpc"/],
    ["port = ", /node-\d+\.toml: line 1, column \d+: not valid TOML/],
  ];
  for (const [text, message] of cases) {
    const path = await file(text);
    assert.throws(() => parseConfig(["--config", path]), (e: unknown) => e instanceof ConfigError && message.test((e as Error).message), text);
  }
  assert.throws(() => parseConfig(["--config", join(dir, "absent.toml")]), (e: unknown) => e instanceof ConfigError && /cannot read it: ENOENT/.test((e as Error).message));
  // A value the command line fixes is still reported: the file must be right on its own.
  const bad = await file("port = \"abc\"");
  assert.throws(() => parseConfig(["--config", bad, "--port", "1"]), (e: unknown) => e instanceof ConfigError);
});

test("the command line: a bad file exits 2 with one line; --print-config exits 0 (a real process)", async () => {
  const lines: string[] = [];
  const code = await run(["--config", await file("nope = 1")], {}, { out: () => {}, err: (l) => lines.push(l) });
  assert.is(code, 2);
  assert.is(lines.length, 1);
  assert.match(lines[0]!, /^error: .*unknown key "nope"/);
  const main = fileURLToPath(new URL("../../host/main.ts", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", main, "--print-config"], { stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
  const exit = await new Promise<number | null>((resolve) => child.on("close", resolve));
  assert.is(exit, 0);
  assert.is((parse(stdout) as { port: number }).port, 1317);
});

test.run();
