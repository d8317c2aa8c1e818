// The node's chain on SQLite (host/app/application.ts, host/store/): restart at the same height
// and hash, replay of every block, tampering caught by the state hash, a node killed mid-run
// restarting at its last committed block, databases of another core build or state format
// refused, host/cli.ts replay, and export to a genesis that starts a node with the same state.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawn } from "node:child_process";
import { join } from "node:path";
import Database from "better-sqlite3";
import { loadCore } from "../../host/core/core.js";
import { NodeChain } from "../../host/drivers/embedded.js";
import { Application } from "../../host/app/application.js";
import { NodeStateError } from "../../host/framework/types.js";
import { devAddress, parseGenesis, type Json } from "../../host/app/genesis.js";
import { delegateMsg, undelegateMsg, sendMsg, withdrawMsg } from "../helpers/dev-signer.js";
import { nodeHarness, signedBy, wasm, type TestNode as Node } from "../helpers/node.js";
import { ROOT, cli } from "../helpers/cli.js";
import { BURN, S, accountId, validator } from "../helpers/node-suite.js";

const nodes = await nodeHarness({ prefix: "node-persistence-" });
const { open, freshDb } = nodes;

/** Delegate, make blocks, undelegate part, withdraw, make more blocks: some of everything. */
async function scenario(node: Node, step: number): Promise<void> {
  const user = devAddress(5 + step);
  const val = validator(node, step % 4);
  await node.post("/txs", await signedBy(node, 5 + step, [delegateMsg(user, val, 5_000_000_000n)]));
  await node.post("/dev/advance?blocks=20");
  await node.post(
    "/txs",
    await signedBy(node, 5 + step, [undelegateMsg(user, val, 1_000_000_000n), withdrawMsg(user, val), sendMsg(user, BURN, 1_000n)]),
  );
  await node.post("/dev/advance?duration=1h");
}

test("restart: same height, same state hash, balances intact; going on gives the hashes of a chain never stopped", async () => {
  const first = await open();
  await scenario(first, 0);
  await scenario(first, 1);
  const before = first.chain.latestBlock();
  const balance = first.chain.ledger.balance(accountId(first, devAddress(5)));
  const sequence = first.chain.directory.account(devAddress(5))!.sequence;
  // x/mint's Minter is the last block's (from the supply before its mint): kept, not re-derived.
  const minter = await first.get("/cosmos/mint/v1beta1/annual_provisions");
  await first.chain.close();

  const again = await open({ dbPath: first.dbPath });
  const reference = await open();
  try {
    assert.equal(again.chain.latestBlock(), before);
    assert.is(again.chain.latest.height, before.height);
    assert.is(again.chain.ledger.balance(accountId(again, devAddress(5))), balance);
    assert.is(again.chain.directory.account(devAddress(5))!.sequence, sequence);
    assert.equal(again.chain.app.checkInvariants(), []);
    assert.equal(await again.get("/cosmos/mint/v1beta1/annual_provisions"), minter);
    await scenario(again, 2);
    // The same history without the restart.
    for (const step of [0, 1, 2]) await scenario(reference, step);
    assert.equal(again.chain.latestBlock(), reference.chain.latestBlock());
    // Unbonding entries matured after the restart (28 days) the same way: jump past them.
    await again.post("/dev/advance?duration=700h");
    await reference.post("/dev/advance?duration=700h");
    assert.is(again.chain.latestBlock().appHash, reference.chain.latestBlock().appHash);
    assert.is(again.chain.ledger.balance(accountId(again, devAddress(5))), reference.chain.ledger.balance(accountId(reference, devAddress(5))));
  } finally {
    await again.chain.close();
    await reference.chain.close();
  }
});

test("replay re-executes every block to the same hashes; a damaged database is refused by restart and by replay", async () => {
  const node = await open();
  await scenario(node, 0);
  await scenario(node, 1);
  const last = node.chain.latestBlock();
  await node.chain.close();
  const seen: bigint[] = [];
  const replayed = Application.replay(await loadCore(wasm), node.dbPath, (h) => seen.push(h));
  assert.equal(replayed, last);
  assert.is(seen[0], 0n);
  assert.is(seen.at(-1), last.height);

  // A record changed behind the node's back: the state no longer matches the last block's hash.
  const db = new Database(node.dbPath);
  const row = db.prepare("SELECT tbl, key, bytes FROM records LIMIT 1 OFFSET 3").get() as { tbl: number; key: Buffer; bytes: Buffer };
  const bytes = Buffer.from(row.bytes);
  bytes[bytes.length - 1] ^= 1;
  db.prepare("UPDATE records SET bytes = ? WHERE tbl = ? AND key = ?").run(bytes, row.tbl, row.key);
  // A block's stored hash changed: replay stops there.
  db.prepare("UPDATE blocks SET app_hash = ? WHERE height = 1").run("00".repeat(32));
  db.close();
  try {
    await open({ dbPath: node.dbPath });
    assert.unreachable("restart accepted a damaged database");
  } catch (e) {
    assert.instance(e, NodeStateError);
    assert.match((e as Error).message, `after restore differs from block ${last.height}'s ${last.appHash}`);
  }
  try {
    Application.replay(await loadCore(wasm), node.dbPath);
    assert.unreachable("replay accepted a damaged database");
  } catch (e) {
    assert.instance(e, NodeStateError);
    assert.match((e as Error).message, /^replay diverged at height 1: state hash [0-9A-F]{64}, stored 0{64}$/);
  }
});

test("a node killed mid-run restarts at its last committed block with a matching state hash", async () => {
  const dbPath = freshDb();
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "host/main.ts", "--port", "0", "--clock", "real", "--block-time", "5ms", "--db", dbPath],
    { cwd: ROOT, env: { ...process.env, PORT: undefined } },
  );
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d));
  const exited = new Promise<void>((resolve) => child.on("close", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timeout = setTimeout(() => reject(new Error(`no startup line: ${stderr}`)), 15_000);
    child.stdout.on("data", (d: Buffer) => {
      stdout += d;
      if (/serving /.test(stdout)) {
        clearTimeout(timeout);
        resolve();
      }
    });
  });
  // Genesis time is in the past: blocks every 5 ms. Kill without warning while it makes them.
  await new Promise((r) => setTimeout(r, 400));
  child.kill("SIGKILL");
  await exited;
  const node = await open({ dbPath }); // restore checks the hash against the last committed block
  try {
    const db = new Database(dbPath, { readonly: true });
    const top = db.prepare("SELECT height, app_hash FROM blocks ORDER BY height DESC LIMIT 1").get() as { height: number; app_hash: string };
    db.close();
    assert.ok(top.height > 0, "blocks were made before the kill");
    assert.is(node.chain.latestBlock().height, BigInt(top.height));
    assert.is(node.chain.latestBlock().appHash, top.app_hash);
    assert.equal(node.chain.app.checkInvariants(), []);
  } finally {
    await node.chain.close();
  }
});

test("a database that is not the node's, or was made by another core build, is refused with a clear error", async () => {
  const empty = freshDb();
  new Database(empty).close();
  try {
    Application.replay(await loadCore(wasm), empty);
    assert.unreachable();
  } catch (e) {
    assert.instance(e, NodeStateError);
    assert.match((e as Error).message, `${empty}: no genesis: not a node database`);
  }
  const node = await open();
  await node.chain.close();
  const db = new Database(node.dbPath);
  db.prepare("INSERT INTO records (tbl, key, bytes) VALUES (999, ?, ?)").run(Buffer.alloc(8), Buffer.alloc(8));
  db.close();
  try {
    await open({ dbPath: node.dbPath });
    assert.unreachable();
  } catch (e) {
    assert.instance(e, NodeStateError);
    assert.match((e as Error).message, "record of table 999 does not fit this core build");
  }

  // A database written in another state format (records of the same size may mean something
  // else): restart and replay refuse it; one from before formats were kept counts as format 1.
  const other = await open();
  const exported = (await other.get("/dev/export")).json as any;
  assert.is(exported.app_state.node_state.state_format, 2);
  await other.chain.close();
  for (const change of ["UPDATE meta SET value = '1' WHERE key = 'state_format'", "DELETE FROM meta WHERE key = 'state_format'"]) {
    const d = new Database(other.dbPath);
    d.prepare(change).run();
    d.close();
    for (const attempt of [() => open({ dbPath: other.dbPath }), async () => Application.replay(await loadCore(wasm), other.dbPath)]) {
      try {
        await attempt();
        assert.unreachable("a database of another state format was read");
      } catch (e) {
        assert.instance(e, NodeStateError);
        assert.match((e as Error).message, `${other.dbPath}: written in state format 1; this build reads format 2`);
      }
    }
  }
  // An export of another format cannot start a node either.
  exported.app_state.node_state.state_format = 3;
  try {
    await open({ genesis: exported });
    assert.unreachable("an export of another state format was imported");
  } catch (e) {
    assert.instance(e, NodeStateError);
    assert.match((e as Error).message, "app_state.node_state: written in state format 3; this build reads format 2");
  }
});

test("host/cli.ts replay: progress and one summary line, exit 0; a missing database exits 2, a damaged one 1", async () => {
  const node = await open();
  await scenario(node, 0);
  const last = node.chain.latestBlock();
  await node.chain.close();
  const ok = await cli("replay", "--db", node.dbPath);
  assert.is(ok.code, 0, ok.stderr);
  assert.match(ok.stdout, `replay: ${last.height} blocks of ${node.dbPath} re-executed in `);
  assert.match(ok.stdout, `every state hash matches (${last.appHash})`);
  const missing = await cli("replay", "--db", join(nodes.dir, "nope.db"));
  assert.is(missing.code, 2);
  assert.is(missing.stderr, `error: --db ${join(nodes.dir, "nope.db")}: no such file\n`);
  const db = new Database(node.dbPath);
  db.prepare("UPDATE blocks SET app_hash = ? WHERE height = ?").run("11".repeat(32), Number(last.height));
  db.close();
  const damaged = await cli("replay", "--db", node.dbPath);
  assert.is(damaged.code, 1);
  assert.match(damaged.stderr, `error: replay diverged at height ${last.height}`);
});

test("export: GET /dev/export is the last committed state as a genesis; a node started on it has the same state and hash", async () => {
  const source = await open();
  await scenario(source, 0);
  await scenario(source, 1);
  const exported = await source.get("/dev/export");
  assert.is(exported.status, 200);
  const doc = exported.json as Json;
  const state = (doc as any).app_state.node_state;
  assert.is(state.height, `${source.chain.latest.height}`);
  assert.ok(state.records.length > 20, `${state.records.length} records`);
  assert.is(state.accounts.length, 18, "the 9 dev accounts, the 8 module accounts and the burn address");

  const importedDb = freshDb();
  const imported = NodeChain.open(await loadCore(wasm), doc, { dbPath: importedDb, clock: "simulated", blockTimeNs: 5n * S });
  try {
    assert.is(imported.latestBlock().height, source.chain.latestBlock().height);
    assert.is(imported.latestBlock().appHash, source.chain.latestBlock().appHash);
    const user = devAddress(6);
    assert.is(imported.ledger.balance(imported.directory.accountId(user)!), source.chain.ledger.balance(accountId(source, user)));
    assert.equal(imported.directory.account(user), source.chain.directory.account(user));
    assert.equal(imported.app.checkInvariants(), []);
    // Both go on alike: the same blocks give the same hashes.
    await imported.advance(2000n);
    await source.post("/dev/advance?blocks=2000");
    assert.is(imported.latestBlock().appHash, source.chain.latestBlock().appHash);
  } finally {
    await imported.close();
    await source.chain.close();
  }
  // The imported chain restarts and replays from its imported genesis.
  const again = await open({ dbPath: importedDb });
  const top = again.chain.latestBlock();
  await again.chain.close();
  assert.equal(Application.replay(await loadCore(wasm), importedDb), top);
  // A state from another core build does not load.
  const foreign = JSON.parse(JSON.stringify(doc));
  foreign.app_state.node_state.records[0][0] = 999;
  try {
    NodeChain.open(await loadCore(wasm), foreign, { dbPath: freshDb(), clock: "simulated", blockTimeNs: 5n * S });
    assert.unreachable();
  } catch (e) {
    assert.instance(e, NodeStateError);
    assert.is((e as Error).message, "node_state: record of table 999 does not fit this core build");
  }
  const bad = JSON.parse(JSON.stringify(doc));
  bad.app_state.node_state.records[0][1] = "not base64!";
  assert.throws(() => parseGenesis(bad, (again.chain.app as any).s.core.dec), /app_state\.node_state\.records\[0\]: invalid base64/);
});

test.after(() => nodes.remove());

test.run();
