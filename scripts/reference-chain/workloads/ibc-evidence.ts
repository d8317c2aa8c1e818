// Workload "ibc-evidence": x/evidence's MsgSubmitEvidence (chain-main sets no evidence route) and every
// IBC message chain-main's registry lists (ibc-go v10: transfer, client v1/v2, connection, channel v1/v2,
// interchain accounts), sent on a lone chain with realistic bodies: first where nothing exists
// (channel-0, connection-0, 07-tendermint-0 unknown; governance messages from a user), ValidateBasic's
// refusals at CheckTx, then the IBC and evidence query routes; last, what a lone chain lets through:
// a tendermint client created, a connection and a channel opened on it (INIT), an interchain account
// registered, and what then fails on them, with the queries after.

import type { Signer } from "../lib/recorder.js";
import { equivocation, tmClientState, tmConsensusState, tmHeader } from "../lib/ibc.js";
import { attr, coin, msg, type Ctx } from "./common.js";

export const NAME = "ibc-evidence";

const amino = { mode: "amino-json" as const };
const T = "/ibc.applications.transfer.v1.";
const C = "/ibc.core.client.v1.";
const C2 = "/ibc.core.client.v2.";
const N = "/ibc.core.connection.v1.";
const H = "/ibc.core.channel.v1.";
const H2 = "/ibc.core.channel.v2.";
const ICAC = "/ibc.applications.interchain_accounts.controller.v1.";
const ICAH = "/ibc.applications.interchain_accounts.host.v1.";
const height = (h: bigint) => ({ revisionNumber: 1n, revisionHeight: h });
const proof = new Uint8Array([10, 5, 112, 114, 111, 111, 102]);
const prefix = { keyPrefix: new TextEncoder().encode("ibc") };
const version = { identifier: "1", features: ["ORDER_ORDERED", "ORDER_UNORDERED"] };
const tmCounterparty = { clientId: "07-tendermint-0", connectionId: "", prefix };
const packet = (seq: bigint, port = "transfer", chan = "channel-0") => ({
  sequence: seq, sourcePort: port, sourceChannel: chan, destinationPort: "transfer", destinationChannel: "channel-7",
  data: new TextEncoder().encode('{"amount":"1","denom":"basecro","receiver":"cro1x","sender":"cro1y"}'), timeoutHeight: height(1_000_000n), timeoutTimestamp: 0n,
});
// A timeout below 2^31 s: cosmjs-types 0.10 writes a uint64 of 2^31 or more as a broken varint (chain-maind:
// `invalid length: tx parse error`).
const packet2 = (seq: bigint) => ({
  sequence: seq, sourceClient: "07-tendermint-0", destinationClient: "07-tendermint-1", timeoutTimestamp: 2_000_000_000n,
  payloads: [{ sourcePort: "transfer", destinationPort: "transfer", version: "ics20-1", encoding: "application/json", value: new Uint8Array([123, 125]) }],
});

export async function run({ r, dev }: Ctx): Promise<void> {
  const [, , , , , d5, d6] = dev as Signer[];
  const a5 = d5!.address, a6 = d6!.address;
  const now = await r.blockTime();
  const infos = await r.query("/cosmos/slashing/v1beta1/signing_infos");
  const valcons = (infos.body as any).info[0].address as string;
  const transferMsg = (o: { channel?: string; receiver?: string; timeoutHeight?: bigint; timeoutTimestamp?: bigint; amount?: bigint; sender?: string } = {}) =>
    msg(`${T}MsgTransfer`, {
      sourcePort: "transfer", sourceChannel: o.channel ?? "channel-0", token: coin(o.amount ?? 1000n), sender: o.sender ?? a5, receiver: o.receiver ?? "cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu",
      timeoutHeight: height(o.timeoutHeight ?? 1_000_000n), timeoutTimestamp: o.timeoutTimestamp ?? 0n, memo: "", encoding: "",
    });

  // ---- x/evidence ----
  await r.tx("evidence submit an equivocation of the validator (no route on chain-main)", d5!, [
    msg("/cosmos.evidence.v1beta1.MsgSubmitEvidence", { submitter: a5, evidence: equivocation(2n, now - 5n, 1_000_000_000_000n, valcons) }),
  ]);
  await r.tx("INVALID evidence submit: equivocation at height 0", d5!, [
    msg("/cosmos.evidence.v1beta1.MsgSubmitEvidence", { submitter: a5, evidence: equivocation(0n, now, 10n, valcons) }),
  ]);

  // ---- transfer ----
  await r.tx("ibc transfer on channel-0 (no such channel)", d5!, [transferMsg()]);
  await r.tx("ibc transfer on channel-0, amino", d5!, [transferMsg({ timeoutHeight: 0n, timeoutTimestamp: (now + 600n) * 1_000_000_000n })], amino);
  await r.tx("INVALID ibc transfer: empty receiver", d5!, [transferMsg({ receiver: "" })]);
  await r.tx("INVALID ibc transfer: no timeout", d5!, [transferMsg({ timeoutHeight: 0n, timeoutTimestamp: 0n })]);
  await r.tx("INVALID ibc transfer: bad channel id", d5!, [transferMsg({ channel: "c" })]);
  await r.tx("ibc transfer MsgUpdateParams from a user", d5!, [msg(`${T}MsgUpdateParams`, { signer: a5, params: { sendEnabled: false, receiveEnabled: true } })]);

  // ---- client ----
  await r.tx("INVALID ibc create client: empty chain id", d5!, [msg(`${C}MsgCreateClient`, { clientState: tmClientState(""), consensusState: tmConsensusState(now), signer: a5 })]);
  await r.tx("ibc update client 07-tendermint-0 (no such client)", d5!, [msg(`${C}MsgUpdateClient`, { clientId: "07-tendermint-0", clientMessage: tmHeader(), signer: a5 })]);
  await r.tx("ibc upgrade client 07-tendermint-0 (no such client)", d5!, [msg(`${C}MsgUpgradeClient`, {
    clientId: "07-tendermint-0", clientState: tmClientState("counterparty-2", 1n), consensusState: tmConsensusState(now), proofUpgradeClient: proof, proofUpgradeConsensusState: proof, signer: a5,
  })]);
  await r.tx("ibc submit misbehaviour on 07-tendermint-0", d5!, [msg(`${C}MsgSubmitMisbehaviour`, { clientId: "07-tendermint-0", misbehaviour: tmHeader(), signer: a5 })]);
  await r.tx("ibc recover client from a user", d5!, [msg(`${C}MsgRecoverClient`, { subjectClientId: "07-tendermint-0", substituteClientId: "07-tendermint-1", signer: a5 })]);
  await r.tx("ibc software upgrade from a user", d5!, [msg(`${C}MsgIBCSoftwareUpgrade`, {
    plan: { name: "v2", height: 1000n, info: "" }, upgradedClientState: tmClientState("chainmain-local", 1n), signer: a5,
  })]);
  await r.tx("ibc client MsgUpdateParams from a user", d5!, [msg(`${C}MsgUpdateParams`, { signer: a5, params: { allowedClients: ["07-tendermint"] } })]);
  await r.tx("ibc delete client creator 07-tendermint-0", d5!, [msg(`${C}MsgDeleteClientCreator`, { clientId: "07-tendermint-0", signer: a5 })]);
  await r.tx("ibc v2 register counterparty of 07-tendermint-0", d5!, [msg(`${C2}MsgRegisterCounterparty`, {
    clientId: "07-tendermint-0", counterpartyMerklePrefix: [new TextEncoder().encode("ibc"), new Uint8Array()], counterpartyClientId: "07-tendermint-9", signer: a5,
  })]);
  await r.tx("ibc v2 update client config of 07-tendermint-0", d5!, [msg(`${C2}MsgUpdateClientConfig`, { clientId: "07-tendermint-0", config: { allowedRelayers: [a5] }, signer: a5 })]);

  // ---- connection ----
  await r.tx("ibc connection open init on 07-tendermint-0 (no such client)", d5!, [msg(`${N}MsgConnectionOpenInit`, { clientId: "07-tendermint-0", counterparty: tmCounterparty, version, delayPeriod: 0n, signer: a5 })]);
  await r.tx("ibc connection open try", d5!, [msg(`${N}MsgConnectionOpenTry`, {
    clientId: "07-tendermint-0", counterparty: { ...tmCounterparty, connectionId: "connection-3" }, delayPeriod: 0n, counterpartyVersions: [version],
    proofHeight: height(100n), proofInit: proof, signer: a5,
  })]);
  await r.tx("ibc connection open ack on connection-0", d5!, [msg(`${N}MsgConnectionOpenAck`, {
    connectionId: "connection-0", counterpartyConnectionId: "connection-3", version, proofHeight: height(100n), proofTry: proof, signer: a5,
  })]);
  await r.tx("ibc connection open confirm on connection-0", d5!, [msg(`${N}MsgConnectionOpenConfirm`, { connectionId: "connection-0", proofAck: proof, proofHeight: height(100n), signer: a5 })]);
  await r.tx("ibc connection MsgUpdateParams from a user", d5!, [msg(`${N}MsgUpdateParams`, { signer: a5, params: { maxExpectedTimePerBlock: 30_000_000_000n } })]);

  // ---- channel v1 ----
  const chan = { state: 1, ordering: 1, counterparty: { portId: "transfer", channelId: "" }, connectionHops: ["connection-0"], version: "ics20-1" };
  await r.tx("ibc channel open init on connection-0 (no such connection)", d5!, [msg(`${H}MsgChannelOpenInit`, { portId: "transfer", channel: chan, signer: a5 })]);
  await r.tx("ibc channel open try", d5!, [msg(`${H}MsgChannelOpenTry`, {
    portId: "transfer", channel: { ...chan, state: 2, counterparty: { portId: "transfer", channelId: "channel-7" } }, counterpartyVersion: "ics20-1", proofInit: proof, proofHeight: height(100n), signer: a5,
  })]);
  await r.tx("ibc channel open ack", d5!, [msg(`${H}MsgChannelOpenAck`, {
    portId: "transfer", channelId: "channel-0", counterpartyChannelId: "channel-7", counterpartyVersion: "ics20-1", proofTry: proof, proofHeight: height(100n), signer: a5,
  })]);
  await r.tx("ibc channel open confirm", d5!, [msg(`${H}MsgChannelOpenConfirm`, { portId: "transfer", channelId: "channel-0", proofAck: proof, proofHeight: height(100n), signer: a5 })]);
  await r.tx("ibc channel close init", d5!, [msg(`${H}MsgChannelCloseInit`, { portId: "transfer", channelId: "channel-0", signer: a5 })]);
  await r.tx("ibc channel close confirm", d5!, [msg(`${H}MsgChannelCloseConfirm`, { portId: "transfer", channelId: "channel-0", proofInit: proof, proofHeight: height(100n), signer: a5 })]);
  await r.tx("ibc recv packet on channel-0", d5!, [msg(`${H}MsgRecvPacket`, { packet: packet(1n, "transfer", "channel-7"), proofCommitment: proof, proofHeight: height(100n), signer: a5 })]);
  await r.tx("ibc timeout on channel-0", d5!, [msg(`${H}MsgTimeout`, { packet: packet(1n), proofUnreceived: proof, proofHeight: height(100n), nextSequenceRecv: 1n, signer: a5 })]);
  await r.tx("ibc timeout on close on channel-0", d5!, [msg(`${H}MsgTimeoutOnClose`, {
    packet: packet(1n), proofUnreceived: proof, proofClose: proof, proofHeight: height(100n), nextSequenceRecv: 1n, signer: a5,
  })]);
  await r.tx("ibc acknowledgement on channel-0", d5!, [msg(`${H}MsgAcknowledgement`, {
    packet: packet(1n), acknowledgement: new TextEncoder().encode('{"result":"AQ=="}'), proofAcked: proof, proofHeight: height(100n), signer: a5,
  })]);

  // ---- channel v2 ----
  await r.tx("ibc v2 send packet from 07-tendermint-0", d5!, [msg(`${H2}MsgSendPacket`, {
    sourceClient: "07-tendermint-0", timeoutTimestamp: now + 600n, payloads: packet2(1n).payloads, signer: a5,
  })]);
  await r.tx("ibc v2 recv packet", d5!, [msg(`${H2}MsgRecvPacket`, { packet: { ...packet2(1n), sourceClient: "07-tendermint-1", destinationClient: "07-tendermint-0" }, proofCommitment: proof, proofHeight: height(100n), signer: a5 })]);
  await r.tx("ibc v2 timeout", d5!, [msg(`${H2}MsgTimeout`, { packet: packet2(1n), proofUnreceived: proof, proofHeight: height(100n), signer: a5 })]);
  await r.tx("ibc v2 acknowledgement", d5!, [msg(`${H2}MsgAcknowledgement`, {
    packet: packet2(1n), acknowledgement: { appAcknowledgements: [new Uint8Array([1])] }, proofAcked: proof, proofHeight: height(100n), signer: a5,
  })]);

  // ---- interchain accounts ----
  await r.tx("ica register interchain account on connection-0 (no such connection)", d5!, [msg(`${ICAC}MsgRegisterInterchainAccount`, { owner: a5, connectionId: "connection-0", version: "", ordering: 1 })]);
  await r.tx("ica send tx on connection-0", d5!, [msg(`${ICAC}MsgSendTx`, { owner: a5, connectionId: "connection-0", packetData: { type: 1, data: new Uint8Array([1, 2, 3]), memo: "" }, relativeTimeout: 600_000_000_000n })]);
  await r.tx("ica controller MsgUpdateParams from a user", d5!, [msg(`${ICAC}MsgUpdateParams`, { signer: a5, params: { controllerEnabled: false } })]);
  await r.tx("ica host MsgUpdateParams from a user", d5!, [msg(`${ICAH}MsgUpdateParams`, { signer: a5, params: { hostEnabled: false, allowMessages: ["*"] } })]);
  await r.tx("ica host module query safe: a path not allowed", d5!, [msg(`${ICAH}MsgModuleQuerySafe`, { signer: a5, requests: [{ path: "/cosmos.bank.v1beta1.Query/AllBalances", data: new Uint8Array() }] })]);

  // ---- the query routes, on a chain with no IBC state ----
  const paths = [
    "/cosmos/evidence/v1beta1/evidence", "/cosmos/evidence/v1beta1/evidence?pagination.count_total=true",
    "/cosmos/evidence/v1beta1/evidence/7A2B4C6A7D8E9F00112233445566778899AABBCCDDEEFF00112233445566778899", "/cosmos/evidence/v1beta1/evidence/zz",
    "/ibc/apps/transfer/v1/params", "/ibc/apps/transfer/v1/denoms", "/ibc/apps/transfer/v1/denoms?pagination.count_total=true",
    "/ibc/apps/transfer/v1/denoms/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2",
    "/ibc/apps/transfer/v1/denom_hashes/transfer/channel-0/basecro", "/ibc/apps/transfer/v1/channels/channel-0/escrow_address",
    "/ibc/apps/transfer/v1/total_escrow/basecro",
    "/ibc/core/client/v1/params", "/ibc/core/client/v1/client_states", "/ibc/core/client/v1/client_states/07-tendermint-0",
    "/ibc/core/client/v1/client_status/07-tendermint-0", "/ibc/core/client/v1/consensus_states/07-tendermint-0",
    "/ibc/core/client/v1/consensus_states/07-tendermint-0/heights", "/ibc/core/client/v1/client_creator/07-tendermint-0",
    "/ibc/core/client/v1/upgraded_client_states", "/ibc/core/client/v1/upgraded_consensus_states",
    "/ibc/core/connection/v1/params", "/ibc/core/connection/v1/connections", "/ibc/core/connection/v1/connections/connection-0",
    "/ibc/core/connection/v1/client_connections/07-tendermint-0",
    "/ibc/core/channel/v1/channels", "/ibc/core/channel/v1/channels/channel-0/ports/transfer", "/ibc/core/channel/v1/params",
    "/ibc/core/channel/v1/connections/connection-0/channels",
    "/ibc/core/channel/v1/channels/channel-0/ports/transfer/packet_commitments",
    "/ibc/apps/interchain_accounts/host/v1/params", "/ibc/apps/interchain_accounts/controller/v1/params",
    `/ibc/apps/interchain_accounts/controller/v1/owners/${a5}/connections/connection-0`,
  ];
  r.extra.queries = [];
  for (const p of paths) (r.extra.queries as unknown[]).push(await r.query(p));

  // ---- what a lone chain lets through ----
  const created = await r.tx("ibc create client: a tendermint client of counterparty-1", d6!, [msg(`${C}MsgCreateClient`, {
    clientState: tmClientState("counterparty-1"), consensusState: tmConsensusState(now), signer: a6,
  })], { queries: ["/ibc/core/client/v1/client_states", "/ibc/core/client/v1/client_status/07-tendermint-0", "/ibc/core/client/v1/consensus_states/07-tendermint-0"] });
  const clientId = attr(created, "create_client", "client_id") ?? "07-tendermint-0";
  await r.tx("ibc connection open init on the new client", d6!, [msg(`${N}MsgConnectionOpenInit`, {
    clientId, counterparty: { clientId: "07-tendermint-0", connectionId: "", prefix }, version, delayPeriod: 0n, signer: a6,
  })], { queries: ["/ibc/core/connection/v1/connections", `/ibc/core/connection/v1/client_connections/${clientId}`] });
  await r.tx("ibc channel open init on connection-0 (INIT)", d6!, [msg(`${H}MsgChannelOpenInit`, { portId: "transfer", channel: chan, signer: a6 })], {
    queries: ["/ibc/core/channel/v1/channels"],
  });
  await r.tx("ibc transfer on channel-0 (not open)", d6!, [transferMsg({ sender: a6 })]);
  await r.tx("ica register interchain account on connection-0", d6!, [msg(`${ICAC}MsgRegisterInterchainAccount`, { owner: a6, connectionId: "connection-0", version: "", ordering: 1 })], {
    queries: ["/ibc/core/channel/v1/channels", `/ibc/apps/interchain_accounts/controller/v1/owners/${a6}/connections/connection-0`],
  });
  await r.tx("ica send tx on connection-0 (channel not open)", d6!, [msg(`${ICAC}MsgSendTx`, { owner: a6, connectionId: "connection-0", packetData: { type: 1, data: new Uint8Array([1, 2, 3]), memo: "" }, relativeTimeout: 600_000_000_000n })]);
  await r.tx("ica host module query safe: bank balance (allowed)", d6!, [msg(`${ICAH}MsgModuleQuerySafe`, {
    signer: a6, requests: [{ path: "/cosmos.bank.v1beta1.Query/Balance", data: new Uint8Array() }],
  })]);
}
