// The hostile class of IBC on a lone chain and of x/evidence (issue 38: every executed message type
// has a class): each ibc-go v10 message sent as an attacker would, on identifiers that do not exist
// or with the chain's governance authority claimed by a user, and MsgSubmitEvidence; each refused
// with the code the ibc-evidence recording (test/reference-chain/ibc-evidence) holds for the case.

import { create, toBinary } from "@bufbuild/protobuf";
import * as transfer from "../../host/wire/gen/ibc/applications/transfer/v1/tx_pb.js";
import * as client from "../../host/wire/gen/ibc/core/client/v1/tx_pb.js";
import * as client2 from "../../host/wire/gen/ibc/core/client/v2/tx_pb.js";
import * as connection from "../../host/wire/gen/ibc/core/connection/v1/tx_pb.js";
import * as channel from "../../host/wire/gen/ibc/core/channel/v1/tx_pb.js";
import * as channel2 from "../../host/wire/gen/ibc/core/channel/v2/tx_pb.js";
import * as icaController from "../../host/wire/gen/ibc/applications/interchain_accounts/controller/v1/tx_pb.js";
import * as icaHost from "../../host/wire/gen/ibc/applications/interchain_accounts/host/v1/tx_pb.js";
import { MsgSubmitEvidenceSchema } from "../../host/wire/gen/cosmos/evidence/v1beta1/tx_pb.js";
import { EquivocationSchema } from "../../host/wire/gen/cosmos/evidence/v1beta1/evidence_pb.js";
import { ClientStateSchema, ConsensusStateSchema, HeaderSchema } from "../../host/wire/gen/ibc/lightclients/tendermint/v1/tendermint_pb.js";
import { ATTACKER, addr } from "./context.js";
import { cases, deferred, msg, type Case, type ProtoMsg } from "./proto.js";

const A = () => addr(ATTACKER);
const one = (note: string, code: string, build: () => ProtoMsg): Case => ({
  note, make: async (_rng, ctx) => deferred(ctx, ATTACKER, [build()], code, ""),
});
const h = (revisionHeight: bigint) => ({ revisionNumber: 1n, revisionHeight });
const proof = new Uint8Array([1, 2, 3]);
const any = (typeUrl: string, value: Uint8Array) => ({ typeUrl, value });
const clientState = (chainId: string) => any("/ibc.lightclients.tendermint.v1.ClientState", toBinary(ClientStateSchema, create(ClientStateSchema, {
  chainId, trustLevel: { numerator: 1n, denominator: 3n }, trustingPeriod: { seconds: 100n }, unbondingPeriod: { seconds: 200n }, maxClockDrift: { seconds: 10n },
  latestHeight: h(10n), proofSpecs: [{ leafSpec: { hash: 1 } }], upgradePath: ["upgrade", "upgradedIBCState"],
})));
const consensusState = () => any("/ibc.lightclients.tendermint.v1.ConsensusState", toBinary(ConsensusStateSchema, create(ConsensusStateSchema, {
  timestamp: { seconds: 1_700_000_000n }, root: { hash: new Uint8Array(32) }, nextValidatorsHash: new Uint8Array(32),
})));
const header = () => any("/ibc.lightclients.tendermint.v1.Header", toBinary(HeaderSchema, create(HeaderSchema, { trustedHeight: h(10n) })));
const packet = { sequence: 1n, sourcePort: "transfer", sourceChannel: "channel-0", destinationPort: "transfer", destinationChannel: "channel-7", data: proof, timeoutHeight: h(1000n) };
const packet2 = { sequence: 1n, sourceClient: "07-tendermint-0", destinationClient: "07-tendermint-1", timeoutTimestamp: 4_000_000_000n, payloads: [] };
const chan = { state: 1, ordering: 1, counterparty: { portId: "transfer", channelId: "" }, connectionHops: ["connection-0"], version: "ics20-1" };
const counterparty = { clientId: "07-tendermint-0", connectionId: "", prefix: { keyPrefix: new TextEncoder().encode("ibc") } };
const version = { identifier: "1", features: ["ORDER_ORDERED", "ORDER_UNORDERED"] };

const CASES: Case[] = [
  one("transfer: sending is off in chain-main's genesis", "transfer/7", () => msg(transfer.MsgTransferSchema, {
    sourcePort: "transfer", sourceChannel: "channel-0", token: { denom: "basecro", amount: "1" }, sender: A(), receiver: "cosmos1x", timeoutHeight: h(1000n),
  })),
  one("transfer: a 1-character channel id", "host/2", () => msg(transfer.MsgTransferSchema, {
    sourcePort: "transfer", sourceChannel: "c", token: { denom: "basecro", amount: "1" }, sender: A(), receiver: "cosmos1x", timeoutHeight: h(1000n),
  })),
  one("transfer params from a user", "ibc/2", () => msg(transfer.MsgUpdateParamsSchema, { signer: A(), params: { sendEnabled: true, receiveEnabled: true } })),
  one("create a client with an empty chain id", "07-tendermint/2", () => msg(client.MsgCreateClientSchema, { clientState: clientState(""), consensusState: consensusState(), signer: A() })),
  one("create a client whose consensus state has expired (status Expired: nothing kept)", "client/29", () => msg(client.MsgCreateClientSchema, { clientState: clientState("other-1"), consensusState: consensusState(), signer: A() })),
  one("create a client trusting 1/4 of the validators", "07-tendermint/9", () => msg(client.MsgCreateClientSchema, {
    clientState: any(clientState("other-1").typeUrl, toBinary(ClientStateSchema, create(ClientStateSchema, {
      chainId: "other-1", trustLevel: { numerator: 1n, denominator: 4n }, trustingPeriod: { seconds: 100n }, unbondingPeriod: { seconds: 200n }, maxClockDrift: { seconds: 10n },
      latestHeight: h(10n), proofSpecs: [{ leafSpec: { hash: 1 } }],
    }))), consensusState: consensusState(), signer: A(),
  })),
  one("create a client whose latest height's revision is not its chain id's", "07-tendermint/5", () => msg(client.MsgCreateClientSchema, { clientState: clientState("other-2"), consensusState: consensusState(), signer: A() })),
  one("create a client with a consensus state with no root", "client/9", () => msg(client.MsgCreateClientSchema, {
    clientState: clientState("other-1"), signer: A(),
    consensusState: any("/ibc.lightclients.tendermint.v1.ConsensusState", toBinary(ConsensusStateSchema, create(ConsensusStateSchema, { timestamp: { seconds: 1_700_000_000n }, nextValidatorsHash: new Uint8Array(32) }))),
  })),
  one("open a connection naming the counterparty's connection id", "connection/7", () => msg(connection.MsgConnectionOpenInitSchema, { clientId: "07-tendermint-0", counterparty: { ...counterparty, connectionId: "connection-9" }, version, signer: A() })),
  one("channel open init in state TRYOPEN", "channel/5", () => msg(channel.MsgChannelOpenInitSchema, { portId: "transfer", channel: { ...chan, state: 2 }, signer: A() })),
  one("channel open init on a port no module is bound to", "port/5", () => msg(channel.MsgChannelOpenInitSchema, { portId: "nobody", channel: chan, signer: A() })),
  one("channel open init with two connection hops", "channel/15", () => msg(channel.MsgChannelOpenInitSchema, { portId: "transfer", channel: { ...chan, connectionHops: ["connection-0", "connection-1"] }, signer: A() })),
  one("update a client with a header without its signed header", "client/12", () => msg(client.MsgUpdateClientSchema, { clientId: "07-tendermint-0", clientMessage: header(), signer: A() })),
  one("upgrade a client that does not exist", "client/29", () => msg(client.MsgUpgradeClientSchema, {
    clientId: "07-tendermint-0", clientState: clientState("x-2"), consensusState: consensusState(), proofUpgradeClient: proof, proofUpgradeConsensusState: proof, signer: A(),
  })),
  one("misbehaviour: a header without its signed header", "client/12", () => msg(client.MsgSubmitMisbehaviourSchema, { clientId: "07-tendermint-0", misbehaviour: header(), signer: A() })),
  one("recover a client as a user", "ibc/2", () => msg(client.MsgRecoverClientSchema, { subjectClientId: "07-tendermint-0", substituteClientId: "07-tendermint-1", signer: A() })),
  one("an IBC software upgrade as a user", "ibc/2", () => msg(client.MsgIBCSoftwareUpgradeSchema, { plan: { name: "x", height: 1000n }, upgradedClientState: clientState("x-1"), signer: A() })),
  one("client params as a user", "ibc/2", () => msg(client.MsgUpdateParamsSchema, { signer: A(), params: { allowedClients: [] } })),
  one("delete the creator of a client that does not exist", "ibc/16", () => msg(client.MsgDeleteClientCreatorSchema, { clientId: "07-tendermint-0", signer: A() })),
  one("register a counterparty of another's client", "ibc/2", () => msg(client2.MsgRegisterCounterpartySchema, {
    clientId: "07-tendermint-0", counterpartyMerklePrefix: [new Uint8Array([1])], counterpartyClientId: "07-tendermint-5", signer: A(),
  })),
  one("configure another's client", "ibc/2", () => msg(client2.MsgUpdateClientConfigSchema, { clientId: "07-tendermint-0", config: { allowedRelayers: [A()] }, signer: A() })),
  one("open a connection on a client that does not exist", "client/29", () => msg(connection.MsgConnectionOpenInitSchema, { clientId: "07-tendermint-0", counterparty, version, signer: A() })),
  one("connection open try on a client that does not exist", "client/29", () => msg(connection.MsgConnectionOpenTrySchema, {
    clientId: "07-tendermint-0", counterparty: { ...counterparty, connectionId: "connection-9" }, counterpartyVersions: [version], proofHeight: h(100n), proofInit: proof, signer: A(),
  })),
  one("connection open ack of no connection", "connection/3", () => msg(connection.MsgConnectionOpenAckSchema, {
    connectionId: "connection-0", counterpartyConnectionId: "connection-9", version, proofHeight: h(100n), proofTry: proof, signer: A(),
  })),
  one("connection open confirm of no connection", "connection/3", () => msg(connection.MsgConnectionOpenConfirmSchema, { connectionId: "connection-0", proofAck: proof, proofHeight: h(100n), signer: A() })),
  one("connection params of zero", "undefined/1", () => msg(connection.MsgUpdateParamsSchema, { signer: A(), params: { maxExpectedTimePerBlock: 0n } })),
  one("channel open init on no connection", "connection/3", () => msg(channel.MsgChannelOpenInitSchema, { portId: "transfer", channel: chan, signer: A() })),
  one("channel open try on no connection", "connection/3", () => msg(channel.MsgChannelOpenTrySchema, {
    portId: "transfer", channel: { ...chan, state: 2 }, counterpartyVersion: "ics20-1", proofInit: proof, proofHeight: h(100n), signer: A(),
  })),
  one("channel open ack of no channel", "channel/3", () => msg(channel.MsgChannelOpenAckSchema, {
    portId: "transfer", channelId: "channel-0", counterpartyChannelId: "channel-9", counterpartyVersion: "ics20-1", proofTry: proof, proofHeight: h(100n), signer: A(),
  })),
  one("channel open confirm of no channel", "channel/3", () => msg(channel.MsgChannelOpenConfirmSchema, { portId: "transfer", channelId: "channel-0", proofAck: proof, proofHeight: h(100n), signer: A() })),
  one("close a transfer channel", "ibc/8", () => msg(channel.MsgChannelCloseInitSchema, { portId: "transfer", channelId: "channel-0", signer: A() })),
  one("close confirm of no channel", "channel/3", () => msg(channel.MsgChannelCloseConfirmSchema, { portId: "transfer", channelId: "channel-0", proofInit: proof, proofHeight: h(100n), signer: A() })),
  one("receive a packet on no channel", "channel/3", () => msg(channel.MsgRecvPacketSchema, { packet, proofCommitment: proof, proofHeight: h(100n), signer: A() })),
  one("time out a packet on no channel", "channel/3", () => msg(channel.MsgTimeoutSchema, { packet, proofUnreceived: proof, proofHeight: h(100n), nextSequenceRecv: 1n, signer: A() })),
  one("time out on close on no channel", "channel/3", () => msg(channel.MsgTimeoutOnCloseSchema, { packet, proofUnreceived: proof, proofClose: proof, proofHeight: h(100n), nextSequenceRecv: 1n, signer: A() })),
  one("acknowledge a packet on no channel", "channel/3", () => msg(channel.MsgAcknowledgementSchema, { packet, acknowledgement: proof, proofAcked: proof, proofHeight: h(100n), signer: A() })),
  one("v2: send a packet from a client with no counterparty", "clientv2/35", () => msg(channel2.MsgSendPacketSchema, { sourceClient: "07-tendermint-0", timeoutTimestamp: 4_000_000_000n, payloads: [], signer: A() })),
  one("v2: receive a packet", "clientv2/35", () => msg(channel2.MsgRecvPacketSchema, { packet: packet2, proofCommitment: proof, proofHeight: h(100n), signer: A() })),
  one("v2: time out a packet", "clientv2/35", () => msg(channel2.MsgTimeoutSchema, { packet: packet2, proofUnreceived: proof, proofHeight: h(100n), signer: A() })),
  one("v2: acknowledge a packet", "clientv2/35", () => msg(channel2.MsgAcknowledgementSchema, { packet: packet2, acknowledgement: { appAcknowledgements: [] }, proofAcked: proof, proofHeight: h(100n), signer: A() })),
  one("register an interchain account on no connection", "connection/3", () => msg(icaController.MsgRegisterInterchainAccountSchema, { owner: A(), connectionId: "connection-0", version: "" })),
  one("send an ICA tx with no active channel", "interchainaccounts/11", () => msg(icaController.MsgSendTxSchema, {
    owner: A(), connectionId: "connection-0", packetData: { type: 1, data: proof }, relativeTimeout: 600_000_000_000n,
  })),
  one("ICA controller params as a user", "ibc/2", () => msg(icaController.MsgUpdateParamsSchema, { signer: A(), params: { controllerEnabled: false } })),
  one("module query safe with no query", "ibc/8", () => msg(icaHost.MsgModuleQuerySafeSchema, { signer: A(), requests: [] })),
  one("module query safe: a query not marked safe", "ibc/8", () => msg(icaHost.MsgModuleQuerySafeSchema, { signer: A(), requests: [{ path: "/cosmos.gov.v1.Query/Params", data: new Uint8Array() }] })),
  one("module query safe: a bank balance with no denom", "undefined/1", () => msg(icaHost.MsgModuleQuerySafeSchema, { signer: A(), requests: [{ path: "/cosmos.bank.v1beta1.Query/Balance", data: new Uint8Array() }] })),
  one("ICA host params as a user", "ibc/2", () => msg(icaHost.MsgUpdateParamsSchema, { signer: A(), params: { hostEnabled: false, allowMessages: [] } })),
  one("submit evidence: chain-main has no evidence router (its panic)", "undefined/111222", () => msg(MsgSubmitEvidenceSchema, {
    submitter: A(), evidence: any("/cosmos.evidence.v1beta1.Equivocation", toBinary(EquivocationSchema, create(EquivocationSchema, {
      height: 3n, time: { seconds: 1_700_000_000n }, power: 10n, consensusAddress: "crocnclcons1jzy37sw9eh5nt5v58axfdwr977ne7pjr8ue07t",
    }))),
  })),
  one("submit evidence at height 0", "evidence/3", () => msg(MsgSubmitEvidenceSchema, {
    submitter: A(), evidence: any("/cosmos.evidence.v1beta1.Equivocation", toBinary(EquivocationSchema, create(EquivocationSchema, {
      height: 0n, time: { seconds: 1_700_000_000n }, power: 10n, consensusAddress: "crocnclcons1jzy37sw9eh5nt5v58axfdwr977ne7pjr8ue07t",
    }))),
  })),
];

const COVERS = [
  ...[transfer.MsgTransferSchema, transfer.MsgUpdateParamsSchema, client.MsgCreateClientSchema, client.MsgUpdateClientSchema, client.MsgUpgradeClientSchema,
    client.MsgSubmitMisbehaviourSchema, client.MsgRecoverClientSchema, client.MsgIBCSoftwareUpgradeSchema, client.MsgUpdateParamsSchema, client.MsgDeleteClientCreatorSchema,
    client2.MsgRegisterCounterpartySchema, client2.MsgUpdateClientConfigSchema, connection.MsgConnectionOpenInitSchema, connection.MsgConnectionOpenTrySchema,
    connection.MsgConnectionOpenAckSchema, connection.MsgConnectionOpenConfirmSchema, connection.MsgUpdateParamsSchema, channel.MsgChannelOpenInitSchema,
    channel.MsgChannelOpenTrySchema, channel.MsgChannelOpenAckSchema, channel.MsgChannelOpenConfirmSchema, channel.MsgChannelCloseInitSchema,
    channel.MsgChannelCloseConfirmSchema, channel.MsgRecvPacketSchema, channel.MsgTimeoutSchema, channel.MsgTimeoutOnCloseSchema, channel.MsgAcknowledgementSchema,
    channel2.MsgSendPacketSchema, channel2.MsgRecvPacketSchema, channel2.MsgTimeoutSchema, channel2.MsgAcknowledgementSchema,
    icaController.MsgRegisterInterchainAccountSchema, icaController.MsgSendTxSchema, icaController.MsgUpdateParamsSchema, icaHost.MsgUpdateParamsSchema, icaHost.MsgModuleQuerySafeSchema,
    MsgSubmitEvidenceSchema].map((s) => `/${s.typeName}`),
];

export const ibcClass = cases({ name: "ibc-evidence", rounds: 1, covers: COVERS, cases: CASES });
