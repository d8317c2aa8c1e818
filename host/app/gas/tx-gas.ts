// One transaction's gas as the chain meters it: the ante handler, then per message the router's
// circuit check and its keepers' accesses (the message's model, run on the state before the
// message), settled against the limit once the handler has run: a failed message is charged up
// to the check that failed it, and past the limit the tx stops at the first charge that crosses it.

import { GasMeter, OutOfGas, type Access } from "../../framework/gas/meter.js";
import { ModelStop, Sim, type BlockInfo } from "../../framework/gas/sim.js";
import { ante, routeMessage, type AnteTx } from "./ante.js";
import type { NodeView } from "../../framework/gas/view.js";
import type { GasModel } from "../../framework/module.js";
import type { MessageContext } from "../../framework/context.js";

export { OutOfGas };

/** Tests and docs/gas.md: when set, every metered access of every tx is passed here. */
export const gasTrace: { sink?: (accesses: readonly Access[]) => void } = {};

/** A message's planned charges: every ConsumeGas of its model, with the gas consumed after each. */
export interface MessagePlan {
  /** Charges (amount, descriptor) in order, the circuit check's first. */
  charges: { amount: bigint; descriptor: string; after: bigint }[];
  /** Whether a model priced the message (else the old meter prices what follows the circuit check). */
  modeled: boolean;
  /** Gas consumed when the handler started (after the circuit check). */
  start: bigint;
  checkpoints: { code: string; gas: bigint; fails: boolean }[];
  trace?: Access[];
  /** Gas consumed before the message. */
  begin: bigint;
}

/** A meter that records its charges (an infinite one: the limit is applied when settling). */
class RecordingMeter extends GasMeter {
  protected override lumps = false;
  readonly charges: { amount: bigint; descriptor: string; after: bigint }[] = [];
  override consume(amount: bigint, descriptor: string): void {
    super.consume(amount, descriptor);
    this.charges.push({ amount, descriptor, after: this.consumed });
  }
}

export class TxGas {
  readonly meter: GasMeter;

  constructor(
    private readonly view: NodeView,
    private readonly block: BlockInfo,
    limit: bigint,
  ) {
    this.meter = new GasMeter(limit);
  }

  get consumed(): bigint {
    return this.meter.consumed;
  }

  /**
   * The ante handler (throws OutOfGas: the tx fails before its fee and sequence). A check that
   * fails in it (a fee the payer cannot cover) ends it: the node's own checks refuse the tx.
   */
  ante(tx: AnteTx, simulate: boolean): void {
    if (gasTrace.sink) this.meter.trace = [];
    try {
      ante(new Sim(this.view, this.meter, this.block), tx, simulate);
    } catch (e) {
      if (!(e instanceof ModelStop)) throw e;
    } finally {
      if (this.meter.trace) gasTrace.sink?.(this.meter.trace);
    }
  }

  /** A message its server refuses before any store access (its stateless checks): the router's charge alone. Throws OutOfGas. */
  route(typeUrl: string): void {
    routeMessage(new Sim(this.view, this.meter, this.block), typeUrl);
  }

  /** Before a message's handler runs: its model's charges on the state as it is. */
  plan<T>(typeUrl: string, model: GasModel<T> | undefined, msg: T, ctx: MessageContext): MessagePlan {
    return this.planWith(typeUrl, model === undefined ? undefined : (k) => model(k, msg, ctx));
  }

  private planWith(typeUrl: string, run: ((k: Sim) => void) | undefined): MessagePlan {
    const recorder = new RecordingMeter();
    recorder.consumed = this.meter.consumed;
    if (gasTrace.sink) recorder.trace = [];
    const k = new Sim(this.view, recorder, this.block);
    routeMessage(k, typeUrl);
    const begin = this.meter.consumed;
    const start = recorder.consumed;
    const route = [...recorder.charges];
    if (run === undefined) return { begin, start, checkpoints: [], charges: route, modeled: false };
    try {
      run(k);
    } catch (e) {
      if (!(e instanceof ModelStop)) return { begin, start, checkpoints: [], charges: route, modeled: false }; // a state the model does not know
    }
    return { begin, start, checkpoints: k.checkpoints, charges: recorder.charges, modeled: true, trace: recorder.trace };
  }

  /**
   * After the handler: charge the plan up to where the message ended (all of it, or the check its
   * error names), or `storeGas` for a message without a model. Throws OutOfGas past the limit.
   */
  settle(plan: MessagePlan, failure: { codespace: string; code: number } | undefined, storeGas: () => bigint, where: string): void {
    if (!plan.modeled) {
      for (const c of plan.charges) this.meter.consume(c.amount, c.descriptor);
      this.meter.consume(storeGas(), where);
      return;
    }
    let end = plan.charges.length ? plan.charges[plan.charges.length - 1]!.after : plan.start;
    if (failure !== undefined) {
      const code = `${failure.codespace}:${failure.code}`;
      const at = plan.checkpoints.find((c) => c.code === code && c.fails) ?? plan.checkpoints.find((c) => c.code === code);
      end = at?.gas ?? plan.start;
    }
    try {
      for (const c of plan.charges) {
        if (c.after > end) break;
        this.meter.consume(c.amount, c.descriptor);
      }
    } finally {
      if (plan.trace) this.report(plan.trace, plan.begin, this.meter.consumed);
    }
  }

  /** The accesses begun before `to` (the last one as far as it was charged), to the trace's sink. */
  private report(trace: readonly Access[], from: bigint, to: bigint): void {
    const out: Access[] = [];
    let at = from;
    for (const a of trace) {
      if (at >= to) break;
      out.push(at + a.gas > to ? { ...a, gas: to - at } : a);
      at += a.gas;
    }
    gasTrace.sink?.(out);
  }
}

/** What the ante handler's gas depends on, from a verified tx and the fee it pays in the bond denom. */
export function anteTxOf(
  tx: { msgs: readonly { typeUrl: string }[]; memo: string; size: number; feePayer: string; signers: readonly { address: string; pubKey: Uint8Array; sequence: bigint; signature: string }[] },
  fee: bigint,
  grant?: AnteTx["grant"],
): AnteTx {
  return {
    ...(grant ? { grant } : {}),
    typeUrls: tx.msgs.map((m) => m.typeUrl), memo: tx.memo, size: tx.size, feePayer: tx.feePayer, fee,
    signers: tx.signers.map((s) => ({ address: s.address, pubKey: s.pubKey, sequence: s.sequence, emptySignature: s.signature === "" })),
  };
}
