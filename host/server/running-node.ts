// What `startNode` (host/main.ts) gives back and takes: the running node's handles and the start's
// options, apart so the command line (host/cli/node-command.ts) can name them without importing main.ts.

import type { Server } from "node:http";
import type { Core } from "../core/core.js";
import type { NodeChain } from "../drivers/embedded.js";
import type { DevChain } from "../dev/chain.js";
import type { FundedKey } from "../dev/mode.js";
import type { Logger } from "../log.js";
import type { QueryPool } from "./query-pool.js";

export interface RunningNode {
  /** Base URL, e.g. `http://127.0.0.1:1317`. */
  url: string;
  /** The CometBFT RPC's URL, e.g. `http://127.0.0.1:26657`, when it runs. */
  rpcUrl?: string;
  /** Dev mode with --keyring: the keys topped up at start. */
  funded?: FundedKey[];
  /** With --fork: what the fork replaced, a line each (dev/fork.ts). */
  forked?: string[];
  /** Dev mode: the HD accounts with their keys, as printed at start (dev/accounts.ts). */
  accounts?: string[];
  /** The embedded driver, holding the application (`chain.app`). */
  chain: NodeChain;
  /** Dev mode's cheat codes (--dev or --clock simulated, not under --abci), over `chain`. */
  dev?: DevChain;
  /** `--query-workers N` (N > 0): the query worker pool. */
  queryPool?: QueryPool;
  server: Server;
  /** Stop the block clock and close the server (waits for open requests to finish). */
  close(): Promise<void>;
}

export interface StartOptions {
  /** A core instance for this node alone (default: build/core.wasm). */
  core?: Core;
  /** Unexpected errors (bugs), with their stack. Default: stderr. */
  logError?: (error: unknown) => void;
  /**
   * After a block failed part-way (a bug, or a disk that refused the commit) and was reported:
   * the node then answers every request with 503. The command line exits non-zero here, so a
   * supervisor restarts it from the last committed block (crash-only).
   */
  onHalt?: (error: Error) => void;
  /** The operator log (host/log.ts); none by default (the command line logs to stderr). */
  log?: Logger;
  /** `--fork-url`'s progress lines while it reads the node (the command line: stderr). */
  progress?: (line: string) => void;
  /** How long REST's mode block and the RPC's broadcast_tx_commit wait for a tx's block (default 10 s). */
  commitTimeoutMs?: number;
}
