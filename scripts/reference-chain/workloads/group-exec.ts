// Workload "group-exec": x/group's proposal execution in the SDK's cached context, and a proposal
// of several proposers. A 2-message proposal (the policy's send, then a send of more than it has
// left) executes with FAILURE, the first send undone, the tx succeeding; executed again, the same.
// A MsgSubmitProposal with two proposers: refused with one signature (CheckTx), refused with a
// wrong second one, accepted signed by both (one TxRaw, two SignerInfos); inside an authz MsgExec,
// refused (a grant covers a message of one signer).

import type { Any } from "cosmjs-types/google/protobuf/any";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { MsgExec } from "cosmjs-types/cosmos/authz/v1beta1/tx";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { DirectSecp256k1Wallet, encodePubkey, makeAuthInfoBytes, makeSignDoc, type EncodeObject } from "@cosmjs/proto-signing";
import { encodeSecp256k1Pubkey } from "@cosmjs/amino";
import { fromBase64 } from "@cosmjs/encoding";
import { fee, type Recorder, type Sent, type Signer } from "../lib/recorder.js";
import { CHAIN_ID } from "../lib/chain.js";
import { registry } from "../lib/msgs.js";
import { G, member, thresholdPolicy } from "../lib/group.js";
import { accountPath, attr, balances, send, type Ctx } from "./common.js";

export const NAME = "group-exec";

const sendAny = (from: string, to: string, amount: bigint): Any =>
  ({ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: MsgSend.encode(MsgSend.fromPartial({ fromAddress: from, toAddress: to, amount: [{ denom: "basecro", amount: `${amount}` }] })).finish() });
const typed = (s: Sent, type: string, key: string): string => JSON.parse(attr(s, `cosmos.group.v1.${type}`, key) ?? '""') as string;

/** One TxRaw signed (SIGN_MODE_DIRECT) by `signers`, one SignerInfo each; `keys` sign in their place (default: their own). */
async function multiSigned(r: Recorder, msgs: EncodeObject[], signers: Signer[], keys = signers): Promise<Uint8Array> {
  const accounts = await Promise.all(signers.map((s) => r.account(s.address)));
  const bodyBytes = registry().encode({ typeUrl: "/cosmos.tx.v1beta1.TxBody", value: { messages: msgs, memo: "" } });
  const f = fee();
  const authInfoBytes = makeAuthInfoBytes(
    signers.map((s, i) => ({ pubkey: encodePubkey(encodeSecp256k1Pubkey(s.pubkey)), sequence: Number(accounts[i]!.sequence) })),
    f.amount, Number(f.gas), undefined, undefined, SignMode.SIGN_MODE_DIRECT,
  );
  const signatures: Uint8Array[] = [];
  for (const [i, k] of keys.entries()) {
    const wallet = await DirectSecp256k1Wallet.fromKey(k.privateKey, "cro");
    const doc = makeSignDoc(bodyBytes, authInfoBytes, CHAIN_ID, Number(accounts[i]!.accountNumber));
    signatures.push(fromBase64((await wallet.signDirect(k.address, doc)).signature.signature));
  }
  return TxRaw.encode({ bodyBytes, authInfoBytes, signatures }).finish();
}

export async function run({ r, dev }: Ctx): Promise<void> {
  const [, , d2, d3, d4, , d6] = dev as Signer[];
  const admin = d2!.address, m1 = d3!.address, out = d6!.address;
  const proposal = (id: number) => `/cosmos/group/v1/proposal/${id}`;

  await r.tx("group create group 1 (admin 1, m1 1)", d2!, [G.createGroup(admin, [member(admin, "1"), member(m1, "1")], "g")]);
  const created = await r.tx("group create policy P on group 1: threshold 1, voting 600 s", d2!, [G.createPolicy(admin, 1n, thresholdPolicy("1", 600), "p")]);
  const P = typed(created, "EventCreateGroupPolicy", "address");
  await r.tx("bank send 100000 to P", d2!, [send(admin, P, 100_000n)], { queries: [accountPath(P), balances(P)] });

  // ---- a proposal whose second message fails: the first one's send undone ----
  await r.tx("group submit proposal 1 on P with Exec TRY: a send of 1000 then one of 99500 (FAILURE, nothing sent)", d3!,
    [G.submit(P, [m1], [sendAny(P, out, 1000n), sendAny(P, out, 99_500n)], { exec: true })],
    { queries: [proposal(1), balances(P), balances(out), accountPath(m1)] });
  await r.tx("group exec proposal 1 again by the admin (FAILURE again)", d2!, [G.exec(1n, admin)], { queries: [proposal(1), balances(P), balances(out)] });
  await r.tx("group submit proposal 2 on P with Exec TRY: the send of 1000 alone (SUCCESS)", d3!,
    [G.submit(P, [m1], [sendAny(P, out, 1000n)], { exec: true })], { queries: [balances(P), balances(out)] });

  // ---- two proposers: both sign ----
  const two = G.submit(P, [m1, admin], [sendAny(P, out, 1n)], { title: "two" });
  await r.tx("INVALID group submit proposal with proposers m1 and the admin, signed by m1 alone", d3!, [two]);
  await r.broadcast("INVALID group submit proposal with proposers m1 and the admin, the second signature by another key", d3!, await multiSigned(r, [two], [d3!, d2!], [d3!, d4!]));
  await r.broadcast("group submit proposal 3 with proposers m1 and the admin, signed by both", d3!, await multiSigned(r, [two], [d3!, d2!]), {
    queries: [proposal(3), accountPath(m1), accountPath(admin)],
  });
  await r.tx("INVALID authz exec by m1 of a proposal with two proposers (one signer per message)", d3!, [{
    typeUrl: "/cosmos.authz.v1beta1.MsgExec",
    value: MsgExec.fromPartial({ grantee: m1, msgs: [{ typeUrl: two.typeUrl, value: registry().encode(two) }] }),
  }]);
}
