// IBC's genesis section (`app_state.ibc`, ibc-go v10's GenesisState as chain-maind exports it): the
// clients with their consensus states and metadata, the connections and the clients' connection
// paths, the channels and their sequences, the next client/connection/channel sequences. Exported
// from the records the node keeps (the section's other fields as the genesis gave them) and
// imported back into the keeper under ibc-go's store keys.

import { fromBinary, fromJson, toBinary, toJson, type DescMessage, type JsonValue } from "@bufbuild/protobuf";
import { ClientStateSchema, ConsensusStateSchema } from "../../wire/gen/ibc/lightclients/tendermint/v1/tendermint_pb.js";
import { ConnectionEndSchema } from "../../wire/gen/ibc/core/connection/v1/query_pb.js";
import { ChannelSchema } from "../../wire/gen/ibc/core/channel/v1/channel_pb.js";
import { IbcStore } from "./keeper.js";
import { IBC, TM_CLIENT_STATE, TM_CONSENSUS_STATE, decodePaths, keys, unpackAny } from "./handshake.js";
import { create } from "@bufbuild/protobuf";
import { AnySchema } from "@bufbuild/protobuf/wkt";
import type { ModuleRecord } from "../../store/records.js";

type Obj = { [k: string]: JsonValue };
const JSON_OPTS = { useProtoFieldName: true, alwaysEmitImplicit: true } as const;
const json = <D extends DescMessage>(schema: D, bytes: Uint8Array) => toJson(schema, fromBinary(schema, bytes), JSON_OPTS) as Obj;
const u64 = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, 8).getBigUint64(0);
const b64 = (b: Uint8Array) => Buffer.from(b).toString("base64");
const latin1 = (s: string) => new Uint8Array(Buffer.from(s, "latin1"));

const CLIENT = /^clients\/([^/]+)\/(.+)$/s;
const CHANNEL = /^channelEnds\/ports\/([^/]+)\/channels\/([^/]+)$/;
const SEQUENCE = /^nextSequence(Send|Recv|Ack)\/ports\/([^/]+)\/channels\/([^/]+)$/;
const CONSENSUS = /^consensusStates\/(\d+)-(\d+)$/;

/** A consensus state's JSON as ibc-go writes it: next_validators_hash is a HexBytes (upper-case hex). */
function consensusJson(value: Uint8Array): Obj {
  const c = fromBinary(ConsensusStateSchema, value);
  return { "@type": TM_CONSENSUS_STATE, ...json(ConsensusStateSchema, value), next_validators_hash: Buffer.from(c.nextValidatorsHash).toString("hex").toUpperCase() };
}

/** The `ibc` section: `kept` (the genesis's) with the state the store holds. */
export function ibcJson(s: IbcStore, kept: Obj | undefined): JsonValue {
  const section = kept ?? {};
  const clients: Obj[] = [];
  const consensus = new Map<string, Obj[]>();
  const metadata = new Map<string, Obj[]>();
  const paths: Obj[] = [];
  for (const [k, v] of s.entries(IBC, "clients/")) {
    const m = CLIENT.exec(k);
    if (m === null) continue;
    const [, id, rest] = m as unknown as [string, string, string];
    const c = CONSENSUS.exec(rest);
    if (rest === "clientState") clients.push({ client_id: id, client_state: { "@type": TM_CLIENT_STATE, ...json(ClientStateSchema, unpackAny(v).value) } });
    else if (c !== null) {
      consensus.set(id, [...(consensus.get(id) ?? []), { height: { revision_number: c[1]!, revision_height: c[2]! }, consensus_state: consensusJson(unpackAny(v).value) }]);
    } else if (rest === "connections") paths.push({ client_id: id, paths: decodePaths(v) });
    else if (rest !== "creator") metadata.set(id, [...(metadata.get(id) ?? []), { key: b64(latin1(rest)), value: b64(v) }]);
  }
  const channels: Obj[] = [];
  const sequences: Record<string, Obj[]> = { Send: [], Recv: [], Ack: [] };
  for (const [k, v] of s.entries(IBC)) {
    const ch = CHANNEL.exec(k);
    if (ch !== null) channels.push({ ...json(ChannelSchema, v), port_id: ch[1]!, channel_id: ch[2]! });
    const sq = SEQUENCE.exec(k);
    if (sq !== null) sequences[sq[1]!]!.push({ port_id: sq[2]!, channel_id: sq[3]!, sequence: `${u64(v)}` });
  }
  const connections = s.entries(IBC, "connections/").map(([k, v]) => ({ id: k.slice("connections/".length), ...json(ConnectionEndSchema, v) }));
  const next = (key: string, given: JsonValue | undefined) => { const v = s.get(IBC, key); return v === undefined ? (given ?? "0") : `${u64(v)}`; };
  const cg = (section.client_genesis ?? {}) as Obj;
  const co = (section.connection_genesis ?? {}) as Obj;
  const chg = (section.channel_genesis ?? {}) as Obj;
  const given = (o: Obj, f: string) => (Array.isArray(o[f]) ? (o[f] as JsonValue[]) : []);
  // 09-localhost's connection: ibc-go lists it always.
  const localhost: Obj = {
    id: "connection-localhost", client_id: "09-localhost", versions: [{ identifier: "1", features: ["ORDER_ORDERED", "ORDER_UNORDERED"] }], state: "STATE_OPEN",
    counterparty: { client_id: "09-localhost", connection_id: "connection-localhost", prefix: { key_prefix: "aWJj" } }, delay_period: "0",
  };
  return {
    ...section,
    client_genesis: {
      ...cg, clients: [...given(cg, "clients"), ...clients], clients_consensus: [...given(cg, "clients_consensus"), ...[...consensus].map(([id, cs]) => ({ client_id: id, consensus_states: cs }))],
      clients_metadata: [...given(cg, "clients_metadata"), ...[...metadata].map(([id, md]) => ({ client_id: id, client_metadata: md }))],
      next_client_sequence: next(keys.nextClient, cg.next_client_sequence),
    },
    connection_genesis: {
      ...co,
      connections: [...connections, localhost].sort((a, b) => Buffer.compare(Buffer.from(String((a as Obj).id)), Buffer.from(String((b as Obj).id)))),
      client_connection_paths: [...given(co, "client_connection_paths"), ...paths],
      next_connection_sequence: next(keys.nextConnection, co.next_connection_sequence),
    },
    channel_genesis: {
      ...chg, channels: [...given(chg, "channels"), ...channels],
      send_sequences: [...given(chg, "send_sequences"), ...sequences.Send!], recv_sequences: [...given(chg, "recv_sequences"), ...sequences.Recv!],
      ack_sequences: [...given(chg, "ack_sequences"), ...sequences.Ack!],
      next_channel_sequence: next(keys.nextChannel, chg.next_channel_sequence),
    },
  };
}

/** The exported section from the records of the last committed block. */
export function storedIbcJson(records: readonly ModuleRecord[], kept: Obj | undefined): JsonValue {
  const s = new IbcStore();
  for (const r of records) if (IbcStore.owns(r.key) && r.value !== null) s.load(r.key, r.value);
  // What the genesis gave is imported into the records too: keep the section's own lists out.
  const bare = kept === undefined ? undefined : stripImported(kept);
  return ibcJson(s, bare);
}

/** The section without the lists the node imports (they come back from the records). */
function stripImported(section: Obj): Obj {
  const cg = (section.client_genesis ?? {}) as Obj;
  const co = (section.connection_genesis ?? {}) as Obj;
  const chg = (section.channel_genesis ?? {}) as Obj;
  return {
    ...section,
    client_genesis: { ...cg, clients: [], clients_consensus: [], clients_metadata: [] },
    connection_genesis: { ...co, connections: [], client_connection_paths: [] },
    channel_genesis: { ...chg, channels: [], send_sequences: [], recv_sequences: [], ack_sequences: [] },
  };
}

const be = (n: bigint) => { const b = new Uint8Array(8); new DataView(b.buffer).setBigUint64(0, n); return b; };
const anyOf = (typeUrl: string, schema: DescMessage, o: Obj) => {
  const { "@type": _, ...fields } = o;
  return toBinary(AnySchema, create(AnySchema, { typeUrl, value: toBinary(schema, fromJson(schema, fields, { ignoreUnknownFields: false })) }));
};

/** The `ibc` section into the keeper (ibc-go's InitGenesis: the same keys its keepers write). */
export function initIbc(s: IbcStore, section: JsonValue | undefined): void {
  if (section === undefined || section === null || typeof section !== "object" || Array.isArray(section)) return;
  const o = section as Obj;
  const cg = (o.client_genesis ?? {}) as Obj;
  const co = (o.connection_genesis ?? {}) as Obj;
  const chg = (o.channel_genesis ?? {}) as Obj;
  for (const c of (cg.clients ?? []) as Obj[]) s.set(IBC, keys.clientState(String(c.client_id)), anyOf(TM_CLIENT_STATE, ClientStateSchema, c.client_state as Obj));
  for (const c of (cg.clients_consensus ?? []) as Obj[]) {
    for (const x of (c.consensus_states ?? []) as Obj[]) {
      const h = x.height as Obj;
      const cs = x.consensus_state as Obj;
      const hash = Buffer.from(String(cs.next_validators_hash ?? ""), "hex").toString("base64");
      s.set(IBC, keys.consensusState(String(c.client_id), `${h.revision_number}-${h.revision_height}`), anyOf(TM_CONSENSUS_STATE, ConsensusStateSchema, { ...cs, next_validators_hash: hash }));
    }
  }
  for (const c of (cg.clients_metadata ?? []) as Obj[]) {
    for (const m of (c.client_metadata ?? []) as Obj[]) {
      s.set(IBC, `clients/${c.client_id}/${Buffer.from(String(m.key), "base64").toString("latin1")}`, new Uint8Array(Buffer.from(String(m.value), "base64")));
    }
  }
  for (const c of (co.connections ?? []) as Obj[]) {
    if (c.id === "connection-localhost") continue;
    const { id, ...end } = c;
    s.set(IBC, keys.connection(String(id)), toBinary(ConnectionEndSchema, fromJson(ConnectionEndSchema, end)));
  }
  for (const p of (co.client_connection_paths ?? []) as Obj[]) {
    const paths = (p.paths ?? []) as string[];
    s.set(IBC, keys.clientConnections(String(p.client_id)), new Uint8Array(paths.flatMap((x) => [0x0a, Buffer.byteLength(x), ...Buffer.from(x)])));
  }
  for (const c of (chg.channels ?? []) as Obj[]) {
    const { port_id, channel_id, ...ch } = c;
    s.set(IBC, keys.channel(String(port_id), String(channel_id)), toBinary(ChannelSchema, fromJson(ChannelSchema, ch)));
  }
  for (const [f, w] of [["send_sequences", "Send"], ["recv_sequences", "Recv"], ["ack_sequences", "Ack"]] as const) {
    for (const q of (chg[f] ?? []) as Obj[]) s.set(IBC, keys.seq(w, String(q.port_id), String(q.channel_id)), be(BigInt(String(q.sequence))));
  }
  const next = (key: string, v: JsonValue | undefined) => { if (v !== undefined && v !== "0") s.set(IBC, key, be(BigInt(String(v)))); };
  next(keys.nextClient, cg.next_client_sequence);
  next(keys.nextConnection, co.next_connection_sequence);
  next(keys.nextChannel, chg.next_channel_sequence);
}

/** The `interchainaccounts` section: `kept` with the controller's ports the store holds (`port/<id>`). */
export function storedIcaJson(records: readonly ModuleRecord[], kept: Obj | undefined): JsonValue {
  const s = new IbcStore();
  for (const r of records) if (IbcStore.owns(r.key) && r.value !== null) s.load(r.key, r.value);
  const section = kept ?? {};
  const controller = (section.controller_genesis_state ?? {}) as Obj;
  const ports = s.entries("icacontroller", "port/").map(([k]) => k.slice("port/".length));
  return { ...section, controller_genesis_state: { ...controller, ports } };
}

/** Its controller ports into the store. */
export function initIca(s: IbcStore, section: JsonValue | undefined): void {
  const controller = ((section as Obj | undefined)?.controller_genesis_state ?? {}) as Obj;
  for (const p of (controller.ports ?? []) as string[]) s.set("icacontroller", `port/${p}`, new Uint8Array([1]));
}
