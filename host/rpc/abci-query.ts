// ABCI Query as the SDK's baseapp answers it through CometBFT's `abci_query`: the path is a gRPC
// method (`/cosmos.bank.v1beta1.Query/Balance`), `data` its protobuf request, `value` its protobuf
// response. What CosmJS's StargateClient and SigningStargateClient ask is answered from the chain
// (auth Account, bank Balance/AllBalances/TotalSupply, tx Simulate); x/tieredrewards' and
// x/inflation's queries through the node's REST handlers (one implementation: the same JSON,
// converted to the generated protobuf types). Errors as baseapp maps gRPC statuses: NotFound →
// sdk 38, InvalidArgument → sdk 18, anything else → sdk 6, the log `rpc error: code = … desc = …`.

import { create, fromBinary, fromJson, getOption, toBinary, type DescField, type DescMessage, type JsonValue } from "@bufbuild/protobuf";
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
import { SimulationError, type NodeChain } from "../chain/node-chain.js";
import { MODULE_ACCOUNTS, MODULE_PERMISSIONS } from "../node/directory.js";
import { moduleAddress } from "../tx/keys.js";
import { TxError } from "../tx/errors.js";
import { ACCOUNT_PREFIX } from "../genesis.js";
import { decToRaw } from "../wire/amino-json.js";
import { txMsgDataHex } from "../wire/responses.js";
import { scalar as cosmosScalar } from "../wire/gen/cosmos_proto/cosmos_pb.js";
import { file_chainmain_tieredrewards_v1_query } from "../wire/gen/chainmain/tieredrewards/v1/query_pb.js";
import { file_chainmain_inflation_v1_query } from "../wire/gen/chainmain/inflation/v1/query_pb.js";

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
export function createAbciQuery(node: NodeChain, app: Hono, chainSegment = "chainmain"): AbciQuery {
  const handlers = new Map<string, (data: Uint8Array) => Promise<Uint8Array> | Uint8Array>();
  const denom = node.denom;

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
      const dataHex = txMsgDataHex(r.typeUrls, r.events);
      const msgData = dataHex === "" ? new Uint8Array() : hex.decode(dataHex.toLowerCase());
      return SimulateResponse.encode({
        gasInfo: { gasWanted: (1n << 64n) - 1n, gasUsed: r.gasUsed },
        result: {
          data: msgData, log: "",
          events: r.events.map((e) => ({ type: e.type, attributes: e.attributes.map((a) => ({ key: a.key, value: a.value, index: a.index ?? true })) })),
          msgResponses: dataHex === "" ? [] : TxMsgData.decode(msgData).msgResponses,
        },
      }).finish();
    } catch (e) {
      if (e instanceof SimulationError) throw new GrpcStatus("Unknown", e.message);
      if (e instanceof TxError) throw new GrpcStatus("Unknown", `${e.log} with gas used: '0'`);
      throw e;
    }
  });

  // x/tieredrewards and x/inflation: the REST handler of each method, its JSON in protobuf.
  const bridged = new Map<string, Uint8Array>();
  let bridgedHeight = -1n;
  const services = [
    { file: file_chainmain_tieredrewards_v1_query, base: `/${chainSegment}/tieredrewards/v1` },
    { file: file_chainmain_inflation_v1_query, base: `/${chainSegment}/inflation/v1` },
  ];
  for (const { file, base } of services) {
    for (const service of file.services) {
      for (const method of service.methods) {
        const path = restPathOf(method.name, base);
        if (path === undefined) continue;
        handlers.set(`/${service.typeName}/${method.name}`, async (data) => {
          // An answer at a height never changes (the state moves only by committed blocks): the
          // REST round trip is made once per height and request.
          const height = node.latest.height;
          if (height !== bridgedHeight || bridged.size >= BRIDGE_CACHE) {
            bridged.clear();
            bridgedHeight = height;
          }
          const key = `${method.name}|${hex.encode(data)}`;
          const cached = bridged.get(key);
          if (cached !== undefined) return cached;
          const value = await bridge(data);
          // Kept only if no block committed while the REST handler ran.
          if (node.latest.height === bridgedHeight) bridged.set(key, value);
          return value;
        });
        const bridge = async (data: Uint8Array): Promise<Uint8Array> => {
          const req = fromBinary(method.input, data) as unknown as Record<string, unknown>;
          const url = path(req);
          const res = await app.request(url);
          const json = (await res.json()) as Record<string, JsonValue> & { code?: number; message?: string };
          if (res.status !== 200) {
            throw new GrpcStatus(res.status === 404 ? "NotFound" : res.status === 400 ? "InvalidArgument" : "Unknown", json.message ?? `HTTP ${res.status}`);
          }
          return toBinary(method.output, fromJson(method.output, decFieldsToRaw(method.output, json), { ignoreUnknownFields: true }));
        };
      }
    }
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

const pageQuery = (req: Record<string, unknown>): string => {
  const p = req.pagination as { key?: Uint8Array; offset?: bigint; limit?: bigint; countTotal?: boolean; reverse?: boolean } | undefined;
  if (p === undefined) return "";
  const q = new URLSearchParams();
  if (p.key && p.key.length > 0) q.set("pagination.key", base64.encode(p.key));
  if (p.offset) q.set("pagination.offset", `${p.offset}`);
  if (p.limit) q.set("pagination.limit", `${p.limit}`);
  if (p.countTotal) q.set("pagination.count_total", "true");
  if (p.reverse) q.set("pagination.reverse", "true");
  const s = q.toString();
  return s === "" ? "" : `?${s}`;
};

/** The REST path of a chainmain query method (the reference's gateway routes), from its request. */
function restPathOf(method: string, base: string): ((req: Record<string, unknown>) => string) | undefined {
  const raw = method.startsWith("Raw") ? "/raw" : "";
  const name = method.replace(/^Raw/, "");
  const enc = (v: unknown) => encodeURIComponent(String(v ?? ""));
  switch (name) {
    case "Params": return () => `${base}/params`;
    case "Tiers": return () => `${base}/tiers`;
    case "RewardsPoolBalances": return () => `${base}/rewards_pool_balances`;
    case "TotalDelegatedVotingPower": return () => `${base}/total_delegated_voting_power`;
    case "VotingPowerByOwner": return (r) => `${base}/voting_power/${enc(r.owner)}`;
    case "EstimatePositionRewards": return (r) => `${base}/estimate_rewards/${enc(r.positionId)}`;
    case "TierPosition": return (r) => `${base}${raw}/position/${enc(r.positionId)}`;
    case "TierPositionsByOwner": return (r) => `${base}${raw}/positions/${enc(r.owner)}${pageQuery(r)}`;
    case "TierPositionsByTier": return (r) => `${base}${raw}/positions_by_tier/${enc(r.tierId)}${pageQuery(r)}`;
    case "AllTierPositions": return (r) => `${base}${raw}/positions${pageQuery(r)}`;
    default: return undefined;
  }
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
    if (typeof x === "string" && getOption(field, cosmosScalar) === "cosmos.Dec") return decToRaw(x);
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
