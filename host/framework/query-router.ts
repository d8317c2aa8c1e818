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
import { base64 } from "@scure/base";
import { http } from "../wire/gen/google/api/http_pb.js";
import { gatewayJson, type AnyJson } from "../wire/gateway-render.js";
import { gatewayJsonText } from "../wire/json-writer.js";

export type { AnyJson };
import { requestFromHttp, type HttpParams } from "../wire/gateway-request.js";
import { BlockAnswers, PER_BLOCK_METHODS, type BlockKey } from "./block-answers.js";

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
  /** The answer as JSON text: `JSON.stringify(answer(params))`, by the schema's compiled writer. */
  text(params: HttpParams): string;
  /** Its answers are kept per block by whoever renders them (the method is in PER_BLOCK_METHODS and the router has a `blockKey`). */
  perBlock: boolean;
}

interface Entry {
  method: DescMethod;
  handle: (request: Message) => Message;
}

export class QueryRouter {
  private readonly byPath = new Map<string, Entry>();
  private bytes?: BlockAnswers<Uint8Array>;
  /** The latest block's key (keepPerBlock): REST keeps the hot routes' answers by it (server/get-fast.ts). */
  blockKey?: BlockKey;

  /**
   * `registry` names the Any payloads answers carry (accounts, keys, proposal messages);
   * `anyJson` renders those it cannot name (the SDK's messages in a proposal).
   */
  constructor(private readonly registry: Registry, private readonly anyJson?: AnyJson) {}

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

  /** Keep the hot methods' answers per block (block-answers.ts), `blockKey` naming the latest block; before `routes`. */
  keepPerBlock(blockKey: BlockKey): this {
    this.blockKey = blockKey;
    this.bytes = new BlockAnswers<Uint8Array>(blockKey);
    return this;
  }

  /** `abci` asked between blocks (CometBFT's abci_query; not from inside a block): a hot method's answer kept per block. */
  abciAtLatest(path: string, data: Uint8Array): Uint8Array {
    const bytes = this.bytes;
    if (bytes === undefined || !PER_BLOCK_METHODS.has(path)) return this.abci(path, data);
    return bytes.get(`${path} ${base64.encode(data)}`, () => this.abci(path, data));
  }

  /** The REST routes of the registered methods with a GET option, `chainmain` swapped for the node's chain segment. */
  routes(chainSegment = "chainmain"): QueryRoute[] {
    const out: QueryRoute[] = [];
    for (const { method, handle } of this.byPath.values()) {
      const pattern = getOption(method, http)?.pattern;
      if (pattern?.case !== "get") continue;
      // `{field=**}` (grpc-gateway: the rest of the path, slashes included) and `{field}`.
      const path = pattern.value.replace(/^\/chainmain\//, `/${chainSegment}/`).replace(/\{(\w+)=\*\*\}/g, ":$1{.+}").replace(/\{(\w+)\}/g, ":$1");
      const text = (params: HttpParams) => gatewayJsonText(method.output, handle(requestFromHttp(method.input, params)), this.registry, this.anyJson);
      out.push({
        path, method, text, perBlock: this.blockKey !== undefined && PER_BLOCK_METHODS.has(methodPath(method)),
        answer: (params) => gatewayJson(method.output, handle(requestFromHttp(method.input, params)), this.registry, this.anyJson),
      });
    }
    return out;
  }
}

/** The gRPC method name (`/cosmos.bank.v1beta1.Query/Balance`) of a query method. */
export const methodPath = (m: DescMethod): string => `/${m.parent.typeName}/${m.name}`;

/**
 * A query method's REST URL for a request, as a client of grpc-gateway writes it (the inverse of
 * requestFromHttp): the route's `{field}`s from the request, its other set scalar fields as the
 * query string (a message's fields as `field.sub=`). Undefined for a method without a GET route.
 */
export function routeOf(method: DescMethod, chainSegment = "chainmain"): ((req: Message) => string) | undefined {
  const template = getOption(method, http)?.pattern;
  if (template?.case !== "get") return undefined;
  const path = template.value.replace(/^\/chainmain\//, `/${chainSegment}/`);
  const inPath = new Set([...path.matchAll(/\{(\w+)(?:=\*\*)?\}/g)].map((m) => m[1]!));
  return (req) => {
    const r = req as unknown as Record<string, unknown>;
    const fields = method.input.fields;
    const url = path.replace(/\{(\w+)(=\*\*)?\}/g, (_, name: string, rest?: string) => {
      const text = scalarText(r[fields.find((f) => f.name === name)!.localName]);
      return rest ? text.split("/").map(encodeURIComponent).join("/") : encodeURIComponent(text);
    });
    const q = new URLSearchParams();
    const add = (prefix: string, desc: DescMessage, msg: Record<string, unknown>) => {
      for (const f of desc.fields) {
        if (prefix === "" && inPath.has(f.name)) continue;
        const v = msg[f.localName];
        if (f.fieldKind === "message" && v !== undefined) add(`${prefix}${f.name}.`, f.message, v as Record<string, unknown>);
        else if (f.fieldKind === "scalar" && v !== undefined && !isDefault(v)) q.set(`${prefix}${f.name}`, scalarText(v));
      }
    };
    add("", method.input, r);
    const qs = q.toString();
    return qs === "" ? url : `${url}?${qs}`;
  };
}

const isDefault = (v: unknown): boolean => v === "" || v === false || v === 0 || v === 0n || (v instanceof Uint8Array && v.length === 0);

const scalarText = (v: unknown): string => (v instanceof Uint8Array ? base64.encode(v) : String(v ?? ""));
