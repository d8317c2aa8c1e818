// x/distribution MsgSetWithdrawAddress (rows 21–23 of distribution-bank-gov) and the withdrawal
// that pays the new address (row 24), signed by CosmJS and held to the chain: stage, code, raw
// log, gas, events with attributes, msg responses; the address has no x/auth account until paid.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { nodeHarness } from "../../helpers/node.js";
import { readReference } from "../../helpers/reference-chain.js";
import { SECOND, type WorkloadRow } from "../../helpers/reference-workload.js";
import { differences, report } from "../../helpers/reference-compare.js";
import { DIR, bring, deliver, recordedRows } from "./recorded.js";

const h = await nodeHarness({ prefix: "distr-withdraw-addr-" });
test.after(() => h.remove());

/** dev 5 before row 20: row 27's insufficient-funds log (96,989,999,820,000 after its fee) walked back. */
const DEV5_BEFORE = 96_989_999_820_000n + 20_000n + 10_000_020_000n + 20_000n * 4n + 1_000_000_000_000n;
const NEW = "cro19pjqg0scxsz28v38urzs4z3wu99058vspmh3an";

const rows: WorkloadRow[] = [];
const queries: Record<number, unknown[]> = {};
let accountBefore: unknown;
const node = await h.open({ genesis: readReference(`${DIR}/genesis.json`), blockTimeNs: SECOND });
try {
  await bring(node, 5, 3n, DEV5_BEFORE);
  await bring(node, 6, 6n);
  for (const r of recordedRows([20, 21, 22, 23, 24])) {
    if (r.n === 24) accountBefore = node.chain.directory.account(NEW);
    rows.push(await deliver(node, r));
    queries[r.n] = await Promise.all(r.queries.map(async (q) => (await node.get(q.path)).json));
  }
} finally {
  await node.chain.close();
}
const expected = Object.fromEntries(recordedRows([21, 23]).map((r) => [r.n, r.queries.map((q) => q.body)]));

test("MsgSetWithdrawAddress (direct, amino) and its refusal of a blocked address, as the chain", () => {
  const off = rows.filter((r) => r.n >= 21 && r.n <= 23).map((r) => ({ r, d: differences(r) })).filter((x) => x.d.length > 0);
  if (off.length > 0) assert.unreachable(off.map((x) => report(x.r, x.d)).join("\n"));
});

test("the withdraw address is what the REST route answers", () => {
  assert.equal(queries[21], expected[21]);
  assert.equal(queries[23], expected[23]);
});

test("a withdrawal then pays the new address, which gets its x/auth account then (the SDK's SendCoins)", () => {
  const r = rows.find((x) => x.n === 24)!;
  assert.equal(differences(r), [], report(r, differences(r)));
  assert.is(accountBefore, undefined);
});

test.run();
