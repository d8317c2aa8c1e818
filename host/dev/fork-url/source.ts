// `--fork-url`: a running node read at one height. Two transports of the same queries:
// - a CometBFT RPC: the chain's gRPC queries through `abci_query` (path `/cosmos.bank.v1beta1.Query/
//   AllBalances`, protobuf request, `height`), each answer decoded by the schema and rendered as
//   the gateway's JSON (wire/gateway-render.ts), so that both transports give the same records;
//   and raw store reads (`/store/<module>/subspace`, `/store/<module>/key`), which chain-maind
//   answers at a height for what no query gives (F1 records, sequences);
// - a REST gateway: the same methods' GET routes with `x-cosmos-block-height`; no raw store reads.
// Lists are paged (PageRequest.key), each page handed on as it comes: no document is built as one
// string.

import { create, fromBinary, toBinary, type DescMethod, type DescMessage, type MessageInitShape } from "@bufbuild/protobuf";
import { BinaryReader } from "@bufbuild/protobuf/wire";
import { base64, hex } from "@scure/base";
import { gatewayJson } from "../../wire/gateway-render.js";
import { routeOf } from "../../framework/query-router.js";
import { ANSWER_TYPES } from "../../app/queries.js";
import { decodeAny } from "../../wire/messages.js";
import type { Json } from "../../framework/genesis-json.js";

export type Obj = { [key: string]: Json };
type Method = DescMethod;

/** A fork's failure the user can act on (unreachable, pruned, not chain-main): one line. */
export class ForkUrlError extends Error {}

/** Records per page asked for. */
export const PAGE_LIMIT = 200n;

/** An SDK message inside an answer that the schema does not describe (a proposal's): the tx decoder's JSON. */
const sdkMessageJson = (typeUrl: string, value: Uint8Array) => {
  try {
    return decodeAny(typeUrl, value, "").json as never;
  } catch {
    return undefined;
  }
};

export interface BlockInfo {
  height: bigint;
  /** RFC 3339, as the block header has it. */
  time: string;
  chainId: string;
}

export interface ForkSource {
  readonly url: string;
  readonly kind: "rpc" | "rest";
  /** The height read. */
  readonly height: bigint;
  readonly block: BlockInfo;
  /** One query's answer as gateway JSON. */
  query<I extends DescMessage>(method: Method & { input: I }, request: MessageInitShape<I>): Promise<Obj>;
  /** Raw store pairs under `prefix` of `store` at the height; undefined when the node answers no raw reads. */
  subspace(store: string, prefix: Uint8Array): Promise<{ key: Uint8Array; value: Uint8Array }[] | undefined>;
  /** Requests made so far. */
  readonly requests: number;
}

/** Every record of a paged list query: `list` names the answer's array field; `each` sees each page's records. */
export async function pages<I extends DescMessage>(
  source: ForkSource, method: Method & { input: I }, request: MessageInitShape<I>, list: string | ((answer: Obj) => Json), each: (records: Json[]) => void,
): Promise<void> {
  let key: Uint8Array | undefined;
  for (;;) {
    const answer = await source.query(method, { ...request, pagination: { key: key ?? new Uint8Array(), limit: PAGE_LIMIT } } as MessageInitShape<I>);
    const records = typeof list === "string" ? answer[list] : list(answer);
    if (!Array.isArray(records)) throw new ForkUrlError(`${source.url}: ${method.parent.typeName}/${method.name}: no list "${String(list)}" in the answer`);
    each(records);
    const next = (answer.pagination as Obj | null | undefined)?.next_key;
    if (typeof next !== "string" || next === "") return;
    key = base64.decode(next);
  }
}

/** All records of a paged list, in order. */
export async function all<I extends DescMessage>(source: ForkSource, method: Method & { input: I }, request: MessageInitShape<I>, list: string): Promise<Json[]> {
  const out: Json[] = [];
  await pages(source, method, request, list, (r) => {
    for (const x of r) out.push(x);
  });
  return out;
}

const trimSlash = (u: string) => u.replace(/\/+$/, "");

async function fetchJson(url: string, init: RequestInit, what: string): Promise<{ status: number; body: unknown; headers?: Headers }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(60_000) });
  } catch (e) {
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    throw new ForkUrlError(`${what}: cannot reach ${url}: ${cause?.code ?? cause?.message ?? (e as Error).message}`);
  }
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text), headers: res.headers };
  } catch {
    return { status: res.status, body: undefined };
  }
}

/**
 * The node at `url` read at `height` (default: its latest): a CometBFT RPC if it answers JSON-RPC
 * `status`, else a REST gateway if it answers the CometBFT service's latest block.
 */
export async function openSource(url: string, height?: bigint): Promise<ForkSource> {
  const base = trimSlash(url);
  if (!/^https?:\/\//.test(base)) throw new ForkUrlError(`--fork-url ${url}: expected http(s)://HOST:PORT of a CometBFT RPC (26657) or REST gateway (1317)`);
  const status = await fetchJson(base, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 0, method: "status", params: {} }) }, "--fork-url");
  const sync = ((status.body as Obj | undefined)?.result as Obj | undefined)?.sync_info as Obj | undefined;
  if (sync && typeof sync.latest_block_height === "string") return RpcSource.open(base, BigInt(sync.latest_block_height), height);
  const latest = await fetchJson(`${base}/cosmos/base/tendermint/v1beta1/blocks/latest`, {}, "--fork-url");
  const header = (((latest.body as Obj | undefined)?.block as Obj | undefined)?.header as Obj | undefined);
  if (header && typeof header.height === "string") return RestSource.open(base, BigInt(header.height), height);
  throw new ForkUrlError(`--fork-url ${url}: neither a CometBFT RPC (no JSON-RPC "status") nor a Cosmos REST gateway (no /cosmos/base/tendermint/v1beta1/blocks/latest; HTTP ${latest.status})`);
}

function checkHeight(url: string, latest: bigint, height: bigint | undefined): bigint {
  const h = height ?? latest;
  if (h < 1n) throw new ForkUrlError(`--fork-height ${h}: must be at least 1`);
  if (h > latest) throw new ForkUrlError(`--fork-height ${h}: ${url} is at height ${latest}`);
  return h;
}

class RpcSource implements ForkSource {
  readonly kind = "rpc" as const;
  requests = 0;
  private raw = true;

  private constructor(readonly url: string, readonly height: bigint, readonly block: BlockInfo) {}

  static async open(url: string, latest: bigint, height: bigint | undefined): Promise<RpcSource> {
    const h = checkHeight(url, latest, height);
    const block = await rpcCall(url, "block", { height: `${h}` });
    if ("error" in block) throw new ForkUrlError(`--fork-url ${url}: block ${h}: ${block.error}${/lowest height|not available/.test(block.error) ? " (pruned: pick a later --fork-height)" : ""}`);
    const header = ((block.result.block as Obj).header as Obj);
    return new RpcSource(url, h, { height: h, time: String(header.time), chainId: String(header.chain_id) });
  }

  async query<I extends DescMessage>(method: Method & { input: I }, request: MessageInitShape<I>): Promise<Obj> {
    const path = `/${method.parent.typeName}/${method.name}`;
    const data = toBinary(method.input, create(method.input, request));
    const value = await this.abci(path, data);
    return gatewayJson(method.output, fromBinary(method.output, value), ANSWER_TYPES, sdkMessageJson) as Obj;
  }

  async subspace(store: string, prefix: Uint8Array): Promise<{ key: Uint8Array; value: Uint8Array }[] | undefined> {
    if (!this.raw) return undefined;
    const r = await this.abciRaw(`/store/${store}/subspace`, prefix);
    if (r.code !== 0) {
      this.raw = false; // not chain-maind's multistore (this node answers queries only)
      return undefined;
    }
    return decodePairs(r.value);
  }

  private async abciRaw(path: string, data: Uint8Array): Promise<{ code: number; log: string; value: Uint8Array }> {
    this.requests++;
    const r = await rpcCall(this.url, "abci_query", { path, data: hex.encode(data), height: `${this.height}`, prove: false });
    if ("error" in r) throw new ForkUrlError(`--fork-url ${this.url}: abci_query ${path} at height ${this.height}: ${r.error}`);
    const resp = r.result.response as Obj;
    return { code: Number(resp.code ?? 0), log: String(resp.log ?? ""), value: base64.decode(typeof resp.value === "string" ? resp.value : "") };
  }

  private async abci(path: string, data: Uint8Array): Promise<Uint8Array> {
    const r = await this.abciRaw(path, data);
    if (r.code === 0) return r.value;
    throw queryError(this.url, path, this.height, r.log);
  }
}

/** A failed query made one clear line: pruned height, not chain-main, or the node's own message. */
function queryError(url: string, path: string, height: bigint, log: string): ForkUrlError {
  if (/version does not exist|pruned|cannot query at height|failed to load state/i.test(log)) {
    return new ForkUrlError(`--fork-url ${url}: the state at height ${height} is not available there (${log}): pick a later --fork-height, or an archive node`);
  }
  if (/unknown query path|unknown request|Not Implemented|not found.*route/i.test(log) && path.includes("chainmain")) {
    return new ForkUrlError(`--fork-url ${url}: not a chain-main node: it does not answer ${path} (${log})`);
  }
  return new ForkUrlError(`--fork-url ${url}: ${path} at height ${height}: ${log}`);
}

async function rpcCall(url: string, method: string, params: Obj): Promise<{ result: Obj } | { error: string }> {
  const r = await fetchJson(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) }, `--fork-url ${method}`);
  const body = r.body as { result?: Obj; error?: { message?: string; data?: string } } | undefined;
  if (body?.result) return { result: body.result };
  if (body?.error) return { error: `${body.error.message ?? "error"}${body.error.data ? `: ${body.error.data}` : ""}` };
  return { error: `HTTP ${r.status}, no JSON-RPC answer` };
}

/** cosmos-sdk store/internal/kv.Pairs: repeated Pair{bytes key = 1; bytes value = 2} = 1. */
function decodePairs(bytes: Uint8Array): { key: Uint8Array; value: Uint8Array }[] {
  const out: { key: Uint8Array; value: Uint8Array }[] = [];
  const r = new BinaryReader(bytes);
  while (r.pos < r.len) {
    const [field, wire] = r.tag();
    if (field !== 1) {
      r.skip(wire);
      continue;
    }
    const p = new BinaryReader(r.bytes());
    let key: Uint8Array = new Uint8Array();
    let value: Uint8Array = new Uint8Array();
    while (p.pos < p.len) {
      const [f, w] = p.tag();
      if (f === 1) key = p.bytes();
      else if (f === 2) value = p.bytes();
      else p.skip(w);
    }
    out.push({ key, value });
  }
  return out;
}

class RestSource implements ForkSource {
  readonly kind = "rest" as const;
  requests = 0;

  private constructor(readonly url: string, readonly height: bigint, readonly block: BlockInfo, private readonly latest: bigint) {}

  static async open(url: string, latest: bigint, height: bigint | undefined): Promise<RestSource> {
    const h = checkHeight(url, latest, height);
    const r = await fetchJson(`${url}/cosmos/base/tendermint/v1beta1/blocks/${h}`, {}, "--fork-url");
    const header = (((r.body as Obj | undefined)?.block as Obj | undefined)?.header as Obj | undefined);
    if (!header) throw new ForkUrlError(`--fork-url ${url}: block ${h}: HTTP ${r.status} ${JSON.stringify((r.body as Obj | undefined)?.message ?? "")} (pruned? pick a later --fork-height)`);
    return new RestSource(url, h, { height: h, time: String(header.time), chainId: String(header.chain_id) }, latest);
  }

  async query<I extends DescMessage>(method: Method & { input: I }, request: MessageInitShape<I>): Promise<Obj> {
    const route = routeOf(method);
    if (!route) throw new ForkUrlError(`--fork-url ${this.url}: ${method.parent.typeName}/${method.name} has no REST route: use the node's CometBFT RPC URL`);
    const path = route(create(method.input, request));
    this.requests++;
    const r = await fetchJson(`${this.url}${path}`, { headers: { "x-cosmos-block-height": `${this.height}` } }, "--fork-url");
    const body = r.body as Obj | undefined;
    // The SDK's gateway says which height it answered; a gateway that does not may have answered its latest.
    const answered = r.headers?.get("grpc-metadata-x-cosmos-block-height");
    if (answered && answered !== `${this.height}`) throw queryError(this.url, path, this.height, `answered at height ${answered}: version does not exist`);
    if (!answered && this.height !== this.latest) {
      throw new ForkUrlError(`--fork-url ${this.url}: its REST answers do not say their height (no Grpc-Metadata-X-Cosmos-Block-Height): fork height ${this.height} through the node's CometBFT RPC, or fork its latest`);
    }
    if (r.status === 200 && body) return body;
    const message = typeof body?.message === "string" ? body.message : `HTTP ${r.status}`;
    throw queryError(this.url, path, this.height, r.status === 501 || (r.status === 404 && !body) ? `unknown query path: ${message}` : message);
  }

  async subspace(): Promise<undefined> {
    return undefined;
  }
}
