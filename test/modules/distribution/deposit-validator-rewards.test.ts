// x/distribution MsgDepositValidatorRewardsPool (rows 28–31 of distribution-bank-gov), signed by
// CosmJS (direct, amino `cosmos-sdk/distr/MsgDepositValRewards`) and held to the chain: stage,
// code, raw log, gas, events (`commission`, `rewards` with DecCoin amounts), msg responses; the
// validator's outstanding rewards grow by the deposit.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { nodeHarness } from "../../helpers/node.js";
import { readReference } from "../../helpers/reference-chain.js";
import { SECOND, type WorkloadRow } from "../../helpers/reference-workload.js";
import { differences, report } from "../../helpers/reference-compare.js";
import { DIR, bring, deliver, recordedRows } from "./recorded.js";

const h = await nodeHarness({ prefix: "distr-deposit-val-" });
test.after(() => h.remove());

/** dev 5 before row 28: row 31's insufficient-funds log (96,984,999,760,000 after its fee) walked back. */
const DEV5_BEFORE = 96_984_999_760_000n + 20_000n * 3n + 5_000_000_000n;
const VALIDATOR = "crocncl14wq8z3g43jn3y7gg3mv5np90xyecwpgqwtpajq";

const rows: WorkloadRow[] = [];
const outstanding: bigint[] = [];
const node = await h.open({ genesis: readReference(`${DIR}/genesis.json`), blockTimeNs: SECOND });
try {
  await bring(node, 5, 9n, DEV5_BEFORE);
  await bring(node, 8, 2n);
  const id = node.chain.directory.validatorId(VALIDATOR)!;
  for (const r of recordedRows([28, 29, 30, 31])) {
    let before = 0n;
    rows.push(await deliver(node, r, () => void (before = node.chain.ledger.validator(id)!.outstanding)));
    outstanding.push(node.chain.ledger.validator(id)!.outstanding - before);
  }
} finally {
  await node.chain.close();
}

test("MsgDepositValidatorRewardsPool (direct, amino), an unknown validator, an insufficient balance, as the chain", () => {
  const off = rows.map((r) => ({ r, d: differences(r) })).filter((x) => x.d.length > 0);
  if (off.length > 0) assert.unreachable(off.map((x) => report(x.r, x.d)).join("\n"));
});

test("the validator's outstanding rewards take each deposit (with the block's own rewards)", () => {
  assert.ok(outstanding[0]! >= 5_000_000_000n * 10n ** 18n, `${outstanding[0]}`);
  assert.ok(outstanding[1]! >= 100_000_000n * 10n ** 18n, `${outstanding[1]}`);
});

test.run();
