// x/feegrant's keeper and allowances without a node: Accept's arithmetic (a period's reset, the
// absolute limit, an allowed-message list and its gas), the expiration queue as v0.1.1 keeps it
// (a revoke leaves the entry, which later removes a new allowance of the same pair), the module
// records round trip, and the refusal's address bytes rendered as Go's JSON renders them.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { devAddress } from "../../../host/app/genesis.js";
import { UndoJournal } from "../../../host/framework/journal.js";
import { accept, type Allowance, type Periodic } from "../../../host/modules/feegrant/allowance.js";
import { Feegrant } from "../../../host/modules/feegrant/keeper.js";
import { goBytesText } from "../../../host/modules/feegrant/use.js";

const S = 1_000_000_000n;
const cro = (amount: bigint) => [{ denom: "basecro", amount }];
const [A, B, C] = [devAddress(1), devAddress(2), devAddress(3)];

test("a periodic allowance: spends within the period, resets at period_reset (to now + period when behind)", () => {
  const p: Periodic = {
    kind: "periodic", basic: { kind: "basic", spendLimit: cro(10_000n) }, periodNs: 10n * S,
    periodSpendLimit: cro(3_000n), periodCanSpend: cro(3_000n), periodResetNs: 100n * S,
  };
  const first = accept(p, cro(2_000n), [], 95n * S);
  assert.is(first.error, undefined);
  assert.equal((first.updated as Periodic).periodCanSpend, cro(1_000n));
  assert.equal((first.updated as Periodic).basic.spendLimit, cro(8_000n));
  assert.is(accept(first.updated, cro(2_000n), [], 96n * S).error?.log, "period limit: fee limit exceeded");
  const reset = accept(first.updated, cro(2_000n), [], 135n * S).updated as Periodic;
  assert.is(reset.periodResetNs, 145n * S); // 100 + 10 is behind 135: now + period
  assert.equal(reset.periodCanSpend, cro(1_000n));
  const exact = accept(first.updated, cro(2_000n), [], 105n * S).updated as Periodic;
  assert.is(exact.periodResetNs, 110n * S);
});

test("a basic allowance spent to zero is removed; an expired one is refused (feegrant 3) and removed", () => {
  const b: Allowance = { kind: "basic", spendLimit: cro(5_000n), expiration: 50n * S };
  assert.is(accept(b, cro(5_000n), [], 10n * S).remove, true);
  const late = accept(b, cro(1n), [], 51n * S);
  assert.is(late.error?.code, 3);
  assert.is(late.remove, true);
  assert.is(accept(b, cro(1n), [], 50n * S).error, undefined); // expired only after its time
  assert.is(accept(b, [{ denom: "other", amount: 1n }], [], 10n * S).error?.log, "basic allowance: fee limit exceeded");
});

test("an allowed-message allowance: 10 gas per allowed message and per message checked; the inner allowance updated", () => {
  const a: Allowance = { kind: "allowed", allowance: { kind: "basic", spendLimit: cro(100n) }, allowedMessages: ["/x.A", "/x.B", "/x.C"] };
  const ok = accept(a, cro(40n), ["/x.B", "/x.C"], 0n);
  assert.is(ok.gas, 50n);
  assert.equal(ok.updated, { ...a, allowance: { kind: "basic", spendLimit: cro(60n) } });
  const no = accept(a, cro(40n), ["/x.A", "/x.D", "/x.B"], 0n);
  assert.is(no.error?.code, 7);
  assert.is(no.gas, 50n); // stops at the first message not allowed
});

test("the queue as v0.1.1 keeps it: a revoke leaves the entry, which at its time removes a later allowance of the pair", () => {
  const k = new Feegrant("cro", new UndoJournal());
  k.grant(A, B, { kind: "basic", spendLimit: [], expiration: 100n * S });
  k.revoke(A, B);
  k.grant(A, B, { kind: "basic", spendLimit: cro(1n) }); // no expiration
  assert.is(k.removeExpired(100n * S, 200).length, 0); // due only once past (the SDK's range ends before that time's keys)
  assert.ok(k.get(A, B));
  assert.is(k.removeExpired(100n * S + 1n, 200).length, 1);
  assert.is(k.get(A, B), undefined);
});

test("allowances in the store's order (grantee bytes, then granter), journaled, and back from their records", () => {
  const journal = new UndoJournal();
  const k = new Feegrant("cro", journal);
  k.grant(A, C, { kind: "basic", spendLimit: cro(1n) });
  k.grant(B, C, { kind: "allowed", allowance: { kind: "basic", spendLimit: [], expiration: 7n * S }, allowedMessages: ["/x.A"] });
  journal.begin();
  k.grant(C, A, { kind: "basic", spendLimit: cro(2n) });
  journal.rollback();
  assert.is(k.get(C, A), undefined);
  const records = k.takeDirty();
  const again = new Feegrant("cro");
  for (const r of records) if (r.value !== null) again.load(r.key, r.value);
  assert.equal(again.all(), k.all());
  assert.equal(again.byGrantee(C).map((g) => g.granter), k.byGrantee(C).map((g) => g.granter));
  assert.is(again.due(8n * S, 10).length, 1);
});

test("raw address bytes as Go's JSON shows a string of them: each byte that is not UTF-8 is U+FFFD", () => {
  assert.is(goBytesText(new Uint8Array([0xff, 0x41, 0xe2, 0x82, 0x41, 0xc3, 0xa9, 0x02])), "\ufffdA\ufffd\ufffdAé\u0002");
  assert.is(goBytesText(new Uint8Array([0xed, 0xa0, 0x80])), "\ufffd\ufffd\ufffd"); // a surrogate's encoding
  assert.is(goBytesText(new Uint8Array([0xf0, 0x9f, 0x98, 0x80])), "😀");
});

test.run();
