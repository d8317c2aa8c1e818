// A block, one path whoever decided it (the embedded clock, CometBFT, a replay): BeginBlock (mint,
// top-up, distribution with the last set's votes; x/slashing from the commit info CometBFT gave),
// the txs in order, x/gov's EndBlocker then x/staking's (validator set, maturities), the commit. A
// run of empty blocks (the simulated clock jumping ahead) is the same path made in one core call
// (Ledger.advance), stored as one row.

import { slashingBeginBlock, type ConsensusInfo } from "../modules/slashing/keeper.js";
import type { VerifiedTx } from "./ante/verify.js";
import { beginBlockEvents } from "./block-events.js";
import { applyBalanceCheats, unsignedEvents, unsignedSigners, withUnsigned, type BlockCheats } from "./cheats.js";
import { commitBlock } from "./commit.js";
import { deliver, deliverDecided, executeProposal } from "./deliver.js";
import type { TxEvent } from "./events.js";
import type { AppState } from "./state.js";
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
  /** Dev mode's cheat codes (cheats.ts): balances set before BeginBlock; a replay's impersonated signers. */
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
    s.ledger.advance(Number(count), b.timeNs, stepNs);
    s.restoredAnnual = undefined;
    commitBlock(s, { height: b.height + count - 1n, firstHeight: b.height, timeNs: b.timeNs, stepNs }, [], [], undefined, durability);
    return { results: [], events: [] };
  }
  const { height, timeNs, consensus } = b;
  const unsigned = b.cheats?.unsigned ?? unsignedSigners(txs);
  const events = [...applyBalanceCheats(s, b.cheats?.balances ?? []), ...unsignedEvents(unsigned), ...beginBlock(s, height, timeNs)];
  if (consensus) events.push(...slashingBeginBlock(s.slashing, s.ledger, s.directory, (a) => s.validators.byConsensusAddress(a), consensus, height, timeNs));
  const results = withUnsigned(s, unsigned, () =>
    txs.map((t, i) => ("verified" in t ? deliver(s, t.verified, height, i, timeNs) : deliverDecided(s, t.tx, height, i, timeNs))));
  check(results);
  events.push(...govEndBlock(s, height, timeNs));
  s.syncBurned();
  s.ledger.endBlock(height, timeNs);
  commitBlock(s, { height, firstHeight: height, timeNs, stepNs: 0n, events, ...(consensus ? { consensus } : {}) }, results, [], undefined, durability);
  return { results, events };
}

/** BeginBlock of a single block, and the finalize-block events it leaves (block-events.ts). */
function beginBlock(s: AppState, height: bigint, timeNs: bigint): TxEvent[] {
  s.applyInflationParams();
  const bondedBefore = s.ledger.pool().bonded;
  const supplyBefore = s.ledger.totalSupply();
  const o = s.ledger.beginBlock(height, s.ledger.lastCommitVotes(), timeNs);
  s.restoredAnnual = undefined;
  const minter = s.emission.last();
  return beginBlockEvents({
    bondedBefore, supplyBefore, inflation: minter.rate, annualProvisions: minter.annualProvisions,
    minted: o.minted, topUp: o.topUp, denom: s.denom,
  });
}

/** x/gov's EndBlocker (before x/staking's): proposals whose periods ended at `timeNs`. */
function govEndBlock(s: AppState, height: bigint, timeNs: bigint): TxEvent[] {
  const deadline = s.gov.nextDeadline();
  if (deadline === undefined || deadline > timeNs) return [];
  return s.gov.endBlock(timeNs, s.tallyView(), (messages) => executeProposal(s, messages, height, timeNs));
}
