// The amino names of the LEGACY_AMINO_JSON sign doc where the SDK's differ from what a client
// might guess: x/distribution MsgWithdrawValidatorCommission is `cosmos-sdk/MsgWithdrawValCommission`
// (CosmJS's default converter says MsgWithdrawValidatorCommission, which chain-maind refuses), and
// gov v1 MsgCancelProposal has no amino.name, so its sign doc names it by its type URL (x/tx
// aminojson's getMessageAminoNameAny). Held on the wire and on a node, signed by CosmJS.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { AminoTypes, SigningStargateClient, createDefaultAminoConverters } from "@cosmjs/stargate";
import { Secp256k1Wallet } from "@cosmjs/amino";
import type { EncodeObject } from "@cosmjs/proto-signing";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { decodeAny, typeUrlOfAmino } from "../../host/wire/messages.js";
import { devAddress, devPrivateKey, operatorOf } from "../../host/app/genesis.js";
import { chainRegistry, clientTxHash, keplrBody, protoSigner } from "../helpers/cosmjs.js";
import { nodeHarness, type TestNode as Node } from "../helpers/node.js";

const nodes = await nodeHarness({ prefix: "amino-names-" });
test.after(() => nodes.remove());

const registry = chainRegistry();
const op = operatorOf(devAddress(1));
const commission: EncodeObject = { typeUrl: "/cosmos.distribution.v1beta1.MsgWithdrawValidatorCommission", value: { validatorAddress: op } };
const cancel: EncodeObject = { typeUrl: "/cosmos.gov.v1.MsgCancelProposal", value: { proposalId: 3n, proposer: devAddress(5) } };

test("the sign doc's {type, value}: MsgWithdrawValCommission; MsgCancelProposal by its type URL", () => {
  const c = decodeAny(commission.typeUrl, registry.encode(commission), "msgs[0]");
  assert.equal(c.amino, { type: "cosmos-sdk/MsgWithdrawValCommission", value: { validator_address: op } });
  const p = decodeAny(cancel.typeUrl, registry.encode(cancel), "msgs[0]");
  assert.equal(p.amino, { type: "/cosmos.gov.v1.MsgCancelProposal", value: { proposal_id: "3", proposer: devAddress(5) } });
  // and back, for a legacy StdTx or a stored proposal's message
  assert.is(typeUrlOfAmino("cosmos-sdk/MsgWithdrawValCommission"), commission.typeUrl);
  assert.is(typeUrlOfAmino("/cosmos.gov.v1.MsgCancelProposal"), cancel.typeUrl);
  assert.is(typeUrlOfAmino("cosmos-sdk/MsgWithdrawValidatorCommission"), undefined);
  assert.is(typeUrlOfAmino("cosmos-sdk/v1/MsgCancelProposal"), undefined);
});

/** Dev key 1 (validator 1's operator) signing in SIGN_MODE_LEGACY_AMINO_JSON with CosmJS's default converters only. */
async function cosmjsDefaults(node: Node, messages: EncodeObject[]) {
  const wallet = await Secp256k1Wallet.fromKey(devPrivateKey(1), "cro");
  const [account] = await wallet.getAccounts();
  const client = await SigningStargateClient.offline(wallet, { registry, aminoTypes: new AminoTypes(createDefaultAminoConverters()) });
  const a = node.chain.directory.account(account!.address)!;
  const raw = await client.sign(account!.address, messages, { amount: [{ denom: "basecro", amount: "5000" }], gas: "500000" }, "", {
    accountNumber: a.accountNumber, sequence: Number(a.sequence), chainId: node.chain.chainId,
  });
  return TxRaw.encode(raw).finish();
}

test("a node: CosmJS's default name fails the amino signature (as on chain-maind); the SDK's name is accepted and runs", async () => {
  const node = await nodes.open();
  try {
    await node.chain.advance(3n); // some commission accrues
    const wrong = (await node.post("/cosmos/tx/v1beta1/txs", keplrBody(await cosmjsDefaults(node, [commission])))).json.tx_response;
    assert.equal([wrong.codespace, wrong.code], ["sdk", 4]);
    assert.match(wrong.raw_log, /^signature verification failed/);

    const signer = await protoSigner(1, "amino"); // the helpers' converters: the SDK's names
    const a = node.chain.directory.account(signer.address)!;
    const bytes = await signer.sign([commission], { chainId: node.chain.chainId, accountNumber: a.accountNumber, sequence: a.sequence });
    const sent = (await node.post("/cosmos/tx/v1beta1/txs", keplrBody(bytes))).json.tx_response;
    assert.is(sent.code, 0, sent.raw_log);
    await node.chain.advance(1n);
    const got = (await node.get(`/cosmos/tx/v1beta1/txs/${clientTxHash(bytes)}`)).json.tx_response;
    assert.is(got.code, 0, got.raw_log);
    assert.ok(got.events.some((e: any) => e.type === "withdraw_commission"));

    // MsgCancelProposal signed with its type URL as the amino type passes the signature check;
    // the proposal does not exist, so the message fails in its block (not at CheckTx).
    const p = await protoSigner(5, "amino");
    const pa = node.chain.directory.account(p.address)!;
    const cancelled = await p.sign([cancel], { chainId: node.chain.chainId, accountNumber: pa.accountNumber, sequence: pa.sequence });
    const c = (await node.post("/cosmos/tx/v1beta1/txs", keplrBody(cancelled))).json.tx_response;
    assert.is(c.code, 0, c.raw_log);
    await node.chain.advance(1n);
    const cr = (await node.get(`/cosmos/tx/v1beta1/txs/${clientTxHash(cancelled)}`)).json.tx_response;
    assert.is(cr.codespace, "gov");
    assert.match(cr.raw_log, /^failed to execute message; message index: 0: /);
  } finally {
    node.chain.close();
  }
});

test.run();
