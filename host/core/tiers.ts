// The core's tiered staking (assembly/tier/*.ts, issue #4): tiers, positions, bonus from the
// rewards pool. Accounts, validators and tiers are dense ids, amounts bigint; every message
// returns its result and its decoded events (REFERENCE.md §10: names and fields; the node renders
// addresses). A failing message throws a TierError with the reference's codespace, code and message.

import type { Core, CoreExports } from "./core.js";
import { CoreError, CoreCode, TIER_CODESPACE, TIER_MESSAGES, tieredRewardsCode } from "./errors.js";
import { protoDurationError } from "../wire/duration.js";
import { readPosition, type Position } from "./position.js";
import { readTier, type Tier } from "./tier.js";
import { readMessageEvents, type MessageEvent } from "./message-events.js";
import {
  AMOUNT_A, AMOUNT_B, LIST_ALL, LIST_OF_OWNER, LIST_OF_TIER, VD_OUT_SEQ, VD_OUT_POSITIONS, VEV_HEIGHT, VEV_TIME,
  VEV_TYPE, VEV_TOKENS_PER_SHARE, VEV_REFS, U32_BYTES, U64_BYTES,
} from "./abi.gen.js";

export { positionStatus, type Position, type PositionStatus, type StoredPosition } from "./position.js";
export { DEFAULT_TIERS, type Tier } from "./tier.js";
export { topUpEvent, type TierChangeAction, type MessageEvent } from "./message-events.js";

/** ClaimTierRewards takes 1..300 ids. */
export const MAX_CLAIM_IDS = 300;

/** The reference's error for a failed tier message (REFERENCE.md §9). */
export class TierError extends Error {
  constructor(
    readonly codespace: string,
    readonly code: number,
    message: string,
    /** The core's result code. */
    readonly coreCode: number,
  ) {
    super(message);
    this.name = "TierError";
  }
}

export interface MessageResult {
  events: MessageEvent[];
}

export class Tiers {
  private readonly x: CoreExports;

  constructor(private readonly core: Core) {
    this.x = core.exports;
  }

  // ---- messages ----

  /** MsgLockTier: `delegator` is a fresh account id the host allocated for the position. */
  lock(owner: number, tierId: number, amount: bigint, validator: number, delegator: number, triggerExitImmediately = false): MessageResult & { positionId: bigint } {
    this.core.writeU128(this.core.slot(0), amount);
    this.run(this.x.tiersLock(owner, tierId, this.core.slot(0), validator, delegator, triggerExitImmediately ? 1 : 0), BigInt(tierId));
    return this.created();
  }

  /** MsgCommitDelegationToTier: `amount` of the signer's (owner's) delegation on `validator`. */
  commitDelegation(owner: number, validator: number, amount: bigint, tierId: number, delegator: number, triggerExitImmediately = false): MessageResult & { positionId: bigint } {
    this.core.writeU128(this.core.slot(0), amount);
    this.run(this.x.tiersCommit(owner, validator, this.core.slot(0), tierId, delegator, triggerExitImmediately ? 1 : 0), BigInt(tierId));
    return this.created();
  }

  /** MsgAddToTierPosition. */
  add(owner: number, positionId: bigint, amount: bigint): MessageResult {
    this.core.writeU128(this.core.slot(0), amount);
    this.run(this.x.tiersAdd(owner, positionId, this.core.slot(0)), positionId);
    return { events: this.events() };
  }

  /** MsgTriggerExitFromTier. */
  triggerExit(owner: number, positionId: bigint): MessageResult & { exitUnlockAt: bigint } {
    this.run(this.x.tiersTriggerExit(owner, positionId), positionId);
    return { exitUnlockAt: this.x.tiersLastTime(), events: this.events() };
  }

  /** MsgClearPosition (cancel exit). */
  clear(owner: number, positionId: bigint): MessageResult {
    this.run(this.x.tiersClear(owner, positionId), positionId);
    return { events: this.events() };
  }

  /** MsgTierRedelegate. */
  redelegate(owner: number, positionId: bigint, dstValidator: number): MessageResult & { completionTime: bigint } {
    this.run(this.x.tiersRedelegate(owner, positionId, dstValidator), positionId);
    return { completionTime: this.x.tiersLastTime(), events: this.events() };
  }

  /** MsgTierUndelegate. */
  undelegate(owner: number, positionId: bigint): MessageResult & { completionTime: bigint } {
    this.run(this.x.tiersUndelegate(owner, positionId), positionId);
    return { completionTime: this.x.tiersLastTime(), events: this.events() };
  }

  /** MsgWithdrawFromTier; the event carries the position as it was. */
  withdraw(owner: number, positionId: bigint): MessageResult & { amount: bigint } {
    const position = this.position(positionId);
    this.run(this.x.tiersWithdraw(owner, positionId), positionId);
    const [amount] = this.result();
    const events = this.events().map((e) => (e.type === "EventPositionWithdrawn" ? { ...e, position } : e));
    return { amount, events };
  }

  /** MsgExitTierWithDelegation. */
  exitWithDelegation(owner: number, positionId: bigint, amount: bigint): MessageResult & { transferredAmount: bigint; transferredShares: bigint; fullExit: boolean } {
    this.core.writeU128(this.core.slot(0), amount);
    this.run(this.x.tiersExitWithDelegation(owner, positionId, this.core.slot(0)), positionId);
    const [transferredAmount, transferredShares, fullExit] = this.result();
    return { transferredAmount, transferredShares, fullExit, events: this.events() };
  }

  /** MsgClaimTierRewards over 1..300 distinct ids of the owner. */
  claim(owner: number, positionIds: readonly bigint[]): MessageResult & { baseRewards: bigint; bonusRewards: bigint } {
    const c = this.core;
    const ptr = this.x.bufferPtr();
    if (positionIds.length * U64_BYTES > this.x.bufferCapacity()) throw new RangeError(`too many ids: ${positionIds.length}`);
    for (let i = 0; i < positionIds.length; i++) c.writeU64(ptr + i * U64_BYTES, positionIds[i]!);
    this.run(this.x.tiersClaim(owner, ptr, positionIds.length), BigInt(positionIds.length));
    const [baseRewards, bonusRewards] = this.result();
    return { baseRewards, bonusRewards, events: this.events() };
  }

  /** A deposit into the rewards pool (governance or protocol revenue). */
  fundRewardsPool(from: number, amount: bigint): MessageResult {
    this.core.writeU128(this.core.slot(0), amount);
    this.run(this.x.tiersFundRewardsPool(from, this.core.slot(0)), amount);
    return { events: this.events() };
  }

  /**
   * A tier's exit seconds as the core's u64 argument, never wrapped: beyond int64 nanoseconds is
   * refused here with the reference's decoder error (a bigint past 2^64 would reach the core mod
   * 2^64); a negative duration fails Tier.Validate exactly as zero does, so it goes in as 0 and
   * the core keeps the reference's order (tier id first, then the duration).
   */
  private exitSeconds(t: Tier): bigint {
    const e = protoDurationError(t.exitDuration);
    if (e !== undefined) throw new TierError("undefined", 1, e, CoreCode.TR_EXIT_OUT_OF_RANGE);
    return t.exitDuration < 0n ? 0n : t.exitDuration;
  }

  /** MsgAddTier (governance). */
  addTier(t: Tier): MessageResult {
    this.writeTier(t);
    this.run(this.x.tiersAddTier(t.id, this.exitSeconds(t), this.core.slot(0), this.core.slot(1), t.closeOnly ? 1 : 0), BigInt(t.id), t);
    return { events: this.withTier(this.events(), this.tier(t.id)) };
  }

  /** MsgUpdateTier (governance): an APY change first settles the tier's positions at the old APY. */
  updateTier(t: Tier): MessageResult {
    this.writeTier(t);
    this.run(this.x.tiersUpdateTier(t.id, this.exitSeconds(t), this.core.slot(0), this.core.slot(1), t.closeOnly ? 1 : 0), BigInt(t.id), t);
    return { events: this.withTier(this.events(), this.tier(t.id)) };
  }

  /**
   * MsgUpdateParams (governance): the target base rewards rate (raw Dec in [0, 1]). Kept as a
   * record, so it persists, and an aborted transaction restores the previous rate.
   */
  setTargetBaseRewardsRate(rate: bigint): void {
    this.core.writeU128(this.core.slot(0), rate);
    this.run(this.x.tiersSetTargetRate(this.core.slot(0)), 0n);
  }

  /** Genesis `next_position_id`: before any position exists. */
  setNextPositionId(id: bigint): void {
    this.run(this.x.tiersSetNextPositionId(id), id);
  }

  /** Params in force: the target base rewards rate (raw Dec). */
  params(): { targetBaseRewardsRate: bigint } {
    this.core.check(this.x.tiersTargetRate(this.core.slot(2)));
    return { targetBaseRewardsRate: this.core.readU128(this.core.slot(2)) };
  }

  /** MsgDeleteTier (governance). */
  deleteTier(id: number): MessageResult {
    const old = this.tier(id);
    this.run(this.x.tiersDeleteTier(id), BigInt(id));
    return { events: this.withTier(this.events(), old) };
  }

  /**
   * The events of the last successful Ledger.slash: bonus settled (paid or owed) for positions
   * whose redelegation entries it slashed (REFERENCE.md §7). Read right after the slash.
   */
  slashEvents(): MessageEvent[] {
    return this.events();
  }

  // ---- queries ----

  tier(id: number): Tier | undefined {
    const p = this.x.tiersTierPtr(id);
    return p === 0 ? undefined : readTier(this.core, id, p);
  }

  /** Every tier, ascending id. */
  tiers(): Tier[] {
    const ptr = this.x.bufferPtr();
    const n = this.x.tiersTierIds(ptr);
    const ids = Array.from({ length: n }, (_, i) => this.core.readU32(ptr + i * U32_BYTES));
    return ids.map((id) => this.tier(id)!);
  }

  position(id: bigint): Position | undefined {
    const out = this.x.bufferPtr();
    if (this.x.tiersPosition(id, out) !== 0) return undefined;
    return readPosition(this.core, out);
  }

  /** Ascending ids of all positions, or an owner's, or a tier's: a page after `key` (exclusive), and the next key. */
  positionIds(by: { owner: number } | { tier: number } | "all", page: { key?: bigint; limit?: number } = {}): { ids: bigint[]; nextKey: bigint | null; total: bigint } {
    const [kind, key] = by === "all" ? [LIST_ALL, 0n] : "owner" in by ? [LIST_OF_OWNER, BigInt(by.owner)] : [LIST_OF_TIER, BigInt(by.tier)];
    const limit = Math.min(page.limit ?? 100, this.x.bufferCapacity() / U64_BYTES);
    const after = page.key === undefined ? 0n : page.key + 1n;
    const ptr = this.x.bufferPtr();
    const n = this.x.tiersList(kind, key, after, limit, ptr);
    if (n < 0) throw new TierError(TIER_CODESPACE, 18, `position id ${page.key}: ${TIER_MESSAGES[18]}`, CoreCode.TR_POSITION_NOT_FOUND);
    const ids = Array.from({ length: n }, (_, i) => this.core.readU64(ptr + i * U64_BYTES));
    const next = this.x.tiersListNextKey();
    return { ids, nextKey: next === 0n ? null : next - 1n, total: this.x.tiersListCount(kind, key) };
  }

  /** Positions (views) of a list page. */
  positions(by: { owner: number } | { tier: number } | "all", page: { key?: bigint; limit?: number } = {}): { positions: Position[]; nextKey: bigint | null; total: bigint } {
    const { ids, nextKey, total } = this.positionIds(by, page);
    return { positions: ids.map((id) => this.position(id)!), nextKey, total };
  }

  nextPositionId(): bigint {
    return this.x.tiersNextPositionId();
  }

  /** Bonus owed to an owner (DESIGN.md decision 8). */
  owedBonus(owner: number): bigint {
    this.core.check(this.x.tiersOwed(this.core.slot(2), owner));
    return this.core.readU128(this.core.slot(2));
  }

  /** Voting power of an owner's positions (raw Dec, not truncated). */
  votingPower(owner: number): bigint {
    this.core.check(this.x.tiersVotingPower(this.core.slot(2), owner));
    return this.core.readU128(this.core.slot(2));
  }

  /**
   * Shares of the positions delegated to a bonded `validator`: the tally deducts them from the
   * validator's own vote, since the owners vote with them (REFERENCE.md §7).
   */
  deductedShares(validator: number): bigint {
    this.core.check(this.x.tiersDeductedShares(this.core.slot(2), validator));
    return this.core.readU128(this.core.slot(2));
  }

  /** Voting power of all positions (raw Dec). */
  totalVotingPower(): bigint {
    this.core.check(this.x.tiersTotalVotingPower(this.core.slot(2)));
    return this.core.readU128(this.core.slot(2));
  }

  /** What a claim of the position would pay now (the claim run and thrown away). */
  estimateRewards(positionId: bigint): { baseRewards: bigint; bonusRewards: bigint } {
    const c = this.core;
    this.run(this.x.tiersEstimate(c.slot(2), positionId), positionId);
    return { baseRewards: c.readU128(c.slot(2) + AMOUNT_A), bonusRewards: c.readU128(c.slot(2) + AMOUNT_B) };
  }

  /** A validator's event sequence and delegated positions. */
  validatorData(validator: number): { currentSeq: bigint; positionCount: bigint } {
    const c = this.core;
    this.x.tiersValidatorData(validator, c.slot(2));
    return { currentSeq: c.readU64(c.slot(2) + VD_OUT_SEQ), positionCount: c.readU64(c.slot(2) + VD_OUT_POSITIONS) };
  }

  /**
   * A validator's events not yet replayed by all its positions, oldest first. They are the newest
   * ones: an event is dropped once every position has replayed it, and each replays in order.
   */
  validatorEvents(validator: number): { seq: bigint; height: bigint; timeNs: bigint; type: number; tokensPerShare: bigint; referenceCount: bigint }[] {
    const c = this.core;
    const out = c.slot(2);
    const events = [];
    for (let seq = this.validatorData(validator).currentSeq; seq > 0n && this.x.tiersValidatorEvent(validator, seq, out) === 1; seq--) {
      events.push({
        seq, height: c.readU64(out + VEV_HEIGHT), timeNs: c.readI64(out + VEV_TIME), type: c.readI32(out + VEV_TYPE),
        tokensPerShare: c.readU128(out + VEV_TOKENS_PER_SHARE), referenceCount: c.readU64(out + VEV_REFS),
      });
    }
    return events.reverse();
  }

  /** Validator events still referenced by some position. */
  validatorEventCount(): number {
    return this.x.tiersEventRecords();
  }

  /** The positions' invariants (assembly/tier/queries.ts): the broken ones, empty when all hold. */
  checkInvariants(): string[] {
    const bits = this.x.tiersCheckInvariants();
    return POSITION_INVARIANTS.filter((_, i) => (bits & (1 << i)) !== 0);
  }

  // ---- plumbing ----

  /** Lock / Commit results: the new id, its creation event carrying the position. */
  private created(): MessageResult & { positionId: bigint } {
    const positionId = this.x.tiersLastPositionId();
    const events = this.events();
    const position = this.position(positionId);
    return {
      positionId,
      events: events.map((e) => (e.type === "EventPositionCreated" || e.type === "EventDelegationCommitted" ? { ...e, position } : e)),
    };
  }

  private withTier(events: MessageEvent[], tier: Tier | undefined): MessageEvent[] {
    return events.map((e) => (e.type === "EventTierChanged" ? { ...e, tier } : e));
  }

  private writeTier(t: Tier): void {
    this.core.writeU128(this.core.slot(0), t.bonusApy);
    this.core.writeU128(this.core.slot(1), t.minLockAmount);
  }

  private result(): [bigint, bigint, boolean] {
    const c = this.core;
    const flag = this.x.tiersResult(c.slot(4));
    return [c.readU128(c.slot(4) + AMOUNT_A), c.readU128(c.slot(4) + AMOUNT_B), flag !== 0];
  }

  /**
   * Throw the reference's error for a failed message; `subject` is what its message quotes (an
   * id), `tier` the tier a governance message validated (its APY is quoted, as the reference does).
   */
  private run(code: number, subject: bigint, tier?: Tier): void {
    if (code === 0) return;
    const c = this.core;
    const arg = c.exports.lastErrorArg();
    if (code === CoreCode.TR_INVALID_REQUEST) {
      const msg =
        arg === 1n ? "amount must be positive"
        : arg === 2n ? "position_ids must not be empty"
        : arg === 3n ? `too many position_ids: ${subject}, max: ${MAX_CLAIM_IDS}`
        : `duplicate position_id ${this.errorAmounts()[0]}`;
      throw new TierError("sdk", 18, `${msg}: invalid request`, code);
    }
    if (code === CoreCode.TR_INVALID_TIER || code === CoreCode.TR_EXIT_OUT_OF_RANGE || code === CoreCode.TR_UNLOCK_OUT_OF_RANGE) {
      const got = code === CoreCode.TR_INVALID_TIER && arg === 2n && tier !== undefined ? `: got ${c.dec.format(tier.bonusApy)}` : "";
      throw new TierError("undefined", 1, new CoreError(code, "", arg).message + got, code);
    }
    const n = tieredRewardsCode(code);
    if (n !== undefined) {
      const [a, b] = this.errorAmounts();
      const base = TIER_MESSAGES[n] ?? `tieredrewards error ${n}`;
      const message =
        n === 18 ? `position id ${arg}: ${base}`
        : n === 17 ? `tier id ${subject}: ${base}`
        : n === 12 ? `bonus: ${a}, pool balance: ${b}: ${base}`
        : n === 8 ? `amount ${a} exceeds position token value ${b}: ${base}`
        : n === 9 && a + b > 0n ? `remaining amount ${a} is below tier minimum ${b}: ${base}`
        : n === 10 ? `position ${subject} has an active redelegation: ${base}`
        : base;
      throw new TierError(TIER_CODESPACE, n, message, code);
    }
    throw new CoreError(code, "", arg);
  }

  /** The amounts the last error quotes (tiersErrorAmounts). */
  private errorAmounts(): [bigint, bigint] {
    const c = this.core;
    this.x.tiersErrorAmounts(c.slot(6));
    return [c.readU128(c.slot(6) + AMOUNT_A), c.readU128(c.slot(6) + AMOUNT_B)];
  }

  private events(): MessageEvent[] {
    return readMessageEvents(this.core);
  }
}

const POSITION_INVARIANTS = [
  "each position is consistent (tier, delegator, exit times, checkpoints)",
  "tier, owner and global counts are their list lengths",
  "per-validator delegated counts match the delegated positions",
  "validator event reference counts match the positions that have not replayed them",
] as const;
