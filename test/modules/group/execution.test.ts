// x/group's proposal execution as the SDK's cached context runs it, and a proposal with several
// proposers: a 2-message proposal whose second message fails executes with FAILURE and keeps none
// of its first message's writes (the policy's send undone in the core, not only in the module's
// records), the tx itself succeeding with its fee and sequence taken — the state, x/group's records
// apart, is that of a node where the same signer's tx ran no proposal message at all; a
// MsgSubmitProposal names every proposer as a signer, so its tx needs all their signatures
// (CosmJS's makeAuthInfoBytes / signDirect, one SignerInfo each) and is refused with one missing.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { SigningStargateClient, defaultRegistryTypes, type StdFee } from "@cosmjs/stargate";
import { DirectSecp256k1Wallet, Registry, encodePubkey, makeAuthInfoBytes, makeSignDoc, type EncodeObject } from "@cosmjs/proto-signing";
import { encodeSecp256k1Pubkey } from "@cosmjs/amino";
import { Secp256k1 } from "@cosmjs/crypto";
import { fromBase64 } from "@cosmjs/encoding";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { sendAny, typed } from "../../helpers/group.js";
import { devAddress, devPrivateKey } from "../../../host/app/genesis.js";
import { G, member, thresholdPolicy } from "../../../scripts/reference-chain/lib/group.js";
import { keplrBody } from "../../helpers/cosmjs.js";
import { nodeHarness, type TestNode } from "../../helpers/node.js";

const h = await nodeHarness({ prefix: "group-exec-" });
test.after(() => h.remove());

const FEE = 5000n;
const FEE_OBJ: StdFee = { amount: [{ denom: "basecro", amount: `${FEE}` }], gas: "600000" };
const registry = new Registry(defaultRegistryTypes);
const [ADMIN, M1, OUT] = [devAddress(2), devAddress(3), devAddress(6)];
/** address.Module("group", 0x20, 1): the first policy's account. */
const P1 = "cro1afk9zr2hn2jsac63h4hm60vl9z3e5u69gndzf7c99cqge3vzwjzsupxleu";

/** A TxRaw of `msgs` signed by dev keys `signers` (SIGN_MODE_DIRECT, one SignerInfo each), `signWith` giving the key of each (default: its own). */
async function signedBy(node: TestNode, msgs: EncodeObject[], signers: number[], signWith = signers): Promise<Uint8Array> {
  const accounts = signers.map((n) => node.chain.directory.account(devAddress(n))!);
  const bodyBytes = registry.encode({ typeUrl: "/cosmos.tx.v1beta1.TxBody", value: { messages: msgs, memo: "" } });
  const infos = await Promise.all(signers.map(async (n, i) => {
    const { pubkey } = await Secp256k1.makeKeypair(devPrivateKey(n));
    return { pubkey: encodePubkey(encodeSecp256k1Pubkey(Secp256k1.compressPubkey(pubkey))), sequence: Number(accounts[i]!.sequence) };
  }));
  const authInfoBytes = makeAuthInfoBytes(infos, FEE_OBJ.amount, Number(FEE_OBJ.gas), undefined, undefined, SignMode.SIGN_MODE_DIRECT);
  const signatures: Uint8Array[] = [];
  for (const [i, n] of signWith.entries()) {
    const wallet = await DirectSecp256k1Wallet.fromKey(devPrivateKey(n), "cro");
    const doc = makeSignDoc(bodyBytes, authInfoBytes, node.chain.chainId, Number(accounts[i]!.accountNumber));
    signatures.push(fromBase64((await wallet.signDirect(devAddress(n), doc)).signature.signature));
  }
  return TxRaw.encode({ bodyBytes, authInfoBytes, signatures }).finish();
}

/** One signer through SigningStargateClient. */
async function signed(node: TestNode, n: number, msgs: EncodeObject[]): Promise<Uint8Array> {
  const client = await SigningStargateClient.offline(await DirectSecp256k1Wallet.fromKey(devPrivateKey(n), "cro"), { registry });
  const a = node.chain.directory.account(devAddress(n))!;
  return TxRaw.encode(await client.sign(devAddress(n), msgs, FEE_OBJ, "", { accountNumber: a.accountNumber, sequence: Number(a.sequence), chainId: node.chain.chainId })).finish();
}

/** Broadcasts and makes the block: the committed tx_response, or CheckTx's refusal (stage check). */
async function broadcast(node: TestNode, bytes: Uint8Array): Promise<any> {
  const r = (await node.post("/cosmos/tx/v1beta1/txs", keplrBody(bytes))).json.tx_response;
  if (r.code !== 0) return { ...r, stage: "check" };
  await node.chain.advance(1n);
  return { ...(await node.get(`/cosmos/tx/v1beta1/txs/${r.txhash}`)).json.tx_response, stage: "deliver" };
}

const balance = (node: TestNode, a: string) => node.chain.ledger.balance(node.chain.directory.accountId(a)!);
const sequence = (node: TestNode, a: string) => node.chain.directory.account(a)!.sequence;

/** A group {ADMIN 1, M1 1} with a threshold-1 policy P1 holding 100,000. */
async function withPolicy(): Promise<TestNode> {
  const node = await h.open();
  let r = await broadcast(node, await signed(node, 2, [G.createGroup(ADMIN, [member(ADMIN, "1"), member(M1, "1")], "g")]));
  assert.is(r.code, 0, r.raw_log);
  r = await broadcast(node, await signed(node, 2, [G.createPolicy(ADMIN, 1n, thresholdPolicy("1", 600), "p")]));
  assert.is(JSON.parse(typed(r, "EventCreateGroupPolicy").address!), P1);
  r = await broadcast(node, await signed(node, 2, [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: MsgSend.fromPartial({ fromAddress: ADMIN, toAddress: P1, amount: [{ denom: "basecro", amount: "100000" }] }) }]));
  assert.is(r.code, 0, r.raw_log);
  return node;
}

/** The exported state without x/group's section (and the node's own). */
function stateApartFromGroup(node: TestNode): unknown {
  const doc = node.chain.exportGenesis() as any;
  delete doc.app_state.node_state;
  delete doc.app_state.group;
  return doc.app_state;
}

test("a proposal's second message failing undoes its first (the policy's send): FAILURE, the tx's fee and sequence taken, nothing else", async () => {
  const node = await withPolicy();
  const other = await withPolicy();
  try {
    const [p1, out, m1, seq] = [balance(node, P1), balance(node, OUT), balance(node, M1), sequence(node, M1)];
    // Exec TRY at submission: M1's yes reaches the threshold, the messages run: the send of 1,000, then one of more than is left
    const r = await broadcast(node, await signed(node, 3, [G.submit(P1, [M1], [sendAny(P1, OUT, 1000n), sendAny(P1, OUT, 99_500n)], { exec: true })]));
    assert.equal([r.stage, r.code], ["deliver", 0], r.raw_log);
    assert.is(JSON.parse(typed(r, "EventExec").result!), "PROPOSAL_EXECUTOR_RESULT_FAILURE");
    assert.match(JSON.parse(typed(r, "EventExec").logs!), "because of error message /cosmos.bank.v1beta1.MsgSend at position 1: ");
    assert.not.ok(r.events.some((e: any) => e.type === "transfer" && e.attributes.some((a: any) => a.key === "recipient" && a.value === OUT)), "no transfer event of the undone send");
    assert.is(balance(node, P1), p1, "the policy's balance unchanged");
    assert.is(balance(node, OUT), out);
    assert.is(balance(node, M1), m1 - FEE, "the fee taken");
    assert.is(sequence(node, M1), seq + 1n, "the sequence taken");
    const p = (await node.get("/cosmos/group/v1/proposal/1")).json.proposal;
    assert.equal([p.status, p.executor_result], ["PROPOSAL_STATUS_ACCEPTED", "PROPOSAL_EXECUTOR_RESULT_FAILURE"]);
    assert.equal((await node.get(`/cosmos/bank/v1beta1/balances/${P1}/by_denom?denom=basecro`)).json.balance.amount, `${p1}`);
    // the other node: the same signer's tx, its fee and sequence, running no proposal message (an exec of no proposal)
    const none = await broadcast(other, await signed(other, 3, [G.exec(99n, M1)]));
    assert.equal([none.stage, none.code], ["deliver", 38]);
    assert.equal(stateApartFromGroup(node), stateApartFromGroup(other));
    // executed again, it fails again, still leaving the policy's balance
    const again = await broadcast(node, await signed(node, 2, [G.exec(1n, ADMIN)]));
    assert.is(again.code, 0, again.raw_log);
    assert.is(JSON.parse(typed(again, "EventExec").result!), "PROPOSAL_EXECUTOR_RESULT_FAILURE");
    assert.is(balance(node, P1), p1);
    // and a proposal of the first message alone succeeds: the send is made
    const ok = await broadcast(node, await signed(node, 3, [G.submit(P1, [M1], [sendAny(P1, OUT, 1000n)], { exec: true })]));
    assert.is(JSON.parse(typed(ok, "EventExec").result!), "PROPOSAL_EXECUTOR_RESULT_SUCCESS");
    assert.is(balance(node, P1), p1 - 1000n);
    assert.equal(node.chain.ledger.checkInvariants(), []);
  } finally {
    await other.chain.close();
  }
});

test("MsgSubmitProposal with two proposers: signed by both it is accepted; one signature missing or wrong, refused", async () => {
  const node = await withPolicy();
  const msg = G.submit(P1, [M1, ADMIN], [sendAny(P1, OUT, 1n)], { title: "two" });
  const [s2, s3] = [sequence(node, ADMIN), sequence(node, M1)];
  const missing = await broadcast(node, await signed(node, 3, [msg]));
  assert.is(missing.stage, "check");
  assert.equal([missing.codespace, missing.code], ["sdk", 4]);
  assert.match(missing.raw_log, "wrong number of signers; expected 2, got 1");
  const wrong = await broadcast(node, await signedBy(node, [msg], [3, 2], [3, 4]));
  assert.is(wrong.stage, "check");
  assert.equal([wrong.codespace, wrong.code], ["sdk", 4]);
  assert.match(wrong.raw_log, `signature verification failed; please verify account number (${node.chain.directory.account(ADMIN)!.accountNumber}) and chain-id (${node.chain.chainId}): (unable to verify single signer signature)`);
  assert.is((await node.get("/cosmos/group/v1/proposals_by_group_policy/" + P1)).json.proposals.length, 0);
  const both = await broadcast(node, await signedBy(node, [msg], [3, 2]));
  assert.equal([both.stage, both.code], ["deliver", 0], both.raw_log);
  assert.is(sequence(node, M1), s3 + 1n);
  assert.is(sequence(node, ADMIN), s2 + 1n);
  const p = (await node.get("/cosmos/group/v1/proposal/1")).json.proposal;
  assert.equal([p.proposers, p.title], [[M1, ADMIN], "two"]);
  // the same proposal's messages, inside an authz MsgExec: a grant covers a message of one signer only
  const viaAuthz = await broadcast(node, await signed(node, 3, [{
    typeUrl: "/cosmos.authz.v1beta1.MsgExec",
    value: { grantee: M1, msgs: [{ typeUrl: msg.typeUrl, value: registry.encode(msg) }] },
  }]));
  assert.equal([viaAuthz.stage, viaAuthz.codespace, viaAuthz.code], ["deliver", "authz", 9], viaAuthz.raw_log);
});

test.run();
