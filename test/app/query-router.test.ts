// One query router for REST and abci_query (host/app/query.ts): every query method the node
// knows (the schema's Query services) is answered over CometBFT's abci_query, with the REST
// route its google.api.http option names; CosmJS's QueryClient extensions (their own generated
// types, cosmjs-types) read staking, distribution, mint, slashing, bank and auth through it and
// get the REST answer's numbers, Dec fields included (LegacyDec: integers on the wire).

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Decimal } from "@cosmjs/math";
import type { AminoMsg } from "@cosmjs/amino";
import {
  QueryClient, StargateClient, setupAuthExtension, setupBankExtension, setupDistributionExtension, setupMintExtension,
  setupSlashingExtension, setupStakingExtension, setupGovExtension,
} from "@cosmjs/stargate";
import { ProposalStatus, VoteOption } from "cosmjs-types/cosmos/gov/v1beta1/gov";
import { Comet38Client } from "@cosmjs/tendermint-rpc";
import { QuerySpendableBalancesRequest, QuerySpendableBalancesResponse } from "cosmjs-types/cosmos/bank/v1beta1/query";
import { create, fromBinary, toBinary, type DescMethod } from "@bufbuild/protobuf";
import { hex } from "@scure/base";
import { run, type RunningNode } from "../../host/main.js";
import { loadCore } from "../../host/core/core.js";
import { GOV_MODULE_ADDRESS, devAddress, operatorOf } from "../../host/app/genesis.js";
import { methodPath, queryMethods, routeOf } from "../../host/app/query.js";
import { delegateMsg, sendMsg, tierGovMsg, undelegateMsg } from "../helpers/dev-signer.js";
import { committedTx, wasm, overHttp } from "../helpers/node.js";

const dir = await mkdtemp(join(tmpdir(), "query-router-"));
const started = await run(
  ["--port", "0", "--rpc-port", "0", "--clock", "simulated", "--db", join(dir, "c.db")], {}, { out: () => {}, err: () => {} },
  { core: await loadCore(wasm) },
);
if (typeof started === "number") throw new Error(`node exited ${started}`);
const running: RunningNode = started;
const rpc = running.rpcUrl!;
const comet = await Comet38Client.connect(rpc);
test.after(async () => {
  comet.disconnect();
  await running.close();
  await rm(dir, { recursive: true, force: true });
});

const http = overHttp(running);
const rest = async (path: string) => (await http.get(path)).json;

const me = devAddress(5);
const [v1, v2] = [operatorOf(devAddress(1)), operatorOf(devAddress(2))];
const redelegateMsg = (delegator: string, src: string, dst: string, amount: bigint): AminoMsg => ({
  type: "cosmos-sdk/MsgBeginRedelegate",
  value: { delegator_address: delegator, validator_src_address: src, validator_dst_address: dst, amount: { denom: "basecro", amount: `${amount}` } },
});
await committedTx(http, 5, [sendMsg(me, devAddress(6), 7n)]);
await committedTx(http, 5, [delegateMsg(me, v1, 3_000_000_000n), delegateMsg(me, v2, 1_000_000_000n)]);
await committedTx(http, 5, [undelegateMsg(me, v1, 1_000_000_000n), redelegateMsg(me, v1, v2, 500_000_000n)]);
// A proposal in its voting period (a tier by x/gov), deposited and voted on: x/gov's v1 and v1beta1 queries.
const proposalMsg: AminoMsg = {
  type: "cosmos-sdk/v1/MsgSubmitProposal",
  value: {
    messages: [tierGovMsg("MsgAddTier", GOV_MODULE_ADDRESS, { id: 4, exit_duration: "15768000s", bonus_apy: "0.050000000000000000", min_lock_amount: "10000000000", close_only: false })],
    initial_deposit: [{ denom: "basecro", amount: "1000000000000" }], proposer: me, metadata: "", title: "Add a tier", summary: "s",
  },
};
await committedTx(http, 5, [proposalMsg]);
await committedTx(http, 1, [{ type: "cosmos-sdk/v1/MsgVote", value: { proposal_id: "1", voter: devAddress(1), option: 1, metadata: "" } }]);
await committedTx(http, 6, [{ type: "cosmos-sdk/v1/MsgVoteWeighted", value: { proposal_id: "1", voter: devAddress(6), metadata: "", options: [{ option: 1, weight: "0.6" }, { option: 3, weight: "0.4" }] } }]);
await http.post("/dev/advance?blocks=5");

const query = QueryClient.withExtensions(
  comet, setupAuthExtension, setupBankExtension, setupStakingExtension, setupDistributionExtension, setupMintExtension,
  setupSlashingExtension,
);
/** A LegacyDec as CosmJS decodes it from the wire (18-decimal integer) → the gateway's decimal text. */
const dec = (atomics: string) => Decimal.fromAtomics(atomics, 18).toString();
const gatewayDec = (s: string) => Decimal.fromUserInput(s, 18).toString();

/** Sample requests: every query method with the fields its route needs. */
const REQUESTS: Record<string, Record<string, unknown>> = {
  address: { address: me }, owner: { owner: me }, validator_addr: { validatorAddr: v1 }, delegator_addr: { delegatorAddr: me },
  validator_address: { validatorAddress: v1 }, delegator_address: { delegatorAddress: me }, name: { name: "distribution" },
  denom: { denom: "basecro" }, position_id: { positionId: 0n }, tier_id: { tierId: 1 }, validator: { validator: v1 }, id: { id: 1n },
  params_type: { paramsType: "tallying" }, proposal_id: { proposalId: 1n }, voter: { voter: me }, depositor: { depositor: me },
  grantee: { grantee: me }, granter: { granter: me },
  denom_id: { denomId: "nodenom" }, token_id: { tokenId: "notoken" }, denom_name: { denomName: "noname" },
  admin: { admin: me }, group_id: { groupId: 1n },
  hash: { hash: "AB" }, trace: { trace: "transfer/channel-0/basecro" }, client_id: { clientId: "07-tendermint-0" },
  connection_id: { connectionId: "connection-0" }, channel_id: { channelId: "channel-0" }, port_id: { portId: "transfer" },
  connection: { connection: "connection-0" },
};
const sampleRequest = (m: DescMethod) => {
  const init: Record<string, unknown> = {};
  for (const f of m.input.fields) Object.assign(init, REQUESTS[f.name] ?? {});
  if (m.name === "SigningInfo") init.consAddress = "x";
  return create(m.input, init as never);
};

test("every query method has a REST route, and abci_query answers it with the REST answer's status", async () => {
  const methods = queryMethods();
  assert.ok(methods.length >= 50, `${methods.length} methods`);
  for (const m of methods) {
    const route = routeOf(m);
    assert.ok(route, `${methodPath(m)} has a REST route`);
    const req = sampleRequest(m);
    const url = route!(req);
    const restStatus = (await http.get(url)).status;
    assert.not.equal(restStatus, 501, `${url} is served`);
    const r = await comet.abciQuery({ path: methodPath(m), data: toBinary(m.input, req) });
    if (restStatus === 200) {
      assert.is(r.code, 0, `${methodPath(m)}: ${r.log}`);
      fromBinary(m.output, r.value); // decodes as its response type
    } else {
      assert.is(r.code, restStatus === 404 ? 38 : restStatus === 400 ? 18 : 6, `${methodPath(m)} (REST ${restStatus}): ${r.log}`);
    }
  }
});

test("a request's other fields are the route's query string (pagination, status, denom)", () => {
  const staking = queryMethods().find((m) => methodPath(m) === "/cosmos.staking.v1beta1.Query/Validators")!;
  const url = routeOf(staking)!(create(staking.input, { status: "BOND_STATUS_BONDED", pagination: { limit: 2n, countTotal: true, key: new Uint8Array([1, 2]) } } as never));
  assert.is(url, "/cosmos/staking/v1beta1/validators?status=BOND_STATUS_BONDED&pagination.key=AQI%3D&pagination.limit=2&pagination.count_total=true");
  const balance = queryMethods().find((m) => methodPath(m) === "/cosmos.bank.v1beta1.Query/Balance")!;
  assert.is(routeOf(balance)!(create(balance.input, { address: me, denom: "basecro" } as never)), `/cosmos/bank/v1beta1/balances/${me}/by_denom?denom=basecro`);
  const tiers = queryMethods().find((m) => methodPath(m) === "/chainmain.tieredrewards.v1.Query/Tiers")!;
  assert.is(routeOf(tiers, "cronos")!(create(tiers.input)), "/cronos/tieredrewards/v1/tiers");
});

test("staking through CosmJS's staking extension: validators, delegations, unbondings, redelegations, pool, params", async () => {
  const validators = await query.staking.validators("BOND_STATUS_BONDED");
  const restValidators = await rest("/cosmos/staking/v1beta1/validators?status=BOND_STATUS_BONDED");
  assert.is(validators.validators.length, restValidators.validators.length);
  const one = (await query.staking.validator(v1)).validator!;
  const restOne = (await rest(`/cosmos/staking/v1beta1/validators/${v1}`)).validator;
  assert.is(one.operatorAddress, v1);
  assert.is(one.tokens, restOne.tokens);
  assert.is(dec(one.delegatorShares), gatewayDec(restOne.delegator_shares));
  assert.is(dec(one.commission!.commissionRates.rate), gatewayDec(restOne.commission.commission_rates.rate));
  assert.is(one.description.moniker, restOne.description.moniker);
  assert.is(one.consensusPubkey!.typeUrl, "/cosmos.crypto.ed25519.PubKey");
  assert.is(one.status, 3);

  const d = (await query.staking.delegation(me, v1)).delegationResponse!;
  const restD = (await rest(`/cosmos/staking/v1beta1/validators/${v1}/delegations/${me}`)).delegation_response;
  assert.is(d.balance.amount, restD.balance.amount);
  assert.is(dec(d.delegation.shares), gatewayDec(restD.delegation.shares));
  assert.is(d.balance.amount, "1500000000");

  const all = await query.staking.delegatorDelegations(me);
  assert.is(all.delegationResponses.length, 2);
  const unb = await query.staking.delegatorUnbondingDelegations(me);
  assert.is(unb.unbondingResponses[0]!.entries[0]!.balance, "1000000000");
  const restUnb = await rest(`/cosmos/staking/v1beta1/delegators/${me}/unbonding_delegations`);
  assert.is(
    new Date(Number(unb.unbondingResponses[0]!.entries[0]!.completionTime.seconds) * 1000).toISOString().replace(".000Z", "Z"),
    restUnb.unbonding_responses[0].entries[0].completion_time.replace(/\.\d+Z$/, "Z"),
  );
  const one2 = await query.staking.unbondingDelegation(me, v1);
  assert.is(one2.unbond.entries.length, 1);
  const none = await http.get(`/cosmos/staking/v1beta1/validators/${v2}/delegations/${me}/unbonding_delegation`);
  assert.is(none.status, 404);
  assert.is(none.json.message, `unbonding delegation with delegator ${me} not found for validator ${v2}`);
  await query.staking.unbondingDelegation(me, v2).then(() => assert.unreachable("NotFound"), (e: Error) => assert.match(e.message, /key not found/));
  const red = await query.staking.redelegations(me, v1, v2);
  assert.is(red.redelegationResponses[0]!.entries[0]!.balance, "500000000");
  assert.is(dec(red.redelegationResponses[0]!.entries[0]!.redelegationEntry.sharesDst), "500000000");
  const dv = await query.staking.delegatorValidators(me);
  assert.equal(dv.validators.map((v) => v.operatorAddress).sort(), [v1, v2].sort());
  assert.is((await query.staking.delegatorValidator(me, v2)).validator.operatorAddress, v2);
  assert.is((await query.staking.validatorDelegations(v1)).delegationResponses.some((x) => x.delegation.delegatorAddress === me), true);
  assert.is((await query.staking.validatorUnbondingDelegations(v1)).unbondingResponses.length, 1);

  const pool = (await query.staking.pool()).pool;
  const restPool = (await rest("/cosmos/staking/v1beta1/pool")).pool;
  assert.equal([pool.bondedTokens, pool.notBondedTokens], [restPool.bonded_tokens, restPool.not_bonded_tokens]);
  const params = (await query.staking.params()).params;
  const restParams = (await rest("/cosmos/staking/v1beta1/params")).params;
  assert.is(`${params.unbondingTime.seconds}s`, restParams.unbonding_time);
  assert.is(params.maxValidators, restParams.max_validators);
  assert.is(params.bondDenom, "basecro");
  assert.is(dec(params.minCommissionRate), gatewayDec(restParams.min_commission_rate));
});

test("StargateClient.getDelegation over the RPC", async () => {
  const client = await StargateClient.connect(rpc);
  const d = await client.getDelegation(me, v1);
  assert.equal(d, { denom: "basecro", amount: "1500000000" });
  assert.is(await client.getDelegation(me, operatorOf(devAddress(3))), null, "no delegation: null (NotFound)");
  client.disconnect();
});

test("distribution through CosmJS's distribution extension: rewards, commission, outstanding, withdraw address, params", async () => {
  const total = await query.distribution.delegationTotalRewards(me);
  const restTotal = await rest(`/cosmos/distribution/v1beta1/delegators/${me}/rewards`);
  assert.ok(total.rewards.length === 2);
  assert.is(dec(total.total[0]!.amount), gatewayDec(restTotal.total[0].amount));
  assert.ok(Decimal.fromAtomics(total.total[0]!.amount, 18).isGreaterThan(Decimal.zero(18)), "rewards accrued");
  const one = await query.distribution.delegationRewards(me, v1);
  const restOne = await rest(`/cosmos/distribution/v1beta1/delegators/${me}/rewards/${v1}`);
  assert.is(dec(one.rewards[0]!.amount), gatewayDec(restOne.rewards[0].amount));
  const commission = await query.distribution.validatorCommission(v1);
  const restCommission = await rest(`/cosmos/distribution/v1beta1/validators/${v1}/commission`);
  assert.is(dec(commission.commission!.commission[0]!.amount), gatewayDec(restCommission.commission.commission[0].amount));
  const outstanding = await query.distribution.validatorOutstandingRewards(v1);
  const restOutstanding = await rest(`/cosmos/distribution/v1beta1/validators/${v1}/outstanding_rewards`);
  assert.is(dec(outstanding.rewards!.rewards[0]!.amount), gatewayDec(restOutstanding.rewards.rewards[0].amount));
  assert.is((await query.distribution.delegatorWithdrawAddress(me)).withdrawAddress, me);
  assert.equal((await query.distribution.delegatorValidators(me)).validators.sort(), [v1, v2].sort());
  const params = (await query.distribution.params()).params;
  const restParams = (await rest("/cosmos/distribution/v1beta1/params")).params;
  assert.is(dec(params.communityTax), gatewayDec(restParams.community_tax));
  assert.is(params.withdrawAddrEnabled, restParams.withdraw_addr_enabled);
  const pool = await query.distribution.communityPool();
  const restPool = await rest("/cosmos/distribution/v1beta1/community_pool");
  assert.is(dec(pool.pool[0]?.amount ?? "0"), gatewayDec(restPool.pool[0]?.amount ?? "0"));
});

test("x/gov v1beta1 (CosmJS's gov extension reads it): proposals, proposal, votes, deposits, tally, params, as the legacy query server converts v1", async () => {
  const gov = QueryClient.withExtensions(comet, setupGovExtension).gov;
  const list = await gov.proposals(ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD, "", "");
  assert.is(list.proposals.length, 1);
  const p = list.proposals[0]!;
  assert.is(p.proposalId, 1n);
  assert.is(p.content!.typeUrl, "/chainmain.tieredrewards.v1.MsgAddTier", "content: the first message");
  assert.is(p.status, ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD);
  const restP = (await rest("/cosmos/gov/v1beta1/proposals/1")).proposal;
  assert.equal(Object.keys(restP), ["proposal_id", "content", "status", "final_tally_result", "submit_time", "deposit_end_time", "total_deposit", "voting_start_time", "voting_end_time"]);
  assert.is(restP.content["@type"], "/chainmain.tieredrewards.v1.MsgAddTier");
  assert.equal(p.totalDeposit, [{ denom: "basecro", amount: "1000000000000" }]);
  assert.is((await gov.proposal(1)).proposal!.proposalId, 1n);
  const votes = (await gov.votes(1)).votes;
  assert.is(votes.length, 2);
  const weighted = votes.find((v) => v.voter === devAddress(6))!;
  assert.equal(weighted.options.map((o) => [o.option, Decimal.fromAtomics(o.weight, 18).toString()]), [[VoteOption.VOTE_OPTION_YES, "0.6"], [VoteOption.VOTE_OPTION_NO, "0.4"]]);
  assert.is(weighted.option, VoteOption.VOTE_OPTION_UNSPECIFIED);
  assert.is((await gov.vote(1, devAddress(1))).vote.options[0]!.option, VoteOption.VOTE_OPTION_YES);
  assert.equal((await gov.deposits(1)).deposits.map((d) => [d.depositor, d.amount[0]!.amount]), [[me, "1000000000000"]]);
  assert.is((await gov.deposit(1, me)).deposit.amount[0]!.amount, "1000000000000");
  // The live tally: the same counts as v1's, under their v1beta1 names.
  const tally = (await gov.tally(1)).tally!;
  const v1 = (await rest("/cosmos/gov/v1/proposals/1/tally")).tally;
  assert.equal([tally.yes, tally.no, tally.abstain, tally.noWithVeto], [v1.yes_count, v1.no_count, v1.abstain_count, v1.no_with_veto_count]);
  assert.ok(BigInt(tally.yes) > 0n);
  assert.equal((await rest("/cosmos/gov/v1beta1/proposals/1/tally")).tally, { yes: v1.yes_count, abstain: v1.abstain_count, no: v1.no_count, no_with_veto: v1.no_with_veto_count });
  const tallying = await gov.params("tallying");
  const restParams = await rest("/cosmos/gov/v1beta1/params/tallying");
  assert.equal(Object.keys(restParams), ["voting_params", "deposit_params", "tally_params"]);
  assert.is(restParams.tally_params.quorum, (await rest("/cosmos/gov/v1/params/tallying")).params.quorum);
  assert.is(Decimal.fromAtomics(new TextDecoder().decode(tallying.tallyParams!.quorum), 18).toString(), Decimal.fromUserInput(restParams.tally_params.quorum, 18).toString());
  assert.equal((await gov.params("deposit")).depositParams!.minDeposit, (await rest("/cosmos/gov/v1/params/deposit")).params.min_deposit);
  assert.is((await gov.params("voting")).votingParams!.votingPeriod!.seconds, BigInt(parseInt((await rest("/cosmos/gov/v1/params/voting")).params.voting_period)));
  assert.is((await rest("/cosmos/gov/v1beta1/params/bogus")).code, 3);
  assert.is((await http.get("/cosmos/gov/v1beta1/proposals/9")).status, 404);
});

test("mint, slashing, bank and auth through their CosmJS extensions", async () => {
  const inflation = await query.mint.inflation();
  assert.is(inflation.toString(), gatewayDec((await rest("/cosmos/mint/v1beta1/inflation")).inflation));
  const provisions = await query.mint.annualProvisions();
  assert.is(provisions.toString(), gatewayDec((await rest("/cosmos/mint/v1beta1/annual_provisions")).annual_provisions));
  const mintParams = await query.mint.params();
  assert.is(mintParams.mintDenom, "basecro");

  const slashing = (await query.slashing.params()).params;
  const restSlashing = (await rest("/cosmos/slashing/v1beta1/params")).params;
  assert.is(`${slashing.signedBlocksWindow}`, restSlashing.signed_blocks_window);
  assert.is(dec(new TextDecoder().decode(slashing.minSignedPerWindow)), gatewayDec(restSlashing.min_signed_per_window));
  const infos = await query.slashing.signingInfos();
  assert.is(infos.info.length, (await rest("/cosmos/slashing/v1beta1/signing_infos")).info.length);

  const spendable = QuerySpendableBalancesResponse.decode(
    await query.queryAbci("/cosmos.bank.v1beta1.Query/SpendableBalances", QuerySpendableBalancesRequest.encode({ address: me }).finish()).then((r) => r.value),
  );
  assert.is(spendable.balances[0]!.amount, (await rest(`/cosmos/bank/v1beta1/spendable_balances/${me}`)).balances[0].amount);
  assert.is((await query.bank.supplyOf("basecro")).amount, (await rest("/cosmos/bank/v1beta1/supply/by_denom?denom=basecro")).amount.amount);
  const metas = await query.bank.denomsMetadata();
  assert.is(metas.length, (await rest("/cosmos/bank/v1beta1/denoms_metadata")).metadatas.length);

  const account = await query.auth.account(me);
  assert.is(account?.typeUrl, "/cosmos.auth.v1beta1.BaseAccount");
  const moduleAccount = await comet.abciQuery({
    path: "/cosmos.auth.v1beta1.Query/ModuleAccountByName", data: hex.decode("0a0c646973747269627574696f6e"), // name: "distribution"
  });
  assert.is(moduleAccount.code, 0, moduleAccount.log);
  assert.ok(new TextDecoder().decode(moduleAccount.value).includes("/cosmos.auth.v1beta1.ModuleAccount"));
});

test.run();
