// Amino-JSON signing against the real client: the sign doc's bytes equal CosmJS's, addresses of
// CosmJS keys and module accounts, secp256k1 verification (low S, 64 bytes), the txs host/app's
// verifyTx accepts (signed by CosmJS, `Secp256k1HdWallet.signAmino`, as Keplr signs), and the
// message registry.

import { suite } from "uvu";
import * as assert from "uvu/assert";
import {
  makeSignDoc as cosmjsMakeSignDoc,
  pubkeyToAddress,
  serializeSignDoc as cosmjsSerializeSignDoc,
  type AminoMsg as CosmjsAminoMsg,
  type StdFee as CosmjsStdFee,
  type StdSignDoc as CosmjsStdSignDoc,
} from "@cosmjs/amino";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { base64, hex } from "@scure/base";
import { MessageRegistry, validateAmino } from "../../host/app/registry.js";
import { bankModule } from "../../host/modules/bank/module.js";
import { msgSend, type MsgSend } from "../../host/modules/bank/messages.js";
import { MSG_SEND } from "../helpers/tx.js";
import { broadcastRequest } from "../../host/wire/amino/stdtx.js";
import { makeSignDoc, serializeSignDoc } from "../../host/wire/amino/sign-doc.js";
import { moduleAddress, pubKeyAddress, verifySecp256k1 } from "../../host/wire/keys.js";
import { verifyTx } from "../../host/app/ante/verify.js";
import { A, B, C, CHAIN_ID, GOV, alice, bob, carol, decodeTx, fixture, highS, rejectsTx, send, signed } from "../helpers/tx.js";

// --- sign doc ------------------------------------------------------------------------------------

const signDoc = suite("sign doc");

signDoc("bytes equal CosmJS serializeSignDoc, special characters and unicode in the memo", () => {
  const memos = [
    "",
    "plain",
    "<script>alert('x & y')</script> a>b<c &amp;",
    "unicode: é ü 日本語 🚀 \u2028 \u2029 \u0000 \"quoted\" \\ back\\slash \t tab",
    "lone surrogate \ud800 end",
  ];
  for (const memo of memos) {
    const msgs: CosmjsAminoMsg[] = [
      { type: "z/Msg", value: { zeta: "<>", alpha: { nested_b: [{ y: 1, x: "&" }], nested_a: true }, mid: null } },
      send(A, B),
    ];
    const fee: CosmjsStdFee = { gas: "1", amount: [{ amount: "1", denom: "basecro" }] };
    const theirs = cosmjsSerializeSignDoc(cosmjsMakeSignDoc(msgs, fee, "chain<&>", memo, 18446744073709551615n, 9));
    const ours = serializeSignDoc(makeSignDoc(msgs, fee, "chain<&>", memo, 18446744073709551615n, 9n));
    assert.equal(hex.encode(ours), hex.encode(theirs), memo);
  }
});

signDoc("sorted keys and escapes, literally", () => {
  const bytes = serializeSignDoc(makeSignDoc([{ type: "t", value: { b: "<", a: "&>" } }], { amount: [], gas: "0" }, "c", "", 1n, 2n));
  assert.is(
    new TextDecoder().decode(bytes),
    '{"account_number":"1","chain_id":"c","fee":{"amount":[],"gas":"0"},"memo":"",' +
      '"msgs":[{"type":"t","value":{"a":"\\u0026\\u003e","b":"\\u003c"}}],"sequence":"2"}',
  );
});

signDoc.run();

// --- keys ----------------------------------------------------------------------------------------

const keys = suite("keys");

keys("addresses of CosmJS keys (coin type 394, cro prefix)", () => {
  for (const acc of [alice!, bob!, carol!]) {
    assert.is(pubKeyAddress(acc.pubkey), acc.address);
    assert.is(pubKeyAddress(acc.pubkey), pubkeyToAddress({ type: "tendermint/PubKeySecp256k1", value: base64.encode(acc.pubkey) }, "cro"));
    assert.ok(acc.address.startsWith("cro1"));
  }
  assert.is(pubKeyAddress(alice!.pubkey, "tcro"), pubkeyToAddress({ type: "tendermint/PubKeySecp256k1", value: base64.encode(alice!.pubkey) }, "tcro"));
});

keys("module addresses are sha256(name)[:20] (REFERENCE §1)", () => {
  assert.is(moduleAddress("gov"), GOV);
  assert.is(moduleAddress("rewards_pool"), "cro1ag7qj65w7882kkn8nl7hnfvfqlemxwamd5g2pr");
  assert.is(moduleAddress("fee_collector"), "cro17xpfvakm2amg962yls6f84z3kell8c5lgztehv");
  assert.is(moduleAddress("distribution"), "cro1jv65s3grqf6v6jl3dp4t6c9t9rk99cd8lyv94w");
});

keys("verifySecp256k1: low S only, 64 bytes only", async () => {
  const body = await signed();
  const sig = base64.decode(body.tx.signatures[0].signature);
  const doc = serializeSignDoc(makeSignDoc(body.tx.msg, body.tx.fee, CHAIN_ID, "", 7n, 3n));
  assert.ok(verifySecp256k1(alice!.pubkey, doc, sig));
  const high = highS(sig);
  // The high-S twin is mathematically valid ECDSA, and refused all the same.
  assert.ok(secp256k1.verify(high, sha256(doc), alice!.pubkey, { prehash: false, lowS: false }));
  assert.not.ok(verifySecp256k1(alice!.pubkey, doc, high));
  assert.not.ok(verifySecp256k1(alice!.pubkey, doc, sig.slice(0, 63)));
  assert.not.ok(verifySecp256k1(bob!.pubkey, doc, sig));
  assert.not.ok(verifySecp256k1(new Uint8Array(33).fill(2), doc, sig)); // not a curve point
});

keys.run();

// --- accepted transactions -----------------------------------------------------------------------

const ok = suite("verifyTx accepts");

ok("a MsgSend signed by CosmJS: signer, messages, fee, memo, hash", async () => {
  const { ctx } = fixture();
  const body = await signed({ memo: "hello <&>" });
  const v = verifyTx(body, ctx);
  assert.is(v.signer, A);
  assert.equal(v.pubKey, alice!.pubkey);
  assert.is(v.accountNumber, 7n);
  assert.is(v.sequence, 3n);
  assert.is(v.memo, "hello <&>");
  assert.is(broadcastRequest(body).mode, "sync");
  assert.equal(v.fee, { amount: [{ denom: "basecro", amount: 5000n }], gas: 200000n });
  assert.is(v.msgs.length, 1);
  assert.is(v.msgs[0]!.type, MSG_SEND);
  assert.is(v.msgs[0]!.signer, A);
  assert.is(v.msgs[0]!.governance, false);
  assert.equal(validateAmino(ctx.registry.entryOfAmino(MSG_SEND)!, v.msgs[0]!.value, { prefix: "cro" }) as MsgSend, { fromAddress: A, toAddress: B, amount: [{ denom: "basecro", amount: 100n }] });
  // The hash: sha256 of the StdTx's canonical amino JSON, serialized here by CosmJS's own code.
  const canonical = cosmjsSerializeSignDoc(body.tx as unknown as CosmjsStdSignDoc);
  assert.is(v.txHash, hex.encode(sha256(canonical)).toUpperCase());
  assert.match(v.txHash, /^[0-9A-F]{64}$/);
});

ok("the same tx as text, bytes, bare StdTx or typed StdTx: one hash", async () => {
  const { ctx } = fixture();
  const body = await signed();
  const hash = verifyTx(body, ctx).txHash;
  assert.is(verifyTx(JSON.stringify(body, null, 2), ctx).txHash, hash);
  assert.is(verifyTx(new TextEncoder().encode(JSON.stringify(body)), ctx).txHash, hash);
  assert.is(verifyTx(body.tx, ctx).txHash, hash);
  assert.is(verifyTx({ tx: { type: "cosmos-sdk/StdTx", value: body.tx }, mode: "block" }, ctx).txHash, hash);
  assert.is(broadcastRequest({ tx: { type: "cosmos-sdk/StdTx", value: body.tx }, mode: "block" }).mode, "block");
  assert.is(broadcastRequest({ tx: body.tx }).mode, "sync");
  // Another signature of the same doc would be another tx; another sequence certainly is.
  const next = await signed({ sequence: 4 });
  assert.is.not(decodeTx(next).hash, hash);
});

ok("several messages of one signer, zero fee, memo of exactly 256 bytes, account 0 sequence 0", async () => {
  const { ctx } = fixture();
  const body = await signed({
    signer: B,
    accountNumber: 12,
    sequence: 0,
    msgs: [send(B, A), send(B, C, [{ denom: "abc", amount: "1" }, { denom: "basecro", amount: "2" }])],
    fee: { amount: [{ denom: "basecro", amount: "0" }], gas: "1" },
    memo: "é".repeat(128),
  });
  const v = verifyTx(body, ctx);
  assert.is(v.signer, B);
  assert.is(v.msgs.length, 2);
  assert.equal(v.fee.amount, [{ denom: "basecro", amount: 0n }]);
});

ok("uppercase bech32 signer is the same account", async () => {
  const { ctx } = fixture();
  const body = await signed({ msgs: [send(A.toUpperCase(), B)] });
  assert.is(verifyTx(body, ctx).signer, A);
});

ok.run();

// --- registry ------------------------------------------------------------------------------------

const reg = suite("registry");

reg("registers once, lists types, refuses empty names", () => {
  const r = new MessageRegistry([bankModule]);
  assert.equal(r.typeUrls(), ["/cosmos.bank.v1beta1.MsgSend", "/cosmos.bank.v1beta1.MsgMultiSend", "/cosmos.bank.v1beta1.MsgUpdateParams", "/cosmos.bank.v1beta1.MsgSetSendEnabled"]);
  assert.ok(r.has("/cosmos.bank.v1beta1.MsgSend"));
  assert.is(r.entryOfAmino(MSG_SEND)!.typeUrl, "/cosmos.bank.v1beta1.MsgSend");
  assert.throws(() => r.add(msgSend), /already registered/);
});

reg("a signer field that is not an address: invalid address (GetSigners, before any rule)", async () => {
  const { ctx } = fixture();
  const from = (address: string) => signed({ msgs: [send(address, B)] });
  rejectsTx(await from(""), ctx, "sdk", 7, "invalid signer from_address: empty address string is not allowed: invalid address");
  rejectsTx(
    await from("tcro1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq9dpzma"),
    ctx,
    "sdk",
    7,
    "invalid signer from_address: invalid Bech32 prefix; expected cro, got tcro: invalid address",
  );
  assert.is(verifyTx(await from(A), ctx).msgs[0]!.signer, A);
});

reg.run();
