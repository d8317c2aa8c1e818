// The node's command line (`npm start [-- flags]`, host/main.ts): the flags parsed (config.ts),
// the node started, its startup line and warnings, a stop on SIGINT / SIGTERM, the V8 flags the
// process sets on itself. Exit codes: 0 help or clean shutdown, 2 bad flag / value / genesis, 1 any
// other failure to start, 3 a block that could not commit.

import { setFlagsFromString } from "node:v8";
import { ConfigError, EXIT_USAGE, helpText, oneLine, parseConfig, type Config } from "../config.js";
import { GOV_MODULE_ADDRESS, devAddress } from "../app/genesis.js";
import { wallClockNs } from "../drivers/embedded.js";
import { createLogger } from "../log.js";
import { durationString, timestampString } from "../wire/gateway-json.js";
import type { RunningNode, StartOptions } from "../server/running-node.js";

/** host/main.ts's startNode. */
export type StartNode = (config: Config, options?: StartOptions) => Promise<RunningNode>;

/** The one line the node logs at startup. */
export function startupLine(node: RunningNode, config: Config): string {
  const chain = node.chain;
  const every = durationString(config.blockTimeNs);
  const genesis = `genesis ${timestampString(chain.genesis.genesisTimeNs)}`;
  const clock = config.abci
    ? `a CometBFT application: ABCI on ${config.abci}, blocks as CometBFT decides them; ${genesis}`
    : config.clock === "real"
      ? `real clock, a block ${config.onDemandBlocks ? `as soon as txs wait, else every ${every}` : `every ${every}`}; ${genesis}${chain.genesis.genesisTimeNs > wallClockNs() ? ", waiting for it" : ""}`
      : `simulated clock, ${every} blocks made by POST ${node.url}/dev/advance?blocks=N; ${genesis}`;
  const rpc = node.rpcUrl ? `; CometBFT RPC ${node.rpcUrl}` : "";
  return (
    `${chain.chainId}: serving ${node.url} at height ${chain.latest.height} from ${config.dbPath} (${clock})${rpc} - ` +
    `try: curl ${node.url}/${config.chainSegment}/tieredrewards/v1/tiers`
  );
}

/** How many of the public dev keys (docs/dapp.md) a real-clock node checks its governance authority against. */
const PUBLIC_DEV_KEYS = 16;

/**
 * What a real-clock node says loudly at startup: a governance authority whose private key is
 * public (a dev key: anyone can change tiers and params, and slash) and development routes.
 */
export function startupWarnings(node: RunningNode, config: Config): string[] {
  if (config.clock !== "real") return [];
  const out: string[] = [];
  const authority = node.chain.genesis.gov.authority;
  const key = Array.from({ length: PUBLIC_DEV_KEYS }, (_, n) => n).find((n) => devAddress(n) === authority);
  if (key !== undefined) {
    out.push(
      `WARNING: the governance authority ${authority} is dev key ${key}, whose private key is PUBLIC (docs/dapp.md, "Dev keys"): ` +
        "anyone can add or rewrite tiers, change params and slash validators on this chain. For anything but local " +
        `testing start a new database without --dev, or set app_state.node.gov_authority to ${GOV_MODULE_ADDRESS} (x/gov).`,
    );
  }
  if (config.dev) out.push("WARNING: --dev: GET /dev/export answers anyone with the whole state, POST /dev/faucet gives anyone the reserve's coins and the cheat codes (/dev/set-balance, /dev/revert, ...) rewrite the chain; not for production.");
  return out;
}

/** Where the command line writes: one call per line, without the newline. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
}

export const processIo: Io = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
};

/**
 * The command line: resolves to an exit code when there is nothing to serve (--help: 0; a bad
 * flag, value or genesis: 2; any other failure to start: 1), else to the running node, after
 * its startup line.
 */
export async function runNode(
  start: StartNode,
  argv: string[],
  env: Record<string, string | undefined>,
  io: Io = processIo,
  options: StartOptions = {},
): Promise<number | RunningNode> {
  let node: RunningNode;
  let config: Config;
  try {
    const invocation = parseConfig(argv, env);
    if (invocation.kind === "help") {
      io.out(helpText().trimEnd());
      return 0;
    }
    if (invocation.kind === "print-config") {
      io.out(invocation.text.trimEnd());
      return 0;
    }
    config = invocation.config;
    const log = options.log ?? createLogger({ level: config.logLevel, format: config.logFormat, write: (line) => io.err(line) });
    node = await start(config, { progress: (line) => io.err(line), ...options, log });
  } catch (e) {
    io.err(`error: ${oneLine(e instanceof Error ? e.message : String(e))}`);
    return e instanceof ConfigError ? EXIT_USAGE : 1;
  }
  for (const w of startupWarnings(node, config)) io.err(w);
  for (const line of node.forked ?? []) io.out(line);
  io.out(startupLine(node, config));
  for (const line of node.accounts ?? []) io.out(line);
  for (const k of node.funded ?? []) io.out(`funded key ${k.name} ${k.address} to ${config.fundAmount?.map((c) => `${c.amount}${c.denom}`).join(",")} from the reserve: tx ${k.txhash}`);
  return node;
}

/** Stop on SIGINT / SIGTERM: clock first, then the server; a second signal does not wait. */
export function stopOnSignals(node: RunningNode, io: Io): void {
  const shutdown = (signal: NodeJS.Signals) => {
    io.out(`${signal}: stopping at height ${node.chain.latest.height}`);
    process.once(signal, () => process.exit(1));
    node.close().then(
      () => {
        process.exitCode = 0;
      },
      (e: unknown) => {
        io.err(`error: ${oneLine(e instanceof Error ? e.message : String(e))}`);
        process.exitCode = 1;
      },
    );
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}

/** The command line's halt: nothing uncommitted is ever served, and a restart resumes cleanly. */
export function exitOnHalt(): void {
  console.error("error: exiting (status 3): restart the node to resume from the last committed block");
  process.exit(EXIT_HALTED);
}

/** Exit status of a node that stopped because a block could not commit. */
export const EXIT_HALTED = 3;

/**
 * V8's heap growth for the node's process: after each full GC the old generation may grow to 1.5x
 * the live heap, where V8 otherwise lets it grow up to 4x on a machine with much memory and keeps
 * it when idle; an operator's own `--heap-growing-percent` wins.
 */
export const HEAP_GROWING_PERCENT = 50;

/** The V8 flags this process set on itself (the command line's node only), reported by /dev/memory. */
let appliedV8Flags: string[] = [];

/** The V8 flags set by `setNodeV8Flags` (none unless the command line's node set them). */
export const v8FlagsApplied = (): string[] => appliedV8Flags;

/** The V8 flags the node's process sets on itself, given node's own flags (its command line's, NODE_OPTIONS). */
export function nodeV8Flags(execArgv: readonly string[], nodeOptions = ""): string[] {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)].some((a) => /^--heap[-_]growing[-_]percent\b/.test(a));
  return given ? [] : [`--heap-growing-percent=${HEAP_GROWING_PERCENT}`];
}

/** Sets the node's V8 flags on this process (the command line's node: `npm start`). */
export function setNodeV8Flags(): void {
  appliedV8Flags = nodeV8Flags(process.execArgv, process.env.NODE_OPTIONS);
  for (const flag of appliedV8Flags) setFlagsFromString(flag);
}
