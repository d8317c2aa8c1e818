// One IBC message as a lone chain answers it: decoded, its signer, ValidateBasic at CheckTx, then in
// the block the refusal ibc-go gives on a chain that holds nothing the message names, charged the
// store reads ibc-go makes before it fails (each a read of a key absent here).

import type { DescMessage, MessageShape } from "@bufbuild/protobuf";
import { message, type AppMessage } from "../../framework/message.js";
import type { MessageContext } from "../../framework/context.js";
import type { ValidateContext } from "../../framework/module.js";
import type { Sim } from "../../framework/gas/sim.js";
import type { TxError } from "../../wire/errors.js";
import { signerField } from "./rules.js";

/** A store read ibc-go makes before it fails: its store and key, and the value's length (0: absent). */
export interface Read {
  readonly store: string;
  readonly key: string;
  readonly value?: number;
  /** A Has (flat cost) rather than a Get. */
  readonly has?: boolean;
  /** A Set of a value `value` bytes long (undone with the failed message, but charged). */
  readonly write?: boolean;
}

export interface RefusalSpec<D extends DescMessage> {
  readonly schema: D;
  /** The field `cosmos.msg.v1.signer` names. */
  readonly signer: (m: MessageShape<D>) => string;
  /** ValidateBasic (CheckTx): throws TxError. */
  readonly check?: (m: MessageShape<D>, ctx: ValidateContext) => void;
  /** The msg server's refusal on a lone chain. */
  readonly fail: (m: MessageShape<D>, ctx: MessageContext) => TxError;
  /** The reads before it. */
  readonly reads?: (m: MessageShape<D>, ctx: MessageContext) => readonly Read[];
}

const bytes = (s: string) => Buffer.byteLength(s, "utf8");

export function refusal<D extends DescMessage>(spec: RefusalSpec<D>): AppMessage<D, MessageShape<D>> {
  return message({
    refusesAll: true,
    schema: spec.schema,
    signer: signerField(spec.signer),
    validateBasic: true,
    validate: (m, ctx) => {
      spec.check?.(m, ctx);
      return m;
    },
    handle: (ctx, m) => {
      throw spec.fail(m, ctx);
    },
    gas: (k: Sim, m, ctx: MessageContext) => {
      for (const r of spec.reads?.(m, ctx) ?? []) {
        if (r.write) k.meter.set(r.store, bytes(r.key), r.value ?? 0, r.key);
        else if (r.has) k.meter.has(r.store, bytes(r.key), r.key);
        else k.meter.get(r.store, bytes(r.key), r.value ?? 0, r.key);
      }
      const e = spec.fail(m, ctx);
      k.check(`${e.codespace}:${e.code}`, true);
    },
  });
}
