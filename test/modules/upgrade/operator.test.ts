// The operator's side of x/upgrade on a node started as `npm start` starts it: dev mode's chain (the
// default genesis's authority is dev key 0, which schedules a plan directly); at the plan's height no
// block is made (dev_mine fails with the line chain-maind logs), queries answer; dev_applyUpgrade applies
// the plan (applied_plan answers its height) and blocks go on. A node restarted on a database stopped
// at a plan's height exits until --apply-upgrade or --unsafe-skip-upgrades is given; both are in --help.
// On the real clock the timer stops at the plan's height (REST answers) and starts again once applied.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { run, type RunningNode } from "../../../host/main.js";
import { loadCore } from "../../../host/core/core.js";
import { devAddress } from "../../../host/app/genesis.js";
import { wasm } from "../../helpers/node.js";
import { keplrBody, protoSigner } from "../../helpers/cosmjs.js";

const DIR = await mkdtemp(join(tmpdir(), "upgrade-operator-"));
test.after(() => rm(DIR, { recursive: true, force: true }));

async function start(argv: string[]): Promise<{ node?: RunningNode; code?: number; err: string }> {
  const err: string[] = [];
  const out: string[] = [];
  const r = await run(["--port", "0", "--rpc-port", "0", ...argv], {}, { out: (t) => out.push(t), err: (t) => err.push(t) }, { core: await loadCore(wasm) });
  return typeof r === "number" ? { code: r, err: [...err, ...out].join("\n") } : { node: r, err: err.join("\n") };
}
const get = async (node: RunningNode, path: string) => (await fetch(`${node.url}${path}`)).json() as Promise<any>;
const rpc = async (node: RunningNode, method: string, params: unknown) =>
  (await (await fetch(node.rpcUrl!, { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) })).json()) as { result?: any; error?: { code: number; message: string; data: string } };

/** dev key 0 (the default genesis's authority) schedules `name` at `height`; automine makes its block. */
async function schedule(node: RunningNode, name: string, height: bigint): Promise<void> {
  const s = await protoSigner(0, "direct");
  const a = node.chain.app.directory.account(devAddress(0))!;
  const bytes = await s.sign([{ typeUrl: "/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade", value: { authority: devAddress(0), plan: { name, height, info: "dev" } } }],
    { chainId: node.chain.chainId, accountNumber: a.accountNumber, sequence: a.sequence });
  const r = await (await fetch(`${node.url}/cosmos/tx/v1beta1/txs`, { method: "POST", body: JSON.stringify(keplrBody(bytes, "BROADCAST_MODE_SYNC")) })).json() as any;
  assert.is(r.tx_response.code, 0, r.tx_response.raw_log);
  for (let i = 0; i < 100 && (await get(node, "/cosmos/upgrade/v1beta1/current_plan")).plan === null; i++) await new Promise((res) => setTimeout(res, 20));
  assert.is((await get(node, "/cosmos/upgrade/v1beta1/current_plan")).plan.name, name);
}

test("--help names --apply-upgrade and --unsafe-skip-upgrades", async () => {
  const r = await start(["--help"]);
  assert.is(r.code, 0);
  assert.match(r.err, "--apply-upgrade NAME");
  assert.match(r.err, "--unsafe-skip-upgrades H[,H…]");
  const bad = await start(["--unsafe-skip-upgrades", "x"]);
  assert.ok(bad.code !== undefined && bad.code !== 0);
  assert.match(bad.err, "--unsafe-skip-upgrades");
});

test("dev mode: the halt at the plan's height (queries still answered), dev_applyUpgrade, blocks again", async () => {
  const { node, err } = await start(["--dev", "--clock", "simulated", "--db", join(DIR, "dev.db")]);
  assert.ok(node, err);
  try {
    const height = node!.chain.latest.height + 4n;
    await schedule(node!, "dev-up", height);
    const mined = await rpc(node!, "dev_mine", { blocks: 10 });
    assert.ok(mined.error, "no block at the plan's height");
    assert.match(JSON.stringify(mined.error), `UPGRADE \\"dev-up\\" NEEDED at height: ${height}: dev`);
    assert.is(node!.chain.latest.height, height - 1n);
    assert.is((await get(node!, "/cosmos/upgrade/v1beta1/current_plan")).plan.height, `${height}`, "queries answered at the halt");
    const wrong = await rpc(node!, "dev_applyUpgrade", { name: "other" });
    assert.is(wrong.error?.code, -32602);
    const applied = await rpc(node!, "dev_applyUpgrade", ["dev-up"]);
    assert.is(applied.result?.applied_height, `${height}`, JSON.stringify(applied));
    assert.is(node!.chain.latest.height, height);
    assert.equal(await get(node!, "/cosmos/upgrade/v1beta1/applied_plan/dev-up"), { height: `${height}` });
    assert.equal(await get(node!, "/cosmos/upgrade/v1beta1/current_plan"), { plan: null });
    assert.ok((await rpc(node!, "dev_mine", { blocks: 2 })).result);
    assert.is(node!.chain.latest.height, height + 2n);
    const none = await rpc(node!, "dev_applyUpgrade", {});
    assert.is(none.error?.code, -32603, "no plan to apply");
  } finally {
    await node!.close();
  }
});

test("the real clock: blocks stop at the plan's height and the node keeps answering; dev_applyUpgrade starts them again", async () => {
  const { node, err } = await start(["--dev", "--block-time", "200ms", "--db", join(DIR, "real.db")]);
  assert.ok(node, err);
  try {
    const height = node!.chain.latest.height + 15n; // room for a loaded machine's late blocks
    await schedule(node!, "real-up", height);
    const deadline = Date.now() + 30_000;
    while (node!.chain.latest.height < height - 1n && Date.now() < deadline) await new Promise((res) => setTimeout(res, 50));
    await new Promise((res) => setTimeout(res, 800)); // four block times: none comes
    assert.is(node!.chain.latest.height, height - 1n);
    const status = await fetch(`${node!.url}/cosmos/base/tendermint/v1beta1/blocks/latest`);
    assert.is(status.status, 200);
    assert.is((await status.json() as any).block.header.height, `${height - 1n}`);
    const applied = await rpc(node!, "dev_applyUpgrade", {});
    assert.is(applied.result?.applied_height, `${height}`, JSON.stringify(applied));
    const later = Date.now() + 20_000;
    while (node!.chain.latest.height < height + 2n && Date.now() < later) await new Promise((res) => setTimeout(res, 50));
    assert.ok(node!.chain.latest.height >= height + 2n, "the clock makes blocks again");
  } finally {
    await node!.close();
  }
});

test("a restart on a stopped chain exits until --apply-upgrade or --unsafe-skip-upgrades", async () => {
  const db = join(DIR, "stopped.db");
  const first = await start(["--clock", "simulated", "--db", db]);
  assert.ok(first.node, first.err);
  let height: bigint;
  try {
    height = first.node!.chain.latest.height + 3n;
    const s = await protoSigner(0, "amino");
    const a = first.node!.chain.app.directory.account(devAddress(0))!;
    const bytes = await s.sign([{ typeUrl: "/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade", value: { authority: devAddress(0), plan: { name: "op-up", height, info: "" } } }],
      { chainId: first.node!.chain.chainId, accountNumber: a.accountNumber, sequence: a.sequence });
    await fetch(`${first.node!.url}/cosmos/tx/v1beta1/txs`, { method: "POST", body: JSON.stringify(keplrBody(bytes)) });
    const advanced = await fetch(`${first.node!.url}/dev/advance?blocks=10`, { method: "POST" });
    assert.ok(advanced.status >= 400, "the advance stops at the plan");
    assert.is(first.node!.chain.latest.height, height - 1n);
  } finally {
    await first.node!.close();
  }
  const refused = await start(["--clock", "simulated", "--db", db]);
  assert.ok(refused.code !== undefined && refused.code !== 0, "the restart is refused");
  assert.match(refused.err, `UPGRADE "op-up" NEEDED at height: ${height!}: `);
  assert.match(refused.err, "--apply-upgrade op-up");
  const applied = await start(["--clock", "simulated", "--db", db, "--apply-upgrade", "op-up"]);
  assert.ok(applied.node, applied.err);
  try {
    await fetch(`${applied.node!.url}/dev/advance?blocks=2`, { method: "POST" });
    assert.is(applied.node!.chain.latest.height, height! + 1n);
    assert.equal(await get(applied.node!, "/cosmos/upgrade/v1beta1/applied_plan/op-up"), { height: `${height!}` });
  } finally {
    await applied.node!.close();
  }
  const again = await start(["--clock", "simulated", "--db", db]);
  assert.ok(again.node, "once applied, a plain restart runs");
  await again.node!.close();
});

test.run();
