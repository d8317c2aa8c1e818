// x/bank's msg-server checks of MsgMultiSend, MsgUpdateParams and MsgSetSendEnabled (SDK v0.53,
// x/bank/keeper/msg_server.go, types/inputs_outputs.go), their order, codes and texts: what a
// failing message's log says after `failed to execute message; message index: i: `.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { create } from "@bufbuild/protobuf";
import { MsgMultiSendSchema, MsgSetSendEnabledSchema, MsgUpdateParamsSchema } from "../../../host/wire/gen/cosmos/bank/v1beta1/tx_pb.js";
import { msgMultiSend } from "../../../host/modules/bank/multisend.js";
import { msgSetSendEnabled, msgUpdateParams } from "../../../host/modules/bank/params.js";
import { TxError } from "../../../host/wire/errors.js";

const ctx = { prefix: "cro" };
const A = "cro1ermmn3qz3l6rrmd2nrnz3g6ycqyq5av7h5d9r0";
const B = "cro16z2zpgn7dcms5tyhfxx3pdkwklu4u5zseerzsj";
const GOV = "cro10d07y265gmmuvt4z0w9aw880jnsr700jzemu2z";
const coins = (amount: string, denom = "basecro") => [{ denom, amount }];

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (e) {
    if (e instanceof TxError) return `${e.codespace} ${e.code} ${e.log}`;
    throw e;
  }
  return "accepted";
}

const multi = (inputs: { address: string; coins: { denom: string; amount: string }[] }[], outputs: typeof inputs) =>
  refusal(() => msgMultiSend.validate(create(MsgMultiSendSchema, { inputs, outputs }), ctx));

test("MsgMultiSend: no inputs, several, no outputs, each input/output's ValidateBasic, then the sums", () => {
  assert.is(multi([], [{ address: B, coins: coins("1") }]), "bank 2 no inputs to send transaction");
  assert.is(multi([{ address: A, coins: coins("1") }, { address: A, coins: coins("1") }], []), "bank 9 multiple senders not allowed");
  assert.is(multi([{ address: A, coins: coins("1") }], []), "bank 3 no outputs to send transaction");
  assert.match(multi([{ address: "cro1bad", coins: coins("1") }], [{ address: B, coins: coins("1") }]), /^sdk 7 invalid input address: /);
  assert.is(multi([{ address: A, coins: coins("0") }], [{ address: B, coins: coins("0") }]), "sdk 10 0basecro: invalid coins");
  assert.is(multi([{ address: A, coins: [] }], [{ address: B, coins: coins("1") }]), "sdk 10 : invalid coins");
  assert.match(multi([{ address: A, coins: coins("2") }], [{ address: "x", coins: coins("2") }]), /^sdk 7 invalid output address: /);
  assert.is(multi([{ address: A, coins: coins("2") }], [{ address: B, coins: coins("1") }]), "bank 4 sum inputs != sum outputs");
  assert.is(multi([{ address: A, coins: [...coins("1", "aaa"), ...coins("2")] }], [{ address: B, coins: coins("2") }, { address: A, coins: coins("1", "aaa") }]), "accepted");
});

test("MsgUpdateParams: send_enabled in the params is refused (a plain error), default_send_enabled taken", () => {
  const v = (params: object) => refusal(() => msgUpdateParams.validate(create(MsgUpdateParamsSchema, { authority: GOV, params }), ctx));
  assert.is(v({ sendEnabled: [{ denom: "stake", enabled: true }], defaultSendEnabled: true }), "undefined 1 use of send_enabled in params is no longer supported");
  assert.equal(msgUpdateParams.validate(create(MsgUpdateParamsSchema, { authority: GOV, params: { defaultSendEnabled: false } }), ctx), { authority: GOV, defaultSendEnabled: false });
});

test("MsgSetSendEnabled: duplicates, then each denom, then use_default_for (sdk 18)", () => {
  const v = (sendEnabled: { denom: string; enabled: boolean }[], useDefaultFor: string[] = []) =>
    refusal(() => msgSetSendEnabled.validate(create(MsgSetSendEnabledSchema, { authority: GOV, sendEnabled, useDefaultFor }), ctx));
  assert.is(v([{ denom: "stake", enabled: false }, { denom: "stake", enabled: true }]), 'sdk 18 duplicate denom entries found for "stake": invalid request');
  assert.is(v([{ denom: "1x", enabled: false }]), 'sdk 18 invalid SendEnabled denom "1x": invalid denom: 1x: invalid request');
  assert.is(v([], ["st"]), 'sdk 18 invalid UseDefaultFor denom "st": invalid denom: st: invalid request');
  assert.is(v([{ denom: "stake", enabled: false }], ["stake"]), "accepted");
});

test.run();
