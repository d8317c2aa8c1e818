// The node's chain (host/app/application.ts): signed transactions through the routes (in process,
// app.request), their results and failures, SQLite persistence with restart, replay, tampering
// caught by the state hash, and a node killed mid-run restarting at its last committed block.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawn } from "node:child_process";
import { join } from "node:path";
import Database from "better-sqlite3";
import type { AminoMsg } from "@cosmjs/amino";
import { loadCore } from "../host/core/core.js";
import { ModuleAccount } from "../host/core/ledger.js";
import { NodeChain } from "../host/drivers/embedded.js";
import { NodeStateError } from "../host/app/types.js";
import { defaultGenesisJson, devAddress, genesisWithOverride, parseGenesis, type Json } from "../host/app/genesis.js";
import { ValidationError } from "../host/errors.js";
import { devSigner, delegateMsg, undelegateMsg, sendMsg, withdrawMsg } from "./helpers/dev-signer.js";
import { committedTx, nodeHarness, signedBy, wasm, type TestNode as Node } from "./helpers/node.js";
import { ROOT, cli } from "./helpers/cli.js";

const nodes = await nodeHarness({ prefix: "node-test-" });
const { open, freshDb } = nodes;
const S = 1_000_000_000n;
const E18 = 10n ** 18n;
const USER_FUNDS = 100_000_000_000_000n;
const FEE_AMOUNT = 5000n;
const BURN = "cro1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqtcgxmv";

const attrOf = (tr: any, type: string, key: string) =>
  tr.events.find((e: any) => e.type === type)?.attributes.find((a: any) => a.key === key)?.value;
const validator = (node: Node, id: number) => node.chain.directory.validatorAddress(id)!;
const accountId = (node: Node, address: string) => node.chain.directory.accountId(address)!;

test("genesis: four bonded validators, funded dev accounts, the rewards pool; invariants hold", async () => {
  const node = await open();
  try {
    const { chain } = node;
    assert.equal(chain.directory.validatorIds(), [0, 1, 2, 3]);
    for (const id of [0, 1, 2, 3]) assert.is(chain.ledger.validator(id)!.status, 2, `validator ${id} bonded`);
    assert.is(chain.ledger.balance(accountId(node, devAddress(5))), USER_FUNDS);
    assert.is(chain.ledger.balance(ModuleAccount.rewardsPool), 500_000_000_000_000_000n);
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
    // The same tx again while it waits: the mempool's cache refuses it (before any ante check).
    const again = (await node.post("/txs", body)).json.tx_response;
    assert.equal([again.codespace, again.code, again.txhash], ["sdk", 19, hash]);
    assert.match(again.raw_log, "tx already in mempool");
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

test("rejected at check: bad signature, wrong chain id, wrong sequence, unknown type, signer not the owner, unknown account; nothing queued; a zero delegation fails in its block", async () => {
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
    const badBody = await node.app.request("/txs", { method: "POST", body: "{" });
    assert.is(badBody.status, 400);
    assert.is(node.chain.pending, 0);
    // two txs of one signer in one block: the second is checked at the next sequence
    assert.is((await code(good))[1], 0);
    assert.is((await code(await signedBy(node, 5, [delegateMsg(user, val, 100n)], { sequence: 1n })))[1], 0);
    assert.is((await code(good))[1], 19, "the same tx again: already in the mempool");
    assert.is(node.chain.pending, 2);
    // A zero delegation passes CheckTx (x/staking checks the amount in its server, in the block),
    // and fails there with its fee and sequence taken.
    const badAmount = await signedBy(node, 5, [delegateMsg(user, val, 0n)], { sequence: 2n });
    const [, accepted, , ] = await code(badAmount);
    assert.is(accepted, 0, "accepted at check");
    const hash = (await node.post("/cosmos/tx/v1beta1/txs", badAmount)).json.tx_response;
    assert.is(hash.code, 19, "queued once");
    await node.post("/dev/advance?blocks=1");
    const results = (await node.get(`/cosmos/tx/v1beta1/txs?query=${encodeURIComponent(`tx.height=${node.chain.latestBlock().height}`)}`)).json.tx_responses as { code: number; codespace: string; raw_log: string }[];
    assert.equal(results.map((r) => [r.codespace, r.code]), [["", 0], ["", 0], ["sdk", 18]]);
    assert.match(results[2]!.raw_log, "invalid delegation amount");
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
    // The ante's events alone (the fee's transfer, fee, sequence, signature), in the SDK's order.
    assert.equal(tr.events.map((e: any) => e.type), ["coin_spent", "coin_received", "transfer", "message", "tx", "tx", "tx"]);
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
    assert.equal(again.chain.checkInvariants(), []);
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
    await open({ dbPath: node.dbPath });
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
  const node = await open({ dbPath }); // restore checks the hash against the last committed block
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

test("money sent to a burned address leaves circulation; a send to the rewards pool is a deposit; other module accounts refuse funds", async () => {
  const node = await open();
  try {
    const user = devAddress(5);
    const pool = "cro1ag7qj65w7882kkn8nl7hnfvfqlemxwamd5g2pr";
    const feeCollector = node.chain.directory.accountAddress(ModuleAccount.feeCollector)!;
    const burn = (await node.post("/txs", await signedBy(node, 5, [sendMsg(user, BURN, 1_000_000n), sendMsg(user, pool, 2_000n)]))).json.tx_response.txhash;
    const blocked = (await node.post("/txs", await signedBy(node, 5, [sendMsg(user, feeCollector, 1n)], { sequence: 1n }))).json.tx_response.txhash;
    const poolBefore = node.chain.ledger.balance(ModuleAccount.rewardsPool);
    await node.post("/dev/advance?blocks=1");
    const sent = (await node.get(`/cosmos/tx/v1beta1/txs/${burn}`)).json.tx_response;
    assert.is(sent.code, 0);
    // A send to the rewards pool is a deposit, announced as one.
    const funded = sent.events.find((e: any) => e.type === "chainmain.tieredrewards.v1.EventRewardsPoolFunded");
    assert.equal(Object.fromEntries(funded.attributes.map((a: any) => [a.key, a.value])), {
      amount: JSON.stringify([{ denom: "basecro", amount: "2000" }]), from: JSON.stringify(user), msg_index: "1",
    });
    const b = (await node.get(`/cosmos/tx/v1beta1/txs/${blocked}`)).json.tx_response;
    assert.equal([b.codespace, b.code], ["sdk", 4]);
    assert.match(b.raw_log, `${feeCollector} is not allowed to receive funds`);
    assert.is(node.chain.ledger.balance(accountId(node, BURN)), 1_000_000n);
    assert.ok(node.chain.ledger.balance(ModuleAccount.rewardsPool) < poolBefore + 2_000n, "the pool got 2,000 and paid a top-up");
    // The cap applies to circulating supply: the emission engine knows what was burned.
    const internal = node.chain as unknown as { s: { burned: bigint } };
    assert.is(internal.s.burned, 1_000_000n);
  } finally {
    await node.chain.close();
  }
});

test("a send or a delegation beyond the balance fails with x/bank's text: the spendable balance and the amount", async () => {
  const node = await open();
  try {
    const user = devAddress(5);
    const val = validator(node, 1);
    const big = USER_FUNDS * 2n;
    const send = await committedTx(node, 5, [sendMsg(user, devAddress(6), big)]);
    assert.equal([send.codespace, send.code], ["sdk", 5]);
    assert.is(send.raw_log, `failed to execute message; message index: 0: spendable balance ${USER_FUNDS - FEE_AMOUNT}basecro is smaller than ${big}basecro: insufficient funds`);
    const delegation = await committedTx(node, 5, [delegateMsg(user, val, big)]);
    assert.equal([delegation.codespace, delegation.code], ["sdk", 5]);
    assert.is(delegation.raw_log, `failed to execute message; message index: 0: failed to delegate; ${USER_FUNDS - 2n * FEE_AMOUNT}basecro is smaller than ${big}basecro: insufficient funds`);
    assert.is(node.chain.ledger.balance(accountId(node, user)), USER_FUNDS - 2n * FEE_AMOUNT, "only the fees moved");
  } finally {
    await node.chain.close();
  }
});

test("a fee in another denom, or one the payer cannot cover, is refused at check, changing nothing", async () => {
  const node = await open();
  try {
    const s = await devSigner(5);
    const acct = node.chain.directory.account(s.address)!;
    const other = await s.sign([sendMsg(s.address, devAddress(6), 1n)], {
      chainId: node.chain.chainId, accountNumber: acct.accountNumber, sequence: 0n,
      fee: { amount: [{ denom: "uatom", amount: "10" }], gas: "200000" },
    });
    const r = (await node.post("/txs", other)).json.tx_response;
    assert.equal([r.codespace, r.code], ["sdk", 13]);
    assert.match(r.raw_log, "fee denom uatom is not accepted; pay in basecro");
    const huge = await s.sign([sendMsg(s.address, devAddress(6), 1n)], {
      chainId: node.chain.chainId, accountNumber: acct.accountNumber, sequence: 0n,
      fee: { amount: [{ denom: "basecro", amount: `${USER_FUNDS + 1n}` }], gas: "200000" },
    });
    // The ante handler runs in CheckTx: a fee the payer cannot cover never enters a block (a fee
    // spent by an earlier tx of the block fails there: test/halt.test.ts).
    const t = (await node.post("/txs", huge)).json.tx_response;
    assert.equal([t.codespace, t.code, t.raw_log], [
      "sdk", 5, `spendable balance ${USER_FUNDS}basecro is smaller than ${USER_FUNDS + 1n}basecro: insufficient funds: insufficient funds`,
    ]);
    // So the next sequence is not the mempool's either.
    const next = await s.sign([sendMsg(s.address, devAddress(6), 1n)], { chainId: node.chain.chainId, accountNumber: acct.accountNumber, sequence: 1n });
    const n = (await node.post("/txs", next)).json.tx_response;
    assert.equal([n.codespace, n.code, n.raw_log], ["sdk", 32, "account sequence mismatch, expected 0, got 1: incorrect account sequence"]);
    assert.is(node.chain.pending, 0);
    await node.post("/dev/advance?blocks=1");
    assert.is(node.chain.ledger.balance(accountId(node, s.address)), USER_FUNDS);
    assert.is(node.chain.directory.account(s.address)!.sequence, 0n, "no fee, no sequence");
  } finally {
    await node.chain.close();
  }
});

test("genesis of the node: every rule of the new sections, with the field's path", async () => {
  const core = await loadCore(wasm);
  const err = (override: Json): string => {
    try {
      genesisWithOverride(override, core.dec);
    } catch (e) {
      assert.instance(e, ValidationError);
      return (e as Error).message;
    }
    assert.unreachable("expected a ValidationError");
    return "";
  };
  const base = defaultGenesisJson() as any;
  const balances = base.app_state.bank.balances as any[];
  const withBalances = (list: any[]) => ({ app_state: { bank: { balances: list } } });
  const staking = (o: any) => ({ app_state: { staking: o } });
  const params = (p: any) => staking({ params: { ...base.app_state.staking.params, ...p } });
  // A genesis validator is a gentx's MsgCreateValidator (SDK format): `validator` edits the first's message.
  const genTxs = (list: any[]) => ({ app_state: { genutil: { gen_txs: list } } });
  const validator = (m: any) => {
    const t = structuredClone(base.app_state.genutil.gen_txs[0]);
    Object.assign(t.body.messages[0], m);
    return genTxs([t]);
  };
  const msg0 = base.app_state.genutil.gen_txs[0].body.messages[0];
  const tr = (o: any) => ({ app_state: { tieredrewards: o } });
  const tier = (t: any) => tr({ tiers: [{ ...base.app_state.tieredrewards.tiers[0], ...t }] });

  assert.match(err(withBalances(balances.slice(1))), /^app_state\.bank\.balances: balances add up to \d+basecro, the supply is 9850000000000000000basecro$/);
  assert.match(err(withBalances([...balances, balances[0]])), "duplicate balance for address");
  assert.match(err(withBalances([{ address: "cosmos1xyz", coins: [] }, ...balances])), "app_state.bank.balances[0].address: invalid address");
  assert.match(err(withBalances([{ ...balances[0], coins: [{ denom: "uatom", amount: "1" }] }])), "only the bond denom basecro can be held, got uatom");
  assert.match(err(withBalances([{ ...balances[0], coins: [{ denom: "basecro", amount: "0" }] }])), "coin 0basecro amount is not positive");
  // The burned balance is the burn addresses' balances (the node's former burned_balance field is refused by name).
  assert.match(err({ app_state: { bank: { burned_balance: "5" } } }), 'app_state.bank: unknown field "burned_balance"');
  const burn = base.app_state.inflation.params.burned_addresses[0];
  const burning = [{ ...balances[0], coins: [{ denom: "basecro", amount: `${BigInt(balances[0].coins[0].amount) - 5n}` }] }, ...balances.slice(1), { address: burn, coins: [{ denom: "basecro", amount: "5" }] }];
  assert.is(genesisWithOverride(withBalances(burning), core.dec).bank.burnedBalance, 5n);
  assert.match(err(params({ unbonding_time: "0s" })), "unbonding time must be positive: 0");
  assert.match(err(params({ unbonding_time: "28d" })), 'invalid duration "28d"');
  assert.match(err(params({ max_validators: 0 })), "max validators must be positive: 0");
  assert.match(err({ app_state: { node: { power_reduction: "0" } } }), "app_state.node.power_reduction: power reduction must be a positive uint64: 0");
  const m0 = "app_state.genutil.gen_txs[0].body.messages[0]";
  assert.match(err(validator({ validator_address: devAddress(1) })), `${m0}.validator_address: invalid validator address: invalid Bech32 prefix; expected crocncl, got cro`);
  assert.match(err(genTxs([base.app_state.genutil.gen_txs[0], base.app_state.genutil.gen_txs[0]])), "app_state.genutil.gen_txs[1]: duplicate validator");
  assert.match(err(validator({ commission: { ...msg0.commission, rate: "1.5" } })), `${m0}.commission: commission cannot be more than 100%`);
  assert.match(err(validator({ value: { denom: "basecro", amount: "0" } })), `${m0}.value.amount: invalid delegation amount`);
  assert.match(err(validator({ description: { moniker: "m".repeat(71) } })), `${m0}.description.moniker: invalid moniker length; got: 71, max: 70`);
  assert.match(err(validator({ description: { nickname: "x" } })), 'unknown field "nickname"');
  assert.match(err(validator({ description: { website: 5 } })), "description.website: must be a string");
  assert.match(err(validator({ value: { denom: "basecro", amount: "1000000000000000000000" } })), "less than the self delegation 1000000000000000000000");
  // The former format's validator entries are refused with a pointer to the new one.
  assert.match(err(staking({ validators: [{ operator_address: msg0.validator_address, commission_rate: "0.1", self_delegation: "1" }] })), "app_state.staking.validators: this is the node's former genesis format");
  assert.match(err({ app_state: { distribution: { params: { community_tax: "1.1" } } } }), "community tax too large");
  assert.match(err(tr({ params: { target_base_rewards_rate: "-0.1" } })), "target base rewards rate cannot be negative: -0.100000000000000000");
  assert.match(err(tr({ params: { target_base_rewards_rate: "1.5" } })), "target base rewards rate must not exceed 1.0 (100%): got 1.500000000000000000");
  assert.match(err(tier({ id: 0 })), "tier id must be non-zero");
  assert.match(err(tier({ id: "1" })), "app_state.tieredrewards.tiers[0].id: must be a uint32 number");
  assert.match(err(tr({ tiers: [base.app_state.tieredrewards.tiers[0], base.app_state.tieredrewards.tiers[0]] })), "duplicate tier ID 1 at index 1");
  assert.match(err(tier({ exit_duration: "0s" })), "exit duration must be positive");
  assert.match(err(tier({ bonus_apy: "-0.01" })), "bonus apy cannot be negative: -0.010000000000000000");
  assert.match(err(tier({ bonus_apy: "2" })), "bonus apy must not exceed 1.0 (100%): got 2.000000000000000000");
  assert.match(err(tier({ min_lock_amount: null })), "min lock amount cannot be nil");
  assert.match(err(tier({ min_lock_amount: "-1" })), "min lock amount cannot be negative: -1");
  assert.match(err(tier({ close_only: "yes" })), "close_only: must be a boolean");
  assert.match(err(tr({ positions: [{}] })), "app_state.tieredrewards.positions[0].id: missing");
  assert.match(err(tier({ exit_duration: "1.5s" })), 'app_state.tieredrewards.tiers[0].exit_duration: invalid duration "1.5s" (whole seconds');
  assert.match(err({ app_state: { node: { gov_authority: "crocncl1xyz" } } }), "app_state.node.gov_authority: invalid authority address crocncl1xyz");
  assert.match(err({ app_state: { node: { gov_authority: devAddress(1), other: 1 } } }), "app_state.node");
  assert.match(err({ app_state: { gov: { authority: devAddress(1) } } }), "app_state.gov.authority: x/gov's genesis has no authority: the node's governance authority is app_state.node.gov_authority");
  const nodeState = { height: "5", time: "2026-01-01T00:00:25Z", records: [], accounts: [] };
  assert.match(err({ app_state: { node_state: { ...nodeState, block_hash: "ab".repeat(32) } } }), "app_state.node_state.block_hash: must be 64 upper-case hex digits");
  assert.is(genesisWithOverride({ app_state: { node_state: { ...nodeState, block_hash: "AB".repeat(32) } } }, core.dec).nodeState!.blockHash, "AB".repeat(32));
  // The authority: dev key 0 by default; the x/gov module account when the genesis says so.
  assert.is(genesisWithOverride({}, core.dec).gov.authority, devAddress(0));
  const reference = "cro10d07y265gmmuvt4z0w9aw880jnsr700jzemu2z";
  assert.is(genesisWithOverride({ app_state: { node: { gov_authority: reference.toUpperCase() } } }, core.dec).gov.authority, reference);
  const { node: _, ...noNode } = base.app_state;
  assert.is(parseGenesis({ ...base, app_state: noNode }, core.dec).gov.authority, reference);
});

test("a database that is not the node's, or was made by another core build, is refused with a clear error", async () => {
  const empty = freshDb();
  new Database(empty).close();
  try {
    NodeChain.replay(await loadCore(wasm), empty);
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
    for (const attempt of [() => open({ dbPath: other.dbPath }), async () => NodeChain.replay(await loadCore(wasm), other.dbPath)]) {
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
    assert.equal(imported.checkInvariants(), []);
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
  assert.equal(NodeChain.replay(await loadCore(wasm), importedDb), top);
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
  assert.throws(() => parseGenesis(bad, (again.chain as any).s.core.dec), /app_state\.node_state\.records\[0\]: invalid base64/);
});

test("an unbonding made by an aborted tx leaves nothing: an entry later given its id matures at its own time", async () => {
  const HOUR = 3600n * S;
  const node = await open({ blockTimeNs: HOUR }); // 28 days = 672 blocks
  try {
    const user = devAddress(5);
    const val = validator(node, 0);
    const id = accountId(node, user);
    const tx = (msgs: AminoMsg[]) => committedTx(node, 5, msgs);
    assert.is((await tx([delegateMsg(user, val, 10_000_000_000n)])).code, 0); // height 1
    // height 2: the first undelegation succeeds inside the tx, the second fails: both revert
    const aborted = await tx([undelegateMsg(user, val, 1_000_000_000n), undelegateMsg(user, val, 10n ** 20n)]);
    assert.is(`${aborted.codespace}/${aborted.code}`, "sdk/18", "more than the delegation: the SDK's invalid shares amount");
    await node.post("/dev/advance?blocks=2");
    const kept = await tx([undelegateMsg(user, val, 1_000_000_000n)]); // height 5: matures at 5 h + 28 d
    assert.is(kept.code, 0);
    assert.is(attrOf(kept, "unbond", "completion_time"), "2026-01-29T05:00:00Z");
    const before = node.chain.ledger.balance(id);
    await node.post(`/dev/advance?blocks=${2 + 672 - 5 + 1}`); // past 2 h + 28 d, when the aborted one would have matured
    assert.is(node.chain.ledger.balance(id), before, "not paid before its own time");
    await node.post("/dev/advance?blocks=3"); // height 677 = 5 h + 28 d
    assert.is(node.chain.ledger.balance(id), before + 1_000_000_000n);
    assert.equal(node.chain.checkInvariants(), []);
  } finally {
    await node.chain.close();
  }
});

test("broadcast mode block answers once the tx is in a committed block, with its height and events", async () => {
  const node = await open();
  try {
    const user = devAddress(8);
    const body = { ...(await signedBy(node, 8, [delegateMsg(user, validator(node, 3), 3_000n)])), mode: "block" };
    const answer = node.post("/cosmos/tx/v1beta1/txs", body);
    let answered = false;
    void answer.then(() => (answered = true));
    await new Promise((r) => setTimeout(r, 20));
    assert.not.ok(answered, "no answer before the block");
    await node.post("/dev/advance?blocks=1");
    const r = (await answer).json.tx_response;
    assert.is(r.height, "1");
    assert.is(r.code, 0);
    assert.is(attrOf(r, "delegate", "amount"), "3000basecro");
  } finally {
    await node.chain.close();
  }
});

test("a redelegation made by an aborted tx leaves nothing: one later given its id still blocks a transitive redelegation until its own time", async () => {
  const HOUR = 3600n * S;
  const node = await open({ blockTimeNs: HOUR });
  try {
    const user = devAddress(6);
    const [v0, v1, v2] = [validator(node, 0), validator(node, 1), validator(node, 2)];
    const redelegate = (src: string, dst: string, amount: bigint) => ({
      type: "cosmos-sdk/MsgBeginRedelegate",
      value: { delegator_address: user, validator_src_address: src, validator_dst_address: dst, amount: { denom: "basecro", amount: `${amount}` } },
    });
    const tx = (msgs: AminoMsg[]) => committedTx(node, 6, msgs);
    assert.is((await tx([delegateMsg(user, v0, 10_000_000_000n)])).code, 0); // height 1
    const aborted = await tx([redelegate(v0, v1, 1_000_000_000n), undelegateMsg(user, v0, 10n ** 20n)]); // height 2
    assert.is(`${aborted.codespace}/${aborted.code}`, "sdk/18", "more than the delegation: the SDK's invalid shares amount");
    await node.post("/dev/advance?blocks=2");
    assert.is((await tx([redelegate(v0, v1, 1_000_000_000n)])).code, 0); // height 5: matures at 5 h + 28 d
    await node.post(`/dev/advance?blocks=${2 + 672 - 6 + 1}`); // past 2 h + 28 d
    const early = await tx([redelegate(v1, v2, 1_000_000_000n)]);
    assert.equal([early.codespace, early.code], ["staking", 32], "still transitive");
    await node.post("/dev/advance?blocks=3");
    assert.is((await tx([redelegate(v1, v2, 1_000_000_000n)])).code, 0);
  } finally {
    await node.chain.close();
  }
});

test.after(() => nodes.remove());

test.run();
