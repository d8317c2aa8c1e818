// ibc-go v10's core messages on a lone chain (modules/core/keeper/msg_server.go): clients
// (v1 and v2), connections, channels (v1 and v2). No light client, connection or channel exists
// here, so each meets ibc-go's refusal for the identifier it names; the governance ones from
// another signer meet the authority check. Texts, codes and the reads before them are ibc-go's.

import { fromBinary, type MessageShape } from "@bufbuild/protobuf";
import { TxError, SdkErrors } from "../../wire/errors.js";
import * as client from "../../wire/gen/ibc/core/client/v1/tx_pb.js";
import * as client2 from "../../wire/gen/ibc/core/client/v2/tx_pb.js";
import * as connection from "../../wire/gen/ibc/core/connection/v1/tx_pb.js";
import * as channel from "../../wire/gen/ibc/core/channel/v1/tx_pb.js";
import * as channel2 from "../../wire/gen/ibc/core/channel/v2/tx_pb.js";
import { HeaderSchema } from "../../wire/gen/ibc/lightclients/tendermint/v1/tendermint_pb.js";
import type { Any } from "@bufbuild/protobuf/wkt";
import { refusal, type Read } from "./refusal.js";
import { msgChannelOpenInitDef, msgConnectionOpenInitDef, msgCreateClientDef } from "./executed.js";
import { IbcErrors, channelId, clientId, connectionId, ibcSigner, notAuthority, plain, portId } from "./rules.js";

const IBC = "ibc";
const TM_HEADER = "/ibc.lightclients.tendermint.v1.Header";
const TM_MISBEHAVIOUR = "/ibc.lightclients.tendermint.v1.Misbehaviour";

/**
 * GetClientStatus's reads: the client params (is the client's type allowed: `{"allowed_clients":["*"]}`, as
 * chain-main's genesis has them, is 3 bytes) and the client's state (absent).
 */
const clientStateKey = (id: string) => `clients/${id}/clientState`;
const statusReads = (id: string): Read[] => [{ store: IBC, key: "clientParams", value: 3 }, { store: IBC, key: clientStateKey(id) }];
/** GenerateConnectionIdentifier / GenerateChannelIdentifier: the sequence read and written back (8 bytes, big-endian). */
const nextSequence = (key: string): Read[] => [{ store: IBC, key, value: 8 }, { store: IBC, key, value: 8, write: true }];
const connectionKey = (id: string) => `connections/${id}`;
const channelKey = (port: string, chan: string) => `channelEnds/ports/${port}/channels/${chan}`;

/** A tendermint header's ValidateBasic (what MsgUpdateClient and MsgSubmitMisbehaviour carry). */
function validateClientMessage(any: Any | undefined): void {
  if (any === undefined) throw new TxError(IbcErrors.InvalidHeader, "unpacked client message cannot be nil");
  if (any.typeUrl === TM_HEADER) {
    const h = fromBinary(HeaderSchema, any.value);
    if (h.signedHeader.length === 0) throw new TxError(IbcErrors.InvalidHeader, "tendermint signed header cannot be nil");
  } else if (any.typeUrl !== TM_MISBEHAVIOUR) {
    throw new TxError(IbcErrors.InvalidType, `cannot unpack Any into ClientMessage ${any.typeUrl}`);
  }
}

const authorityOnly = <M extends { signer: string }>(m: M, ctx: { authority: string }) =>
  m.signer === ctx.authority ? new TxError(SdkErrors.UnknownRequest, `the node does not apply ${"ibc"} governance messages`) : notAuthority(ctx.authority, m.signer);

const signer = (m: { signer: string }) => m.signer;
const checkSigner = (m: { signer: string }, ctx: { prefix: string }) => void ibcSigner(m.signer, ctx.prefix);

export const ibcClientMessages = [
  msgCreateClientDef,
  refusal({
    schema: client.MsgUpdateClientSchema, signer,
    check: (m, ctx) => { clientId(m.clientId); validateClientMessage(m.clientMessage); checkSigner(m, ctx); },
    fail: (m) => new TxError(IbcErrors.ClientNotActive, `cannot update client (${m.clientId}) with status Unknown`),
    reads: (m) => statusReads(m.clientId),
  }),
  refusal({
    schema: client.MsgUpgradeClientSchema, signer,
    check: (m, ctx) => { clientId(m.clientId); checkSigner(m, ctx); },
    fail: (m) => new TxError(IbcErrors.ClientNotActive, `cannot upgrade client (${m.clientId}) with status Unknown`),
    reads: (m) => statusReads(m.clientId),
  }),
  refusal({
    schema: client.MsgSubmitMisbehaviourSchema, signer,
    check: (m, ctx) => { clientId(m.clientId); validateClientMessage(m.misbehaviour); checkSigner(m, ctx); },
    fail: (m) => new TxError(IbcErrors.ClientNotActive, `cannot process misbehaviour for client (${m.clientId}) with status Unknown`),
    reads: (m) => statusReads(m.clientId),
  }),
  refusal({ schema: client.MsgRecoverClientSchema, signer, check: (m, ctx) => { clientId(m.subjectClientId); clientId(m.substituteClientId); checkSigner(m, ctx); }, fail: authorityOnly }),
  refusal({
    schema: client.MsgIBCSoftwareUpgradeSchema, signer,
    check: (m) => {
      const t = m.plan?.time;
      if (t !== undefined && (t.seconds !== -62_135_596_800n || t.nanos !== 0)) throw new TxError(SdkErrors.InvalidRequest, "time-based upgrades have been deprecated in the SDK");
    },
    fail: authorityOnly,
  }),
  refusal({ schema: client.MsgUpdateParamsSchema, signer, fail: authorityOnly }),
  refusal({
    schema: client.MsgDeleteClientCreatorSchema, signer,
    check: (m, ctx) => { clientId(m.clientId); checkSigner(m, ctx); },
    fail: (m) => new TxError(IbcErrors.NotFound, `creator for client ${m.clientId} not found`),
    reads: (m) => [{ store: IBC, key: `clients/${m.clientId}/creator` }],
  }),
  refusal({
    schema: client2.MsgRegisterCounterpartySchema, signer,
    check: (m, ctx) => { clientId(m.clientId); clientId(m.counterpartyClientId); checkSigner(m, ctx); },
    fail: (m) => new TxError(IbcErrors.Unauthorized, `expected same signer as createClient submittor , got ${m.signer}`),
    reads: (m) => [{ store: IBC, key: `clients/${m.clientId}/creator` }],
  }),
  refusal({
    schema: client2.MsgUpdateClientConfigSchema, signer,
    check: (m, ctx) => { clientId(m.clientId); checkSigner(m, ctx); },
    fail: (m, ctx) => new TxError(IbcErrors.Unauthorized, `authority ${ctx.authority} or client creator  is authorized to update params for ${m.clientId}, got ${m.signer}`),
    reads: (m) => [{ store: IBC, key: `clients/${m.clientId}/creator` }],
  }),
];

type ConnectionUpdateParams = MessageShape<typeof connection.MsgUpdateParamsSchema>;

export const ibcConnectionMessages = [
  msgConnectionOpenInitDef,
  refusal({
    schema: connection.MsgConnectionOpenTrySchema, signer,
    check: (m, ctx) => { clientId(m.clientId); checkSigner(m, ctx); },
    fail: (m) => new TxError(IbcErrors.ClientNotActive,
      `connection handshake open try failed: failed connection state verification for client (${m.clientId}): cannot call verify membership on client (${m.clientId}) with status Unknown`),
    reads: (m) => [...nextSequence("nextConnectionSequence"), ...statusReads(m.clientId)],
  }),
  refusal({
    schema: connection.MsgConnectionOpenAckSchema, signer,
    check: (m, ctx) => { connectionId(m.connectionId); checkSigner(m, ctx); },
    fail: (m) => new TxError(IbcErrors.ConnectionNotFound, `connection handshake open ack failed: ${m.connectionId}`),
    reads: (m) => [{ store: IBC, key: connectionKey(m.connectionId) }],
  }),
  refusal({
    schema: connection.MsgConnectionOpenConfirmSchema, signer,
    check: (m, ctx) => { connectionId(m.connectionId); checkSigner(m, ctx); },
    fail: (m) => new TxError(IbcErrors.ConnectionNotFound, `connection handshake open confirm failed: ${m.connectionId}`),
    reads: (m) => [{ store: IBC, key: connectionKey(m.connectionId) }],
  }),
  refusal({
    schema: connection.MsgUpdateParamsSchema, signer,
    check: (m: ConnectionUpdateParams, ctx) => {
      checkSigner(m, ctx);
      if ((m.params?.maxExpectedTimePerBlock ?? 0n) === 0n) throw plain("MaxExpectedTimePerBlock cannot be zero");
    },
    fail: authorityOnly,
  }),
];

const lone = (what: string, port: string, chan: string) => new TxError(IbcErrors.ChannelNotFound, `${what}: port ID (${port}) channel ID (${chan})`);

export const ibcChannelMessages = [
  msgChannelOpenInitDef,
  refusal({
    schema: channel.MsgChannelOpenTrySchema, signer,
    check: (m, ctx) => { portId(m.portId); checkSigner(m, ctx); },
    fail: (m) => new TxError(IbcErrors.ConnectionNotFound, `channel handshake open try failed: ${m.channel?.connectionHops[0] ?? ""}`),
    reads: (m) => [...nextSequence("nextChannelSequence"), { store: IBC, key: connectionKey(m.channel?.connectionHops[0] ?? "") }],
  }),
  refusal({
    schema: channel.MsgChannelOpenAckSchema, signer,
    check: (m, ctx) => { portId(m.portId); channelId(m.channelId); checkSigner(m, ctx); },
    fail: (m) => lone("channel handshake open ack failed", m.portId, m.channelId),
    reads: (m) => [{ store: IBC, key: channelKey(m.portId, m.channelId) }],
  }),
  refusal({
    schema: channel.MsgChannelOpenConfirmSchema, signer,
    check: (m, ctx) => { portId(m.portId); channelId(m.channelId); checkSigner(m, ctx); },
    fail: (m) => lone("channel handshake open confirm failed", m.portId, m.channelId),
    reads: (m) => [{ store: IBC, key: channelKey(m.portId, m.channelId) }],
  }),
  refusal({
    schema: channel.MsgChannelCloseInitSchema, signer,
    check: (m, ctx) => { portId(m.portId); channelId(m.channelId); checkSigner(m, ctx); },
    fail: (m) => new TxError(IbcErrors.InvalidRequest, `channel close init callback failed for port ID: ${m.portId}, channel ID: ${m.channelId}: user cannot close channel`),
  }),
  refusal({
    schema: channel.MsgChannelCloseConfirmSchema, signer,
    check: (m, ctx) => { portId(m.portId); channelId(m.channelId); checkSigner(m, ctx); },
    fail: (m) => lone("channel handshake close confirm failed", m.portId, m.channelId),
    reads: (m) => [{ store: IBC, key: channelKey(m.portId, m.channelId) }],
  }),
  // The packet messages: ibc-go's RedundantRelayDecorator runs them in CheckTx, where the channel is not found.
  refusal({
    schema: channel.MsgRecvPacketSchema, signer,
    check: (m) => { throw new TxError(IbcErrors.ChannelNotFound, `receive packet verification failed: ${m.packet?.destinationChannel ?? ""}`); },
    fail: () => new TxError(IbcErrors.ChannelNotFound, "unreachable"),
  }),
  refusal({
    schema: channel.MsgTimeoutSchema, signer,
    check: (m) => { throw lone("timeout packet verification failed", m.packet?.sourcePort ?? "", m.packet?.sourceChannel ?? ""); },
    fail: () => new TxError(IbcErrors.ChannelNotFound, "unreachable"),
  }),
  refusal({
    schema: channel.MsgTimeoutOnCloseSchema, signer,
    check: (m) => { throw lone("timeout on close packet verification failed", m.packet?.sourcePort ?? "", m.packet?.sourceChannel ?? ""); },
    fail: () => new TxError(IbcErrors.ChannelNotFound, "unreachable"),
  }),
  refusal({
    schema: channel.MsgAcknowledgementSchema, signer,
    check: (m) => { throw lone("acknowledge packet verification failed", m.packet?.sourcePort ?? "", m.packet?.sourceChannel ?? ""); },
    fail: () => new TxError(IbcErrors.ChannelNotFound, "unreachable"),
  }),
  refusal({
    schema: channel2.MsgSendPacketSchema, signer,
    check: (m, ctx) => { clientId(m.sourceClient); checkSigner(m, ctx); },
    fail: (m) => new TxError(IbcErrors.CounterpartyNotFound, `send packet failed for source id: ${m.sourceClient}: counterparty not found for client: ${m.sourceClient}`),
    reads: (m) => [{ store: IBC, key: `clients/${m.sourceClient}/counterparty` }],
  }),
  refusal({
    schema: channel2.MsgRecvPacketSchema, signer,
    check: (m) => { throw new TxError(IbcErrors.CounterpartyNotFound, `receive packet verification failed: counterparty not found for client: ${m.packet?.destinationClient ?? ""}`); },
    fail: () => new TxError(IbcErrors.CounterpartyNotFound, "unreachable"),
  }),
  refusal({
    schema: channel2.MsgTimeoutSchema, signer,
    check: (m) => { throw new TxError(IbcErrors.CounterpartyNotFound, `timeout packet verification failed: counterparty not found for client: ${m.packet?.sourceClient ?? ""}`); },
    fail: () => new TxError(IbcErrors.CounterpartyNotFound, "unreachable"),
  }),
  refusal({
    schema: channel2.MsgAcknowledgementSchema, signer,
    check: (m) => { throw new TxError(IbcErrors.CounterpartyNotFound, `acknowledge packet verification failed: counterparty not found for client: ${m.packet?.sourceClient ?? ""}`); },
    fail: () => new TxError(IbcErrors.CounterpartyNotFound, "unreachable"),
  }),
];
