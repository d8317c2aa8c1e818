// x/tieredrewards' user messages that fail through the node: codespace, code and raw_log as the
// chain gives them, and nothing moved but the fee and the sequence (positions, delegations,
// accounts, invariants), including a good message undone by a failing one in the same tx.

import { test } from "uvu";
import * as assert from "uvu/assert";
import type { AminoMsg } from "@cosmjs/amino";
import { devAddress, operatorOf } from "../../../host/app/genesis.js";
import { claimTierMsg, lockTierMsg, positionAmountMsg, positionMsg, sendMsg, tierGovMsg, tierRedelegateMsg } from "../../helpers/dev-signer.js";
import { committedTx as tx, nodeHarness } from "../../helpers/node.js";
import {
  CRO, FEE_AMOUNT, GOV, TR, ZERO_TIME, allPositions, balanceOf, failed, field, ok, tier, tierEvents, validator,
} from "../../helpers/node-tiers.js";

const nodes = await nodeHarness({ prefix: "node-tiers-failures-" });
const open = nodes.open;

test("user tier messages that fail: codespace, code and raw_log; only the fee and sequence move", async () => {
  const node = await open();
  try {
    const [u5, u6] = [devAddress(5), devAddress(6)];
    const v0 = validator(node, 0);
    await ok(node, 0, [tierGovMsg("MsgAddTier", GOV, tier(5, "60s", "0.01", 1n, true))]); // close-only
    const p0 = BigInt(field(await ok(node, 5, [lockTierMsg(u5, 1, 200n * CRO, v0)]), "EventPositionCreated", "position").id);
    const p1 = BigInt(field(await ok(node, 5, [lockTierMsg(u5, 1, 100n * CRO, v0)]), "EventPositionCreated", "position").id);

    const refused = async (n: number, msgs: AminoMsg[], codespace: string, code: number, log: string | RegExp) => {
      const signer = devAddress(n);
      const balance = balanceOf(node, signer);
      const sequence = node.chain.directory.account(signer)!.sequence;
      const positions = await allPositions(node);
      const raw = await allPositions(node, true);
      const accounts = node.chain.directory.accounts().length;
      const delegations = (await node.get(`/cosmos/staking/v1beta1/delegations/${signer}`)).json;
      const tr = await tx(node, n, msgs);
      assert.equal([tr.codespace, tr.code], [codespace, code], tr.raw_log);
      if (typeof log === "string") assert.is(tr.raw_log, log);
      else assert.match(tr.raw_log, log);
      assert.equal(tierEvents(tr), [], "no tier event of a failed tx");
      assert.is(balanceOf(node, signer), balance - FEE_AMOUNT, "only the fee");
      assert.is(node.chain.directory.account(signer)!.sequence, sequence + 1n);
      assert.equal(await allPositions(node), positions);
      assert.equal(await allPositions(node, true), raw);
      assert.equal((await node.get(`/cosmos/staking/v1beta1/delegations/${signer}`)).json, delegations);
      assert.is(node.chain.directory.accounts().length, accounts, "no account left behind (e.g. a position's delegator)");
      assert.equal(node.chain.app.checkInvariants(), []);
      return tr;
    };

    await refused(5, [lockTierMsg(u5, 5, 200n * CRO, v0)], "tieredrewards", 7, failed(0, "tier is close only"));
    await refused(5, [lockTierMsg(u5, 1, 99n * CRO, v0)], "tieredrewards", 9, failed(0, "min lock amount not met"));
    await refused(5, [lockTierMsg(u5, 9, 200n * CRO, v0)], "tieredrewards", 17, failed(0, "tier id 9: tier not found"));
    await refused(5, [lockTierMsg(u5, 1, 200n * CRO, operatorOf(u5))], "staking", 3, failed(0, "validator does not exist"));
    const spendable = balanceOf(node, u5) - FEE_AMOUNT; // what the lock's bank send finds
    await refused(5, [lockTierMsg(u5, 1, 10n ** 15n, v0)], "sdk", 5,
      failed(0, `spendable balance ${spendable}basecro is smaller than 1000000000000000basecro: insufficient funds`));
    await refused(6, [positionMsg("MsgTriggerExitFromTier", u6, p0)], "tieredrewards", 22, failed(0, "position owner mismatch"));
    await refused(6, [positionAmountMsg("MsgAddToTierPosition", u6, p0, CRO)], "tieredrewards", 22, failed(0, "position owner mismatch"));
    await refused(5, [positionMsg("MsgTriggerExitFromTier", u5, 999n)], "tieredrewards", 18, failed(0, "position id 999: position not found"));
    await refused(5, [claimTierMsg(u5, [p0, 999n])], "tieredrewards", 18, failed(0, "position id 999: position not found"));
    await refused(5, [positionMsg("MsgWithdrawFromTier", u5, p0)], "tieredrewards", 24, failed(0, "exit has not been triggered"));
    await refused(5, [tierRedelegateMsg(u5, p0, v0)], "tieredrewards", 16, failed(0, "redelegation to same validator"));

    // Trigger exit: once fine, twice refused; withdrawing before the unlock is refused.
    const trigger = await ok(node, 5, [positionMsg("MsgTriggerExitFromTier", u5, p0)]);
    assert.is(field(trigger, "EventExitTriggered", "position_id"), `${p0}`);
    await refused(5, [positionMsg("MsgTriggerExitFromTier", u5, p0)], "tieredrewards", 15, failed(0, "position has triggered exit"));
    await refused(5, [positionAmountMsg("MsgAddToTierPosition", u5, p0, CRO)], "tieredrewards", 15, failed(0, "position has triggered exit"));
    await refused(5, [positionMsg("MsgWithdrawFromTier", u5, p0)], "tieredrewards", 14, failed(0, "exit lock duration not reached"));
    await refused(5, [positionMsg("MsgTierUndelegate", u5, p0)], "tieredrewards", 14, failed(0, "exit lock duration not reached"));

    // A good message followed by a failing one: both undone (p1's exit not triggered, no position).
    await refused(
      5, [positionMsg("MsgTriggerExitFromTier", u5, p1), lockTierMsg(u5, 1, CRO, v0)],
      "tieredrewards", 9, failed(1, "min lock amount not met"),
    );
    assert.is((await node.get(`${TR}/position/${p1}`)).json.position.exit_triggered_at, ZERO_TIME);

    // An account a failed tx's message created is gone with it (here a send's recipient).
    const stranger = devAddress(20);
    await refused(5, [sendMsg(u5, stranger, CRO), positionMsg("MsgTriggerExitFromTier", u5, 999n)], "tieredrewards", 18, failed(1, "position id 999: position not found"));
    assert.is((await node.get(`/cosmos/auth/v1beta1/accounts/${stranger}`)).status, 404);
  } finally {
    await node.chain.close();
  }
});

test.after(() => nodes.remove());

test.run();
