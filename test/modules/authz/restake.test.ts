// x/authz as a restake bot uses it, signed by CosmJS (SIGN_MODE_DIRECT) against the node on the
// authz-feegrant-vesting recording's genesis: dev 5 delegates and grants dev 6 a
// GenericAuthorization(MsgWithdrawDelegatorReward) and a StakeAuthorization(delegate, validator 1,
// max 1,000 CRO); dev 6 compounds dev 5's rewards by MsgExec [withdraw, delegate]. Checked: the
// delegation grows, the stake grant's max tokens shrink, the events carry authz_msg_index, the
// response holds both results, simulate's gas equals delivery's, the three grants queries over REST
// and abci_query, the refusals (above max tokens, no grant, after a revoke), a nested MsgExec and
// one nested past the SDK's unpacking depth, expiry pruned at BeginBlock, and the grants through a
// restart and through a genesis export into a new node.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { Any } from "cosmjs-types/google/protobuf/any";
import { GenericAuthorization } from "cosmjs-types/cosmos/authz/v1beta1/authz";
import { MsgExec, MsgExecResponse } from "cosmjs-types/cosmos/authz/v1beta1/tx";
import { StakeAuthorization, AuthorizationType } from "cosmjs-types/cosmos/staking/v1beta1/authz";
import { MsgDelegate } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { MsgWithdrawDelegatorReward, MsgWithdrawDelegatorRewardResponse } from "cosmjs-types/cosmos/distribution/v1beta1/tx";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { SendAuthorization } from "cosmjs-types/cosmos/bank/v1beta1/authz";
import { Timestamp } from "cosmjs-types/google/protobuf/timestamp";
import { TxMsgData } from "cosmjs-types/cosmos/base/abci/v1beta1/abci";
import type { EncodeObject } from "@cosmjs/proto-signing";
import { committedTx, nodeHarness, type TestNode } from "../../helpers/node.js";
import { keplrBody, protoSigner, type ProtoSigner } from "../../helpers/cosmjs.js";
import { readReference } from "../../helpers/reference-chain.js";
import { SECOND } from "../../helpers/reference-workload.js";
import { createQueryRouter } from "../../../host/app/queries.js";
import { gasTrace } from "../../../host/app/gas/tx-gas.js";
import type { Access } from "../../../host/framework/gas/meter.js";
import { timestampString } from "../../../host/wire/gateway-json.js";
import { QueryGranteeGrantsRequestSchema, QueryGranteeGrantsResponseSchema } from "../../../host/wire/gen/cosmos/authz/v1beta1/query_pb.js";

const h = await nodeHarness({ prefix: "authz-restake-" });
test.after(() => h.remove());

const VALIDATOR = "crocncl14wq8z3g43jn3y7gg3mv5np90xyecwpgqwtpajq";
const CRO = 100_000_000n;
const FEE = { amount: [{ denom: "basecro", amount: "20000" }], gas: "800000" };
const genesis = readReference("authz-feegrant-vesting/genesis.json");

let node: TestNode = await h.open({ genesis, blockTimeNs: SECOND });
const dev5 = await protoSigner(5, "direct");
const dev6 = await protoSigner(6, "direct");
const dev7 = await protoSigner(7, "direct");

interface Delivered { code: number; codespace: string; log: string; gasUsed: bigint; events: any[]; data: string; hash: string }

/** Signs `msgs` as `s` at its account's number and sequence, posts the tx, makes its block and reads it back. */
async function deliver(s: ProtoSigner, msgs: EncodeObject[]): Promise<Delivered> {
  const bytes = await sign(s, msgs);
  const r = (await node.post("/cosmos/tx/v1beta1/txs", keplrBody(bytes))).json.tx_response;
  assert.is(r.code, 0, `refused at CheckTx: ${r.raw_log}`);
  await node.chain.advance(1n);
  const t = (await node.get(`/cosmos/tx/v1beta1/txs/${r.txhash}`)).json.tx_response;
  return { code: t.code, codespace: t.codespace, log: t.raw_log, gasUsed: BigInt(t.gas_used), events: t.events, data: t.data, hash: r.txhash };
}

async function sign(s: ProtoSigner, msgs: EncodeObject[]): Promise<Uint8Array> {
  const a = node.chain.directory.account(s.address)!;
  return s.sign(msgs, { chainId: node.chain.chainId, accountNumber: a.accountNumber, sequence: a.sequence, fee: FEE });
}

const coin = (amount: bigint) => ({ denom: "basecro", amount: `${amount}` });
const timestamp = (ns: bigint) => Timestamp.fromPartial({ seconds: ns / 1_000_000_000n, nanos: Number(ns % 1_000_000_000n) });
const delegate = (amount: bigint): EncodeObject =>
  ({ typeUrl: "/cosmos.staking.v1beta1.MsgDelegate", value: MsgDelegate.fromPartial({ delegatorAddress: dev5.address, validatorAddress: VALIDATOR, amount: coin(amount) }) });
const withdraw: EncodeObject = {
  typeUrl: "/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward",
  value: MsgWithdrawDelegatorReward.fromPartial({ delegatorAddress: dev5.address, validatorAddress: VALIDATOR }),
};
const anyOf = (m: EncodeObject): Any => {
  const types: Record<string, { encode(v: any): { finish(): Uint8Array } }> = {
    "/cosmos.staking.v1beta1.MsgDelegate": MsgDelegate, "/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward": MsgWithdrawDelegatorReward,
    "/cosmos.bank.v1beta1.MsgSend": MsgSend, "/cosmos.authz.v1beta1.MsgExec": MsgExec,
  };
  return Any.fromPartial({ typeUrl: m.typeUrl, value: types[m.typeUrl]!.encode(m.value).finish() });
};
const exec = (grantee: string, msgs: EncodeObject[]): EncodeObject =>
  ({ typeUrl: "/cosmos.authz.v1beta1.MsgExec", value: MsgExec.fromPartial({ grantee, msgs: msgs.map(anyOf) }) });
const grant = (grantee: string, authorization: Any, expirationNs?: bigint): EncodeObject => ({
  typeUrl: "/cosmos.authz.v1beta1.MsgGrant",
  value: { granter: dev5.address, grantee, grant: { authorization, ...(expirationNs === undefined ? {} : { expiration: timestamp(expirationNs) }) } },
});
const generic = (msg: string) => Any.fromPartial({ typeUrl: "/cosmos.authz.v1beta1.GenericAuthorization", value: GenericAuthorization.encode({ msg }).finish() });
const stake = (max: bigint) => Any.fromPartial({
  typeUrl: "/cosmos.staking.v1beta1.StakeAuthorization",
  value: StakeAuthorization.encode(StakeAuthorization.fromPartial({
    maxTokens: coin(max), allowList: { address: [VALIDATOR] }, authorizationType: AuthorizationType.AUTHORIZATION_TYPE_DELEGATE,
  })).finish(),
});
const revoke = (grantee: string, msgTypeUrl: string): EncodeObject => ({ typeUrl: "/cosmos.authz.v1beta1.MsgRevoke", value: { granter: dev5.address, grantee, msgTypeUrl } });

const delegation = async () => BigInt((await node.get(`/cosmos/staking/v1beta1/validators/${VALIDATOR}/delegations/${dev5.address}`)).json.delegation_response?.balance.amount ?? "0");
const grants = async () => (await node.get(`/cosmos/authz/v1beta1/grants?granter=${dev5.address}&grantee=${dev6.address}`)).json;
const stakeLeft = async () => (await grants()).grants.find((g: any) => g.authorization["@type"] === "/cosmos.staking.v1beta1.StakeAuthorization")?.authorization.max_tokens.amount;

test("the bot's grants: Generic(MsgWithdrawDelegatorReward) for a day and Stake(delegate to validator 1, max 1,000 CRO), each an EventGrant", async () => {
  assert.is((await deliver(dev5, [delegate(1000n * CRO)])).code, 0);
  const day = node.chain.nextBlockTime() + 86_400n * SECOND;
  const g = await deliver(dev5, [grant(dev6.address, generic("/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward"), day), grant(dev6.address, stake(1000n * CRO))]);
  assert.is(g.code, 0, g.log);
  const granted = g.events.filter((e) => e.type === "cosmos.authz.v1beta1.EventGrant").map((e) => Object.fromEntries(e.attributes.map((a: any) => [a.key, a.value])));
  assert.equal(granted.map((a) => [a.granter, a.grantee, a.msg_type_url]), [
    [JSON.stringify(dev5.address), JSON.stringify(dev6.address), '"/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward"'],
    [JSON.stringify(dev5.address), JSON.stringify(dev6.address), '"/cosmos.staking.v1beta1.MsgDelegate"'],
  ]);
  const body = await grants();
  assert.is(body.pagination.total, "2");
  assert.is(body.grants[0].authorization.msg, "/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward"); // key order: the type URLs
  assert.is(body.grants[0].expiration, timestampString(day));
  assert.equal(body.grants[1].authorization.allow_list, { address: [VALIDATOR] });
  assert.is(body.grants[1].expiration, null);
});

test("the grantee compounds: MsgExec [withdraw, delegate 100 CRO] as the granter; max tokens shrink", async () => {
  await node.chain.advance(5n);
  const before = await delegation();
  const r = await deliver(dev6, [exec(dev6.address, [withdraw, delegate(100n * CRO)])]);
  assert.is(r.code, 0, r.log);
  assert.is(await delegation(), before + 100n * CRO);
  assert.is(await stakeLeft(), `${900n * CRO}`);
  const indexed = r.events.filter((e) => e.attributes.some((a: any) => a.key === "authz_msg_index"));
  assert.equal([...new Set(indexed.map((e) => e.type))], ["coin_spent", "coin_received", "transfer", "message", "withdraw_rewards", "delegate"]);
  assert.ok(indexed.every((e) => e.attributes.at(-1).key === "msg_index" && e.attributes.at(-2).key === "authz_msg_index"));
  assert.not.ok(r.events.some((e) => e.type === "message" && e.attributes.some((a: any) => a.key === "action" && a.value !== "/cosmos.authz.v1beta1.MsgExec")));
  const data = TxMsgData.decode(fromHex(r.data));
  assert.is(data.msgResponses[0]!.typeUrl, "/cosmos.authz.v1beta1.MsgExecResponse");
  const response = MsgExecResponse.decode(data.msgResponses[0]!.value);
  assert.is(response.results.length, 2);
  const withdrawn = MsgWithdrawDelegatorRewardResponse.decode(response.results[0]!).amount;
  assert.ok(withdrawn.length === 1 && BigInt(withdrawn[0]!.amount) > 0n, JSON.stringify(withdrawn));
});

test("a SendAuthorization's spend limit shrinks with each send, and goes with the grant at zero (EventRevoke); simulate meters x/authz as delivery does", async () => {
  const limit = Any.fromPartial({ typeUrl: "/cosmos.bank.v1beta1.SendAuthorization", value: SendAuthorization.encode({ spendLimit: [coin(3n * CRO)], allowList: [] }).finish() });
  assert.is((await deliver(dev5, [grant(dev7.address, limit)])).code, 0);
  const send = (amount: bigint): EncodeObject => ({ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: MsgSend.fromPartial({ fromAddress: dev5.address, toAddress: dev7.address, amount: [coin(amount)] }) });
  const msgs = [exec(dev7.address, [send(CRO)])];
  // x/authz's accesses, as simulate and delivery meter them (the fee collector's balance, which
  // the next block's BeginBlock changes, is the one thing the two states differ in)
  const traces: Access[][] = [];
  gasTrace.sink = (x) => traces.push([...x]);
  const authzAccesses = () => traces.splice(0).flat().filter((a) => a.store === "authz" || a.what === "send authorization").map((a) => `${a.op} ${a.key} ${a.value} ${a.gas} ${a.what}`);
  let simulated: any;
  let first: Delivered;
  let simulatedAccesses: string[];
  try {
    simulated = (await node.post("/cosmos/tx/v1beta1/simulate", { tx_bytes: Buffer.from(await sign(dev7, msgs)).toString("base64") })).json;
    simulatedAccesses = authzAccesses();
    first = await deliver(dev7, msgs);
  } finally {
    gasTrace.sink = undefined;
  }
  assert.is(first.code, 0, first.log);
  assert.ok(simulated.gas_info.gas_used > 0);
  assert.equal(authzAccesses(), simulatedAccesses);
  // getGrant, update's getGrant, its Set: the 71-byte key (0x01, two length-prefixed addresses, the type URL), a 66-byte Grant
  assert.equal(simulatedAccesses.map((a) => a.split(" ").slice(0, 3).join(" ")), ["get 71 66", "get 71 66", "set 71 66"]);
  const left = async () => (await node.get(`/cosmos/authz/v1beta1/grants?granter=${dev5.address}&grantee=${dev7.address}`)).json.grants;
  assert.equal((await left())[0].authorization.spend_limit, [coin(2n * CRO)]);
  const last = await deliver(dev7, [exec(dev7.address, [send(2n * CRO)])]);
  assert.is(last.code, 0, last.log);
  assert.ok(last.events.some((e) => e.type === "cosmos.authz.v1beta1.EventRevoke"));
  assert.equal(await left(), []);
});

test("refusals inside MsgExec: above the max tokens (undefined 1), a type without a grant (authz 2); the grant is unchanged", async () => {
  const above = await deliver(dev6, [exec(dev6.address, [delegate(1000n * CRO)])]);
  assert.equal([above.code, above.codespace, above.log], [1, "undefined", `failed to execute message; message index: 0: negative coin amount: -${100n * CRO}basecro`]);
  assert.is(await stakeLeft(), `${900n * CRO}`);
  const send = { typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: MsgSend.fromPartial({ fromAddress: dev5.address, toAddress: dev6.address, amount: [coin(CRO)] }) };
  const none = await deliver(dev6, [exec(dev6.address, [send])]);
  assert.equal([none.code, none.codespace], [2, "authz"]);
  assert.match(none.log, `failed to get grant with given granter: ${dev5.address}, grantee: ${dev6.address} & msgType: /cosmos.bank.v1beta1.MsgSend : authorization not found`);
});

test("a MsgExec inside a MsgExec: the inner one signed by the grantee needs no grant; nested past the SDK's depth: refused at CheckTx (sdk 2)", async () => {
  const before = await delegation();
  const nested = await deliver(dev6, [exec(dev6.address, [exec(dev6.address, [delegate(CRO)])])]);
  assert.is(nested.code, 0, nested.log);
  assert.is(await delegation(), before + CRO);
  assert.is(await stakeLeft(), `${899n * CRO}`);
  let deep = exec(dev6.address, [delegate(CRO)]);
  for (let i = 0; i < 12; i++) deep = exec(dev6.address, [deep]);
  const r = (await node.post("/cosmos/tx/v1beta1/txs", keplrBody(await sign(dev6, [deep])))).json.tx_response;
  assert.equal([r.code, r.codespace], [2, "sdk"]);
  assert.match(r.raw_log, "max depth exceeded");
});

test("the grants queries: by granter and by grantee over REST, by grantee over abci_query (protobuf), paginated", async () => {
  const byGranter = (await node.get(`/cosmos/authz/v1beta1/grants/granter/${dev5.address}`)).json;
  const byGrantee = (await node.get(`/cosmos/authz/v1beta1/grants/grantee/${dev6.address}`)).json;
  assert.is(byGranter.grants.length, 2, JSON.stringify(byGranter.grants));
  assert.equal(byGranter.grants, byGrantee.grants);
  assert.ok(byGranter.grants.every((g: any) => g.granter === dev5.address && g.grantee === dev6.address));
  const page = (await node.get(`/cosmos/authz/v1beta1/grants/granter/${dev5.address}?pagination.limit=1`)).json;
  assert.is(page.grants.length, 1);
  const next = (await node.get(`/cosmos/authz/v1beta1/grants/granter/${dev5.address}?pagination.key=${encodeURIComponent(page.pagination.next_key)}`)).json;
  assert.equal([...page.grants, ...next.grants], byGranter.grants);
  assert.is(next.pagination.next_key, null);
  const router = createQueryRouter(node.chain.app);
  const bytes = router.abci("/cosmos.authz.v1beta1.Query/GranteeGrants", toBinary(QueryGranteeGrantsRequestSchema, create(QueryGranteeGrantsRequestSchema, { grantee: dev6.address })));
  const answer = fromBinary(QueryGranteeGrantsResponseSchema, bytes);
  assert.equal(answer.grants.map((g) => g.authorization?.typeUrl), byGrantee.grants.map((g: any) => g.authorization["@type"]));
  assert.is((await node.get(`/cosmos/authz/v1beta1/grants/grantee/${dev7.address}`)).json.grants.length, 0);
  assert.is((await node.get("/cosmos/authz/v1beta1/grants/granter/cro1notanaddress")).status, 500);
});

test("a grant expiring in 3 s is gone once a block's time passes it (BeginBlock), without a tx", async () => {
  const soon = node.chain.nextBlockTime() + 3n * SECOND;
  const r = await deliver(dev5, [grant(dev7.address, generic("/cosmos.gov.v1.MsgVote"), soon)]);
  assert.is(r.code, 0, r.log);
  assert.is((await node.get(`/cosmos/authz/v1beta1/grants/grantee/${dev7.address}`)).json.grants.length, 1);
  await node.chain.advance(5n);
  assert.is((await node.get(`/cosmos/authz/v1beta1/grants/grantee/${dev7.address}`)).json.grants.length, 0);
});

test("the grants through a restart (same state hash) and a genesis export into a new node (SDK sections alone)", async () => {
  const before = await grants();
  const appHash = node.chain.latestBlock().appHash;
  const dbPath = node.dbPath;
  await node.chain.close();
  node = await h.open({ genesis, blockTimeNs: SECOND, dbPath });
  assert.is(node.chain.latestBlock().appHash, appHash);
  assert.equal(await grants(), before);
  const doc = node.chain.exportGenesis() as any;
  assert.is(doc.app_state.authz.authorization.length, 2);
  assert.equal(doc.app_state.authz.authorization.map((g: any) => g.authorization), before.grants.map((g: any) => g.authorization));
  delete doc.app_state.node_state;
  const again = await h.open({ genesis: doc, blockTimeNs: SECOND });
  try {
    assert.equal((await again.get(`/cosmos/authz/v1beta1/grants?granter=${dev5.address}&grantee=${dev6.address}`)).json, before);
  } finally {
    await again.chain.close();
  }
});

test("a legacy amino StdTx grant: StakeAuthorization's oneof as amino writes it (Validators {type, value}), read into its protobuf form", async () => {
  const dev8 = (await protoSigner(8, "direct")).address;
  const r = await committedTx(node, 5, [{
    type: "cosmos-sdk/MsgGrant",
    value: {
      granter: dev5.address, grantee: dev8,
      grant: { authorization: { type: "cosmos-sdk/StakeAuthorization", value: {
        Validators: { type: "cosmos-sdk/StakeAuthorization/DenyList", value: { deny_list: { address: [VALIDATOR] } } }, authorization_type: 2,
      } } },
    },
  }], { advance: "chain" });
  assert.is(r.code, 0, r.raw_log);
  const g = (await node.get(`/cosmos/authz/v1beta1/grants/grantee/${dev8}`)).json.grants;
  assert.equal(g.map((x: any) => x.authorization), [{
    "@type": "/cosmos.staking.v1beta1.StakeAuthorization", max_tokens: null, deny_list: { address: [VALIDATOR] }, authorization_type: "AUTHORIZATION_TYPE_UNDELEGATE",
  }]);
  assert.is(g[0].expiration, null);
});

test("revoke: the Stake grant goes (EventRevoke); a MsgExec delegate then fails (authz 2); a revoke again fails naming the key", async () => {
  const r = await deliver(dev5, [revoke(dev6.address, "/cosmos.staking.v1beta1.MsgDelegate")]);
  assert.is(r.code, 0, r.log);
  assert.ok(r.events.some((e) => e.type === "cosmos.authz.v1beta1.EventRevoke"));
  assert.is(await stakeLeft(), undefined);
  const after = await deliver(dev6, [exec(dev6.address, [delegate(CRO)])]);
  assert.equal([after.code, after.codespace], [2, "authz"]);
  const again = await deliver(dev5, [revoke(dev6.address, "/cosmos.staking.v1beta1.MsgDelegate")]);
  assert.equal([again.code, again.codespace], [2, "authz"]);
  assert.match(again.log, /^failed to execute message; message index: 0: failed to delete grant with key \u0001\u0014[\s\S]*\/cosmos\.staking\.v1beta1\.MsgDelegate: authorization not found$/);
});

function fromHex(hex: string): Uint8Array {
  return Uint8Array.from(Buffer.from(hex, "hex"));
}

test.after(() => node.chain.close());
test.run();
