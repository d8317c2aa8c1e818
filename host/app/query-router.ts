// Queries by their gRPC method (`/chainmain.tieredrewards.v1.Query/Tiers`): one typed handler per
// method, its request and response the schema's messages. REST and abci_query are two renderings
// of the same handler: the gateway's JSON (wire/gateway-render.ts) of the response for the route
// its google.api.http option names, and the response's protobuf bytes for CometBFT's abci_query.
// Handlers read the chain; they fail with a GatewayError (its gRPC code: 404 NotFound, 400
// InvalidArgument, …), which each rendering maps as the SDK's does.

import {
  create, fromBinary, getOption, toBinary, type DescMessage, type DescMethod, type DescService, type JsonValue, type Message,
  type MessageInitShape, type MessageShape, type Registry,
} from "@bufbuild/protobuf";
import { http } from "../wire/gen/google/api/http_pb.js";
import { gatewayJson } from "../wire/gateway-render.js";
import { requestFromHttp, type HttpParams } from "../wire/gateway-request.js";

type Method<I extends DescMessage, O extends DescMessage> = DescMethod & { input: I; output: O };

/** A handler of one method: its request in, its response (a message or its init shape) out. */
export type QueryHandler<I extends DescMessage = DescMessage, O extends DescMessage = DescMessage> =
  (request: MessageShape<I>) => MessageInitShape<O>;

/** A service's handlers by method name (its localName, e.g. `tierPosition`). */
export type ServiceHandlers<S extends DescService> = {
  [K in keyof S["method"]]?: S["method"][K] extends Method<infer I, infer O> ? QueryHandler<I, O> : never;
};

/** A REST route of a query: Hono's path (`/…/position/:position_id`), and its handler. */
export interface QueryRoute {
  path: string;
  method: DescMethod;
  answer(params: HttpParams): JsonValue;
}

interface Entry {
  method: DescMethod;
  handle: (request: Message) => Message;
}

export class QueryRouter {
  private readonly byPath = new Map<string, Entry>();

  /** `registry` names the Any payloads answers carry (accounts, keys, proposal messages). */
  constructor(private readonly registry: Registry) {}

  /** One service's handlers; a method registered twice is a bug. */
  add<S extends DescService>(service: S, handlers: ServiceHandlers<S>): this {
    for (const method of service.methods) {
      const handler = (handlers as Record<string, QueryHandler | undefined>)[method.localName];
      if (handler === undefined) continue;
      const path = methodPath(method);
      if (this.byPath.has(path)) throw new Error(`query ${path} registered twice`);
      this.byPath.set(path, { method, handle: (request) => create(method.output, handler(request as never) as never) as Message });
    }
    return this;
  }

  has(path: string): boolean {
    return this.byPath.has(path);
  }

  /** abci_query: the request's bytes to the response's. Throws a GatewayError, or the decoder's error. */
  abci(path: string, data: Uint8Array): Uint8Array {
    const e = this.byPath.get(path);
    if (e === undefined) throw new Error(`unknown query ${path}`);
    return toBinary(e.method.output, e.handle(fromBinary(e.method.input, data)));
  }

  /** The REST routes of the registered methods with a GET option, `chainmain` swapped for the node's chain segment. */
  routes(chainSegment = "chainmain"): QueryRoute[] {
    const out: QueryRoute[] = [];
    for (const { method, handle } of this.byPath.values()) {
      const pattern = getOption(method, http)?.pattern;
      if (pattern?.case !== "get") continue;
      const path = pattern.value.replace(/^\/chainmain\//, `/${chainSegment}/`).replace(/\{(\w+)\}/g, ":$1");
      out.push({
        path, method,
        answer: (params) => gatewayJson(method.output, handle(requestFromHttp(method.input, params)), this.registry),
      });
    }
    return out;
  }
}

/** The gRPC method name (`/cosmos.bank.v1beta1.Query/Balance`) of a query method. */
export const methodPath = (m: DescMethod): string => `/${m.parent.typeName}/${m.name}`;
