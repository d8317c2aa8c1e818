// x/upgrade's PreBlocker (cosmossdk.io/x/upgrade v0.2.0 abci.go), first of a block's work: a plan due
// at the block's height stops the chain before anything of the block runs (`UpgradeNeeded`: the state
// of the height before stays the last committed; the node answers queries and makes no block) unless
// the height is skipped (the plan cleared, `UPGRADE "<name>" SKIPPED at <h>: <info>`) or this binary
// applies it (the plan cleared, its name applied at the height).

import { ChainStateError, NodeStateError } from "../../framework/types.js";
import { upgradeNeededMessage, type Plan, type Upgrade } from "./keeper.js";

/** The chain stops at a plan's height: the message is the one chain-maind logs and returns. */
export class UpgradeNeeded extends ChainStateError {
  constructor(readonly plan: Plan) {
    super(upgradeNeededMessage(plan));
    this.name = "UpgradeNeeded";
  }
}

const logged = new WeakMap<Upgrade, string>();

/**
 * Before a block at `height` (or a run of `count` empty blocks from it) is executed: throws
 * UpgradeNeeded if a plan is due in it and neither applied nor skipped; nothing is changed.
 */
export function assertNoUpgradeNeeded(u: Upgrade, height: bigint, count = 1n): void {
  const p = u.plan();
  if (p === undefined || p.height > height + count - 1n) return;
  const at = p.height > height ? p.height : height;
  if (count > 1n && p.height > height) throw new ChainStateError(`a run of empty blocks cannot cross the upgrade plan "${p.name}" at height ${p.height}: make the blocks before it first`);
  const d = u.preBlock(at);
  if (d.kind !== "halt") return;
  const line = upgradeNeededMessage(p);
  if (logged.get(u) !== line) {
    logged.set(u, line);
    console.error(`ERR ${line} module=x/upgrade`);
  }
  throw new UpgradeNeeded(p);
}

/** The PreBlocker's work in a block at `height`: a skipped plan cleared, an applied one recorded. */
export function upgradePreBlock(u: Upgrade, height: bigint): void {
  const d = u.preBlock(height);
  if (d.kind === "skip") {
    console.error(`INF UPGRADE "${d.plan.name}" SKIPPED at ${d.plan.height}: ${d.plan.info} module=x/upgrade`);
    u.setPlan(undefined);
  } else if (d.kind === "apply") {
    console.error(`INF applying upgrade "${d.plan.name}" at height: ${d.plan.height} module=x/upgrade`);
    u.setPlan(undefined);
    u.setDone(d.plan.name, height);
  } else if (d.kind === "halt") throw new UpgradeNeeded(d.plan);
}

/**
 * A restart on a chain that stopped at a plan's height: refused (as chain-maind's, whose PreBlocker
 * stops the replayed block again) until the operator applies the plan or skips its height.
 */
export function refuseRestart(u: Upgrade, lastHeight: bigint): void {
  const p = u.plan();
  if (p === undefined || p.height > lastHeight + 1n || u.preBlock(lastHeight + 1n).kind !== "halt") return;
  throw new NodeStateError(
    `${upgradeNeededMessage(p)}; the chain stopped at height ${lastHeight}: restart with --apply-upgrade ${p.name} to apply the plan ` +
      `(recorded as applied at height ${lastHeight + 1n}), or --unsafe-skip-upgrades ${lastHeight + 1n} to skip it (docs/operator.md)`,
  );
}
