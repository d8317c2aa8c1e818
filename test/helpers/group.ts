// x/group test helpers shared by test/modules/group/*: a typed event's attributes, a MsgSend as a
// proposal's Any.

import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import type { Any } from "cosmjs-types/google/protobuf/any";

/** The attributes of a tx_response's `cosmos.group.v1.<type>` event, by key. */
export const typed = (r: any, type: string) => Object.fromEntries((r.events.find((e: any) => e.type === `cosmos.group.v1.${type}`)?.attributes ?? []).map((a: any) => [a.key, a.value]));

/** A bank MsgSend of `amount` basecro as an Any (a group proposal's message). */
export const sendAny = (from: string, to: string, amount: bigint): Any =>
  ({ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: MsgSend.encode(MsgSend.fromPartial({ fromAddress: from, toAddress: to, amount: [{ denom: "basecro", amount: `${amount}` }] })).finish() });
