// A block, one path whoever decided it (the embedded clock, CometBFT, a replay): BeginBlock (mint,
// top-up, distribution with the last commit's votes: CometBFT's, or the set it would have had sign
// the last block, two blocks behind EndBlock's; x/slashing from the commit info CometBFT gave),
// the txs in order, x/gov's EndBlocker then x/staking's (validator set, maturities), the commit. A
// run of empty blocks (the simulated clock jumping ahead) is the same path made in one core call
// (Ledger.advance), stored as one row.

import { feegrantEndBlock } from "../modules/feegrant/end-block.js";
import { slashingBeginBlock, type ConsensusInfo } from "../modules/slashing/keeper.js";
import type { VerifiedTx } from "./ante/verify.js";
import { beginBlockEvents } from "./block-events.js";
import { applyStateCheats, unsignedEvents, unsignedSigners, withUnsigned, type BlockCheats } from "./cheats.js";
import { commitBlock } from "./commit.js";
import { deliver, deliverDecided, executeProposal } from "./deliver.js";
import type { TxEvent } from "./events.js";
import type { AppState } from "./state.js";
import type { Vote } from "../core/ledger-records.js";
import { sameVotes } from "../modules/staking/delayed-sets.js";
import type { Durability, TxResult } from "./types.js";

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
  const events = [...applyStateCheats(s, b.cheats?.changes ?? [], height, timeNs), ...unsignedEvents(unsigned), ...beginBlock(s, height, timeNs, votes)];
  if (consensus) events.push(...slashingBeginBlock(s.slashing, s.ledger, s.directory, (a) => s.validators.byConsensusAddress(a), consensus, height, timeNs));
  const results = withUnsigned(s, unsigned, () =>
    txs.map((t, i) => ("verified" in t ? deliver(s, t.verified, height, i, timeNs) : deliverDecided(s, t.tx, height, i, timeNs))));
  check(results);
  events.push(...govEndBlock(s, height, timeNs));
  s.syncBurned();
  s.ledger.endBlock(height, timeNs);
  s.delayedSets.endBlock(height, before, s.ledger.lastCommitVotes());
  feegrantEndBlock(s.feegrant, timeNs);
  commitBlock(s, { height, firstHeight: height, timeNs, stepNs: 0n, events, ...(consensus ? { consensus } : {}) }, results, [], undefined, durability);
  return { results, events };
}

/** BeginBlock of a single block, and the finalize-block events it leaves (block-events.ts). */
function beginBlock(s: AppState, height: bigint, timeNs: bigint, votes: readonly Vote[]): TxEvent[] {
  s.applyInflationParams();
  s.authz.pruneExpired(timeNs); // x/authz's BeginBlocker: expired grants, silently
  const bondedBefore = s.ledger.pool().bonded;
  const supplyBefore = s.ledger.totalSupply();
  const o = s.ledger.beginBlock(height, votes, timeNs);
  s.restoredAnnual = undefined;
  const minter = s.emission.last();
  return beginBlockEvents({
    bondedBefore, supplyBefore, inflation: minter.rate, annualProvisions: minter.annualProvisions,
    minted: o.minted, topUp: o.topUp, denom: s.denom,
  });
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

/** x/gov's EndBlocker (before x/staking's): proposals whose periods ended at `timeNs`. */
function govEndBlock(s: AppState, height: bigint, timeNs: bigint): TxEvent[] {
  const deadline = s.gov.nextDeadline();
  if (deadline === undefined || deadline > timeNs) return [];
  return s.gov.endBlock(timeNs, s.tallyView(), (messages) => executeProposal(s, messages, height, timeNs));
}
