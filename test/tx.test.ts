// Amino-JSON signed transactions against the real client: keys derived and transactions signed by
// CosmJS (`Secp256k1HdWallet.signAmino`, as Keplr signs), verified by host/tx. Every rejection is
// checked for its exact codespace, code and log.

import { suite } from "uvu";
import * as assert from "uvu/assert";
import {
  Secp256k1HdWallet,
  makeSignDoc as cosmjsMakeSignDoc,
  makeStdTx,
  pubkeyToAddress,
  serializeSignDoc as cosmjsSerializeSignDoc,
  type AminoMsg as CosmjsAminoMsg,
  type StdFee as CosmjsStdFee,
  type StdSignDoc as CosmjsStdSignDoc,
} from "@cosmjs/amino";
import { stringToPath } from "@cosmjs/crypto";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { base64, hex } from "@scure/base";
import { MSG_SEND, MessageRegistry, registerBankMessages, type MsgSend } from "../host/app/registry.js";
import { TxError } from "../host/wire/errors.js";
import { broadcastRequest, decodeTx as decodeTxBytes } from "../host/wire/amino/stdtx.js";

/** A POSTed body's tx decoded, as the node takes it. */
const decodeTx = (body: unknown) => decodeTxBytes(broadcastRequest(body).tx);
import { makeSignDoc, serializeSignDoc } from "../host/wire/amino/sign-doc.js";
import { moduleAddress, pubKeyAddress, verifySecp256k1 } from "../host/wire/keys.js";
import { stringField, addressField, onlyFields } from "../host/wire/amino/fields.js";
import { verifyTx, type AccountInfo, type VerifyContext } from "../host/app/ante/verify.js";

// --- fixtures ------------------------------------------------------------------------------------

/** The BIP-39 all-zero-entropy 24-word vector: a fixed, public, test-only mnemonic. */
const MNEMONIC = `${"abandon ".repeat(23)}art`;
/** Cronos POS coin type 394. */
const path = (i: number) => stringToPath(`m/44'/394'/0'/0/${i}`);

const wallet = await Secp256k1HdWallet.fromMnemonic(MNEMONIC, { prefix: "cro", hdPaths: [path(0), path(1), path(2)] });
const [alice, bob, carol] = await wallet.getAccounts();
const A = alice!.address;
const B = bob!.address;
const C = carol!.address; // never funded: no account

const CHAIN_ID = "chainmain-1";
const GOV = "cro10d07y265gmmuvt4z0w9aw880jnsr700jzemu2z";
const GOV_TYPE = "test/MsgUpdateThing";

const FEE: CosmjsStdFee = { amount: [{ denom: "basecro", amount: "5000" }], gas: "200000" };

interface Fixture {
  accounts: Map<string, AccountInfo>;
  ctx: VerifyContext;
}

function fixture(): Fixture {
  const registry = registerBankMessages(new MessageRegistry());
  // A governance-only message, as x/tieredrewards' MsgUpdateParams will register.
  registry.register(GOV_TYPE, {
    signerField: "authority",
    governance: true,
    validate(value, { prefix }) {
      onlyFields(value, GOV_TYPE, ["authority", "thing"]);
      return {
        authority: addressField(value, "authority", GOV_TYPE, prefix, "invalid authority address"),
        thing: stringField(value, "thing", GOV_TYPE),
      };
    },
  });
  const accounts = new Map<string, AccountInfo>([
    [A, { accountNumber: 7n, sequence: 3n }],
    [B, { accountNumber: 12n, sequence: 0n }],
  ]);
  return { accounts, ctx: { chainId: CHAIN_ID, registry, getAccount: (a) => accounts.get(a) } };
}

const send = (from: string, to: string, amount: unknown = [{ denom: "basecro", amount: "100" }]): CosmjsAminoMsg => ({
  type: MSG_SEND,
  value: { from_address: from, to_address: to, amount },
});

interface SignOptions {
  msgs?: CosmjsAminoMsg[];
  fee?: CosmjsStdFee;
  memo?: string;
  chainId?: string;
  accountNumber?: number;
  sequence?: number;
  signer?: string;
}

/** Signs with CosmJS and returns the POST body `{tx: StdTx, mode}`. */
async function signed(o: SignOptions = {}): Promise<{ tx: Record<string, any>; mode: string }> {
  const signer = o.signer ?? A;
  const doc = cosmjsMakeSignDoc(
    o.msgs ?? [send(signer, B)],
    o.fee ?? FEE,
    o.chainId ?? CHAIN_ID,
    o.memo ?? "",
    o.accountNumber ?? 7,
    o.sequence ?? 3,
  );
  const { signed: signedDoc, signature } = await wallet.signAmino(signer, doc);
  // Round-trip through JSON: exactly what a POST delivers.
  return JSON.parse(JSON.stringify({ tx: makeStdTx(signedDoc, signature), mode: "sync" }));
}

function rejects(f: () => unknown, codespace: string, code: number, log: string): TxError {
  try {
    f();
  } catch (e) {
    if (!(e instanceof TxError)) throw e;
    assert.is(e.log, log);
    assert.is(e.message, log);
    assert.is(e.codespace, codespace);
    assert.is(e.code, code);
    return e;
  }
  assert.unreachable(`expected ${codespace} ${code}: ${log}`);
  throw new Error("unreachable");
}

const rejectsTx = (body: unknown, ctx: VerifyContext, codespace: string, code: number, log: string) =>
  rejects(() => verifyTx(body, ctx), codespace, code, log);

/**
 * Admitted at CheckTx (no message keeps a ValidateBasic in SDK v0.53): its server refuses the
 * message in the block, with this error (deliver.ts), after the fee and sequence.
 */
function failsInBlock(body: unknown, ctx: VerifyContext, codespace: string, code: number, log: string): TxError {
  const v = verifyTx(body, ctx);
  const invalid = v.msgs.find((m) => m.invalid !== undefined)?.invalid;
  if (invalid === undefined) {
    assert.unreachable(`expected a message its server refuses with ${codespace} ${code}: ${log}`);
    throw new Error("unreachable");
  }
  return rejects(() => { throw invalid; }, codespace, code, log);
}

const decodeFails = (body: unknown, detail: string) => rejects(() => decodeTx(body), "sdk", 2, `${detail}: tx parse error`);

const sigFailed = (accountNumber: bigint, sequence: bigint, chainId = CHAIN_ID) =>
  `signature verification failed; please verify account number (${accountNumber}), sequence (${sequence}) ` +
  `and chain-id (${chainId}): unauthorized`;

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

/** (r, n - s): the malleated twin of a signature. */
function highS(sig: Uint8Array): Uint8Array {
  const n = secp256k1.Point.Fn.ORDER;
  const s = BigInt(`0x${hex.encode(sig.slice(32))}`);
  assert.ok(s <= n / 2n, "CosmJS signs low S");
  const out = new Uint8Array(64);
  out.set(sig.slice(0, 32));
  out.set(hex.decode((n - s).toString(16).padStart(64, "0")), 32);
  return out;
}

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
  assert.equal(ctx.registry.get(MSG_SEND)!.validate(v.msgs[0]!.value, { prefix: "cro" }) as MsgSend, { fromAddress: A, toAddress: B, amount: [{ denom: "basecro", amount: 100n }] });
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

// --- rejections ----------------------------------------------------------------------------------

const no = suite("verifyTx rejects");

no("a flipped signature byte: unauthorized", async () => {
  const { ctx } = fixture();
  const body = await signed();
  const sig = base64.decode(body.tx.signatures[0].signature);
  sig[10] ^= 0x01;
  body.tx.signatures[0].signature = base64.encode(sig);
  rejects(() => verifyTx(body, ctx), "sdk", 4, sigFailed(7n, 3n));
});

no("a high-S (malleated) signature: unauthorized", async () => {
  const { ctx } = fixture();
  const body = await signed();
  body.tx.signatures[0].signature = base64.encode(highS(base64.decode(body.tx.signatures[0].signature)));
  rejects(() => verifyTx(body, ctx), "sdk", 4, sigFailed(7n, 3n));
});

no("a signature of a 63 or 65 byte length: unauthorized", async () => {
  const { ctx } = fixture();
  const body = await signed();
  const sig = base64.decode(body.tx.signatures[0].signature);
  body.tx.signatures[0].signature = base64.encode(sig.slice(0, 63));
  rejects(() => verifyTx(body, ctx), "sdk", 4, sigFailed(7n, 3n));
  body.tx.signatures[0].signature = base64.encode(new Uint8Array([...sig, 0]));
  rejects(() => verifyTx(body, ctx), "sdk", 4, sigFailed(7n, 3n));
});

no("a wrong chain id or account number: unauthorized, naming the chain's values", async () => {
  const { ctx } = fixture();
  rejectsTx(await signed({ chainId: "other-1" }), ctx, "sdk", 4, sigFailed(7n, 3n));
  rejectsTx(await signed({ accountNumber: 8 }), ctx, "sdk", 4, sigFailed(7n, 3n));
});

no("a replayed tx after the sequence moved on: sequence mismatch", async () => {
  const { ctx, accounts } = fixture();
  const body = await signed();
  const v = verifyTx(body, ctx);
  accounts.set(A, { accountNumber: 7n, sequence: v.sequence + 1n }); // the tx was included
  rejects(() => verifyTx(body, ctx), "sdk", 32, "account sequence mismatch, expected 4, got 3: incorrect account sequence");
  // Signed ahead of the account, within the probe window (2 by default).
  rejectsTx(await signed({ sequence: 6 }), ctx, "sdk", 32, "account sequence mismatch, expected 4, got 6: incorrect account sequence");
  // Beyond the window, or with probing off, it is just a failed signature, as amino reports it.
  rejectsTx(await signed({ sequence: 7 }), ctx, "sdk", 4, sigFailed(7n, 4n));
  rejectsTx(await signed({ sequence: 1 }), ctx, "sdk", 4, sigFailed(7n, 4n));
  rejectsTx(await signed({ sequence: 2 }), ctx, "sdk", 32, "account sequence mismatch, expected 4, got 2: incorrect account sequence");
  rejectsTx(await signed({ sequence: 7 }), { ...ctx, sequenceProbe: 3 }, "sdk", 32, "account sequence mismatch, expected 4, got 7: incorrect account sequence");
  rejects(() => verifyTx(body, { ...ctx, sequenceProbe: 0 }), "sdk", 4, sigFailed(7n, 4n));
});

no("an unknown message type: cannot be decoded", async () => {
  const { ctx } = fixture();
  const body = await signed({ msgs: [{ type: "cosmos-sdk/MsgFoo", value: { from_address: A } }] });
  rejects(() => verifyTx(body, ctx), "sdk", 2, 'unable to resolve type "cosmos-sdk/MsgFoo": tx parse error');
});

no("malformed amounts: not an integer string", async () => {
  const { ctx } = fixture();
  const cases: [unknown, string][] = [
    ["1.5", '"1.5"'],
    [1, "number 1"],
    ["1e3", '"1e3"'],
    ["+1", '"+1"'],
    ["01", '"01"'],
    ["", '""'],
    [" 1", '" 1"'],
    ["0x10", '"0x10"'],
    [null, "null null"],
  ];
  for (const [amount, shown] of cases) {
    const body = await signed({ msgs: [send(A, B, [{ denom: "basecro", amount }])] });
    rejects(
      () => verifyTx(body, ctx),
      "sdk",
      2,
      `cosmos-sdk/MsgSend.amount[0].amount: expected an integer string, got ${shown}: tx parse error`,
    );
  }
  const huge = (1n << 256n).toString();
  const body = await signed({ msgs: [send(A, B, [{ denom: "basecro", amount: huge }])] });
  rejects(() => verifyTx(body, ctx), "sdk", 2, `cosmos-sdk/MsgSend.amount[0].amount: integer out of range: ${huge}: tx parse error`);
});

no("negative, zero, unsorted, duplicate or empty amounts: invalid coins (in the block)", async () => {
  const { ctx } = fixture();
  const cases: [unknown, string][] = [
    [[{ denom: "basecro", amount: "-1" }], "-1basecro"],
    [[{ denom: "basecro", amount: "0" }], "0basecro"],
    [[{ denom: "zzz", amount: "1" }, { denom: "basecro", amount: "1" }], "1zzz,1basecro"],
    [[{ denom: "basecro", amount: "1" }, { denom: "basecro", amount: "2" }], "1basecro,2basecro"],
  ];
  for (const [amount, shown] of cases) {
    failsInBlock(await signed({ msgs: [send(A, B, amount)] }), ctx, "sdk", 10, `${shown}: invalid coins`);
  }
  failsInBlock(await signed({ msgs: [send(A, B, [])] }), ctx, "sdk", 10, "invalid coins");
});

no("bad denoms: invalid coins (in the block)", async () => {
  const { ctx } = fixture();
  for (const denom of ["b@d", "ab", "1abc", "a".repeat(129), "bäsecro", ""]) {
    const body = await signed({ msgs: [send(A, B, [{ denom, amount: "1" }])] });
    failsInBlock(body, ctx, "sdk", 10, `1${denom}: invalid coins`);
  }
  // The longest and the odd-but-valid pass the denom rule.
  for (const denom of ["a".repeat(128), "ibc/27394FB0", "a:b.c_d-e/f"]) {
    const body = await signed({ msgs: [send(A, B, [{ denom, amount: "1" }])] });
    assert.is(verifyTx(body, fixture().ctx).signer, A);
  }
});

no("bad addresses in a message (not its signer): invalid address (in the block)", async () => {
  const { ctx } = fixture();
  failsInBlock(
    await signed({ msgs: [send(A, "cosmos1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqnrql8a")] }),
    ctx,
    "sdk",
    7,
    "invalid to address: invalid Bech32 prefix; expected cro, got cosmos: invalid address",
  );
  failsInBlock(
    await signed({ msgs: [send(A, "")] }),
    ctx,
    "sdk",
    7,
    "invalid to address: empty address string is not allowed: invalid address",
  );
});

no("a message whose signer is not the key's address: invalid pubkey", async () => {
  const { ctx } = fixture();
  const body = await signed({ msgs: [send(B, A)] }); // alice signs bob's send
  rejects(() => verifyTx(body, ctx), "sdk", 8, `pubKey does not match signer address ${B} with signer index: 0: invalid pubkey`);
});

no("messages of two signers with one signature: wrong number of signers", async () => {
  const { ctx } = fixture();
  const body = await signed({ msgs: [send(A, B), send(B, A)] });
  rejects(() => verifyTx(body, ctx), "sdk", 4, "wrong number of signers; expected 2, got 1: unauthorized");
});

no("a governance message signed by a non-gov key: admitted, its authority is its server's check (gov 13 in the block)", async () => {
  const { ctx, accounts } = fixture();
  const own = await signed({ msgs: [{ type: GOV_TYPE, value: { authority: A, thing: "x" } }] });
  const admitted = verifyTx(own, ctx);
  assert.is(admitted.msgs[0]!.governance, true);
  assert.is(admitted.msgs[0]!.signer, A);
  assert.is(admitted.msgs[0]!.invalid, undefined); // the server checks the authority against the chain's (deliver.ts)
  // Naming the gov account as authority does not help: the key is not the gov account's. (The fee
  // payer is checked first, as the SDK's DeductFeeDecorator precedes SetPubKeyDecorator; on chain
  // the gov module account exists.)
  const claimed = await signed({ msgs: [{ type: GOV_TYPE, value: { authority: GOV, thing: "x" } }] });
  rejectsTx(claimed, ctx, "sdk", 9, `fee payer address: ${GOV} does not exist: unknown address`);
  accounts.set(GOV, { accountNumber: 5n, sequence: 0n });
  const e2 = rejects(() => verifyTx(claimed, ctx), "sdk", 8, `pubKey does not match signer address ${GOV} with signer index: 0: invalid pubkey`);
  assert.is(e2.stage, "check");
});

no("an account that does not exist: unknown address", async () => {
  const { ctx } = fixture();
  const body = await signed({ signer: C, msgs: [send(C, A)] });
  rejects(() => verifyTx(body, ctx), "sdk", 9, `fee payer address: ${C} does not exist: unknown address`);
});

no("a key that is not secp256k1, or of the wrong size, or missing: invalid pubkey", async () => {
  const { ctx } = fixture();
  const body = await signed();
  const withKey = (pub_key: unknown) => ({ ...body, tx: { ...body.tx, signatures: [{ ...body.tx.signatures[0], pub_key }] } });
  const pk = body.tx.signatures[0].pub_key;
  rejects(
    () => verifyTx(withKey({ ...pk, type: "tendermint/PubKeyEd25519" }), ctx),
    "sdk",
    8,
    "unrecognized public key type: tendermint/PubKeyEd25519: invalid pubkey",
  );
  rejects(
    () => verifyTx(withKey({ ...pk, value: base64.encode(new Uint8Array(65).fill(4)) }), ctx),
    "sdk",
    8,
    "invalid pubkey size: invalid pubkey",
  );
  rejects(() => verifyTx(withKey(undefined), ctx), "sdk", 8, "pubkey on account is not set: invalid pubkey");
});

no("invalid base64 in the signature or the key: tx parse error", async () => {
  const body = await signed();
  const sig = body.tx.signatures[0];
  for (const bad of ["not base64!", "AAA", "QUJD=", "QUJDRA"]) {
    decodeFails(
      { tx: { ...body.tx, signatures: [{ ...sig, signature: bad }] } },
      `tx.signatures[0].signature: invalid base64: ${thrownBy(() => base64.decode(bad))}`,
    );
    decodeFails(
      { tx: { ...body.tx, signatures: [{ ...sig, pub_key: { ...sig.pub_key, value: bad } }] } },
      `tx.signatures[0].pub_key.value: invalid base64: ${thrownBy(() => base64.decode(bad))}`,
    );
  }
  decodeFails(
    { tx: { ...body.tx, signatures: [{ ...sig, pub_key: { ...sig.pub_key, value: 42 } }] } },
    "tx.signatures[0].pub_key.value: expected a base64 string, got number",
  );
});

/** The message `f` throws (it must throw). */
function thrownBy(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error("expected a throw");
}

no("a memo over 256 bytes: memo too large", async () => {
  const { ctx } = fixture();
  rejectsTx(
    await signed({ memo: "m".repeat(257) }),
    ctx,
    "sdk",
    12,
    "maximum number of characters is 256 but received 257 characters: memo too large",
  );
  // Go counts bytes: 129 two-byte characters are 258.
  rejectsTx(
    await signed({ memo: "é".repeat(129) }),
    ctx,
    "sdk",
    12,
    "maximum number of characters is 256 but received 258 characters: memo too large",
  );
});

no("two signatures for one signer, or none: wrong number of signers / no signatures", async () => {
  const { ctx } = fixture();
  const body = await signed();
  const sig = body.tx.signatures[0];
  rejects(
    () => verifyTx({ ...body, tx: { ...body.tx, signatures: [sig, sig] } }, ctx),
    "sdk",
    4,
    "wrong number of signers; expected 1, got 2: unauthorized",
  );
  rejects(() => verifyTx({ ...body, tx: { ...body.tx, signatures: [] } }, ctx), "sdk", 15, "no signatures supplied");
});

no("no messages: invalid request", async () => {
  const { ctx } = fixture();
  const body = await signed({ msgs: [] });
  rejects(() => verifyTx(body, ctx), "sdk", 18, "must contain at least one message: invalid request");
});

no("fee and gas: zero gas, out-of-range gas, bad and negative fees", async () => {
  const { ctx } = fixture();
  const withFee = async (fee: any) => signed({ fee });
  rejectsTx(await withFee({ amount: [], gas: "0" }), ctx, "sdk", 41, "must provide positive gas: invalid gas limit");
  rejectsTx(
    await withFee({ amount: [], gas: "9223372036854775808" }),
    ctx,
    "sdk",
    18,
    "invalid gas supplied; 9223372036854775808 > 9223372036854775807: invalid request",
  );
  decodeFails(await withFee({ amount: [], gas: "18446744073709551616" }), "tx.fee.gas: value out of range: 18446744073709551616");
  decodeFails(await withFee({ amount: [], gas: 200000 }), "tx.fee.gas: expected an unsigned integer string, got number 200000");
  decodeFails(await withFee({ amount: [{ denom: "basecro", amount: "1.5" }], gas: "1" }), 'tx.fee.amount[0].amount: expected an integer string, got "1.5"');
  rejectsTx(
    await withFee({ amount: [{ denom: "basecro", amount: "-1" }], gas: "1" }),
    ctx,
    "sdk",
    13,
    "invalid fee provided: -1basecro: insufficient fee",
  );
  rejectsTx(
    await withFee({ amount: [{ denom: "b@d", amount: "1" }], gas: "1" }),
    ctx,
    "sdk",
    13,
    "invalid fee amount: 1b@d: insufficient fee",
  );
  decodeFails(await withFee({ amount: [], gas: "1", granter: A }), 'tx.fee: unknown field "granter"');
});

no("bodies that are not a StdTx: tx parse error; a bad broadcast mode: invalid request", async () => {
  const body = await signed();
  decodeFails("{not json", `invalid JSON: ${thrownBy(() => JSON.parse("{not json"))}`);
  decodeFails("[]", "expected a JSON object, got array");
  decodeFails({ tx: body.tx, mode: "sync", extra: 1 }, 'body: unknown field "extra"');
  decodeFails({ tx: { ...body.tx, timeout_height: "5" } }, 'tx: unknown field "timeout_height"');
  decodeFails({ tx: { ...body.tx, msg: {} } }, "tx.msg: expected an array, got object");
  decodeFails({ tx: { ...body.tx, msg: [{ type: MSG_SEND, value: "x" }] } }, "tx.msg[0].value: expected an object, got string");
  decodeFails({ tx: { ...body.tx, memo: 5 } }, "tx.memo: expected a string, got number");
  decodeFails({ tx: { type: "cosmos-sdk/Other", value: body.tx } }, 'tx: unknown transaction type "cosmos-sdk/Other"');
  decodeFails(JSON.parse('{"tx": {"msg": [], "__proto__": {}}}'), 'body.tx: forbidden key "__proto__"');
  let deep: unknown = "x";
  for (let i = 0; i < 100; i++) deep = [deep];
  assert.throws(() => decodeTx({ tx: { ...body.tx, memo: deep } }), (e: unknown) => e instanceof TxError && e.code === 2);
  rejects(() => decodeTx({ ...body, mode: "commit" }), "sdk", 18, "unsupported return type commit; supported types: sync, async, block: invalid request");
});

no("unknown fields in a message value: tx parse error", async () => {
  const { ctx } = fixture();
  const body = await signed({ msgs: [{ type: MSG_SEND, value: { from_address: A, to_address: B, amount: [], memo: "x" } }] });
  rejects(() => verifyTx(body, ctx), "sdk", 2, 'cosmos-sdk/MsgSend: unknown field "memo": tx parse error');
});

no.run();

// --- registry ------------------------------------------------------------------------------------

const reg = suite("registry");

reg("registers once, lists types, refuses empty names", () => {
  const r = registerBankMessages(new MessageRegistry());
  assert.equal(r.types(), [MSG_SEND]);
  assert.ok(r.has(MSG_SEND));
  assert.is(r.get(MSG_SEND)!.signerField, "from_address");
  assert.throws(() => registerBankMessages(r), /already registered/);
  assert.throws(() => r.register("", { signerField: "x", validate: () => 0 }), /must not be empty/);
  assert.throws(() => r.register("t", { signerField: "", validate: () => 0 }), /signerField/);
});

reg("a signer field that is not an address, even if the rule let it pass: invalid address", async () => {
  const { ctx } = fixture();
  ctx.registry.register("test/MsgLax", { signerField: "owner", validate: () => ({}) });
  const lax = (owner: unknown) => signed({ msgs: [{ type: "test/MsgLax", value: owner === undefined ? {} : { owner } }] });
  rejectsTx(await lax(undefined), ctx, "sdk", 7, "invalid signer owner: empty address string is not allowed: invalid address");
  rejectsTx(await lax(5), ctx, "sdk", 7, "invalid signer owner: expected a bech32 string, got 5: invalid address");
  rejectsTx(
    await lax("tcro1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq9dpzma"),
    ctx,
    "sdk",
    7,
    "invalid signer owner: invalid Bech32 prefix; expected cro, got tcro: invalid address",
  );
  assert.is(verifyTx(await lax(A), ctx).msgs[0]!.signer, A);
});

reg.run();
