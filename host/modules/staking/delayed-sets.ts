// CometBFT's delay of validator-set updates, kept by the application for the blocks nobody else
// decides (the embedded driver has no CometBFT). A set EndBlock returns at height H is
// NextValidators after H, signs block H+2 and is block H+3's DecidedLastCommit: x/distribution's
// (and x/tieredrewards') BeginBlock at H splits the block's rewards by the set EndBlock left at
// H-3 (InitChain's set for the chain's first three blocks). The core's set is the one the last
// EndBlock left; the sets still owed to the next two BeginBlocks, where they differ from it, are
// kept here: one record beside x/gov's (key `vs/delayed`, absent when nothing is owed), written
// with the block and hashed with the state (docs/decisions.md, 24), so a restart, a snapshot's
// revert, an exported node state and a replay from genesis all go on with the same powers.

import type { Vote } from "../../core/ledger-records.js";
import type { ModuleRecord } from "../../store/records.js";

const KEY = "vs/delayed";

/** A set BeginBlock still uses at heights below `until`. */
export interface DelayedSet {
  until: bigint;
  votes: readonly Vote[];
}

export class DelayedSets {
  /** Ascending by `until`; each applies from the previous one's `until` on. */
  private delayed: DelayedSet[] = [];
  private dirty = false;

  static owns(key: string): boolean {
    return key === KEY;
  }

  /** BeginBlock's votes at `height` when a delayed set applies there; undefined: the core's set. */
  votesAt(height: bigint): readonly Vote[] | undefined {
    return this.delayed.find((d) => height < d.until)?.votes;
  }

  /** The first height whose BeginBlock uses the core's own set (every height when nothing is owed). */
  get currentFrom(): bigint {
    return this.delayed.length === 0 ? 0n : this.delayed[this.delayed.length - 1]!.until;
  }

  /**
   * EndBlock at `height` left `after`, the set before it being `before`: a change owes `before`
   * to the BeginBlocks up to height + 2 (CometBFT: `lastHeightValsChanged = height + 1 + 1`, then
   * the LastCommit of the block after). Sets no longer owed (below height + 1) are dropped.
   */
  endBlock(height: bigint, before: readonly Vote[], after: readonly Vote[]): void {
    if (!sameVotes(before, after)) {
      this.delayed.push({ until: height + 3n, votes: before });
      this.dirty = true;
    }
    this.prune(height);
  }

  /** After block `height` (or a run ending there): drop what no later BeginBlock uses. */
  prune(height: bigint): void {
    const kept = this.delayed.filter((d) => d.until > height + 1n);
    if (kept.length === this.delayed.length) return;
    this.delayed = kept;
    this.dirty = true;
  }

  // ---- records ----

  takeDirty(): ModuleRecord[] {
    if (!this.dirty) return [];
    this.dirty = false;
    return [{ key: KEY, value: this.delayed.length === 0 ? null : encode(this.delayed) }];
  }

  /** The stored record, at restart. */
  load(_key: string, value: string): void {
    this.delayed = decode(value);
    this.dirty = false;
  }

  /** An exported node state's record (written with its first block). */
  importRecord(key: string, value: string): void {
    this.load(key, value);
    this.dirty = true;
  }
}

export function sameVotes(a: readonly Vote[], b: readonly Vote[]): boolean {
  return a.length === b.length && a.every((v, i) => v.validator === b[i]!.validator && v.power === b[i]!.power);
}

/** `[{until, votes: [[validator, power], ...]}, ...]`, integers as decimal text. */
function encode(sets: readonly DelayedSet[]): string {
  return JSON.stringify(sets.map((d) => ({ until: `${d.until}`, votes: d.votes.map((v) => [v.validator, `${v.power}`]) })));
}

function decode(value: string): DelayedSet[] {
  const o = JSON.parse(value) as { until: string; votes: [number, string][] }[];
  return o.map((d) => ({ until: BigInt(d.until), votes: d.votes.map(([validator, power]) => ({ validator, power: BigInt(power) })) }));
}
