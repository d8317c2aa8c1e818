// The comparison that holds the node to the recorded workload (helpers/reference-compare.ts): it
// passes the record compared with itself, and each kind of difference, made on a copy of a recorded
// tx, is reported on its own line; the normalisations hide only times and 32-byte addresses; no tx's
// amounts are excepted (clear-position's were, until CometBFT's two-block delay of validator-set
// updates was modelled: app/block.ts).

import { test } from "uvu";
import * as assert from "uvu/assert";
import { recordedWorkload, type Outcome, type WorkloadRow } from "../helpers/reference-workload.js";
import { differences, eventsEqual, normalize, responseTypes, responseValues } from "../helpers/reference-compare.js";
import { TxMsgData } from "cosmjs-types/cosmos/base/abci/v1beta1/abci";
import { MsgUndelegateResponse } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { toBase64 } from "@cosmjs/encoding";

const recorded = recordedWorkload();
const rowOf = (label: string, edit: (node: Outcome) => void = () => {}): WorkloadRow => {
  const r = recorded.find((x) => x.label === label)!;
  const node: Outcome = structuredClone(r.chain);
  edit(node);
  return { n: r.n, label: r.label, signer: r.signer, mode: r.mode, chain: r.chain, node };
};
const event = (o: Outcome, type: string) => o.events!.find((e) => e.type === type)!;

test("the record compared with itself: no difference in any of the 41 txs", () => {
  assert.is(recorded.length, 41);
  assert.equal(recorded.map((r) => differences(rowOf(r.label))).filter((d) => d.length > 0), []);
});

test("stage, code, codespace and raw log: each reported", () => {
  const refused = rowOf("INVALID zero-amount send", (n) => {
    Object.assign(n, { stage: "check", code: 10, log: "0basecro: invalid coins" });
  });
  assert.equal(differences(refused), [
    'stage: chain "deliver", node "check"',
    'raw_log: chain "failed to execute message; message index: 0: 0basecro: invalid coins", node "0basecro: invalid coins"',
  ]);
  assert.equal(differences(rowOf("INVALID unknown-tier", (n) => { n.codespace = "sdk"; n.code = 18; })), [
    "code: chain 17, node 18", 'codespace: chain "tieredrewards", node "sdk"',
  ]);
});

test("gas: within 1 % passes, beyond it is reported with its percentage", () => {
  assert.equal(differences(rowOf("send", (n) => { n.gasUsed = 82_400n; })), []);
  assert.equal(differences(rowOf("send", (n) => { n.gasUsed = 83_000n; })), ["gas_used: chain 81618, node 83000 (1.69 %)"]);
});

test("events: types in order, keys in order, values after normalising", () => {
  const swapped = rowOf("send", (n) => { [n.events![0], n.events![1]] = [n.events![1]!, n.events![0]!]; });
  assert.match(differences(swapped)[0]!, /^event types:\n {6}chain coin_spent coin_received/);
  assert.is(eventsEqual(swapped), false);
  const keys = rowOf("send", (n) => { event(n, "transfer").attributes.reverse(); });
  assert.equal(differences(keys), ["event 2 transfer keys: chain [recipient, sender, amount], node [amount, sender, recipient]"]);
  const value = rowOf("send", (n) => { event(n, "transfer").attributes[0]!.value = "cro1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq"; });
  assert.is(differences(value).length, 1);
  assert.match(differences(value)[0]!, /^event 2 transfer\.recipient:/);
});

test("normalising: a time's fraction kept as present or absent; 20-byte addresses and amounts kept", () => {
  assert.is(normalize("2026-11-26T21:23:48Z"), "<time>");
  assert.is(normalize("2026-11-26T21:23:48.5Z"), "<time.frac>");
  assert.is(normalize('{"t":"2026-11-26T21:21:58.248031837Z","u":"0001-01-01T00:00:00Z"}'), '{"t":"<time.frac>","u":"<time>"}');
  const a32 = "cro1uzfkxv40c6p0g2nc7ufjytzxtuqh4upxe5hgtvez4pqkqzlsedjsj33fph";
  const a20 = "cro1ermmn3qz3l6rrmd2nrnz3g6ycqyq5av7h5d9r0";
  assert.is(normalize(`${a32}/${a20} 9084basecro`), `<addr32>/${a20} 9084basecro`);
  const completion = rowOf("redelegate", (n) => {
    const a = event(n, "redelegate").attributes.find((x) => x.key === "completion_time")!;
    a.value = a.value.replace("Z", ".5Z");
  });
  assert.equal(differences(completion), ["event 13 redelegate.completion_time:\n      chain <time>\n      node  <time.frac>"]);
  const other = rowOf("lock-tier1", (n) => {
    const delegator = n.events!.flatMap((e) => e.attributes).filter((a) => /^cro1[0-9a-z]{58}$/.test(a.value));
    assert.ok(delegator.length > 0);
    for (const a of delegator) a.value = "cro1qnfmeutdzdesms99ypmavkqnvnz7ywrl94gp64vr85fumzjw0ujsal8jgs";
  });
  assert.equal(differences(other), []);
});

test("no exception: clear-position's reward amounts are compared as everyone's", () => {
  const amounts = (n: Outcome) => {
    for (const e of n.events!) for (const a of e.attributes) if (a.key === "amount" && a.value === "9084basecro") a.value = "10598basecro";
    const claimed = event(n, "chainmain.tieredrewards.v1.EventBaseRewardsClaimed").attributes.find((a) => a.key === "rewards")!;
    claimed.value = claimed.value.replace("9084", "10598");
  };
  assert.equal(differences(rowOf("clear-position (cancel exit of posA)", amounts)), [
    "event 8 coin_spent.amount:\n      chain 9084basecro\n      node  10598basecro",
    "event 9 coin_received.amount:\n      chain 9084basecro\n      node  10598basecro",
    "event 10 transfer.amount:\n      chain 9084basecro\n      node  10598basecro",
    "event 12 withdraw_rewards.amount:\n      chain 9084basecro\n      node  10598basecro",
    'event 13 chainmain.tieredrewards.v1.EventBaseRewardsClaimed.rewards:\n      chain [{"denom":"basecro","amount":"9084"}]\n      node  [{"denom":"basecro","amount":"10598"}]',
  ]);
  const validator = rowOf("clear-position (cancel exit of posA)", (n) => { event(n, "withdraw_rewards").attributes[1]!.value = "crocncl1other"; });
  assert.is(differences(validator).length, 1);
  const claim = rowOf("claim-rewards", (n) => { event(n, "withdraw_rewards").attributes[0]!.value = "1basecro"; });
  assert.is(differences(claim).length, 1);
});

test("msg responses: their type URLs, from CometBFT's base64 or REST's hex", () => {
  assert.equal(responseTypes("EiYKJC9jb3Ntb3MuYmFuay52MWJldGExLk1zZ1NlbmRSZXNwb25zZQ=="), ["/cosmos.bank.v1beta1.MsgSendResponse"]);
  assert.equal(responseTypes("12260A242F636F736D6F732E62616E6B2E763162657461312E4D736753656E64526573706F6E7365"), ["/cosmos.bank.v1beta1.MsgSendResponse"]);
  assert.equal(responseTypes(""), []);
  const other = rowOf("send", (n) => { n.data = "12260A242F636F736D6F732E62616E6B2E763162657461312E4D736753656E64526573706F6E7366"; });
  assert.equal(differences(other), ["msg_responses: chain [/cosmos.bank.v1beta1.MsgSendResponse], node [/cosmos.bank.v1beta1.MsgSendResponsf]"]);
});

test("msg responses: their values, times and 32-byte addresses normalised (a response's amount is compared)", () => {
  const data = (amount: string, nanos: number) => toBase64(TxMsgData.encode(TxMsgData.fromPartial({
    msgResponses: [{
      typeUrl: "/cosmos.staking.v1beta1.MsgUndelegateResponse",
      value: MsgUndelegateResponse.encode({ completionTime: { seconds: 1_800_000_000n + BigInt(nanos), nanos: 5 }, amount: { denom: "basecro", amount } }).finish(),
    }],
  })).finish());
  const row = (c: string, n: string): WorkloadRow => ({ ...rowOf("undelegate"), chain: { ...rowOf("undelegate").chain, data: c }, node: { ...rowOf("undelegate").chain, data: n } });
  assert.equal(differences(row(data("5", 0), data("5", 7))), []);
  const off = differences(row(data("5", 0), data("6", 0)));
  assert.is(off.length, 1);
  assert.match(off[0]!, /^msg_responses\[0\]:\n {6}chain .*"amount":"5".*\n {6}node  .*"amount":"6"/);
  assert.match(responseValues(data("5", 0))[0]!, /"completion_time":"<time.frac>"/);
});

test.run();
