// ABCI Query as the SDK's baseapp answers it through CometBFT's `abci_query`: the path is a gRPC
// method (`/cosmos.bank.v1beta1.Query/Balance`), `data` its protobuf request, `value` its protobuf
// response. One router for both faces: every query method is a method of the schema's Query
// services (proto/cosmos/*, proto/chainmain/*), whose google.api.http option names its REST
// route. The REST handler of that route answers it (gateway JSON); abci_query maps the request
// to that route as grpc-gateway does (path fields, the rest as the query string) and returns the
// answer in the method's protobuf response (LegacyDec fields as their 18-decimal integers, Any
// type URLs as the SDK's). What CosmJS asks on every call (auth Account, bank
// Balance/AllBalances/TotalSupply) and tx Simulate are answered from the chain directly. Errors as
// baseapp maps gRPC statuses: NotFound → sdk 38, InvalidArgument → sdk 18, anything else → sdk 6,
// the log `rpc error: code = … desc = …`.

import {
  ScalarType, create, createRegistry, fromBinary, fromJson, getOption, toBinary,
  type DescField, type DescFile, type DescMessage, type DescMethod, type JsonValue, type Message,
} from "@bufbuild/protobuf";
import { utf8ToBytes } from "@noble/hashes/utils.js";
import { base64 } from "@scure/base";
import type { Hono } from "hono";
import { BaseAccount, ModuleAccount } from "cosmjs-types/cosmos/auth/v1beta1/auth";
import { QueryAccountRequest, QueryAccountResponse } from "cosmjs-types/cosmos/auth/v1beta1/query";
import {
  QueryAllBalancesRequest, QueryAllBalancesResponse, QueryBalanceRequest, QueryBalanceResponse, QueryTotalSupplyResponse,
} from "cosmjs-types/cosmos/bank/v1beta1/query";
import { PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import { SimulateRequest, SimulateResponse } from "cosmjs-types/cosmos/tx/v1beta1/service";
import { TxMsgData } from "cosmjs-types/cosmos/base/abci/v1beta1/abci";
import { hex } from "@scure/base";
import { SimulationError } from "./types.js";
import type { Application } from "./application.js";
import { MODULE_ACCOUNTS, MODULE_PERMISSIONS } from "../modules/auth/directory.js";
import { moduleAddress } from "../wire/keys.js";
import { TxError } from "../wire/errors.js";
import { ACCOUNT_PREFIX } from "./genesis.js";
import { decToRaw } from "../wire/amino/amino-json.js";
import { GatewayError, GrpcCode } from "../wire/gateway-json.js";
import { methodPath, type QueryRouter } from "./query-router.js";

export { methodPath };
import { scalar as cosmosScalar } from "../wire/gen/cosmos_proto/cosmos_pb.js";
import { file_chainmain_tieredrewards_v1_query } from "../wire/gen/chainmain/tieredrewards/v1/query_pb.js";
import { file_chainmain_inflation_v1_query } from "../wire/gen/chainmain/inflation/v1/query_pb.js";
import { http } from "../wire/gen/google/api/http_pb.js";
import { file_cosmos_auth_v1beta1_query } from "../wire/gen/cosmos/auth/v1beta1/query_pb.js";
import { file_cosmos_bank_v1beta1_query } from "../wire/gen/cosmos/bank/v1beta1/query_pb.js";
import { file_cosmos_staking_v1beta1_query } from "../wire/gen/cosmos/staking/v1beta1/query_pb.js";
import { file_cosmos_distribution_v1beta1_query } from "../wire/gen/cosmos/distribution/v1beta1/query_pb.js";
import { file_cosmos_mint_v1beta1_query } from "../wire/gen/cosmos/mint/v1beta1/query_pb.js";
import { file_cosmos_slashing_v1beta1_query } from "../wire/gen/cosmos/slashing/v1beta1/query_pb.js";
import { file_cosmos_gov_v1_query } from "../wire/gen/cosmos/gov/v1/query_pb.js";
import { file_cosmos_gov_v1beta1_query } from "../wire/gen/cosmos/gov/v1beta1/query_pb.js";
import { file_cosmos_gov_v1_tx } from "../wire/gen/cosmos/gov/v1/tx_pb.js";
import { file_chainmain_tieredrewards_v1_tx } from "../wire/gen/chainmain/tieredrewards/v1/tx_pb.js";
import { file_chainmain_inflation_v1_tx } from "../wire/gen/chainmain/inflation/v1/tx_pb.js";
import { file_cosmos_crypto_ed25519_keys } from "../wire/gen/cosmos/crypto/ed25519/keys_pb.js";
import { file_cosmos_crypto_secp256k1_keys } from "../wire/gen/cosmos/crypto/secp256k1/keys_pb.js";

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

/** Bridged answers kept for the latest height (a few hundred queries' bytes). */
const BRIDGE_CACHE = 512;


/**
 * The node's ABCI Query: `app` is its REST app (x/tieredrewards and x/inflation queries are its
 * handlers' JSON in protobuf).
 */
export function createAbciQuery(node: Application, app: Hono, chainSegment = "chainmain", router?: QueryRouter): AbciQuery {
  const handlers = new Map<string, (data: Uint8Array) => Promise<Uint8Array> | Uint8Array>();
  const denom = node.denom;
  // The typed handlers (app/query-router.ts): the same answers REST renders, in protobuf.
  for (const method of queryMethods()) {
    const path = methodPath(method);
    if (router?.has(path)) {
      handlers.set(path, (data) => {
        try {
          return router.abci(path, data);
        } catch (e) {
          if (e instanceof GatewayError) throw new GrpcStatus(e.code === GrpcCode.NOT_FOUND ? "NotFound" : e.code === GrpcCode.INVALID_ARGUMENT ? "InvalidArgument" : "Unknown", e.message);
          throw e;
        }
      });
    }
  }

  handlers.set("/cosmos.auth.v1beta1.Query/Account", (data) => {
    const { address } = QueryAccountRequest.decode(data);
    const module = MODULE_ACCOUNTS.find(([name]) => moduleAddress(name, ACCOUNT_PREFIX) === address);
    const a = node.directory.account(address);
    if (a === undefined) throw new GrpcStatus("NotFound", `account ${address} not found`);
    const base = BaseAccount.fromPartial({
      address, accountNumber: a.accountNumber, sequence: a.sequence,
      pubKey: a.pubKey ? { typeUrl: "/cosmos.crypto.secp256k1.PubKey", value: PubKey.encode({ key: a.pubKey }).finish() } : undefined,
    });
    const account = module
      ? { typeUrl: "/cosmos.auth.v1beta1.ModuleAccount", value: ModuleAccount.encode(ModuleAccount.fromPartial({ baseAccount: base, name: module[0], permissions: [...MODULE_PERMISSIONS[module[0]]!] })).finish() }
      : { typeUrl: "/cosmos.auth.v1beta1.BaseAccount", value: BaseAccount.encode(base).finish() };
    return QueryAccountResponse.encode({ account }).finish();
  });
  const balanceOf = (address: string): bigint => {
    const id = node.directory.accountId(address);
    return id === undefined ? 0n : node.ledger.balance(id);
  };
  handlers.set("/cosmos.bank.v1beta1.Query/Balance", (data) => {
    const req = QueryBalanceRequest.decode(data);
    if (req.denom === "") throw new GrpcStatus("InvalidArgument", "invalid denom");
    const amount = req.denom === denom ? balanceOf(req.address) : 0n;
    return QueryBalanceResponse.encode({ balance: { denom: req.denom, amount: amount.toString() } }).finish();
  });
  handlers.set("/cosmos.bank.v1beta1.Query/AllBalances", (data) => {
    const req = QueryAllBalancesRequest.decode(data);
    const amount = balanceOf(req.address);
    return QueryAllBalancesResponse.encode({
      balances: amount === 0n ? [] : [{ denom, amount: amount.toString() }], pagination: { nextKey: new Uint8Array(), total: amount === 0n ? 0n : 1n },
    }).finish();
  });
  handlers.set("/cosmos.bank.v1beta1.Query/TotalSupply", () =>
    QueryTotalSupplyResponse.encode({ supply: [{ denom, amount: node.totalSupply().toString() }], pagination: { nextKey: new Uint8Array(), total: 1n } }).finish(),
  );
  handlers.set("/cosmos.tx.v1beta1.Service/Simulate", (data) => {
    const req = SimulateRequest.decode(data);
    if (req.txBytes.length === 0) throw new GrpcStatus("InvalidArgument", "empty txBytes is not allowed");
    try {
      const r = node.simulate(req.txBytes);
      return SimulateResponse.encode({
        gasInfo: { gasWanted: (1n << 64n) - 1n, gasUsed: r.gasUsed },
        result: {
          data: r.data, log: "",
          events: r.events.map((e) => ({ type: e.type, attributes: e.attributes.map((a) => ({ key: a.key, value: a.value, index: a.index ?? true })) })),
          msgResponses: r.data.length === 0 ? [] : TxMsgData.decode(r.data).msgResponses,
        },
      }).finish();
    } catch (e) {
      if (e instanceof SimulationError) throw new GrpcStatus("Unknown", e.message);
      if (e instanceof TxError) throw new GrpcStatus("Unknown", `${e.log} with gas used: '0'`);
      throw e;
    }
  });

  // Every other query: the method's REST route (its google.api.http option) answered by the
  // node's REST handler, that JSON in the method's protobuf response.
  const bridged = new Map<string, Uint8Array>();
  let bridgedHeight = -1n;
  for (const method of queryMethods()) {
    const route = routeOf(method, chainSegment);
    const name = `/${method.parent.typeName}/${method.name}`;
    if (route === undefined || handlers.has(name)) continue;
    const bridge = async (data: Uint8Array): Promise<Uint8Array> => {
      const res = await app.request(route(fromBinary(method.input, data)));
      const json = (await res.json()) as Record<string, JsonValue> & { code?: number; message?: string };
      if (res.status !== 200) {
        throw new GrpcStatus(res.status === 404 ? "NotFound" : res.status === 400 ? "InvalidArgument" : "Unknown", json.message ?? `HTTP ${res.status}`);
      }
      const msg = fromJson(method.output, decFieldsToRaw(method.output, json), { ignoreUnknownFields: true, registry: ANY_TYPES });
      return toBinary(method.output, sdkTypeUrls(msg) as typeof msg);
    };
    handlers.set(name, async (data) => {
      // An answer at a height never changes (the state moves only by committed blocks): the
      // REST round trip is made once per height and request.
      const height = node.latest.height;
      if (height !== bridgedHeight || bridged.size >= BRIDGE_CACHE) {
        bridged.clear();
        bridgedHeight = height;
      }
      const key = `${name}|${hex.encode(data)}`;
      const cached = bridged.get(key);
      if (cached !== undefined) return cached;
      const value = await bridge(data);
      // Kept only if no block committed while the REST handler ran.
      if (node.latest.height === bridgedHeight) bridged.set(key, value);
      return value;
    });
  }

  return async (path, data, height) => {
    const latest = node.latest.height;
    const at = latest;
    if (height !== undefined && height !== 0n && height !== latest) {
      return failure(18, "invalid request", `cannot query at height ${height}: this node answers at the latest height (${latest}) only`, at);
    }
    const handler = handlers.get(path);
    if (handler === undefined) return failure(6, "unknown request", "unknown query path", at);
    try {
      return { code: 0, codespace: "", log: "", value: await handler(data), height: at };
    } catch (e) {
      if (e instanceof GrpcStatus) {
        const sdk = SDK_ERROR_OF[e.grpc];
        return failure(sdk.code, sdk.text, `rpc error: code = ${e.grpc} desc = ${e.message}`, at);
      }
      // Undecodable request bytes: the gRPC server's own InvalidArgument.
      const sdk = SDK_ERROR_OF.InvalidArgument;
      return failure(sdk.code, sdk.text, `rpc error: code = InvalidArgument desc = ${(e as Error).message}`, at);
    }
  };
}

function failure(code: number, text: string, detail: string, height: bigint): AbciQueryResult {
  return { code, codespace: "sdk", log: `${detail}: ${text}`, value: new Uint8Array(), height };
}

/** The query services the node answers (their methods' REST routes are their http options). */
const QUERY_FILES: readonly DescFile[] = [
  file_cosmos_auth_v1beta1_query, file_cosmos_bank_v1beta1_query, file_cosmos_staking_v1beta1_query,
  file_cosmos_distribution_v1beta1_query, file_cosmos_mint_v1beta1_query, file_cosmos_slashing_v1beta1_query,
  file_cosmos_gov_v1_query, file_cosmos_gov_v1beta1_query, file_chainmain_tieredrewards_v1_query, file_chainmain_inflation_v1_query,
];

/** The Any payloads the answers carry (accounts, public keys). */
const ANY_TYPES = createRegistry(
  file_cosmos_auth_v1beta1_query, file_cosmos_gov_v1_tx, file_chainmain_tieredrewards_v1_tx, file_chainmain_inflation_v1_tx, file_cosmos_crypto_ed25519_keys, file_cosmos_crypto_secp256k1_keys,
);

/** Every query method the node knows, for abci_query and for tests. */
export function queryMethods(): DescMethod[] {
  return QUERY_FILES.flatMap((f) => f.services.flatMap((s) => s.methods));
}


/**
 * A query method's REST URL for a request, as grpc-gateway maps it: the route's `{field}`s from
 * the request, its other set fields as the query string (a message's fields as `field.sub=`).
 */
export function routeOf(method: DescMethod, chainSegment = "chainmain"): ((req: Message) => string) | undefined {
  const template = getOption(method, http)?.pattern;
  if (template?.case !== "get") return undefined;
  const path = template.value.replace(/^\/chainmain\//, `/${chainSegment}/`);
  const inPath = new Set([...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!));
  return (req) => {
    const r = req as unknown as Record<string, unknown>;
    const fields = method.input.fields;
    const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(scalarText(r[fields.find((f) => f.name === name)!.localName])));
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

const isDefault = (v: unknown): boolean =>
  v === "" || v === false || v === 0 || v === 0n || (v instanceof Uint8Array && v.length === 0);

const scalarText = (v: unknown): string => (v instanceof Uint8Array ? base64.encode(v) : String(v ?? ""));

/**
 * An Any's type URL as the SDK writes it (`/cosmos.crypto.ed25519.PubKey`; protobuf-es packs
 * `type.googleapis.com/…`), in nested messages and in the packed messages themselves.
 */
function sdkTypeUrls(v: unknown): unknown {
  if (v === null || typeof v !== "object" || v instanceof Uint8Array) return v;
  if (Array.isArray(v)) return v.map(sdkTypeUrls);
  const o = v as Record<string, unknown>;
  if (o.$typeName === "google.protobuf.Any" && typeof o.typeUrl === "string") {
    const name = o.typeUrl.slice(o.typeUrl.lastIndexOf("/") + 1);
    const desc = ANY_TYPES.getMessage(name);
    const value = desc === undefined ? o.value : toBinary(desc, sdkTypeUrls(fromBinary(desc, o.value as Uint8Array)) as never);
    return { ...o, typeUrl: `/${name}`, value };
  }
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(o)) out[k] = sdkTypeUrls(x);
  return out;
}

/** Gateway JSON → protobuf JSON: `cosmos.Dec` strings are decimals in JSON, raw integers on the wire. */
function decFieldsToRaw(desc: DescMessage, json: JsonValue): JsonValue {
  if (json === null || typeof json !== "object" || Array.isArray(json)) return json;
  const out: Record<string, JsonValue> = { ...json };
  for (const field of desc.fields) {
    const key = field.name in out ? field.name : field.jsonName;
    const v = out[key];
    if (v === undefined || v === null) continue;
    out[key] = convertField(field, v);
  }
  return out;
}

function convertField(field: DescField, v: JsonValue): JsonValue {
  const one = (x: JsonValue): JsonValue => {
    if (field.message !== undefined) return decFieldsToRaw(field.message, x);
    if (typeof x === "string" && getOption(field, cosmosScalar) === "cosmos.Dec") {
      // A LegacyDec in bytes (x/mint's answers, x/slashing's params): the integer's text.
      return field.fieldKind === "scalar" && field.scalar === ScalarType.BYTES ? base64.encode(utf8ToBytes(decToRaw(x))) : decToRaw(x);
    }
    return x;
  };
  if (field.fieldKind === "list" && Array.isArray(v)) return v.map(one);
  if (field.fieldKind === "message" || field.fieldKind === "scalar" || field.fieldKind === "list") return one(v);
  return v;
}

/** For tests: a request message of a chainmain method, encoded. */
export function encodeRequest(desc: DescMessage, init: Record<string, unknown>): Uint8Array {
  return toBinary(desc, create(desc, init as never));
}
