// The core's exported API. Numeric only: integers, pointers to fixed records in linear memory,
// and a byte buffer for text. A u128 (a Dec's raw value or an integer) is 16 bytes, two
// little-endian u64 limbs, low first. Every operation returns a result code (errors.ts); results
// are written only on success.

import { OK, ERR_NO_DELEGATION, errorArg } from "./errors";
import * as dec from "./dec/dec";
import { approxRoot, rootIterations } from "./dec/root";
import { parseDec, formatDec, formatInt } from "./dec/text";
import * as emission from "./emission/emission";
import * as bonus from "./rewards/bonus";
import { computeTopUp } from "./rewards/topup";
import * as tables from "./store/table";
import * as bank from "./ledger/bank";
import * as ledgerValidators from "./ledger/validators";
import * as ledgerGlobals from "./ledger/globals";
import * as ledgerBlock from "./ledger/block";
import * as ledgerStaking from "./ledger/staking";
import * as ledgerValset from "./ledger/valset";
import * as ledgerInvariants from "./ledger/invariants";
import * as ledgerSlashing from "./ledger/slash";
import * as ledgerDelegations from "./ledger/delegations";
import * as ledgerQueries from "./ledger/queries";
import * as tierPositions from "./tier/positions";
import * as tierQueries from "./tier/queries";
import * as tierOut from "./tier/out";
import * as tierState from "./tier/state";
import * as tierParams from "./tier/params";
import * as restore from "./ledger/restore";
import * as ledgerWithdraw from "./ledger/withdraw";

const SCRATCH_BYTES: i32 = 16 * 16;
const TEXT_BYTES: i32 = 4096;
const BUFFER_BYTES: i32 = 64 * 1024;
const scratch: usize = memory.data(SCRATCH_BYTES, 16);
const text: usize = memory.data(TEXT_BYTES, 16);
const buffer: usize = memory.data(BUFFER_BYTES, 16);

/** Sixteen u128 slots the host may use for operands and results. */
export function scratchPtr(): usize {
  return scratch;
}

/** A byte buffer of `textCapacity()` bytes for text in and out. */
export function textPtr(): usize {
  return text;
}

export function textCapacity(): i32 {
  return TEXT_BYTES;
}

/** A general buffer of `bufferCapacity()` bytes for variable-length records (lists of powers…). */
export function bufferPtr(): usize {
  return buffer;
}

export function bufferCapacity(): i32 {
  return BUFFER_BYTES;
}

/** The detail of the last error (see errors.ts). */
export function lastErrorArg(): i64 {
  return errorArg;
}

// @ts-ignore: decorator
@inline
function lo(p: usize): u64 {
  return load<u64>(p);
}

// @ts-ignore: decorator
@inline
function hi(p: usize): u64 {
  return load<u64>(p, 8);
}

function put(dst: usize, e: i32): i32 {
  if (e == OK) {
    store<u64>(dst, dec.resLo);
    store<u64>(dst, dec.resHi, 8);
  }
  return e;
}

// ---- Dec (see dec/dec.ts for each rounding rule) ----

export function decAdd(dst: usize, a: usize, b: usize): i32 {
  return put(dst, dec.add(lo(a), hi(a), lo(b), hi(b)));
}
export function decSub(dst: usize, a: usize, b: usize): i32 {
  return put(dst, dec.sub(lo(a), hi(a), lo(b), hi(b)));
}
export function decMul(dst: usize, a: usize, b: usize): i32 {
  return put(dst, dec.mul(lo(a), hi(a), lo(b), hi(b)));
}
export function decMulTruncate(dst: usize, a: usize, b: usize): i32 {
  return put(dst, dec.mulRounded(lo(a), hi(a), lo(b), hi(b), dec.ROUND_TRUNCATE));
}
export function decMulRoundUp(dst: usize, a: usize, b: usize): i32 {
  return put(dst, dec.mulRounded(lo(a), hi(a), lo(b), hi(b), dec.ROUND_CEILING));
}
export function decQuo(dst: usize, a: usize, b: usize): i32 {
  return put(dst, dec.quoRounded(lo(a), hi(a), lo(b), hi(b), dec.ROUND_HALF_EVEN));
}
export function decQuoTruncate(dst: usize, a: usize, b: usize): i32 {
  return put(dst, dec.quoRounded(lo(a), hi(a), lo(b), hi(b), dec.ROUND_TRUNCATE));
}
export function decQuoRoundUp(dst: usize, a: usize, b: usize): i32 {
  return put(dst, dec.quoRounded(lo(a), hi(a), lo(b), hi(b), dec.ROUND_CEILING));
}
/** b is an integer. */
export function decMulInt(dst: usize, a: usize, b: usize): i32 {
  return put(dst, dec.mulInt(lo(a), hi(a), lo(b), hi(b)));
}
/** (a MulInt b) Quo d, the reference's two-step half-even Quo (x/gov's tally: shares x tokens / delegator shares); b an integer. */
export function decMulIntQuo(dst: usize, a: usize, b: usize, d: usize): i32 {
  return put(dst, dec.mulIntQuo(lo(a), hi(a), lo(b), hi(b), lo(d), hi(d), dec.ROUND_HALF_EVEN));
}
/** b is an integer. */
export function decQuoInt(dst: usize, a: usize, b: usize): i32 {
  return put(dst, dec.quoInt(lo(a), hi(a), lo(b), hi(b)));
}
export function decMulInt64(dst: usize, a: usize, n: i64): i32 {
  return put(dst, dec.mulInt64(lo(a), hi(a), n));
}
export function decQuoInt64(dst: usize, a: usize, n: i64): i32 {
  return put(dst, dec.quoInt64(lo(a), hi(a), n));
}
export function decPower(dst: usize, a: usize, n: u64): i32 {
  return put(dst, dec.power(lo(a), hi(a), n));
}
export function decApproxRoot(dst: usize, a: usize, n: u64): i32 {
  return put(dst, approxRoot(lo(a), hi(a), n));
}
/** Newton steps of the last decApproxRoot. */
export function decRootIterations(): i32 {
  return rootIterations;
}
/** The result is an integer. */
export function decTruncateInt(dst: usize, a: usize): i32 {
  return put(dst, dec.truncateInt(lo(a), hi(a)));
}
/** The result is an integer. */
export function decRoundInt(dst: usize, a: usize): i32 {
  return put(dst, dec.roundInt(lo(a), hi(a)));
}
/** The result is a signed 64-bit integer in the low limb. */
export function decTruncateInt64(dst: usize, a: usize): i32 {
  return put(dst, dec.toInt64(dec.truncateInt(lo(a), hi(a))));
}
/** The result is a signed 64-bit integer in the low limb. */
export function decRoundInt64(dst: usize, a: usize): i32 {
  return put(dst, dec.toInt64(dec.roundInt(lo(a), hi(a))));
}
export function decTruncateDec(dst: usize, a: usize): i32 {
  return put(dst, dec.truncateDec(lo(a), hi(a)));
}
export function decCeil(dst: usize, a: usize): i32 {
  return put(dst, dec.ceil(lo(a), hi(a)));
}
/** Parse `len` UTF-8 bytes at `src` (the reference's rules, text.ts). */
export function decParse(dst: usize, src: usize, len: i32): i32 {
  return put(dst, parseDec(src, len));
}
/** Write the canonical text of the Dec at `a` to `out`; returns its byte length. */
export function decFormat(out: usize, a: usize): i32 {
  return formatDec(out, lo(a), hi(a));
}
/** Write the decimal text of the integer at `a` to `out`; returns its byte length. */
export function intFormat(out: usize, a: usize): i32 {
  return formatInt(out, lo(a), hi(a));
}

// ---- Emission (emission/emission.ts) ----

/** The parameters record (layout: emission.ts PARAMS_*). */
export function emissionParamsPtr(): usize {
  return emission.params;
}
/** The state record (layout: emission.ts STATE_*); read-only for the host. */
export function emissionStatePtr(): usize {
  return emission.state;
}
/** Validate and load the parameters record; computes the per-block factor. */
export function emissionConfigure(): i32 {
  return emission.configure();
}
/** Set height, total supply and burned balances (integers at the pointers); atomic. */
export function emissionSetState(height: u64, supply: usize, burned: usize): i32 {
  return emission.setState(height, supply, burned);
}
export function emissionRateAt(dst: usize, height: u64): i32 {
  return put(dst, emission.rateAt(height));
}
/** x^n into intDst and f^r into fracDst at `height`. */
export function emissionDecayParts(intDst: usize, fracDst: usize, height: u64): i32 {
  return put(fracDst, emission.decayParts(height, intDst));
}
/** Annual provisions (Dec) and block provision (integer) for a rate and a total supply. */
export function emissionProvisions(annualDst: usize, blockDst: usize, rate: usize, supply: usize): i32 {
  const e = put(blockDst, emission.provisions(lo(rate), hi(rate), lo(supply), hi(supply)));
  if (e == OK) {
    store<u64>(annualDst, emission.annualLo);
    store<u64>(annualDst, emission.annualHi, 8);
  }
  return e;
}
export function emissionPerBlockFactor(dst: usize): i32 {
  return put(dst, emission.perBlockFactor());
}
/** Run `count` blocks (the state record holds the outcome of the last). */
export function emissionAdvance(count: u64): i32 {
  return emission.advance(count);
}

// ---- Rewards (rewards/*.ts) ----

/**
 * The bonus of one segment (rewards/bonus.ts). Input record at `input`: shares 0, tokens per
 * share 16, bonus APY 32 (Decs); start seconds 48 (i64) and nanos 56 (i32); end 64 / 72;
 * unlock set 76 (i32 0/1), unlock 80 / 88. Output record at `out`: bonus 0 (integer), tokens 16
 * (Dec), whole seconds 32 (u64), effective end 40 (i64) / 48 (i32), tokens reached 52 (i32 0/1).
 */
export function bonusSegment(input: usize, out: usize): i32 {
  const e = bonus.segmentBonus(
    lo(input), hi(input), lo(input + 16), hi(input + 16), lo(input + 32), hi(input + 32),
    load<i64>(input, 48), load<i32>(input, 56), load<i64>(input, 64), load<i32>(input, 72),
    load<i32>(input, 76) != 0, load<i64>(input, 80), load<i32>(input, 88),
  );
  if (e != OK) return e;
  store<u64>(out, dec.resLo);
  store<u64>(out, dec.resHi, 8);
  store<u64>(out, bonus.tokensLo, 16);
  store<u64>(out, bonus.tokensHi, 24);
  store<u64>(out, bonus.durationSeconds, 32);
  store<i64>(out, bonus.effEndSec, 40);
  store<i32>(out, bonus.effEndNanos, 48);
  store<i32>(out, bonus.hasTokens ? 1 : 0, 52);
  return OK;
}

/**
 * The base-rewards top-up (rewards/topup.ts; records IN_* and OUT_* there) for `count` u64
 * powers at `powers`; allocations (fraction, reward: 32 bytes each) to `alloc`.
 */
export function topUpCompute(input: usize, powers: usize, count: i32, out: usize, alloc: usize): i32 {
  return computeTopUp(input, powers, count, out, alloc);
}

// ---- State store (store/table.ts): what the host persists, and tables of its own ----

/** A new table of `recordSize`-byte records (the first 8 bytes are the key); returns its id. */
export function storeCreateTable(recordSize: u32): u32 {
  return new tables.Table(recordSize).id;
}
/**
 * The state format: what the records' bytes mean. A database or an export keeps the format it
 * was written in, and a node refuses another one, so records are never read with another layout.
 * Bump it with any change to a record's layout or meaning, or to the tables' order.
 *   1  the first node databases
 *   2  tier params record; a delegation's withdraw-address flag and copy (D_ROUTED, D_RECIPIENT)
 */
export function stateFormat(): u32 {
  return 2;
}
export function storeTableCount(): i32 {
  return tables.tableCount();
}
export function storeRecordSize(table: i32): u32 {
  return tables.tableAt(table).recordSize;
}
export function storeSize(table: i32): u32 {
  return tables.tableAt(table).size;
}
/** Slot of `key`, or -1. */
export function storeFind(table: i32, key: u64): i32 {
  return tables.tableAt(table).find(key);
}
/** Slot of `key`, created zeroed (with its key) if absent; journaled. */
export function storeUpsert(table: i32, key: u64): u32 {
  return tables.tableAt(table).upsert(key);
}
/** 1 if the last storeUpsert created the record. */
export function storeInserted(): i32 {
  return tables.inserted ? 1 : 0;
}
/** Delete `key`'s record; 0 if there was none. */
export function storeRemove(table: i32, key: u64): i32 {
  return tables.tableAt(table).remove(key) ? 1 : 0;
}
/** Pointer to a slot's bytes (valid until the table's next insert). */
export function storeRecordPtr(table: i32, slot: u32): usize {
  return tables.tableAt(table).ptr(slot);
}
/** Journal a write the host made through storeRecordPtr. */
export function storeTouch(table: i32, slot: u32): void {
  tables.tableAt(table).touch(slot);
}
/** The journal since the last clear: `storeJournalLength()` entries of (table u32, slot u32). */
export function storeJournalPtr(): usize {
  return tables.journalEntries();
}
export function storeJournalLength(): u32 {
  return tables.journalLength();
}
export function storeJournalClear(): void {
  tables.journalClear();
}
/**
 * Gas counters (not state): store reads, read bytes, writes, write bytes and deletes since the
 * last reset, as 5 u64 at `dst`. The host prices them with the gas schedule.
 */
export function storeGasCounters(dst: usize): void {
  store<u64>(dst, tables.gasReads);
  store<u64>(dst, tables.gasReadBytes, 8);
  store<u64>(dst, tables.gasWrites, 16);
  store<u64>(dst, tables.gasWriteBytes, 24);
  store<u64>(dst, tables.gasDeletes, 32);
}
export function storeGasCountersReset(): void {
  tables.resetGasCounters();
}

// ---- Restore: reload the durable copy at startup ----

/** Place a stored record (its bytes at `src`, key first) in `table`, without journaling it. */
export function storeRestore(table: i32, src: usize): void {
  tables.tableAt(table).restore(src);
}
/** After the records: derived state (queues, ranking) and the emission position at `height`. */
export function ledgerRestore(height: u64, burned: usize): i32 {
  const e = restore.rebuild(height, burned);
  return e != OK ? e : tierParams.syncParams();
}

// ---- Ledger (ledger/*.ts): bank, validators, the per-block rewards loop ----

/** The ledger parameters record (layout: ledger/block.ts LP_*). */
export function ledgerParamsPtr(): usize {
  return ledgerBlock.ledgerParams;
}
export function ledgerConfigure(): i32 {
  const e = ledgerBlock.configure();
  if (e == OK) tierParams.noteConfigured();
  return e;
}
/** Genesis: credit `account` with the integer at `amount` (the host sets the supply to match). */
export function ledgerGenesisBalance(account: u32, amount: usize): i32 {
  return bank.credit(account, lo(amount), hi(amount));
}
export function ledgerBalance(dst: usize, account: u32): i32 {
  return put(dst, bank.balanceOf(account));
}
/** A validator with a commission rate (Dec at `rate`); unbonded, no tokens yet. */
export function ledgerCreateValidator(id: u32, operator: u32, rate: usize, orderKey: u64): i32 {
  const e = ledgerValidators.createValidator(id, operator, lo(rate), hi(rate), orderKey);
  if (e == OK) ledgerValset.rankingDirty();
  return e;
}
/** The validator's record (layout: ledger/validators.ts V_*), or 0; valid until the next insert. */
export function ledgerValidatorPtr(id: u32): usize {
  const slot = ledgerValidators.validators.find(<u64>id);
  return slot < 0 ? 0 : ledgerValidators.validators.ptr(<u32>slot);
}
export function ledgerCommunityPool(dst: usize): i32 {
  store<u64>(dst, ledgerGlobals.cellLo(ledgerGlobals.COMMUNITY_POOL));
  store<u64>(dst, ledgerGlobals.cellHi(ledgerGlobals.COMMUNITY_POOL), 8);
  return OK;
}
/** BeginBlock with the last commit's votes: (validator id u32, unused u32, power u64) each. */
export function ledgerBeginBlock(height: u64, timeNs: i64, votes: usize, count: i32): i32 {
  return ledgerBlock.beginBlock(height, timeNs, votes, count);
}
/** Run whole blocks (BeginBlock with the last set's votes, EndBlock) inside the core. */
export function ledgerAdvance(count: i32, startTimeNs: i64, blockTimeNs: i64): i32 {
  return ledgerBlock.advance(count, startTimeNs, blockTimeNs);
}
/** What the last BeginBlock minted, topped up and distributed (layout: ledger/block.ts BO_*). */
export function ledgerBlockOutcomePtr(): usize {
  return ledgerBlock.blockOutcome;
}
/**
 * Transactions over the store (not nested): a failed message aborts and leaves no trace. Inside
 * one the host opened, the message exports below join it instead of opening their own, so the
 * host can make a whole signed transaction (fee apart) atomic over several messages.
 */
export function storeTxBegin(): void {
  tables.txBegin();
  hostTx = true;
  // The total supply is the emission state's, outside the tables' undo log: a slash inside the
  // transaction lowers it, so an abort puts it back with the records.
  const st = emission.state + <usize>emission.STATE_TOTAL_SUPPLY;
  txSupplyLo = load<u64>(st);
  txSupplyHi = load<u64>(st, 8);
}
export function storeTxCommit(): void {
  tables.txCommit();
  hostTx = false;
}
export function storeTxAbort(): void {
  tables.txAbort();
  const st = emission.state + <usize>emission.STATE_TOTAL_SUPPLY;
  store<u64>(st, txSupplyLo);
  store<u64>(st, txSupplyHi, 8);
  tierParams.syncParams();
  hostTx = false;
}
let hostTx = false;
let txSupplyLo: u64 = 0, txSupplyHi: u64 = 0;

// ---- Ledger messages: each in a store transaction, so a failure changes nothing ----

function txBegin(): void {
  if (!hostTx) tables.txBegin();
}

function inTransaction(e: i32): i32 {
  if (hostTx) return e; // the host's transaction decides
  if (e == OK) tables.txCommit();
  else {
    tables.txAbort();
    tierParams.syncParams();
  }
  return e;
}

/** MsgDelegate from `delegator`; the new shares (Dec) to `dst`. */
export function ledgerDelegate(dst: usize, delegator: u32, validator: u32, amount: usize): i32 {
  txBegin();
  return put(dst, inTransaction(ledgerStaking.delegate(delegator, validator, lo(amount), hi(amount))));
}
/** MsgWithdrawDelegatorReward; the units paid to `dst`. */
export function ledgerWithdrawRewards(dst: usize, delegator: u32, validator: u32): i32 {
  txBegin();
  return put(dst, inTransaction(ledgerStaking.withdrawDelegatorReward(delegator, validator)));
}
/** x/distribution DelegatorWithdrawAddress: the account `delegator`'s rewards are paid to. */
export function ledgerWithdrawAddress(delegator: u32): u32 {
  return ledgerWithdraw.rewardRecipient(delegator);
}
/** MsgWithdrawValidatorCommission; the units paid to `dst`. */
export function ledgerWithdrawCommission(dst: usize, validator: u32): i32 {
  txBegin();
  return put(dst, inTransaction(ledgerStaking.withdrawValidatorCommission(validator)));
}
/** MsgCreateValidator with its self-delegation (integer at `amount`); commission Dec at `rate`. */
export function ledgerCreateValidatorWithSelfDelegation(
  id: u32, operator: u32, rate: usize, amount: usize, orderKey: u64,
): i32 {
  txBegin();
  return inTransaction(
    ledgerStaking.createValidator(id, operator, lo(rate), hi(rate), lo(amount), hi(amount), orderKey),
  );
}
/** MsgCreateValidator as a transaction sends it: also its operator's MinSelfDelegation (integer at `minSelf`). */
export function ledgerCreateValidatorWithMinSelf(
  id: u32, operator: u32, rate: usize, amount: usize, minSelf: usize, orderKey: u64,
): i32 {
  txBegin();
  return inTransaction(
    ledgerStaking.createValidator(id, operator, lo(rate), hi(rate), lo(amount), hi(amount), orderKey, lo(minSelf), hi(minSelf)),
  );
}
/** MsgEditValidator: the commission rate (Dec at `rate`) if `setRate`, the minimum self-delegation (integer at `minSelf`) if `setMin`. */
export function ledgerEditValidator(id: u32, setRate: i32, rate: usize, setMin: i32, minSelf: usize): i32 {
  txBegin();
  return inTransaction(ledgerStaking.editValidator(id, setRate != 0, lo(rate), hi(rate), setMin != 0, lo(minSelf), hi(minSelf)));
}
/** x/bank MsgSend (and the ante handler's fee) of the bond denom: atomic, checked first. */
export function ledgerSend(from: u32, to: u32, amount: usize): i32 {
  return bank.transfer(from, to, lo(amount), hi(amount));
}
/** Staking params: max validators, tokens per unit of consensus power, unbonding time (ns). */
export function ledgerConfigureStaking(maxValidators: u32, powerReduction: u64, unbondingNs: i64): i32 {
  return ledgerValset.configureStaking(maxValidators, powerReduction, unbondingNs);
}
/** EndBlock: the validator-set update at (height, block time in unix ns). */
export function ledgerEndBlock(height: u64, timeNs: i64): i32 {
  return ledgerValset.endBlock(height, timeNs);
}
/** The next BeginBlock's votes (16 bytes each, as ledgerBeginBlock takes them) to `out`; the count. */
export function ledgerLastCommitVotes(out: usize): i32 {
  return ledgerValset.lastCommitVotes(out);
}
/** MsgUndelegate; the tokens unbonded to `dst`, the completion time from ledgerLastCompletion. */
export function ledgerUndelegate(dst: usize, delegator: u32, validator: u32, amount: usize): i32 {
  txBegin();
  return put(dst, inTransaction(ledgerStaking.undelegate(delegator, validator, lo(amount), hi(amount))));
}
/** MsgBeginRedelegate; the tokens moved to `dst`, the completion time from ledgerLastCompletion. */
export function ledgerRedelegate(dst: usize, delegator: u32, src: u32, dstValidator: u32, amount: usize): i32 {
  txBegin();
  return put(dst, inTransaction(ledgerStaking.redelegate(delegator, src, dstValidator, lo(amount), hi(amount))));
}
/** x/staking Slash (by evidence or downtime handling); tokens burned from the validator to `dst`. */
export function ledgerSlash(dst: usize, validator: u32, infractionHeight: u64, power: u64, fraction: usize): i32 {
  txBegin();
  tierOut.resetEvents(); // the redelegation-slash hook's events (tiersEventsPtr) are the slash's
  return put(dst, inTransaction(ledgerSlashing.slash(validator, infractionHeight, power, lo(fraction), hi(fraction))));
}
/** x/staking Jail until a time (unix ns; the signing info's jailed_until). */
export function ledgerJail(validator: u32, untilNs: i64): i32 {
  txBegin();
  return inTransaction(ledgerSlashing.jail(validator, untilNs));
}
/** x/slashing MsgUnjail. */
export function ledgerUnjail(validator: u32): i32 {
  txBegin();
  return inTransaction(ledgerSlashing.unjail(validator));
}
export function ledgerLastCompletion(): i64 {
  return ledgerStaking.lastCompletion;
}
/** Pending rewards of a delegation (raw Dec) to `dst`, computed on a throw-away transaction. */
export function ledgerPendingRewards(dst: usize, delegator: u32, validator: u32): i32 {
  tables.txBegin();
  const e = ledgerStaking.pendingRewards(delegator, validator);
  const rlo = dec.resLo, rhi = dec.resHi;
  tables.txAbort();
  if (e == OK) {
    store<u64>(dst, rlo);
    store<u64>(dst, rhi, 8);
  }
  return e;
}
/** The ledger's invariants: 0 if all hold, else a bit set (ledger/invariants.ts). O(state). */
export function ledgerCheckInvariants(): i32 {
  return ledgerInvariants.check();
}
/** The F1 historical record of (validator, period) (ledger/validators.ts H_* fields), or 0: for gas sizes. */
export function ledgerHistoricalPtr(validator: u32, period: u64): usize {
  const slot = ledgerValidators.historical.find(ledgerValidators.historicalKey(validator, period));
  return slot < 0 ? 0 : ledgerValidators.historical.ptr(<u32>slot);
}
/** The last unbonding entry id handed out (x/staking's UnbondingID sequence; 0: none yet): for gas sizes. */
export function ledgerLastEntryId(): u64 {
  return ledgerGlobals.cellLo(ledgerGlobals.ENTRY_SEQUENCE);
}
/** A delegation's record (ledger/delegations.ts D_* fields: shares, starting info), or 0: for gas sizes. */
export function ledgerDelegationPtr(delegator: u32, validator: u32): usize {
  const slot = ledgerDelegations.delegations.find(ledgerDelegations.delegationKey(delegator, validator));
  return slot < 0 ? 0 : ledgerDelegations.delegations.ptr(<u32>slot);
}
/** A delegation's shares (Dec) to `dst`; NO_DELEGATION if none. */
export function ledgerDelegationShares(dst: usize, delegator: u32, validator: u32): i32 {
  const slot = ledgerDelegations.delegations.find(ledgerDelegations.delegationKey(delegator, validator));
  if (slot < 0) return ERR_NO_DELEGATION;
  const p = ledgerDelegations.delegations.ptr(<u32>slot);
  store<u64>(dst, load<u64>(p, 8));
  store<u64>(dst, load<u64>(p, 16), 8);
  return OK;
}

// ---- Ledger queries (ledger/queries.ts): pages in ascending key order, O(the owner's records) ----

/** A delegation (delegator u32, validator u32, shares Dec, balance integer: 40 bytes) to `dst`. */
export function ledgerDelegation(dst: usize, delegator: u32, validator: u32): i32 {
  return ledgerQueries.delegation(dst, delegator, validator);
}
/** A delegator's delegations from validator id `start`, 40 bytes each, to `out`: the count (< 0: -error). */
export function ledgerDelegatorDelegations(out: usize, delegator: u32, start: u64, limit: u32): i32 {
  return ledgerQueries.delegatorDelegations(out, delegator, start, limit);
}
/** A validator's delegations from delegator id `start`, 40 bytes each, to `out`: the count. */
export function ledgerValidatorDelegations(out: usize, validator: u32, start: u64, limit: u32): i32 {
  return ledgerQueries.validatorDelegations(out, validator, start, limit);
}
/** A delegator's unbonding entries (64 bytes each, ledger/queries.ts) from sort key `start`: the count. */
export function ledgerUnbondingEntries(out: usize, delegator: u32, start: u64, limit: u32): i32 {
  return ledgerQueries.unbondingEntries(out, delegator, start, limit);
}
/** A delegator's redelegation entries (80 bytes each, ledger/queries.ts) from sort key `start`: the count. */
export function ledgerRedelegationEntries(out: usize, delegator: u32, start: u64, limit: u32): i32 {
  return ledgerQueries.redelegationEntryPage(out, delegator, start, limit);
}
/** Validator ids (u32 each) from `start`: the count. */
export function ledgerValidatorIds(out: usize, start: u64, limit: u32): i32 {
  return ledgerQueries.validatorIds(out, start, limit);
}
/** Of the last page: the sort key after it (u64 max: none). */
export function ledgerPageNext(): u64 {
  return ledgerQueries.pageNext;
}
/** Of the last page: the owner's records in all. */
export function ledgerPageTotal(): u32 {
  return ledgerQueries.pageTotal;
}
/** Most records a page holds. */
export function ledgerMaxPage(): u32 {
  return ledgerQueries.MAX_PAGE;
}
/** Staking params: max validators (the unbonding time: ledgerUnbondingTime). */
export function ledgerMaxValidators(): u32 {
  return ledgerValset.maxValidatorCount();
}
export function ledgerUnbondingTime(): i64 {
  return ledgerValset.unbondingTime();
}
/**
 * x/bank BurnCoins of the bond denom: `amount` (integer at the pointer) leaves `account` (a module
 * account: x/gov's burned deposits) and the total supply. Inside the host's store transaction
 * an abort gives both back (storeTxAbort restores the supply with the records).
 */
export function ledgerBurn(account: u32, amount: usize): i32 {
  const alo = lo(amount), ahi = hi(amount);
  const e = bank.debit(account, alo, ahi);
  if (e != OK) return e;
  const st = emission.state + <usize>emission.STATE_TOTAL_SUPPLY;
  const slo = load<u64>(st), shi = load<u64>(st, 8);
  store<u64>(st, slo - alo);
  store<u64>(st, shi - ahi - u64(slo < alo), 8);
  return OK;
}
/** Total supply of the bond denom (the emission state's) to `dst`. */
export function ledgerTotalSupply(dst: usize): i32 {
  const st = emission.state + <usize>emission.STATE_TOTAL_SUPPLY;
  store<u64>(dst, load<u64>(st));
  store<u64>(dst, load<u64>(st, 8), 8);
  return OK;
}

// ---- Tiers (tier/*.ts, issue #4): positions, bonus, the rewards pool ----
// Each message runs in a store transaction, like the ledger's; its events (tier/out.ts records)
// are read with tiersEventsPtr / tiersEventCount after it succeeds.

function tierMessage(e: i32): i32 {
  if (e != OK) tierOut.resetEvents();
  return inTransaction(e);
}

function tierBegin(): void {
  txBegin();
  tierOut.resetEvents();
}

/** MsgLockTier: `amount` (integer at the pointer) of `owner` into a new position with its own `delegator` account. */
export function tiersLock(owner: u32, tier: u32, amount: usize, validator: u32, delegator: u32, trigger: i32): i32 {
  tierBegin();
  return tierMessage(tierPositions.lock(owner, tier, lo(amount), hi(amount), validator, delegator, trigger != 0));
}
/** MsgCommitDelegationToTier: `amount` of the signer's delegation on `validator` into a new position. */
export function tiersCommit(owner: u32, validator: u32, amount: usize, tier: u32, delegator: u32, trigger: i32): i32 {
  tierBegin();
  return tierMessage(tierPositions.commit(owner, validator, lo(amount), hi(amount), tier, delegator, trigger != 0));
}
/** MsgAddToTierPosition. */
export function tiersAdd(owner: u32, id: u64, amount: usize): i32 {
  tierBegin();
  return tierMessage(tierPositions.addToPosition(owner, id, lo(amount), hi(amount)));
}
/** MsgTriggerExitFromTier; the unlock time from tiersLastTime. */
export function tiersTriggerExit(owner: u32, id: u64): i32 {
  tierBegin();
  return tierMessage(tierPositions.triggerExit(owner, id));
}
/** MsgClearPosition. */
export function tiersClear(owner: u32, id: u64): i32 {
  tierBegin();
  return tierMessage(tierPositions.clearPosition(owner, id));
}
/** MsgTierRedelegate; the completion time from tiersLastTime. */
export function tiersRedelegate(owner: u32, id: u64, dst: u32): i32 {
  tierBegin();
  return tierMessage(tierPositions.redelegatePosition(owner, id, dst));
}
/** MsgTierUndelegate; the completion time from tiersLastTime. */
export function tiersUndelegate(owner: u32, id: u64): i32 {
  tierBegin();
  return tierMessage(tierPositions.undelegatePosition(owner, id));
}
/** MsgWithdrawFromTier; the amount from tiersResult (first integer). */
export function tiersWithdraw(owner: u32, id: u64): i32 {
  tierBegin();
  return tierMessage(tierPositions.withdrawPosition(owner, id));
}
/** MsgExitTierWithDelegation; transferred amount, shares and full_exit from tiersResult. */
export function tiersExitWithDelegation(owner: u32, id: u64, amount: usize): i32 {
  tierBegin();
  return tierMessage(tierPositions.exitWithDelegation(owner, id, lo(amount), hi(amount)));
}
/** MsgClaimTierRewards for `count` u64 ids at `ids`; base and bonus totals from tiersResult. */
export function tiersClaim(owner: u32, ids: usize, count: i32): i32 {
  tierBegin();
  return tierMessage(tierPositions.claimRewards(owner, ids, count));
}
/** A deposit of `amount` from `from` into the rewards pool. */
export function tiersFundRewardsPool(from: u32, amount: usize): i32 {
  tierBegin();
  return tierMessage(tierPositions.fundRewardsPool(from, lo(amount), hi(amount)));
}
/** MsgAddTier (governance): exit duration in seconds, bonus APY (Dec) and minimum lock (integer) at pointers. */
export function tiersAddTier(id: u32, exitSeconds: u64, apy: usize, minLock: usize, closeOnly: i32): i32 {
  tierBegin();
  return tierMessage(tierPositions.addTier(id, exitSeconds, lo(apy), hi(apy), lo(minLock), hi(minLock), closeOnly != 0));
}
/** MsgUpdateTier (governance). */
export function tiersUpdateTier(id: u32, exitSeconds: u64, apy: usize, minLock: usize, closeOnly: i32): i32 {
  tierBegin();
  return tierMessage(tierPositions.updateTier(id, exitSeconds, lo(apy), hi(apy), lo(minLock), hi(minLock), closeOnly != 0));
}
/** MsgUpdateParams (governance): the target base rewards rate (Dec at the pointer), in [0, 1]. */
export function tiersSetTargetRate(rate: usize): i32 {
  tierBegin();
  return tierMessage(tierParams.setTargetRate(lo(rate), hi(rate)));
}
/** The target base rewards rate in force (Dec) to `dst`. */
export function tiersTargetRate(dst: usize): i32 {
  store<u64>(dst, load<u64>(ledgerBlock.ledgerParams + <usize>ledgerBlock.LP_TARGET_RATE));
  store<u64>(dst, load<u64>(ledgerBlock.ledgerParams + <usize>ledgerBlock.LP_TARGET_RATE, 8), 8);
  return OK;
}
/** Genesis `next_position_id` (before any position). */
export function tiersSetNextPositionId(id: u64): i32 {
  tierBegin();
  return tierMessage(tierParams.setNextPositionId(id));
}
/** MsgDeleteTier (governance). */
export function tiersDeleteTier(id: u32): i32 {
  tierBegin();
  return tierMessage(tierPositions.deleteTier(id));
}
export function tiersEventsPtr(): usize {
  return tierOut.eventsPtr();
}
export function tiersEventCount(): i32 {
  return tierOut.eventCount;
}
export function tiersLastPositionId(): u64 {
  return tierPositions.lastPositionId;
}
export function tiersLastTime(): i64 {
  return tierPositions.lastTime;
}
/** The last message's amounts: two integers (or integer, Dec) at `dst`, and a flag (full exit) as the result. */
export function tiersResult(dst: usize): i32 {
  store<u64>(dst, tierPositions.outALo);
  store<u64>(dst, tierPositions.outAHi, 8);
  store<u64>(dst, tierPositions.outBLo, 16);
  store<u64>(dst, tierPositions.outBHi, 24);
  return tierPositions.outFlag ? 1 : 0;
}
/** The two amounts quoted by the last error of codes 8, 9 and 12, at `dst`. */
export function tiersErrorAmounts(dst: usize): void {
  store<u64>(dst, tierPositions.errALo);
  store<u64>(dst, tierPositions.errAHi, 8);
  store<u64>(dst, tierPositions.errBLo, 16);
  store<u64>(dst, tierPositions.errBHi, 24);
}
/** A tier's record (layout: tier/state.ts T_*), or 0. */
export function tiersTierPtr(id: u32): usize {
  const s = tierState.tiers.find(<u64>id);
  return s < 0 ? 0 : tierState.tiers.ptr(<u32>s);
}
/** The tier ids, ascending, as u32s at `out`; returns the count. */
export function tiersTierIds(out: usize): i32 {
  let n = 0;
  const t = tierState.tiers;
  for (let s: u32 = 0; s < t.slotCount; s++) {
    if (!t.isLive(s)) continue;
    const id = <u32>load<u64>(t.ptr(s));
    let j = n;
    while (j > 0 && load<u32>(out + (<usize>(j - 1) << 2)) > id) {
      store<u32>(out + (<usize>j << 2), load<u32>(out + (<usize>(j - 1) << 2)));
      j--;
    }
    store<u32>(out + (<usize>j << 2), id);
    n++;
  }
  return n;
}
/** The position view (tier/queries.ts Q_*) at `out`. */
export function tiersPosition(id: u64, out: usize): i32 {
  return tierQueries.position(id, out);
}
/** Up to `limit` ids of a list (0 all, 1 by owner, 2 by tier) after `after - 1` (0: from the start) to `out`. */
export function tiersList(kind: i32, key: u64, after: u64, limit: i32, out: usize): i32 {
  return tierQueries.list(kind, key, after, limit, out);
}
/** The next page's `after` of the last tiersList (0: none). */
export function tiersListNextKey(): u64 {
  return tierQueries.nextKey;
}
export function tiersListCount(kind: i32, key: u64): u64 {
  return tierQueries.listCount(kind, key);
}
export function tiersNextPositionId(): u64 {
  const s = tierState.globals.find(0);
  return s < 0 ? 0 : load<u64>(tierState.globals.ptr(<u32>s) + <usize>tierState.G_NEXT_ID);
}
/** Bonus owed to `owner` (integer) to `dst`. */
export function tiersOwed(dst: usize, owner: u32): i32 {
  return put(dst, tierQueries.owed(owner));
}
/** Voting power (Dec) of an owner's positions to `dst`. */
export function tiersVotingPower(dst: usize, owner: u32): i32 {
  return put(dst, tierQueries.votingPower(1, owner));
}
/** Voting power (Dec) of all positions to `dst`. */
export function tiersTotalVotingPower(dst: usize): i32 {
  return put(dst, tierQueries.votingPower(0, 0));
}
/** Shares (Dec) of the positions on a bonded validator, deducted from its own vote in a tally, to `dst`. */
export function tiersDeductedShares(dst: usize, validator: u32): i32 {
  return put(dst, tierQueries.deductedShares(validator));
}
/** Base and bonus a claim of position `id` would pay now (two integers at `dst`), on a throw-away transaction. */
export function tiersEstimate(dst: usize, id: u64): i32 {
  tables.txBegin();
  const e = tierPositions.estimate(id);
  tables.txAbort();
  tierOut.resetEvents();
  if (e == OK) tiersResult(dst);
  return e;
}
/** Per validator: current event sequence (u64) and delegated positions (u64) at `out`. */
export function tiersValidatorData(validator: u32, out: usize): void {
  store<u64>(out, tierState.currentSeq(validator));
  store<u64>(out, tierState.delegatedCount(validator), 8);
}
/**
 * A validator's live event `seq` (ValidatorEvent) at `out`: height u64, time i64, type u32 (+4 pad),
 * tokens per share Dec (u128), reference count u64; 1 if found, 0 if not (replayed by every position).
 */
export function tiersValidatorEvent(validator: u32, seq: u64, out: usize): i32 {
  const s = tierState.validatorEvents.find(tierState.eventKey(validator, seq));
  if (s < 0) return 0;
  const p = tierState.validatorEvents.ptr(<u32>s);
  store<u64>(out, load<u64>(p + <usize>tierState.VE_HEIGHT));
  store<i64>(out, load<i64>(p + <usize>tierState.VE_TIME), 8);
  store<u32>(out, load<u32>(p + <usize>tierState.VE_TYPE), 16);
  store<u64>(out, load<u64>(p + <usize>tierState.VE_TPS), 24);
  store<u64>(out, load<u64>(p + <usize>tierState.VE_TPS, 8), 32);
  store<u64>(out, load<u64>(p + <usize>tierState.VE_REFS), 40);
  return 1;
}
/** Live validator events (all validators). */
export function tiersEventRecords(): u32 {
  return tierState.validatorEvents.size;
}
/** The positions' invariants: 0 if all hold, else a bit set (tier/queries.ts). O(state). */
export function tiersCheckInvariants(): i32 {
  return tierQueries.check();
}
