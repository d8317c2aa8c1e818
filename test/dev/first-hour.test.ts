// A newcomer's first hour (issue 36, "done when"), run as docs/dapp.md's "Your first hour" writes
// it: from the built tree, in a temporary folder, its steps in order — start the dev chain
// (`npm start -- --dev --clock simulated`), install the client package into an app (the repo by
// path, offline), send with fee "auto" (a bank send, a proposal and a vote), advance 30 days and see
// rewards move, snapshot and revert to the exact app hash, then fork the running chain into a
// second node. Each block runs as written (test/helpers/guide-runner.ts: only the ports change);
// the chain is then asked whether each step did what the guide says.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { GuideRunner, guideBlocks, type Block } from "../helpers/guide-runner.js";
import { devAddress } from "../../host/app/genesis.js";
import { get } from "../helpers/dev-node.js";

const GUIDE = "docs/dapp.md";
const steps: Block[] = guideBlocks(GUIDE).filter((b) => b.section === "Your first hour");
const runner = await GuideRunner.create("first-hour-");
const bob = devAddress(7);

test.after(async () => {
  await runner.close();
  await rm(runner.dir, { recursive: true, force: true });
});

/** The step blocks in order, each as its mark says (the clone is the tree these tests run from). */
const [clone, start, install, send, check, time, revert, fork] = steps;

test("the first hour has its seven steps, each marked for this test (the clone for the tree npm ci built)", () => {
  assert.is(steps.length, 8, steps.map((b) => `${b.line}: ${b.code.split("\n")[0]}`).join("\n"));
  assert.match(clone!.mark, /^norun: /);
  for (const b of steps.slice(1)) assert.is(b.mark, "run-by=test/dev/first-hour.test.ts", `${GUIDE}:${b.line}`);
});

test("1-2. npm start -- --dev --clock simulated: height 1 at once, automine on, a simulated clock", async () => {
  assert.match(start!.code, /^npm start -- --dev --clock simulated\b/);
  await runner.sh(start!.code);
  const node = runner.nodes[0]!.node;
  assert.is(node.chain.latest.height, 1n, "block 1 made at start: CosmJS can query at once");
  assert.is(node.chain.clock, "simulated");
  assert.ok(node.chain.automine);
});

test("3. the client package installed into the app by path, beside CosmJS", async () => {
  // The install line names the repo and the app's own packages: the project has each (installed offline).
  const line = install!.code.trim();
  assert.match(line, /^npm install \/path\/to\/tiered-rewards-engine /);
  for (const p of line.split(/\s+/).slice(3)) {
    const pkg = JSON.parse(await readFile(join(runner.dir, "node_modules", p, "package.json"), "utf8"));
    assert.is(pkg.name, p);
  }
  const self = JSON.parse(await readFile(join(runner.dir, "node_modules", "tiered-rewards-engine", "package.json"), "utf8"));
  assert.ok(self.exports["./client"], "tiered-rewards-engine/client");
});

test("4. fee \"auto\": a send, a proposal, validator 1's vote; the tally and bob's balance show them", async () => {
  const node = runner.nodes[0]!.node;
  const before = BigInt((await get(node, `/cosmos/bank/v1beta1/balances/${bob}/by_denom?denom=basecro`)).balance.amount);
  const out = await runner.ts(send!.code);
  assert.match(out, /^sent [0-9A-F]{64} \(gas \d+\), voted [0-9A-F]{64}$/m);
  assert.is(BigInt((await get(node, `/cosmos/bank/v1beta1/balances/${bob}/by_denom?denom=basecro`)).balance.amount), before + 1000n);
  const vote = (await get(node, `/cosmos/gov/v1/proposals/1/votes/${devAddress(1)}`)).vote;
  assert.is(vote.options[0].option, "VOTE_OPTION_YES");
  // The fees were "auto": a gas limit from simulation, priced at 0.025basecro (no minimum set).
  const hash = /voted ([0-9A-F]{64})/.exec(out)![1]!;
  const tx = await get(node, `/cosmos/tx/v1beta1/txs/${hash}`);
  assert.is(BigInt(tx.tx.auth_info.fee.amount[0].amount), (BigInt(tx.tx_response.gas_wanted) * 25n + 999n) / 1000n);
  const printed = await runner.sh(check!.code);
  const tally = JSON.parse(printed.split("\n")[0]!).tally;
  assert.is(tally.yes_count, "1000000000000000000", "validator 1's stake of 10,000,000,000 CRO voted yes");
});

test("5. 30 days later: 518,400 blocks made, the delegator's rewards grew", async () => {
  const node = runner.nodes[0]!.node;
  const height = node.chain.latest.height;
  const out = await runner.ts(time!.code);
  const m = /^518400 blocks: rewards (\d+) -> (\d+) basecro$/m.exec(out);
  assert.ok(m, out);
  assert.ok(BigInt(m![2]!) > BigInt(m![1]!));
  assert.is(node.chain.latest.height, height + 518_400n);
});

test("6. snapshot, a send and 10 blocks, revert: the same height and app hash", async () => {
  const node = runner.nodes[0]!.node;
  const height = node.chain.latest.height;
  const out = await runner.ts(revert!.code);
  assert.match(out, new RegExp(`^reverted to height ${height}, app hash \\S{44}$`, "m"), out);
  assert.is(node.chain.latest.height, height);
});

test("7. fork the running chain: a second node on its state (bob's balance), reset to the fork point", async () => {
  const first = runner.nodes[0]!.node;
  const out = await runner.sh(fork!.code);
  assert.is(runner.nodes.length, 2, "the fork's node started");
  const forked = runner.nodes[1]!.node;
  const balanceLine = out.split("\n").find((l) => l.includes('"balances"'))!;
  const onFirst = (await get(first, `/cosmos/bank/v1beta1/balances/${bob}`)).balances;
  assert.equal(JSON.parse(balanceLine).balances, onFirst, "bob's balance as on the first chain");
  assert.is(forked.chain.latest.height, first.chain.latest.height, "at the first chain's height");
  assert.ok((await get(forked, "/cosmos/gov/v1/proposals/1")).proposal, "the first chain's proposal came along");
  assert.match(out, /"reset":true/);
});

test.run();
