// `npm run testnet -- --validators 4`: a real multi-validator network on loopback. For each
// validator of the default genesis (x/gov the authority), a CometBFT v0.38 home (its key the
// node's consensus key for that validator, every other node a persistent peer) and a node process
// as its ABCI application (host/main.ts --abci), each with its own ports and logs under --dir.
// Prints each validator's REST and RPC addresses; Ctrl-C stops them all. With --until-height H it
// waits until every node has made block H, checks they all report the same app hash at H, and
// exits (0 when they agree).

import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream } from "node:fs";
import { randomBytes } from "node:crypto";
import { ed25519 } from "@noble/curves/ed25519.js";
import { base64 } from "@scure/base";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadCoreFromFile } from "../core/node.js";
import { GOV_MODULE_ADDRESS, defaultGenesisJson, mergeJson, type Json } from "../genesis.js";
import { type Command, UsageError, formatFlags, parseCount, parseFlags, type FlagSpecs } from "../cli/common.js";
import { COMETBFT, genesisValidators, writeCometHome } from "./cometbft-home.js";
import { ensureCometbft } from "./install.js";
import { NODE_STRIDE, assertPortsFree, checkBasePort, readEphemeralRange } from "./testnet-ports.js";

const MAIN = fileURLToPath(new URL("../main.ts", import.meta.url));

const FLAGS = {
  validators: { type: "string", value: "N", default: "4", description: "how many validators (1 to 4: the default genesis's)" },
  "full-nodes": {
    type: "string", value: "N", default: "0",
    description: "also N full nodes (0 to 4), each with a fresh ed25519 consensus key: a MsgCreateValidator with that key makes one a validator",
  },
  dir: { type: "string", value: "DIR", default: "./testnet", description: "the nodes' homes, databases and logs (remade unless --resume)" },
  resume: { type: "boolean", description: "start the network in --dir again where it stopped (its chain, keys and ports), nothing remade" },
  "base-port": {
    type: "string", value: "PORT", default: "27000",
    description: "node i uses PORT+10i (ABCI), +1 (CometBFT RPC), +2 (P2P), +3 (REST); all below the kernel's ephemeral port range",
  },
  "block-interval": { type: "string", value: "DURATION", default: "1s", description: "CometBFT's timeout_commit" },
  "until-height": { type: "string", value: "H", description: "wait for block H on every node, compare their app hashes, stop, exit" },
  help: { type: "boolean", short: "h", description: "show this help and exit" },
} satisfies FlagSpecs;

export interface TestnetNode {
  index: number;
  operator: string;
  rest: string;
  rpc: string;
  home: string;
  db: string;
  abci: string;
  app: ChildProcess | undefined;
  comet: ChildProcess | undefined;
}

export interface Testnet {
  nodes: TestnetNode[];
  genesisFile: string;
  chainId: string;
  /** Start node i's app and CometBFT (again, after a kill). */
  start(i: number): void;
  /** Start node i's CometBFT alone again (its app still running). */
  restartComet(i: number): void;
  /** Start node i's app alone again (its CometBFT still running, dialling it). */
  restartApp(i: number): void;
  /** kill -9 node i's app (and its CometBFT with `both`). */
  kill(i: number, both?: boolean): void;
  /**
   * One more node, peered with the others, with the ed25519 key `seed`: a full node that becomes a
   * validator once its key is bonded (MsgCreateValidator), or, with a validator's own key, a second
   * signer of it (a double signer). `mempoolBroadcast: false` keeps its txs to itself.
   */
  addNode(o: { seed: Uint8Array; mempoolBroadcast?: boolean }): Promise<TestnetNode>;
  stop(): Promise<void>;
}

/** What `--resume` needs to start a stopped network again: its ports, block interval and nodes. */
export interface Manifest {
  basePort: number;
  blockInterval: string;
  nodes: { operator: string; id: string }[];
}

/** The network stopped in `dir` (testnet.json), or a usage error naming the directory. */
export async function readManifest(dir: string): Promise<Manifest> {
  try {
    return JSON.parse(await readFile(join(resolve(dir), "testnet.json"), "utf8")) as Manifest;
  } catch (e) {
    throw new UsageError(`--resume: no network to resume in ${resolve(dir)} (${(e as Error).message}); start one without --resume`);
  }
}

/**
 * Make the homes and start every node; with `resume`, start the network already in `dir` again
 * where it stopped (its genesis, homes, databases and ports: testnet.json), nothing remade.
 */
export async function startTestnet(o: {
  validators: number; dir: string; basePort: number; blockInterval: string; genesisOverride?: Json; resume?: boolean;
  /** More flags for every node's app (e.g. --log-level debug). */
  appArgs?: string[];
}): Promise<Testnet> {
  ensureCometbft();
  const dir = resolve(o.dir);
  const genesisFile = join(dir, "genesis.json");
  const manifestFile = join(dir, "testnet.json");
  let manifest: Manifest;
  let genesis: Json;
  if (o.resume) {
    manifest = await readManifest(dir);
    try {
      genesis = JSON.parse(await readFile(genesisFile, "utf8")) as Json;
    } catch (e) {
      throw new UsageError(`--resume: no network to resume in ${dir} (${(e as Error).message}); start one without --resume`);
    }
  } else {
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    const base = defaultGenesisJson() as { app_state: { staking: { validators: { operator_address: string }[] } } };
    const chosen = base.app_state.staking.validators.slice(0, o.validators);
    genesis = mergeJson(
      mergeJson(base as unknown as Json, { app_state: { staking: { validators: chosen }, gov: { authority: GOV_MODULE_ADDRESS } } } as unknown as Json),
      o.genesisOverride ?? {},
    );
    await writeFile(genesisFile, JSON.stringify(genesis, null, 2));
    manifest = { basePort: o.basePort, blockInterval: o.blockInterval, nodes: chosen.map((v) => ({ operator: v.operator_address, id: "" })) };
  }
  const { basePort, blockInterval } = manifest;
  const validators = genesisValidators(await loadCoreFromFile(), genesis);
  await assertPortsFree(manifest.nodes.map((_, i) => basePort + NODE_STRIDE * i));
  const nodeAt = (i: number, operator: string): TestnetNode => {
    const port = basePort + NODE_STRIDE * i;
    return {
      index: i, operator, rest: `http://127.0.0.1:${port + 3}`, rpc: `http://127.0.0.1:${port + 1}`,
      home: join(dir, `node${i}`, "cometbft"), db: join(dir, `node${i}`, "app.db"), abci: `tcp://127.0.0.1:${port}`, app: undefined, comet: undefined,
    };
  };
  const nodes: TestnetNode[] = manifest.nodes.map((m, i) => nodeAt(i, m.operator));
  const ids: string[] = manifest.nodes.map((m) => m.id);
  const saveManifest = () => writeFile(manifestFile, JSON.stringify({ ...manifest, nodes: nodes.map((n) => ({ operator: n.operator, id: ids[n.index] })) }, null, 2));
  if (!o.resume) {
    const home = (n: TestnetNode, peers: string[]) => writeCometHome(n.home, {
      genesis, operator: n.operator, validators, abci: n.abci, rpcPort: basePort + NODE_STRIDE * n.index + 1, p2pPort: basePort + NODE_STRIDE * n.index + 2,
      blockInterval, peers,
    });
    // Twice: the first pass makes each node's p2p key, the second names every other node as a peer.
    for (const n of nodes) {
      await mkdir(join(dir, `node${n.index}`), { recursive: true });
      ids[n.index] = await home(n, []);
    }
    for (const n of nodes) {
      await home(n, nodes.filter((m) => m !== n).map((m) => `${ids[m.index]}@127.0.0.1:${basePort + NODE_STRIDE * m.index + 2}`));
    }
    await saveManifest();
  }
  const logTo = (child: ChildProcess, file: string) => {
    const out = createWriteStream(file, { flags: "a" });
    child.stdout?.pipe(out);
    child.stderr?.pipe(out);
  };
  const startComet = (n: TestnetNode) => {
    // CometBFT dials the app until it answers.
    n.comet = spawn(COMETBFT, ["start", "--home", n.home, "--proxy_app", n.abci], { stdio: ["ignore", "pipe", "pipe"] });
    logTo(n.comet, join(dir, `node${n.index}`, "cometbft.log"));
  };
  const startApp = (n: TestnetNode) => {
    n.app = spawn(process.execPath, [
      "--import", "tsx", MAIN, "--abci", n.abci, "--comet-rpc", n.rpc, "--genesis", genesisFile, "--db", n.db, "--port", n.rest.split(":").pop()!,
      ...(o.appArgs ?? []),
    ], { stdio: ["ignore", "pipe", "pipe"] });
    logTo(n.app, join(dir, `node${n.index}`, "app.log"));
  };
  const start = (i: number) => {
    const n = nodes[i]!;
    startApp(n);
    startComet(n);
  };
  nodes.forEach((_, i) => start(i));
  const addNode = async (a: { seed: Uint8Array; mempoolBroadcast?: boolean }): Promise<TestnetNode> => {
    const i = nodes.length;
    const port = basePort + NODE_STRIDE * i;
    const n = nodeAt(i, "");
    await assertPortsFree([port]);
    await mkdir(join(dir, `node${i}`), { recursive: true });
    ids[i] = await writeCometHome(n.home, {
      genesis, operator: `extra${i}`, seed: a.seed, validators, abci: n.abci, rpcPort: port + 1, p2pPort: port + 2, blockInterval,
      peers: nodes.map((m) => `${ids[m.index]}@127.0.0.1:${basePort + NODE_STRIDE * m.index + 2}`),
      ...(a.mempoolBroadcast === false ? { mempoolBroadcast: false } : {}),
    });
    nodes.push(n);
    await saveManifest();
    start(i);
    return n;
  };
  const killed = (c: ChildProcess | undefined) => new Promise<void>((res) => {
    if (!c || c.exitCode !== null || c.signalCode !== null) return res();
    c.once("exit", () => res());
    c.kill("SIGTERM");
  });
  return {
    nodes, genesisFile, start, addNode, chainId: (genesis as { chain_id: string }).chain_id,
    restartComet: (i) => startComet(nodes[i]!),
    restartApp: (i) => startApp(nodes[i]!),
    kill(i, both = false) {
      nodes[i]!.app?.kill("SIGKILL");
      if (both) nodes[i]!.comet?.kill("SIGKILL");
    },
    async stop() {
      await Promise.all(nodes.flatMap((n) => [killed(n.comet), killed(n.app)]));
    },
  };
}

/** A node's CometBFT status (undefined while it is not up). */
export async function cometStatus(rpc: string): Promise<{ height: bigint; appHash: string } | undefined> {
  try {
    const s = ((await (await fetch(`${rpc}/status`)).json()) as any).result.sync_info;
    return { height: BigInt(s.latest_block_height), appHash: s.latest_app_hash };
  } catch {
    return undefined;
  }
}

/** The app hash in node `rpc`'s header of block `height` (the state after block height - 1). */
export async function headerAppHash(rpc: string, height: bigint): Promise<string | undefined> {
  try {
    return ((await (await fetch(`${rpc}/block?height=${height}`)).json()) as any).result.block.header.app_hash as string;
  } catch {
    return undefined;
  }
}

function usage(): string {
  return [
    "Usage: npm run testnet -- [--validators N] [--full-nodes N] [--dir DIR] [--resume] [--until-height H]",
    "",
    "A real CometBFT v0.38 network on loopback: N validators (the default genesis's, x/gov the",
    "authority), each a CometBFT process and this node (npm start -- --abci) as its application.",
    "CometBFT is installed with `go install` on first use (npm run cometbft). Ctrl-C stops it all.",
    "",
    "Flags:",
    formatFlags(FLAGS),
  ].join("\n");
}

async function run(argv: string[]): Promise<number> {
  const f = parseFlags(argv, FLAGS);
  if (f.help) {
    process.stdout.write(usage() + "\n");
    return 0;
  }
  const validators = Number(parseCount("validators", f.validators, { min: 1n, max: 4n }));
  const basePort = Number(parseCount("base-port", f["base-port"], { min: 1024n, max: 65000n }));
  const until = f["until-height"] === undefined ? undefined : parseCount("until-height", f["until-height"], { min: 1n });
  if (!/^[0-9]+(ms|s)$/.test(f["block-interval"])) throw new UsageError(`--block-interval ${f["block-interval"]}: e.g. 500ms or 1s`);
  const fullNodes = Number(parseCount("full-nodes", f["full-nodes"], { min: 0n, max: 4n }));
  const manifest = f.resume ? await readManifest(f.dir) : undefined;
  checkBasePort(manifest?.basePort ?? basePort, (manifest?.nodes.length ?? validators) + fullNodes, readEphemeralRange());
  const net = await startTestnet({ validators, dir: f.dir, basePort, blockInterval: f["block-interval"], resume: f.resume === true });
  for (const n of net.nodes) {
    const who = n.operator === "" ? "full node" : "validator";
    process.stdout.write(`${who} ${n.index}${n.operator === "" ? "" : ` ${n.operator}`}: REST ${n.rest}  CometBFT RPC ${n.rpc}  logs ${resolve(f.dir)}/node${n.index}/\n`);
  }
  for (let i = 0; i < fullNodes; i++) {
    // A real key (the CLI's, not the chain's: no determinism needed), kept in its CometBFT home.
    const seed = new Uint8Array(randomBytes(32));
    const n = await net.addNode({ seed });
    const key = base64.encode(ed25519.getPublicKey(seed));
    process.stdout.write(
      `full node ${n.index}: REST ${n.rest}  CometBFT RPC ${n.rpc}  logs ${resolve(f.dir)}/node${n.index}/\n` +
      `  consensus pubkey {"@type":"/cosmos.crypto.ed25519.PubKey","key":"${key}"}: a MsgCreateValidator with it makes this node a validator\n`,
    );
  }
  const stop = async () => {
    process.stderr.write("stopping the network\n");
    await net.stop();
  };
  if (until === undefined) {
    await new Promise<void>((res) => {
      process.once("SIGINT", () => res());
      process.once("SIGTERM", () => res());
    });
    await stop();
    return 0;
  }
  const deadline = Date.now() + 120_000 + Number(until) * 5_000;
  for (;;) {
    const heights = await Promise.all(net.nodes.map((n) => cometStatus(n.rpc)));
    if (heights.every((h) => h !== undefined && h.height >= until + 1n)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`not every node reached height ${until} in time: ${heights.map((h) => h?.height ?? "down").join(", ")}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const hashes = await Promise.all(net.nodes.map((n) => headerAppHash(n.rpc, until + 1n)));
  await stop();
  const agree = hashes.every((h) => h === hashes[0]);
  process.stdout.write(`height ${until}: app hash ${agree ? `${hashes[0]} on every node` : `DIFFERS: ${hashes.join(", ")}`}\n`);
  return agree ? 0 : 1;
}

export const testnetCommand: Command = { summary: "a multi-validator CometBFT network of this node on loopback", usage, run };
