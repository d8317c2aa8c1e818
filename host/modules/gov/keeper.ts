// x/gov v1 as the SDK v0.53 runs it, with the reference's tier-aware tally
// (chain-main x/tieredrewards/keeper/gov_tally.go, REFERENCE §7). Tokens move in the core
// (deposits into the x/gov module account, refunds, burns); the tally's Dec arithmetic is the
// core's (LegacyDec mul/quo); proposals, deposits and votes are bookkeeping kept here, journaled
// like the accounts directory: a failed tx rolls its changes back, a block commits them to SQLite
// (the `gov` table) and into the state hash.
//
// Life of a proposal: MsgSubmitProposal (deposit period; voting at once if the initial deposit
// reaches the minimum) → MsgDeposit until the minimum (voting period starts) or the deposit end
// time (dropped: deposits refunded, or burned with burn_proposal_deposit_prevote) → MsgVote /
// MsgVoteWeighted during the voting period → at its end, in EndBlock before x/staking's: the tally;
// passed → its messages run in order with x/gov as their signer, atomically (one fails: all
// undone, the proposal FAILED with the reason); rejected; an expedited one that fails becomes a
// regular one with the regular voting period. Deposits are refunded, or burned when the tally
// says so (veto with burn_vote_veto, no quorum with burn_vote_quorum).

import { sendCoinsEvents } from "../bank/events.js";
import { UndoJournal } from "../../framework/journal.js";
import type { ModuleRecord } from "../../store/records.js";
import { ModuleAccount, type Ledger } from "../../core/ledger.js";
import type { DecOps } from "../../core/core.js";
import type { GovParams } from "./params.js";
import { decString } from "../../wire/gateway-json.js";
import { GovErrorKinds, GOV_LIMITS, checkWeightedOptions, type MsgCancelProposal, type MsgDeposit, type MsgSubmitProposal, type MsgVote, type ProposalMessage, type WeightedOption } from "./validate.js";
import { SdkErrors, TxError } from "../../wire/errors.js";
import { typeUrlOfAmino } from "../../wire/messages.js";
import type { NodeDirectory } from "../auth/directory.js";
import { event, type TxEvent } from "../../framework/events.js";
import { positionsPower, tallyDecision, tallyResults, type TallyCounts, type TallyView, type Vote } from "./tally.js";

export type { TallyCounts, TallyView, Vote };
export { PROPOSAL_STATUS_NAMES, ProposalStatus, type Proposal } from "./proposal.js";
import { PROPOSAL_STATUS_NAMES, ProposalStatus, type Proposal } from "./proposal.js";
import { byAddressBytes } from "./store-order.js";
import { bigints, reviveProposal, reviveVote } from "./record-json.js";

/** How the node runs a passed proposal's messages: all or none, with x/gov as their signer. */
/** A failure names the message that failed: its index and type URL. */
export type Executor = (messages: readonly ProposalMessage[]) => { ok: true; events: TxEvent[] } | { ok: false; error: string; index: number; typeUrl: string };

const zeroTally = (): TallyCounts => ({ yes: 0n, abstain: 0n, no: 0n, noWithVeto: 0n });
const pad = (id: bigint) => id.toString().padStart(20, "0");

export class Gov {
  private readonly proposals = new Map<bigint, Proposal>();
  /** `${pad(id)}/${depositor}` → amount. */
  private readonly deposits = new Map<string, bigint>();
  private readonly votes = new Map<string, Vote>();
  private nextId = 1n;
  /** x/inflation's params as a passed MsgUpdateParams set them (JSON text); undefined: the genesis's. */
  private inflation: string | undefined;
  private readonly dirty = new Set<string>();

  /** Where the params come from once governance may change them (update-gov-params.ts); unset: the genesis's. */
  private paramsSource: (() => GovParams) | undefined;

  constructor(
    private readonly genesisParams: GovParams,
    private readonly deps: { ledger: Ledger; directory: NodeDirectory; dec: DecOps; denom: string; govAddress: string },
    /** The tx's undo steps (the node's, shared with its other records). */
    private readonly undo = new UndoJournal(),
  ) {}

  /** x/gov's params now. */
  get params(): GovParams {
    return this.paramsSource?.() ?? this.genesisParams;
  }

  /** Read the params from `source` (the governed params, app/state.ts). */
  useParams(source: () => GovParams): void {
    this.paramsSource = source;
  }

  // ---- journal ----

  /** Apply a change to the record `dirtyKey`; if the tx fails, `revert` (the record dirty again). */
  private change(dirtyKey: string, apply: () => void, revert: () => void): void {
    apply();
    this.dirty.add(dirtyKey);
    this.undo.push(() => {
      revert();
      this.dirty.add(dirtyKey);
    });
  }

  private setMap<K, V>(map: Map<K, V>, key: K, value: V | undefined, dirtyKey: string): void {
    const had = map.has(key);
    const old = map.get(key);
    const put = (v: V | undefined, present: boolean) => (present ? map.set(key, v as V) : map.delete(key));
    this.change(dirtyKey, () => put(value, value !== undefined), () => put(old, had));
  }

  private putProposal(p: Proposal | undefined, id: bigint): void {
    this.setMap(this.proposals, id, p === undefined ? undefined : { ...p }, `p/${pad(id)}`);
  }

  private putDeposit(id: bigint, depositor: string, amount: bigint | undefined): void {
    const key = `${pad(id)}/${depositor}`;
    this.setMap(this.deposits, key, amount, `d/${key}`);
  }

  private putVote(id: bigint, voter: string, vote: Vote | undefined): void {
    const key = `${pad(id)}/${voter}`;
    this.setMap(this.votes, key, vote, `v/${key}`);
  }

  private putNextId(nextId: bigint): void {
    const old = this.nextId;
    this.change("m", () => (this.nextId = nextId), () => (this.nextId = old));
  }

  /** x/inflation's MsgUpdateParams (validated by its handler): the chain applies them from the next block. */
  setInflationParams(json: string): void {
    const old = this.inflation;
    this.change("i", () => (this.inflation = json), () => (this.inflation = old));
  }

  inflationParams(): string | undefined {
    return this.inflation;
  }

  /** The id the next proposal gets (x/gov's starting_proposal_id in an export). */
  get nextProposalId(): bigint {
    return this.nextId;
  }

  /** The records changed since the last call, for the block's commit. */
  takeDirty(): ModuleRecord[] {
    const out = [...this.dirty].sort().map((key) => ({ key, value: this.recordText(key) }));
    this.dirty.clear();
    return out;
  }

  private recordText(key: string): string | null {
    const kind = key.slice(0, 1);
    const rest = key.slice(2);
    switch (kind) {
      case "m":
        return JSON.stringify({ next_id: `${this.nextId}` });
      case "i":
        return this.inflation ?? null;
      case "p": {
        const p = this.proposals.get(BigInt(rest));
        return p === undefined ? null : JSON.stringify(p, bigints);
      }
      case "d": {
        const d = this.deposits.get(rest);
        return d === undefined ? null : `${d}`;
      }
      default: {
        const v = this.votes.get(rest);
        return v === undefined ? null : JSON.stringify(v, bigints);
      }
    }
  }

  /** An exported record into a new chain (written with its first block). */
  importRecord(key: string, value: string): void {
    this.load(key, value);
    this.dirty.add(key);
  }

  /** A stored record back (on start). */
  load(key: string, value: string): void {
    const kind = key.slice(0, 1);
    const rest = key.slice(2);
    if (kind === "m") {
      this.nextId = BigInt((JSON.parse(value) as { next_id: string }).next_id);
    } else if (kind === "i") {
      this.inflation = value;
    } else if (kind === "p") {
      this.proposals.set(BigInt(rest), reviveProposal(JSON.parse(value)));
    } else if (kind === "d") {
      this.deposits.set(rest, BigInt(value));
    } else {
      this.votes.set(rest, reviveVote(JSON.parse(value)));
    }
  }

  // ---- messages ----

  submit(m: MsgSubmitProposal, timeNs: bigint): { events: TxEvent[]; proposalId: bigint } {
    if (m.metadata.length > GOV_LIMITS.metadata) throw new TxError(GovErrorKinds.MetadataTooLong, `metadata length: ${m.metadata.length}`);
    if (m.title.length > GOV_LIMITS.title) throw new TxError(GovErrorKinds.MetadataTooLong, `title length: ${m.title.length}`);
    if (m.summary.length > GOV_LIMITS.summary) throw new TxError(GovErrorKinds.SummaryTooLong, `summary length: ${m.summary.length}`);
    if (m.wrongSigner !== undefined) throw new TxError(GovErrorKinds.InvalidSigner, m.wrongSigner);
    const p = this.params;
    const deposit = this.depositAmount(m.initialDeposit);
    const minimum = this.deps.dec.truncateInt(this.deps.dec.mulInt(p.minInitialDepositRatio, m.expedited ? p.expeditedMinDeposit : p.minDeposit));
    if (deposit < minimum) {
      throw new TxError(GovErrorKinds.MinDepositTooSmall, `was (${coinText(deposit, this.deps.denom)}), need (${coinText(minimum, this.deps.denom)})`);
    }
    const id = this.nextId;
    this.putNextId(id + 1n);
    const proposal: Proposal = {
      id, messages: m.messages.map((x) => ({ type: x.type, value: x.value as Record<string, unknown> })),
      status: ProposalStatus.DepositPeriod, finalTally: zeroTally(), submitTimeNs: timeNs, depositEndTimeNs: timeNs + p.maxDepositPeriodNs,
      totalDeposit: 0n, votingStartTimeNs: null, votingEndTimeNs: null, metadata: m.metadata, title: m.title, summary: m.summary,
      proposer: m.proposer, expedited: m.expedited, failedReason: "",
    };
    this.putProposal(proposal, id);
    const urls = m.messages.map((x) => typeUrlOfAmino(x.type) ?? x.type);
    const events: TxEvent[] = [
      event("submit_proposal", { proposal_id: `${id}`, proposal_proposer: m.proposer, proposal_messages: urls.map((u) => `,${u}`).join("") }),
    ];
    this.checkDepositRatio(deposit, m.expedited);
    if (deposit > 0n) events.push(...this.addDeposit(id, m.proposer, deposit, timeNs));
    if (this.proposals.get(id)!.status === ProposalStatus.VotingPeriod) events.push(event("submit_proposal", { voting_period_start: `${id}` }));
    return { events, proposalId: id };
  }

  /**
   * x/gov AddDeposit's order: the proposal (a missing one is the collection's plain not-found:
   * codespace undefined, code 1), its status (gov 3), then the deposit's denoms (gov 23).
   */
  deposit(m: MsgDeposit, timeNs: bigint): TxEvent[] {
    const p = this.proposals.get(m.proposalId);
    if (p === undefined) {
      throw new TxError({ codespace: "undefined", code: 1, description: `collections: not found: key '${m.proposalId}' of type github.com/cosmos/gogoproto/cosmos.gov.v1.Proposal` });
    }
    if (p.status !== ProposalStatus.DepositPeriod && p.status !== ProposalStatus.VotingPeriod) throw new TxError(GovErrorKinds.InactiveProposal, `${m.proposalId}`);
    return this.addDeposit(m.proposalId, m.depositor, this.depositAmount(m.amount), timeNs, true);
  }

  /** Coins of a deposit: the bond denom only (x/gov accepts the min deposit's denoms). */
  private depositAmount(coins: readonly { denom: string; amount: bigint }[]): bigint {
    let amount = 0n;
    for (const c of coins) {
      if (c.denom !== this.deps.denom) {
        throw new TxError(GovErrorKinds.InvalidDepositDenom, `deposited ${coins.map((x) => `${x.amount}${x.denom}`).join(",")}, but gov accepts only the following denom(s): [${this.deps.denom}]`);
      }
      amount += c.amount;
    }
    return amount;
  }

  /**
   * AddDeposit's min_deposit_ratio: every deposit, a submit's initial one too, at least the ratio
   * of the min deposit (gov 16; an empty deposit's coins print as nothing).
   */
  private checkDepositRatio(amount: bigint, expedited: boolean): void {
    const params = this.params;
    const floor = this.deps.dec.truncateInt(this.deps.dec.mulInt(params.minDepositRatio, expedited ? params.expeditedMinDeposit : params.minDeposit));
    if (floor > 0n && amount < floor) {
      const received = amount === 0n ? "" : coinText(amount, this.deps.denom);
      throw new TxError(GovErrorKinds.MinDepositTooSmall, `received ${received} but need at least one of the following: ${coinText(floor, this.deps.denom)}`);
    }
  }

  private addDeposit(id: bigint, depositor: string, amount: bigint, timeNs: bigint, alone = false): TxEvent[] {
    const p = this.proposals.get(id);
    if (p === undefined) throw new TxError(GovErrorKinds.UnknownProposal, `${id}`);
    if (p.status !== ProposalStatus.DepositPeriod && p.status !== ProposalStatus.VotingPeriod) throw new TxError(GovErrorKinds.InactiveProposal, `${id}`);
    const params = this.params;
    const minimum = p.expedited ? params.expeditedMinDeposit : params.minDeposit;
    this.checkDepositRatio(amount, p.expedited);
    const from = this.deps.directory.ensure(depositor);
    this.deps.ledger.send(from, ModuleAccount.gov, amount);
    const updated: Proposal = { ...p, totalDeposit: p.totalDeposit + amount };
    if (updated.status === ProposalStatus.DepositPeriod && updated.totalDeposit >= minimum) {
      updated.status = ProposalStatus.VotingPeriod;
      updated.votingStartTimeNs = timeNs;
      updated.votingEndTimeNs = timeNs + (p.expedited ? params.expeditedVotingPeriodNs : params.votingPeriodNs);
    }
    this.putProposal(updated, id);
    this.putDeposit(id, depositor, (this.deposits.get(`${pad(id)}/${depositor}`) ?? 0n) + amount);
    const events = [
      ...transferEvents(depositor, this.deps.govAddress, amount, this.deps.denom),
      event("proposal_deposit", { depositor, amount: coinText(amount, this.deps.denom), proposal_id: `${id}` }),
    ];
    if (alone && p.status === ProposalStatus.DepositPeriod && updated.status === ProposalStatus.VotingPeriod) {
      events.push(event("proposal_deposit", { voting_period_start: `${id}` }));
    }
    return events;
  }

  /**
   * The msg server's option checks (MsgVoteWeighted's weights), then x/gov AddVote: a proposal not
   * in its voting period, missing or not, is gov 3 `<id>: inactive proposal` (a Has on the
   * voting-period set); then the metadata's length.
   */
  vote(m: MsgVote): TxEvent[] {
    // No options: `errors.Wrap(ErrInvalidRequest, WeightedVoteOptions(nil).String())`, the JSON of a nil list.
    if (m.options.length === 0) throw new TxError(SdkErrors.InvalidRequest, "null");
    checkWeightedOptions(m.options, (s) => this.deps.dec.parse(s));
    const p = this.proposals.get(m.proposalId);
    if (p === undefined || p.status !== ProposalStatus.VotingPeriod) throw new TxError(GovErrorKinds.InactiveProposal, `${m.proposalId}`);
    if (m.metadata.length > GOV_LIMITS.metadata) throw new TxError(GovErrorKinds.MetadataTooLong, `metadata length: ${m.metadata.length}`);
    const options = m.options.map((o) => ({ option: o.option, weight: this.deps.dec.parse(o.weight) }));
    this.putVote(m.proposalId, m.voter, { proposalId: m.proposalId, voter: m.voter, options, metadata: m.metadata });
    return [event("proposal_vote", { voter: m.voter, option: optionsText(options), proposal_id: `${m.proposalId}` })];
  }

  cancel(m: MsgCancelProposal, timeNs: bigint): TxEvent[] {
    const p = this.proposals.get(m.proposalId);
    if (p === undefined) throw new TxError(GovErrorKinds.UnknownProposal, `proposal ${m.proposalId} doesn't exist`);
    if (p.proposer !== m.proposer) throw new TxError(GovErrorKinds.InvalidProposer, `invalid proposer ${m.proposer}`);
    if (p.status !== ProposalStatus.DepositPeriod && p.status !== ProposalStatus.VotingPeriod) {
      throw new TxError(SdkErrors.InvalidRequest, `proposal with id ${m.proposalId} cannot be canceled: its status is ${PROPOSAL_STATUS_NAMES[p.status]}`);
    }
    if (p.votingEndTimeNs !== null && p.votingEndTimeNs < timeNs) {
      throw new TxError(GovErrorKinds.VotingPeriodEnded, `voting period is already ended for this proposal ${m.proposalId}`);
    }
    // ChargeDeposit: the cancel ratio of every deposit (truncated) to the dest or burned; the rest refunded.
    const events: TxEvent[] = [];
    let charged = 0n;
    for (const [depositor, amount] of this.depositsOf(m.proposalId)) {
      const charge = this.deps.dec.truncateInt(this.deps.dec.mulInt(this.params.proposalCancelRatio, amount));
      charged += charge;
      if (amount - charge > 0n) events.push(...this.refund(depositor, amount - charge));
      this.putDeposit(m.proposalId, depositor, undefined);
    }
    if (charged > 0n) {
      const dest = this.params.proposalCancelDest;
      // Burned at once: an aborted tx gives the supply back with the records (the store's transaction).
      if (dest === "") events.push(...this.burn(charged));
      else {
        this.deps.ledger.send(ModuleAccount.gov, this.deps.directory.ensure(dest), charged);
        events.push(...transferEvents(this.deps.govAddress, dest, charged, this.deps.denom));
      }
    }
    for (const v of this.votesOf(m.proposalId)) this.putVote(m.proposalId, v.voter, undefined);
    this.putProposal(undefined, m.proposalId);
    events.push(event("cancel_proposal", { sender: m.proposer, proposal_id: `${m.proposalId}` }));
    return events;
  }

  private refund(depositor: string, amount: bigint): TxEvent[] {
    this.deps.ledger.send(ModuleAccount.gov, this.deps.directory.ensure(depositor), amount);
    return transferEvents(this.deps.govAddress, depositor, amount, this.deps.denom);
  }

  private depositsOf(id: bigint): [string, bigint][] {
    const prefix = `${pad(id)}/`;
    return [...this.deposits].filter(([k]) => k.startsWith(prefix)).sort(([a], [b]) => byAddressBytes(a, b)).map(([k, v]) => [k.slice(prefix.length), v]);
  }

  private votesOf(id: bigint): Vote[] {
    const prefix = `${pad(id)}/`;
    return [...this.votes].filter(([k]) => k.startsWith(prefix)).sort(([a], [b]) => byAddressBytes(a, b)).map(([, v]) => v);
  }

  private refundAll(id: bigint): TxEvent[] {
    const events: TxEvent[] = [];
    for (const [depositor, amount] of this.depositsOf(id)) {
      events.push(...this.refund(depositor, amount));
      this.putDeposit(id, depositor, undefined);
    }
    return events;
  }

  private burnAll(id: bigint): TxEvent[] {
    let total = 0n;
    for (const [depositor, amount] of this.depositsOf(id)) {
      total += amount;
      this.putDeposit(id, depositor, undefined);
    }
    return this.burn(total);
  }

  /** x/bank BurnCoins from the x/gov module account. */
  private burn(amount: bigint): TxEvent[] {
    if (amount === 0n) return [];
    this.deps.ledger.burn(ModuleAccount.gov, amount);
    return [event("burn", { burner: this.deps.govAddress, amount: coinText(amount, this.deps.denom) })];
  }

  // ---- EndBlock ----

  /** The earliest time at which EndBlock has work: a deposit or voting period ending. */
  nextDeadline(): bigint | undefined {
    let next: bigint | undefined;
    for (const p of this.proposals.values()) {
      const t = p.status === ProposalStatus.DepositPeriod ? p.depositEndTimeNs : p.status === ProposalStatus.VotingPeriod ? p.votingEndTimeNs! : undefined;
      if (t !== undefined && (next === undefined || t < next)) next = t;
    }
    return next;
  }

  /** x/gov's EndBlocker at block time `timeNs` (outside any tx). */
  endBlock(timeNs: bigint, view: TallyView, execute: Executor): TxEvent[] {
    const events: TxEvent[] = [];
    const ordered = [...this.proposals.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
    // Dead proposals: the deposit period ended without the minimum (ordered by end time, then id).
    const dead = ordered.filter((p) => p.status === ProposalStatus.DepositPeriod && p.depositEndTimeNs <= timeNs)
      .sort((a, b) => (a.depositEndTimeNs < b.depositEndTimeNs ? -1 : a.depositEndTimeNs > b.depositEndTimeNs ? 1 : a.id < b.id ? -1 : 1));
    for (const p of dead) {
      events.push(...(this.params.burnProposalDepositPrevote ? this.burnAll(p.id) : this.refundAll(p.id)));
      for (const v of this.votesOf(p.id)) this.putVote(p.id, v.voter, undefined);
      this.putProposal(undefined, p.id);
      events.push(event("inactive_proposal", { proposal_id: `${p.id}`, proposal_result: "proposal_dropped" }));
    }
    const ending = ordered.filter((p) => p.status === ProposalStatus.VotingPeriod && p.votingEndTimeNs! <= timeNs)
      .sort((a, b) => (a.votingEndTimeNs! < b.votingEndTimeNs! ? -1 : a.votingEndTimeNs! > b.votingEndTimeNs! ? 1 : a.id < b.id ? -1 : 1));
    for (const p of ending) events.push(...this.finish(p, view, execute));
    return events;
  }

  private finish(p: Proposal, view: TallyView, execute: Executor): TxEvent[] {
    const events: TxEvent[] = [];
    const { passes, burnDeposits, counts } = this.tally(p, view);
    // The votes are consumed by the tally.
    for (const v of this.votesOf(p.id)) this.putVote(p.id, v.voter, undefined);
    if (burnDeposits) events.push(...this.burnAll(p.id));
    else if (!(p.expedited && !passes)) events.push(...this.refundAll(p.id));
    const updated: Proposal = { ...p, finalTally: counts };
    let result: string;
    let log: string;
    if (passes) {
      const run = execute(p.messages);
      if (run.ok) {
        updated.status = ProposalStatus.Passed;
        result = "proposal_passed";
        log = "passed";
        events.push(...run.events);
      } else {
        updated.status = ProposalStatus.Failed;
        updated.failedReason = run.error;
        result = "proposal_failed";
        log = `passed, but msg ${run.index} (${run.typeUrl}) failed on execution: ${run.error}`;
      }
    } else if (p.expedited) {
      updated.expedited = false;
      updated.votingEndTimeNs = p.votingStartTimeNs! + this.params.votingPeriodNs;
      result = "expedited_proposal_rejected";
      log = "expedited proposal converted to regular";
    } else {
      updated.status = ProposalStatus.Rejected;
      updated.failedReason = "proposal did not get enough votes to pass";
      result = "proposal_rejected";
      log = "rejected";
    }
    this.putProposal(updated, p.id);
    events.push(event("active_proposal", { proposal_id: `${p.id}`, proposal_result: result, proposal_log: log }));
    return events;
  }

  // ---- the tally (gov-tally.ts) ----

  /** The tally's raw results (Decs) and total voting power: positions vote with their owners. */
  tallyResults(p: Proposal, view: TallyView): { results: bigint[]; total: bigint } {
    return tallyResults(this.votesOf(p.id), view, this.deps.dec);
  }

  /** x/gov's Tally: (passes, burn deposits, the counts truncated to integers). */
  tally(p: Proposal, view: TallyView): { passes: boolean; burnDeposits: boolean; counts: TallyCounts } {
    const { results, total } = this.tallyResults(p, view);
    return tallyDecision(results, total, view.totalBonded(), this.params, p.expedited, this.deps.dec);
  }

  /** The power delegated positions vote with (x/tieredrewards' VotingPowerByOwner and TotalDelegatedVotingPower). */
  positionsPower(positions: readonly { validator: number; shares: bigint }[], view: TallyView): bigint {
    return positionsPower(positions, view, this.deps.dec);
  }

  // ---- queries ----

  proposal(id: bigint): Proposal | undefined {
    return this.proposals.get(id);
  }

  /** Proposals in id order, filtered as x/gov's Proposals query filters them. */
  listProposals(filter: { status?: number; voter?: string; depositor?: string }): Proposal[] {
    return [...this.proposals.values()]
      .filter((p) => filter.status === undefined || filter.status === 0 || p.status === filter.status)
      .filter((p) => filter.voter === undefined || this.votes.has(`${pad(p.id)}/${filter.voter}`))
      .filter((p) => filter.depositor === undefined || this.deposits.has(`${pad(p.id)}/${filter.depositor}`))
      .sort((a, b) => (a.id < b.id ? -1 : 1));
  }

  listVotes(id: bigint): Vote[] {
    return this.votesOf(id);
  }

  voteOf(id: bigint, voter: string): Vote | undefined {
    return this.votes.get(`${pad(id)}/${voter}`);
  }

  listDeposits(id: bigint): { depositor: string; amount: bigint }[] {
    return this.depositsOf(id).map(([depositor, amount]) => ({ depositor, amount }));
  }

  depositOf(id: bigint, depositor: string): bigint | undefined {
    return this.deposits.get(`${pad(id)}/${depositor}`);
  }
}

export const coinText = (amount: bigint, denom: string) => `${amount}${denom}`;

/** x/bank SendCoins' events (none for nothing sent). */
function transferEvents(from: string, to: string, amount: bigint, denom: string): TxEvent[] {
  return amount === 0n ? [] : sendCoinsEvents(from, to, coinText(amount, denom));
}

/** Vote options as x/gov v0.53's proposal_vote event writes them: the WeightedVoteOptions' JSON (options by number). */
export function optionsText(options: Vote["options"]): string {
  return JSON.stringify(options.map((o) => ({ option: o.option, weight: decString(o.weight) })));
}

export type { WeightedOption };
