// x/group as a dApp uses it, through CosmJS's SigningStargateClient in both sign modes (CosmJS
// registers the group types for SIGN_MODE_DIRECT; the LEGACY_AMINO_JSON converters are a client's own,
// scripts/reference-chain/lib/group.ts, written from x/tx's rules): a group with members, a threshold
// policy (its account derived as the SDK derives it), a proposal voted and executed with Exec TRY (its
// send made by the policy's account, the proposal pruned), a failing execution kept with FAILURE, a
// percentage policy's proposal decided by the EndBlocker, withdraw, leave; the keeper's refusals;
// every Query route over REST and abci_query; simulate's gas equal to delivery's; a failed tx leaving
// nothing; the state across a restart (same app hash) and the SDK genesis export and import.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { AminoTypes, SigningStargateClient, createDefaultAminoConverters, defaultRegistryTypes, type StdFee } from "@cosmjs/stargate";
import { DirectSecp256k1Wallet, Registry, type EncodeObject } from "@cosmjs/proto-signing";
import { Secp256k1Wallet } from "@cosmjs/amino";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { sendAny, typed } from "../../helpers/group.js";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { devAddress, devPrivateKey } from "../../../host/app/genesis.js";
import { QueryGroupInfoRequestSchema, QueryGroupInfoResponseSchema, QueryGroupsByMemberRequestSchema, QueryGroupsByMemberResponseSchema } from "../../../host/wire/gen/cosmos/group/v1/query_pb.js";
import { createAbciQuery } from "../../../host/app/query.js";
import { createQueryRouter } from "../../../host/app/queries.js";
import { moreAminoConverters } from "../../../scripts/reference-chain/lib/amino-more.js";
import { G, groupAminoConverters, member, percentagePolicy, thresholdPolicy } from "../../../scripts/reference-chain/lib/group.js";
import { gasTrace } from "../../../host/app/gas/tx-gas.js";
import type { Access } from "../../../host/framework/gas/meter.js";
import { keplrBody } from "../../helpers/cosmjs.js";
import { nodeHarness, type TestNode } from "../../helpers/node.js";

const h = await nodeHarness({ prefix: "group-" });
test.after(() => h.remove());

const FEE: StdFee = { amount: [{ denom: "basecro", amount: "5000" }], gas: "600000" };
const registry = new Registry(defaultRegistryTypes);
const aminoTypes = new AminoTypes({ ...createDefaultAminoConverters(), ...moreAminoConverters(), ...groupAminoConverters() });

async function sign(node: TestNode, n: number, msgs: EncodeObject[], amino = false): Promise<Uint8Array> {
  const key = devPrivateKey(n);
  const wallet = amino ? await Secp256k1Wallet.fromKey(key, "cro") : await DirectSecp256k1Wallet.fromKey(key, "cro");
  const client = await SigningStargateClient.offline(wallet, { registry, aminoTypes });
  const a = node.chain.directory.account(devAddress(n))!;
  const raw = await client.sign(devAddress(n), msgs, FEE, "", { accountNumber: a.accountNumber, sequence: Number(a.sequence), chainId: node.chain.chainId });
  return TxRaw.encode(raw).finish();
}

/** Sends and makes the block: the committed tx_response (stage deliver) or the CheckTx refusal (stage check). */
async function send(node: TestNode, n: number, msgs: EncodeObject[], amino = false): Promise<any> {
  const r = (await node.post("/cosmos/tx/v1beta1/txs", keplrBody(await sign(node, n, msgs, amino)))).json.tx_response;
  if (r.code !== 0) return { ...r, stage: "check" };
  await node.chain.advance(1n);
  return { ...(await node.get(`/cosmos/tx/v1beta1/txs/${r.txhash}`)).json.tx_response, stage: "deliver" };
}

const balance = async (node: TestNode, a: string) => BigInt((await node.get(`/cosmos/bank/v1beta1/balances/${a}/by_denom?denom=basecro`)).json.balance.amount);

const [ADMIN, M1, M2, OUT] = [devAddress(2), devAddress(3), devAddress(4), devAddress(6)];
/** address.Module("group", 0x20, 1): the first policy's account (as recorded on chain-maind). */
const P1 = "cro1afk9zr2hn2jsac63h4hm60vl9z3e5u69gndzf7c99cqge3vzwjzsupxleu";

const node = await h.open();

test("MsgCreateGroup (direct) and an empty one (amino); the keeper's refusals in the block", async () => {
  const r = await send(node, 2, [G.createGroup(ADMIN, [member(ADMIN, "1"), member(M1, "2.5", "m1")], "group one")]);
  assert.is(r.code, 0, r.raw_log);
  assert.equal(typed(r, "EventCreateGroup"), { group_id: '"1"', msg_index: "0" });
  const info = (await node.get("/cosmos/group/v1/group_info/1")).json.info;
  assert.equal([info.admin, info.metadata, info.version, info.total_weight], [ADMIN, "group one", "1", "3.5"]);
  assert.equal((await node.get("/cosmos/group/v1/group_members/1")).json.members.map((m: any) => [m.member.address, m.member.weight]).sort(),
    [[ADMIN, "1"], [M1, "2.5"]].sort());
  const empty = await send(node, 2, [G.createGroup(ADMIN, [], "")], true);
  assert.is(empty.code, 0, empty.raw_log);
  assert.is((await node.get("/cosmos/group/v1/group_info/2")).json.info.total_weight, "0");
  const dup = await send(node, 2, [G.createGroup(ADMIN, [member(M1, "1"), member(M1, "2")])]);
  assert.equal([dup.stage, dup.codespace, dup.code], ["deliver", "group", 3]);
  assert.match(dup.raw_log, `members: address: ${M1}: duplicate value`);
  const zero = await send(node, 2, [G.createGroup(ADMIN, [member(M1, "0")])]);
  assert.equal([zero.codespace, zero.code], ["math", 10]);
  assert.is((await node.get("/cosmos/group/v1/groups")).json.pagination.total, "2");
});

test("members: added, reweighted, removed (weight 0); an empty group refused; the admin and the metadata", async () => {
  let r = await send(node, 2, [G.updateMembers(ADMIN, 1n, [member(M2, "1"), member(M1, "2.5", "again")])]);
  assert.is(r.code, 0, r.raw_log);
  assert.is((await node.get("/cosmos/group/v1/group_info/1")).json.info.total_weight, "4.5");
  r = await send(node, 2, [G.updateMembers(ADMIN, 2n, [member(devAddress(5), "2")])], true);
  assert.is(r.code, 0, r.raw_log);
  r = await send(node, 2, [G.updateMembers(ADMIN, 2n, [member(devAddress(5), "0")])]);
  assert.equal([r.codespace, r.code], ["group", 6]);
  assert.match(r.raw_log, "members updated: group must not be empty");
  r = await send(node, 3, [G.updateMetadata(M1, 1n, "mine")]);
  assert.equal([r.codespace, r.code], ["sdk", 4]);
  r = await send(node, 2, [G.updateAdmin(ADMIN, 2n, M1)], true);
  assert.is(r.code, 0, r.raw_log);
  assert.is((await node.get(`/cosmos/group/v1/groups_by_admin/${M1}`)).json.groups[0].id, "2");
});

test("a threshold policy: its derived account; a proposal voted, executed by Exec TRY (the policy pays), pruned", async () => {
  let r = await send(node, 2, [G.createPolicy(ADMIN, 1n, thresholdPolicy("3", 600), "p1")]);
  assert.is(r.code, 0, r.raw_log);
  assert.equal(typed(r, "EventCreateGroupPolicy"), { address: JSON.stringify(P1), msg_index: "0" });
  const info = (await node.get(`/cosmos/group/v1/group_policy_info/${P1}`)).json.info;
  assert.equal(info.decision_policy, { "@type": "/cosmos.group.v1.ThresholdDecisionPolicy", threshold: "3", windows: { voting_period: "600s", min_execution_period: "0s" } });
  // an unclaimable BaseAccount: its key the ModuleCredential address.Module derived it from (as chain-maind answers)
  assert.equal((await node.get(`/cosmos/auth/v1beta1/accounts/${P1}`)).json.account.pub_key,
    { "@type": "/cosmos.auth.v1beta1.ModuleCredential", module_name: "group", derivation_keys: ["IA==", "AAAAAAAAAAE="] });
  assert.is((await send(node, 2, [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: MsgSend.fromPartial({ fromAddress: ADMIN, toAddress: P1, amount: [{ denom: "basecro", amount: "100000" }] }) }])).code, 0);
  r = await send(node, 3, [G.submit(P1, [M1], [sendAny(P1, OUT, 1000n)], { title: "pay", summary: "pay out" })]);
  assert.is(r.code, 0, r.raw_log);
  assert.is((await node.get("/cosmos/group/v1/proposal/1")).json.proposal.status, "PROPOSAL_STATUS_SUBMITTED");
  assert.is((await send(node, 3, [G.vote(1n, M1, 1)])).code, 0);
  assert.equal((await node.get("/cosmos/group/v1/proposals/1/tally")).json.tally.yes_count, "2.5");
  const twice = await send(node, 3, [G.vote(1n, M1, 3)]);
  assert.equal([twice.codespace, twice.code], ["legacy_orm", 13]);
  const before = await balance(node, OUT);
  r = await send(node, 2, [G.vote(1n, ADMIN, 1, { exec: true })], true);
  assert.is(r.code, 0, r.raw_log);
  assert.is(await balance(node, OUT), before + 1000n);
  assert.equal(typed(r, "EventExec"), { logs: '""', proposal_id: '"1"', result: '"PROPOSAL_EXECUTOR_RESULT_SUCCESS"', msg_index: "0" });
  assert.equal(JSON.parse(typed(r, "EventProposalPruned").status!), "PROPOSAL_STATUS_ACCEPTED");
  assert.is((await node.get("/cosmos/group/v1/proposal/1")).status, 500);
});

test("a failing execution is kept with FAILURE (the send undone, the proposal stays); exec again fails again", async () => {
  let r = await send(node, 3, [G.submit(P1, [M1], [sendAny(P1, OUT, 10n ** 12n)])]);
  assert.is(r.code, 0, r.raw_log);
  assert.is((await send(node, 4, [G.vote(2n, M2, 1)])).code, 0);
  const held = await balance(node, P1);
  r = await send(node, 3, [G.vote(2n, M1, 1, { exec: true })]);
  assert.is(r.code, 0, r.raw_log);
  assert.match(JSON.parse(typed(r, "EventExec").logs!), "proposal execution failed on proposal 2, because of error message /cosmos.bank.v1beta1.MsgSend at position 0:");
  assert.is(await balance(node, P1), held);
  const p = (await node.get("/cosmos/group/v1/proposal/2")).json.proposal;
  assert.equal([p.status, p.executor_result, p.final_tally_result.yes_count], ["PROPOSAL_STATUS_ACCEPTED", "PROPOSAL_EXECUTOR_RESULT_FAILURE", "3.5"]);
  r = await send(node, 4, [G.exec(2n, M2)]);
  assert.equal(JSON.parse(typed(r, "EventExec").result!), "PROPOSAL_EXECUTOR_RESULT_FAILURE");
});

test("withdraw, a policy change aborting open proposals, a percentage policy decided by the EndBlocker; leave", async () => {
  let r = await send(node, 4, [G.submit(P1, [M2], [sendAny(P1, OUT, 1n)])]);
  assert.is((await send(node, 3, [G.withdraw(3n, M1)])).code, 7);
  assert.is((await send(node, 4, [G.withdraw(3n, M2)], true)).code, 0);
  assert.is((await node.get("/cosmos/group/v1/proposal/3")).json.proposal.status, "PROPOSAL_STATUS_WITHDRAWN");
  assert.is((await send(node, 3, [G.submit(P1, [M1], [sendAny(P1, OUT, 1n)])])).code, 0);
  assert.is((await send(node, 2, [G.updatePolicyMetadata(ADMIN, P1, "changed")])).code, 0);
  assert.is((await node.get("/cosmos/group/v1/proposal/4")).json.proposal.status, "PROPOSAL_STATUS_ABORTED");
  r = await send(node, 2, [G.createPolicy(ADMIN, 1n, percentagePolicy("0.5", 5))], true);
  const P2 = JSON.parse(typed(r, "EventCreateGroupPolicy").address!);
  assert.is((await send(node, 4, [G.submit(P2, [M2], [sendAny(P2, OUT, 1n)])])).code, 0);
  assert.is((await send(node, 3, [G.vote(5n, M1, 3)])).code, 0);
  await node.chain.advance(10n); // the voting period ends: the EndBlocker tallies (2.5 no of 4.5: rejected) and prunes the withdrawn one
  const p5 = (await node.get("/cosmos/group/v1/proposal/5")).json.proposal;
  assert.equal([p5.status, p5.final_tally_result.no_count], ["PROPOSAL_STATUS_REJECTED", "2.5"]);
  assert.is((await node.get("/cosmos/group/v1/votes_by_proposal/5")).json.votes.length, 0);
  r = await send(node, 4, [G.exec(5n, M2)]);
  assert.match(r.raw_log, "not possible to exec with proposal status PROPOSAL_STATUS_REJECTED");
  r = await send(node, 4, [G.leave(M2, 1n)]);
  assert.is(r.code, 0, r.raw_log);
  assert.equal(typed(r, "EventLeaveGroup"), { address: JSON.stringify(M2), group_id: '"1"', msg_index: "0" });
  assert.is((await node.get("/cosmos/group/v1/group_info/1")).json.info.total_weight, "3.5");
  assert.is((await send(node, 4, [G.leave(M2, 1n)])).code, 38);
});

test("abci_query answers the Query service's protobuf; pages as the ORM's Paginate gives them", async () => {
  const abci = createAbciQuery(node.chain.app, createQueryRouter(node.chain.app));
  const one = await abci("/cosmos.group.v1.Query/GroupInfo", toBinary(QueryGroupInfoRequestSchema, create(QueryGroupInfoRequestSchema, { groupId: 1n })));
  assert.is(fromBinary(QueryGroupInfoResponseSchema, one.value).info?.metadata, "group one");
  const by = await abci("/cosmos.group.v1.Query/GroupsByMember", toBinary(QueryGroupsByMemberRequestSchema, create(QueryGroupsByMemberRequestSchema, { address: M1 })));
  assert.equal(fromBinary(QueryGroupsByMemberResponseSchema, by.value).groups.map((g) => g.id), [1n]);
  const page = (await node.get("/cosmos/group/v1/groups?pagination.limit=1")).json;
  assert.equal([page.groups.length, page.pagination.next_key, page.pagination.total], [1, "AAAAAAAAAAI=", "0"]);
  assert.is((await node.get("/cosmos/group/v1/group_info/99")).json.message, "codespace sdk code 38: not found: group");
});

test("simulate meters x/group as delivery does; a tx failing after a group write leaves nothing", async () => {
  const msgs = [G.createGroup(ADMIN, [member(M1, "1")], "sim")];
  // x/group's store accesses as simulate and delivery meter them (the fee collector's balance, which
  // the next block's BeginBlock changes, is the one thing the two states differ in)
  const traces: Access[][] = [];
  gasTrace.sink = (x) => traces.push([...x]);
  const groupAccesses = () => traces.splice(0).flat().filter((a) => a.store === "group").map((a) => `${a.op} ${a.key} ${a.value} ${a.gas}`);
  let simulated: any;
  let simulatedAccesses: string[];
  let r: any;
  try {
    simulated = (await node.post("/cosmos/tx/v1beta1/simulate", { tx_bytes: Buffer.from(await sign(node, 2, msgs)).toString("base64") })).json;
    simulatedAccesses = groupAccesses();
    r = await send(node, 2, msgs);
  } finally {
    gasTrace.sink = undefined;
  }
  assert.is(r.code, 0, r.raw_log);
  assert.ok(Number(simulated.gas_info.gas_used) > 60_000);
  assert.equal(groupAccesses(), simulatedAccesses);
  // the sequence read (PeekNextVal), NextVal's read and write, the row (Has twice, Set), the admin index, the member's row and its two indexes
  assert.equal(simulatedAccesses.map((a) => a.split(" ")[0]), ["get", "get", "set", "has", "has", "set", "set", "has", "has", "set", "set", "set"]);
  const groups = (await node.get("/cosmos/group/v1/groups")).json.pagination.total;
  const failed = await send(node, 2, [G.createGroup(ADMIN, [member(M1, "1")], "kept?"), G.updateAdmin(ADMIN, 99n, M1)]);
  assert.equal([failed.stage, failed.code], ["deliver", 38]);
  assert.is((await node.get("/cosmos/group/v1/groups")).json.pagination.total, groups);
});

test("the state survives a restart (same app hash) and the SDK genesis export and import", async () => {
  const hash = node.chain.latestBlock().appHash;
  await node.chain.close();
  const again = await h.open({ dbPath: node.dbPath });
  try {
    assert.is(again.chain.latestBlock().appHash, hash);
    assert.is((await again.get(`/cosmos/group/v1/group_policy_info/${P1}`)).json.info.metadata, "changed");
    const doc = again.chain.exportGenesis() as any;
    delete doc.app_state.node_state;
    const g = doc.app_state.group;
    assert.equal([g.group_seq, g.group_policy_seq, g.proposal_seq, g.groups.length], ["3", "2", "5", 3]);
    assert.ok(g.proposals.some((p: any) => p.id === "2" && p.executor_result === "PROPOSAL_EXECUTOR_RESULT_FAILURE"));
    const policyAccount = doc.app_state.auth.accounts.find((x: any) => x.address === P1);
    assert.is(policyAccount.pub_key["@type"], "/cosmos.auth.v1beta1.ModuleCredential");
    const imported = await h.open({ genesis: doc });
    try {
      assert.is((await imported.get("/cosmos/group/v1/proposal/2")).json.proposal.final_tally_result.yes_count, "3.5");
      assert.equal((imported.chain.exportGenesis() as any).app_state.group, g);
      assert.equal((await imported.get(`/cosmos/auth/v1beta1/accounts/${P1}`)).json.account.pub_key.derivation_keys, ["IA==", "AAAAAAAAAAE="]);
    } finally {
      await imported.chain.close();
    }
  } finally {
    await again.chain.close();
  }
});

test.run();
