// ABCI Query as the SDK's baseapp answers it through CometBFT's `abci_query`: the path is a gRPC
// method (`/cosmos.bank.v1beta1.Query/Balance`), `data` its protobuf request, `value` its protobuf
// response. Every query method is a typed handler of the query router (app/queries.ts), the same
// one REST renders as gateway JSON; tx Simulate and the node service's Config (Services, not
// queries; chain-maind registers the node service on its query router) are answered here. Errors
// as baseapp maps gRPC statuses: NotFound → sdk 38, InvalidArgument → sdk 18, anything else →
// sdk 6, the log `rpc error: code = … desc = …`.

import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { SimulateRequestSchema, SimulateResponseSchema } from "../wire/gen/cosmos/tx/v1beta1/service_pb.js";
import { TxMsgDataSchema } from "../wire/gen/cosmos/base/abci/v1beta1/abci_pb.js";
import { ConfigResponseSchema } from "../wire/gen/cosmos/base/node/v1beta1/query_pb.js";
import { decString } from "../wire/gateway-json.js";
import { SimulationError } from "../framework/types.js";
import type { Application } from "./application.js";
import { TxError } from "../wire/errors.js";
import { GatewayError, GrpcCode } from "../wire/gateway-json.js";
import { methodPath, routeOf, type QueryRouter } from "../framework/query-router.js";
import { queryMethods } from "./queries.js";

export { methodPath, queryMethods, routeOf };

/** ResponseQuery's fields the RPC renders. */
export interface AbciQueryResult {
  code: number;
  codespace: string;
  log: string;
  value: Uint8Array;
  height: bigint;
}

export type AbciQuery = (path: string, data: Uint8Array, height?: bigint) => Promise<AbciQueryResult>;

/** A gRPC status as a query handler fails with it. */
class GrpcStatus extends Error {
  constructor(readonly grpc: "NotFound" | "InvalidArgument" | "Unknown", message: string) {
    super(message);
  }
}

const SDK_ERROR_OF = {
  NotFound: { code: 38, text: "key not found" },
  InvalidArgument: { code: 18, text: "invalid request" },
  Unknown: { code: 6, text: "unknown request" },
} as const;

/** The node's ABCI Query over its query router. */
export function createAbciQuery(
  node: Application, router: QueryRouter,
  /** A router path's answer by a query worker (server/query-pool.ts: a promise) or by the node (`answer`, also the worker's fallback). */
  offload?: (path: string, data: Uint8Array, answer: () => Uint8Array) => Uint8Array | Promise<Uint8Array>,
): AbciQuery {
  const simulate = (data: Uint8Array): Uint8Array => {
    const req = fromBinary(SimulateRequestSchema, data);
    if (req.txBytes.length === 0) throw new GrpcStatus("InvalidArgument", "empty txBytes is not allowed");
    try {
      const r = node.simulate(req.txBytes);
      return toBinary(SimulateResponseSchema, create(SimulateResponseSchema, {
        gasInfo: { gasWanted: (1n << 64n) - 1n, gasUsed: r.gasUsed },
        result: {
          data: r.data, log: "",
          events: r.events.map((e) => ({ type: e.type, attributes: e.attributes.map((a) => ({ key: a.key, value: a.value, index: a.index ?? true })) })),
          msgResponses: r.data.length === 0 ? [] : fromBinary(TxMsgDataSchema, r.data).msgResponses,
        },
      }));
    } catch (e) {
      if (e instanceof SimulationError) throw new GrpcStatus("Unknown", e.message);
      if (e instanceof TxError) throw new GrpcStatus("Unknown", `${e.log} with gas used: '0'`);
      throw e;
    }
  };
  const grpcStatusOf = (e: unknown): never => {
    if (e instanceof GatewayError) throw new GrpcStatus(e.code === GrpcCode.NOT_FOUND ? "NotFound" : e.code === GrpcCode.INVALID_ARGUMENT ? "InvalidArgument" : "Unknown", e.message);
    throw e;
  };
  const answer = (path: string, data: Uint8Array): Uint8Array => {
    if (path === "/cosmos.tx.v1beta1.Service/Simulate") return simulate(data);
    if (path === NODE_CONFIG) return nodeConfig(node);
    try {
      return router.abciAtLatest(path, data);
    } catch (e) {
      return grpcStatusOf(e);
    }
  };

  return async (path, data, height) => {
    const latest = node.latest.height;
    if (height !== undefined && height !== 0n && height !== latest) {
      return failure(18, "invalid request", `cannot query at height ${height}: this node answers at the latest height (${latest}) only`, latest);
    }
    if (path !== "/cosmos.tx.v1beta1.Service/Simulate" && path !== NODE_CONFIG && !router.has(path)) return failure(6, "unknown request", "unknown query path", latest);
    try {
      let value: Uint8Array;
      if (offload === undefined || !router.has(path)) value = answer(path, data);
      else {
        try {
          value = await offload(path, data, () => router.abci(path, data));
        } catch (e) {
          value = grpcStatusOf(e);
        }
      }
      return { code: 0, codespace: "", log: "", value, height: latest };
    } catch (e) {
      if (e instanceof GrpcStatus) {
        const sdk = SDK_ERROR_OF[e.grpc];
        return failure(sdk.code, sdk.text, `rpc error: code = ${e.grpc} desc = ${e.message}`, latest);
      }
      // Undecodable request bytes: the gRPC server's own InvalidArgument.
      const sdk = SDK_ERROR_OF.InvalidArgument;
      return failure(sdk.code, sdk.text, `rpc error: code = InvalidArgument desc = ${(e as Error).message}`, latest);
    }
  };
}

const NODE_CONFIG = "/cosmos.base.node.v1beta1.Service/Config";

/**
 * The node service's Config as chain-maind answers it: the minimum gas prices as DecCoins text
 * (non-zero ones, by denom, 18 decimals; "" for none); its pruning fields empty and halt height 0
 * (the SDK's NewQueryServer drops the config it is given).
 */
function nodeConfig(node: Application): Uint8Array {
  const prices = node.state.minGasPrices.filter((p) => p.amount > 0n).sort((a, b) => (a.denom < b.denom ? -1 : a.denom > b.denom ? 1 : 0));
  return toBinary(ConfigResponseSchema, create(ConfigResponseSchema, {
    minimumGasPrice: prices.map((p) => `${decString(p.amount)}${p.denom}`).join(","),
  }));
}

function failure(code: number, text: string, detail: string, height: bigint): AbciQueryResult {
  return { code, codespace: "sdk", log: `${detail}: ${text}`, value: new Uint8Array(), height };
}
