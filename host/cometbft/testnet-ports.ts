// The testnet's ports: node i uses PORT+10i (ABCI), +1 (CometBFT RPC), +2 (P2P), +3 (REST). Best
// kept out of the kernel's ephemeral range, where the nodes' own outgoing connections (and every
// other program's) take ports at random: a node whose port was taken that way cannot start. A
// base port inside it is allowed with a one-line warning (checkBasePort); past 65535 it is refused.

import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { UsageError } from "../flags.js";

export const EPHEMERAL_RANGE_FILE = "/proc/sys/net/ipv4/ip_local_port_range";
/** Linux's default, when the range cannot be read (another system, no /proc). */
export const DEFAULT_EPHEMERAL_RANGE = { low: 32768, high: 60999 } as const;
/** Ports per node (PORT+10i … +3) and the stride between nodes. */
export const PORTS_PER_NODE = 4;
export const NODE_STRIDE = 10;
const DEFAULT_BASE_PORT = 27000;
const MIN_PORT = 1024;
const MAX_PORT = 65535;

export interface PortRange {
  low: number;
  high: number;
}

/** The kernel's ephemeral port range ("32768\t60999"), or Linux's default when it cannot be read. */
export function readEphemeralRange(file = EPHEMERAL_RANGE_FILE): PortRange & { source: string } {
  try {
    const m = /^\s*(\d+)\s+(\d+)\s*$/.exec(readFileSync(file, "utf8"));
    const low = Number(m?.[1]);
    const high = Number(m?.[2]);
    if (m && low > 0 && low <= high && high <= MAX_PORT) return { low, high, source: file };
  } catch {
    // Unreadable: the default below.
  }
  return { ...DEFAULT_EPHEMERAL_RANGE, source: "Linux's default" };
}

/** The first and last port `nodes` nodes use from `basePort`. */
export function portSpan(basePort: number, nodes: number): PortRange {
  return { low: basePort, high: basePort + NODE_STRIDE * (nodes - 1) + PORTS_PER_NODE - 1 };
}

/**
 * A UsageError when the ports of `nodes` nodes from `basePort` go past 65535. When they reach the
 * ephemeral `range`, a one-line warning (no newline) naming the range, the risk and a base port
 * that fits outside it (and, with `restartHint`, --restart); undefined when they lie wholly below
 * (or above) it.
 */
export function checkBasePort(basePort: number, nodes: number, range: PortRange & { source?: string }, o: { restartHint?: boolean } = {}): string | undefined {
  const span = portSpan(basePort, nodes);
  if (basePort < MIN_PORT) throw new UsageError(`--base-port ${basePort}: below ${MIN_PORT} (ports below it are the system's)`);
  if (span.high > MAX_PORT) throw new UsageError(`--base-port ${basePort}: ${nodes} nodes need ports up to ${span.high}, past ${MAX_PORT}`);
  if (span.high < range.low || span.low > range.high) return undefined;
  const width = span.high - span.low;
  const below = range.low - 1 - width;
  const fits = below >= MIN_PORT
    ? `--base-port ${Math.min(DEFAULT_BASE_PORT, below)} fits below it`
    : range.high + 1 + width <= MAX_PORT ? `--base-port ${range.high + 1} fits above it` : "no base port fits outside it";
  const from = range.source ? ` (${range.source})` : "";
  return `warning: --base-port ${basePort}: the ${nodes} nodes' ports ${span.low}-${span.high} reach the kernel's ephemeral port range ${range.low}-${range.high}${from}, ` +
    `where an outgoing connection may take a node's port at random and that node then cannot start; ${fits}` +
    (o.restartHint ? ", and --restart brings back a node that dies" : "");
}

/**
 * Node ports PORT..PORT+3 free on loopback, else a clear error (an app that cannot listen would
 * leave its CometBFT dialling for ever). A port can still be taken after this check: the
 * launcher's supervision (testnet-supervise.ts) reports a node that then fails.
 */
export async function assertPortsFree(bases: number[]): Promise<void> {
  for (const base of bases) {
    for (let port = base; port < base + PORTS_PER_NODE; port++) {
      await new Promise<void>((res, rej) => {
        const s = createServer();
        s.once("error", () => rej(new Error(`port ${port} is in use on 127.0.0.1: choose another --base-port`)));
        s.listen(port, "127.0.0.1", () => s.close(() => res()));
      });
    }
  }
}
