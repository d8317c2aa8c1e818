// Records what `--fork-url` reads from a real chain-maind: a fresh chain (record.ts's setup) given some
// state (delegations, an unbonding, tier positions, authz grants, a fee allowance, a withdraw address),
// then the node's own fork reader (host/dev/fork-url/) run against it at height H through a recording
// proxy, every JSON-RPC call and answer kept; and chain-maind's REST answers at H (x-cosmos-block-height)
// for what the test compares: balances, validators, delegations, unbondings, positions, supply, grants.
// test/dev/fork-url-chain-maind.test.ts replays the calls through a tiny JSON-RPC server (no chain-maind
// in CI). With --verify it also starts this node with --fork-url on the live chain-maind and compares.

import { createServer, type IncomingMessage, type Server } from "node:http";
import { mkdirSync, writeFileSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { binaryExists, choosePorts, initHome, latestHeight, start, stop, waitHeight, type Chain } from "./lib/chain.js";
import { Recorder } from "./lib/recorder.js";
import { TIER, anyOf } from "./lib/msgs.js";
import { context, delegate, msg, send, undelegate, CRO } from "./workloads/common.js";
import * as authzTx from "cosmjs-types/cosmos/authz/v1beta1/tx";
import { GenericAuthorization } from "cosmjs-types/cosmos/authz/v1beta1/authz";
import * as fgTx from "cosmjs-types/cosmos/feegrant/v1beta1/tx";
import { BasicAllowance } from "cosmjs-types/cosmos/feegrant/v1beta1/feegrant";
import { MsgSetWithdrawAddress } from "cosmjs-types/cosmos/distribution/v1beta1/tx";
import { readForkUrl } from "../../host/dev/fork-url/index.js";
import { run, type RunningNode } from "../../host/main.js";
import { devAddress } from "../../host/app/genesis.js";
import { compareFork, comparePaths, type RestAnswers } from "../../test/helpers/fork-compare.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const HELP = `Usage: node --import tsx scripts/reference-chain/record-fork.ts [options]

Starts a fresh chain-maind (as record.ts), gives it delegations, an unbonding, tier positions, grants,
a fee allowance and a withdraw address, then reads it with --fork-url's reader at the latest height
through a recording proxy; writes <out>/rpc.json (every JSON-RPC call and answer) and <out>/rest.json
(chain-maind's REST answers at that height), stops the chain.

  --bin PATH        chain-maind (default .tools/chain-maind/bin/chain-maind)
  --genesis PATH    default /work/shared/reference-chain/genesis.json
  --home DIR        default .tools/chain-maind/home/fork-url
  --out DIR         default test/reference-chain/fork-url
  --verify          also fork the live chain-maind with this node and compare the REST answers
  --keep            leave chain-maind running (its RPC URL printed) until Ctrl-C
  -h, --help        this text`;

const body = (req: IncomingMessage) => new Promise<string>((ok) => {
  let s = "";
  req.on("data", (c) => (s += c));
  req.on("end", () => ok(s));
});

/** A JSON-RPC proxy to `target` that keeps each call (method, params) and its answer (without the id). */
function recordingProxy(target: string, calls: [string, unknown][]): Promise<{ server: Server; url: string }> {
  const server = createServer(async (req, res) => {
    const text = await body(req);
    const call = JSON.parse(text) as { method: string; params: unknown };
    const r = await fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body: text });
    const answer = (await r.json()) as Record<string, unknown>;
    const { id: _id, ...rest } = answer;
    calls.push([JSON.stringify({ method: call.method, params: call.params }), rest]);
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(answer));
  });
  return new Promise((ok) => server.listen(0, "127.0.0.1", () => {
    const a = server.address() as { port: number };
    ok({ server, url: `http://127.0.0.1:${a.port}` });
  }));
}

/** The state the fork must carry. */
async function workload(chain: Chain): Promise<void> {
  const r = new Recorder(chain, (s) => console.error(`[fork-url] ${s}`));
  const { dev, val1 } = await context(r);
  const [, , d2, d3, d4, d5, d6, d7, d8] = dev;
  await r.tx("delegate 500 CRO", d2!, [delegate(d2!.address, val1, 500n * CRO)]);
  await r.tx("delegate 300 CRO", d4!, [delegate(d4!.address, val1, 300n * CRO)]);
  await r.tx("undelegate 100 CRO", d4!, [undelegate(d4!.address, val1, 100n * CRO)]);
  await r.tx("lock tier 1 200 CRO", d3!, [msg(`${TIER}MsgLockTier`, { owner: d3!.address, id: 1, amount: `${200n * CRO}`, validatorAddress: val1, triggerExitImmediately: false })]);
  await r.tx("lock tier 2 150 CRO, exit triggered", d3!, [msg(`${TIER}MsgLockTier`, { owner: d3!.address, id: 2, amount: `${150n * CRO}`, validatorAddress: val1, triggerExitImmediately: true })]);
  const generic = anyOf("/cosmos.authz.v1beta1.GenericAuthorization", GenericAuthorization, GenericAuthorization.fromPartial({ msg: "/cosmos.bank.v1beta1.MsgSend" }));
  await r.tx("authz grant MsgSend dev5 -> dev6", d5!, [msg("/cosmos.authz.v1beta1.MsgGrant", authzTx.MsgGrant.fromPartial({ granter: d5!.address, grantee: d6!.address, grant: { authorization: generic } }))]);
  const allowance = anyOf("/cosmos.feegrant.v1beta1.BasicAllowance", BasicAllowance, BasicAllowance.fromPartial({ spendLimit: [{ denom: "basecro", amount: `${5n * CRO}` }] }));
  await r.tx("feegrant dev5 -> dev7", d5!, [msg("/cosmos.feegrant.v1beta1.MsgGrantAllowance", fgTx.MsgGrantAllowance.fromPartial({ granter: d5!.address, grantee: d7!.address, allowance }))]);
  await r.tx("withdraw address dev2 -> dev8", d2!, [msg("/cosmos.distribution.v1beta1.MsgSetWithdrawAddress", MsgSetWithdrawAddress.fromPartial({ delegatorAddress: d2!.address, withdrawAddress: d8!.address }))]);
  await r.tx("send 7 CRO to a new address", d6!, [send(d6!.address, devAddress(20), 7n * CRO)]);
  const failed = r.results.filter((x) => x.check.code !== 0 || (x.deliver?.code ?? 0) !== 0);
  if (failed.length > 0) throw new Error(`workload txs refused: ${failed.map((x) => x.label).join(", ")}`);
}

/** chain-maind's REST answers at `height` for the paths the test compares. */
async function restAt(chain: Chain, height: bigint, paths: string[]): Promise<RestAnswers> {
  const out: RestAnswers = {};
  for (const p of paths) {
    const res = await fetch(`${chain.rest}${p}`, { headers: { "x-cosmos-block-height": `${height}` } });
    out[p] = await res.json();
  }
  return out;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { bin: { type: "string" }, genesis: { type: "string" }, home: { type: "string" }, out: { type: "string" }, verify: { type: "boolean" }, keep: { type: "boolean" }, help: { type: "boolean", short: "h" } } });
  if (values.help) return void console.log(HELP);
  const bin = resolve(values.bin ?? join(ROOT, ".tools", "chain-maind", "bin", "chain-maind"));
  if (!binaryExists(bin)) throw new Error(`no chain-maind at ${bin}: run scripts/reference-chain/build.sh first`);
  const home = resolve(values.home ?? join(ROOT, ".tools", "chain-maind", "home", "fork-url"));
  const out = resolve(values.out ?? join(ROOT, "test", "reference-chain", "fork-url"));
  const chain = initHome(bin, home, JSON.parse(readFileSync(values.genesis ?? "/work/shared/reference-chain/genesis.json", "utf8")), await choosePorts());
  try {
    await start(chain);
    await workload(chain);
    await waitHeight(chain, (await latestHeight(chain)) + 3); // rewards accrue past the txs
    const height = BigInt(await latestHeight(chain));
    // Read H once the chain has moved on, as a fork of a live chain is: chain-maind's raw store reads
    // (memiavl) then answer its latest state, and the reader must notice (fork-url/distribution.ts).
    await waitHeight(chain, Number(height) + 2);
    const calls: [string, unknown][] = [];
    const proxy = await recordingProxy(chain.rpc, calls);
    const read = await readForkUrl(proxy.url, height, (l) => console.error(l));
    proxy.server.close();
    const doc = read.doc as any;
    const paths = comparePaths(doc);
    const rest = await restAt(chain, height, paths);
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, "rpc.json"), JSON.stringify({ height: `${height}`, chain_id: doc.chain_id, calls }, null, 0).replace(/\],\[/g, "],\n[") + "\n");
    writeFileSync(join(out, "rest.json"), JSON.stringify({ height: `${height}`, answers: rest }, null, 1) + "\n");
    console.error(`[fork-url] wrote ${out}: ${calls.length} JSON-RPC calls at height ${height}, ${paths.length} REST answers`);
    if (values.verify) await verify(chain, height, rest);
    if (values.keep) {
      console.error(`[fork-url] chain-maind RPC ${chain.rpc}, REST ${chain.rest}; Ctrl-C stops it`);
      await new Promise<void>((ok) => process.once("SIGINT", () => ok()));
    }
  } finally {
    await stop(chain);
  }
}

/** This node forked from the live chain-maind at `height`: its REST answers against chain-maind's. */
async function verify(chain: Chain, height: bigint, rest: RestAnswers): Promise<void> {
  const lines: string[] = [];
  const started = await run(["--fork-url", chain.rpc, "--fork-height", `${height}`, "--port", "0", "--rpc-port", "off"], {}, { out: (t) => lines.push(t), err: (t) => console.error(t) });
  if (typeof started === "number") throw new Error(`the forked node exited ${started}`);
  const node: RunningNode = started;
  try {
    const { differences } = await compareFork(node.url, rest, lines);
    console.error(differences.length === 0 ? `[fork-url] verify: the fork of the live chain-maind answers as chain-maind at ${height} (${Object.keys(rest).length} paths)` : `[fork-url] verify: ${differences.length} differences:\n${differences.join("\n")}`);
    if (differences.length > 0) process.exitCode = 1;
  } finally {
    await node.close();
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
