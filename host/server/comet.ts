// The SDK's CometBFT service over REST (cosmos/base/tendermint/v1beta1: node_info, syncing,
// blocks/latest, blocks/{height}, validatorsets/latest, validatorsets/{height}) and the node
// service (cosmos/base/node/v1beta1: config, status), rendered from the same blocks and validator
// set as the CometBFT RPC (host/rpc/server.ts) in the gateway's JSON: bytes base64 where the RPC
// has hex, `part_set_header` for `parts`, and `sdk_block` whose proposer is a bech32 consensus
// address.

import type { Context, Hono } from "hono";
import { create } from "@bufbuild/protobuf";
import { base64, hex } from "@scure/base";
import { encodeAddress } from "../wire/address.js";
import type { createRpc } from "../rpc/server.js";
import { GatewayError, GrpcCode } from "../wire/gateway-json.js";
import { gatewayJson } from "../wire/gateway-render.js";
import { pageRequestFromHttp } from "../wire/gateway-request.js";
import { pageQuery, paginateArray } from "../wire/cosmos-pagination.js";
import { PageResponseSchema } from "../wire/gen/cosmos/base/query/v1beta1/pagination_pb.js";
import { gatewayBlock, gatewayBlockId } from "./blocks.js";
import { requestKey, type KeptGets } from "./get-fast.js";

type Rpc = Pick<ReturnType<typeof createRpc>, "call">;

export interface CometRouteOptions {
  /** Bech32 prefix of consensus addresses (`crocnclcons`). */
  consensusPrefix: string;
  /** The node's minimum gas prices as the SDK prints them (`0.025basecro`; "" for none). */
  minimumGasPrice: string;
  /** The app's version (package.json). */
  appVersion: string;
  chainId: string;
  /** The node's own RPC: blocks/latest's answer is kept per latest block by URL (get-fast.ts answers it before the app). */
  kept?: KeptGets;
}

const JSON_TYPE = { "Content-Type": "application/json" };

const b64 = (hexText: string): string => (hexText === "" ? "" : base64.encode(hex.decode(hexText.toLowerCase())));

export function registerCometRoutes(app: Hono, rpc: Rpc, o: CometRouteOptions): void {
  const call = async (method: string, params: Record<string, unknown>): Promise<any> => {
    const reply = await rpc.call(1, method, params, "json");
    if (reply.error) throw new GatewayError(GrpcCode.INVALID_ARGUMENT, reply.error.data ?? reply.error.message);
    return reply.result;
  };
  const consensusAddress = (hexText: string) => encodeAddress(o.consensusPrefix, hex.decode(hexText.toLowerCase()));

  // A block's answer as text, kept by the RPC's block object: the node's RPC hands out the same one
  // while its latest block is the same (rpc/blocks.ts latestBlockCache); CometBFT's (--abci) never does.
  const texts = new WeakMap<object, string>();
  const blockAt = async (c: Context, height: bigint | undefined): Promise<Response> => {
    // The latest block's answer: the RPC's latest block is a function of the latest block's key
    // (rpc/blocks.ts latestBlockCache) and the rows written for it, so it is kept by that key.
    const keep = height === undefined ? o.kept : undefined;
    const block = keep?.at() ?? "";
    const r = await call("block", height === undefined ? {} : { height: `${height}` });
    let text = texts.get(r.block);
    if (text === undefined) {
      text = JSON.stringify({ block_id: gatewayBlockId(r.block_id), block: gatewayBlock(r), sdk_block: gatewayBlock(r, o.consensusPrefix) });
      texts.set(r.block, text);
    }
    keep?.keep(requestKey(c.env, c.req.url), Buffer.from(text), block);
    return c.body(text, undefined, JSON_TYPE);
  };
  const heightOf = async (c: Context): Promise<bigint> => {
    const text = c.req.param("height") ?? "";
    if (!/^-?[0-9]+$/.test(text)) {
      throw new GatewayError(GrpcCode.INVALID_ARGUMENT, `type mismatch, parameter: height, error: strconv.ParseInt: parsing ${JSON.stringify(text)}: invalid syntax`);
    }
    const h = BigInt(text);
    const latest = BigInt((await call("status", {})).sync_info.latest_block_height);
    if (h > latest) throw new GatewayError(GrpcCode.INVALID_ARGUMENT, "requested block height is bigger then the chain length");
    if (h < 1n) throw new GatewayError(GrpcCode.INVALID_ARGUMENT, `block height must be greater than 0, got ${h}`);
    return h;
  };
  const validatorSet = async (c: Context, height: bigint | undefined) => {
    const q = pageQuery(pageRequestFromHttp({ path: {}, query: (name) => c.req.queries(name) ?? [] }));
    const r = await call("validators", { ...(height === undefined ? {} : { height: `${height}` }), page: "1", per_page: "100" });
    const all = (r.validators as any[]).map((v, i) => ({ v, i }));
    const { items, pagination } = paginateArray(all, (x) => BigInt(x.i), q);
    return {
      block_height: r.block_height,
      validators: items.map(({ v }) => ({
        address: consensusAddress(v.address),
        pub_key: { "@type": "/cosmos.crypto.ed25519.PubKey", key: v.pub_key.value },
        voting_power: v.voting_power,
        proposer_priority: v.proposer_priority,
      })),
      pagination: gatewayJson(PageResponseSchema, create(PageResponseSchema, pagination)),
    };
  };

  const base = "/cosmos/base/tendermint/v1beta1";
  app.get(`${base}/node_info`, async (c) => {
    const s = (await call("status", {})).node_info;
    return c.json({
      default_node_info: {
        protocol_version: s.protocol_version,
        default_node_id: s.id,
        listen_addr: s.listen_addr,
        network: s.network,
        version: s.version,
        channels: b64(s.channels),
        moniker: s.moniker,
        other: s.other,
      },
      application_version: {
        name: "tiered-rewards-engine",
        app_name: "tiered-rewards-engine",
        version: o.appVersion,
        git_commit: "",
        build_tags: "",
        go_version: `node ${process.versions.node}`,
        build_deps: [],
        cosmos_sdk_version: "v0.53.0",
      },
    });
  });
  app.get(`${base}/syncing`, (c) => c.json({ syncing: false }));
  app.get(`${base}/blocks/latest`, (c) => blockAt(c, undefined));
  app.get(`${base}/blocks/:height`, async (c) => blockAt(c, await heightOf(c)));
  app.get(`${base}/validatorsets/latest`, async (c) => c.json(await validatorSet(c, undefined)));
  app.get(`${base}/validatorsets/:height`, async (c) => c.json(await validatorSet(c, await heightOf(c))));

  app.get("/cosmos/base/node/v1beta1/config", (c) =>
    c.json({ minimum_gas_price: o.minimumGasPrice, pruning_keep_recent: "0", pruning_interval: "0", halt_height: "0" }),
  );
  app.get("/cosmos/base/node/v1beta1/status", async (c) => {
    const s = (await call("status", {})).sync_info;
    const h = s.latest_block_height === "0" ? undefined : (await call("header", {})).header;
    return c.json({
      earliest_store_height: s.earliest_block_height,
      height: s.latest_block_height,
      timestamp: s.latest_block_time,
      app_hash: b64(s.latest_app_hash),
      validator_hash: h ? b64(h.validators_hash) : "",
    });
  });
}
