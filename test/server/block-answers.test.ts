// The hot queries' answers kept per latest block (framework/block-answers.ts): asked again at the
// same block, the kept answer (the same object); after a new block, a revert or a reset, the
// answer of the state then, equal to the answer made afresh by a router that keeps nothing. Over
// REST and abci_query (the RPC), and on the router itself. Methods not listed are never kept, and
// `abci` (what ICA host's queries use, inside a block) never is.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toBinary, create } from "@bufbuild/protobuf";
import { base64 } from "@scure/base";
import { devAddress } from "../../host/app/genesis.js";
import type { RunningNode } from "../../host/main.js";
import { moduleQueryRouter } from "../../host/app/queries.js";
import { MODULES } from "../../host/modules/index.js";
import { BlockAnswers, PER_BLOCK_METHODS } from "../../host/framework/block-answers.js";
import { QueryAllBalancesRequestSchema } from "../../host/wire/gen/cosmos/bank/v1beta1/query_pb.js";
import { QueryValidatorsRequestSchema } from "../../host/wire/gen/cosmos/staking/v1beta1/query_pb.js";
import { dev, get, rpc, startNode } from "../helpers/dev-node.js";

const dir = await mkdtemp(join(tmpdir(), "block-answers-"));
const node: RunningNode = await startNode(["--clock", "simulated", "--db", join(dir, "chain.db")]);
await dev(node, "advance?blocks=1");

test.after(async () => {
  await node.close();
  await rm(dir, { recursive: true, force: true });
});

const app = node.chain.app;
/** A router over the same application that keeps nothing: the answer made afresh. */
const fresh = moduleQueryRouter(MODULES, app as never);
const freshText = (path: string, params: Record<string, string> = {}) =>
  fresh.routes().find((r) => r.path === path)!.text({ path: params, query: () => [] });

const who = devAddress(120);
const ALL_BALANCES = "/cosmos.bank.v1beta1.Query/AllBalances";
const VALIDATORS = "/cosmos.staking.v1beta1.Query/Validators";
const balancesBytes = toBinary(QueryAllBalancesRequestSchema, create(QueryAllBalancesRequestSchema, { address: who }));
const validatorsBytes = toBinary(QueryValidatorsRequestSchema, create(QueryValidatorsRequestSchema, {}));

async function abci(path: string, data: Uint8Array): Promise<Uint8Array> {
  const r = await rpc(node, "abci_query", { path, data: Buffer.from(data).toString("hex") });
  assert.is(r.result.response.code, 0, r.result.response.log);
  return base64.decode(r.result.response.value ?? "");
}

/** REST and abci_query of the balances and the validators, each equal to the answer made afresh now. */
async function checkAll(): Promise<unknown> {
  const rest = await get(node, `/cosmos/bank/v1beta1/balances/${who}`);
  assert.equal(rest, JSON.parse(freshText("/cosmos/bank/v1beta1/balances/:address", { address: who })), "REST balances");
  assert.equal(await get(node, "/cosmos/staking/v1beta1/validators"), JSON.parse(freshText("/cosmos/staking/v1beta1/validators")), "REST validators");
  assert.equal(await abci(ALL_BALANCES, balancesBytes), fresh.abci(ALL_BALANCES, balancesBytes), "abci balances");
  assert.equal(await abci(VALIDATORS, validatorsBytes), fresh.abci(VALIDATORS, validatorsBytes), "abci validators");
  return rest;
}

test("over REST and abci_query: each new block's state, a revert's and a reset's", async () => {
  const empty = await checkAll();
  await checkAll(); // asked again at the same block
  const snap = await dev(node, "snapshot");
  assert.is((await dev(node, "faucet", { address: who, amount: "5000basecro" })).status, 200); // a block of its own
  const funded = (await checkAll()) as { balances: { amount: string }[] };
  assert.is(funded.balances[0]?.amount, "5000", "the new block's balance, not the kept one");
  assert.is((await dev(node, "revert", { id: snap.json.id })).status, 200);
  // Nothing asked between: the block at the same height as the one reverted away
  assert.is((await dev(node, "faucet", { address: who, amount: "6000basecro" })).status, 200);
  assert.is(((await checkAll()) as { balances: { amount: string }[] }).balances[0]?.amount, "6000");
  const again = await dev(node, "snapshot");
  assert.is((await dev(node, "faucet", { address: who, amount: "1basecro" })).status, 200);
  await checkAll();
  assert.is((await dev(node, "revert", { id: again.json.id })).status, 200);
  assert.is(((await checkAll()) as { balances: { amount: string }[] }).balances[0]?.amount, "6000", "the snapshot's answers again");
  assert.is((await dev(node, "reset")).status, 200);
  assert.equal(await checkAll(), empty);
});

test("the router keeps a listed method's answer for its block, and only that", async () => {
  let key = "block 1";
  const router = moduleQueryRouter(MODULES, app as never).keepPerBlock(() => key);
  const a = router.abciAtLatest(VALIDATORS, validatorsBytes);
  assert.ok(router.abciAtLatest(VALIDATORS, validatorsBytes) === a, "kept");
  assert.ok(router.abci(VALIDATORS, validatorsBytes) !== a, "abci (inside a block) is never kept");
  key = "block 2";
  const b = router.abciAtLatest(VALIDATORS, validatorsBytes);
  assert.ok(b !== a, "made again at another block");
  assert.equal(b, a, "the same state: the same bytes");
  const params = "/cosmos.staking.v1beta1.Query/Params";
  assert.not.ok(PER_BLOCK_METHODS.has(params));
  assert.ok(router.abciAtLatest(params, new Uint8Array()) !== router.abciAtLatest(params, new Uint8Array()), "a method not listed is not kept");
  // REST: a listed method's route is kept per block by the server (server/get-fast.ts), by a router that has a block key.
  const validators = (r: { path: string }) => r.path === "/cosmos/staking/v1beta1/validators";
  assert.ok(router.routes().find(validators)!.perBlock);
  assert.not.ok(router.routes().find((r) => r.path === "/cosmos/staking/v1beta1/params")!.perBlock, "a method not listed");
  assert.not.ok(fresh.routes().find(validators)!.perBlock, "a router without a block key");
});

test("kept answers are bounded per block", () => {
  const kept = new BlockAnswers<string>(() => "b", 10);
  let made = 0;
  const make = () => (made++, "12345");
  kept.get("a", make);
  kept.get("a", make);
  assert.is(made, 1);
  kept.get("bb", make); // 6 + 7 > 10: made, not kept
  kept.get("bb", make);
  assert.is(made, 3);
  assert.is(kept.count, 1);
});

test("an answer made at another block than the latest is not kept", () => {
  let key = "b1";
  const kept = new BlockAnswers<string>(() => key);
  const asked = kept.at();
  key = "b2"; // a block came while the answer was made (a worker's, blocks/latest's through the RPC)
  kept.keep("a", "old", asked);
  assert.is(kept.peek("a"), undefined);
  kept.keep("a", "new", kept.at());
  assert.is(kept.peek("a"), "new");
  key = "b3";
  assert.is(kept.peek("a"), undefined, "dropped at the next block");
  assert.is(kept.count, 0);
});

test.run();
