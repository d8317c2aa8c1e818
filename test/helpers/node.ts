// The node's chain in process, for the node suites: NodeChain.open on a simulated clock with the
// app and its node routes, requests over app.request (no socket), a dev key's signed tx at the
// chain's current account number and sequence, and a tx taken through to its committed block.

import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as assert from "uvu/assert";
import type { AminoMsg, StdFee } from "@cosmjs/amino";
import { loadCore } from "../../host/core/core.js";
import { CORE_WASM } from "../../host/core/node.js";
import { NodeChain } from "../../host/drivers/embedded.js";
import { createApp, registerNodeRoutes } from "../../host/server/app.js";
import { createQueryRouter } from "../../host/app/queries.js";
import { nodeTierQueries } from "../../host/modules/tieredrewards/module.js";
import { defaultGenesisJson, type Json } from "../../host/app/genesis.js";
import { devSigner } from "./dev-signer.js";
import { DEFAULT_LIMITS, type Limits } from "../../host/limits.js";
import type { GasPrice } from "../../host/framework/gas.js";
import { run, type RunningNode } from "../../host/main.js";

/** The release build's core, compiled once per test file (`loadCore(wasm)` for a fresh instance). */
export const wasm = await WebAssembly.compile(await readFile(CORE_WASM));

/** The chain's default block time: 5 s. */
const BLOCK_TIME_NS = 5_000_000_000n;

export interface OpenOptions {
  /** The SQLite database; a fresh one in the harness's directory when omitted. */
  dbPath?: string;
  /** The simulated clock's block time; 5 s when omitted. */
  blockTimeNs?: bigint;
  /** The genesis document; the default genesis when omitted. */
  genesis?: Json;
  /** Limits (host/limits.ts) other than the defaults. */
  limits?: Partial<Limits>;
  /** Minimum gas prices, amounts as raw Decs. */
  minGasPrices?: GasPrice[];
}

/** A node on its own chain: the chain, the app, `post`/`get` over app.request, its database. */
export async function openNode(o: OpenOptions & { dbPath: string }) {
  const { dbPath } = o;
  const chain = NodeChain.open(await loadCore(wasm), o.genesis ?? defaultGenesisJson(), {
    dbPath, clock: "simulated", blockTimeNs: o.blockTimeNs ?? BLOCK_TIME_NS, limits: o.limits, minGasPrices: o.minGasPrices,
  });
  const limits = { ...DEFAULT_LIMITS, ...o.limits };
  const router = createQueryRouter(chain.app, { maxPageLimit: limits.maxPageLimit });
  const app = createApp(chain, { chainSegment: "chainmain", logError: (e) => console.error(e), maxBodyBytes: limits.maxBodyBytes, router });
  registerNodeRoutes(app, chain, "chainmain", { tiers: nodeTierQueries(chain.app), dev: true, maxJsonDepth: limits.maxJsonDepth, maxPageLimit: limits.maxPageLimit });
  const post = async (path: string, body?: unknown) => {
    const res = await app.request(path, { method: "POST", body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, json: (await res.json()) as any };
  };
  const get = async (path: string) => {
    const res = await app.request(path);
    return { status: res.status, json: (await res.json()) as any };
  };
  return { chain, app, post, get, dbPath };
}

export type TestNode = Awaited<ReturnType<typeof openNode>>;

/**
 * A test file's nodes: their databases in one temporary directory (`dir`, or a new one named with
 * `prefix`), `freshDb()` a new path in it, `open` a node (on a fresh database unless `dbPath`),
 * `remove()` the directory (for `test.after`).
 */
export async function nodeHarness(o: { dir?: string; prefix?: string } = {}) {
  const dir = o.dir ?? (await mkdtemp(join(tmpdir(), o.prefix ?? "node-test-")));
  let dbs = 0;
  const freshDb = () => join(dir, `${++dbs}.db`);
  const open = (opts: OpenOptions = {}) => openNode({ ...opts, dbPath: opts.dbPath ?? freshDb() });
  const remove = () => rm(dir, { recursive: true, force: true });
  return { dir, freshDb, open, remove };
}

/** Sign as dev key n at the chain's current account number and sequence (unless given). */
export async function signedBy(
  node: TestNode, n: number, msgs: AminoMsg[], o: { sequence?: bigint; chainId?: string; fee?: StdFee; memo?: string } = {},
) {
  const s = await devSigner(n);
  const acct = node.chain.directory.account(s.address)!;
  return s.sign(msgs, {
    chainId: o.chainId ?? node.chain.chainId,
    accountNumber: acct.accountNumber,
    sequence: o.sequence ?? acct.sequence,
    fee: o.fee,
    memo: o.memo,
  });
}

/**
 * POST a tx signed by dev key n (asserting it is accepted at check), make its block — through
 * `POST /dev/advance?blocks=1`, or `chain.advance(1n)` with `advance: "chain"` — and return its
 * committed tx_response.
 */
export async function committedTx(node: TestNode, n: number, msgs: AminoMsg[], o: { advance?: "route" | "chain" } = {}): Promise<any> {
  const r = await node.post("/txs", await signedBy(node, n, msgs));
  assert.is(r.status, 200);
  assert.is(r.json.tx_response.code, 0, `refused at check: ${r.json.tx_response.raw_log}`);
  if (o.advance === "chain") await node.chain.advance(1n);
  else await node.post("/dev/advance?blocks=1");
  const got = await node.get(`/cosmos/tx/v1beta1/txs/${r.json.tx_response.txhash}`);
  assert.is(got.status, 200);
  return got.json.tx_response;
}

/** The helpers' node shape (chain, post, get) over a node serving HTTP (host/main.ts run). */
export function overHttp(running: { chain: NodeChain; url: string }): TestNode {
  const call = async (path: string, init?: RequestInit) => {
    const res = await fetch(`${running.url}${path}`, init);
    return { status: res.status, json: (await res.json()) as any };
  };
  return {
    chain: running.chain,
    post: (path: string, body?: unknown) => call(path, { method: "POST", body: body === undefined ? undefined : JSON.stringify(body) }),
    get: (path: string) => call(path),
  } as unknown as TestNode;
}

/**
 * A node serving HTTP as `npm start -- --clock simulated` does (host/main.ts run, RPC off), its
 * database in a new temporary directory: for suites that act as a user (the CLI). `close()`
 * stops it and removes the directory.
 */
export async function servedNode(prefix: string): Promise<{ node: RunningNode; dir: string; close(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const started = await run(["--port", "0", "--rpc-port", "off", "--clock", "simulated", "--db", join(dir, "c.db")], {}, { out: () => {}, err: () => {} }, {
    core: await loadCore(wasm),
  });
  if (typeof started === "number") throw new Error(`node exited ${started}`);
  return {
    node: started, dir,
    async close() {
      await started.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
