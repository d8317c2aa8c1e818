// `npm run bench -- decode`: what a tx of proposals nested N deep costs to decode (issue 23: a
// 16-deep proposal once took 12 s of the event loop). For N = 5 … 1,000: the tx's bytes and the
// median time of decodeTxBytes (the CheckTx and broadcast path's decoder), beside a one-message
// MsgSend tx decoded in the same run (the floor). Past the SDK's depth bound (10 nested Anys) the
// tx is refused after the same amount of work, so the time stays flat however deep it goes.

import { AuthInfo, TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { MsgSubmitProposal } from "cosmjs-types/cosmos/gov/v1/tx";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import type { Any } from "cosmjs-types/google/protobuf/any";
import { decodeTxBytes } from "../host/wire/tx.js";
import { loadAverage, median, progressOf } from "./stats.js";

const RUNS = 9;
const REPEAT = 200;
const DEPTHS = [5, 10, 11, 12, 16, 18, 50, 100, 200, 500, 1000];

function nested(n: number): Any {
  let any: Any = { typeUrl: "/cosmos.gov.v1.MsgSubmitProposal", value: MsgSubmitProposal.encode(MsgSubmitProposal.fromPartial({ proposer: "cro1x", title: "t", summary: "s" })).finish() };
  for (let i = 1; i < n; i++) {
    any = { typeUrl: "/cosmos.gov.v1.MsgSubmitProposal", value: MsgSubmitProposal.encode(MsgSubmitProposal.fromPartial({ messages: [any], proposer: "cro1x", title: "t", summary: "s" })).finish() };
  }
  return any;
}

function txOf(message: Any): Uint8Array {
  const body = TxBody.encode(TxBody.fromPartial({ messages: [message] })).finish();
  return TxRaw.encode(TxRaw.fromPartial({ bodyBytes: body, authInfoBytes: AuthInfo.encode(AuthInfo.fromPartial({})).finish(), signatures: [] })).finish();
}

/** Median microseconds per decode of `tx` (refusals included: they are the answer). */
function timeDecode(tx: Uint8Array): number {
  const once = () => {
    try {
      decodeTxBytes(tx);
    } catch {
      // refused: sdk 2 past the depth bound, or no signatures (the ante's job, not timed here)
    }
  };
  for (let i = 0; i < 20; i++) once();
  const samples: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const t = performance.now();
    for (let i = 0; i < REPEAT; i++) once();
    samples.push(((performance.now() - t) * 1000) / REPEAT);
  }
  return median(samples);
}

export async function decodeMain(): Promise<number> {
  const progress = progressOf("decode");
  progress(`load ${loadAverage()}`);
  const send = txOf({ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: MsgSend.encode(MsgSend.fromPartial({ fromAddress: "cro1a", toAddress: "cro1b", amount: [{ denom: "basecro", amount: "1" }] })).finish() });
  const floor = timeDecode(send);
  console.log(`decode: a tx of one MsgSend (${send.length} bytes): ${floor.toFixed(1)} µs (median of ${RUNS} x ${REPEAT}); load ${loadAverage()}`);
  console.log("  nested proposals N   tx bytes   decode µs   x MsgSend");
  for (const n of DEPTHS) {
    const tx = txOf(nested(n));
    const us = timeDecode(tx);
    console.log(`  ${`${n}`.padStart(19)}   ${`${tx.length}`.padStart(8)}   ${us.toFixed(1).padStart(9)}   ${(us / floor).toFixed(1).padStart(9)}`);
  }
  return 0;
}
