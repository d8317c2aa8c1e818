// MsgBeginRedelegate's refusals in the SDK v0.53 order (x/staking msg server BeginRedelegate:
// ValidateUnbondAmount on the source first, then BeginRedelegation's destination): to an operator
// address that is no validator, a delegator without a delegation at the source is refused for
// that (staking 19), and one with a delegation for the destination (staking 31). Found by the
// hostile suite's other-messages class (the node answered 31 for both).

import { test } from "uvu";
import * as assert from "uvu/assert";
import { devAddress, operatorOf } from "../../../host/app/genesis.js";
import { committedTx, nodeHarness } from "../../helpers/node.js";
import { delegateMsg } from "../../helpers/dev-signer.js";

const h = await nodeHarness({ prefix: "redelegate-order-" });
test.after(() => h.remove());
const node = await h.open();
const src = node.chain.directory.validatorAddress(0)!;
const nowhere = operatorOf(devAddress(7)); // a valid operator address of no validator
const redelegate = (delegator: string, dst: string) => ({
  type: "cosmos-sdk/MsgBeginRedelegate",
  value: { delegator_address: delegator, validator_src_address: src, validator_dst_address: dst, amount: { denom: "basecro", amount: "1000" } },
});

test("no delegation at the source, no validator at the destination: staking 19 (the source's delegation is checked first)", async () => {
  const r = await committedTx(node, 8, [redelegate(devAddress(8), nowhere)], { advance: "chain" });
  assert.equal([r.codespace, r.code], ["staking", 19], r.raw_log);
  assert.match(r.raw_log, "no delegation for (address, validator) tuple");
});

test("a delegation at the source, no validator at the destination: staking 31", async () => {
  const d = await committedTx(node, 8, [delegateMsg(devAddress(8), src, 1_000_000n)], { advance: "chain" });
  assert.is(d.code, 0, d.raw_log);
  const r = await committedTx(node, 8, [redelegate(devAddress(8), nowhere)], { advance: "chain" });
  assert.equal([r.codespace, r.code], ["staking", 31], r.raw_log);
  assert.match(r.raw_log, "redelegation destination validator not found");
});

test.after(() => node.chain.close());
test.run();
