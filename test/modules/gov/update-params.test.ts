// The params governance runs, held to the reference chain's recording test/reference-chain/gov-params:
// its txs (CosmJS-signed, SIGN_MODE_DIRECT) replayed on its genesis.json (each MsgUpdateParams of
// staking, distribution, slashing, mint, gov, auth and consensus and the two MsgCommunityPoolSpend
// submitted in gov v1 proposals, voted yes), then after the voting periods: every module's REST
// params as the chain's `params_after`, the proposals' statuses and the spend above the pool FAILED
// with the chain's reason. Then the params at work (the memo limit, the block gas limit) and
// in the export.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { nodeHarness, type TestNode } from "../../helpers/node.js";
import { keplrBody, protoSigner } from "../../helpers/cosmjs.js";
import { SECOND } from "../../helpers/reference-workload.js";
import { readWorkload, replayRecorded } from "../../helpers/reference-replay.js";
import { statusOf } from "../../helpers/reference-ratchet.js";
import { moduleAddress } from "../../../host/wire/keys.js";

const recorded = readWorkload("gov-params", "workload-results.json");
const h = await nodeHarness({ prefix: "gov-update-params-" });
test.after(() => h.remove());
const node = await h.open({ genesis: readWorkload("gov-params", "genesis.json"), blockTimeNs: SECOND });
const rows = await replayRecorded("gov-params", node);
await node.chain.advance(40n);
const DEV5 = "cro1ermmn3qz3l6rrmd2nrnz3g6ycqyq5av7h5d9r0";
const DEV8 = "cro16z2zpgn7dcms5tyhfxx3pdkwklu4u5zseerzsj";

/** dev 5 sends 1 basecro to dev 8 with `memo` and gas limit `gas`: CheckTx's answer. */
async function sendWith(n: TestNode, memo: string, gas: string) {
  const signer = await protoSigner(5, "direct");
  const account = n.chain.directory.account(signer.address)!;
  const msg = { typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: MsgSend.fromPartial({ fromAddress: DEV5, toAddress: DEV8, amount: [{ denom: "basecro", amount: "1" }] }) };
  const bytes = await signer.sign([msg], { chainId: n.chain.chainId, accountNumber: account.accountNumber, sequence: account.sequence, memo, fee: { amount: [{ denom: "basecro", amount: "20000" }], gas } });
  return (await n.post("/cosmos/tx/v1beta1/txs", keplrBody(bytes))).json.tx_response;
}

test("every submit and vote as the chain answered it (code, log, events, gas)", () => {
  const off = rows.filter((r) => statusOf(r).status !== "matched").map((r) => `#${r.n} ${r.label}: ${statusOf(r).first}`);
  assert.equal(off, []);
});

test("after the proposals every module's params are the chain's", async () => {
  const skip = (p: string) => p.includes("community_pool"); // accrued rewards: timing
  for (const q of recorded.params_after) {
    if (skip(q.path)) continue;
    assert.equal((await node.get(q.path)).json, q.body, q.path);
  }
});

test("proposals 1-10 PASSED, the spend above the pool FAILED with the chain's reason", async () => {
  const statuses = await Promise.all(recorded.proposals.body.proposals.map(async (p: any) => {
    const mine = (await node.get(`/cosmos/gov/v1/proposals/${p.id}`)).json.proposal;
    return [mine.status, mine.failed_reason];
  }));
  assert.equal(statuses, recorded.proposals.body.proposals.map((p: any) => [p.status, p.failed_reason]));
  assert.is(statuses[10]![1], "community pool does not have sufficient coins to distribute");
});

test("the params at work: max_memo_characters 512, block max_gas 100,000,000", async () => {
  const memo = "m".repeat(400);
  const ok = await sendWith(node, memo, "200000");
  assert.is(ok.code, 0, ok.raw_log);
  await node.chain.advance(1n);
  const tooLong = await sendWith(node, "m".repeat(513), "200000");
  assert.equal([tooLong.code, tooLong.codespace], [12, "sdk"]);
  const tooMuchGas = await sendWith(node, "", "100000001");
  assert.equal([tooMuchGas.code, tooMuchGas.codespace, tooMuchGas.raw_log], [41, "sdk", "tx gas limit 100000001 exceeds block max gas 100000000: invalid gas limit"]);
  await node.chain.advance(1n);
});

test("the community tax of the next blocks is 0.03: the community pool keeps 3 % of what a block allocates", async () => {
  const DISTRIBUTION = moduleAddress("distribution", "cro");
  const pool = async () => BigInt(((await node.get("/cosmos/distribution/v1beta1/community_pool")).json.pool[0].amount as string).replace(".", ""));
  const held = async () => BigInt((await node.get(`/cosmos/bank/v1beta1/balances/${DISTRIBUTION}/by_denom?denom=basecro`)).json.balance.amount);
  const [p0, d0] = [await pool(), await held()];
  await node.chain.advance(1n);
  const [p1, d1] = [await pool(), await held()];
  // x/distribution receives the whole fee collector (no withdrawal in the block): the pool's share of it, a raw Dec.
  const share = (p1 - p0) / (d1 - d0);
  assert.ok(d1 > d0, `${d0} → ${d1}`);
  assert.ok(share >= 30_000_000_000_000_000n && share < 30_100_000_000_000_000n, `the pool's share ${share} of ${d1 - d0}`);
});

test("genesis both ways: the export carries the governed params, a node started on its SDK sections runs with them", async () => {
  const doc = node.chain.exportGenesis() as any;
  assert.is(doc.app_state.distribution.params.community_tax, "0.030000000000000000");
  assert.is(doc.app_state.staking.params.max_entries, 8);
  assert.is(doc.app_state.slashing.params.signed_blocks_window, "20000");
  assert.is(doc.app_state.gov.params.quorum, "0.335000000000000000");
  assert.is(doc.app_state.mint.params.goal_bonded, "0.680000000000000000");
  assert.is(doc.app_state.auth.params.max_memo_characters, "512");
  assert.is(doc.consensus.params.block.max_gas, "100000000");
  delete doc.app_state.node_state;
  const again = await h.open({ genesis: doc, blockTimeNs: SECOND });
  try {
    for (const q of recorded.params_after) {
      if (q.path.includes("community_pool")) continue;
      assert.equal((await again.get(q.path)).json, q.body, `a node on the export (SDK sections): ${q.path}`);
    }
    const proposals = (await again.get("/cosmos/gov/v1/proposals")).json.proposals;
    assert.equal(proposals.map((p: any) => p.status), recorded.proposals.body.proposals.map((p: any) => p.status));
  } finally {
    await again.chain.close();
  }
});

test.after(() => node.chain.close());
test.run();
