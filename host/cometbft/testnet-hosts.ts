// A network across machines: `npm run testnet -- init --hosts H1,H2,… --out DIR` writes one home
// per host (DIR/H: the genesis, CometBFT's home with its key and every other host as a peer at
// HOST:P2P, the operator's key, node.json with the ports) and prints the command each host runs:
// `npm run testnet -- node --home DIR/H` (this node as CometBFT's application, and CometBFT).
// Every host uses the same ports (PORT ABCI, +1 CometBFT RPC, +2 P2P, +3 REST). A loopback host
// (127.x.y.z, as the tests give them) binds everything to its own address, so several run on one
// machine; another binds P2P, RPC and REST to --listen (default: every interface) and ABCI to
// 127.0.0.1 (only its own CometBFT dials it).

import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { isIP } from "node:net";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadCoreFromFile } from "../core/node.js";
import { UsageError, flagCommand, parseCount, type FlagSpecs, type FlagValues } from "../cli/common.js";
import { COMETBFT, writeCometHome } from "./home.js";
import { ensureCometbft } from "./install.js";
import { checkBasePort, readEphemeralRange } from "./testnet-ports.js";
import { generatedGenesis, operatorKeyJson, readTestnetGenesis, testnetValidators, type TestnetValidator } from "./testnet-genesis.js";
import { logTail } from "./testnet-supervise.js";

const MAIN = fileURLToPath(new URL("../main.ts", import.meta.url));
const NODE_FILE = "node.json";
const STOP_GRACE_MS = 15_000;

/** One host's node: what `node --home` starts. */
export interface HostNode {
  host: string;
  chainId: string;
  /** The validator's operator ("" for a full node). */
  operator: string;
  ports: { abci: number; rpc: number; p2p: number; rest: number };
  /** Where each listens. */
  listen: { abci: string; p2p: string; rpc: string; rest: string };
  peers: string[];
}

const INIT_FLAGS = {
  hosts: { type: "string", value: "H1,H2,…", description: "the machines, one node each (addresses or names the others reach them by); required" },
  out: { type: "string", value: "DIR", default: "./testnet-hosts", description: "where the homes are written (DIR/H for host H; remade)" },
  validators: { type: "string", value: "N", description: "validators of a generated genesis (default: one per host); hosts beyond them run full nodes" },
  genesis: { type: "string", value: "FILE", description: "an SDK genesis document instead (its bonded validators; their consensus keys the ones the node derives)" },
  "base-port": { type: "string", value: "PORT", default: "27000", description: "every host: PORT (ABCI), +1 (CometBFT RPC), +2 (P2P), +3 (REST)" },
  listen: { type: "string", value: "ADDRESS", default: "0.0.0.0", description: "what a host that is not a loopback address binds P2P, RPC and REST to" },
  "block-interval": { type: "string", value: "DURATION", default: "1s", description: "CometBFT's timeout_commit" },
} satisfies FlagSpecs;

const NODE_FLAGS = {
  home: { type: "string", value: "DIR", description: "a home written by `testnet init` (DIR/H); required" },
  "log-level": { type: "string", value: "LEVEL", default: "info", description: "the app's log (HOME/app.log)" },
} satisfies FlagSpecs;

/** `testnet init`: a home per host. */
export const initCommand = flagCommand({
  summary: "write one home per host for a network across machines",
  usage: "npm run testnet -- init --hosts H1,H2,… [--out DIR] [--validators N | --genesis FILE] [--base-port PORT]",
  about: [
    "Writes one home per host for a network across machines (validator i on host i), then prints the",
    "command each host runs. Copy DIR/H to host H (with this project, built), and run it there.",
  ],
  flags: INIT_FLAGS,
  run: init,
}).run;

/** `testnet node`: one host's node of it. */
export const nodeCommand = flagCommand({
  summary: "run one host's node of a network testnet init wrote",
  usage: "npm run testnet -- node --home DIR/H",
  about: [
    "Runs one host's node of a network made by `testnet init`: this node (npm start -- --abci) and",
    "CometBFT, logs in the home (app.log, cometbft.log). Ctrl-C stops both; if either ends, the other",
    "is stopped and the exit code is 1. Started again, it resumes where it stopped.",
  ],
  flags: NODE_FLAGS,
  run: node,
}).run;

const isLoopback = (host: string) => isIP(host) === 4 && host.startsWith("127.");

/** A directory name for a host (its address or name, safe as a path segment). */
export const hostDir = (host: string) => host.replace(/[^A-Za-z0-9._-]/g, "_");

async function init(f: FlagValues<typeof INIT_FLAGS>): Promise<number> {
  if (f.hosts === undefined) throw new UsageError("--hosts: give the machines, e.g. --hosts 10.0.0.1,10.0.0.2,10.0.0.3,10.0.0.4");
  const hosts = f.hosts.split(",").map((h) => h.trim());
  if (hosts.some((h) => h === "" || /[\s@/]/.test(h))) throw new UsageError(`--hosts ${JSON.stringify(f.hosts)}: a comma-separated list of addresses or host names`);
  if (new Set(hosts).size !== hosts.length) throw new UsageError(`--hosts ${JSON.stringify(f.hosts)}: a host is named twice (one node per host)`);
  const basePort = Number(parseCount("base-port", f["base-port"], { min: 1024n, max: 65535n }));
  const warning = checkBasePort(basePort, 1, readEphemeralRange());
  if (warning !== undefined) process.stderr.write(warning + "\n");
  if (f.validators !== undefined && f.genesis !== undefined) throw new UsageError("--validators and --genesis: give one (a file has its own validators)");
  const n = f.validators === undefined ? hosts.length : Number(parseCount("validators", f.validators, { min: 1n, max: BigInt(hosts.length) }));
  const genesis = f.genesis === undefined ? generatedGenesis(n) : await readTestnetGenesis(f.genesis);
  ensureCometbft();
  process.stderr.write(`validators of the genesis (InitChain in memory)…\n`);
  const validators = testnetValidators(await loadCoreFromFile(), genesis, f.genesis === undefined ? "the generated genesis" : "--genesis");
  if (validators.length > hosts.length) {
    throw new UsageError(`--hosts: ${hosts.length} hosts for ${validators.length} validators; give one host per validator (more hosts run full nodes)`);
  }
  const out = resolve(f.out);
  await rm(out, { recursive: true, force: true });
  const chainId = (genesis as { chain_id: string }).chain_id;
  const ports = { abci: basePort, rpc: basePort + 1, p2p: basePort + 2, rest: basePort + 3 };
  const nodes: { host: string; home: string; validator: TestnetValidator | undefined; seed: Uint8Array | undefined; id: string }[] = hosts.map((host, i) => ({
    host, home: join(out, hostDir(host)), validator: validators[i], seed: validators[i] ? undefined : new Uint8Array(randomBytes(32)), id: "",
  }));
  const listenOf = (host: string) => (isLoopback(host) ? host : f.listen);
  const writeHome = (node: (typeof nodes)[number], peers: string[]) => writeCometHome(join(node.home, "cometbft"), {
    genesis, operator: node.validator?.operator ?? `full-${node.host}`, validators, abci: `tcp://${isLoopback(node.host) ? node.host : "127.0.0.1"}:${ports.abci}`,
    rpcPort: ports.rpc, p2pPort: ports.p2p, listen: listenOf(node.host), externalAddress: `${node.host}:${ports.p2p}`, blockInterval: f["block-interval"], peers,
    ...(node.seed ? { seed: node.seed } : {}),
  });
  for (const [i, node] of nodes.entries()) {
    process.stderr.write(`home ${i + 1}/${nodes.length}: ${node.home}\n`);
    await mkdir(node.home, { recursive: true });
    node.id = await writeHome(node, []);
  }
  const genesisText = JSON.stringify(genesis, null, 2);
  for (const node of nodes) {
    const peers = nodes.filter((m) => m !== node).map((m) => `${m.id}@${m.host}:${ports.p2p}`);
    await writeHome(node, peers);
    await writeFile(join(node.home, "genesis.json"), genesisText);
    const key = node.validator && operatorKeyJson(node.validator);
    if (key !== undefined) await writeFile(join(node.home, "operator_key.json"), key, { mode: 0o600 });
    const abciHost = isLoopback(node.host) ? node.host : "127.0.0.1";
    const listen = listenOf(node.host);
    const spec: HostNode = {
      host: node.host, chainId, operator: node.validator?.operator ?? "", ports, listen: { abci: abciHost, p2p: listen, rpc: listen, rest: listen }, peers,
    };
    await writeFile(join(node.home, NODE_FILE), JSON.stringify(spec, null, 2));
  }
  const say = (line: string) => process.stdout.write(line + "\n");
  say(`${chainId}: ${validators.length} validators${hosts.length > validators.length ? ` and ${hosts.length - validators.length} full nodes` : ""} on ${hosts.length} hosts; homes in ${out}`);
  say(`ports on every host: ${ports.abci} ABCI (local), ${ports.rpc} CometBFT RPC, ${ports.p2p} P2P (open it to the other hosts), ${ports.rest} REST`);
  say("copy each home to its host (with this project, built: npm ci), then run there:");
  for (const node of nodes) {
    say(`  ${node.host}: npm run testnet -- node --home ${node.home}${node.validator ? `    # validator ${node.validator.operator}` : "    # full node"}`);
  }
  return 0;
}

/** The spec a home holds, or a usage error naming the home. */
async function readHome(home: string): Promise<HostNode> {
  try {
    return JSON.parse(await readFile(join(home, NODE_FILE), "utf8")) as HostNode;
  } catch (e) {
    throw new UsageError(`--home ${home}: not a home written by \`testnet init\` (${(e as Error).message})`);
  }
}

async function node(f: FlagValues<typeof NODE_FLAGS>): Promise<number> {
  if (f.home === undefined) throw new UsageError("--home: give the home `testnet init` wrote for this host (DIR/H)");
  const home = resolve(f.home);
  const spec = await readHome(home);
  if (!existsSync(COMETBFT)) ensureCometbft();
  const abci = `tcp://${spec.listen.abci}:${spec.ports.abci}`;
  const rpcHost = spec.listen.rpc === "0.0.0.0" ? "127.0.0.1" : spec.listen.rpc;
  const rpc = `http://${rpcHost}:${spec.ports.rpc}`;
  const rest = `http://${spec.listen.rest === "0.0.0.0" ? "127.0.0.1" : spec.listen.rest}:${spec.ports.rest}`;
  const say = (line: string) => process.stdout.write(line + "\n");
  const children: { name: string; child: ChildProcess; log: string }[] = [];
  const launch = (name: string, cmd: string, args: string[], log: string) => {
    const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"] });
    const out = createWriteStream(log, { flags: "a" });
    out.on("error", () => {});
    child.stdout!.pipe(out, { end: false });
    child.stderr!.pipe(out, { end: false });
    child.once("close", () => out.end());
    children.push({ name, child, log });
    return child;
  };
  launch("app", process.execPath, [
    "--import", "tsx", MAIN, "--abci", abci, "--comet-rpc", rpc, "--genesis", join(home, "genesis.json"), "--db", join(home, "app.db"),
    "--host", spec.listen.rest, "--port", `${spec.ports.rest}`, "--log-level", f["log-level"],
  ], join(home, "app.log"));
  launch("CometBFT", COMETBFT, ["start", "--home", join(home, "cometbft"), "--proxy_app", abci], join(home, "cometbft.log"));
  say(`${spec.host}${spec.operator ? ` (validator ${spec.operator})` : " (full node)"}: REST ${rest}  CometBFT RPC ${rpc}  logs ${home}/  pids: app ${children[0]!.child.pid}, cometbft ${children[1]!.child.pid}`);
  const stop = () => Promise.all(children.map(({ child }) => new Promise<void>((res) => {
    if (child.exitCode !== null || child.signalCode !== null) return res();
    const force = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
    child.once("exit", () => {
      clearTimeout(force);
      res();
    });
    child.kill("SIGTERM");
  })));
  const ended = await new Promise<{ name: string; log: string; code: number | null; signal: NodeJS.Signals | null } | undefined>((res) => {
    const onSignal = () => res(undefined);
    process.once("SIGINT", onSignal).once("SIGTERM", onSignal);
    for (const c of children) c.child.once("exit", (code, signal) => res({ name: c.name, log: c.log, code, signal }));
  });
  if (ended !== undefined) {
    const tail = await logTail(ended.log);
    process.stderr.write(`${spec.host}: its ${ended.name} ${ended.signal ? `was killed by ${ended.signal}` : `exited with code ${ended.code}`}; last lines of ${ended.log}:\n${tail.map((l) => `  | ${l}`).join("\n")}\n`);
  }
  process.stderr.write(`stopping ${spec.host}'s node\n`);
  await stop();
  return ended === undefined ? 0 : 1;
}
