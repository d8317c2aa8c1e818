// What a lone chain lets through of ibc-go v10 (modules/core/keeper/msg_server.go, 02-client,
// 03-connection, 04-channel, 07-tendermint, 27-interchain-accounts/controller): a tendermint client
// created (client state, consensus state and its metadata, creator), a connection opened in INIT on
// an active client, a channel opened in INIT on such a connection (transfer, or an interchain
// account's controller port). Each runs on an `Io` over ibc-go's store keys: the handler's writes the
// keeper's (handle), the gas model's the meter's (gas.ts), so both walk the same reads and writes.

import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { AnySchema, type Any } from "@bufbuild/protobuf/wkt";
import { TxError } from "../../wire/errors.js";
import { ClientStateSchema, ConsensusStateSchema, type ClientState } from "../../wire/gen/ibc/lightclients/tendermint/v1/tendermint_pb.js";
import { ConnectionEndSchema, State as ConnState, type ConnectionEnd } from "../../wire/gen/ibc/core/connection/v1/query_pb.js";
import { ChannelSchema, Order, State as ChanState, type Counterparty as ChanCounterparty } from "../../wire/gen/ibc/core/channel/v1/channel_pb.js";
import type { Counterparty as ConnCounterparty, Version } from "../../wire/gen/ibc/core/connection/v1/connection_pb.js";
import { event, type TxEvent } from "../../framework/events.js";
import { IbcErrors } from "./rules.js";

/** The stores ibc-go's keepers write, as a message walks them. */
export interface Io {
  /** A Get; `genesisLength`: the length of the value the genesis set when this node keeps none. */
  get(store: string, key: string, genesisLength?: number): Uint8Array | undefined;
  set(store: string, key: string, value: Uint8Array): void;
  /** A read of a value this node keeps outside the store (params), `length` bytes long. */
  read(store: string, key: string, length: number): void;
  has(store: string, key: string): void;
}

export const IBC = "ibc";
export const ICA = "icacontroller";
export const TM_CLIENT_STATE = "/ibc.lightclients.tendermint.v1.ClientState";
export const TM_CONSENSUS_STATE = "/ibc.lightclients.tendermint.v1.ConsensusState";

export const keys = {
  nextClient: "nextClientSequence",
  nextConnection: "nextConnectionSequence",
  nextChannel: "nextChannelSequence",
  clientParams: "clientParams",
  clientState: (id: string) => `clients/${id}/clientState`,
  consensusState: (id: string, h: string) => `clients/${id}/consensusStates/${h}`,
  creator: (id: string) => `clients/${id}/creator`,
  clientConnections: (id: string) => `clients/${id}/connections`,
  connection: (id: string) => `connections/${id}`,
  channel: (port: string, chan: string) => `channelEnds/ports/${port}/channels/${chan}`,
  seq: (what: "Send" | "Recv" | "Ack", port: string, chan: string) => `nextSequence${what}/ports/${port}/channels/${chan}`,
};

const u64 = (n: bigint) => { const b = new Uint8Array(8); new DataView(b.buffer).setBigUint64(0, n); return b; };
const readU64 = (b: Uint8Array | undefined) => (b === undefined || b.length !== 8 ? 0n : new DataView(b.buffer, b.byteOffset, 8).getBigUint64(0));
const text = (s: string) => new TextEncoder().encode(s);

/** A sequence the genesis sets (0 when the genesis gives none): read and written back, 8 bytes. */
function nextSequence(io: Io, key: string): bigint {
  const n = readU64(io.get(IBC, key, 8));
  io.set(IBC, key, u64(n + 1n));
  return n;
}

export const heightText = (h: { revisionNumber: bigint; revisionHeight: bigint } | undefined) => `${h?.revisionNumber ?? 0n}-${h?.revisionHeight ?? 0n}`;

export interface Env { readonly timeNs: bigint; readonly height: bigint; readonly chainRevision: bigint }

export function unpackAny(bytes: Uint8Array): Any {
  return fromBinary(AnySchema, bytes);
}

const anyBytes = (typeUrl: string, value: Uint8Array) => toBinary(AnySchema, create(AnySchema, { typeUrl, value }));

/** The client's tendermint state, or undefined (GetClientState). */
function getClientState(io: Io, id: string): ClientState | undefined {
  const bz = io.get(IBC, keys.clientState(id));
  return bz === undefined ? undefined : fromBinary(ClientStateSchema, unpackAny(bz).value);
}

const durationNs = (d: { seconds: bigint; nanos: number } | undefined) => (d === undefined ? 0n : d.seconds * 1_000_000_000n + BigInt(d.nanos));

/** GetClientStatus: the params (Route: `routed`), the client state, its latest consensus state and its expiry. */
export function clientStatus(io: Io, id: string, env: Env, routed = true): string {
  if (routed) io.read(IBC, keys.clientParams, 3);
  const cs = getClientState(io, id);
  if (cs === undefined) return "Unknown";
  if ((cs.frozenHeight?.revisionHeight ?? 0n) !== 0n || (cs.frozenHeight?.revisionNumber ?? 0n) !== 0n) return "Frozen";
  const bz = io.get(IBC, keys.consensusState(id, heightText(cs.latestHeight)));
  if (bz === undefined) return "Expired";
  const cons = fromBinary(ConsensusStateSchema, unpackAny(bz).value);
  const ts = cons.timestamp === undefined ? 0n : cons.timestamp.seconds * 1_000_000_000n + BigInt(cons.timestamp.nanos);
  return ts + durationNs(cs.trustingPeriod) <= env.timeNs ? "Expired" : "Active";
}

/** CreateClient of a tendermint client: its id, the events. */
export function createClient(io: Io, clientState: Any, consensusState: Any, signer: Uint8Array, env: Env): { clientId: string; events: TxEvent[] } {
  const seq = nextSequence(io, keys.nextClient);
  const id = `07-tendermint-${seq}`;
  io.read(IBC, keys.clientParams, 3);
  const cs = fromBinary(ClientStateSchema, clientState.value);
  const h = heightText(cs.latestHeight);
  const prefix = `clients/${id}/`;
  io.set(IBC, keys.clientState(id), anyBytes(TM_CLIENT_STATE, clientState.value));
  io.set(IBC, keys.consensusState(id, h), anyBytes(TM_CONSENSUS_STATE, consensusState.value));
  // setConsensusMetadata: the processed time and height, the iteration key.
  io.set(IBC, `${keys.consensusState(id, h)}/processedTime`, u64(env.timeNs));
  io.set(IBC, `${keys.consensusState(id, h)}/processedHeight`, text(`${env.chainRevision}-${env.height}`));
  const it = new Uint8Array([...text(`${prefix}iterateConsensusStates`), ...u64(cs.latestHeight?.revisionNumber ?? 0n), ...u64(cs.latestHeight?.revisionHeight ?? 0n)]);
  io.set(IBC, Buffer.from(it).toString("latin1"), text(`consensusStates/${h}`));
  const status = clientStatus(io, id, env, false);
  if (status !== "Active") throw new TxError(IbcErrors.ClientNotActive, `cannot create client (${id}) with status ${status}`);
  getClientState(io, id); // LatestHeight
  io.set(IBC, keys.creator(id), signer);
  return {
    clientId: id,
    events: [event("create_client", { client_id: id, client_type: "07-tendermint", consensus_height: h }), event("message", { module: "ibc_client" })],
  };
}

export const DEFAULT_VERSION: Version = { $typeName: "ibc.core.connection.v1.Version", identifier: "1", features: ["ORDER_ORDERED", "ORDER_UNORDERED"] };

/** ClientPaths {paths} (field 1, repeated string). */
function encodePaths(paths: string[]): Uint8Array {
  const out: number[] = [];
  for (const p of paths) {
    const b = text(p);
    out.push(0x0a, b.length, ...b);
  }
  return new Uint8Array(out);
}
export function decodePaths(b: Uint8Array): string[] {
  const out: string[] = [];
  for (let i = 0; i < b.length;) {
    const len = b[i + 1]!;
    out.push(new TextDecoder().decode(b.subarray(i + 2, i + 2 + len)));
    i += 2 + len;
  }
  return out;
}

/** ConnOpenInit: the connection's id, the events. */
export function connOpenInit(io: Io, clientId: string, counterparty: ConnCounterparty | undefined, version: Version | undefined, delayPeriod: bigint, env: Env): { connectionId: string; events: TxEvent[] } {
  const versions = [version ?? DEFAULT_VERSION];
  if (version !== undefined && (version.identifier !== "1" || version.features.some((f) => !DEFAULT_VERSION.features.includes(f)))) {
    throw new TxError(IbcErrors.ConnectionInvalidVersion, "connection handshake open init failed: version is not supported");
  }
  const status = clientStatus(io, clientId, env);
  if (status !== "Active") throw new TxError(IbcErrors.ClientNotActive, `connection handshake open init failed: client (${clientId}) status is ${status}`);
  const id = `connection-${nextSequence(io, keys.nextConnection)}`;
  getClientState(io, clientId);
  const paths = io.get(IBC, keys.clientConnections(clientId));
  io.set(IBC, keys.clientConnections(clientId), encodePaths([...(paths === undefined ? [] : decodePaths(paths)), id]));
  const end = create(ConnectionEndSchema, {
    clientId, versions: versions.map((v) => ({ identifier: v.identifier, features: [...v.features] })), state: ConnState.INIT,
    counterparty: { clientId: counterparty?.clientId ?? "", connectionId: counterparty?.connectionId ?? "", prefix: { keyPrefix: counterparty?.prefix?.keyPrefix ?? new Uint8Array() } },
    delayPeriod,
  });
  io.set(IBC, keys.connection(id), toBinary(ConnectionEndSchema, end));
  return {
    connectionId: id,
    events: [event("connection_open_init", { connection_id: id, client_id: clientId, counterparty_client_id: counterparty?.clientId ?? "" }), event("message", { module: "ibc_connection" })],
  };
}

export function getConnection(io: Io, id: string): ConnectionEnd | undefined {
  const bz = io.get(IBC, keys.connection(id));
  return bz === undefined ? undefined : fromBinary(ConnectionEndSchema, bz);
}

const ORDER_NAME: Record<number, string> = { [Order.NONE_UNSPECIFIED]: "ORDER_NONE_UNSPECIFIED", [Order.UNORDERED]: "ORDER_UNORDERED", [Order.ORDERED]: "ORDER_ORDERED" };

/** ChanOpenInit's checks and the channel's id (before the application's callback). */
export function chanOpenInit(io: Io, order: Order, hops: string[], env: Env): string {
  const hop = hops[0] ?? "";
  const conn = getConnection(io, hop);
  if (conn === undefined) throw new TxError(IbcErrors.ConnectionNotFound, `channel handshake open init failed: ${hop}`);
  if (conn.versions.length !== 1) throw new TxError(IbcErrors.ConnectionInvalidVersion, "channel handshake open init failed: single version must be negotiated on connection before opening channel");
  if (!conn.versions[0]!.features.includes(ORDER_NAME[order] ?? "")) {
    throw new TxError(IbcErrors.ConnectionInvalidVersion, `channel handshake open init failed: connection version ${conn.versions[0]!.identifier} does not support channel ordering: ${ORDER_NAME[order]}`);
  }
  const status = clientStatus(io, conn.clientId, env);
  if (status !== "Active") throw new TxError(IbcErrors.ClientNotActive, `channel handshake open init failed: client (${conn.clientId}) status is ${status}`);
  return `channel-${nextSequence(io, keys.nextChannel)}`;
}

/** WriteOpenInitChannel: the channel end and its three sequences, the events. */
export function writeOpenInitChannel(io: Io, port: string, chan: string, order: Order, hops: string[], counterparty: ChanCounterparty | undefined, version: string): TxEvent[] {
  const ch = create(ChannelSchema, { state: ChanState.INIT, ordering: order, counterparty: { portId: counterparty?.portId ?? "", channelId: "" }, connectionHops: hops, version });
  io.set(IBC, keys.channel(port, chan), toBinary(ChannelSchema, ch));
  for (const w of ["Send", "Recv", "Ack"] as const) io.set(IBC, keys.seq(w, port, chan), u64(1n));
  return [
    event("channel_open_init", { port_id: port, channel_id: chan, counterparty_port_id: counterparty?.portId ?? "", connection_id: hops[0] ?? "", version }),
    event("message", { module: "ibc_channel" }),
  ];
}

/** The transfer module's OnChanOpenInit: unordered, on its port, version ics20-1. */
export function transferOnChanOpenInit(io: Io, order: Order, port: string, chan: string, version: string): string {
  if (order !== Order.UNORDERED) throw new TxError(IbcErrors.ChannelInvalidOrdering, `channel open init callback failed for port ID: ${port}, channel ID: ${chan}: expected ORDER_UNORDERED channel, got ${ORDER_NAME[order]} `);
  io.read("transfer", "\x01", 8); // GetPort
  if (port !== "transfer") throw new TxError(IbcErrors.InvalidPort, `channel open init callback failed for port ID: ${port}, channel ID: ${chan}: invalid port: ${port}, expected transfer`);
  const v = version.trim() === "" ? "ics20-1" : version;
  if (v !== "ics20-1") throw new TxError(IbcErrors.TransferInvalidVersion, `channel open init callback failed for port ID: ${port}, channel ID: ${chan}: expected one of [ics20-1], got ${v}`);
  return v;
}
