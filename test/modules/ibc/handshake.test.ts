// What a lone chain lets through of IBC, sent by CosmJS (SigningStargateClient, cosmjs-types' ibc-go
// v10 types) as a relayer and a dApp send it: a tendermint light client created, a connection opened
// in INIT on it, a transfer channel opened in INIT, an interchain account registered (its controller
// port's channel in INIT); the events and msg responses; the queries answering that state (the
// chain's recorded answers, test/reference-chain/ibc-evidence/); what still fails on it as on
// chain-maind; simulate's gas equal to delivery's; the state across a restart and through the SDK
// genesis export and import.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { SigningStargateClient, defaultRegistryTypes, type StdFee } from "@cosmjs/stargate";
import { DirectSecp256k1Wallet, Registry, type EncodeObject } from "@cosmjs/proto-signing";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { MsgCreateClientResponse } from "cosmjs-types/ibc/core/client/v1/tx";
import { MsgChannelOpenInitResponse } from "cosmjs-types/ibc/core/channel/v1/tx";
import { MsgRegisterInterchainAccountResponse } from "cosmjs-types/ibc/applications/interchain_accounts/controller/v1/tx";
import { TxMsgData } from "cosmjs-types/cosmos/base/abci/v1beta1/abci";
import { MsgModuleQuerySafeResponse } from "cosmjs-types/ibc/applications/interchain_accounts/host/v1/tx";
import { QueryBalanceRequest, QueryBalanceResponse } from "cosmjs-types/cosmos/bank/v1beta1/query";
import { devAddress, devPrivateKey } from "../../../host/app/genesis.js";
import { keplrBody } from "../../helpers/cosmjs.js";
import { gasTrace } from "../../../host/app/gas/tx-gas.js";
import type { Access } from "../../../host/framework/gas/meter.js";
import { nodeHarness, type TestNode } from "../../helpers/node.js";
import { readWorkload } from "../../helpers/reference-replay.js";
import { ibcTypes, tmClientState, tmConsensusState } from "../../../scripts/reference-chain/lib/ibc.js";

const h = await nodeHarness({ prefix: "ibc-handshake-" });
test.after(() => h.remove());

const FEE: StdFee = { amount: [{ denom: "basecro", amount: "5000" }], gas: "800000" };
const registry = new Registry([...defaultRegistryTypes, ...ibcTypes]);
const RELAYER = devAddress(6);

async function sign(node: TestNode, n: number, msgs: EncodeObject[]): Promise<Uint8Array> {
  const a = node.chain.directory.account(devAddress(n))!;
  const client = await SigningStargateClient.offline(await DirectSecp256k1Wallet.fromKey(devPrivateKey(n), "cro"), { registry });
  const raw = await client.sign(devAddress(n), msgs, FEE, "", { accountNumber: a.accountNumber, sequence: Number(a.sequence), chainId: node.chain.chainId });
  return TxRaw.encode(raw).finish();
}

/** IBC's store accesses (ibc, icacontroller, transfer) as a simulate or a delivery meters them. */
const IBC_STORES = new Set(["ibc", "icacontroller", "transfer"]);

/**
 * Sends and makes the block: the committed tx_response (stage deliver, with `simulated` and
 * `delivered`: IBC's accesses as simulate and delivery metered them) or the CheckTx refusal.
 */
async function send(node: TestNode, n: number, msgs: EncodeObject[]): Promise<any> {
  const bytes = await sign(node, n, msgs);
  const traces: Access[][] = [];
  gasTrace.sink = (x) => traces.push([...x]);
  const accesses = () => traces.splice(0).flat().filter((a) => IBC_STORES.has(a.store)).map((a) => `${a.op} ${a.key} ${a.value} ${a.gas}`);
  try {
    await node.post("/cosmos/tx/v1beta1/simulate", { tx_bytes: Buffer.from(bytes).toString("base64") });
    const simulated = accesses();
    const r = (await node.post("/cosmos/tx/v1beta1/txs", keplrBody(bytes))).json.tx_response;
    if (r.code !== 0) return { ...r, stage: "check" };
    accesses();
    await node.chain.advance(1n);
    const delivered = accesses();
    return { ...(await node.get(`/cosmos/tx/v1beta1/txs/${r.txhash}`)).json.tx_response, stage: "deliver", simulated, delivered };
  } finally {
    gasTrace.sink = undefined;
  }
}

const attrs = (r: any, type: string) => Object.fromEntries((r.events.find((e: any) => e.type === type)?.attributes ?? []).map((a: any) => [a.key, a.value]));
const response = (r: any) => TxMsgData.decode(Buffer.from(r.data, "hex")).msgResponses[0]!;
const recorded = (label: string) => (readWorkload("ibc-evidence", "workload-results.json").results as any[]).find((x) => x.label === label);

const C = "/ibc.core.client.v1.";
const prefix = { keyPrefix: new TextEncoder().encode("ibc") };
const node = await h.open();
const nowSeconds = () => node.chain.nextBlockTime() / 1_000_000_000n;

test("MsgCreateClient: 07-tendermint-0 with its state, consensus state and status Active; create_client; the creator", async () => {
  const r = await send(node, 6, [{ typeUrl: `${C}MsgCreateClient`, value: { clientState: tmClientState("counterparty-1"), consensusState: tmConsensusState(nowSeconds()), signer: RELAYER } }]);
  assert.is(r.code, 0, r.raw_log);
  assert.equal(r.delivered, r.simulated);
  assert.ok(r.delivered.length >= 5);
  assert.equal(attrs(r, "create_client"), { client_id: "07-tendermint-0", client_type: "07-tendermint", consensus_height: "1-10", msg_index: "0" });
  assert.ok(r.events.some((e: any) => e.type === "message" && e.attributes.some((a: any) => a.key === "action" && a.value === `${C}MsgCreateClient`)));
  assert.is(MsgCreateClientResponse.decode(response(r).value).clientId, "07-tendermint-0");
  assert.is((await node.get("/ibc/core/client/v1/client_status/07-tendermint-0")).json.status, "Active");
  assert.is((await node.get("/ibc/core/client/v1/client_creator/07-tendermint-0")).json.creator, RELAYER);
  const states = (await node.get("/ibc/core/client/v1/client_states")).json;
  const want = recorded("ibc create client: a tendermint client of counterparty-1").queries[0].body;
  assert.is(states.client_states.length, 1);
  assert.equal(states.client_states[0].client_state, want.client_states[0].client_state);
  const cons = (await node.get("/ibc/core/client/v1/consensus_states/07-tendermint-0")).json.consensus_states;
  // The same consensus state (chain-maind writes next_validators_hash as hex, the node as base64: a known difference).
  assert.equal(cons.map((c: any) => [c.height, c.consensus_state.root, Buffer.from(c.consensus_state.next_validators_hash, "base64").toString("hex").toUpperCase()]),
    recorded("ibc create client: a tendermint client of counterparty-1").queries[2].body.consensus_states.map((c: any) => [c.height, c.consensus_state.root, c.consensus_state.next_validators_hash]));
  // A second client takes the next sequence.
  const again = await send(node, 6, [{ typeUrl: `${C}MsgCreateClient`, value: { clientState: tmClientState("counterparty-1", 12n), consensusState: tmConsensusState(nowSeconds()), signer: RELAYER } }]);
  assert.is(attrs(again, "create_client").client_id, "07-tendermint-1");
});

test("MsgCreateClient refusals: ValidateBasic at CheckTx; an expired consensus state in the block (client 29)", async () => {
  const empty = await send(node, 6, [{ typeUrl: `${C}MsgCreateClient`, value: { clientState: tmClientState(""), consensusState: tmConsensusState(nowSeconds()), signer: RELAYER } }]);
  assert.equal([empty.stage, empty.codespace, empty.code], ["check", "07-tendermint", 2]);
  const expired = await send(node, 6, [{ typeUrl: `${C}MsgCreateClient`, value: { clientState: tmClientState("counterparty-1"), consensusState: tmConsensusState(1_000n), signer: RELAYER } }]);
  assert.equal([expired.stage, expired.codespace, expired.code], ["deliver", "client", 29]);
  assert.match(expired.raw_log, "cannot create client (07-tendermint-2) with status Expired", expired.raw_log);
  assert.is((await node.get("/ibc/core/client/v1/client_states")).json.client_states.length, 2);
});

test("MsgConnectionOpenInit on the client: connection-0 in INIT, listed with 09-localhost's as chain-maind lists them", async () => {
  const r = await send(node, 6, [{ typeUrl: "/ibc.core.connection.v1.MsgConnectionOpenInit", value: {
    clientId: "07-tendermint-0", counterparty: { clientId: "07-tendermint-0", connectionId: "", prefix }, version: { identifier: "1", features: ["ORDER_ORDERED", "ORDER_UNORDERED"] }, delayPeriod: 0n, signer: RELAYER,
  } }]);
  assert.is(r.code, 0, r.raw_log);
  assert.equal(r.delivered, r.simulated);
  assert.ok(r.delivered.length >= 5);
  assert.equal(attrs(r, "connection_open_init"), { connection_id: "connection-0", client_id: "07-tendermint-0", counterparty_client_id: "07-tendermint-0", msg_index: "0" });
  const want = recorded("ibc connection open init on the new client").queries;
  const got = (await node.get("/ibc/core/connection/v1/connections")).json;
  assert.equal(got.connections, want[0].body.connections);
  assert.equal((await node.get("/ibc/core/connection/v1/client_connections/07-tendermint-0")).json.connection_paths, want[1].body.connection_paths);
  assert.is((await node.get("/ibc/core/connection/v1/connections/connection-0")).json.connection.state, "STATE_INIT");
  // The handshake's next steps need the counterparty's proofs: they fail as on chain-maind.
  const ack = await send(node, 6, [{ typeUrl: "/ibc.core.connection.v1.MsgConnectionOpenConfirm", value: { connectionId: "connection-9", proofAck: new Uint8Array([1]), proofHeight: { revisionNumber: 1n, revisionHeight: 10n }, signer: RELAYER } }]);
  assert.equal([ack.codespace, ack.code], ["connection", 3]);
});

test("MsgChannelOpenInit on the transfer port: channel-0 in INIT (ics20-1), its response; an ordered channel refused", async () => {
  const chan = (ordering: number) => ({ typeUrl: "/ibc.core.channel.v1.MsgChannelOpenInit", value: {
    portId: "transfer", channel: { state: 1, ordering, counterparty: { portId: "transfer", channelId: "" }, connectionHops: ["connection-0"], version: "" }, signer: RELAYER,
  } });
  const r = await send(node, 6, [chan(1)]);
  assert.is(r.code, 0, r.raw_log);
  assert.equal(r.delivered, r.simulated);
  assert.ok(r.delivered.length >= 5);
  assert.equal(MsgChannelOpenInitResponse.decode(response(r).value), { channelId: "channel-0", version: "ics20-1" });
  assert.equal((await node.get("/ibc/core/channel/v1/channels")).json.channels, recorded("ibc channel open init on connection-0 (INIT)").queries[0].body.channels);
  const ordered = await send(node, 6, [chan(2)]);
  assert.equal([ordered.codespace, ordered.code], ["channel", 6]);
  assert.is((await node.get("/ibc/core/channel/v1/channels")).json.channels.length, 1);
});

test("MsgRegisterInterchainAccount: the controller port's channel-1 in INIT with ICS-27 metadata; again: another channel (no active channel before the handshake ends)", async () => {
  const reg = { typeUrl: "/ibc.applications.interchain_accounts.controller.v1.MsgRegisterInterchainAccount", value: { owner: RELAYER, connectionId: "connection-0", version: "", ordering: 1 } };
  const r = await send(node, 6, [reg]);
  assert.is(r.code, 0, r.raw_log);
  assert.equal(r.delivered, r.simulated);
  assert.ok(r.delivered.length >= 5);
  assert.equal(MsgRegisterInterchainAccountResponse.decode(response(r).value), { channelId: "channel-1", portId: `icacontroller-${RELAYER}` });
  const want = recorded("ica register interchain account on connection-0").queries;
  assert.equal((await node.get("/ibc/core/channel/v1/channels")).json.channels, want[0].body.channels);
  const again = await send(node, 6, [reg]);
  assert.is(again.code, 0, again.raw_log);
  assert.equal(MsgRegisterInterchainAccountResponse.decode(response(again).value).channelId, "channel-2");
  // Sending needs the active channel the handshake's end would set.
  const sendTx = await send(node, 6, [{ typeUrl: "/ibc.applications.interchain_accounts.controller.v1.MsgSendTx", value: {
    owner: RELAYER, connectionId: "connection-0", packetData: { type: 1, data: new Uint8Array([1]), memo: "" }, relativeTimeout: 600_000_000_000n,
  } }]);
  assert.equal([sendTx.codespace, sendTx.code], ["interchainaccounts", 11]);
});

test("MsgModuleQuerySafe: a module-query-safe query answered in the msg response; one not marked safe refused (ibc 8); a failing query's error", async () => {
  const H = "/ibc.applications.interchain_accounts.host.v1.MsgModuleQuerySafe";
  const balanceReq = QueryBalanceRequest.encode({ address: RELAYER, denom: "basecro" }).finish();
  const ok = await send(node, 6, [{ typeUrl: H, value: { signer: RELAYER, requests: [{ path: "/cosmos.bank.v1beta1.Query/Balance", data: balanceReq }] } }]);
  assert.is(ok.code, 0, ok.raw_log);
  const resp = MsgModuleQuerySafeResponse.decode(response(ok).value);
  assert.is(resp.height, BigInt(ok.height));
  const balance = QueryBalanceResponse.decode(resp.responses[0]!).balance!;
  assert.is(balance.denom, "basecro");
  assert.ok(BigInt(balance.amount) > 0n);
  const unsafe = await send(node, 6, [{ typeUrl: H, value: { signer: RELAYER, requests: [{ path: "/cosmos.gov.v1.Query/Params", data: new Uint8Array() }] } }]);
  assert.equal([unsafe.codespace, unsafe.code], ["ibc", 8]);
  assert.match(unsafe.raw_log, "not module query safe: /cosmos.gov.v1.Query/Params");
  const bad = await send(node, 6, [{ typeUrl: H, value: { signer: RELAYER, requests: [{ path: "/cosmos.bank.v1beta1.Query/Balance", data: new Uint8Array() }] } }]);
  assert.equal([bad.codespace, bad.code], ["undefined", 1]);
  assert.match(bad.raw_log, "rpc error: code = InvalidArgument desc = invalid denom: ");
  const none = await send(node, 6, [{ typeUrl: H, value: { signer: RELAYER, requests: [] } }]);
  assert.equal([none.stage, none.codespace, none.code], ["check", "ibc", 8]);
});

test("the state survives a restart (same app hash) and the SDK genesis export and import", async () => {
  const hash = node.chain.latestBlock().appHash;
  await node.chain.close();
  const back = await h.open({ dbPath: node.dbPath });
  try {
    assert.is(back.chain.latestBlock().appHash, hash);
    assert.is((await back.get("/ibc/core/channel/v1/channels")).json.channels.length, 3);
    const doc = back.chain.exportGenesis() as any;
    delete doc.app_state.node_state;
    const ibc = doc.app_state.ibc;
    assert.equal(ibc.client_genesis.clients.map((c: any) => c.client_id), ["07-tendermint-0", "07-tendermint-1"]);
    assert.is(ibc.client_genesis.next_client_sequence, "2");
    // next_validators_hash as ibc-go writes a HexBytes
    assert.is(ibc.client_genesis.clients_consensus[0].consensus_states[0].consensus_state.next_validators_hash, "09".repeat(32));
    assert.equal(ibc.connection_genesis.connections.map((c: any) => c.id), ["connection-0", "connection-localhost"]);
    assert.equal(ibc.channel_genesis.channels.map((c: any) => `${c.port_id}/${c.channel_id}`), [`icacontroller-${RELAYER}/channel-1`, `icacontroller-${RELAYER}/channel-2`, "transfer/channel-0"]);
    assert.is(ibc.channel_genesis.next_channel_sequence, "3");
    assert.equal(doc.app_state.interchainaccounts.controller_genesis_state.ports, [`icacontroller-${RELAYER}`]);
    const imported = await h.open({ genesis: doc });
    try {
      assert.equal((await imported.get("/ibc/core/channel/v1/channels")).json.channels, (await back.get("/ibc/core/channel/v1/channels")).json.channels.map((c: any) => c));
      assert.equal((imported.chain.exportGenesis() as any).app_state.ibc, ibc);
      assert.equal((imported.chain.exportGenesis() as any).app_state.interchainaccounts, doc.app_state.interchainaccounts);
    } finally {
      await imported.chain.close();
    }
  } finally {
    await back.chain.close();
  }
});

test.run();
