// ibc-go v10's query services on a lone chain, as chain-maind's gateway answers them: the params of
// transfer, client, connection and interchain accounts (chain-main's genesis values, which no message
// here changes: their governance updates are refused), empty lists with pagination (channel lists
// with the query's height), 09-localhost's connection (ibc-go always has it), and the not-found
// errors for a client, connection, channel, interchain account or denom.

import { GatewayError, GrpcCode } from "../../wire/gateway-json.js";
import type { ServiceHandlers } from "../../framework/query-router.js";
import type { ChainView } from "../../framework/view.js";
import type { Query as TransferQuery } from "../../wire/gen/ibc/applications/transfer/v1/query_pb.js";
import type { Query as ClientQuery } from "../../wire/gen/ibc/core/client/v1/query_pb.js";
import { State, type Query as ConnectionQuery } from "../../wire/gen/ibc/core/connection/v1/query_pb.js";
import type { Query as ChannelQuery } from "../../wire/gen/ibc/core/channel/v1/query_pb.js";
import type { Query as ControllerQuery } from "../../wire/gen/ibc/applications/interchain_accounts/controller/v1/query_pb.js";
import type { Query as HostQuery } from "../../wire/gen/ibc/applications/interchain_accounts/host/v1/query_pb.js";
import { paginate } from "../nft/queries.js";

/** What IBC's queries read of the application: the query's height. */
export type IbcView = Pick<ChainView, "latestBlock">;

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
    clientState: (r) => { throw notFound(`${r.clientId}: light client not found`); },
    clientStates: (r) => ({ clientStates: [], pagination: none(r.pagination, max) }),
    consensusStates: (r) => ({ consensusStates: [], pagination: none(r.pagination, max) }),
    consensusStateHeights: (r) => ({ consensusStateHeights: [], pagination: none(r.pagination, max) }),
    clientStatus: () => ({ status: "Unknown" }),
    clientParams: () => ({ params: { allowedClients: ["*"] } }),
    clientCreator: () => ({ creator: "" }),
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
      if (r.connectionId !== LOCALHOST) throw notFound(`${r.connectionId}: connection not found`);
      const { id: _, ...end } = localhost;
      return { connection: end, proof: new Uint8Array(), proofHeight: { revisionNumber: 0n, revisionHeight: app.latestBlock().height } };
    },
    connections: (r) => {
      const page = paginate([{ key: LOCALHOST, item: localhost }], r.pagination, max);
      return { connections: page.items, pagination: page.pagination, height: { revisionNumber: 0n, revisionHeight: app.latestBlock().height } };
    },
    clientConnections: (r) => { throw notFound(`${r.clientId}: light client connection paths not found`); },
    connectionParams: () => ({ params: { maxExpectedTimePerBlock: 30_000_000_000n } }),
  };
}

export function channelQueries(app: IbcView, o: { maxPageLimit?: number } = {}): ServiceHandlers<typeof ChannelQuery> {
  const max = o.maxPageLimit ?? 100;
  const height = () => ({ revisionNumber: 0n, revisionHeight: app.latestBlock().height });
  return {
    channel: (r) => { throw notFound(`port-id: ${r.portId}, channel-id ${r.channelId}: channel not found`); },
    channels: (r) => ({ channels: [], pagination: none(r.pagination, max), height: height() }),
    connectionChannels: (r) => ({ channels: [], pagination: none(r.pagination, max), height: height() }),
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
