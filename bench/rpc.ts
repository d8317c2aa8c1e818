// `npm run bench -- rpc`: the CometBFT RPC against REST (issue 12's targets), on a real-clock node
// in its own process (host/main.ts), the load generator (autocannon) in this one.
//
//   a. the same query both ways, req/s (10 connections, 3 s, rounds interleaved, median of 5):
//      the tier list (REST /chainmain/tieredrewards/v1/tiers vs abci_query
//      /chainmain.tieredrewards.v1.Query/Tiers) and a balance (REST balances/{addr}/by_denom vs
//      abci_query /cosmos.bank.v1beta1.Query/Balance with the protobuf request) and the bonded
//      validators (x/staking Validators, through the query router); target: the RPC at
//      least 0.8x REST.
//   b. WebSocket fan-out: 100 clients subscribed to tm.event='NewBlock' on 100 ms blocks; for each
//      block and client, the delay from the block's header time (stamped before it executes) to
//      the client's receipt; target: every NewBlock at every client within 50 ms.
// The load average is printed beside the figures (the machine is shared).

import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { WebSocket } from "ws";
import { QueryBalanceRequest } from "cosmjs-types/cosmos/bank/v1beta1/query";
import { QueryValidatorsRequest } from "cosmjs-types/cosmos/staking/v1beta1/query";
import { devAddress } from "../host/app/genesis.js";
import { median, percentile, loadAverage, progressOf } from "./stats.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const ROUNDS = 5;
const SECONDS = 3;
const CONNECTIONS = 10;
const SUBSCRIBERS = 100;
const FANOUT_BLOCKS = 30;
const TARGET_RATIO = 0.8;
const TARGET_FANOUT_MS = 50;

const progress = progressOf("rpc");
/** BENCH_QUERY_WORKERS=N: the node's --query-workers (default: the node's own default). */
export const queryWorkersArgs = (): string[] => (process.env.BENCH_QUERY_WORKERS === undefined ? [] : ["--query-workers", process.env.BENCH_QUERY_WORKERS]);
const load = loadAverage;

async function startChild(dbPath: string): Promise<{ child: ChildProcess; url: string; rpc: string }> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "host/main.ts", "--clock", "real", "--block-time", "100ms", "--db", dbPath, "--port", "0", ...queryWorkersArgs()],
    { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] },
  );
  child.stderr!.on("data", (d) => progress(`node stderr: ${String(d).trimEnd()}`));
  const lines = createInterface({ input: child.stdout! });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the node did not start within 60 s")), 60_000);
    lines.on("line", (line) => {
      const m = /serving (http:\/\/[^ ]+) .*CometBFT RPC (http:\/\/[^ ]+)/.exec(line);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1]!, rpc: m[2]! });
      }
    });
    child.once("exit", (code) => reject(new Error(`the node exited (${code}) before serving`)));
  });
}

export interface RpcBench {
  queries: { name: string; restPerSec: number; rpcPerSec: number; ratio: number }[];
  fanout: { subscribers: number; blocks: number; p50Ms: number; p99Ms: number; maxMs: number; withinTarget: number; missed: number };
  load: string;
}

async function rate(url: string, path: string): Promise<number> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, requests: [{ method: "GET", path }] });
  if (r.errors > 0 || r.non2xx > 0) throw new Error(`${path}: ${r.errors} errors, ${r.non2xx} non-2xx answers`);
  return r.requests.total / SECONDS;
}

export async function runRpcBench(): Promise<RpcBench> {
  const dir = await mkdtemp(join(tmpdir(), "rpc-bench-"));
  const { child, url, rpc } = await startChild(join(dir, "rpc.db"));
  try {
    const who = devAddress(5);
    const balanceData = Buffer.from(QueryBalanceRequest.encode({ address: who, denom: "basecro" }).finish()).toString("hex");
    const validatorsData = Buffer.from(QueryValidatorsRequest.encode({ status: "BOND_STATUS_BONDED" }).finish()).toString("hex");
    const pairs = [
      { name: "tiers", rest: "/chainmain/tieredrewards/v1/tiers", rpc: `/abci_query?path=%22/chainmain.tieredrewards.v1.Query/Tiers%22` },
      {
        name: "balance", rest: `/cosmos/bank/v1beta1/balances/${who}/by_denom?denom=basecro`,
        rpc: `/abci_query?path=%22/cosmos.bank.v1beta1.Query/Balance%22&data=0x${balanceData}`,
      },
      {
        // x/staking's validator list: the query router maps it to its REST route and answers protobuf.
        name: "validators", rest: "/cosmos/staking/v1beta1/validators?status=BOND_STATUS_BONDED",
        rpc: `/abci_query?path=%22/cosmos.staking.v1beta1.Query/Validators%22&data=0x${validatorsData}`,
      },
    ];
    // The two answer the same thing: the RPC's value decodes to the REST amount.
    const restAmount = ((await (await fetch(`${url}${pairs[1]!.rest}`)).json()) as any).balance.amount as string;
    const rpcValue = ((await (await fetch(`${rpc}${pairs[1]!.rpc}`)).json()) as any).result.response.value as string;
    if (!Buffer.from(rpcValue, "base64").toString("latin1").includes(restAmount)) throw new Error("abci_query and REST disagree on the balance");

    const queries: RpcBench["queries"] = [];
    for (const p of pairs) {
      await rate(url, p.rest);
      await rate(rpc, p.rpc); // warm-up
      const rest: number[] = [];
      const viaRpc: number[] = [];
      const ratios: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        progress(`${p.name}: round ${i + 1}/${ROUNDS} (load ${load()})`);
        const a = await rate(url, p.rest);
        const b = await rate(rpc, p.rpc);
        rest.push(a);
        viaRpc.push(b);
        ratios.push(b / a);
      }
      queries.push({ name: p.name, restPerSec: median(rest), rpcPerSec: median(viaRpc), ratio: median(ratios) });
    }

    progress(`fan-out: ${SUBSCRIBERS} WebSocket subscribers, ${FANOUT_BLOCKS} blocks`);
    const ws = rpc.replace("http://", "ws://") + "/websocket";
    const delays: number[] = [];
    const seen = new Map<string, number>();
    const sockets: WebSocket[] = [];
    let counting = false;
    let firstHeight = 0;
    const done = new Promise<void>((resolve) => {
      for (let i = 0; i < SUBSCRIBERS; i++) {
        const s = new WebSocket(ws);
        sockets.push(s);
        s.on("open", () => s.send(JSON.stringify({ jsonrpc: "2.0", id: i, method: "subscribe", params: { query: "tm.event='NewBlock'" } })));
        s.on("message", (data) => {
          const now = Date.now();
          const m = JSON.parse(String(data));
          const header = m.result?.data?.value?.block?.header;
          if (!header) return;
          const height = Number(header.height);
          if (!counting) {
            // Every client subscribed: count from the next block on.
            if (sockets.every((x) => x.readyState === x.OPEN)) {
              counting = true;
              firstHeight = height + 1;
            }
            return;
          }
          if (height < firstHeight || height >= firstHeight + FANOUT_BLOCKS) return;
          delays.push(now - Date.parse(header.time));
          seen.set(`${height}`, (seen.get(`${height}`) ?? 0) + 1);
          if (delays.length >= SUBSCRIBERS * FANOUT_BLOCKS) resolve();
        });
      }
    });
    await Promise.race([done, new Promise((r) => setTimeout(r, 30_000))]);
    for (const s of sockets) s.terminate();
    const expected = SUBSCRIBERS * FANOUT_BLOCKS;
    return {
      queries,
      fanout: {
        subscribers: SUBSCRIBERS, blocks: FANOUT_BLOCKS,
        p50Ms: percentile(delays, 50), p99Ms: percentile(delays, 99), maxMs: Math.max(...delays),
        withinTarget: delays.filter((d) => d <= TARGET_FANOUT_MS).length / expected,
        missed: expected - delays.length,
      },
      load: load(),
    };
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    await rm(dir, { recursive: true, force: true });
  }
}

export function rpcLines(b: RpcBench): string[] {
  const lines = ["CometBFT RPC vs REST (median of 5 interleaved rounds; load " + b.load + ")"];
  for (const q of b.queries) {
    lines.push(
      `  ${q.name.padEnd(10)} REST ${q.restPerSec.toFixed(0).padStart(6)} req/s   abci_query ${q.rpcPerSec.toFixed(0).padStart(6)} req/s   ` +
        `ratio ${q.ratio.toFixed(2)}x   ${q.ratio >= TARGET_RATIO ? "PASS" : "MISS"} (>= ${TARGET_RATIO}x)`,
    );
  }
  const f = b.fanout;
  lines.push(
    `  WebSocket fan-out: ${f.subscribers} subscribers x ${f.blocks} NewBlocks, delay from the block's time: p50 ${f.p50Ms} ms, ` +
      `p99 ${f.p99Ms} ms, max ${f.maxMs} ms; ${(f.withinTarget * 100).toFixed(1)} % within ${TARGET_FANOUT_MS} ms, ${f.missed} missed   ` +
      `${f.withinTarget === 1 ? "PASS" : "MISS"}`,
  );
  return lines;
}

export async function rpcMain(): Promise<number> {
  const b = await runRpcBench();
  for (const l of rpcLines(b)) console.log(l);
  return 0;
}
