// x/distribution MsgFundCommunityPool (rows 25–27 of distribution-bank-gov), signed by CosmJS
// (direct, amino) and held to the chain: stage, code, raw log, gas, events with attributes, msg
// responses; the community pool (GET …/community_pool) grows by the DecCoins of the deposit.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { nodeHarness } from "../../helpers/node.js";
import { readReference } from "../../helpers/reference-chain.js";
import { SECOND, type WorkloadRow } from "../../helpers/reference-workload.js";
import { differences, report } from "../../helpers/reference-compare.js";
import { DIR, bring, deliver, recordedRows } from "./recorded.js";

const h = await nodeHarness({ prefix: "distr-fund-pool-" });
test.after(() => h.remove());

/** dev 5 before row 25: row 27's insufficient-funds log (96,989,999,820,000 after its fee) walked back. */
const DEV5_BEFORE = 96_989_999_820_000n + 20_000n + 10_000_020_000n;
const POOL = "/cosmos/distribution/v1beta1/community_pool";
const decAmount = (body: any): bigint => {
  const [i, f] = String(body.pool[0]?.amount ?? "0.0").split(".");
  return BigInt(i!) * 10n ** 18n + BigInt((f ?? "").padEnd(18, "0"));
};

const rows: WorkloadRow[] = [];
const pools: { before: bigint; after: bigint; text: string }[] = [];
const node = await h.open({ genesis: readReference(`${DIR}/genesis.json`), blockTimeNs: SECOND });
try {
  await bring(node, 5, 7n, DEV5_BEFORE);
  await bring(node, 8, 1n);
  for (const r of recordedRows([25, 26, 27])) {
    const before = node.chain.ledger.communityPool();
    let atDelivery = before;
    rows.push(await deliver(node, r, () => void (atDelivery = node.chain.ledger.communityPool())));
    const body = (await node.get(POOL)).json;
    pools.push({ before: atDelivery, after: decAmount(body), text: body.pool[0]?.amount });
  }
} finally {
  await node.chain.close();
}

test("MsgFundCommunityPool (direct, amino) and an insufficient balance, as the chain", () => {
  const off = rows.map((r) => ({ r, d: differences(r) })).filter((x) => x.d.length > 0);
  if (off.length > 0) assert.unreachable(off.map((x) => report(x.r, x.d)).join("\n"));
});

test("the community pool route shows each deposit added as DecCoins (on top of the block's community tax)", () => {
  assert.ok(pools[0]!.after - pools[0]!.before >= 10_000_000_000n * 10n ** 18n, `${pools[0]!.before} → ${pools[0]!.after}`);
  assert.ok(pools[1]!.after - pools[1]!.before >= 100_000_000n * 10n ** 18n);
  assert.match(pools[0]!.text, /^\d+\.\d{18}$/);
});

test.run();
