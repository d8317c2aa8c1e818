// The lean host (modules/auth/directory.ts, store/state-hash.ts): once the database holds the
// state, the accounts stay in it and are read when first touched, and the state hash keeps no
// digest of what is stored. An account first touched after a restart has its number, sequence and
// key; the accounts walked by paging queries answer as before; a chain that forgets its accounts
// at every write gives the hashes of one that holds them all; a dev revert past an account read
// after a restart takes it back.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { devAddress } from "../../host/app/genesis.js";
import { sendMsg } from "../helpers/dev-signer.js";
import { nodeHarness, signedBy, type TestNode as Node } from "../helpers/node.js";
import { dev, get, startNode } from "../helpers/dev-node.js";

const nodes = await nodeHarness({ prefix: "lean-host-" });
const { open } = nodes;
test.after(() => nodes.remove());

const fresh = (n: number) => devAddress(300 + n);

/** An account's fields as text (a key read from SQLite is a Buffer, one from a tx a Uint8Array). */
const norm = (a: { id?: number; address?: string; number?: bigint; accountNumber?: bigint; sequence: bigint; pubKey?: Uint8Array } | undefined) =>
  a === undefined ? "none" : `${a.id}/${a.address}/${a.number ?? a.accountNumber}/${a.sequence}/${a.pubKey ? Buffer.from(a.pubKey).toString("hex") : "-"}`;

/** Sends from two dev accounts to new addresses (new accounts, numbers, sequences, keys), a block each. */
async function sends(node: Node, step: number): Promise<void> {
  for (const from of [5, 6]) {
    const r = await node.post("/txs", await signedBy(node, from, [sendMsg(devAddress(from), fresh(step * 2 + from), 1_000n + BigInt(step))]));
    assert.is(r.status, 200);
    await node.post("/dev/advance?blocks=1");
  }
}

/** Every page of a paging query (limit 2), by next_key. */
async function allPages(node: Node, path: string, list: string): Promise<unknown[]> {
  const out: unknown[] = [];
  let key = "";
  for (;;) {
    const r = await node.get(`${path}?pagination.limit=2${key ? `&pagination.key=${encodeURIComponent(key)}` : ""}`);
    assert.is(r.status, 200, JSON.stringify(r.json));
    out.push(...(r.json[list] as unknown[]));
    key = r.json.pagination?.next_key ?? "";
    if (!key) return out;
  }
}

const views = async (node: Node) => ({
  accounts: await allPages(node, "/cosmos/auth/v1beta1/accounts", "accounts"),
  owners: await allPages(node, "/cosmos/bank/v1beta1/denom_owners/basecro", "denom_owners"),
  five: (await node.get(`/cosmos/auth/v1beta1/accounts/${devAddress(5)}`)).json,
  fresh: (await node.get(`/cosmos/auth/v1beta1/accounts/${fresh(2 * 0 + 5)}`)).json,
});

test("restart: accounts read when touched, with their numbers, sequences and keys; paging queries as before; new accounts numbered as a chain never stopped", async () => {
  const first = await open();
  await sends(first, 0);
  const before = await views(first);
  assert.ok(before.accounts.length > 8);
  const five = first.chain.directory.account(devAddress(5))!;
  assert.ok(five.pubKey !== undefined && five.sequence === 1n);
  await first.chain.close();

  const again = await open({ dbPath: first.dbPath });
  const reference = await open();
  try {
    const dir = again.chain.directory;
    assert.ok(dir.held < before.accounts.length, `${dir.held} accounts held after the restart`);
    assert.equal(await views(again), before);
    assert.ok(dir.held < before.accounts.length, "read-only queries hold no account");
    assert.is(norm(dir.account(devAddress(5))), norm(five));
    // the same history, once without the restart
    await sends(again, 1);
    await sends(reference, 0);
    await sends(reference, 1);
    assert.equal(again.chain.latestBlock(), reference.chain.latestBlock());
    assert.equal(await views(again), await views(reference));
    for (const n of [5, 6, 7, 8]) assert.is(norm(dir.account(fresh(n))), norm(reference.chain.directory.account(fresh(n))));
    assert.ok(dir.account(fresh(8)) !== undefined);
  } finally {
    await again.chain.close();
    await reference.chain.close();
  }
});

test("accounts forgotten at every write: the hashes and answers of a chain that holds them all", async () => {
  const lean = await open();
  const full = await open();
  lean.chain.directory.residentLimit = 0;
  try {
    for (const step of [0, 1, 2]) {
      await sends(lean, step);
      await sends(full, step);
      assert.ok(lean.chain.directory.held <= 8, `${lean.chain.directory.held} held after a write`);
      assert.equal(lean.chain.latestBlock(), full.chain.latestBlock());
    }
    assert.equal(await views(lean), await views(full));
    assert.equal(lean.chain.directory.accounts().map(norm), full.chain.directory.accounts().map(norm));
    assert.equal(lean.chain.directory.accountIds(), full.chain.directory.accountIds());
  } finally {
    await lean.chain.close();
    await full.chain.close();
  }
});

test("dev revert after a restart: an account read from the database and one created since are taken back", async () => {
  const dir = await mkdtemp(join(tmpdir(), "lean-host-dev-"));
  const db = join(dir, "chain.db");
  let node = await startNode(["--clock", "simulated", "--db", db]);
  try {
    await dev(node, "faucet", { address: fresh(20), amount: "5000basecro" });
    await node.close();
    node = await startNode(["--clock", "simulated", "--db", db]);
    const account = (a: string) => get(node, `/cosmos/auth/v1beta1/accounts/${a}`);
    const known = await account(fresh(20));
    const snap = await dev(node, "snapshot");
    const created = await dev(node, "faucet", { address: fresh(21), amount: "7000basecro" });
    assert.is(created.status, 200);
    await dev(node, "faucet", { address: fresh(20), amount: "1basecro" });
    const numbered = (await account(fresh(21))).account.account_number;
    assert.equal((await dev(node, "revert", { id: snap.json.id })).status, 200);
    assert.equal(await account(fresh(20)), known);
    assert.ok((await account(fresh(21))).account === undefined, "the account created after the snapshot is gone");
    await dev(node, "faucet", { address: fresh(21), amount: "7000basecro" });
    assert.is((await account(fresh(21))).account.account_number, numbered, "numbered again as before the revert");
  } finally {
    await node.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test.run();
