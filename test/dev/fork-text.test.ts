// `--fork FILE`'s text on a worker (host/dev/fork-text.ts startForkText): the worker reads and forks
// the export as the main thread does and writes JSON.stringify's text of the fork while the main
// thread parses and imports it; the genesis block's write waits for the file. Held here on a 10k
// accounts export: loadFork with the text on the worker and in the thread (as before) give the same
// stored genesis bytes (the whole document's fork, JSON.stringify'd), the same app hash and export;
// a worker that fails makes the genesis block's read fail with its message, never a partial text.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { startChain } from "../helpers/fork-start.js";
import { loadCoreFromFile } from "../../host/core/node.js";
import { NodeChain } from "../../host/drivers/embedded.js";
import { readGenesisDoc, type Json } from "../../host/app/genesis.js";
import { genesisFileChunks, genesisFileOf, genesisFileWaits, readGenesisStream } from "../../host/app/genesis-stream.js";
import { parseConfig, type Config } from "../../host/config.js";
import { forkGenesis } from "../../host/dev/fork.js";
import { FORK_TEXT_WORKER_BYTES, loadFork } from "../../host/dev/fork-load.js";
import { startForkText } from "../../host/dev/fork-text.js";
import { hdAccounts } from "../../host/dev/accounts.js";
import { writeScaleGenesis } from "../../bench/scale-genesis.js";

const dir = mkdtempSync(join(tmpdir(), "fork-text-"));
test.after(() => rmSync(dir, { recursive: true, force: true }));
const core = await loadCoreFromFile();
let n = 0;

/** The chain a document starts (a new database): its first block's state hash, its export, the genesis bytes it stored. */
const start = (doc: Json, dbPath = join(dir, `node-${n++}.db`)) => startChain(doc, dbPath);

const config = (file: string, db: string): Config => {
  const c = parseConfig(["--fork", file, "--db", db, "--accounts", "3"]);
  if (c.kind !== "run") throw new Error("expected a run");
  return c.config;
};

/** A 10k accounts export (indented, as `npm run export` writes it), made from the scale bench's document. */
async function export10k(): Promise<string> {
  const genesis = join(dir, "genesis-10000.json");
  await writeScaleGenesis(genesis, 10_000, () => {});
  const chain = NodeChain.open(await loadCoreFromFile(), await readGenesisStream(genesis), { dbPath: join(dir, "scale.db"), clock: "simulated", blockTimeNs: 5_000_000_000n });
  const file = join(dir, "export-10000.json");
  writeFileSync(file, JSON.stringify(chain.exportGenesis(), null, 2));
  await chain.close();
  return file;
}

test("a 10k export: the fork's text written on the worker is the thread's (today's) and the whole fork's; the same chain", async () => {
  const file = await export10k();
  const inThread = await loadFork(config(file, join(dir, "a.db")), core, () => {});
  const onWorker = await loadFork(config(file, join(dir, "b.db")), core, () => {}, { textOnWorker: true });
  assert.not.ok(genesisFileWaits.has(genesisFileOf(inThread.doc)!), `below ${FORK_TEXT_WORKER_BYTES} bytes: written in the thread`);
  assert.equal(onWorker.forked, inThread.forked);
  const path = genesisFileOf(onWorker.doc)!;
  assert.ok(genesisFileWaits.has(path), "the genesis block's write waits for the worker's file");
  assert.is.not(path, genesisFileOf(inThread.doc));
  const a = await start(inThread.doc, join(dir, "a.db"));
  const b = await start(onWorker.doc, join(dir, "b.db"));
  assert.not.ok(genesisFileWaits.has(path), "waited once");
  assert.ok(b.stored.equals(a.stored), "the stored genesis bytes");
  assert.ok(readFileSync(path).equals(a.stored), "the worker's file");
  const whole = forkGenesis(await readGenesisDoc(file), undefined, { accounts: hdAccounts({ mnemonic: "test test test test test test test test test test test junk", count: 3 }).map((x) => x.address) });
  assert.is(b.stored.toString("utf8"), JSON.stringify(whole.doc), "JSON.stringify of the whole document's fork");
  assert.is(b.appHash, a.appHash);
  assert.equal(b.exported, a.exported);
  assert.ok((b.exported as any).app_state.auth.accounts.length > 10_000, "every account");
});

test("a worker that fails: the genesis file's read throws its message; a cancelled one leaves no wait", async () => {
  const missing = join(dir, "missing.json");
  const text = startForkText({ file: missing, accounts: [] });
  const doc: Json = {};
  text.name(doc);
  const path = genesisFileOf(doc)!;
  assert.throws(() => [...genesisFileChunks(path)], /writing the fork's genesis text: .*missing\.json/);
  assert.throws(() => text.wait(), /writing the fork's genesis text/, "the same error again");
  assert.not.ok(genesisFileWaits.has(path));
  const other = startForkText({ file: missing, accounts: [] });
  const doc2: Json = {};
  other.name(doc2);
  other.cancel();
  assert.not.ok(genesisFileWaits.has(genesisFileOf(doc2)!));
  assert.not.ok(existsSync(missing));
});

test("a worker that ends without a word while the main thread waits: the wait throws, it does not block for ever", async () => {
  const text = startForkText({ file: join(dir, "missing.json"), accounts: [], vanishAfterMs: 300 });
  await new Promise((r) => setTimeout(r, 100)); // the worker has started
  assert.throws(() => text.wait(), /writing the fork's genesis text: the fork's text worker ended without finishing/);
});

test.run();
