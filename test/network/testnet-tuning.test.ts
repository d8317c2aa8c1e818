// What a testnet node is configured with for speed (docs/performance.md, "The 4-validator
// network's time"): CometBFT's peer connections flush every 10 ms and its gossip routines wake every 25 ms
// (not 100 ms), its Prometheus metrics on when asked; the app's database without an fsync per
// block (synchronous = NORMAL) under STAKING_ENGINE_SQLITE_SYNC=normal, FULL otherwise.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { defaultGenesisJson } from "../../host/app/genesis.js";
import { loadCore } from "../../host/core/core.js";
import { genesisValidators, writeCometHome } from "../../host/cometbft/home.js";
import { SQLITE_SYNC_ENV, setUp } from "../../host/store/migrate.js";
import { wasm } from "../helpers/node.js";

const dir = await mkdtemp(join(tmpdir(), "testnet-tuning-"));

test.after(async () => {
  await rm(dir, { recursive: true, force: true });
});

test("a home's config: p2p flush every 10 ms, consensus gossip every 25 ms, Prometheus on its port when asked", async () => {
  const genesis = defaultGenesisJson();
  const validators = genesisValidators(await loadCore(wasm), genesis);
  const section = (toml: string, name: string) => toml.split(/^\[/m).find((s) => s.startsWith(`${name}]`)) ?? "";
  for (const prometheusPort of [undefined, 26_999]) {
    const home = join(dir, `home-${prometheusPort ?? "none"}`);
    await writeCometHome(home, {
      genesis, operator: validators[0]!.operator, validators, abci: "tcp://127.0.0.1:1", rpcPort: 2, p2pPort: 3, blockInterval: "1s",
      ...(prometheusPort === undefined ? {} : { prometheusPort }),
    });
    const toml = await readFile(join(home, "config", "config.toml"), "utf8");
    assert.match(section(toml, "p2p"), /^flush_throttle_timeout = "10ms"$/m);
    assert.match(section(toml, "consensus"), /^peer_gossip_sleep_duration = "25ms"$/m);
    assert.match(section(toml, "consensus"), /^timeout_commit = "1s"$/m);
    const instrumentation = section(toml, "instrumentation");
    if (prometheusPort === undefined) assert.match(instrumentation, /^prometheus = false$/m);
    else {
      assert.match(instrumentation, /^prometheus = true$/m);
      assert.match(instrumentation, /^prometheus_listen_addr = "127\.0\.0\.1:26999"$/m);
    }
  }
});

test("a home's pprof port and more config values: set where named, an unknown key refused", async () => {
  const genesis = defaultGenesisJson();
  const validators = genesisValidators(await loadCore(wasm), genesis);
  const section = (toml: string, name: string) => toml.split(/^\[/m).find((s) => s.startsWith(`${name}]`)) ?? "";
  const base = { genesis, operator: validators[0]!.operator, validators, abci: "tcp://127.0.0.1:1", rpcPort: 2, p2pPort: 3, blockInterval: "1s" };
  const plain = join(dir, "home-plain");
  await writeCometHome(plain, base);
  const plainToml = await readFile(join(plain, "config", "config.toml"), "utf8");
  assert.match(section(plainToml, "rpc"), /^pprof_laddr = ""$/m);
  assert.match(section(plainToml, "tx_index"), /^indexer = "kv"$/m);
  assert.match(section(plainToml, "mempool"), /^recheck = true$/m);
  const home = join(dir, "home-config");
  await writeCometHome(home, { ...base, pprofPort: 26_998, config: { "tx_index.indexer": '"null"', "mempool.recheck": "false", log_level: '"error"' } });
  const toml = await readFile(join(home, "config", "config.toml"), "utf8");
  assert.match(section(toml, "rpc"), /^pprof_laddr = "127\.0\.0\.1:26998"$/m);
  assert.match(section(toml, "tx_index"), /^indexer = "null"$/m);
  assert.match(section(toml, "mempool"), /^recheck = false$/m);
  assert.match(toml.split(/^\[/m)[0]!, /^log_level = "error"$/m);
  let refused = "";
  await writeCometHome(join(dir, "home-bad"), { ...base, config: { "mempool.no_such_key": "1" } }).catch((e: Error) => (refused = e.message));
  assert.match(refused, /config\.toml: no mempool no_such_key/);
});

test("the database's sync: FULL by default, NORMAL for a testnet's node", () => {
  const sync = (env: string | undefined) => {
    const before = process.env[SQLITE_SYNC_ENV];
    if (env === undefined) delete process.env[SQLITE_SYNC_ENV];
    else process.env[SQLITE_SYNC_ENV] = env;
    const db = new Database(join(dir, `sync-${env ?? "default"}.db`));
    try {
      setUp(db);
      return db.pragma("synchronous", { simple: true });
    } finally {
      db.close();
      if (before === undefined) delete process.env[SQLITE_SYNC_ENV];
      else process.env[SQLITE_SYNC_ENV] = before;
    }
  };
  assert.is(sync(undefined), 2); // FULL
  assert.is(sync("normal"), 1); // NORMAL
});

test.run();
