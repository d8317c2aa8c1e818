// `npm start -- --fork export.json` (host/dev/fork.ts) on chain-maind's own export of the reference
// run: the node starts from it at its height with a simulated clock, its validators keep their
// operators and tokens under consensus keys the node holds (its blocks are signed by them), every
// forked account and position answers as in the export, the dev keys are funded and a CosmJS
// client sends a tx signed by one; a bad file, or --fork on a real clock without --dev, is one
// error line and exit 2; without --db the fork's database is removed at shutdown.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { base64 } from "@scure/base";
import { DirectSecp256k1Wallet } from "@cosmjs/proto-signing";
import { SigningStargateClient } from "@cosmjs/stargate";
import { devAddress, devPrivateKey } from "../../host/app/genesis.js";
import { consensusKey } from "../../host/modules/staking/consensus-key.js";
import { run, type RunningNode } from "../../host/main.js";
import { REFERENCE_DIR, readReference } from "../helpers/reference-chain.js";
import { balanceOf, dev, get, rpc } from "../helpers/dev-node.js";

const EXPORT = join(REFERENCE_DIR, "export-height-395.json");
const exported = readReference("export-height-395.json");
const dir = await mkdtemp(join(tmpdir(), "fork-"));
const out: string[] = [];
const err: string[] = [];
const started = await run(["--fork", EXPORT, "--port", "0", "--rpc-port", "0"], {}, { out: (t) => out.push(t), err: (t) => err.push(t) });
if (typeof started === "number") throw new Error(`node exited ${started}: ${err.join("\n")}`);
const node: RunningNode = started;

test.after(async () => {
  await node.close();
  await rm(dir, { recursive: true, force: true });
});

/** The node's command line: its exit code and error lines. */
async function refused(args: string[]): Promise<{ code: number | RunningNode; err: string[] }> {
  const lines: string[] = [];
  const code = await run(["--port", "0", ...args], {}, { out: () => {}, err: (t) => lines.push(t) });
  if (typeof code !== "number") await code.close();
  return { code, err: lines };
}

test("starts at the export's height on a simulated clock, and prints what it replaced", async () => {
  assert.is(node.chain.latest.height, BigInt(exported.initial_height) - 1n);
  assert.is(node.chain.clock, "simulated");
  for (const v of exported.app_state.staking.validators) {
    const line = out.find((l) => l.startsWith(`fork: validator ${v.operator_address} (${v.description.moniker}): consensus key ${v.consensus_pubkey.key} -> `));
    assert.ok(line, `a line for ${v.description.moniker}: ${out.join("\n")}`);
  }
  assert.ok(out.some((l) => /^fork: dev key 5 cro1\S+: 98999998576606basecro -> 100000000000000basecro$/.test(l)), out.join("\n"));
  assert.ok(out.some((l) => l.startsWith(`${exported.chain_id}: serving`)));
});

test("the validators keep operators and tokens under keys the node holds; blocks are made and signed by them", async () => {
  const vals = (await get(node, "/cosmos/staking/v1beta1/validators")).validators;
  assert.is(vals.length, exported.app_state.staking.validators.length);
  for (const v of exported.app_state.staking.validators) {
    const now = vals.find((x: any) => x.operator_address === v.operator_address);
    assert.is(now.tokens, v.tokens);
    assert.is(now.delegator_shares, v.delegator_shares);
    assert.is(now.consensus_pubkey.key, base64.encode(consensusKey(exported.chain_id, v.operator_address).pub));
  }
  const from = node.chain.latest.height;
  // One block per call: a run of empty blocks made by one call is one row, its inner blocks unsigned (decision 14).
  for (let i = 0; i < 3; i++) assert.is((await dev(node, "advance?blocks=1")).status, 200);
  assert.is(node.chain.latest.height, from + 3n);
  const block = await rpc(node, "block", { height: `${from + 3n}` });
  const sigs = block.result.block.last_commit.signatures;
  assert.is(sigs.length, 2);
  const held = new Set(exported.app_state.staking.validators.map((v: any) => consensusKey(exported.chain_id, v.operator_address).address));
  for (const s of sigs) {
    assert.is(s.block_id_flag, 2, "every validator's precommit is there (BLOCK_ID_FLAG_COMMIT)");
    assert.ok(held.has(s.validator_address));
  }
  const set = await rpc(node, "validators", { height: `${from + 3n}` });
  assert.equal(set.result.validators.map((v: any) => v.voting_power).sort(), exported.consensus.validators.map((v: any) => v.power).sort(), "each keeps its power");
});

test("a forked account's balance, a forked position and a proposal answer as in the export", async () => {
  const account = "cro18z6d42emsh3p88smqqcutwdt3ngcuzlfl7sflf9lwvrjcdh56veqylgk0g"; // position 2's delegator
  const inExport = exported.app_state.bank.balances.find((b: any) => b.address === account).coins[0].amount;
  assert.is(`${await balanceOf(node, account)}`, inExport);
  const p = exported.app_state.tieredrewards.positions[3];
  const position = (await get(node, `/chainmain/tieredrewards/v1/position/${p.id}`)).position;
  assert.is(position.owner, p.owner);
  assert.is(position.tier_id, p.tier_id);
  assert.is(position.delegator_address, p.delegator_address);
  assert.is(position.created_at_height, p.created_at_height);
  const proposal = (await get(node, "/cosmos/gov/v1/proposals/1")).proposal;
  assert.is(proposal.status, exported.app_state.gov.proposals[0].status);
});

test("the dev keys are funded (the supply grown by as much) and a CosmJS client sends a tx signed by one", async () => {
  const supply = BigInt(exported.app_state.bank.supply[0].amount);
  let minted = 0n;
  for (let n = 0; n < 9; n++) {
    const was = BigInt(exported.app_state.bank.balances.find((b: any) => b.address === devAddress(n))?.coins[0].amount ?? "0");
    if (was < 100_000_000_000_000n) minted += 100_000_000_000_000n - was;
  }
  const now = BigInt((await get(node, "/cosmos/bank/v1beta1/supply/by_denom?denom=basecro")).amount.amount);
  assert.ok(now >= supply + minted, "minted for the dev keys (and by the blocks since)");
  const wallet = await DirectSecp256k1Wallet.fromKey(devPrivateKey(5), "cro");
  const client = await SigningStargateClient.connectWithSigner(node.rpcUrl!, wallet, { broadcastPollIntervalMs: 50 });
  const to = devAddress(100);
  const sent = client.sendTokens(devAddress(5), to, [{ denom: "basecro", amount: "12345" }], { amount: [{ denom: "basecro", amount: "5000" }], gas: "200000" });
  // The simulated clock makes the block when asked.
  await new Promise((r) => setTimeout(r, 300));
  await dev(node, "advance?blocks=1");
  const r = await sent;
  assert.is(r.code, 0);
  assert.is((await client.getBalance(to, "basecro")).amount, "12345");
  client.disconnect();
});

test("a bad file is one error line and exit 2; so is --fork on a real clock without --dev, or on an existing database", async () => {
  const bad = join(dir, "bad.json");
  await writeFile(bad, JSON.stringify({ ...exported, app_state: { ...exported.app_state, staking: { ...exported.app_state.staking, validators: [{ operator_address: "crocncl1x" }] } } }));
  const notJson = join(dir, "not.json");
  await writeFile(notJson, "{");
  const existing = join(dir, "chain.db");
  await writeFile(existing, "");
  for (const [args, message] of [
    [["--fork", bad], /^error: --fork \S+bad\.json: app_state\.staking\.validators\[0\]\.consensus_pubkey: /],
    [["--fork", notJson], /^error: --fork \S+not\.json: not valid JSON/],
    [["--fork", join(dir, "absent.json")], /^error: --fork \S+absent\.json: cannot read: no such file$/],
    [["--fork", EXPORT, "--clock", "real"], /^error: --fork: a development power, refused on a real-clock node without --dev/],
    [["--fork", EXPORT, "--db", existing], /^error: --fork: the database \S+chain\.db exists/],
  ] as const) {
    const r = await refused([...args]);
    assert.is(r.code, 2, args.join(" "));
    assert.is(r.err.length, 1, r.err.join("\n"));
    assert.match(r.err[0]!, message);
  }
});

test("--dev forks on the real clock; without --db the fork's database is gone at shutdown", async () => {
  const r = await run(["--fork", EXPORT, "--dev", "--port", "0", "--rpc-port", "off"], {}, { out: () => {}, err: () => {} });
  if (typeof r === "number") throw new Error(`exit ${r}`);
  assert.is(r.chain.clock, "real");
  const db = (r.chain.app as unknown as { s: { store: { path: string } } }).s.store.path;
  assert.ok(existsSync(db));
  await r.close();
  assert.not.ok(existsSync(db), `${db} removed`);
});

test.run();
