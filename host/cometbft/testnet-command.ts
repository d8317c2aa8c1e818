// `npm run testnet -- --validators 4`: a real multi-validator network on loopback (testnet.ts),
// supervised (testnet-supervise.ts): prints each node's REST and RPC once it answers, reports a
// node that dies or never answers and then stops the network (unless --keep-going), or with
// --restart brings a dead node back (a bounded number of times); Ctrl-C stops it all. With --until-height H it waits until every node has made block H (printing the heights
// as it goes), checks they all report the same app hash at H, and exits (0 when they agree).

import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { ed25519 } from "@noble/curves/ed25519.js";
import { base64 } from "@scure/base";
import { UsageError, flagCommand, parseCount, type Command, type FlagSpecs, type FlagValues } from "../cli/common.js";
import { LOG_FORMATS, LOG_LEVELS } from "../log.js";
import { headerAppHash, readManifest, startTestnet, type Testnet, type TestnetNode } from "./testnet.js";
import { checkBasePort, readEphemeralRange } from "./testnet-ports.js";
import { Supervisor, nodeName, waitForHeight } from "./testnet-supervise.js";
import { countValidators, readTestnetGenesis } from "./testnet-genesis.js";
import { initCommand, nodeCommand } from "./testnet-hosts.js";

/** x/staking's max_validators in the generated genesis: more would not all be bonded. */
const MAX_VALIDATORS = 100;
const MAX_FULL_NODES = 20;
/** How often --until-height prints the heights. */
const HEIGHTS_EVERY_MS = 5_000;

const FLAGS = {
  validators: {
    type: "string", value: "N", default: "4",
    description: `how many validators (1 to ${MAX_VALIDATORS}): up to 4 the default genesis's (dev keys 1-4), more a generated genesis (dev keys 105, 106, … beyond 4; equal stakes)`,
  },
  genesis: {
    type: "string", value: "FILE",
    description: "run this SDK genesis document instead (chain-maind's genesis.json or an export): its bonded validators are the network's; their consensus keys must be the ones the node derives",
  },
  "full-nodes": {
    type: "string", value: "N", default: "0",
    description: `also N full nodes (0 to ${MAX_FULL_NODES}), each with a fresh ed25519 consensus key: a MsgCreateValidator with that key makes one a validator`,
  },
  dir: { type: "string", value: "DIR", default: "./testnet", description: "the nodes' homes, databases and logs (remade unless --resume)" },
  resume: { type: "boolean", description: "start the network in --dir again where it stopped (its chain, keys and ports), nothing remade" },
  "base-port": {
    type: "string", value: "PORT", default: "27000",
    description: "node i uses PORT+10i (ABCI), +1 (CometBFT RPC), +2 (P2P), +3 (REST); best below the kernel's ephemeral port range (inside it: a warning, as an outgoing connection may take a node's port)",
  },
  "block-interval": { type: "string", value: "DURATION", default: "1s", description: "CometBFT's timeout_commit" },
  cometbft: {
    type: "string", value: "FILE",
    description: "run every node's CometBFT from this binary instead of .tools/bin/cometbft (e.g. .tools/bin/cometbft-flushfix from scripts/testnet-cometbft-flushfix.sh: docs/performance.md)",
  },
  "until-height": { type: "string", value: "H", description: "wait for block H on every node (printing the heights), compare their app hashes, stop, exit" },
  "keep-going": {
    type: "boolean",
    description: "when a node dies or never answers, report it and keep the others running (the exit code is still 1)",
  },
  restart: {
    type: "boolean",
    description: "when a node's app or CometBFT dies, report it and start that node again (its app, then its CometBFT, which replays the blocks it lacks) instead of stopping the network",
  },
  "restart-limit": { type: "string", value: "N", default: "5", description: "with --restart: at most N restarts of a node within --restart-window; one more death fails as without --restart" },
  "restart-window": { type: "string", value: "DURATION", default: "10m", description: "with --restart: the window --restart-limit counts in" },
  "start-timeout": { type: "string", value: "DURATION", default: "120s", description: "a node's REST and CometBFT RPC must answer within this of its start" },
  "stall-timeout": { type: "string", value: "DURATION", default: "60s", description: "with --until-height: a node whose height has not grown for this long fails the wait" },
  "log-level": { type: "string", value: "LEVEL", default: "info", description: `every node's app log (its app.log): ${LOG_LEVELS.join(", ")}` },
  "log-format": { type: "string", value: "FORMAT", default: "text", description: `every node's app log: ${LOG_FORMATS.join(" or ")}` },
} satisfies FlagSpecs;

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000 };

/** A duration flag ("500ms", "2s", "10m") in milliseconds, above zero. */
function parseDuration(flag: string, text: string): number {
  const m = /^([0-9]+)(ms|s|m)$/.exec(text);
  const ms = m ? Number(m[1]) * UNIT_MS[m[2]!]! : 0;
  if (!(ms > 0) || !Number.isSafeInteger(ms)) throw new UsageError(`--${flag} ${JSON.stringify(text)}: a duration above zero, e.g. 500ms, 30s or 10m`);
  return ms;
}

function oneOf(flag: string, text: string, allowed: readonly string[]): string {
  if (!allowed.includes(text)) throw new UsageError(`--${flag} ${JSON.stringify(text)}: one of ${allowed.join(", ")}`);
  return text;
}

/** The network on loopback (no init or node action). */
async function network(f: FlagValues<typeof FLAGS>): Promise<number> {
  const validators = Number(parseCount("validators", f.validators, { min: 1n, max: BigInt(MAX_VALIDATORS) }));
  const fullNodes = Number(parseCount("full-nodes", f["full-nodes"], { min: 0n, max: BigInt(MAX_FULL_NODES) }));
  const genesis = f.genesis === undefined || f.resume ? undefined : await readTestnetGenesis(f.genesis);
  let basePort = Number(parseCount("base-port", f["base-port"], { min: 1024n, max: 65535n }));
  const until = f["until-height"] === undefined ? undefined : parseCount("until-height", f["until-height"], { min: 1n });
  parseDuration("block-interval", f["block-interval"]);
  const cometbft = f.cometbft === undefined ? undefined : resolve(f.cometbft);
  if (cometbft !== undefined && !existsSync(cometbft)) throw new UsageError(`--cometbft ${JSON.stringify(f.cometbft)}: no such file`);
  const startTimeoutMs = parseDuration("start-timeout", f["start-timeout"]);
  const stallMs = parseDuration("stall-timeout", f["stall-timeout"]);
  const appArgs = ["--log-level", oneOf("log-level", f["log-level"], LOG_LEVELS), "--log-format", oneOf("log-format", f["log-format"], LOG_FORMATS)];
  const keepGoing = f["keep-going"];
  const restart = f.restart
    ? { limit: Number(parseCount("restart-limit", f["restart-limit"], { min: 1n, max: 1000n })), windowMs: parseDuration("restart-window", f["restart-window"]) }
    : undefined;
  let nodeCount = (genesis === undefined ? validators : countValidators(genesis)) + fullNodes;
  if (f.resume) {
    const m = await readManifest(f.dir);
    basePort = m.basePort;
    nodeCount = m.nodes.length + fullNodes;
  }
  const warning = checkBasePort(basePort, nodeCount, readEphemeralRange(), { restartHint: !f.restart });
  if (warning !== undefined) process.stderr.write(warning + "\n");

  const out = (line: string) => process.stdout.write(line + "\n");
  const sup = new Supervisor({ startTimeoutMs, write: (t) => process.stderr.write(t), ...(restart ? { restart } : {}) });
  // What ends the run early: Ctrl-C (or SIGTERM), or a node's failure unless --keep-going.
  let interrupted: "signal" | "failure" | undefined;
  let onSignal!: () => void;
  const signalled = new Promise<void>((res) => (onSignal = res));
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  const interrupt = Promise.race([
    signalled.then(() => (interrupted ??= "signal")),
    keepGoing ? new Promise<never>(() => {}) : sup.firstFailure.then(() => (interrupted ??= "failure")),
  ]);
  const done = new AbortController();
  let net: Testnet | undefined;
  try {
    net = await startTestnet({
      validators, dir: f.dir, basePort, blockInterval: f["block-interval"], resume: f.resume, appArgs, checkPorts: false, onExit: sup.onExit,
      ...(genesis === undefined ? {} : { genesis }), ...(cometbft === undefined ? {} : { cometbft }),
    });
    sup.attach(net);
    const keys = new Map<number, string>();
    for (let i = 0; i < fullNodes && interrupted === undefined; i++) {
      // A real key (the CLI's, not the chain's: no determinism needed), kept in its CometBFT home.
      const seed = new Uint8Array(randomBytes(32));
      const n = await net.addNode({ seed });
      keys.set(n.index, base64.encode(ed25519.getPublicKey(seed)));
    }
    const logs = (n: TestnetNode) => `${resolve(f.dir)}/node${n.index}/`;
    const ready = Promise.all(net.nodes.map(async (n) => {
      if (!(await sup.ready(n))) return;
      out(`${nodeName(n)}${n.operator === "" ? "" : ` ${n.operator}`}: REST ${n.rest}  CometBFT RPC ${n.rpc}  logs ${logs(n)}  pids: app ${n.app?.pid}, cometbft ${n.comet?.pid}`);
      const key = keys.get(n.index);
      if (key) out(`  consensus pubkey {"@type":"/cosmos.crypto.ed25519.PubKey","key":"${key}"}: a MsgCreateValidator with it makes this node a validator`);
    }));
    if (interrupted === undefined) await Promise.race([ready, interrupt]);
    if (interrupted === undefined && until === undefined) {
      out(sup.failed.size === 0 ? `${net.nodes.length} nodes up; Ctrl-C stops them` : `${net.nodes.length - sup.failed.size} of ${net.nodes.length} nodes up; Ctrl-C stops them`);
      await interrupt;
    }
    if (interrupted !== undefined || until === undefined) return finish(interrupted, sup, f.restart);
    const nodes = net.nodes;
    const waited = await Promise.race([
      waitForHeight(nodes, until, { stallMs, printEveryMs: HEIGHTS_EVERY_MS, print: out, skip: (n) => sup.failed.has(n.index), signal: done.signal }),
      interrupt,
    ]);
    if (typeof waited === "string") return finish(interrupted, sup, f.restart);
    if (!waited.reached) {
      process.stderr.write(`${waited.stalled.map(nodeName).join(", ")}: no new block for ${stallMs / 1000}s, short of height ${until}; ${waited.heights} (logs in ${resolve(f.dir)})\n`);
      return 1;
    }
    const live = nodes.filter((n) => !sup.failed.has(n.index));
    const hashes = await Promise.all(live.map((n) => headerAppHash(n.rpc, until + 1n)));
    const agree = hashes.every((h) => h !== undefined && h === hashes[0]);
    const where = sup.failed.size === 0 ? "every node" : `every live node (${sup.failed.size} failed)`;
    out(`height ${until}: app hash ${agree ? `${hashes[0]} on ${where}` : `DIFFERS: ${hashes.join(", ")}`}`);
    return agree && sup.failed.size === 0 ? 0 : 1;
  } finally {
    done.abort();
    sup.close();
    // A second Ctrl-C must not leave the nodes behind: stop() ends them all (SIGKILL after a grace).
    const ignore = () => {};
    process.on("SIGINT", ignore).on("SIGTERM", ignore);
    if (net) {
      process.stderr.write("stopping the network\n");
      await net.stop();
    }
    process.off("SIGINT", onSignal).off("SIGTERM", onSignal).off("SIGINT", ignore).off("SIGTERM", ignore);
  }
}

/** The exit code of a run that ended on Ctrl-C or on a failure: 1 if any node failed. */
function finish(interrupted: "signal" | "failure" | undefined, sup: Supervisor, restart: boolean): number {
  if (interrupted === "failure") process.stderr.write(`a node failed (--keep-going keeps the others running${restart ? "" : "; --restart brings a dead node back"})\n`);
  return sup.failed.size === 0 ? 0 : 1;
}

const loopback = flagCommand({
  summary: "a multi-validator CometBFT network of this node on loopback",
  usage: [
    "npm run testnet -- [--validators N | --genesis FILE] [--full-nodes N] [--dir DIR] [--resume] [--until-height H] [--keep-going] [--restart]",
    "npm run testnet -- init --hosts H1,H2,… --out DIR    (a network across machines: npm run testnet -- init --help)",
    "npm run testnet -- node --home DIR/H1                (run one host's node of it)",
  ],
  about: [
    "A real CometBFT v0.38 network on loopback: N validators (a generated genesis, x/gov the",
    "authority, or --genesis FILE's), each a CometBFT process and this node (npm start -- --abci) as",
    "its application; each validator's home (DIR/nodeI) keeps its keys (operator_key.json: a dev key).",
    "CometBFT is installed with `go install` on first use (npm run cometbft). Ctrl-C stops it all.",
    "A node whose process ends or that does not answer is reported (with the end of its log) and",
    "the network is stopped, exit code 1, unless --keep-going; with --restart the node is started",
    "again instead (up to --restart-limit times within --restart-window; one more death fails).",
  ],
  flags: FLAGS,
  run: network,
});

/** The network on loopback, or a network across machines: `testnet init`, `testnet node` (testnet-hosts.ts). */
export const testnetCommand: Command = {
  ...loopback,
  run: (argv) => (argv[0] === "init" ? initCommand(argv.slice(1)) : argv[0] === "node" ? nodeCommand(argv.slice(1)) : loopback.run(argv)),
};
