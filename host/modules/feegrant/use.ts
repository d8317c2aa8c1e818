// The ante's fee-granter path (x/auth/ante fee.go checkDeductFee over the keeper's UseGrantedFees):
// a tx whose fee.granter is set, and is not its fee payer, has the granter's allowance accept the
// fee and its messages at the block's time; the allowance is then updated (or removed when spent),
// and the fee is taken from the granter. A refusal is the allowance's error wrapped as
// `<granter> does not allow to pay fees for <payer>`, the two addresses as raw bytes (Go's %s of a
// []byte), which the RPC's JSON shows with U+FFFD for each byte that is not UTF-8.

import { event, type TxEvent } from "../../framework/events.js";
import type { Sim } from "../../framework/gas/sim.js";
import { accountAddressBytes } from "../../wire/address.js";
import { TxError } from "../../wire/errors.js";
import type { Coin } from "../../wire/coins.js";
import { accept, expiresAt } from "./allowance.js";
import { Feegrant, notFound } from "./keeper.js";
import { allowanceKeyLen, queueKeyLen } from "./gas.js";

export interface GrantUse {
  /** The keeper's events, in its order (use_feegrant, then update_feegrant; or revoke_feegrant, use_feegrant). */
  readonly events: TxEvent[];
  /** The allowance's change (journaled by the keeper). */
  apply(): void;
  /** Its gas, in the ante at DeductFeeDecorator (the store reads and writes, AllowedMsgAllowance's 10 per message). */
  gas(k: Sim): void;
}

/** Text of bytes as Go's encoding/json renders a string holding them: each byte that is not UTF-8 becomes U+FFFD. */
export function goBytesText(bytes: Uint8Array): string {
  let out = "";
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const need = b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
    if (need === 0) {
      out += String.fromCharCode(b);
      i++;
      continue;
    }
    let cp = need === 1 ? b & 0x1f : need === 2 ? b & 0x0f : b & 0x07;
    let ok = need > 0;
    for (let j = 1; ok && j <= need; j++) {
      const c = bytes[i + j];
      if (c === undefined || (c & 0xc0) !== 0x80) ok = false;
      else cp = (cp << 6) | (c & 0x3f);
    }
    // overlong, surrogate and out-of-range forms are invalid (Go's utf8.DecodeRune)
    if (ok && ((need === 2 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) || (need === 3 && (cp < 0x10000 || cp > 0x10ffff)))) ok = false;
    if (!ok) {
      out += "\ufffd";
      i++;
      continue;
    }
    out += String.fromCodePoint(cp);
    i += need + 1;
  }
  return out;
}

/**
 * UseGrantedFees(granter, payer, fee, msgs) at `nowNs`: what it changes, emits and costs; throws
 * the wrapped TxError when the allowance is absent or refuses. `waiting`: at CheckTx, the txs in the
 * mempool this allowance pays, used first (the SDK's check state has their use).
 */
export function useGrantedFees(
  keeper: Feegrant, prefix: string, granter: string, payer: string, fee: readonly Coin[], typeUrls: readonly string[], nowNs: bigint,
  waiting: readonly { fee: readonly Coin[]; typeUrls: readonly string[] }[] = [],
): GrantUse {
  const wrap = (e: TxError) => {
    const text = (a: string) => goBytesText(accountAddressBytes(a, prefix));
    return new TxError({ ...e.kind, description: `${text(granter)} does not allow to pay fees for ${text(payer)}: ${e.log}` });
  };
  let grant = keeper.get(granter, payer);
  // CheckTx: the allowance as the txs waiting in the mempool, which it pays, will have left it
  for (const w of waiting) {
    if (grant === undefined) break;
    const used = accept(grant.allowance, w.fee, w.typeUrls, nowNs);
    grant = used.error || used.remove ? undefined : { ...grant, allowance: used.updated };
  }
  if (grant === undefined) throw wrap(notFound());
  const a = accept(grant.allowance, fee, typeUrls, nowNs);
  if (a.error) throw wrap(a.error);
  const keyLen = allowanceKeyLen(granter, payer);
  const before = Feegrant.grantBytes(grant);
  const pair = { granter, grantee: payer };
  if (a.remove) {
    return {
      events: [event("revoke_feegrant", pair), event("use_feegrant", pair)],
      apply: () => void keeper.revoke(granter, payer),
      gas: (k) => {
        k.meter.get("feegrant", keyLen, before, "UseGrantedFees: GetAllowance");
        k.meter.charge(a.gas, "check msg");
        k.meter.get("feegrant", keyLen, before, "revokeAllowance: GetAllowance");
        k.meter.del("feegrant", keyLen, "revokeAllowance");
        if (expiresAt(grant.allowance) !== undefined) k.meter.del("feegrant", queueKeyLen(granter, payer), "revokeAllowance: queue");
      },
    };
  }
  const after = Feegrant.grantBytes({ ...grant, allowance: a.updated });
  return {
    events: [event("use_feegrant", pair), event("update_feegrant", pair)],
    apply: () => keeper.update(granter, payer, a.updated),
    gas: (k) => {
      k.meter.get("feegrant", keyLen, before, "UseGrantedFees: GetAllowance");
      if (a.gas > 0n) k.meter.charge(a.gas, "check msg");
      k.meter.get("feegrant", keyLen, before, "UpdateAllowance: getGrant");
      k.meter.set("feegrant", keyLen, after, "UpdateAllowance");
    },
  };
}
