// A block, one path whoever decided it (the embedded clock, CometBFT, a replay): BeginBlock (the
// core's mint, top-up and distribution with the last commit's votes: CometBFT's, or the set it
// would have had sign the last block, two blocks behind EndBlock's; then each module's BeginBlock
// work in BEGIN_BLOCKERS order), the txs in order, the modules' EndBlock work in END_BLOCKERS
// order (x/gov's, then x/staking's: validator set, maturities), the commit. A run of empty blocks
// (the simulated clock jumping ahead) is the same path made in one core call (Ledger.advance),
// stored as one row.

import { feegrantEndBlock } from "../modules/feegrant/end-block.js";
import { assertNoUpgradeNeeded, upgradePreBlock } from "../modules/upgrade/pre-block.js";
import type { BeginBlockInfo, BlockInfo, ConsensusInfo } from "../framework/module.js";
import { BEGIN_BLOCKERS, END_BLOCKERS, MODULES, type ModulesBlockApp } from "../modules/index.js";
import type { VerifiedTx } from "./ante/verify.js";
import { applyStateCheats, unsignedEvents, unsignedSigners, withUnsigned, type BlockCheats } from "./cheats.js";
import { commitBlock } from "./commit.js";
import { deliver, deliverDecided, executeProposal } from "./deliver.js";
import type { TxEvent } from "../framework/events.js";
import type { AppState } from "./state.js";
import type { Vote } from "../core/ledger-records.js";
import { sameVotes } from "../modules/staking/delayed-sets.js";
import type { Durability, TxResult } from "../framework/types.js";

/** A block's tx: verified at CheckTx into this node's mempool, or decided elsewhere (verified here). */
export type BlockTx = { verified: VerifiedTx } | { tx: Uint8Array };

export interface BlockInput {
  /** The (first) block's height and time. */
  height: bigint;
  timeNs: bigint;
  /** A run of `count` empty blocks `stepNs` apart, made in one core call and stored as one row. */
  run?: { count: bigint; stepNs: bigint };
  txs?: readonly BlockTx[];
  /** CometBFT's commit info (the last commit's votes, double-sign evidence): x/slashing runs from it. */
  consensus?: ConsensusInfo;
  /** Dev mode's cheat codes (cheats.ts): balances, sequences, delegations, params set before BeginBlock; a replay's impersonated signers. */
  cheats?: BlockCheats;
}

/** Run and commit a block (or a run of empty blocks); `check` sees the txs' results before EndBlock. */
export function runBlock(
  s: AppState, b: BlockInput, durability: Durability = "now", check: (results: TxResult[]) => void = () => {},
): { results: TxResult[]; events: TxEvent[] } {
  const txs = b.txs ?? [];
  if (b.run !== undefined) {
    if (txs.length > 0 || b.consensus !== undefined || b.cheats !== undefined) throw new RangeError("a run of empty blocks holds no txs, commit info or cheats");
    const { count, stepNs } = b.run;
    s.applyInflationParams();
    s.authz.pruneExpired(b.timeNs + (count - 1n) * stepNs); // x/authz's BeginBlocker: the last block's removes what the others would have
    runEmptyBlocks(s, b.height, count, b.timeNs, stepNs);
    feegrantEndBlock(s.feegrant, b.timeNs + (count - 1n) * stepNs, count);
    s.restoredAnnual = undefined;
    commitBlock(s, { height: b.height + count - 1n, firstHeight: b.height, timeNs: b.timeNs, stepNs }, [], [], undefined, durability);
    return { results: [], events: [] };
  }
  const { height, timeNs, consensus } = b;
  const unsigned = b.cheats?.unsigned ?? unsignedSigners(txs);
  const before = s.ledger.lastCommitVotes();
  const votes = commitVotes(s, height, before, consensus);
  const block: BlockInfo = { height, timeNs, denom: s.denom, votesBefore: before, ...(consensus ? { consensus } : {}) };
  const app = blockApp(s);
  upgradePreBlock(s.upgrade, height);
  const events = [...applyStateCheats(s, b.cheats?.changes ?? [], height, timeNs), ...unsignedEvents(unsigned), ...beginBlock(s, app, block, votes)];
  const results = withUnsigned(s, unsigned, () =>
    txs.map((t, i) => ("verified" in t ? deliver(s, t.verified, height, i, timeNs) : deliverDecided(s, t.tx, height, i, timeNs))));
  check(results);
  for (const m of END_MODULES) events.push(...m.endBlock!(app, block));
  commitBlock(s, { height, firstHeight: height, timeNs, stepNs: 0n, events, ...(consensus ? { consensus } : {}) }, results, [], undefined, durability);
  return { results, events };
}

/** x/upgrade's PreBlocker before a block (or a run) is executed: throws UpgradeNeeded for a plan due and neither applied nor skipped. */
export function upgradeDue(s: AppState, b: BlockInput): void {
  assertNoUpgradeNeeded(s.upgrade, b.height, b.run?.count ?? 1n);
}

/** The modules with BeginBlock and EndBlock work, in their orders (modules/index.ts). */
const inOrder = (names: readonly string[], has: (m: (typeof MODULES)[number]) => boolean) =>
  names.map((n) => MODULES.find((m) => m.name === n)).filter((m): m is (typeof MODULES)[number] => m !== undefined && has(m));
const BEGIN_MODULES = inOrder(BEGIN_BLOCKERS, (m) => m.beginBlock !== undefined);
const END_MODULES = inOrder(END_BLOCKERS, (m) => m.endBlock !== undefined);
for (const m of MODULES) {
  if ((m.beginBlock && !BEGIN_MODULES.includes(m)) || (m.endBlock && !END_MODULES.includes(m))) throw new Error(`module ${m.name}: its block work is not in BEGIN_BLOCKERS/END_BLOCKERS`);
}

/** What the modules' block work reads and does of the application (held to every module's interface). */
function blockApp(s: AppState): ModulesBlockApp {
  return {
    ledger: s.ledger, directory: s.directory, validators: s.validators, slashing: s.slashing, gov: s.gov, delayedSets: s.delayedSets,
    authz: s.authz, feegrant: s.feegrant, group: s.group, evidence: s.evidence, evidenceMaxAge: () => s.evidenceMaxAge(),
    tallyView: () => s.tallyView(),
    syncBurned: () => s.syncBurned(),
    executeProposal: (messages, height, timeNs) => executeProposal(s, messages, height, timeNs),
  };
}

/** BeginBlock of a single block: the core's, then the modules' in order, and the finalize-block events they leave. */
function beginBlock(s: AppState, app: ModulesBlockApp, block: BlockInfo, votes: readonly Vote[]): TxEvent[] {
  s.applyInflationParams();
  const bondedBefore = s.ledger.pool().bonded;
  const supplyBefore = s.ledger.totalSupply();
  const o = s.ledger.beginBlock(block.height, votes, block.timeNs);
  s.restoredAnnual = undefined;
  const minter = s.emission.last();
  const info: BeginBlockInfo = {
    ...block, bondedBefore, supplyBefore, inflation: minter.rate, annualProvisions: minter.annualProvisions, minted: o.minted, topUp: o.topUp,
  };
  return BEGIN_MODULES.flatMap((m) => m.beginBlock!(app, info));
}

/**
 * BeginBlock's votes at `height` (x/distribution's `DecidedLastCommit.Votes`, every vote whether
 * signed or absent): under CometBFT the commit info it gave, by consensus address; in the node's
 * own blocks the set CometBFT would have had sign the last block (delayed-sets.ts), `current`
 * (the set the last EndBlock left) once no older one is owed. A vote for a validator the core no
 * longer has (removed after unbonding within the delay) carries no rewards and is left out.
 */
function commitVotes(s: AppState, height: bigint, current: readonly Vote[], consensus: ConsensusInfo | undefined): readonly Vote[] {
  if (consensus !== undefined && consensus.votes.length > 0) {
    return consensus.votes.flatMap((v) => {
      const validator = s.validators.byConsensusAddress(v.address);
      return validator === undefined || s.ledger.validator(validator) === undefined ? [] : [{ validator, power: v.power }];
    });
  }
  const delayed = s.delayedSets.votesAt(height);
  return delayed === undefined ? current : delayed.filter((v) => s.ledger.validator(v.validator) !== undefined);
}

/**
 * A run of `count` empty blocks from `height`: those whose BeginBlock a delayed set still pays by
 * are made one by one with it, the rest in one core call with the core's set. No EndBlock of an
 * empty block changes the set (no tx, no commit info): checked, as the delayed sets rely on it.
 */
function runEmptyBlocks(s: AppState, height: bigint, count: bigint, timeNs: bigint, stepNs: bigint): void {
  const before = s.ledger.lastCommitVotes();
  const last = height + count - 1n;
  let h = height;
  for (; h <= last && h < s.delayedSets.currentFrom; h++) {
    const t = timeNs + (h - height) * stepNs;
    s.ledger.beginBlock(h, commitVotes(s, h, before, undefined), t);
    s.ledger.endBlock(h, t);
  }
  if (h <= last) s.ledger.advance(Number(last - h + 1n), timeNs + (h - height) * stepNs, stepNs);
  if (!sameVotes(before, s.ledger.lastCommitVotes())) throw new Error(`the validator set changed in a run of empty blocks (${height}..${last})`);
  s.delayedSets.prune(last);
}
