// x/upgrade's state (cosmossdk.io/x/upgrade v0.2.0 keeper): the scheduled plan (one at most) and the
// plans applied, each with the height it was applied at. Journaled (a failed tx or proposal undoes
// the change), committed as module records (`upgrade/plan`, `upgrade/done/<name>`) hashed with the
// state and read back on a restart. What the operator gave at start (the heights to skip, the plans
// this binary applies: the SDK's upgrade handlers) is the keeper's too, and no state.

import { UndoJournal, setJournaled } from "../../framework/journal.js";
import type { ModuleRecord } from "../../store/records.js";

export interface Plan {
  readonly name: string;
  readonly height: bigint;
  readonly info: string;
}

/** What the operator gives at start: `--unsafe-skip-upgrades`, `--apply-upgrade` (and dev mode's applyUpgrade). */
export interface UpgradeOperator {
  readonly skipHeights?: readonly bigint[];
  readonly apply?: readonly string[];
}

const PLAN = "upgrade/plan";
const DONE = "upgrade/done/";

/** BuildUpgradeNeededMsg: the line chain-maind logs, and the error its PreBlocker returns. */
export const upgradeNeededMessage = (p: Plan): string => `UPGRADE "${p.name}" NEEDED at height: ${p.height}: ${p.info}`;

/** The SDK's PreBlocker outcome at a height. */
export type PreBlock = { kind: "none" } | { kind: "halt"; plan: Plan } | { kind: "skip"; plan: Plan } | { kind: "apply"; plan: Plan };

export class Upgrade {
  private readonly plans = new Map<string, Plan>();
  private readonly done = new Map<string, bigint>();
  private readonly dirty = new Set<string>();
  private readonly skipHeights: Set<bigint>;
  private readonly handlers: Set<string>;

  constructor(private readonly undo = new UndoJournal(), operator: UpgradeOperator = {}) {
    this.skipHeights = new Set(operator.skipHeights ?? []);
    this.handlers = new Set(operator.apply ?? []);
  }

  static owns(key: string): boolean {
    return key.startsWith("upgrade/");
  }

  /** GetUpgradePlan. */
  plan(): Plan | undefined {
    return this.plans.get(PLAN);
  }

  /** GetDoneHeight: 0 when never applied. */
  doneHeight(name: string): bigint {
    return this.done.get(name) ?? 0n;
  }

  /** The applied plans, in the store's order (by height, then name). */
  applied(): { name: string; height: bigint }[] {
    return [...this.done].map(([name, height]) => ({ name, height })).sort((a, b) => (a.height !== b.height ? (a.height < b.height ? -1 : 1) : a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** The plan this binary applies when due (an upgrade handler), or a height skipped. */
  hasHandler(name: string): boolean {
    return this.handlers.has(name);
  }

  /** Register a handler (dev mode's applyUpgrade; `--apply-upgrade`). */
  addHandler(name: string): void {
    this.handlers.add(name);
  }

  isSkipHeight(h: bigint): boolean {
    return this.skipHeights.has(h);
  }

  /** ScheduleUpgrade's write (its checks are the message's). */
  setPlan(p: Plan | undefined): void {
    setJournaled(this.plans, PLAN, p, this.undo, () => this.dirty.add(PLAN));
  }

  /** setDone. */
  setDone(name: string, height: bigint): void {
    setJournaled(this.done, name, height, this.undo, () => this.dirty.add(DONE + name));
  }

  /** The PreBlocker's decision at `height` (nothing is changed here). */
  preBlock(height: bigint): PreBlock {
    const p = this.plan();
    if (p === undefined || p.height > height) return { kind: "none" };
    if (this.isSkipHeight(height)) return { kind: "skip", plan: p };
    if (!this.hasHandler(p.name)) return { kind: "halt", plan: p };
    return { kind: "apply", plan: p };
  }

  takeDirty(): ModuleRecord[] {
    const out: ModuleRecord[] = [];
    for (const k of [...this.dirty].sort()) {
      if (k === PLAN) {
        const p = this.plan();
        out.push({ key: k, value: p === undefined ? null : JSON.stringify({ name: p.name, height: `${p.height}`, info: p.info }) });
      } else {
        const name = k.slice(DONE.length);
        const h = this.done.get(name);
        out.push({ key: k, value: h === undefined ? null : JSON.stringify({ name, height: `${h}` }) });
      }
    }
    this.dirty.clear();
    return out;
  }

  /** An exported record into a new chain (written with its first block). */
  importRecord(key: string, value: string): void {
    this.load(key, value);
    this.dirty.add(key);
  }

  /** A stored record back (on start). */
  load(key: string, value: string): void {
    const o = JSON.parse(value) as Record<string, string>;
    if (key === PLAN) this.plans.set(PLAN, { name: o.name!, height: BigInt(o.height!), info: o.info ?? "" });
    else if (key.startsWith(DONE)) this.done.set(o.name!, BigInt(o.height!));
  }
}
