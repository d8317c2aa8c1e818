// Several signers in one protobuf tx (host/app/ante/verify.ts, node-chain.ts execute): CosmJS's own
// building blocks (makeAuthInfoBytes, makeSignDoc, signDirect / signAmino) sign one TxRaw by two
// or three accounts; each signer's sequence moves, the fee payer (first signer, or fee.payer, who
// then signs too) pays, the ante's events name every signer; the SDK's refusals for a missing or
// misplaced signature and for a fee granter that granted nothing (x/feegrant's sdk 38).

import { test } from "uvu";
import * as assert from "uvu/assert";
import { Secp256k1Wallet, makeSignDoc as makeAminoSignDoc, type StdFee } from "@cosmjs/amino";
import { DirectSecp256k1Wallet, makeAuthInfoBytes, makeSignDoc, type EncodeObject } from "@cosmjs/proto-signing";
import { fromBase64 } from "@cosmjs/encoding";
import { Secp256k1, Secp256k1Signature } from "@cosmjs/crypto";
import { encodePubkey } from "@cosmjs/proto-signing";
import { encodeSecp256k1Pubkey } from "@cosmjs/amino";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { devAddress, devPrivateKey, operatorOf } from "../../host/app/genesis.js";
import { chainRegistry, chainAminoTypes, clientTxHash, keplrBody } from "../helpers/cosmjs.js";
import { nodeHarness, type TestNode } from "../helpers/node.js";

const nodes = await nodeHarness({ prefix: "signers-" });
test.after(() => nodes.remove());

const registry = chainRegistry();
const aminoTypes = chainAminoTypes();
const coin = (amount: bigint) => ({ denom: "basecro", amount: amount.toString() });
const send = (from: number, to: number, amount: bigint): EncodeObject => ({
  typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: devAddress(from), toAddress: devAddress(to), amount: [coin(amount)] },
});
const delegate = (n: number): EncodeObject => ({
  typeUrl: "/cosmos.staking.v1beta1.MsgDelegate",
  value: { delegatorAddress: devAddress(n), validatorAddress: operatorOf(devAddress(1)), amount: coin(10n ** 8n) },
});
const FEE = 5000n;

async function pubkeyOf(n: number) {
  const { pubkey } = await Secp256k1.makeKeypair(devPrivateKey(n));
  return encodePubkey(encodeSecp256k1Pubkey(Secp256k1.compressPubkey(pubkey)));
}

/** A TxRaw of `msgs` signed by dev keys `signers` in order, in one sign mode. */
async function multiSigned(
  node: TestNode, msgs: EncodeObject[], signers: number[], mode: "direct" | "amino",
  o: { payer?: string; granter?: string; signatureOrder?: number[] } = {},
): Promise<Uint8Array> {
  const chainId = node.chain.chainId;
  const accounts = signers.map((n) => node.chain.directory.account(devAddress(n))!);
  const bodyBytes = registry.encode({ typeUrl: "/cosmos.tx.v1beta1.TxBody", value: { messages: msgs, memo: "two keys" } });
  const signMode = mode === "direct" ? SignMode.SIGN_MODE_DIRECT : SignMode.SIGN_MODE_LEGACY_AMINO_JSON;
  const authInfoBytes = makeAuthInfoBytes(
    await Promise.all(signers.map(async (n, i) => ({ pubkey: await pubkeyOf(n), sequence: Number(accounts[i]!.sequence) }))),
    [coin(FEE)], 400_000, o.granter, o.payer, signMode,
  );
  const signatures: Uint8Array[] = [];
  for (const [i, n] of signers.entries()) {
    if (mode === "direct") {
      const wallet = await DirectSecp256k1Wallet.fromKey(devPrivateKey(n), "cro");
      const doc = makeSignDoc(bodyBytes, authInfoBytes, chainId, Number(accounts[i]!.accountNumber));
      const { signature } = await wallet.signDirect(devAddress(n), doc);
      signatures.push(fromBase64(signature.signature));
    } else {
      const wallet = await Secp256k1Wallet.fromKey(devPrivateKey(n), "cro");
      const fee: StdFee = { amount: [coin(FEE)], gas: "400000", ...(o.payer ? { payer: o.payer } : {}), ...(o.granter ? { granter: o.granter } : {}) };
      const doc = makeAminoSignDoc(msgs.map((m) => aminoTypes.toAmino(m)), fee, chainId, "two keys", accounts[i]!.accountNumber.toString(), accounts[i]!.sequence.toString());
      const { signature } = await wallet.signAmino(devAddress(n), doc);
      signatures.push(Secp256k1Signature.fromFixedLength(fromBase64(signature.signature)).toFixedLength());
    }
  }
  const order = o.signatureOrder ?? signatures.map((_, i) => i);
  return TxRaw.encode({ bodyBytes, authInfoBytes, signatures: order.map((i) => signatures[i]!) }).finish();
}

const balance = (node: TestNode, n: number) => node.chain.ledger.balance(node.chain.directory.accountId(devAddress(n))!);
const sequence = (node: TestNode, n: number) => node.chain.directory.account(devAddress(n))!.sequence;

async function include(node: TestNode, bytes: Uint8Array) {
  const r = await node.post("/cosmos/tx/v1beta1/txs", keplrBody(bytes));
  assert.is(r.json.tx_response.code, 0, r.json.tx_response.raw_log);
  await node.post("/dev/advance?blocks=1");
  const got = await node.get(`/cosmos/tx/v1beta1/txs/${clientTxHash(bytes)}`);
  assert.is(got.json.tx_response.code, 0, got.json.tx_response.raw_log);
  return got.json;
}

for (const mode of ["direct", "amino"] as const) {
  test(`two signers (${mode}): both sequences move, the first signer pays the fee, the ante names both`, async () => {
    const node = await nodes.open();
    const [b5, b6, s5, s6] = [balance(node, 5), balance(node, 6), sequence(node, 5), sequence(node, 6)];
    const bytes = await multiSigned(node, [send(5, 7, 1000n), delegate(6)], [5, 6], mode);
    const got = await include(node, bytes);
    assert.is(sequence(node, 5), s5 + 1n);
    assert.is(sequence(node, 6), s6 + 1n);
    assert.is(balance(node, 5), b5 - 1000n - FEE);
    assert.is(balance(node, 6), b6 - 10n ** 8n);
    const accSeq = got.tx_response.events.filter((e: any) => e.type === "tx").flatMap((e: any) => e.attributes).filter((a: any) => a.key === "acc_seq").map((a: any) => a.value);
    assert.equal(accSeq, [`${devAddress(5)}/${s5}`, `${devAddress(6)}/${s6}`]);
    assert.is(got.tx.signatures.length, 2);
    await node.chain.close();
  });
}

test("fee.payer: a second signer pays; a payer no message names signs as one more signer", async () => {
  const node = await nodes.open();
  let [b5, b6] = [balance(node, 5), balance(node, 6)];
  await include(node, await multiSigned(node, [send(5, 7, 1n), delegate(6)], [5, 6], "direct", { payer: devAddress(6) }));
  assert.is(balance(node, 5), b5 - 1n);
  assert.is(balance(node, 6), b6 - 10n ** 8n - FEE);
  // Dev 8 pays for dev 5's send: three signatures needed with it, two refused.
  [b5] = [balance(node, 5)];
  const b8 = balance(node, 8);
  const s8 = sequence(node, 8);
  await include(node, await multiSigned(node, [send(5, 7, 1n)], [5, 8], "direct", { payer: devAddress(8) }));
  assert.is(balance(node, 5), b5 - 1n);
  assert.is(balance(node, 8), b8 - FEE);
  assert.is(sequence(node, 8), s8 + 1n);
  const lonely = await multiSigned(node, [send(5, 7, 1n)], [5], "direct", { payer: devAddress(8) });
  const r = await node.post("/cosmos/tx/v1beta1/txs", keplrBody(lonely));
  assert.equal([r.json.tx_response.code, r.json.tx_response.raw_log], [4, "wrong number of signers; expected 2, got 1: unauthorized"]);
  await node.chain.close();
});

test("refusals: signatures out of order, one missing, a fee granter without an allowance", async () => {
  const node = await nodes.open();
  const swapped = await multiSigned(node, [send(5, 7, 1n), delegate(6)], [5, 6], "direct", { signatureOrder: [1, 0] });
  const r1 = await node.post("/cosmos/tx/v1beta1/txs", keplrBody(swapped));
  assert.is(r1.json.tx_response.code, 4, r1.json.tx_response.raw_log);
  const one = await multiSigned(node, [send(5, 7, 1n), delegate(6)], [5], "direct");
  const r2 = await node.post("/cosmos/tx/v1beta1/txs", keplrBody(one));
  assert.equal([r2.json.tx_response.code, r2.json.tx_response.raw_log], [4, "wrong number of signers; expected 2, got 1: unauthorized"]);
  const keysSwapped = await multiSigned(node, [send(5, 7, 1n), delegate(6)], [6, 5], "direct");
  const r3 = await node.post("/cosmos/tx/v1beta1/txs", keplrBody(keysSwapped));
  assert.equal([r3.json.tx_response.code, r3.json.tx_response.raw_log], [8, `pubKey does not match signer address ${devAddress(5)} with signer index: 0: invalid pubkey`]);
  const granted = await multiSigned(node, [send(5, 7, 1n)], [5], "direct", { granter: devAddress(8) });
  const r4 = await node.post("/cosmos/tx/v1beta1/txs", keplrBody(granted));
  // the SDK's %s of the two addresses' raw bytes, then x/feegrant's not found
  assert.is(r4.json.tx_response.code, 38);
  assert.match(r4.json.tx_response.raw_log, / does not allow to pay fees for .*: fee-grant not found: not found$/s);
  assert.is(sequence(node, 5), 0n);
  await node.chain.close();
});

test.run();
