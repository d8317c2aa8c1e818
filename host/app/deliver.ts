// A tx in a block: the ante (fee and sequence, kept even when the messages fail), then every
// message in one store transaction, metered as the chain meters it (the modules' gas models: the SDK's
// KV-store schedule over the accesses its ante handler and keepers make): a failing message, or
// running out of gas, undoes the messages, as the SDK's cached context does; out of gas in the
// ante fails the tx before its fee and sequence. Simulate runs the same path on the check
// state and always undoes it. A passed proposal's messages run here too, all or none, x/gov signing.

import { ModuleAccount } from "../core/ledger.js";
import { GovErrors, SdkErrors, TxError } from "../wire/errors.js";
import { ACCOUNT_PREFIX } from "./genesis.js";
import { moduleAddress } from "../wire/keys.js";
import { decodeTx } from "../wire/amino/stdtx.js";
import { decodeTxKept } from "./decoded-txs.js";
import { txBytesHash } from "../wire/tx.js";
import { txMsgData } from "../wire/responses.js";
import type { ProposalMessage } from "../modules/gov/validate.js";
import type { Executor } from "../modules/gov/keeper.js";
import { typeUrlOfAmino } from "../wire/messages.js";
import { verifyDecodedTx, type VerifiedMsg, type VerifiedTx } from "./ante/verify.js";
import { outOfGasDetail, staticGas } from "../framework/gas.js";
import { OutOfGas, anteTxOf } from "./gas/tx-gas.js";
import { anteEvents, checkFeeDenoms, checkFeePayable, grantUse, txGas, verifyContext } from "./ante.js";
import type { GrantUse } from "../modules/feegrant/use.js";
import { messageFailure } from "../framework/handlers.js";
import { validateAmino } from "./registry.js";
import type { TxEvent } from "../framework/events.js";
import type { MessageOutcome, MsgResponse } from "../framework/context.js";
import type { AppState } from "./state.js";
import { SimulationError, type SimulationResult, type TxResult } from "../framework/types.js";
import { assertAllowed } from "../modules/circuit/keeper.js";

/**
 * DeliverTx of a tx CheckTx verified (the embedded mempool's): the fee and the sequence (ante),
 * then every message in one store transaction.
 */
export function deliver(s: AppState, tx: VerifiedTx, height: bigint, index: number, timeNs: bigint): TxResult {
  return execute(s, tx, height, index, timeNs, false);
}

/**
 * A tx a block carries that this node did not check into its mempool (a stored block on replay,
 * a block CometBFT decided): verified against the state its predecessors left, as at delivery;
 * one that fails there changes nothing and reports its error, size and signature gas.
 */
export function deliverDecided(s: AppState, tx: Uint8Array, height: bigint, index: number, timeNs: bigint): TxResult {
  let v: VerifiedTx;
  try {
    v = verifyDecodedTx(decodeTxKept(tx), verifyContext(s, false));
  } catch (e) {
    if (!(e instanceof TxError)) throw e;
    let gasWanted = 0n;
    let gasUsed = 0n;
    try {
      const d = decodeTxKept(tx);
      [gasWanted, gasUsed] = [d.fee.gas, staticGas(d.size, d.signatures.length)];
    } catch {
      // undecodable bytes: no fee, no gas
    }
    return { hash: txBytesHash(tx), height, index, code: e.code, codespace: e.codespace, rawLog: e.log, events: [], tx, timeNs, gasWanted, gasUsed, data: new Uint8Array() };
  }
  return execute(s, v, height, index, timeNs, false);
}

/**
 * POST /cosmos/tx/v1beta1/simulate (and the gRPC `Service/Simulate`): the tx run on the check
 * state (the last committed block plus the mempool's sequences) as the next block's, with no
 * signature check (wallets send empty signatures), no gas limit and no minimum gas price, as the
 * SDK's simulate mode; every change is undone after. Gas as the SDK counts it in simulate mode:
 * the tx's bytes plus, for each signer whose signature is empty, its account and the size of a
 * placeholder amino StdSignature (host/app/gas/ante.ts), then the same model as DeliverTx. Throws TxError.
 */
export function simulate(s: AppState, txBytes: Uint8Array): SimulationResult {
  const decoded = decodeTx(txBytes, { simulate: true });
  if (decoded.size > s.limits.maxTxBytes) {
    throw new TxError(SdkErrors.TxTooLarge, `tx bytes ${decoded.size} (max: ${s.limits.maxTxBytes})`);
  }
  const verified = verifyDecodedTx(decoded, { ...verifyContext(s, true), simulate: true });
  checkFeeDenoms(s, verified);
  checkFeePayable(s, verified.feePayer, s.bondFee(verified), s.mempool.owedFees(verified.feePayer));
  const r = execute(s, verified, s.last.height + 1n, 0, s.last.timeNs, true);
  if (r.code !== 0) throw new SimulationError(TxError.rendered(r.codespace, r.code, r.rawLog), r.gasUsed);
  return { gasWanted: verified.fee.gas, gasUsed: r.gasUsed, events: r.events, data: r.data };
}

/**
 * The ante (fee, sequence) and the messages of one tx. Simulating: one store transaction around
 * all of it, always undone, the signer's account restored, no gas limit.
 */
function execute(
  s: AppState, tx: VerifiedTx, height: bigint, index: number, timeNs: bigint, simulating: boolean,
): TxResult {
  const gasWanted = tx.fee.gas;
  const gasLimit = simulating ? (1n << 64n) - 1n : gasWanted;
  let gasUsed = 0n;
  const result = (code: number, codespace: string, rawLog: string, events: TxEvent[], data: Uint8Array = new Uint8Array()): TxResult => ({
    hash: tx.txHash, height, index, code, codespace, rawLog, events, tx: tx.bytes, timeNs, gasWanted, gasUsed, data,
  });
  const outOfGas = (e: OutOfGas) => new TxError(SdkErrors.OutOfGas, outOfGasDetail(e.descriptor, gasWanted, e.used));
  const x = s.core.exports;
  // x/feegrant's UseGrantedFees, before the fee (a refusal fails the tx as the ante does; simulating, the request)
  let grant: GrantUse | undefined;
  if (simulating) grant = grantUse(s, tx, timeNs, true);
  if (!simulating) {
    // The sequences again: a tx checked after an earlier one from the same signer that has since failed its fee.
    for (const signer of tx.signers) {
      const sequence = s.directory.account(signer.address)?.sequence;
      if (sequence !== signer.sequence) {
        const e = new TxError(SdkErrors.WrongSequence, `account sequence mismatch, expected ${sequence}, got ${signer.sequence}`);
        // Charged as a decided block's tx refused at verification is (deliverDecided): a replay
        // re-verifies it there, and must find the same gas.
        gasUsed = staticGas(tx.size, tx.signatureCount);
        return result(e.code, e.codespace, e.log, []);
      }
    }
    // The ante's circuit breaker again (x/circuit): a type an earlier tx of the block disabled; its Has checks charged.
    const off = tx.msgs.findIndex((m) => !s.circuit.isAllowed(m.typeUrl));
    if (off >= 0) {
      gasUsed = 1000n * BigInt(off + 1);
      return result(1, "undefined", "tx type not allowed", []);
    }
    // The allowance and the fee again: an earlier tx of the block may have spent what CheckTx counted on.
    try {
      grant = grantUse(s, tx, timeNs);
      checkFeePayable(s, tx.feePayer, s.bondFee(tx), 0n);
    } catch (e) {
      if (!(e instanceof TxError)) throw e;
      return result(e.code, e.codespace, e.log, []);
    }
  }
  const fee = s.bondFee(tx);
  // The ante handler's gas on the state before it: out of gas there fails the tx before its fee
  // and sequence, as the SDK's ante does.
  const gas = txGas(s, height, timeNs, gasLimit);
  try {
    gas.ante(anteTxOf(tx, fee, grant?.gas), simulating);
  } catch (e) {
    if (!(e instanceof OutOfGas)) throw e;
    gasUsed = e.used;
    const f = outOfGas(e);
    return result(f.code, f.codespace, f.log, []);
  }
  gasUsed = gas.consumed;
  // What an abort must restore beyond the core's records: the accounts created since here, and
  // (simulating) the signer's sequence.
  const accountsMark = s.directory.mark();
  const restoreSigners = simulating ? tx.signers.map((signer) => s.directory.saveAccount(signer.address)) : [];
  if (simulating) {
    x.storeTxBegin();
    s.txJournal.begin();
  }
  try {
    grant?.apply();
    const payer = s.directory.ensure(tx.feePayer);
    s.ledger.send(payer, ModuleAccount.feeCollector, fee);
    for (const signer of tx.signers) s.directory.bumpSequence(signer.address, signer.pubKey);
    const events = [...(grant?.events ?? []), ...anteEvents(s, tx, fee)];
    if (!simulating) {
      x.storeTxBegin();
      s.txJournal.begin();
    }
    const emitted: TxEvent[] = [];
    const responses: MsgResponse[] = [];
    const ctx = s.messageContext(tx.signer, height, timeNs);
    for (let i = 0; i < tx.msgs.length; i++) {
      const m = tx.msgs[i]!;
      let failed: TxError | undefined;
      try {
        const entry = m.entry;
        const typeUrl = m.typeUrl;
        let parsed: unknown;
        try {
          parsed = validated(s, m);
        } catch (err) {
          // refused by its server's stateless checks, before any store access: the router's charge only
          failed = messageFailure(err, i);
          gas.route(typeUrl);
          gasUsed = gas.consumed;
          throw failed;
        }
        // The message's keeper accesses, planned on the state before it runs, settled after (a
        // failed message is charged up to the check that failed it).
        const plan = gas.plan(typeUrl, entry.def.gas, parsed, ctx);
        s.meter.reset();
        let out: MessageOutcome | undefined;
        try {
          out = entry.def.handle(ctx, parsed);
        } catch (err) {
          failed = messageFailure(err, i);
        }
        gas.settle(plan, failed, () => s.meter.gas(), m.type);
        gasUsed = gas.consumed;
        if (failed || out === undefined) throw failed;
        for (const e of messageEventFirst(out.events)) emitted.push({ ...e, attributes: [...e.attributes, { key: "msg_index", value: `${i}`, index: true }] });
        responses.push(out.response);
      } catch (err) {
        if (err instanceof OutOfGas) gasUsed = err.used;
        if (!simulating) {
          x.storeTxAbort();
          s.txJournal.rollback();
          s.directory.rollbackTo(accountsMark);
        }
        const f = err instanceof OutOfGas ? outOfGas(err) : err === failed ? failed! : messageFailure(err, i);
        return result(f.code, f.codespace, f.log, events);
      }
    }
    if (!simulating) {
      x.storeTxCommit();
      s.txJournal.release();
    }
    return result(0, "", "", [...events, ...emitted], txMsgData(responses));
  } finally {
    if (simulating) {
      x.storeTxAbort();
      s.txJournal.rollback();
      s.directory.rollbackTo(accountsMark);
      for (const restore of restoreSigners) restore();
    }
  }
}

/**
 * A message's own rules, as its server checks them before it touches the store (no message the
 * node runs keeps a ValidateBasic in SDK v0.53, so none of this is CheckTx's): a governance
 * message's authority first (gov 13), then the registry's rule, which gives the handler its input.
 */
function validated(s: AppState, m: VerifiedMsg): unknown {
  if (m.governance) {
    const gov = s.genesis.gov.authority;
    if (m.signer !== gov) throw new TxError(GovErrors.InvalidSigner, `invalid authority; expected ${gov}, got ${m.signer}`);
  }
  if (m.invalid !== undefined) throw m.invalid;
  return m.parsed;
}

/** A passed proposal's messages, in order, signed by x/gov: all or none (the SDK's cached context). */
export function executeProposal(
  s: AppState, messages: readonly ProposalMessage[], height: bigint, timeNs: bigint,
): ReturnType<Executor> {
  const x = s.core.exports;
  const accountsMark = s.directory.mark();
  const ctx = s.messageContext(moduleAddress("gov", ACCOUNT_PREFIX), height, timeNs);
  x.storeTxBegin();
  s.txJournal.begin();
  const events: TxEvent[] = [];
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]!;
    try {
      const entry = s.registry.entryOfAmino(m.type);
      if (entry === undefined) throw new TxError(SdkErrors.UnknownRequest, `no handler for ${m.type}`);
      // A stored message its protobuf type cannot read fails the proposal as undecodable (sdk 2: registry.ts messageOfAmino).
      const parsed = validateAmino(entry, m.value, { prefix: ACCOUNT_PREFIX, messages: s.registry, amino: m.value });
      assertAllowed(s.circuit, entry.typeUrl); // the message router's circuit breaker
      for (const e of messageEventFirst(entry.def.handle(ctx, parsed).events)) events.push(e);
    } catch (err) {
      x.storeTxAbort();
      s.txJournal.rollback();
      s.directory.rollbackTo(accountsMark);
      // The proposal's failed_reason is the handler's error as it is (not the tx's "failed to execute message" form).
      const failure = messageFailure(err, i).log.replace(`failed to execute message; message index: ${i}: `, "");
      return { ok: false, error: failure, index: i, typeUrl: typeUrlOfAmino(m.type) ?? m.type };
    }
  }
  x.storeTxCommit();
  s.txJournal.release();
  return { ok: true, events };
}

/**
 * baseapp's order for a message's events: the `message` event naming its action (action, sender,
 * module) first, then the handler's (x/bank's own `message` events carry a sender alone).
 */
function messageEventFirst(events: TxEvent[]): TxEvent[] {
  const at = events.findIndex((e) => e.type === "message" && e.attributes.some((a) => a.key === "action"));
  if (at <= 0) return events;
  return [events[at]!, ...events.slice(0, at), ...events.slice(at + 1)];
}
