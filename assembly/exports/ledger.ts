// The ledger (ledger/*.ts): its parameters, genesis, bank, validators and the per-block loop;
// the restore of the derived state after the records were reloaded.

import { beginMessage } from "../ledger/out";
import { OK, ERR_INVALID_PARAMS } from "../errors";
import * as ledgerUnbonding from "../ledger/unbonding";
import * as emission from "../emission/emission";
import * as bank from "../ledger/bank";
import * as ledgerValidators from "../ledger/validators";
import * as ledgerGlobals from "../ledger/globals";
import * as ledgerBlock from "../ledger/block";
import * as ledgerValset from "../ledger/valset";
import * as restore from "../ledger/restore";
import * as tierParams from "../tier/params";
import { STATE_TOTAL_SUPPLY } from "../abi/emission-state";
import { U128_HIGH } from "../abi/operands";
import { lo, hi, put, store128 } from "./operands";

/** After the records: derived state (queues, ranking) and the emission position at `height`. */
export function ledgerRestore(height: u64, burned: usize): i32 {
  const e = restore.rebuild(height, burned);
  return e != OK ? e : tierParams.syncParams();
}
/** The ledger parameters record (abi/ledger-params.ts). */
export function ledgerParamsPtr(): usize {
  return ledgerBlock.ledgerParams;
}
export function ledgerConfigure(): i32 {
  const e = ledgerBlock.configure();
  if (e == OK) tierParams.noteConfigured();
  return e;
}
/** x/distribution's community tax (a Dec at `tax`) as governance set it. */
export function ledgerSetCommunityTax(tax: usize): i32 {
  return ledgerBlock.setCommunityTax(lo(tax), hi(tax));
}
/** x/staking's max_entries (at least 1) as governance set it: per pair, unbonding and redelegation entries. */
export function ledgerSetMaxEntries(n: u32): i32 {
  if (n == 0) return ERR_INVALID_PARAMS;
  ledgerUnbonding.setMaxEntries(n);
  return OK;
}
/** Staking params: max validators, tokens per unit of consensus power, unbonding time (ns). */
export function ledgerConfigureStaking(maxValidators: u32, powerReduction: u64, unbondingNs: i64): i32 {
  return ledgerValset.configureStaking(maxValidators, powerReduction, unbondingNs);
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
/** The validator's record (abi/validator.ts), or 0; valid until the next insert. */
export function ledgerValidatorPtr(id: u32): usize {
  const slot = ledgerValidators.validators.find(<u64>id);
  return slot < 0 ? 0 : ledgerValidators.validators.ptr(<u32>slot);
}
export function ledgerCommunityPool(dst: usize): i32 {
  store128(dst, ledgerGlobals.cellLo(ledgerGlobals.COMMUNITY_POOL), ledgerGlobals.cellHi(ledgerGlobals.COMMUNITY_POOL));
  return OK;
}
/** Total supply of the bond denom (the emission state's) to `dst`. */
export function ledgerTotalSupply(dst: usize): i32 {
  const st = emission.state + <usize>STATE_TOTAL_SUPPLY;
  store128(dst, load<u64>(st), load<u64>(st, U128_HIGH));
  return OK;
}
/** x/bank MsgSend (and the ante handler's fee) of the bond denom: atomic, checked first. */
export function ledgerSend(from: u32, to: u32, amount: usize): i32 {
  beginMessage();
  return bank.send(from, to, lo(amount), hi(amount));
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
  const st = emission.state + <usize>STATE_TOTAL_SUPPLY;
  const slo = load<u64>(st), shi = load<u64>(st, U128_HIGH);
  store128(st, slo - alo, shi - ahi - u64(slo < alo));
  return OK;
}
/** BeginBlock with the last commit's `count` votes (abi/vote.ts) at `votes`. */
export function ledgerBeginBlock(height: u64, timeNs: i64, votes: usize, count: i32): i32 {
  return ledgerBlock.beginBlock(height, timeNs, votes, count);
}
/** EndBlock: the validator-set update at (height, block time in unix ns). */
export function ledgerEndBlock(height: u64, timeNs: i64): i32 {
  return ledgerValset.endBlock(height, timeNs);
}
/** Run whole blocks (BeginBlock with the last set's votes, EndBlock) inside the core. */
export function ledgerAdvance(count: i32, startTimeNs: i64, blockTimeNs: i64): i32 {
  return ledgerBlock.advance(count, startTimeNs, blockTimeNs);
}
/** What the last BeginBlock minted, topped up and distributed (abi/block-outcome.ts). */
export function ledgerBlockOutcomePtr(): usize {
  return ledgerBlock.blockOutcome;
}
/** The next BeginBlock's votes (abi/vote.ts, as ledgerBeginBlock takes them) to `out`; the count. */
export function ledgerLastCommitVotes(out: usize): i32 {
  return ledgerValset.lastCommitVotes(out);
}
