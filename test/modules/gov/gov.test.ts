// x/gov v1 on the node (host/modules/gov/keeper.ts): a tier changes only by a proposal that passes the
// reference's tally; deposits move to the x/gov module account and come back (or burn); votes,
// weighted votes, the expedited path, cancel, the deposit period running out; the queries; a
// restart keeps it all (and the state hash).

import { test } from "uvu";
import * as assert from "uvu/assert";
import type { AminoMsg } from "@cosmjs/amino";
import { GOV_MODULE_ADDRESS, defaultGenesisJson, devAddress, mergeJson, operatorOf, type Json } from "../../../host/app/genesis.js";
import { ModuleAccount } from "../../../host/core/ledger.js";
import { delegateMsg, deleteTierMsg, lockTierMsg, tierGovMsg } from "../../helpers/dev-signer.js";
import { committedTx, nodeHarness, signedBy, type TestNode } from "../../helpers/node.js";
import { keplrBody, protoSigner } from "../../helpers/cosmjs.js";
import { create, toBinary } from "@bufbuild/protobuf";
import { fromHex } from "@cosmjs/encoding";
import { TxMsgData } from "cosmjs-types/cosmos/base/abci/v1beta1/abci";
import { MsgSubmitProposalResponse } from "cosmjs-types/cosmos/gov/v1/tx";
import { MsgAddTierSchema } from "../../../host/wire/gen/chainmain/tieredrewards/v1/tx_pb.js";

const h = await nodeHarness({ prefix: "gov-" });
test.after(h.remove);

/** The default genesis with x/gov as the authority and short periods (deposit 1 h, voting 10 min, expedited 5 min). */
const govGenesis = (params: Record<string, Json> = {}): Json =>
  mergeJson(defaultGenesisJson(), {
    app_state: {
      node: { gov_authority: GOV_MODULE_ADDRESS },
      gov: { params: { max_deposit_period: "3600s", voting_period: "600s", expedited_voting_period: "300s", ...params } },
    },
  });

const MIN_DEPOSIT = 1_000_000_000_000n;
const coins = (amount: bigint) => [{ denom: "basecro", amount: `${amount}` }];
const newTier = { id: 4, exit_duration: "15768000s", bonus_apy: "0.050000000000000000", min_lock_amount: "10000000000", close_only: false };

const submitMsg = (proposer: string, messages: AminoMsg[], deposit: bigint, o: { expedited?: boolean; title?: string } = {}): AminoMsg => ({
  type: "cosmos-sdk/v1/MsgSubmitProposal",
  value: {
    messages, initial_deposit: coins(deposit), proposer, metadata: "", title: o.title ?? "Add a 6-month tier", summary: "A 6-month tier at 5 %",
    ...(o.expedited ? { expedited: true } : {}),
  },
});
const voteMsg = (id: bigint, voter: string, option: number): AminoMsg => ({
  type: "cosmos-sdk/v1/MsgVote", value: { proposal_id: `${id}`, voter, option, metadata: "" },
});
const weightedMsg = (id: bigint, voter: string, options: { option: number; weight: string }[]): AminoMsg => ({
  type: "cosmos-sdk/v1/MsgVoteWeighted", value: { proposal_id: `${id}`, voter, options, metadata: "" },
});
const depositMsg = (id: bigint, depositor: string, amount: bigint): AminoMsg => ({
  type: "cosmos-sdk/v1/MsgDeposit", value: { proposal_id: `${id}`, depositor, amount: coins(amount) },
});
// No amino name in the SDK: the amino type of MsgCancelProposal is its type URL.
const cancelMsg = (id: bigint, proposer: string): AminoMsg => ({ type: "/cosmos.gov.v1.MsgCancelProposal", value: { proposal_id: `${id}`, proposer } });

const addTier = tierGovMsg("MsgAddTier", GOV_MODULE_ADDRESS, newTier);
const attr = (tx: any, type: string, key: string) =>
  tx.events.find((e: any) => e.type === type && e.attributes.some((a: any) => a.key === key))?.attributes.find((a: any) => a.key === key)?.value;

/** Advance the simulated clock by `seconds` (5 s blocks). */
const wait = (node: TestNode, seconds: number) => node.post(`/dev/advance?blocks=${Math.ceil(seconds / 5)}`);

test("a gov-only message outside a proposal is refused with the reference's error", async () => {
  const node = await h.open({ genesis: govGenesis() });
  // Accepted at CheckTx (the authority is the message server's check), failed in its block.
  const r = await committedTx(node, 0, [tierGovMsg("MsgAddTier", devAddress(0), newTier)]);
  assert.is(r.code, 13);
  assert.is(r.codespace, "gov");
  assert.match(r.raw_log, `invalid authority; expected ${GOV_MODULE_ADDRESS}, got ${devAddress(0)}`);
  node.chain.close();
});

test("propose a tier, vote, pass: the tier appears, the deposit comes back", async () => {
  const node = await h.open({ genesis: govGenesis() });
  const me = devAddress(5);
  const before = node.chain.ledger.balance(node.chain.directory.accountId(me)!);
  const submitted = await committedTx(node, 5, [submitMsg(me, [addTier], MIN_DEPOSIT)]);
  assert.is(submitted.code, 0, submitted.raw_log);
  const id = BigInt(attr(submitted, "submit_proposal", "proposal_id"));
  assert.is(id, 1n);
  assert.is(attr(submitted, "submit_proposal", "voting_period_start"), "1", "the initial deposit reached the minimum");
  assert.is(node.chain.ledger.balance(ModuleAccount.gov), MIN_DEPOSIT);

  const p = (await node.get(`/cosmos/gov/v1/proposals/${id}`)).json.proposal;
  assert.is(p.status, "PROPOSAL_STATUS_VOTING_PERIOD");
  assert.is(p.messages[0]["@type"], "/chainmain.tieredrewards.v1.MsgAddTier");
  assert.equal(p.messages[0].tier, { ...newTier, exit_duration: "15768000s" }, "an amino-signed message in the gateway's JSON too");
  assert.equal(p.total_deposit, coins(MIN_DEPOSIT));
  assert.is(p.proposer, me);

  // The validators (their self-delegations: all of the bonded stake) vote yes.
  for (const n of [1, 2, 3]) assert.is((await committedTx(node, n, [voteMsg(id, devAddress(n), 1)])).code, 0);
  const tally = (await node.get(`/cosmos/gov/v1/proposals/${id}/tally`)).json.tally;
  assert.ok(BigInt(tally.yes_count) > 0n);
  assert.is((await node.get("/chainmain/tieredrewards/v1/tiers")).json.tiers.length, 3, "not before the voting period ends");

  await wait(node, 600);
  const done = (await node.get(`/cosmos/gov/v1/proposals/${id}`)).json.proposal;
  assert.is(done.status, "PROPOSAL_STATUS_PASSED", done.failed_reason);
  assert.ok(BigInt(done.final_tally_result.yes_count) > 0n);
  const tiers = (await node.get("/chainmain/tieredrewards/v1/tiers")).json.tiers;
  assert.is(tiers.length, 4);
  assert.is(tiers[3].id, 4);
  assert.is(node.chain.ledger.balance(ModuleAccount.gov), 0n, "deposit refunded");
  // The EndBlock's events, in the block's finalize-block events (block_results): the refund, the
  // executed message's own, and x/gov's active_proposal.
  const top = node.chain.latestBlock().height;
  const ended = Array.from({ length: Number(top) }, (_, i) => node.chain.blockTxs(BigInt(i + 1))).find((b) => b?.events.some((e) => e.type === "active_proposal"));
  assert.ok(ended, "a block carries active_proposal");
  const result = ended!.events.find((e) => e.type === "active_proposal")!.attributes;
  assert.equal(result.map((a) => [a.key, a.value]), [["proposal_id", "1"], ["proposal_result", "proposal_passed"], ["proposal_log", "passed"]]);
  assert.ok(ended!.events.some((e) => e.type === "chainmain.tieredrewards.v1.EventTierChanged"));
  assert.ok(ended!.events.some((e) => e.type === "transfer" && e.attributes.some((a) => a.key === "recipient" && a.value === me)), "the refund");
  const fees = 5000n;
  assert.is(node.chain.ledger.balance(node.chain.directory.accountId(me)!), before - fees);
  node.chain.close();
});

test("a failing message fails the proposal and changes nothing; the reason is kept", async () => {
  const node = await h.open({ genesis: govGenesis() });
  const me = devAddress(5);
  // Tier 1 has no position, so deleting it works; tier 9 does not exist: the second message fails.
  const submitted = await committedTx(node, 5, [submitMsg(me, [deleteTierMsg(GOV_MODULE_ADDRESS, 1), deleteTierMsg(GOV_MODULE_ADDRESS, 9)], MIN_DEPOSIT)]);
  assert.is(submitted.code, 0, submitted.raw_log);
  for (const n of [1, 2, 3, 4]) await committedTx(node, n, [voteMsg(1n, devAddress(n), 1)]);
  await wait(node, 600);
  const p = (await node.get("/cosmos/gov/v1/proposals/1")).json.proposal;
  assert.is(p.status, "PROPOSAL_STATUS_FAILED");
  assert.match(p.failed_reason, "tier not found");
  assert.is((await node.get("/chainmain/tieredrewards/v1/tiers")).json.tiers.length, 3, "tier 1 still there: all or none");
  node.chain.close();
});

test("submit refuses: a message not signed by x/gov (13), no title, a vote on an unknown proposal or outside voting (3)", async () => {
  const node = await h.open({ genesis: govGenesis() });
  const me = devAddress(5);
  const wrong = await committedTx(node, 5, [submitMsg(me, [tierGovMsg("MsgAddTier", me, newTier)], MIN_DEPOSIT)]);
  assert.is(wrong.code, 13);
  assert.match(wrong.raw_log, `${me}: expected gov account as only signer for proposal message`);
  const vote = await node.post("/txs", await signedBy(node, 5, [voteMsg(7n, me, 1)]));
  await node.post("/dev/advance?blocks=1");
  const voted = (await node.get(`/cosmos/tx/v1beta1/txs/${vote.json.tx_response.txhash}`)).json.tx_response;
  assert.is(voted.code, 3, "x/gov's AddVote: a missing proposal is not in its voting period");
  assert.is(voted.codespace, "gov");
  // A proposal below the minimum deposit waits in its deposit period: no vote yet.
  const small = await committedTx(node, 5, [submitMsg(me, [addTier], MIN_DEPOSIT / 10n)]);
  assert.is(small.code, 0);
  const early = await node.post("/txs", await signedBy(node, 6, [voteMsg(1n, devAddress(6), 1)]));
  await node.post("/dev/advance?blocks=1");
  const refused = (await node.get(`/cosmos/tx/v1beta1/txs/${early.json.tx_response.txhash}`)).json.tx_response;
  assert.is(refused.code, 3, refused.raw_log);
  // Deposits below 1 % of the minimum are refused (min_deposit_ratio).
  const tiny = await node.post("/txs", await signedBy(node, 6, [depositMsg(1n, devAddress(6), 1n)]));
  await node.post("/dev/advance?blocks=1");
  assert.is((await node.get(`/cosmos/tx/v1beta1/txs/${tiny.json.tx_response.txhash}`)).json.tx_response.code, 16);
  node.chain.close();
});

test("submit refuses a message with several signers, even if x/gov is one of them: gov 13 without a signer named", async () => {
  const node = await h.open({ genesis: govGenesis() });
  const me = devAddress(5);
  // x/group's MsgSubmitProposal is signed by every proposer (GetMsgV1Signers gives two here).
  const groupProposal: AminoMsg = {
    type: "cosmos-sdk/group/MsgSubmitProposal",
    value: { group_policy_address: devAddress(6), proposers: [GOV_MODULE_ADDRESS, me], metadata: "", messages: [], exec: 0, title: "t", summary: "s" },
  };
  const before = (await node.get("/cosmos/gov/v1/proposals")).json.proposals.length;
  const two = await committedTx(node, 5, [submitMsg(me, [groupProposal], MIN_DEPOSIT)]);
  assert.is(two.code, 13, two.raw_log);
  assert.is(two.codespace, "gov");
  assert.match(two.raw_log, /: expected gov account as only signer for proposal message$/);
  assert.not.match(two.raw_log, `${me}: expected gov account`, "no signer is named when there are several");
  assert.is((await node.get("/cosmos/gov/v1/proposals")).json.proposals.length, before, "no proposal stored");
  node.chain.close();
});

test("deposits reach the minimum: voting starts; the deposit period running out drops a proposal and refunds", async () => {
  const node = await h.open({ genesis: govGenesis() });
  const [a, b] = [devAddress(5), devAddress(6)];
  await committedTx(node, 5, [submitMsg(a, [addTier], MIN_DEPOSIT / 2n)]);
  await committedTx(node, 5, [submitMsg(a, [addTier], MIN_DEPOSIT / 2n, { title: "second" })]);
  const topped = await committedTx(node, 6, [depositMsg(1n, b, MIN_DEPOSIT / 2n)]);
  assert.is(attr(topped, "proposal_deposit", "voting_period_start"), "1");
  assert.is((await node.get("/cosmos/gov/v1/proposals/1")).json.proposal.status, "PROPOSAL_STATUS_VOTING_PERIOD");
  const deposits = (await node.get("/cosmos/gov/v1/proposals/1/deposits")).json.deposits;
  assert.equal(deposits.map((d: any) => [d.depositor, d.amount[0].amount]).sort(), [[a, `${MIN_DEPOSIT / 2n}`], [b, `${MIN_DEPOSIT / 2n}`]].sort());
  assert.is((await node.get(`/cosmos/gov/v1/proposals?depositor=${b}`)).json.proposals.length, 1);
  assert.is((await node.get("/cosmos/gov/v1/proposals?proposal_status=PROPOSAL_STATUS_DEPOSIT_PERIOD")).json.proposals[0].id, "2");
  const gov = () => node.chain.ledger.balance(ModuleAccount.gov);
  assert.is(gov(), MIN_DEPOSIT * 3n / 2n);
  await wait(node, 3600);
  assert.is((await node.get("/cosmos/gov/v1/proposals/2")).status, 404, "dropped");
  // Proposal 1 had no votes: rejected (no quorum), deposits refunded.
  const one = (await node.get("/cosmos/gov/v1/proposals/1")).json.proposal;
  assert.is(one.status, "PROPOSAL_STATUS_REJECTED");
  assert.is(gov(), 0n);
  node.chain.close();
});

test("cancel: the proposer only; half the deposit burned (total supply falls), half refunded", async () => {
  const node = await h.open({ genesis: govGenesis() });
  const me = devAddress(5);
  await committedTx(node, 5, [submitMsg(me, [addTier], MIN_DEPOSIT)]);
  const other = await node.post("/txs", await signedBy(node, 6, [cancelMsg(1n, devAddress(6))]));
  await node.post("/dev/advance?blocks=1");
  assert.is((await node.get(`/cosmos/tx/v1beta1/txs/${other.json.tx_response.txhash}`)).json.tx_response.code, 18);
  // A cancel in a tx that then fails: nothing burned, nothing refunded, the proposal still there.
  const failing = await node.post("/txs", await signedBy(node, 5, [cancelMsg(1n, me), depositMsg(99n, me, MIN_DEPOSIT)]));
  await node.post("/dev/advance?blocks=1");
  assert.is((await node.get(`/cosmos/tx/v1beta1/txs/${failing.json.tx_response.txhash}`)).json.tx_response.code, 1, "the deposit to an unknown proposal fails the tx");
  assert.is((await node.get("/cosmos/gov/v1/proposals/1")).status, 200);
  assert.is(node.chain.ledger.balance(ModuleAccount.gov), MIN_DEPOSIT);
  assert.equal(node.chain.app.checkInvariants(), [], "the supply came back with the burned tokens");
  const supplyBefore = node.chain.totalSupply();
  const balanceBefore = node.chain.ledger.balance(node.chain.directory.accountId(me)!);
  const cancelled = await committedTx(node, 5, [cancelMsg(1n, me)]);
  assert.is(cancelled.code, 0, cancelled.raw_log);
  assert.is((await node.get("/cosmos/gov/v1/proposals/1")).status, 404);
  assert.is(node.chain.ledger.balance(ModuleAccount.gov), 0n);
  assert.is(node.chain.ledger.balance(node.chain.directory.accountId(me)!), balanceBefore + MIN_DEPOSIT / 2n - 5000n);
  const minted = node.chain.totalSupply() - supplyBefore + MIN_DEPOSIT / 2n;
  assert.ok(minted > 0n && minted < 10n ** 12n, "the supply fell by the burned half (one block's mint aside)");
  node.chain.close();
});

test("a tier position's owner votes with it: the owner's vote overrides the validator's for that power", async () => {
  const node = await h.open({ genesis: govGenesis({ quorum: "0.000000000000000000" }) });
  const owner = devAddress(5);
  const v1 = operatorOf(devAddress(1));
  // A large position on validator 1 (owner funds: 1 M CRO).
  const locked = await committedTx(node, 5, [lockTierMsg(owner, 1, 90_000_000_000_000n, v1)]);
  assert.is(locked.code, 0, locked.raw_log);
  await committedTx(node, 6, [submitMsg(devAddress(6), [addTier], MIN_DEPOSIT)]);
  // Validator 1 votes yes; the position's owner votes no.
  await committedTx(node, 1, [voteMsg(1n, devAddress(1), 1)]);
  const onlyValidator = (await node.get("/cosmos/gov/v1/proposals/1/tally")).json.tally;
  await committedTx(node, 5, [voteMsg(1n, owner, 3)]);
  const both = (await node.get("/cosmos/gov/v1/proposals/1/tally")).json.tally;
  const power = BigInt((await node.get(`/chainmain/tieredrewards/v1/voting_power/${owner}`)).json.voting_power.split(".")[0]);
  assert.ok(power > 0n);
  assert.is(BigInt(both.no_count), power, "the owner's no carries the position's power");
  const moved = BigInt(onlyValidator.yes_count) - BigInt(both.yes_count);
  assert.ok(moved === power || moved === power + 1n, `the validator's yes lost the position's power (${moved} vs ${power})`);
  // Weighted: 60 % no, 40 % abstain.
  await committedTx(node, 5, [weightedMsg(1n, owner, [{ option: 3, weight: "0.6" }, { option: 2, weight: "0.4" }])]);
  const split = (await node.get("/cosmos/gov/v1/proposals/1/tally")).json.tally;
  assert.ok(BigInt(split.abstain_count) > 0n && BigInt(split.no_count) > 0n);
  const vote = (await node.get(`/cosmos/gov/v1/proposals/1/votes/${owner}`)).json.vote;
  assert.equal(vote.options, [{ option: "VOTE_OPTION_NO", weight: "0.600000000000000000" }, { option: "VOTE_OPTION_ABSTAIN", weight: "0.400000000000000000" }]);
  node.chain.close();
});

test("restart: proposals, deposits and votes are kept, the state hash agrees, and the proposal still ends", async () => {
  const dbPath = h.freshDb();
  let node = await h.open({ genesis: govGenesis(), dbPath });
  await committedTx(node, 5, [submitMsg(devAddress(5), [addTier], MIN_DEPOSIT)]);
  for (const n of [1, 2, 3]) await committedTx(node, n, [voteMsg(1n, devAddress(n), 1)]);
  const hash = node.chain.latestBlock().appHash;
  node.chain.close();
  node = await h.open({ genesis: govGenesis(), dbPath });
  assert.is(node.chain.latestBlock().appHash, hash);
  assert.is((await node.get("/cosmos/gov/v1/proposals/1/votes")).json.votes.length, 3);
  await wait(node, 600);
  assert.is((await node.get("/cosmos/gov/v1/proposals/1")).json.proposal.status, "PROPOSAL_STATUS_PASSED");
  node.chain.close();
});

/** A tx signed by CosmJS (SIGN_MODE_DIRECT) as dev key n, sent, its block made: the committed tx_response. */
async function directTx(node: TestNode, n: number, messages: { typeUrl: string; value: unknown }[]): Promise<any> {
  const signer = await protoSigner(n, "direct");
  const a = node.chain.directory.account(signer.address)!;
  const bytes = await signer.sign(messages, { chainId: node.chain.chainId, accountNumber: a.accountNumber, sequence: a.sequence });
  const r = await node.post("/cosmos/tx/v1beta1/txs", keplrBody(bytes));
  assert.is(r.json.tx_response.code, 0, r.json.tx_response.raw_log);
  await node.post("/dev/advance?blocks=1");
  return (await node.get(`/cosmos/tx/v1beta1/txs/${r.json.tx_response.txhash}`)).json.tx_response;
}

test("an unknown proposal, as x/gov's keeper answers (CosmJS): a vote or weighted vote gov 3 inactive, a deposit the collection's not found", async () => {
  const node = await h.open({ genesis: govGenesis() });
  const me = devAddress(5);
  await committedTx(node, 5, [submitMsg(me, [addTier], MIN_DEPOSIT)]);
  const vote = (id: bigint) => ({ typeUrl: "/cosmos.gov.v1.MsgVote", value: { proposalId: id, voter: me, option: 1, metadata: "" } });
  const voted = await directTx(node, 5, [vote(999n)]);
  assert.equal([voted.code, voted.codespace, voted.raw_log], [3, "gov", "failed to execute message; message index: 0: 999: inactive proposal"]);
  const weighted = await directTx(node, 5, [{
    typeUrl: "/cosmos.gov.v1.MsgVoteWeighted",
    value: { proposalId: 999n, voter: me, options: [{ option: 1, weight: "0.5" }, { option: 3, weight: "0.5" }], metadata: "" },
  }]);
  assert.equal([weighted.code, weighted.codespace, weighted.raw_log], [3, "gov", "failed to execute message; message index: 0: 999: inactive proposal"]);
  // The msg server's weights are checked before the proposal is looked at.
  const heavy = await directTx(node, 5, [{
    typeUrl: "/cosmos.gov.v1.MsgVoteWeighted", value: { proposalId: 999n, voter: me, options: [{ option: 1, weight: "1.5" }], metadata: "" },
  }]);
  assert.equal([heavy.code, heavy.codespace], [7, "gov"], heavy.raw_log);
  const deposited = await directTx(node, 5, [{ typeUrl: "/cosmos.gov.v1.MsgDeposit", value: { proposalId: 999n, depositor: me, amount: coins(MIN_DEPOSIT) } }]);
  assert.equal([deposited.code, deposited.codespace, deposited.raw_log], [
    1, "undefined", "failed to execute message; message index: 0: collections: not found: key '999' of type github.com/cosmos/gogoproto/cosmos.gov.v1.Proposal",
  ]);
  // A bad denom on an unknown proposal: the proposal first.
  const foo = await directTx(node, 5, [{ typeUrl: "/cosmos.gov.v1.MsgDeposit", value: { proposalId: 999n, depositor: me, amount: [{ denom: "foo", amount: "1" }] } }]);
  assert.equal([foo.code, foo.codespace], [1, "undefined"], foo.raw_log);
  // Gas: the failed vote stops after the voting-period Has, before the vote's Set.
  const ok = await directTx(node, 5, [vote(1n)]);
  assert.is(ok.code, 0, ok.raw_log);
  // {proposal_id 1, voter, options [{1, "1.000000000000000000"}]} under its 30-byte key
  const voteSet = 2000 + 30 * 30 + 30 * (2 + (2 + me.length) + (2 + 2 + 2 + "1.000000000000000000".length));
  // (less 10: proposal id 999 takes a byte more of the tx than 1)
  assert.is(Number(ok.gas_used) - Number(voted.gas_used), voteSet - 10, `${ok.gas_used} vs ${voted.gas_used}`);
  node.chain.close();
});

test("protobuf (CosmJS, SIGN_MODE_DIRECT): MsgSubmitProposal with an Any MsgAddTier, MsgVote; the proposal renders its message", async () => {
  const node = await h.open({ genesis: govGenesis() });
  const signer = await protoSigner(5, "direct");
  const acct = () => node.chain.directory.account(signer.address)!;
  const addTierAny = {
    typeUrl: "/chainmain.tieredrewards.v1.MsgAddTier",
    value: toBinary(MsgAddTierSchema, create(MsgAddTierSchema, {
      authority: GOV_MODULE_ADDRESS,
      tier: { id: 4, exitDuration: { seconds: 15768000n }, bonusApy: "50000000000000000", minLockAmount: "10000000000", closeOnly: false },
    })),
  };
  const tx = await signer.sign([{
    typeUrl: "/cosmos.gov.v1.MsgSubmitProposal",
    value: { messages: [addTierAny], initialDeposit: coins(MIN_DEPOSIT), proposer: signer.address, metadata: "", title: "Add a tier", summary: "6 months at 5 %", expedited: false },
  }], { chainId: node.chain.chainId, accountNumber: acct().accountNumber, sequence: acct().sequence });
  const r = await node.post("/cosmos/tx/v1beta1/txs", keplrBody(tx));
  assert.is(r.json.tx_response.code, 0, r.json.tx_response.raw_log);
  await node.post("/dev/advance?blocks=1");
  const got = (await node.get(`/cosmos/tx/v1beta1/txs/${r.json.tx_response.txhash}`)).json;
  assert.is(got.tx_response.code, 0, got.tx_response.raw_log);
  assert.is(got.tx.body.messages[0].messages[0]["@type"], "/chainmain.tieredrewards.v1.MsgAddTier");
  const [response] = TxMsgData.decode(fromHex(got.tx_response.data)).msgResponses;
  assert.is(response!.typeUrl, "/cosmos.gov.v1.MsgSubmitProposalResponse");
  assert.is(MsgSubmitProposalResponse.decode(response!.value).proposalId, 1n, "CosmJS reads the new proposal's id");
  const p = (await node.get("/cosmos/gov/v1/proposals/1")).json.proposal;
  assert.is(p.messages[0]["@type"], "/chainmain.tieredrewards.v1.MsgAddTier");
  assert.is(p.messages[0].authority, GOV_MODULE_ADDRESS);
  assert.equal(p.messages[0].tier, { id: 4, exit_duration: "15768000s", bonus_apy: "0.050000000000000000", min_lock_amount: "10000000000", close_only: false }, "the gateway's JSON of the message");
  const vote = await protoSigner(1, "direct");
  const va = node.chain.directory.account(vote.address)!;
  const vtx = await vote.sign([{ typeUrl: "/cosmos.gov.v1.MsgVote", value: { proposalId: 1n, voter: vote.address, option: 1, metadata: "" } }], {
    chainId: node.chain.chainId, accountNumber: va.accountNumber, sequence: va.sequence,
  });
  const vr = await node.post("/cosmos/tx/v1beta1/txs", keplrBody(vtx));
  assert.is(vr.json.tx_response.code, 0, vr.json.tx_response.raw_log);
  await node.post("/dev/advance?blocks=1");
  assert.is((await node.get(`/cosmos/gov/v1/proposals/1/votes/${vote.address}`)).json.vote.options[0].option, "VOTE_OPTION_YES");
  node.chain.close();
});

test("an exported state carries its proposals and votes: the importing node has them, the same hash, and goes on alike", async () => {
  const node = await h.open({ genesis: govGenesis() });
  await committedTx(node, 5, [submitMsg(devAddress(5), [addTier], MIN_DEPOSIT)]);
  for (const n of [1, 2, 3]) await committedTx(node, n, [voteMsg(1n, devAddress(n), 1)]);
  const exported = (await node.get("/dev/export")).json as Json;
  const imported = await h.open({ genesis: exported });
  assert.is(imported.chain.latestBlock().appHash, node.chain.latestBlock().appHash);
  assert.equal((await imported.get("/cosmos/gov/v1/proposals/1")).json, (await node.get("/cosmos/gov/v1/proposals/1")).json);
  for (const n of [node, imported]) await wait(n, 600);
  assert.is((await imported.get("/cosmos/gov/v1/proposals/1")).json.proposal.status, "PROPOSAL_STATUS_PASSED");
  assert.is(imported.chain.latestBlock().appHash, node.chain.latestBlock().appHash);
  node.chain.close();
  imported.chain.close();
});

test("x/inflation MsgUpdateParams: only by proposal; a passed one replaces the params from the next block on, kept across a restart", async () => {
  const dbPath = h.freshDb();
  let node = await h.open({ genesis: govGenesis(), dbPath });
  const update = (decay: string): AminoMsg => ({
    type: "chainmain/inflation/MsgUpdateParams",
    value: { authority: GOV_MODULE_ADDRESS, params: { max_supply: "0", burned_addresses: ["cro1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqtcgxmv"], decay_rate: decay } },
  });
  const direct = await committedTx(node, 0, [{ ...update("0.05"), value: { ...update("0.05").value, authority: devAddress(0) } }]);
  assert.is(direct.code, 13);
  await committedTx(node, 5, [submitMsg(devAddress(5), [update("2")], MIN_DEPOSIT, { title: "bad" })]);
  await committedTx(node, 5, [submitMsg(devAddress(5), [update("0")], MIN_DEPOSIT, { title: "no more decay" })]);
  for (const n of [1, 2, 3]) await committedTx(node, n, [voteMsg(1n, devAddress(n), 1), voteMsg(2n, devAddress(n), 1)]);
  const rateBefore = node.chain.inflation();
  await wait(node, 600);
  const bad = (await node.get("/cosmos/gov/v1/proposals/1")).json.proposal;
  assert.is(bad.status, "PROPOSAL_STATUS_FAILED");
  assert.match(bad.failed_reason, "decay rate too large (must be between 0 and 1 inclusive, got: 2.000000000000000000)");
  assert.is((await node.get("/cosmos/gov/v1/proposals/2")).json.proposal.status, "PROPOSAL_STATUS_PASSED");
  const params = (await node.get("/chainmain/inflation/v1/params")).json.params;
  assert.equal(params, { max_supply: "0", burned_addresses: ["cro1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqtcgxmv"], decay_rate: "0.000000000000000000" });
  assert.ok(rateBefore < 10n ** 16n, "the genesis's 6.8 % monthly decay had lowered the rate below 1 %");
  await wait(node, 3600 * 24 * 60);
  assert.is(node.chain.inflation(), 10n ** 16n, "no decay: the base rate, 1 %, two months on");
  const hash = node.chain.latestBlock().appHash;
  node.chain.close();
  node = await h.open({ genesis: govGenesis(), dbPath });
  assert.is(node.chain.latestBlock().appHash, hash);
  assert.equal((await node.get("/chainmain/inflation/v1/params")).json.params.decay_rate, "0.000000000000000000");
  await wait(node, 60);
  assert.is(node.chain.inflation(), 10n ** 16n, "still applied after the restart");
  node.chain.close();
});

test("expedited: short vote, 66.7 % needed; short of it, it becomes a regular proposal and passes at the regular end", async () => {
  const node = await h.open({ genesis: govGenesis() });
  const EXPEDITED = 5n * MIN_DEPOSIT;
  const small = await node.post("/txs", await signedBy(node, 5, [submitMsg(devAddress(5), [addTier], MIN_DEPOSIT, { expedited: true })]));
  await node.post("/dev/advance?blocks=1");
  assert.is((await node.get("/cosmos/gov/v1/proposals/1")).json.proposal.status, "PROPOSAL_STATUS_DEPOSIT_PERIOD", "below the expedited minimum");
  void small;
  await committedTx(node, 5, [submitMsg(devAddress(5), [addTier], EXPEDITED, { expedited: true })]);
  const p = (await node.get("/cosmos/gov/v1/proposals/2")).json.proposal;
  assert.is(p.status, "PROPOSAL_STATUS_VOTING_PERIOD");
  assert.is(Date.parse(p.voting_end_time) - Date.parse(p.voting_start_time), 300_000, "the expedited voting period");
  await committedTx(node, 1, [voteMsg(2n, devAddress(1), 1)]);
  await committedTx(node, 2, [voteMsg(2n, devAddress(2), 1)]);
  await committedTx(node, 3, [voteMsg(2n, devAddress(3), 3)]);
  await wait(node, 300);
  const converted = (await node.get("/cosmos/gov/v1/proposals/2")).json.proposal;
  assert.is(converted.status, "PROPOSAL_STATUS_VOTING_PERIOD");
  assert.is(converted.expedited, false);
  assert.is(Date.parse(converted.voting_end_time) - Date.parse(converted.voting_start_time), 600_000, "the regular voting period");
  assert.is((await node.get("/cosmos/gov/v1/proposals/2/votes")).json.votes.length, 0, "the votes were counted and removed");
  for (const n of [1, 2, 3]) await committedTx(node, n, [voteMsg(2n, devAddress(n), n === 3 ? 3 : 1)]);
  await wait(node, 300);
  assert.is((await node.get("/cosmos/gov/v1/proposals/2")).json.proposal.status, "PROPOSAL_STATUS_PASSED");
  node.chain.close();
});

test("the dev slash through a proposal: x/gov as its authority", async () => {
  const node = await h.open({ genesis: govGenesis() });
  const v4 = operatorOf(devAddress(4));
  const slash: AminoMsg = { type: "chainmain-dev/MsgSlashValidator", value: { authority: GOV_MODULE_ADDRESS, validator_address: v4, slash_fraction: "0.100000000000000000" } };
  const tokens = async () => BigInt((await node.get(`/cosmos/staking/v1beta1/validators/${v4}`)).json.validator.tokens);
  const before = await tokens();
  await committedTx(node, 5, [submitMsg(devAddress(5), [slash], MIN_DEPOSIT, { title: "slash v4" })]);
  for (const n of [1, 2, 3]) await committedTx(node, n, [voteMsg(1n, devAddress(n), 1)]);
  await wait(node, 600);
  assert.is((await node.get("/cosmos/gov/v1/proposals/1")).json.proposal.status, "PROPOSAL_STATUS_PASSED");
  assert.is(await tokens(), before - before / 10n);
  assert.equal(node.chain.app.checkInvariants(), []);
  // A slash followed by a message that fails: the proposal fails, and the slash's burn is undone
  // with it (the supply too: it lives outside the store's undo log; the random suite found it).
  const supply = node.chain.totalSupply();
  await committedTx(node, 5, [submitMsg(devAddress(5), [slash, deleteTierMsg(GOV_MODULE_ADDRESS, 9)], MIN_DEPOSIT, { title: "slash, then fail" })]);
  for (const n of [1, 2, 3]) await committedTx(node, n, [voteMsg(2n, devAddress(n), 1)]);
  const tokensBefore = await tokens();
  await wait(node, 600);
  assert.is((await node.get("/cosmos/gov/v1/proposals/2")).json.proposal.status, "PROPOSAL_STATUS_FAILED");
  assert.is(await tokens(), tokensBefore);
  assert.equal(node.chain.app.checkInvariants(), [], "total supply is still the sum of all balances");
  assert.ok(node.chain.totalSupply() > supply, "nothing burned (the blocks minted)");
  node.chain.close();
});

test("params", async () => {
  const node = await h.open({ genesis: govGenesis() });
  const r = (await node.get("/cosmos/gov/v1/params/tallying")).json;
  assert.is(r.params.quorum, "0.334000000000000000");
  assert.is(r.params.voting_period, "600s");
  assert.equal(r.params.min_deposit, coins(MIN_DEPOSIT));
  assert.is(r.tally_params.threshold, "0.500000000000000000");
  assert.is((await node.get("/cosmos/gov/v1/params/other")).status, 400);
  void delegateMsg;
  node.chain.close();
});

test.run();
