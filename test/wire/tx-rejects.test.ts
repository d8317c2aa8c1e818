// Amino-JSON signed transactions host/app's verifyTx refuses, each with its exact codespace, code
// and log as the SDK gives them: forged, malleated and misplaced signatures, wrong chain id,
// account number or sequence, undecodable messages and bodies, bad amounts, denoms, addresses,
// keys, memos, fees and gas; and the faults a message's server refuses in the block.

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { base64 } from "@scure/base";
import { MSG_SEND } from "../helpers/tx.js";
import { TxError } from "../../host/wire/errors.js";
import { verifyTx } from "../../host/app/ante/verify.js";
import {
  A, B, C, GOV, GOV_TYPE, decodeFails, decodeTx, failsInBlock, fixture, highS, rejects, rejectsTx, send, sigFailed, signed,
  thrownBy,
} from "../helpers/tx.js";

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
  // Converted to the protobuf MsgSend on arrival (the amino edge), then read as the msg server reads it.
  const bad = (shown: string) => `MsgSend.amount[0].amount: expected an integer string, got ${shown}`;
  const cases: [unknown, string][] = [
    ["1.5", bad('"1.5"')],
    [1, "cosmos-sdk/MsgSend: cannot decode field cosmos.base.v1beta1.Coin.amount from JSON: expected string, got 1"],
    ["1e3", bad('"1e3"')],
    ["+1", bad('"+1"')],
    ["01", bad('"01"')],
    ["", bad('""')],
    [" 1", bad('" 1"')],
    ["0x10", bad('"0x10"')],
    [null, bad('""')], // JSON null is the field's default
  ];
  for (const [amount, log] of cases) {
    const body = await signed({ msgs: [send(A, B, [{ denom: "basecro", amount }])] });
    rejects(() => verifyTx(body, ctx), "sdk", 2, `${log}: tx parse error`);
  }
  const huge = (1n << 256n).toString();
  const body = await signed({ msgs: [send(A, B, [{ denom: "basecro", amount: huge }])] });
  rejects(() => verifyTx(body, ctx), "sdk", 2, `MsgSend.amount[0].amount: integer out of range: ${huge}: tx parse error`);
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
  failsInBlock(await signed({ msgs: [send(A, B, [])] }), ctx, "sdk", 10, ": invalid coins"); // errorsmod.Wrap(ErrInvalidCoins, "")
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
  const own = await signed({ msgs: [{ type: GOV_TYPE, value: { authority: A, use_default_for: ["foo"] } }] });
  const admitted = verifyTx(own, ctx);
  assert.is(admitted.msgs[0]!.governance, true);
  assert.is(admitted.msgs[0]!.signer, A);
  assert.is(admitted.msgs[0]!.invalid, undefined); // the server checks the authority against the chain's (deliver.ts)
  // Naming the gov account as authority does not help: the key is not the gov account's. (The fee
  // payer is checked first, as the SDK's DeductFeeDecorator precedes SetPubKeyDecorator; on chain
  // the gov module account exists.)
  const claimed = await signed({ msgs: [{ type: GOV_TYPE, value: { authority: GOV, use_default_for: ["foo"] } }] });
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
