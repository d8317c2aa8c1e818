// x/authz's pure parts against the SDK v0.53 sources' behaviour: Accept of each authorization (the
// verdict, the error texts, the 10-gas list steps), ValidateBasic, the store keys and their time
// bytes, a store key as Go's encoding/json prints `string(key)`, and a message as Go's `%v` prints it.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { create } from "@bufbuild/protobuf";
import { MsgSendSchema } from "../../../host/wire/gen/cosmos/bank/v1beta1/tx_pb.js";
import { MsgDelegateSchema } from "../../../host/wire/gen/cosmos/staking/v1beta1/tx_pb.js";
import { AuthorizationType } from "../../../host/wire/gen/cosmos/staking/v1beta1/authz_pb.js";
import { accept, decodeAuthorization, encodeAuthorization, msgTypeUrl, validateAuthorization, type Authorization } from "../../../host/modules/authz/authorizations.js";
import { formatTimeBytes, goBytesText, grantKey, queueKey } from "../../../host/modules/authz/keys.js";
import { compactText } from "../../../host/modules/authz/text.js";
import { TxError } from "../../../host/wire/errors.js";

const failure = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    if (e instanceof TxError) return `${e.codespace} ${e.code} ${e.log}`;
    throw e;
  }
  return "no error";
};
const steps = () => {
  const charged: bigint[] = [];
  return { charged, charge: (gas: bigint) => void charged.push(gas) };
};
const coin = (amount: bigint, denom = "basecro") => ({ denom, amount });

test("SendAuthorization: the spend limit shrinks, is deleted at zero; above it sdk 5; outside the allow list sdk 4 after a step per entry", () => {
  const a: Authorization = { kind: "send", spendLimit: [coin(100n)], allowList: ["cro1a", "cro1b"] };
  const s = steps();
  assert.equal(accept(a, { kind: "send", toAddress: "cro1b", amount: [coin(40n)] }, s.charge), { outcome: "update", updated: { kind: "send", spendLimit: [coin(60n)], allowList: ["cro1a", "cro1b"] } });
  assert.equal(s.charged, [10n, 10n]);
  assert.equal(accept(a, { kind: "send", toAddress: "cro1a", amount: [coin(100n)] }, () => {}), { outcome: "delete" });
  assert.is(failure(() => accept(a, { kind: "send", toAddress: "cro1a", amount: [coin(101n)] }, () => {})), "sdk 5 requested amount is more than spend limit: insufficient funds");
  assert.is(failure(() => accept(a, { kind: "send", toAddress: "cro1a", amount: [coin(1n, "other")] }, () => {})), "sdk 5 requested amount is more than spend limit: insufficient funds");
  assert.is(failure(() => accept(a, { kind: "send", toAddress: "cro1c", amount: [coin(1n)] }, () => {})), "sdk 4 cannot send to cro1c address: unauthorized");
});

test("StakeAuthorization: max tokens shrink (no max: rewritten as it is); above them the unregistered negative-coin error; deny list sdk 4", () => {
  const allow: Authorization = { kind: "stake", type: AuthorizationType.DELEGATE, allow: ["v1"], maxTokens: coin(100n) };
  assert.equal(accept(allow, { kind: "stake", validator: "v1", amount: coin(30n) }, () => {}), { outcome: "update", updated: { ...allow, maxTokens: coin(70n) } });
  assert.equal(accept(allow, { kind: "stake", validator: "v1", amount: coin(100n) }, () => {}), { outcome: "delete" });
  assert.is(failure(() => accept(allow, { kind: "stake", validator: "v1", amount: coin(510n) }, () => {})), "undefined 1 negative coin amount: -410basecro");
  assert.is(failure(() => accept(allow, { kind: "stake", validator: "v2", amount: coin(1n) }, () => {})), "sdk 4 cannot delegate/undelegate to v2 validator: unauthorized");
  const deny: Authorization = { kind: "stake", type: AuthorizationType.UNDELEGATE, deny: ["v1", "v2"] };
  const s = steps();
  assert.is(failure(() => accept(deny, { kind: "stake", validator: "v2", amount: coin(1n) }, s.charge)), "sdk 4 cannot delegate/undelegate to v2 validator: unauthorized");
  assert.equal(s.charged, [10n, 10n]);
  assert.equal(accept(deny, { kind: "stake", validator: "v3", amount: coin(5n) }, () => {}), { outcome: "update", updated: deny });
  assert.is(msgTypeUrl(deny), "/cosmos.staking.v1beta1.MsgUndelegate");
});

test("ValidateBasic and the stored Any: the SDK's texts; an authorization's bytes decode back to it", () => {
  assert.is(failure(() => validateAuthorization({ kind: "generic", msg: "" })), "undefined 1 msg type cannot be empty");
  assert.is(failure(() => validateAuthorization({ kind: "send", spendLimit: [], allowList: [] })), "sdk 10 spend limit cannot be nil: invalid coins");
  assert.is(failure(() => validateAuthorization({ kind: "send", spendLimit: [coin(1n)], allowList: ["a", "a"] })), "bank 8 duplicate entry");
  assert.is(failure(() => validateAuthorization({ kind: "stake", type: AuthorizationType.UNSPECIFIED })), "authz 4 unknown authorization type");
  assert.is(failure(() => validateAuthorization({ kind: "stake", type: AuthorizationType.DELEGATE, maxTokens: coin(-1n) })), "authz 12 negative coin amount: -1basecro: max tokens should be positive");
  const a: Authorization = { kind: "stake", type: AuthorizationType.REDELEGATE, deny: ["v1"], maxTokens: coin(7n) };
  assert.equal(decodeAuthorization(encodeAuthorization(a)), a);
  assert.match(failure(() => decodeAuthorization({ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: new Uint8Array() })), "sdk 2 no concrete type registered for type URL /cosmos.bank.v1beta1.MsgSend");
});

test("store keys: 0x01|len|granter|len|grantee|type URL; the queue's 29-byte time; a key as Go's JSON prints it", () => {
  const granter = new Uint8Array(20).fill(0xff);
  const grantee = Uint8Array.from({ length: 20 }, (_, i) => i + 0x41);
  const key = grantKey(granter, grantee, "/x");
  assert.is(key.length, 1 + 21 + 21 + 2);
  assert.equal([key[0], key[1], key[22]], [1, 20, 20]);
  assert.is(formatTimeBytes(1_795_876_721_500_000_000n), "2026-11-28T14:38:41.500000000");
  assert.is(queueKey(0n, granter, grantee).length, 1 + 29 + 21 + 21);
  // 0xff bytes are invalid UTF-8: one U+FFFD each; control bytes and ASCII as they are
  assert.is(goBytesText(key), `\u0001\u0014${"\ufffd".repeat(20)}\u0014ABCDEFGHIJKLMNOPQRST/x`);
  assert.is(goBytesText(Uint8Array.of(0xe2, 0x82, 0xac, 0xf0, 0x9f)), "€\ufffd\ufffd");
});

test("a message as Go's %v prints it (proto.CompactTextString)", () => {
  const send = create(MsgSendSchema, { fromAddress: "cro1a", toAddress: "cro1b", amount: [{ denom: "basecro", amount: "5" }, { denom: "x", amount: "1" }] });
  assert.is(compactText(MsgSendSchema, send), 'from_address:"cro1a" to_address:"cro1b" amount:<denom:"basecro" amount:"5" > amount:<denom:"x" amount:"1" > ');
  const d = create(MsgDelegateSchema, { delegatorAddress: "é\n", validatorAddress: "", amount: { denom: "basecro", amount: "1" } });
  assert.is(compactText(MsgDelegateSchema, d), 'delegator_address:"\\303\\251\\n" amount:<denom:"basecro" amount:"1" > ');
});

test.run();
