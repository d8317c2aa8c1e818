// The node's chain (host/chain/node-chain.ts): signed transactions through the routes (in process,
// app.request), their results and failures, SQLite persistence with restart, replay, tampering
// caught by the state hash, and a node killed mid-run restarting at its last committed block.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { loadCore } from "../host/core/core.js";
import { CORE_WASM } from "../host/core/node.js";
import { ModuleAccount } from "../host/core/ledger.js";
import { NodeChain, NodeStateError } from "../host/chain/node-chain.js";
import { createApp, registerNodeRoutes } from "../host/server/app.js";
import { defaultGenesisJson, devAddress, parseGenesis } from "../host/genesis.js";
import { devSigner, delegateMsg, undelegateMsg, sendMsg, withdrawMsg, FEE } from "./helpers/dev-signer.js";

const wasm = await WebAssembly.compile(await readFile(CORE_WASM));
const DIR = await mkdtemp(join(tmpdir(), "node-test-"));
const ROOT = fileURLToPath(new URL("..", import.meta.url));
let dbs = 0;
const freshDb = () => join(DIR, `${++dbs}.db`);
const S = 1_000_000_000n;
const E18 = 10n ** 18n;
const USER_FUNDS = 100_000_000_000_000n;
const FEE_AMOUNT = 5000n;

async function open(dbPath = freshDb()) {
  const chain = NodeChain.open(await loadCore(wasm), defaultGenesisJson(), { dbPath, clock: "simulated", blockTimeNs: 5n * S });
  const app = createApp(chain, { chainSegment: "chainmain", logError: (e) => console.error(e) });
  registerNodeRoutes(app, chain);
  const post = async (path: string, body?: unknown) => {
    const res = await app.request(path, { method: "POST", body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, json: (await res.json()) as any };
  };
  const get = async (path: string) => {
    const res = await app.request(path);
    return { status: res.status, json: (await res.json()) as any };
  };
  return { chain, app, post, get, dbPath };
}

type Node = Awaited<ReturnType<typeof open>>;

/** Sign as dev key n at the chain's current account number and sequence. */
async function signedBy(node: Node, n: number, msgs: Parameters<Awaited<ReturnType<typeof devSigner>>["sign"]>[0], o: { sequence?: bigint; chainId?: string } = {}) {
  const s = await devSigner(n);
  const acct = node.chain.directory.account(s.address)!;
  return s.sign(msgs, {
    chainId: o.chainId ?? node.chain.chainId,
    accountNumber: acct.accountNumber,
    sequence: o.sequence ?? acct.sequence,
  });
}

const validator = (node: Node, id: number) => node.chain.directory.validatorAddress(id)!;
const accountId = (node: Node, address: string) => node.chain.directory.accountId(address)!;

test("genesis: four bonded validators, funded dev accounts, the rewards pool; invariants hold", async () => {
  const node = await open();
  try {
    const { chain } = node;
    assert.equal(chain.directory.validatorIds(), [0, 1, 2, 3]);
    for (const id of [0, 1, 2, 3]) assert.is(chain.ledger.validator(id)!.status, 2, `validator ${id} bonded`);
    assert.is(chain.ledger.balance(accountId(node, devAddress(5))), USER_FUNDS);
    assert.is(chain.ledger.balance(ModuleAccount.rewardsPool), 50_000_000_000_000_000n);
    assert.is(chain.ledger.balance(ModuleAccount.bondedPool), 4n * 1_000_000_000_000_000_000n);
    assert.equal(chain.checkInvariants(), []);
    assert.is(chain.latestBlock().height, 0n);
    assert.match(chain.latestBlock().appHash, /^[0-9A-F]{64}$/);
    const g = parseGenesis(defaultGenesisJson(), chain.ledger["core"].dec);
    assert.equal(g.tieredrewards.tiers.map((t) => [t.id, t.exitDurationNs / S, t.bonusApy, t.minLockAmount]), [
      [1, 31_536_000n, 2n * E18 / 100n, 10_000_000_000n],
      [2, 63_072_000n, 4n * E18 / 100n, 10_000_000_000n],
      [3, 126_144_000n, 7n * E18 / 100n, 10_000_000_000n],
    ]);
  } finally {
    await node.chain.close();
  }
});

test("POST /txs: a signed delegation is checked, queued, included in the next block, its result queryable", async () => {
  const node = await open();
  try {
    const user = devAddress(5);
    const val = validator(node, 1);
    const body = await signedBy(node, 5, [delegateMsg(user, val, 1_000_000_000n)]);
    const r = await node.post("/txs", body);
    assert.is(r.status, 200);
    assert.is(r.json.tx_response.code, 0);
    const hash = r.json.tx_response.txhash as string;
    assert.match(hash, /^[0-9A-F]{64}$/);
    assert.is(node.chain.pending, 1);
    assert.is((await node.get(`/cosmos/tx/v1beta1/txs/${hash}`)).status, 404, "not before its block");
    const adv = await node.post("/dev/advance?blocks=3");
    assert.is(adv.json.block.header.height, "3");
    const got = await node.get(`/cosmos/tx/v1beta1/txs/${hash}`);
    assert.is(got.status, 200);
    const tr = got.json.tx_response;
    assert.is(tr.height, "1");
    assert.is(tr.code, 0);
    assert.is(tr.timestamp, "2026-01-01T00:00:05Z");
    const delegate = tr.events.find((e: any) => e.type === "delegate");
    const attr = (k: string) => delegate.attributes.find((a: any) => a.key === k)?.value;
    assert.is(attr("amount"), "1000000000basecro");
    assert.is(attr("validator"), val);
    assert.is(attr("msg_index"), "0");
    const id = accountId(node, user);
    assert.is(node.chain.ledger.delegationShares(id, 1), 1_000_000_000n * E18);
    assert.is(node.chain.ledger.balance(id), USER_FUNDS - 1_000_000_000n - FEE_AMOUNT);
    assert.is(node.chain.directory.account(user)!.sequence, 1n);
    // The lower-case hash finds it too.
    assert.is((await node.get(`/cosmos/tx/v1beta1/txs/${hash.toLowerCase()}`)).json.tx_response.txhash, hash);
  } finally {
    await node.chain.close();
  }
});

test("rejected at check: bad signature, wrong chain id, wrong sequence, unknown type, signer not the owner, unknown account; nothing queued", async () => {
  const node = await open();
  try {
    const user = devAddress(5);
    const val = validator(node, 0);
    const code = async (body: unknown) => {
      const r = await node.post("/cosmos/tx/v1beta1/txs", body);
      assert.is(r.status, 200);
      return [r.json.tx_response.codespace, r.json.tx_response.code, r.json.tx_response.raw_log];
    };
    const good = await signedBy(node, 5, [delegateMsg(user, val, 100n)]);
    const tampered = JSON.parse(JSON.stringify(good));
    tampered.tx.msg[0].value.amount.amount = "200";
    assert.equal((await code(tampered)).slice(0, 2), ["sdk", 4]);
    assert.equal((await code(await signedBy(node, 5, [delegateMsg(user, val, 100n)], { chainId: "other" }))).slice(0, 2), ["sdk", 4]);
    const [, seqCode, seqLog] = await code(await signedBy(node, 5, [delegateMsg(user, val, 100n)], { sequence: 1n }));
    assert.is(seqCode, 32);
    assert.match(seqLog, "account sequence mismatch, expected 0, got 1");
    const unknown = await signedBy(node, 5, [{ type: "cosmos-sdk/MsgVote", value: {} }]);
    assert.equal((await code(unknown)).slice(0, 2), ["sdk", 2]);
    // dev key 5 signs a delegation whose delegator is dev key 6: the key is not the owner's
    assert.equal((await code(await signedBy(node, 5, [delegateMsg(devAddress(6), val, 100n)]))).slice(0, 2), ["sdk", 8]);
    const stranger = await devSigner(20);
    const strangerBody = await stranger.sign([sendMsg(stranger.address, user, 1n)], { chainId: node.chain.chainId, accountNumber: 0n, sequence: 0n });
    assert.equal((await code(strangerBody)).slice(0, 2), ["sdk", 9]);
    const badAmount = await signedBy(node, 5, [delegateMsg(user, val, 0n)]);
    assert.equal((await code(badAmount)).slice(0, 2), ["sdk", 18]);
    const badBody = await node.app.request("/txs", { method: "POST", body: "{" });
    assert.is(badBody.status, 400);
    assert.is(node.chain.pending, 0);
    // two txs of one signer in one block: the second is checked at the next sequence
    assert.is((await code(good))[1], 0);
    assert.is((await code(await signedBy(node, 5, [delegateMsg(user, val, 100n)], { sequence: 1n })))[1], 0);
    assert.is((await code(good))[1], 19, "the same tx again: already in the mempool");
    assert.is(node.chain.pending, 2);
  } finally {
    await node.chain.close();
  }
});

test("a failing message reverts the whole tx; its fee and sequence stay", async () => {
  const node = await open();
  try {
    const user = devAddress(5);
    const friend = devAddress(6);
    const id = accountId(node, user);
    const body = await signedBy(node, 5, [sendMsg(user, friend, 7n), undelegateMsg(user, validator(node, 0), 1n)]);
    const hash = (await node.post("/txs", body)).json.tx_response.txhash;
    await node.post("/dev/advance?blocks=1");
    const tr = (await node.get(`/cosmos/tx/v1beta1/txs/${hash}`)).json.tx_response;
    assert.is(tr.codespace, "staking");
    assert.is(tr.code, 19);
    assert.match(tr.raw_log, /^failed to execute message; message index: 1: /);
    assert.is(node.chain.ledger.balance(id), USER_FUNDS - FEE_AMOUNT, "the send reverted, the fee kept");
    assert.is(node.chain.ledger.balance(accountId(node, friend)), USER_FUNDS);
    assert.is(node.chain.directory.account(user)!.sequence, 1n);
    assert.equal(tr.events.map((e: any) => e.type), ["tx", "tx"]);
    assert.equal(node.chain.checkInvariants(), []);
  } finally {
    await node.chain.close();
  }
});

test("GET /cosmos/tx/v1beta1/txs/{hash}: a malformed hash is 400 code 3, an unknown one 404 code 5", async () => {
  const node = await open();
  try {
    const bad = await node.get("/cosmos/tx/v1beta1/txs/xyz");
    assert.equal([bad.status, bad.json.code], [400, 3]);
    const unknown = await node.get(`/cosmos/tx/v1beta1/txs/${"AB".repeat(32)}`);
    assert.equal([unknown.status, unknown.json], [404, { code: 5, message: `tx not found: ${"AB".repeat(32)}`, details: [] }]);
  } finally {
    await node.chain.close();
  }
});

/** Delegate, make blocks, undelegate part, withdraw, make more blocks: some of everything. */
async function scenario(node: Node, step: number): Promise<void> {
  const user = devAddress(5 + step);
  const val = validator(node, step % 4);
  await node.post("/txs", await signedBy(node, 5 + step, [delegateMsg(user, val, 5_000_000_000n)]));
  await node.post("/dev/advance?blocks=20");
  await node.post("/txs", await signedBy(node, 5 + step, [undelegateMsg(user, val, 1_000_000_000n), withdrawMsg(user, val)]));
  await node.post("/dev/advance?duration=1h");
}

test("restart: same height, same state hash, balances intact; going on gives the hashes of a chain never stopped", async () => {
  const first = await open();
  await scenario(first, 0);
  await scenario(first, 1);
  const before = first.chain.latestBlock();
  const balance = first.chain.ledger.balance(accountId(first, devAddress(5)));
  const sequence = first.chain.directory.account(devAddress(5))!.sequence;
  await first.chain.close();

  const again = await open(first.dbPath);
  const reference = await open();
  try {
    assert.equal(again.chain.latestBlock(), before);
    assert.is(again.chain.latest.height, before.height);
    assert.is(again.chain.ledger.balance(accountId(again, devAddress(5))), balance);
    assert.is(again.chain.directory.account(devAddress(5))!.sequence, sequence);
    assert.equal(again.chain.checkInvariants(), []);
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
  const replayed = NodeChain.replay(await loadCore(wasm), node.dbPath, (h) => seen.push(h));
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
    await open(node.dbPath);
    assert.unreachable("restart accepted a damaged database");
  } catch (e) {
    assert.instance(e, NodeStateError);
    assert.match((e as Error).message, `after restore differs from block ${last.height}'s ${last.appHash}`);
  }
  try {
    NodeChain.replay(await loadCore(wasm), node.dbPath);
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
  const node = await open(dbPath); // restore checks the hash against the last committed block
  try {
    const db = new Database(dbPath, { readonly: true });
    const top = db.prepare("SELECT height, app_hash FROM blocks ORDER BY height DESC LIMIT 1").get() as { height: number; app_hash: string };
    db.close();
    assert.ok(top.height > 0, "blocks were made before the kill");
    assert.is(node.chain.latestBlock().height, BigInt(top.height));
    assert.is(node.chain.latestBlock().appHash, top.app_hash);
    assert.equal(node.chain.checkInvariants(), []);
  } finally {
    await node.chain.close();
  }
});

test.after(() => rm(DIR, { recursive: true, force: true }));

test.run();
