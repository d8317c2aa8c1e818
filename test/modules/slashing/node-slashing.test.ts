// Slashing in the node: the governance authority's `chainmain-dev/MsgSlashValidator` (a local
// chain's stand-in for evidence) and the operator's `cosmos-sdk/MsgUnjail`, through signed txs:
// a slash reaches delegations, tier positions (their bonus stops while the validator is out of
// the set) and unbonding entries; everything is replayed to the same hashes.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { loadCore } from "../../../host/core/core.js";
import { Application } from "../../../host/app/application.js";
import { devAddress, operatorOf } from "../../../host/app/genesis.js";
import type { AminoMsg } from "@cosmjs/amino";
import { delegateMsg, undelegateMsg, lockTierMsg, claimTierMsg } from "../../helpers/dev-signer.js";
import { committedTx, nodeHarness, wasm } from "../../helpers/node.js";

const nodes = await nodeHarness({ prefix: "node-slash-" });
const TOKEN = 10n ** 8n;

/** A node whose `tx(n, msgs)` signs as dev key n, POSTs, makes a block (chain.advance): the committed tx's response. */
async function open() {
  const node = await nodes.open();
  return { ...node, tx: (n: number, msgs: AminoMsg[]) => committedTx(node, n, msgs, { advance: "chain" }) };
}

const slashMsg = (authority: string, validator: string, fraction: string, o: { jail?: boolean; infractionHeight?: bigint } = {}): AminoMsg => ({
  type: "chainmain-dev/MsgSlashValidator",
  value: {
    authority, validator_address: validator, slash_fraction: fraction, jail: o.jail ?? false,
    ...(o.infractionHeight === undefined ? {} : { infraction_height: `${o.infractionHeight}` }),
  },
});
const unjailMsg = (validator: string): AminoMsg => ({ type: "cosmos-sdk/MsgUnjail", value: { validator_addr: validator } });
const attr = (tr: any, type: string, key: string) =>
  tr.events.find((e: any) => e.type === type)?.attributes.find((a: any) => a.key === key)?.value;

test("a slash with jail: delegations and positions lose 10 %, the bonus stops while jailed, unjail brings it back", async () => {
  const node = await open();
  const gov = devAddress(0);
  const val = operatorOf(devAddress(2));
  const owner = devAddress(5);
  const amount = 1_000n * TOKEN;

  const lock = await node.tx(5, [lockTierMsg(owner, 1, amount, val)]);
  const id = JSON.parse(attr(lock, "chainmain.tieredrewards.v1.EventPositionCreated", "position")).id;
  await node.tx(6, [delegateMsg(devAddress(6), val, amount)]);
  await node.chain.advance(100n);

  // A non-authority signer fails in its block (gov 13), as for any governance message.
  const refused = await node.tx(6, [slashMsg(devAddress(6), val, "0.1")]);
  assert.equal([refused.codespace, refused.code], ["gov", 13]);
  assert.match(refused.raw_log, /invalid authority/);

  const before = node.chain.ledger.validator(1)!;
  const slash = await node.tx(0, [slashMsg(gov, val, "0.1", { jail: true })]);
  assert.is(attr(slash, "slash", "address"), val);
  assert.is(attr(slash, "slash", "slash_fraction"), "0.100000000000000000");
  const burned = BigInt(attr(slash, "slash", "burned_coins"));
  assert.is(burned, (before.lastPower * 100_000_000n) / 10n, "10 % of the power's tokens");
  const after = node.chain.ledger.validator(1)!;
  assert.is(after.tokens, before.tokens - burned);
  assert.ok(after.jailed);
  assert.is((await node.get(`/cosmos/staking/v1beta1/validators/${val}`)).json.validator.status, "BOND_STATUS_UNBONDING");

  // The position's live amount fell with the validator's tokens per share.
  const position = (await node.get(`/chainmain/tieredrewards/v1/position/${id}`)).json.position;
  assert.is(BigInt(position.amount), (amount * after.tokens) / before.tokens);
  // The validator's events wait for the position to replay them: the slash (tokens per share
  // before it) and the jail's leaving the bonded set; the position's delegator pays its owner.
  const data = (await node.get(`/chainmain/tieredrewards/v1/validator_data/${val}`)).json;
  assert.equal(data.events.map((e: any) => [e.event_type, e.height, e.reference_count]), [
    ["VALIDATOR_EVENT_TYPE_SLASH", String(slash.height), "1"], ["VALIDATOR_EVENT_TYPE_UNBOND", String(slash.height), "1"],
  ]);
  assert.is(data.events[0].tokens_per_share, "1.000000000000000000");
  assert.equal([data.position_count, data.event_current_seq], ["1", "2"]);
  assert.is((await node.get(`/cosmos/distribution/v1beta1/delegators/${position.delegator_address}/withdraw_address`)).json.withdraw_address, owner);
  assert.is((await node.get(`/cosmos/distribution/v1beta1/delegators/${owner}/withdraw_address`)).json.withdraw_address, owner);
  // While jailed: no bonus accrues (a day passes, a claim pays the bonus up to the slash only).
  const c1 = await node.tx(5, [claimTierMsg(owner, [BigInt(id)])]);
  const replayed = (await node.get(`/chainmain/tieredrewards/v1/validator_data/${val}`)).json;
  assert.equal([replayed.events, replayed.event_current_seq], [[], "2"], "replayed by the claim, the events are gone");
  await node.chain.advance(17_280n);
  const c2 = await node.tx(5, [claimTierMsg(owner, [BigInt(id)])]);
  assert.ok(attr(c1, "chainmain.tieredrewards.v1.EventTierRewardsClaimed", "bonus_rewards") !== undefined);
  assert.is(attr(c2, "chainmain.tieredrewards.v1.EventTierRewardsClaimed", "bonus_rewards"), "[]", "no bonus while not bonded");

  // Unjail: only the operator, only when jailed; then bonded again and the bonus resumes.
  const unjail = await node.tx(2, [unjailMsg(val)]);
  assert.is(unjail.code, 0, unjail.raw_log);
  assert.is((await node.get(`/cosmos/staking/v1beta1/validators/${val}`)).json.validator.status, "BOND_STATUS_BONDED");
  const again = await node.tx(2, [unjailMsg(val)]);
  assert.is(again.codespace, "slashing");
  assert.is(again.code, 5);
  await node.chain.advance(17_280n);
  const c3 = await node.tx(5, [claimTierMsg(owner, [BigInt(id)])]);
  const bonus = JSON.parse(attr(c3, "chainmain.tieredrewards.v1.EventTierRewardsClaimed", "bonus_rewards"));
  assert.is(bonus.length, 1, "bonus again once bonded");
  assert.equal(node.chain.app.checkInvariants(), []);

  const last = node.chain.latestBlock();
  await node.chain.close();
  assert.equal(Application.replay(await loadCore(wasm), node.dbPath), last);
});

test("a slash for a past infraction reaches unbonding entries started since; bad fractions and heights are refused", async () => {
  const node = await open();
  const gov = devAddress(0);
  const val = operatorOf(devAddress(3));
  const user = devAddress(7);
  await node.tx(7, [delegateMsg(user, val, 1_000n * TOKEN)]);
  const infraction = node.chain.latestBlock().height;
  await node.chain.advance(10n);
  await node.tx(7, [undelegateMsg(user, val, 400n * TOKEN)]);
  const entry = () => node.chain.ledger.unbondingEntries(node.chain.directory.accountId(user)!)[0]!;
  assert.is(entry().balance, 400n * TOKEN);

  await node.tx(0, [slashMsg(gov, val, "0.05", { infractionHeight: infraction })]);
  assert.is(entry().balance, 380n * TOKEN, "the entry started after the infraction is slashed 5 %");

  const over = await node.tx(0, [slashMsg(gov, val, "1.5")]);
  assert.is(over.code, 1);
  assert.match(over.raw_log, "slash fraction must be between 0 and 1, got 1.500000000000000000");
  const future = await node.tx(0, [slashMsg(gov, val, "0.1", { infractionHeight: 10_000n })]);
  assert.match(future.raw_log, "impossible attempt to slash future infraction");
  assert.equal(node.chain.app.checkInvariants(), []);
  await node.chain.close();
});

test.after(() => nodes.remove());

test.run();
