// Queries on worker threads (--query-workers, host/server/query-pool.ts): every query route of the
// registry answered by a worker (a replica of the last committed state) equals the node's own
// answer, REST and abci_query alike, on a dev chain with state, after more blocks, after a dev
// revert; a height-pinned request is the node's; a worker that crashes is replaced and the
// queries it held are answered.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create, toBinary, type DescMethod } from "@bufbuild/protobuf";
import { base64 } from "@scure/base";
import { run, type RunningNode } from "../../host/main.js";
import { loadCore } from "../../host/core/core.js";
import { GOV_MODULE_ADDRESS, devAddress, operatorOf } from "../../host/app/genesis.js";
import { createAbciQuery, methodPath, queryMethods, routeOf } from "../../host/app/query.js";
import { createQueryRouter } from "../../host/app/queries.js";
import { delegateMsg, sendMsg, tierGovMsg, undelegateMsg } from "../helpers/dev-signer.js";
import { committedTx, wasm, overHttp } from "../helpers/node.js";
import { until } from "../helpers/dev-node.js";

const dir = await mkdtemp(join(tmpdir(), "query-workers-"));
const started = await run(
  ["--port", "0", "--rpc-port", "0", "--clock", "simulated", "--query-workers", "1", "--query-offload-us", "0", "--db", join(dir, "c.db")], {}, { out: () => {}, err: () => {} },
  { core: await loadCore(wasm) },
);
if (typeof started === "number") throw new Error(`node exited ${started}`);
const node: RunningNode = started;
const pool = node.queryPool!;
test.after(async () => {
  await node.close();
  await rm(dir, { recursive: true, force: true });
});

const http = overHttp(node);
const me = devAddress(5);
const [v1, v2] = [operatorOf(devAddress(1)), operatorOf(devAddress(2))];
await committedTx(http, 5, [sendMsg(me, devAddress(6), 7n)]);
await committedTx(http, 5, [delegateMsg(me, v1, 3_000_000_000n), delegateMsg(me, v2, 1_000_000_000n)]);
await committedTx(http, 5, [undelegateMsg(me, v1, 1_000_000_000n)]);
await committedTx(http, 5, [{
  type: "cosmos-sdk/v1/MsgSubmitProposal",
  value: {
    messages: [tierGovMsg("MsgAddTier", GOV_MODULE_ADDRESS, { id: 4, exit_duration: "15768000s", bonus_apy: "0.050000000000000000", min_lock_amount: "10000000000", close_only: false })],
    initial_deposit: [{ denom: "basecro", amount: "1000000000000" }], proposer: me, metadata: "", title: "Add a tier", summary: "s",
  },
}]);
await committedTx(http, 1, [{ type: "cosmos-sdk/v1/MsgVote", value: { proposal_id: "1", voter: devAddress(1), option: 1, metadata: "" } }]);

/** The node's own abci_query (no workers), to hold the workers' answers to. */
const nodeQuery = createAbciQuery(node.chain.app, createQueryRouter(node.chain.app));

const REQUESTS: Record<string, Record<string, unknown>> = {
  address: { address: me }, owner: { owner: me }, validator_addr: { validatorAddr: v1 }, delegator_addr: { delegatorAddr: me },
  validator_address: { validatorAddress: v1 }, delegator_address: { delegatorAddress: me }, name: { name: "distribution" },
  denom: { denom: "basecro" }, position_id: { positionId: 0n }, tier_id: { tierId: 1 }, validator: { validator: v1 }, id: { id: 1n },
  params_type: { paramsType: "tallying" }, proposal_id: { proposalId: 1n }, voter: { voter: devAddress(1) }, depositor: { depositor: me },
  grantee: { grantee: me }, granter: { granter: me }, denom_id: { denomId: "nodenom" }, token_id: { tokenId: "notoken" },
  denom_name: { denomName: "noname" }, admin: { admin: me }, group_id: { groupId: 1n }, hash: { hash: "AB" },
  trace: { trace: "transfer/channel-0/basecro" }, client_id: { clientId: "07-tendermint-0" }, connection_id: { connectionId: "connection-0" },
  channel_id: { channelId: "channel-0" }, port_id: { portId: "transfer" }, connection: { connection: "connection-0" },
};
const sampleRequest = (m: DescMethod) => {
  const init: Record<string, unknown> = {};
  for (const f of m.input.fields) Object.assign(init, REQUESTS[f.name] ?? {});
  if (m.name === "SigningInfo") init.consAddress = "x";
  return create(m.input, init as never);
};

const ready = () => until(() => pool.readyCount() === 1, "the query worker at the node's height", 60_000);

const restText = async (url: string, pinned: boolean) => {
  const res = await fetch(`${node.url}${url}`, pinned ? { headers: { "x-cosmos-block-height": `${node.chain.latest.height}` } } : {});
  return { status: res.status, body: await res.text() };
};
const abci = async (path: string, data: Uint8Array, height?: bigint) => {
  const params = { path, data: Buffer.from(data).toString("hex"), ...(height === undefined ? {} : { height: `${height}` }) };
  const res = await fetch(node.rpcUrl!, { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "abci_query", params }) });
  return ((await res.json()) as { result: { response: { code: number; log: string; value: string | null; height: string } } }).result.response;
};

/** Every method over REST and abci_query: the worker's answer (counted as the worker's) equals the node's. */
async function sweep(when: string): Promise<number> {
  await ready();
  const before = pool.stats.byWorkers;
  let ok = 0;
  for (const m of queryMethods()) {
    const req = sampleRequest(m);
    const url = routeOf(m)!(req);
    const [byWorker, byNode] = [await restText(url, false), await restText(url, true)];
    assert.is(byWorker.status, byNode.status, `${when}: ${url} status`);
    assert.is(byWorker.body, byNode.body, `${when}: ${url} body`);
    if (byWorker.status === 200) ok++;
    const data = toBinary(m.input, req);
    const [w, n] = [await abci(methodPath(m), data), await nodeQuery(methodPath(m), data)];
    assert.is(w.code, n.code, `${when}: abci ${methodPath(m)} code (${w.log})`);
    assert.is(w.log, n.log, `${when}: abci ${methodPath(m)} log`);
    assert.is(w.value ?? "", base64.encode(n.value), `${when}: abci ${methodPath(m)} value`);
    assert.is(w.height, `${n.height}`, `${when}: abci ${methodPath(m)} height`);
  }
  assert.is(pool.stats.byWorkers - before, 2 * queryMethods().length, `${when}: the worker answered every unpinned query`);
  return ok;
}

test("every query route answered by a worker equals the node's answer", async () => {
  const ok = await sweep("after the txs");
  assert.ok(ok >= 40, `${ok} routes answered 200`);
});

test("after more blocks (a send, a run of empty blocks) the worker follows the node", async () => {
  const balance = async () => (await http.get(`/cosmos/bank/v1beta1/balances/${devAddress(7)}/by_denom?denom=basecro`)).json.balance.amount as string;
  const was = BigInt(await balance());
  await committedTx(http, 5, [sendMsg(me, devAddress(7), 11n)]);
  await http.post("/dev/advance?blocks=20");
  await ready();
  assert.is(BigInt(await balance()), was + 11n);
  await sweep("after more blocks");
});

test("after a dev revert the worker answers from the reverted state", async () => {
  const snap = (await http.post("/dev/snapshot")).json.id as string;
  const height = node.chain.latest.height;
  await committedTx(http, 5, [sendMsg(me, devAddress(8), 13n)]);
  await http.post("/dev/advance?blocks=3");
  await ready();
  const url = `/cosmos/bank/v1beta1/balances/${devAddress(8)}/by_denom?denom=basecro`;
  const sent = (await http.get(url)).json.balance.amount as string;
  assert.is((await http.post("/dev/revert", { id: snap } as never)).status, 200);
  assert.is(node.chain.latest.height, height);
  await ready();
  const before = pool.stats.byWorkers;
  assert.is(BigInt((await http.get(url)).json.balance.amount), BigInt(sent) - 13n);
  assert.is(pool.stats.byWorkers, before + 1, "answered by the worker");
  await sweep("after a revert");
});

test("a height-pinned request is the node's own", async () => {
  await ready();
  const [w, n] = [pool.stats.byWorkers, pool.stats.byNode];
  const r = await restText("/cosmos/staking/v1beta1/validators", true);
  assert.is(r.status, 200);
  assert.is(pool.stats.byWorkers, w);
  assert.is(pool.stats.byNode, n);
  // abci_query pinned: at the latest height the worker answers as the node; at another, the node's refusal.
  const m = queryMethods().find((x) => methodPath(x) === "/cosmos.staking.v1beta1.Query/Validators")!;
  const data = toBinary(m.input, create(m.input));
  const latest = node.chain.latest.height;
  for (const h of [latest, latest - 1n]) {
    const [a, b] = [await abci(methodPath(m), data, h), await nodeQuery(methodPath(m), data, h)];
    assert.equal([a.code, a.log, a.value ?? "", a.height], [b.code, b.log, base64.encode(b.value), `${b.height}`], `abci_query at ${h}`);
  }
  assert.is(pool.stats.byWorkers, w + 1, "the latest height's answer is the worker's");
});

test("a worker that crashes is replaced, and the query it held is answered", async () => {
  await ready();
  // URLs not asked at this block: a hot route's answer, once made, is kept for the block (server/get-fast.ts) and no worker is asked again.
  const url = "/cosmos/staking/v1beta1/validators?pagination.limit=1";
  const expected = await restText(url, true);
  const validators = "/cosmos.staking.v1beta1.Query/Validators";
  const garbage = new Uint8Array([0xff, 0xff, 0xff]); // the node's own answer is the decoder's refusal
  const refused = await nodeQuery(validators, garbage);
  pool.crash(0);
  // Sent behind the crash: the worker never answers them; the node's answers (the fallback) do, a refusal as it is.
  const [held, heldAbci] = await Promise.all([restText(url, false), abci(validators, garbage)]);
  assert.equal(held, expected);
  assert.equal([heldAbci.code, heldAbci.log], [refused.code, refused.log]);
  assert.ok(refused.code !== 0, refused.log);
  await until(() => pool.stats.replaced === 1, "the worker replaced");
  await ready();
  const again = "/cosmos/staking/v1beta1/validators?pagination.limit=2";
  const before = pool.stats.byWorkers;
  assert.equal(await restText(again, false), await restText(again, true));
  assert.is(pool.stats.byWorkers, before + 1, "the new worker answers");
  const byNode = pool.stats.byNode;
  assert.equal(await restText(again, false), await restText(again, true));
  assert.equal([pool.stats.byWorkers, pool.stats.byNode], [before + 1, byNode], "its answer kept for the block: no worker asked again");
});

test("a query whose answers cost less than --query-offload-us is the node's own", async () => {
  const started2 = await run(
    ["--port", "0", "--rpc-port", "off", "--clock", "simulated", "--query-workers", "1", "--query-offload-us", "1000000000", "--db", join(dir, "d.db")],
    {}, { out: () => {}, err: () => {} }, { core: await loadCore(wasm) },
  );
  if (typeof started2 === "number") throw new Error(`node exited ${started2}`);
  try {
    const pool2 = started2.queryPool!;
    await until(() => pool2.readyCount() === 1, "the second node's worker", 60_000);
    // A route whose answers are not kept per block (a kept one's is asked of the pool once a block).
    for (let i = 0; i < 3; i++) assert.is((await fetch(`${started2.url}/cosmos/staking/v1beta1/params`)).status, 200);
    assert.is(pool2.stats.byWorkers, 0);
    assert.is(pool2.stats.byNode, 3);
  } finally {
    await started2.close();
  }
});

test.run();
