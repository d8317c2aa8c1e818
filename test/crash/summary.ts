// The crash suite's options and summary (test/crash/driver.ts runs it): what a run may be told, what
// it counts and found, and the summary as lines of text.

export interface CrashOptions {
  /** SIGKILLs in all (the node is started kills + 1 times). */
  kills: number;
  seed: bigint;
  /** The node's --block-time. */
  blockTime?: string;
  /** Every `inCommitEvery`-th kill is made inside a block's commit by the store's hook (0: none). */
  inCommitEvery?: number;
  /** A kill inside a commit is in the node's n-th block, n from..to (from ≥ 1). */
  commitBlocks?: [number, number];
  /** Of the other kills, this many per thousand land during startup. */
  startupPerMille?: number;
  /** A kill during load comes this many ms (from..to) after the node started serving. */
  aliveMs?: [number, number];
  /** The dev keys that send txs (users 5..8 by default). */
  signers?: number[];
  /** Give up (a violation) after this long. */
  timeoutMs?: number;
  /** Progress lines. */
  log?: (line: string) => void;
}

export interface CrashSummary {
  kills: number;
  killsInCommit: number;
  killsInStartup: number;
  killsDuringLoad: number;
  restarts: number;
  txsSent: number;
  txsAcceptedAtCheck: number;
  txsRefusedAtCheck: number;
  /** Txs the driver knows were committed (with a zero or non-zero code). */
  txsCommitted: number;
  /** Committed txs by result: `ok`, or `codespace/code`. */
  codes: Record<string, number>;
  /** Accepted (or unanswered) txs found absent after a restart: they died in the mempool. */
  txsDropped: number;
  /** Checks of a committed tx after a restart (database and HTTP). */
  txChecks: number;
  lost: number;
  changed: number;
  topHeight: bigint;
  /** Blocks in the final database that carry txs. */
  blocksWithTxs: number;
  /** `replay`'s summary line, when it matched every state hash. */
  replay: string;
  violations: string[];
  wallMs: number;
}

export function formatSummary(s: CrashSummary): string {
  return [
    `kills: ${s.kills} (inside a block's SQLite commit: ${s.killsInCommit}, during startup: ${s.killsInStartup}, during load at random instants: ${s.killsDuringLoad})`,
    `restarts: ${s.restarts}, top height: ${s.topHeight} (${s.blocksWithTxs} blocks with txs)`,
    `txs sent: ${s.txsSent}, accepted at check: ${s.txsAcceptedAtCheck}, refused at check: ${s.txsRefusedAtCheck}, ` +
      `committed: ${s.txsCommitted} (by code: ${Object.entries(s.codes).map(([c, n]) => `${c}: ${n}`).join(", ")}), ` +
      `never committed (died with the node): ${s.txsDropped}`,
    `committed-tx checks after restarts: ${s.txChecks}; lost: ${s.lost}; changed: ${s.changed}`,
    `replay: ${s.replay || "FAILED"}`,
    `violations: ${s.violations.length}${s.violations.length ? "\n  " + s.violations.slice(0, 20).join("\n  ") : ""}`,
    `wall time: ${(s.wallMs / 1000).toFixed(1)} s`,
  ].join("\n");
}
