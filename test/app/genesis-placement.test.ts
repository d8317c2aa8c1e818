// Placing a genesis's records as they are read (docs/performance.md, "Placing records as they are
// read"): the genesis block of a new database is hashed and written straight from the core's
// journal (host/app/commit.ts genesisJournal), no copy or digest of a record held, with the state
// hash a chain in memory computes (every digest kept) and a restart recomputes from the rows, on
// the reference chain's documents and on generated ones, streamed and read whole.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtempSync, readdirSync, rmSync, existsSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { loadCoreFromFile } from "../../host/core/node.js";
import { NodeChain } from "../../host/drivers/embedded.js";
import { readGenesisDoc, type Json } from "../../host/app/genesis.js";
import { genesisFileChunks, readGenesisStream } from "../../host/app/genesis-stream.js";
import { readFileSync } from "node:fs";
import { NodeStore } from "../../host/store/store.js";
import { StateHash } from "../../host/store/state-hash.js";
import { DigestPacker, restartHashing } from "../../host/store/stored-digests.js";
import { writeScaleGenesis } from "../../bench/scale-genesis.js";
import { address, int, uint64, withAddressScope } from "../../host/framework/genesis-json.js";
import { devAddress, operatorOf } from "../../host/app/genesis.js";
import { MODULES } from "../../host/modules/index.js";
import { GENESIS_ROW_BYTES } from "../../host/app/commit.js";
import Database from "better-sqlite3";

const REF = join(import.meta.dirname, "..", "reference-chain");
const dir = mkdtempSync(join(tmpdir(), "genesis-placement-"));
test.after(() => rmSync(dir, { recursive: true, force: true }));

const docs = [
  join(REF, "genesis.json"),
  join(REF, "export-height-395.json"),
  ...readdirSync(REF).map((d) => join(REF, d, "genesis.json")).filter((f) => existsSync(f)),
];
const BLOCK = 5_000_000_000n;
let n = 0;

/**
 * Calls of the state hash's `put` (a digest kept per record) and inputs summed without a digest kept
 * (`addStored`, or packed for a digest sum: `DigestPacker`) while `f` runs; `sums`: which sum each packer's was.
 */
async function counting<T>(f: () => Promise<T>): Promise<{ value: T; put: number; stored: number; sums: string[] }> {
  const proto = StateHash.prototype as unknown as { put: (...a: unknown[]) => void; addStored: (...a: unknown[]) => void };
  const packer = DigestPacker.prototype;
  const { put, addStored } = proto;
  const { add, finish } = packer;
  const counts = { put: 0, stored: 0, sums: [] as string[] };
  proto.put = function (this: unknown, ...a: unknown[]) { counts.put++; return put.apply(this, a); };
  proto.addStored = function (this: unknown, ...a: unknown[]) { counts.stored++; return addStored.apply(this, a); };
  packer.add = function (this: DigestPacker, ...a: Parameters<typeof add>) { counts.stored++; return add.apply(this, a); };
  packer.finish = function (this: DigestPacker) { counts.sums.push((this as unknown as { sum: object }).sum.constructor.name); return finish.apply(this); };
  try {
    return { value: await f(), ...counts };
  } finally {
    proto.put = put;
    proto.addStored = addStored;
    packer.add = add;
    packer.finish = finish;
  }
}

test("a new database's genesis block: the state hash of a chain in memory and of a restart, no digest kept per record, the records written as they are read", async () => {
  const generated = join(dir, "scale-300.json");
  await writeScaleGenesis(generated, 300, () => {});
  const commitGenesis = NodeStore.prototype.commitGenesis;
  let lazy: boolean[] = [];
  NodeStore.prototype.commitGenesis = function (this: NodeStore, ...a: Parameters<typeof commitGenesis>) {
    lazy.push(!Array.isArray(a[3]));
    return commitGenesis.apply(this, a);
  };
  const exported = (file: string) => file === generated || file.endsWith("export-height-395.json");
  let lean = 0;
  try {
    for (const file of [...docs, generated]) {
      for (const read of [readGenesisDoc, (f: string) => readGenesisStream(f, { highWaterMark: 4096 })]) {
        const inMemory = NodeChain.inMemory(await loadCoreFromFile(), await read(file), BLOCK);
        const want = inMemory.latestBlock().appHash;
        const records = inMemory.app.coreTables().reduce((t, r) => t + r.records, 0);
        await inMemory.close();
        const dbPath = join(dir, `node-${n++}.db`);
        lazy = [];
        const { value: appHash, put, stored, sums } = await counting(async () => {
          const chain = NodeChain.open(await loadCoreFromFile(), (await read(file)) as Json, { dbPath, clock: "simulated", blockTimeNs: BLOCK });
          const h = chain.latestBlock().appHash;
          await chain.close();
          return h;
        });
        assert.is(appHash, want, file);
        if (exported(file)) assert.equal(sums, ["LocalSum"], `${file}: a small genesis summed in the thread`);
        // A new chain's gentxs remove records in its genesis block (a slot journaled twice): those small blocks take the former path.
        if (exported(file)) {
          assert.equal(lazy, [true], `${file}: the records handed to the write as they are read, not as an array`);
          assert.is(put, 0, `${file}: no digest kept`);
          assert.ok(stored >= records, `${file}: every record summed (${stored} of ${records})`);
          lean++;
        }
        const again = NodeChain.open(await loadCoreFromFile(), {}, { dbPath, clock: "simulated", blockTimeNs: BLOCK });
        assert.is(again.latestBlock().appHash, want, `${file}: a restart's sum of the stored rows`);
        await again.close();
      }
    }
  } finally {
    NodeStore.prototype.commitGenesis = commitGenesis;
  }
  assert.is(lean, 4, "the exported documents, streamed and whole");
});

test("a large genesis block's digests summed on a worker while the thread writes the rows: the app hash of the sum in the thread and of a restart", async () => {
  const file = join(dir, "scale-worker.json");
  await writeScaleGenesis(file, 400, () => {});
  const inMemory = NodeChain.inMemory(await loadCoreFromFile(), await readGenesisStream(file), BLOCK);
  const want = inMemory.latestBlock().appHash;
  await inMemory.close();
  const seen: string[] = [];
  for (const [from, backlog] of [[0, 3], [0, 0], [Number.MAX_SAFE_INTEGER, 3]] as const) {
    restartHashing.workerFrom = from; // 0: every genesis block on the worker
    restartHashing.backlog = backlog; // 0: the thread hashes every chunk itself
    try {
      const dbPath = join(dir, `node-${n++}.db`);
      const { value, put, stored, sums } = await counting(async () => {
        const chain = NodeChain.open(await loadCoreFromFile(), await readGenesisStream(file), { dbPath, clock: "simulated", blockTimeNs: BLOCK });
        const h = chain.latestBlock().appHash;
        await chain.close();
        return h;
      });
      assert.is(value, want, `workerFrom ${from}, backlog ${backlog}: the in-memory chain's app hash`);
      assert.is(put, 0);
      assert.ok(stored > 3 * 400, `every record and account packed (${stored})`);
      seen.push(...sums);
      const again = NodeChain.open(await loadCoreFromFile(), {}, { dbPath, clock: "simulated", blockTimeNs: BLOCK });
      assert.is(again.latestBlock().appHash, want, "a restart's sum of the stored rows");
      await again.close();
    } finally {
      restartHashing.workerFrom = 100_000;
      restartHashing.backlog = 3;
    }
  }
  assert.equal(seen, ["WorkerSum", "WorkerSum", "LocalSum"]);
});

test("a genesis block whose digest sum fails is not written: the open fails and the database holds no block", async () => {
  const file = join(dir, "scale-fail.json");
  await writeScaleGenesis(file, 50, () => {});
  const dbPath = join(dir, `node-${n++}.db`);
  const finish = DigestPacker.prototype.finish;
  DigestPacker.prototype.finish = function (this: DigestPacker) {
    finish.call(this);
    throw new Error("the hashing worker failed: injected");
  };
  let message = "none";
  try {
    NodeChain.open(await loadCoreFromFile(), await readGenesisStream(file), { dbPath, clock: "simulated", blockTimeNs: BLOCK });
  } catch (e) {
    message = (e as Error).message;
  } finally {
    DigestPacker.prototype.finish = finish;
  }
  assert.match(message, /hashing worker failed: injected/);
  const store = new NodeStore(dbPath, { readonly: true });
  try {
    assert.is(store.lastBlock(), undefined, "no block written (the block's row and the records: one transaction)");
  } finally {
    store.close();
  }
});

test("a parse's addresses are checked once each: the same canonical text after, by prefix; an invalid one fails each time where it is", () => {
  const acct = devAddress(3);
  const upper = acct.toUpperCase();
  const message = (f: () => unknown) => { try { f(); return "none"; } catch (e) { return (e as Error).message; } };
  const bad = `${acct.slice(0, -1)}${acct.endsWith("q") ? "p" : "q"}`; // checksum broken
  const outside = { canonical: address(upper, "a", "cro"), bad: message(() => address(bad, "b", "cro")), asValidator: message(() => address(acct, "c", "crocncl")) };
  assert.is(outside.canonical, acct);
  assert.match(outside.bad, /^b: invalid address: decoding bech32 failed/);
  assert.match(outside.asValidator, /^c: invalid address: invalid Bech32 prefix; expected crocncl, got cro$/);
  withAddressScope(() => {
    assert.is(address(upper, "x", "cro"), acct);
    assert.is(address(upper, "y", "cro"), acct, "the remembered canonical text");
    assert.is(address(acct, "z", "cro"), acct);
    assert.is(message(() => address(acct, "c", "crocncl")), outside.asValidator, "a text seen with one prefix is checked again for another");
    assert.is(message(() => address(bad, "b", "cro")), outside.bad);
    assert.is(message(() => address(bad, "b", "cro")), outside.bad, "never remembered");
    assert.is(address(operatorOf(acct), "v", "crocncl"), operatorOf(acct));
    assert.is(withAddressScope(() => address(acct, "n", "cro")), acct, "a nested scope shares the outer one");
  });
});

test("a chain with a database lets each parsed list go once placed: the later modules' InitGenesis sees them empty; in memory, kept", async () => {
  const file = join(dir, "scale-release.json");
  await writeScaleGenesis(file, 300, () => {});
  const genesis = MODULES.find((m) => m.name === "gov")!.genesis as { init: (app: any) => void };
  const init = genesis.init;
  let seen: number[] = [];
  genesis.init = (app: any) => {
    seen = [app.genesis.balances.length, app.genesis.sdk.auth.accounts.length, app.genesis.sdk.staking.delegations.length, app.genesis.sdk.distribution.startingInfos.size];
    init(app);
  };
  try {
    const memory = NodeChain.inMemory(await loadCoreFromFile(), await readGenesisStream(file), BLOCK);
    const want = memory.latestBlock().appHash;
    await memory.close();
    assert.ok(seen.every((n) => n >= 300), `in memory: kept (${seen})`);
    seen = [];
    const chain = NodeChain.open(await loadCoreFromFile(), await readGenesisStream(file), { dbPath: join(dir, `node-${n++}.db`), clock: "simulated", blockTimeNs: BLOCK });
    assert.is(chain.latestBlock().appHash, want);
    await chain.close();
    assert.equal(seen, [0, 0, 0, 0], "with a database: let go");
  } finally {
    genesis.init = init;
  }
});

test("with a database, x/auth's parsed accounts are let go once in the directory but for the vesting ones, whose locks x/vesting places next", async () => {
  const file = join(REF, "export-mix", "export.json");
  const vesting = (JSON.parse(readFileSync(file, "utf8")).app_state.auth.accounts as { "@type": string }[]).filter((a) => a["@type"].includes("Vesting")).length;
  assert.ok(vesting >= 2, "the document has vesting accounts");
  const bank = MODULES.find((m) => m.name === "bank")!.genesis as { init: (app: any) => void };
  const init = bank.init;
  let seen: { n: number; vesting: number } | undefined;
  bank.init = (app: any) => {
    const accounts = app.genesis.sdk.auth.accounts as { vesting?: unknown }[];
    seen = { n: accounts.length, vesting: accounts.filter((a) => a.vesting !== undefined).length };
    init(app);
  };
  try {
    const memory = NodeChain.inMemory(await loadCoreFromFile(), await readGenesisStream(file), BLOCK);
    const want = memory.latestBlock().appHash;
    const locks = memory.app.coreTables().find((t) => /vest/i.test(t.name))?.records;
    await memory.close();
    assert.ok(seen!.n > vesting && seen!.vesting === vesting, `in memory: kept (${JSON.stringify(seen)})`);
    seen = undefined;
    const chain = NodeChain.open(await loadCoreFromFile(), await readGenesisStream(file), { dbPath: join(dir, `node-${n++}.db`), clock: "simulated", blockTimeNs: BLOCK });
    assert.is(chain.latestBlock().appHash, want, "the same state: the vesting locks placed");
    assert.is(chain.app.coreTables().find((t) => /vest/i.test(t.name))?.records, locks);
    await chain.close();
    assert.equal(seen, { n: vesting, vesting }, "with a database: only the vesting accounts left for x/vesting");
  } finally {
    bank.init = init;
  }
});

test("a streamed document's bytes are written in rows of GENESIS_ROW_BYTES (not 16 MiB ones) and read back across rows as the file's", async () => {
  const file = join(dir, "scale-rows.json");
  await writeScaleGenesis(file, 3000, () => {});
  const bytes = readFileSync(file);
  assert.ok(bytes.length > 2 * GENESIS_ROW_BYTES, `${bytes.length} bytes: more than two rows`);
  const dbPath = join(dir, `node-${n++}.db`);
  const chain = NodeChain.open(await loadCoreFromFile(), await readGenesisStream(file), { dbPath, clock: "simulated", blockTimeNs: BLOCK });
  const stored = chain.genesisBytes();
  assert.is(stored.size, bytes.length);
  for (const [at, len] of [[0, 100], [GENESIS_ROW_BYTES - 7, 20], [GENESIS_ROW_BYTES - 1, GENESIS_ROW_BYTES + 2], [0, bytes.length], [bytes.length - 5, 100]] as const) {
    assert.equal(Buffer.from(stored.read(at, len)), bytes.subarray(at, Math.min(at + len, bytes.length)), `bytes ${at}+${len}`);
  }
  await chain.close();
  const db = new Database(dbPath, { readonly: true });
  try {
    const rows = db.prepare("SELECT length(bytes) AS n FROM genesis_chunks ORDER BY seq").all() as { n: number }[];
    assert.is(rows.length, Math.ceil(bytes.length / GENESIS_ROW_BYTES));
    assert.ok(rows.every((r) => r.n <= GENESIS_ROW_BYTES));
  } finally {
    db.close();
  }
});

test("the document's bytes for the genesis block's write: one buffer reused, each chunk the file's bytes when read", () => {
  const file = join(REF, "export-height-395.json");
  const seen = new Set<ArrayBufferLike>();
  const copies: Buffer[] = [];
  for (const c of genesisFileChunks(file, 16384, true)) {
    seen.add(c.buffer);
    copies.push(Buffer.from(c));
  }
  assert.ok(copies.length > 2);
  assert.is(seen.size, 1, "one buffer");
  assert.equal(Buffer.concat(copies), readFileSync(file));
  assert.is(new Set([...genesisFileChunks(file, 16384)].map((c) => c.buffer)).size, copies.length, "without reuse: a buffer per chunk");
});

test("small integers are shared values, parsed as before: signs, leading zeros, the edges of the shared range", () => {
  const cases: [string, bigint][] = [["0", 0n], ["7", 7n], ["0007", 7n], ["1023", 1023n], ["1024", 1024n], ["9999", 9999n], ["18446744073709551615", 2n ** 64n - 1n]];
  for (const [text, want] of cases) assert.is(uint64(text, "p"), want, text);
  for (const [text, want] of [...cases, ["+5", 5n], ["-5", -5n], ["-0", 0n], ["+0012", 12n], ["-1023", -1023n]] as [string, bigint][]) assert.is(int(text, "p"), want, text);
  assert.throws(() => uint64("+5", "p"), /invalid uint64/);
  assert.throws(() => uint64("18446744073709551616", "p"), /out of range/);
});

test.run();
