// Where an ABCI application's time goes, per method: how many requests of each kind CometBFT sent
// and the time the app spent answering them (decode, execute, encode; a CheckTx counted apart
// from a recheck). Opt-in: with ABCI_PROFILE=FILE in its environment the server (abci.ts) writes
// the totals so far to FILE as JSON after every Commit (`npm run bench -- network` reads them;
// testnet.ts sets it per node with `profile`). Host-side timing only: the core reads no clock.

import { writeFileSync } from "node:fs";

/** One method's totals: requests answered, and the time spent on them. */
export interface MethodTiming {
  calls: number;
  /** Milliseconds spent answering (sum, and the largest one). */
  totalMs: number;
  maxMs: number;
}

/** The profile file's content: per method (`checkTx`, `recheckTx`, `finalizeBlock`, `commit`, …), plus txs executed. */
export interface AbciProfile {
  methods: Record<string, MethodTiming>;
  /** Txs in the blocks FinalizeBlock executed. */
  blockTxs: number;
}

export class AbciTimer {
  readonly profile: AbciProfile = { methods: {}, blockTxs: 0 };
  constructor(private readonly file: string | undefined) {}

  /** A request of `method` answered in `ms`. */
  add(method: string, ms: number): void {
    const m = (this.profile.methods[method] ??= { calls: 0, totalMs: 0, maxMs: 0 });
    m.calls++;
    m.totalMs += ms;
    if (ms > m.maxMs) m.maxMs = ms;
  }

  /** The totals to the file (after a Commit). */
  flush(): void {
    if (this.file === undefined) return;
    try {
      writeFileSync(this.file, JSON.stringify(this.profile));
    } catch {
      // A profile that cannot be written is no reason to stop the chain.
    }
  }
}

/** The difference of two profiles (after − before): the requests of a window of time. */
export function profileDelta(after: AbciProfile, before: AbciProfile | undefined): AbciProfile {
  const methods: Record<string, MethodTiming> = {};
  for (const [k, a] of Object.entries(after.methods)) {
    const b = before?.methods[k];
    methods[k] = { calls: a.calls - (b?.calls ?? 0), totalMs: a.totalMs - (b?.totalMs ?? 0), maxMs: a.maxMs };
  }
  return { methods, blockTxs: after.blockTxs - (before?.blockTxs ?? 0) };
}
