// ibc-go v10's query services on a lone chain, as chain-maind's gateway answers them: the params of
// transfer, client, connection and interchain accounts (chain-main's genesis values, which no message
// here changes: their governance updates are refused), empty lists with pagination (channel lists
// with the query's height), 09-localhost's connection (ibc-go always has it), and the not-found
// errors for a client, connection, channel, interchain account or denom.

import { GatewayError, GrpcCode } from "../../wire/gateway-json.js";
import { encodeAddress } from "../../wire/address.js";
import { ACCOUNT_PREFIX } from "../../framework/prefixes.js";
import type { ServiceHandlers } from "../../framework/query-router.js";
import type { ChainView } from "../../framework/view.js";
import type { Query as TransferQuery } from "../../wire/gen/ibc/applications/transfer/v1/query_pb.js";
import type { Query as ClientQuery } from "../../wire/gen/ibc/core/client/v1/query_pb.js";
import { State, type Query as ConnectionQuery } from "../../wire/gen/ibc/core/connection/v1/query_pb.js";
import type { Query as ChannelQuery } from "../../wire/gen/ibc/core/channel/v1/query_pb.js";
import type { Query as ControllerQuery } from "../../wire/gen/ibc/applications/interchain_accounts/controller/v1/query_pb.js";
import type { Query as HostQuery } from "../../wire/gen/ibc/applications/interchain_accounts/host/v1/query_pb.js";
import { paginate } from "../nft/queries.js";
import { fromBinary } from "@bufbuild/protobuf";
import type { IbcStore } from "./keeper.js";
import { IBC, clientStatus, decodePaths, keys, unpackAny, type Io } from "./handshake.js";
import { ConnectionEndSchema } from "../../wire/gen/ibc/core/connection/v1/query_pb.js";
import { ChannelSchema } from "../../wire/gen/ibc/core/channel/v1/channel_pb.js";

/** What IBC's queries read of the application: the query's height and the IBC store. */
export type IbcView = Pick<ChainView, "latestBlock"> & { readonly ibc: IbcStore };

/** A read-only Io over the store (the queries' reads are not metered here). */
const readIo = (s: IbcStore): Io => ({ get: (st, k) => s.get(st, k), set: () => { throw new Error("read only"); }, read: () => {}, has: () => {} });

const CLIENT_STATE = /^clients\/([^/]+)\/clientState$/;
const parseHeight = (h: string) => { const [n, m] = h.split("-"); return { revisionNumber: BigInt(n!), revisionHeight: BigInt(m!) }; };

/** A client's consensus states, in the store's order (by height text). */
function consensusStates(s: IbcStore, id: string) {
  const head = `clients/${id}/consensusStates/`;
  return s.entries(IBC, head).filter(([k]) => !k.slice(head.length).includes("/")).map(([k, v]) => ({ key: k, height: parseHeight(k.slice(head.length)), any: unpackAny(v) }));
}

const clientStates = (s: IbcStore) =>
  s.entries(IBC, "clients/").flatMap(([k, v]) => { const m = CLIENT_STATE.exec(k); return m === null ? [] : [{ key: m[1]!, item: { clientId: m[1]!, clientState: unpackAny(v) } }]; });

const connectionsOf = (s: IbcStore) => s.entries(IBC, "connections/").map(([k, v]) => ({ key: k.slice("connections/".length), end: fromBinary(ConnectionEndSchema, v) }));

const CHANNEL = /^channelEnds\/ports\/([^/]+)\/channels\/([^/]+)$/;
const channelsOf = (s: IbcStore) =>
  s.entries(IBC, "channelEnds/ports/").flatMap(([k, v]) => {
    const m = CHANNEL.exec(k);
    if (m === null) return [];
    const ch = fromBinary(ChannelSchema, v);
    return [{ key: k, item: { state: ch.state, ordering: ch.ordering, counterparty: ch.counterparty, connectionHops: ch.connectionHops, version: ch.version, portId: m[1]!, channelId: m[2]! } }];
  });

const none = (p: Parameters<typeof paginate>[1], max: number) => paginate([], p, max).pagination;
const notFound = (message: string) => new GatewayError(GrpcCode.NOT_FOUND, message);

export function transferQueries(o: { maxPageLimit?: number } = {}): ServiceHandlers<typeof TransferQuery> {
  const max = o.maxPageLimit ?? 100;
  return {
    params: () => ({ params: { sendEnabled: false, receiveEnabled: false } }),
    denoms: (r) => ({ denoms: [], pagination: none(r.pagination, max) }),
    denom: (r) => { throw notFound(`${r.hash}: denomination not found`); },
    denomHash: (r) => { throw notFound(`${r.trace}: denomination not found`); },
    totalEscrowForDenom: (r) => ({ amount: { denom: r.denom, amount: "0" } }),
  };
}

export function clientQueries(app: IbcView, o: { maxPageLimit?: number } = {}): ServiceHandlers<typeof ClientQuery> {
  const max = o.maxPageLimit ?? 100;
  return {
    clientState: (r) => {
      const bz = app.ibc.get(IBC, keys.clientState(r.clientId));
      if (bz === undefined) throw notFound(`${r.clientId}: light client not found`);
      return { clientState: unpackAny(bz), proof: new Uint8Array(), proofHeight: { revisionNumber: 0n, revisionHeight: app.latestBlock().height } };
    },
    clientStates: (r) => { const p = paginate(clientStates(app.ibc), r.pagination, max); return { clientStates: p.items, pagination: p.pagination }; },
    consensusStates: (r) => {
      const p = paginate(consensusStates(app.ibc, r.clientId).map((c) => ({ key: c.key, item: { height: c.height, consensusState: c.any } })), r.pagination, max);
      return { consensusStates: p.items, pagination: p.pagination };
    },
    consensusStateHeights: (r) => {
      const p = paginate(consensusStates(app.ibc, r.clientId).map((c) => ({ key: c.key, item: c.height })), r.pagination, max);
      return { consensusStateHeights: p.items, pagination: p.pagination };
    },
    clientStatus: (r) => ({ status: clientStatus(readIo(app.ibc), r.clientId, { timeNs: app.latestBlock().timeNs, height: app.latestBlock().height, chainRevision: 0n }) }),
    clientParams: () => ({ params: { allowedClients: ["*"] } }),
    clientCreator: (r) => {
      const bz = app.ibc.get(IBC, keys.creator(r.clientId));
      return { creator: bz === undefined ? "" : encodeAddress(ACCOUNT_PREFIX, bz) };
    },
    upgradedClientState: () => { throw notFound("upgrade plan not found"); },
    upgradedConsensusState: () => { throw notFound(`upgraded consensus state not found, height ${app.latestBlock().height}`); },
  };
}

const LOCALHOST = "connection-localhost";
const localhost = {
  id: LOCALHOST, clientId: "09-localhost", versions: [{ identifier: "1", features: ["ORDER_ORDERED", "ORDER_UNORDERED"] }], state: State.OPEN,
  counterparty: { clientId: "09-localhost", connectionId: LOCALHOST, prefix: { keyPrefix: new TextEncoder().encode("ibc") } }, delayPeriod: 0n,
};

export function connectionQueries(app: IbcView, o: { maxPageLimit?: number } = {}): ServiceHandlers<typeof ConnectionQuery> {
  const max = o.maxPageLimit ?? 100;
  return {
    connection: (r) => {
      const stored = app.ibc.get(IBC, keys.connection(r.connectionId));
      if (stored !== undefined) return { connection: fromBinary(ConnectionEndSchema, stored), proof: new Uint8Array(), proofHeight: { revisionNumber: 0n, revisionHeight: app.latestBlock().height } };
      if (r.connectionId !== LOCALHOST) throw notFound(`${r.connectionId}: connection not found`);
      const { id: _, ...end } = localhost;
      return { connection: end, proof: new Uint8Array(), proofHeight: { revisionNumber: 0n, revisionHeight: app.latestBlock().height } };
    },
    connections: (r) => {
      const rows = [...connectionsOf(app.ibc).map((c) => ({ key: c.key, item: { id: c.key, clientId: c.end.clientId, versions: c.end.versions, state: c.end.state, counterparty: c.end.counterparty, delayPeriod: c.end.delayPeriod } as typeof localhost })), { key: LOCALHOST, item: localhost }].sort((a, b) => Buffer.compare(Buffer.from(a.key), Buffer.from(b.key)));
      const page = paginate(rows, r.pagination, max);
      return { connections: page.items, pagination: page.pagination, height: { revisionNumber: 0n, revisionHeight: app.latestBlock().height } };
    },
    clientConnections: (r) => {
      const bz = app.ibc.get(IBC, keys.clientConnections(r.clientId));
      if (bz === undefined) throw notFound(`${r.clientId}: light client connection paths not found`);
      return { connectionPaths: decodePaths(bz), proof: new Uint8Array(), proofHeight: { revisionNumber: 0n, revisionHeight: app.latestBlock().height } };
    },
    connectionParams: () => ({ params: { maxExpectedTimePerBlock: 30_000_000_000n } }),
  };
}

export function channelQueries(app: IbcView, o: { maxPageLimit?: number } = {}): ServiceHandlers<typeof ChannelQuery> {
  const max = o.maxPageLimit ?? 100;
  const height = () => ({ revisionNumber: 0n, revisionHeight: app.latestBlock().height });
  return {
    channel: (r) => {
      const bz = app.ibc.get(IBC, keys.channel(r.portId, r.channelId));
      if (bz === undefined) throw notFound(`port-id: ${r.portId}, channel-id ${r.channelId}: channel not found`);
      return { channel: fromBinary(ChannelSchema, bz), proof: new Uint8Array(), proofHeight: height() };
    },
    channels: (r) => { const p = paginate(channelsOf(app.ibc), r.pagination, max); return { channels: p.items, pagination: p.pagination, height: height() }; },
    connectionChannels: (r) => {
      const p = paginate(channelsOf(app.ibc).filter((c) => c.item.connectionHops[0] === r.connection), r.pagination, max);
      return { channels: p.items, pagination: p.pagination, height: height() };
    },
    packetCommitments: (r) => { throw notFound(`port ID (${r.portId}) channel ID (${r.channelId}): channel not found`); },
  };
}

export function controllerQueries(): ServiceHandlers<typeof ControllerQuery> {
  return {
    interchainAccount: (r) => { throw notFound(`failed to retrieve account address for icacontroller-${r.owner} on connection ${r.connectionId}`); },
    params: () => ({ params: { controllerEnabled: true } }),
  };
}

export function hostQueries(): ServiceHandlers<typeof HostQuery> {
  return { params: () => ({ params: { hostEnabled: true, allowMessages: ["*"] } }) };
}
