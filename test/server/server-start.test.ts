// The real server (host/main.ts): startNode on 127.0.0.1 port 0 serves and closes, a bad genesis
// file stops the start, the command line's exit codes and lines, and `node host/main.ts` serving
// until SIGTERM.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConfigError, type Config } from "../../host/config.js";
import { run, startNode } from "../../host/main.js";
import { ROOT } from "../helpers/cli.js";
import { INFLATION_PARAMS, MINT_PARAMS, S, inflationOverride, json, newCore, rejects } from "../helpers/server.js";

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
    assert.equal(served.lines.out[0],
      `chainmain-local: serving ${node.url} at height 0 from ${db} (simulated clock, 6s blocks made by POST ` +
        `${node.url}/dev/advance?blocks=N; genesis 2026-01-01T00:00:00Z); CometBFT RPC ${node.rpcUrl} - try: curl ${node.url}/chainmain/tieredrewards/v1/tiers`);
    // Then dev mode's HD accounts, as Anvil prints them (dev/accounts.ts).
    assert.equal(served.lines.out.slice(1, 4), ["", "Available Accounts", "=================="]);
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
