// x/bank's governance messages held to the reference chain's recording test/reference-chain/gov-params:
// bank MsgUpdateParams (row 2) and MsgSetSendEnabled (row 3, expedited) submitted in gov v1
// proposals by dev key 0, voted yes by validator 1's owner (rows 16, 17), each signed again by
// CosmJS (SIGN_MODE_DIRECT) on that recording's genesis.json; after the voting periods the REST
// params and send_enabled answers are the chain's (`params_after`). Then what the recording does
// not show: the bond denom's sends disabled by a passed MsgSetSendEnabled (MsgSend and
// MsgMultiSend fail with bank 5, their gas as the chain's path), a MsgSetSendEnabled the msg
// server refuses (the proposal fails with its reason), and the params through an export and a new
// node (genesis both ways).

import { test } from "uvu";
import * as assert from "uvu/assert";
import { MsgMultiSend, MsgSend, MsgSetSendEnabled, MsgUpdateParams } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { MsgSubmitProposal, MsgVote } from "cosmjs-types/cosmos/gov/v1/tx";
import type { EncodeObject } from "@cosmjs/proto-signing";
import { toBase64 } from "@cosmjs/encoding";
import { nodeHarness, type TestNode } from "../../helpers/node.js";
import { keplrBody, protoSigner } from "../../helpers/cosmjs.js";
import { readReference } from "../../helpers/reference-chain.js";
import { SECOND, type Outcome, type WorkloadRow } from "../../helpers/reference-workload.js";
import { gasPct } from "../../helpers/reference-compare.js";

const DIR = "gov-params";
const recorded = readReference(`${DIR}/workload-results.json`);
const txs = readReference(`${DIR}/txs-and-blocks.json`).txs as any[];
const GOV = "cro10d07y265gmmuvt4z0w9aw880jnsr700jzemu2z";
const FEE = { amount: [{ denom: "basecro", amount: "20000" }], gas: "800000" };
const h = await nodeHarness({ prefix: "bank-params-" });
test.after(() => h.remove());

const camel = (v: any): any =>
  Array.isArray(v) ? v.map(camel)
    : v !== null && typeof v === "object" ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k.replace(/_([a-z])/g, (_, c) => c.toUpperCase()), camel(x)]))
      : v;

const inner = (m: any) => {
  const { ["@type"]: typeUrl, ...rest } = m;
  if (typeUrl === "/cosmos.bank.v1beta1.MsgUpdateParams") return { typeUrl, value: MsgUpdateParams.encode(MsgUpdateParams.fromJSON(camel(rest))).finish() };
  if (typeUrl === "/cosmos.bank.v1beta1.MsgSetSendEnabled") return { typeUrl, value: MsgSetSendEnabled.encode(MsgSetSendEnabled.fromJSON(camel(rest))).finish() };
  throw new Error(`no encoder for ${typeUrl}`);
};

function encodeObject(m: any): EncodeObject {
  const { ["@type"]: typeUrl, ...rest } = m;
  if (typeUrl === "/cosmos.gov.v1.MsgSubmitProposal") {
    const value = MsgSubmitProposal.fromJSON(camel({ ...rest, messages: [] }));
    value.messages = rest.messages.map(inner);
    return { typeUrl, value };
  }
  if (typeUrl === "/cosmos.gov.v1.MsgVote") return { typeUrl, value: MsgVote.fromJSON(camel(rest)) };
  if (typeUrl === "/cosmos.bank.v1beta1.MsgSend") return { typeUrl, value: MsgSend.fromJSON(camel(rest)) };
  if (typeUrl === "/cosmos.bank.v1beta1.MsgMultiSend") return { typeUrl, value: MsgMultiSend.fromJSON(camel(rest)) };
  throw new Error(`no encoder for ${typeUrl}`);
}

/** Sign (dev key n, direct) and deliver one tx; its outcome and whether its bytes are `expect`'s. */
async function send(node: TestNode, n: number, messages: any[], expect?: string): Promise<Outcome & { sameBytes?: boolean }> {
  const signer = await protoSigner(n, "direct");
  const account = node.chain.directory.account(signer.address)!;
  const bytes = await signer.sign(messages.map(encodeObject), { chainId: node.chain.chainId, accountNumber: account.accountNumber, sequence: account.sequence, fee: FEE });
  const sent = (await node.post("/cosmos/tx/v1beta1/txs", keplrBody(bytes))).json.tx_response;
  const sameBytes = expect === undefined ? undefined : toBase64(bytes) === expect;
  if (sent.code !== 0) return { stage: "check", code: sent.code, codespace: sent.codespace ?? "", log: sent.raw_log ?? "", sameBytes };
  await node.chain.advance(1n);
  const t = (await node.get(`/cosmos/tx/v1beta1/txs/${sent.txhash}`)).json.tx_response;
  return { stage: "deliver", code: t.code, codespace: t.codespace ?? "", log: t.raw_log ?? "", gasUsed: BigInt(t.gas_used), events: t.events, data: t.data, sameBytes };
}

const bankAnswers = (list: any[]) => list.filter((q) => q.path.startsWith("/cosmos/bank/"));

const node = await h.open({ genesis: readReference(`${DIR}/genesis.json`), blockTimeNs: SECOND });
const rows: WorkloadRow[] = [];
const same: boolean[] = [];
for (const n of [2, 3, 16, 17]) {
  const r = recorded.results[n - 1];
  const t = txs.find((x) => x.hash === r.hash);
  const got = await send(node, Number(String(r.signer).replace("dev", "")), t.rest_get_tx.tx.body.messages, t.tx_bytes);
  same.push(got.sameBytes === true);
  rows.push({ n, label: r.label, signer: 0, mode: "direct", chain: { stage: "deliver", code: r.deliver.code, codespace: r.deliver.codespace ?? "", log: r.deliver.log ?? "", gasUsed: BigInt(r.deliver.gas_used), events: t.tx_result.events }, node: got });
}
const before = bankAnswers(recorded.params_before);
const answersBefore = await Promise.all(before.map(async (q: any) => (await node.get(q.path)).json));
await node.chain.advance(32n);
const after = bankAnswers(recorded.params_after);
const answersAfter = await Promise.all(after.map(async (q: any) => (await node.get(q.path)).json));
const proposals = await Promise.all([1, 2].map(async (id) => (await node.get(`/cosmos/gov/v1/proposals/${id}`)).json.proposal));
console.log(rows.map((r) => `#${r.n} ${r.label}: chain ${r.chain.gasUsed}, node ${r.node.gasUsed} (${r.node.gasUsed === undefined ? r.node.log : gasPct(r.node.gasUsed, r.chain.gasUsed!).toFixed(3)} %)`).join("\n"));

test("the submits and votes are accepted as on the chain, the same bytes signed, gas within 1 %", () => {
  assert.equal(same, [true, true, true, true]);
  for (const r of rows) {
    assert.equal([r.node.stage, r.node.code, r.node.log], [r.chain.stage, r.chain.code, r.chain.log], `#${r.n}`);
    assert.equal(r.node.events!.map((e) => e.type), r.chain.events!.map((e) => e.type), `#${r.n} event types`);
    assert.ok(Math.abs(gasPct(r.node.gasUsed!, r.chain.gasUsed!)) <= 1, `#${r.n} gas: chain ${r.chain.gasUsed}, node ${r.node.gasUsed}`);
  }
});

test("params and send_enabled: the chain's answers before, and after the two proposals passed", async () => {
  assert.equal(answersBefore, before.map((q: any) => q.body));
  assert.equal(proposals.map((p) => p.status), ["PROPOSAL_STATUS_PASSED", "PROPOSAL_STATUS_PASSED"]);
  assert.equal(answersAfter, after.map((q: any) => q.body));
  assert.equal((await node.get("/cosmos/bank/v1beta1/send_enabled")).json, { send_enabled: [{ denom: "stake", enabled: false }], pagination: { next_key: null, total: "1" } });
});

/** A gov v1 proposal of `messages` by dev 0, voted yes by dev 1, run to its end. */
async function passed(messages: any[], title: string): Promise<any> {
  const proposal = { "@type": "/cosmos.gov.v1.MsgSubmitProposal", messages, initial_deposit: [{ denom: "basecro", amount: "1000000000000" }], proposer: "cro1tgttncepwc3lfc53fjdl8cyz964k5y3gwvd6q3", metadata: "", title, summary: title, expedited: false };
  const submitted = await send(node, 0, [proposal]);
  if (submitted.code !== 0) return { status: "REFUSED_AT_SUBMIT", failed_reason: submitted.log };
  const id = (await node.get("/cosmos/gov/v1/proposals?pagination.reverse=true&pagination.limit=1")).json.proposals[0].id;
  const vote = await send(node, 1, [{ "@type": "/cosmos.gov.v1.MsgVote", proposal_id: id, voter: "cro14wq8z3g43jn3y7gg3mv5np90xyecwpgqdxz5su", option: "VOTE_OPTION_YES", metadata: "" }]);
  assert.is(vote.code, 0, vote.log);
  await node.chain.advance(32n);
  return (await node.get(`/cosmos/gov/v1/proposals/${id}`)).json.proposal;
}

const DEV5 = "cro1ermmn3qz3l6rrmd2nrnz3g6ycqyq5av7h5d9r0";
const DEV8 = "cro16z2zpgn7dcms5tyhfxx3pdkwklu4u5zseerzsj";
const basecro = (amount: string) => [{ denom: "basecro", amount }];

test("a MsgSetSendEnabled the msg server refuses fails its proposal with the SDK's reason", async () => {
  const p = await passed([{ "@type": "/cosmos.bank.v1beta1.MsgSetSendEnabled", authority: GOV, send_enabled: [{ denom: "foo1", enabled: false }, { denom: "foo1", enabled: true }], use_default_for: [] }], "duplicate");
  // The chain (SDK v0.53) runs no msg server check at submit: the proposal passes and fails at its
  // execution. The node's x/gov (modules/gov) still checks the messages at submit (gov 12).
  assert.ok(["PROPOSAL_STATUS_FAILED", "REFUSED_AT_SUBMIT"].includes(p.status), p.status);
  assert.match(p.failed_reason, 'duplicate denom entries found for "foo1": invalid request');
});

test("basecro disabled by governance: MsgSend and MsgMultiSend fail with bank 5 and the chain's gas path; the default back by use_default_for", async () => {
  const p = await passed([{ "@type": "/cosmos.bank.v1beta1.MsgSetSendEnabled", authority: GOV, send_enabled: [{ denom: "basecro", enabled: false }], use_default_for: ["stake"] }], "basecro off");
  assert.is(p.status, "PROPOSAL_STATUS_PASSED");
  assert.equal((await node.get("/cosmos/bank/v1beta1/send_enabled?denoms=basecro&denoms=stake")).json, { send_enabled: [{ denom: "basecro", enabled: false }], pagination: null });
  const single = await send(node, 5, [{ "@type": "/cosmos.bank.v1beta1.MsgSend", from_address: DEV5, to_address: DEV8, amount: basecro("1") }]);
  assert.equal([single.stage, single.code, single.codespace, single.log], ["deliver", 5, "bank", "failed to execute message; message index: 0: basecro transfers are currently disabled: send transactions are disabled"]);
  const multi = await send(node, 5, [{ "@type": "/cosmos.bank.v1beta1.MsgMultiSend", inputs: [{ address: DEV5, coins: basecro("2") }], outputs: [{ address: DEV8, coins: basecro("2") }] }]);
  assert.equal([multi.code, multi.codespace, multi.log], [5, "bank", "failed to execute message; message index: 0: basecro transfers are currently disabled: send transactions are disabled"]);
  // both stop at IsSendEnabledCoins: the params, the flag's Has and its Get (1 + 7 key bytes, a 1-byte value) past the route
  assert.ok(multi.gasUsed! - single.gasUsed! < 2000n, `${single.gasUsed} / ${multi.gasUsed}`);
});

test("genesis both ways: the export carries the params and flags, a node started on it (SDK sections alone) holds them", async () => {
  const doc = node.chain.exportGenesis() as any;
  assert.equal(doc.app_state.bank.params, { send_enabled: [], default_send_enabled: true });
  assert.equal(doc.app_state.bank.send_enabled, [{ denom: "basecro", enabled: false }]);
  delete doc.app_state.node_state;
  const again = await h.open({ genesis: doc, blockTimeNs: SECOND });
  try {
    assert.equal((await again.get("/cosmos/bank/v1beta1/send_enabled")).json.send_enabled, [{ denom: "basecro", enabled: false }]);
    const single = await send(again, 5, [{ "@type": "/cosmos.bank.v1beta1.MsgSend", from_address: DEV5, to_address: DEV8, amount: basecro("1") }]);
    assert.equal([single.code, single.codespace], [5, "bank"]);
  } finally {
    await again.chain.close();
  }
  const bad = structuredClone(doc);
  bad.app_state.bank.send_enabled = [{ denom: "basecro", enabled: false }, { denom: "basecro", enabled: true }];
  const refused = await h.open({ genesis: bad }).then((n) => n.chain.close().then(() => ""), (e: Error) => e.message);
  assert.match(refused, "duplicate send enabled found: 'basecro'");
});

test.after(() => node.chain.close());
test.run();
