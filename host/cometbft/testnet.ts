// A real multi-validator network on loopback (`npm run testnet`, testnet-command.ts; the network
// suites). For each validator of the default genesis (x/gov the authority), a CometBFT v0.38 home
// (its key the node's consensus key for that validator, every other node a persistent peer) and a
// node process as its ABCI application (host/main.ts --abci), each with its own ports and logs.

import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadCoreFromFile } from "../core/node.js";
import { mergeJson, type Json } from "../app/genesis.js";
import { UsageError } from "../flags.js";
import { COMETBFT, writeCometHome } from "./home.js";
import { generatedGenesis, operatorKeyJson, testnetValidators } from "./testnet-genesis.js";
import { ensureCometbft } from "./install.js";
import { NODE_STRIDE, assertPortsFree } from "./testnet-ports.js";
import { SQLITE_SYNC_ENV } from "../store/migrate.js";

const MAIN = fileURLToPath(new URL("../main.ts", import.meta.url));
/** How long stop() lets a process end on SIGTERM before SIGKILL (a stopped or hung one never would). */
const STOP_GRACE_MS = 15_000;
/** A status request to a node that does not answer in this time counts as down. */
const STATUS_TIMEOUT_MS = 5_000;

export interface TestnetNode {
  index: number;
  operator: string;
  rest: string;
  rpc: string;
  home: string;
  db: string;
  abci: string;
  /** Its app's and its CometBFT's output (appended to across restarts). */
  appLog: string;
  cometLog: string;
  /** With `profile`: CometBFT's Prometheus metrics URL, and the file of the app's ABCI timings. */
  metrics?: string;
  abciProfile?: string;
  /** With `profile.pprof`: CometBFT's Go pprof endpoints (PORT+10i+5), e.g. `${pprof}/debug/pprof/profile?seconds=10`. */
  pprof?: string;
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
  /**
   * End node i's processes still running, on purpose (SIGTERM, SIGKILL after a grace; neither is
   * reported to onExit); resolves once both have ended, so start(i) can bring it back.
   */
  stopNode(i: number): Promise<void>;
  /** kill -9 node i's app (and its CometBFT with `both`). */
  kill(i: number, both?: boolean): void;
  /**
   * One more node, peered with the others, with the ed25519 key `seed`: a full node that becomes a
   * validator once its key is bonded (MsgCreateValidator), or, with a validator's own key, a second
   * signer of it (a double signer). `mempoolBroadcast: false` keeps its txs to itself.
   */
  addNode(o: { seed: Uint8Array; mempoolBroadcast?: boolean }): Promise<TestnetNode>;
  /**
   * SIGTERM every process (SIGKILL what has not ended after a grace period); resolves once all have.
   * From then on nothing is started (start, restartApp and restartComet do nothing).
   */
  stop(): Promise<void>;
}

/** A node's process that ended on its own (not by kill() or stop(), nor after its sibling was killed so). */
export interface NodeExit {
  node: TestnetNode;
  process: "app" | "cometbft";
  pid: number | undefined;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Why it could not be started at all (spawn's error). */
  error?: string;
  /** Its log file, complete up to its exit. */
  log: string;
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
  /** How many validators a generated genesis has (testnet-genesis.ts); ignored with `genesis` or `resume`. */
  validators: number; dir: string; basePort: number; blockInterval: string;
  /** An SDK genesis document to run instead of a generated one: its bonded validators are the network's. */
  genesis?: Json;
  genesisOverride?: Json; resume?: boolean;
  /** More flags for every node's app (e.g. --log-level debug). */
  appArgs?: string[];
  /** Check every node's ports are free before starting it (default true); a supervisor reports a taken one instead. */
  checkPorts?: boolean;
  /** Called when a node's process ends on its own (opt-in supervision: testnet-supervise.ts). */
  onExit?: (e: NodeExit) => void;
  /**
   * Profile every node (the network bench): CometBFT's Prometheus metrics on PORT+10i+4 (TestnetNode.metrics)
   * and the app's time per ABCI method in node<i>/abci-profile.json (abci-profile.ts); `nodeFlags` are
   * Node.js flags for every app (e.g. --cpu-prof).
   */
  profile?: { nodeFlags?: string[]; pprof?: boolean };
  /** More config.toml values for every node's CometBFT (home.ts HomeOptions.config: `section.key` → TOML value). */
  cometConfig?: Record<string, string>;
  /**
   * Another CometBFT binary to run the nodes with (default .tools/bin/cometbft): e.g. the build with its
   * ABCI socket client's flush timer fixed (scripts/testnet-cometbft-flushfix.sh; docs/performance.md).
   */
  cometbft?: string;
}): Promise<Testnet> {
  ensureCometbft();
  const dir = resolve(o.dir);
  const genesisFile = join(dir, "genesis.json");
  const manifestFile = join(dir, "testnet.json");
  let manifest: Manifest | undefined;
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
    genesis = mergeJson(o.genesis ?? generatedGenesis(o.validators), o.genesisOverride ?? {});
    await writeFile(genesisFile, JSON.stringify(genesis, null, 2));
  }
  const validators = testnetValidators(await loadCoreFromFile(), genesis, o.genesis === undefined ? "the generated genesis" : "--genesis");
  manifest ??= { basePort: o.basePort, blockInterval: o.blockInterval, nodes: validators.map((v) => ({ operator: v.operator, id: "" })) };
  const { basePort, blockInterval } = manifest;
  const checkPorts = o.checkPorts ?? true;
  if (checkPorts) await assertPortsFree(manifest.nodes.map((_, i) => basePort + NODE_STRIDE * i));
  const nodeAt = (i: number, operator: string): TestnetNode => {
    const port = basePort + NODE_STRIDE * i;
    return {
      index: i, operator, rest: `http://127.0.0.1:${port + 3}`, rpc: `http://127.0.0.1:${port + 1}`,
      home: join(dir, `node${i}`, "cometbft"), db: join(dir, `node${i}`, "app.db"), abci: `tcp://127.0.0.1:${port}`,
      appLog: join(dir, `node${i}`, "app.log"), cometLog: join(dir, `node${i}`, "cometbft.log"), app: undefined, comet: undefined,
      ...(o.profile ? { metrics: `http://127.0.0.1:${port + 4}/metrics`, abciProfile: join(dir, `node${i}`, "abci-profile.json") } : {}),
      ...(o.profile?.pprof ? { pprof: `http://127.0.0.1:${port + 5}` } : {}),
    };
  };
  const nodes: TestnetNode[] = manifest.nodes.map((m, i) => nodeAt(i, m.operator));
  const ids: string[] = manifest.nodes.map((m) => m.id);
  const saveManifest = () => writeFile(manifestFile, JSON.stringify({ ...manifest, nodes: nodes.map((n) => ({ operator: n.operator, id: ids[n.index] })) }, null, 2));
  if (!o.resume) {
    const home = (n: TestnetNode, peers: string[]) => writeCometHome(n.home, {
      genesis, operator: n.operator, validators, abci: n.abci, rpcPort: basePort + NODE_STRIDE * n.index + 1, p2pPort: basePort + NODE_STRIDE * n.index + 2,
      blockInterval, peers, ...(o.profile ? { prometheusPort: basePort + NODE_STRIDE * n.index + 4 } : {}),
      ...(o.profile?.pprof ? { pprofPort: basePort + NODE_STRIDE * n.index + 5 } : {}), ...(o.cometConfig ? { config: o.cometConfig } : {}),
    });
    // Twice: the first pass makes each node's p2p key, the second names every other node as a peer.
    for (const n of nodes) {
      await mkdir(join(dir, `node${n.index}`), { recursive: true });
      ids[n.index] = await home(n, []);
      const operatorKey = operatorKeyJson(validators[n.index]!);
      if (operatorKey !== undefined) await writeFile(join(dir, `node${n.index}`, "operator_key.json"), operatorKey, { mode: 0o600 });
    }
    for (const n of nodes) {
      await home(n, nodes.filter((m) => m !== n).map((m) => `${ids[m.index]}@127.0.0.1:${basePort + NODE_STRIDE * m.index + 2}`));
    }
    await saveManifest();
  }
  // Processes killed on purpose, and per node how many kills so far: a process that ends after a
  // kill on its node (CometBFT exits when its app dies) is not a failure either.
  const killedOnPurpose = new WeakSet<ChildProcess>();
  const purposeKills: number[] = [];
  const watch = (n: TestnetNode, child: ChildProcess, proc: NodeExit["process"], log: string) => {
    const killsBefore = purposeKills[n.index] ?? 0;
    const out = createWriteStream(log, { flags: "a" });
    // Both streams into one file: neither may end it, the child's close does (all output read).
    child.stdout?.pipe(out, { end: false });
    child.stderr?.pipe(out, { end: false });
    out.on("error", () => {}); // a log that cannot be written must not take the network down
    let reported = false;
    const report = (code: number | null, signal: NodeJS.Signals | null, error?: string) => out.end(() => {
      if (reported || killedOnPurpose.has(child) || (purposeKills[n.index] ?? 0) > killsBefore) return;
      reported = true;
      o.onExit?.({ node: n, process: proc, pid: child.pid, code, signal, log, ...(error !== undefined ? { error } : {}) });
    });
    // A process that could not be spawned has no pid and may never emit close.
    child.once("error", (e) => child.pid === undefined && report(null, null, e.message));
    child.once("close", (code, signal) => report(code, signal));
  };
  // Once stop() is called nothing starts again (a supervisor's restart racing a Ctrl-C).
  let stopping = false;
  const startComet = (n: TestnetNode) => {
    if (stopping) return;
    // CometBFT dials the app until it answers.
    n.comet = spawn(o.cometbft ?? COMETBFT, ["start", "--home", n.home, "--proxy_app", n.abci], { stdio: ["ignore", "pipe", "pipe"] });
    watch(n, n.comet, "cometbft", n.cometLog);
  };
  const startApp = (n: TestnetNode) => {
    if (stopping) return;
    n.app = spawn(process.execPath, [
      ...(o.profile?.nodeFlags ?? []), "--import", "tsx", MAIN, "--abci", n.abci, "--comet-rpc", n.rpc, "--genesis", genesisFile, "--db", n.db, "--port", n.rest.split(":").pop()!,
      ...(o.appArgs ?? []),
    ], {
      stdio: ["ignore", "pipe", "pipe"],
      // SQLite without an fsync per block: CometBFT's block store is the network's durable record (migrate.ts).
      env: { ...process.env, [SQLITE_SYNC_ENV]: "normal", ...(n.abciProfile ? { ABCI_PROFILE: n.abciProfile } : {}) },
    });
    watch(n, n.app, "app", n.appLog);
  };
  const killOnPurpose = (n: TestnetNode, c: ChildProcess | undefined, signal: NodeJS.Signals) => {
    if (!c) return;
    killedOnPurpose.add(c);
    purposeKills[n.index] = (purposeKills[n.index] ?? 0) + 1;
    c.kill(signal);
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
    if (checkPorts) await assertPortsFree([port]);
    await mkdir(join(dir, `node${i}`), { recursive: true });
    ids[i] = await writeCometHome(n.home, {
      genesis, operator: `extra${i}`, seed: a.seed, validators, abci: n.abci, rpcPort: port + 1, p2pPort: port + 2, blockInterval,
      peers: nodes.map((m) => `${ids[m.index]}@127.0.0.1:${basePort + NODE_STRIDE * m.index + 2}`),
      ...(a.mempoolBroadcast === false ? { mempoolBroadcast: false } : {}), ...(o.cometConfig ? { config: o.cometConfig } : {}),
    });
    nodes.push(n);
    await saveManifest();
    start(i);
    return n;
  };
  const ended = (n: TestnetNode, c: ChildProcess | undefined) => new Promise<void>((res) => {
    if (!c || c.pid === undefined || c.exitCode !== null || c.signalCode !== null) return res();
    const force = setTimeout(() => c.kill("SIGKILL"), STOP_GRACE_MS);
    c.once("exit", () => {
      clearTimeout(force);
      res();
    });
    killOnPurpose(n, c, "SIGTERM");
  });
  return {
    nodes, genesisFile, start, addNode, chainId: (genesis as { chain_id: string }).chain_id,
    restartComet: (i) => startComet(nodes[i]!),
    restartApp: (i) => startApp(nodes[i]!),
    kill(i, both = false) {
      const n = nodes[i]!;
      killOnPurpose(n, n.app, "SIGKILL");
      if (both) killOnPurpose(n, n.comet, "SIGKILL");
    },
    async stopNode(i) {
      const n = nodes[i]!;
      await Promise.all([ended(n, n.comet), ended(n, n.app)]);
    },
    async stop() {
      stopping = true;
      await Promise.all(nodes.flatMap((n) => [ended(n, n.comet), ended(n, n.app)]));
    },
  };
}

/** A node's CometBFT status (undefined while it is not up). */
export async function cometStatus(rpc: string): Promise<{ height: bigint; appHash: string } | undefined> {
  try {
    const s = ((await (await fetch(`${rpc}/status`, { signal: AbortSignal.timeout(STATUS_TIMEOUT_MS) })).json()) as any).result.sync_info;
    return { height: BigInt(s.latest_block_height), appHash: s.latest_app_hash };
  } catch {
    return undefined;
  }
}

/** The app hash in node `rpc`'s header of block `height` (the state after block height - 1). */
export async function headerAppHash(rpc: string, height: bigint): Promise<string | undefined> {
  try {
    return ((await (await fetch(`${rpc}/block?height=${height}`, { signal: AbortSignal.timeout(STATUS_TIMEOUT_MS) })).json()) as any).result.block.header.app_hash as string;
  } catch {
    return undefined;
  }
}
