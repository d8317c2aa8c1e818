// x/upgrade on the node, sent by CosmJS (SIGN_MODE_DIRECT and LEGACY_AMINO_JSON): MsgSoftwareUpgrade
// and MsgCancelUpgrade through gov v1 proposals (the authority x/gov's module account), their refusals
// (not the authority: upgrade 6; bad plans: the proposal fails with ScheduleUpgrade's reason), the
// queries over REST and abci_query; at the plan's height the chain stops (no block past it, the state
// of the height before committed, queries still answered), a restart is refused until the operator
// applies the plan (--apply-upgrade: applied_plan answers its height, a plan of that name is refused
// after) or skips its height (--unsafe-skip-upgrades); the plan in the state hash across a restart.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { copyFileSync } from "node:fs";
import type { EncodeObject } from "@cosmjs/proto-signing";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { GOV_MODULE_ADDRESS, defaultGenesisJson, devAddress, mergeJson, type Json } from "../../../host/app/genesis.js";
import { NodeChain } from "../../../host/drivers/embedded.js";
import { loadCore } from "../../../host/core/core.js";
import { createAbciQuery } from "../../../host/app/query.js";
import { createQueryRouter } from "../../../host/app/queries.js";
import {
  QueryAppliedPlanRequestSchema, QueryAppliedPlanResponseSchema, QueryCurrentPlanRequestSchema, QueryCurrentPlanResponseSchema,
} from "../../../host/wire/gen/cosmos/upgrade/v1beta1/query_pb.js";
import { chainRegistry, keplrBody, protoSigner, type SignMode } from "../../helpers/cosmjs.js";
import { nodeHarness, wasm, type TestNode } from "../../helpers/node.js";

const h = await nodeHarness({ prefix: "upgrade-" });
test.after(() => h.remove());

const genesis: Json = mergeJson(defaultGenesisJson(), {
  app_state: { node: { gov_authority: GOV_MODULE_ADDRESS }, gov: { params: { max_deposit_period: "3600s", voting_period: "600s", expedited_voting_period: "300s" } } },
});
const registry = chainRegistry();
const UPGRADE = "/cosmos.upgrade.v1beta1.";
const softwareUpgrade = (name: string, height: bigint, o: { info?: string; authority?: string; time?: bigint } = {}): EncodeObject => ({
  typeUrl: `${UPGRADE}MsgSoftwareUpgrade`,
  value: { authority: o.authority ?? GOV_MODULE_ADDRESS, plan: { name, height, info: o.info ?? "", ...(o.time === undefined ? {} : { time: { seconds: o.time, nanos: 0 } }) } },
});
const cancelUpgrade = (authority = GOV_MODULE_ADDRESS): EncodeObject => ({ typeUrl: `${UPGRADE}MsgCancelUpgrade`, value: { authority } });

/** Signs (dev key n, `mode`) and sends; the block made: the committed tx_response, or CheckTx's refusal. */
async function send(node: TestNode, n: number, msgs: EncodeObject[], mode: SignMode = "direct"): Promise<any> {
  const s = await protoSigner(n, mode);
  const a = node.chain.directory.account(s.address)!;
  const bytes = await s.sign(msgs, { chainId: node.chain.chainId, accountNumber: a.accountNumber, sequence: a.sequence });
  const r = (await node.post("/cosmos/tx/v1beta1/txs", keplrBody(bytes))).json.tx_response;
  if (r.code !== 0) return { ...r, stage: "check" };
  await node.chain.advance(1n);
  return { ...(await node.get(`/cosmos/tx/v1beta1/txs/${r.txhash}`)).json.tx_response, stage: "deliver" };
}

/** A gov v1 proposal of `msgs` by dev5 (signed in `mode`), voted yes by the validators, its voting period run: the proposal's JSON. */
async function propose(node: TestNode, msgs: EncodeObject[], mode: SignMode = "direct"): Promise<any> {
  const submit: EncodeObject = {
    typeUrl: "/cosmos.gov.v1.MsgSubmitProposal",
    value: {
      messages: msgs.map((m) => ({ typeUrl: m.typeUrl, value: registry.encode(m) })), initialDeposit: [{ denom: "basecro", amount: "1000000000000" }],
      proposer: devAddress(5), metadata: "", title: "upgrade", summary: "x/upgrade by a proposal", expedited: false,
    },
  };
  const r = await send(node, 5, [submit], mode);
  assert.is(r.code, 0, r.raw_log);
  const id = r.events.find((e: any) => e.type === "submit_proposal").attributes.find((x: any) => x.key === "proposal_id").value;
  for (const n of [1, 2, 3]) assert.is((await send(node, n, [{ typeUrl: "/cosmos.gov.v1.MsgVote", value: { proposalId: BigInt(id), voter: devAddress(n), option: 1, metadata: "" } }])).code, 0);
  await node.chain.advance(121n);
  return (await node.get(`/cosmos/gov/v1/proposals/${id}`)).json.proposal;
}

const abci = (chain: NodeChain) => createAbciQuery(chain.app, createQueryRouter(chain.app));
async function currentPlanAbci(node: TestNode) {
  const r = await abci(node.chain)("/cosmos.upgrade.v1beta1.Query/CurrentPlan", toBinary(QueryCurrentPlanRequestSchema, create(QueryCurrentPlanRequestSchema, {})));
  assert.is(r.code, 0, r.log);
  return fromBinary(QueryCurrentPlanResponseSchema, r.value).plan;
}

const node = await h.open({ genesis });

test("sent directly, not by the authority: upgrade 6 in the block (both sign modes)", async () => {
  for (const mode of ["direct", "amino"] as const) {
    const r = await send(node, 0, [softwareUpgrade("direct", 1_000n, { authority: devAddress(0) })], mode);
    assert.is(r.stage, "deliver");
    assert.is(r.codespace, "upgrade");
    assert.is(r.code, 6);
    assert.is(r.raw_log, `failed to execute message; message index: 0: expected ${GOV_MODULE_ADDRESS} got ${devAddress(0)}: expected authority account as only signer for proposal message`);
    const c = await send(node, 0, [cancelUpgrade(devAddress(0))], mode);
    assert.is(c.code, 6, c.raw_log);
  }
  assert.equal((await node.get("/cosmos/upgrade/v1beta1/current_plan")).json, { plan: null });
});

test("a plan by a proposal (direct): current_plan over REST and abci_query; bad plans fail the proposal; cancelled (amino)", async () => {
  const height = node.chain.latest.height + 1_000n;
  const p = await propose(node, [softwareUpgrade("v-next", height, { info: '{"binaries":{}}' })]);
  assert.is(p.status, "PROPOSAL_STATUS_PASSED", p.failed_reason);
  assert.equal((await node.get("/cosmos/upgrade/v1beta1/current_plan")).json.plan, {
    name: "v-next", time: "0001-01-01T00:00:00Z", height: `${height}`, info: '{"binaries":{}}', upgraded_client_state: null,
  });
  const plan = await currentPlanAbci(node);
  assert.is(plan?.name, "v-next");
  assert.is(plan?.height, height);
  assert.is((await node.get("/cosmos/upgrade/v1beta1/authority")).json.address, GOV_MODULE_ADDRESS);
  assert.equal((await node.get("/cosmos/upgrade/v1beta1/applied_plan/v-next")).json, { height: "0" });

  const failed = async (m: EncodeObject) => (await propose(node, [m])).failed_reason as string;
  assert.is(await failed(softwareUpgrade("", height)), "name cannot be empty: invalid request");
  assert.is(await failed(softwareUpgrade("past", 2n)), "upgrade cannot be scheduled in the past: invalid request");
  assert.is(await failed(softwareUpgrade("zero", 0n)), "height must be greater than 0: invalid request");
  assert.is(await failed(softwareUpgrade("timed", height, { time: 1_900_000_000n })), "time-based upgrades have been deprecated in the SDK: invalid request");
  assert.is((await currentPlanAbci(node))?.name, "v-next", "a failed proposal leaves the plan");

  const c = await propose(node, [cancelUpgrade()], "amino");
  assert.is(c.status, "PROPOSAL_STATUS_PASSED", c.failed_reason);
  assert.is(await currentPlanAbci(node), undefined);
  const again = await propose(node, [cancelUpgrade()]);
  assert.is(again.status, "PROPOSAL_STATUS_PASSED", "cancel without a plan succeeds");
});

const open = (dbPath: string, upgrade?: { apply?: string[]; skipHeights?: bigint[] }) =>
  loadCore(wasm).then((core) => NodeChain.open(core, genesis, { dbPath, clock: "simulated", blockTimeNs: 5_000_000_000n, ...(upgrade ? { upgrade } : {}) }));

test("the plan's height: no block past it, queries answered; a restart refused until --apply-upgrade or --unsafe-skip-upgrades", async () => {
  const height = node.chain.latest.height + 160n;
  assert.is((await propose(node, [softwareUpgrade("halt-test", height, { info: "binaries" })])).status, "PROPOSAL_STATUS_PASSED");
  const hash = node.chain.latestBlock().appHash;
  await node.chain.close();
  const again = await h.open({ genesis, dbPath: node.dbPath });
  assert.is(again.chain.latestBlock().appHash, hash, "the plan is in the state hash, read back");
  assert.is((await again.get("/cosmos/upgrade/v1beta1/current_plan")).json.plan.name, "halt-test");

  const err = await again.chain.advance(500n).then(() => undefined, (e: Error) => e);
  assert.ok(err, "the chain stops");
  assert.is(err!.message, `UPGRADE "halt-test" NEEDED at height: ${height}: binaries`);
  assert.is(again.chain.latest.height, height - 1n, "the state of the height before is the last committed");
  assert.is((await again.chain.advance(1n).catch((e: Error) => e.message)), `UPGRADE "halt-test" NEEDED at height: ${height}: binaries`);
  assert.is(again.chain.latest.height, height - 1n, "no block past it");
  const q = await again.get("/cosmos/upgrade/v1beta1/current_plan");
  assert.is(q.status, 200, "queries are still answered");
  assert.is(q.json.plan.name, "halt-test");
  await again.chain.close();

  const refused = await open(node.dbPath).then((c) => c.close().then(() => ""), (e: Error) => e.message);
  assert.match(refused, `UPGRADE "halt-test" NEEDED at height: ${height}: binaries`);
  assert.match(refused, "--apply-upgrade halt-test");
  assert.match(refused, `--unsafe-skip-upgrades ${height}`);
  const skipDb = `${node.dbPath}.skip`;
  copyFileSync(node.dbPath, skipDb);

  const applied = await open(node.dbPath, { apply: ["halt-test"] });
  try {
    await applied.advance(3n);
    assert.is(applied.latest.height, height + 2n, "blocks go on");
    assert.is(applied.app.upgrade.doneHeight("halt-test"), height);
    assert.is(applied.app.upgrade.plan(), undefined);
    const r = await abci(applied)("/cosmos.upgrade.v1beta1.Query/AppliedPlan", toBinary(QueryAppliedPlanRequestSchema, create(QueryAppliedPlanRequestSchema, { name: "halt-test" })));
    assert.is(fromBinary(QueryAppliedPlanResponseSchema, r.value).height, height, "applied_plan answers its height");
  } finally {
    await applied.close();
  }
  const reopened = await h.open({ genesis, dbPath: node.dbPath });
  try {
    assert.equal((await reopened.get("/cosmos/upgrade/v1beta1/applied_plan/halt-test")).json, { height: `${height}` });
    const p = await propose(reopened, [softwareUpgrade("halt-test", reopened.chain.latest.height + 1_000n)]);
    assert.is(p.failed_reason, "upgrade with name halt-test has already been completed: invalid request");
  } finally {
    await reopened.chain.close();
  }

  const skipped = await open(skipDb, { skipHeights: [height] });
  try {
    await skipped.advance(2n);
    assert.is(skipped.latest.height, height + 1n);
    assert.is(skipped.app.upgrade.plan(), undefined, "the plan cleared at the skipped height");
    assert.is(skipped.app.upgrade.doneHeight("halt-test"), 0n, "not applied");
  } finally {
    await skipped.close();
  }
});

test("module_versions answers the chain's list, one module by name, an unknown one refused", async () => {
  const n = await h.open({ genesis });
  try {
    const all = (await n.get("/cosmos/upgrade/v1beta1/module_versions")).json.module_versions;
    assert.ok(all.length > 20);
    assert.equal((await n.get("/cosmos/upgrade/v1beta1/module_versions?module_name=upgrade")).json.module_versions, [all.find((m: any) => m.name === "upgrade")]);
    const bad = await n.get("/cosmos/upgrade/v1beta1/module_versions?module_name=nosuch");
    assert.ok(bad.status >= 400);
    assert.match(bad.json.message, "module nosuch not found");
  } finally {
    await n.chain.close();
  }
});

test.run();
