// The node's genesis sections (host/app/genesis.ts): every rule of bank, staking (gentxs),
// distribution, tieredrewards, node and node_state, refused with the field's path and the
// reference's text; the governance authority by default and from the genesis.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { defaultGenesisJson, devAddress, genesisWithOverride, parseGenesis } from "../../host/app/genesis.js";
import { core, genesisError } from "../helpers/server.js";

test("genesis of the node: every rule of the new sections, with the field's path", async () => {
  const err = genesisError;
  const base = defaultGenesisJson() as any;
  const balances = base.app_state.bank.balances as any[];
  const withBalances = (list: any[]) => ({ app_state: { bank: { balances: list } } });
  const staking = (o: any) => ({ app_state: { staking: o } });
  const params = (p: any) => staking({ params: { ...base.app_state.staking.params, ...p } });
  // A genesis validator is a gentx's MsgCreateValidator (SDK format): `validator` edits the first's message.
  const genTxs = (list: any[]) => ({ app_state: { genutil: { gen_txs: list } } });
  const validator = (m: any) => {
    const t = structuredClone(base.app_state.genutil.gen_txs[0]);
    Object.assign(t.body.messages[0], m);
    return genTxs([t]);
  };
  const msg0 = base.app_state.genutil.gen_txs[0].body.messages[0];
  const tr = (o: any) => ({ app_state: { tieredrewards: o } });
  const tier = (t: any) => tr({ tiers: [{ ...base.app_state.tieredrewards.tiers[0], ...t }] });

  assert.match(err(withBalances(balances.slice(1))), /^app_state\.bank\.balances: balances add up to \d+basecro, the supply is 9850000000000000000basecro$/);
  assert.match(err(withBalances([...balances, balances[0]])), "duplicate balance for address");
  assert.match(err(withBalances([{ address: "cosmos1xyz", coins: [] }, ...balances])), "app_state.bank.balances[0].address: invalid address");
  assert.match(err(withBalances([{ ...balances[0], coins: [{ denom: "uatom", amount: "1" }] }])), "only the bond denom basecro can be held, got uatom");
  assert.match(err(withBalances([{ ...balances[0], coins: [{ denom: "basecro", amount: "0" }] }])), "coin 0basecro amount is not positive");
  // The burned balance is the burn addresses' balances (the node's former burned_balance field is refused by name).
  assert.match(err({ app_state: { bank: { burned_balance: "5" } } }), 'app_state.bank: unknown field "burned_balance"');
  const burn = base.app_state.inflation.params.burned_addresses[0];
  const burning = [{ ...balances[0], coins: [{ denom: "basecro", amount: `${BigInt(balances[0].coins[0].amount) - 5n}` }] }, ...balances.slice(1), { address: burn, coins: [{ denom: "basecro", amount: "5" }] }];
  assert.is(genesisWithOverride(withBalances(burning), core.dec).bank.burnedBalance, 5n);
  assert.match(err(params({ unbonding_time: "0s" })), "unbonding time must be positive: 0");
  assert.match(err(params({ unbonding_time: "28d" })), 'invalid duration "28d"');
  assert.match(err(params({ max_validators: 0 })), "max validators must be positive: 0");
  assert.match(err({ app_state: { node: { power_reduction: "0" } } }), "app_state.node.power_reduction: power reduction must be a positive uint64: 0");
  const m0 = "app_state.genutil.gen_txs[0].body.messages[0]";
  assert.match(err(validator({ validator_address: devAddress(1) })), `${m0}.validator_address: invalid validator address: invalid Bech32 prefix; expected crocncl, got cro`);
  assert.match(err(genTxs([base.app_state.genutil.gen_txs[0], base.app_state.genutil.gen_txs[0]])), "app_state.genutil.gen_txs[1]: duplicate validator");
  assert.match(err(validator({ commission: { ...msg0.commission, rate: "1.5" } })), `${m0}.commission: commission cannot be more than 100%`);
  assert.match(err(validator({ value: { denom: "basecro", amount: "0" } })), `${m0}.value.amount: invalid delegation amount`);
  assert.match(err(validator({ description: { moniker: "m".repeat(71) } })), `${m0}.description.moniker: invalid moniker length; got: 71, max: 70`);
  assert.match(err(validator({ description: { nickname: "x" } })), 'unknown field "nickname"');
  assert.match(err(validator({ description: { website: 5 } })), "description.website: must be a string");
  assert.match(err(validator({ value: { denom: "basecro", amount: "1000000000000000000000" } })), "less than the self delegation 1000000000000000000000");
  // The former format's validator entries are refused with a pointer to the new one.
  assert.match(err(staking({ validators: [{ operator_address: msg0.validator_address, commission_rate: "0.1", self_delegation: "1" }] })), "app_state.staking.validators: this is the node's former genesis format");
  assert.match(err({ app_state: { distribution: { params: { community_tax: "1.1" } } } }), "community tax too large");
  assert.match(err(tr({ params: { target_base_rewards_rate: "-0.1" } })), "target base rewards rate cannot be negative: -0.100000000000000000");
  assert.match(err(tr({ params: { target_base_rewards_rate: "1.5" } })), "target base rewards rate must not exceed 1.0 (100%): got 1.500000000000000000");
  assert.match(err(tier({ id: 0 })), "tier id must be non-zero");
  assert.match(err(tier({ id: "1" })), "app_state.tieredrewards.tiers[0].id: must be a uint32 number");
  assert.match(err(tr({ tiers: [base.app_state.tieredrewards.tiers[0], base.app_state.tieredrewards.tiers[0]] })), "duplicate tier ID 1 at index 1");
  assert.match(err(tier({ exit_duration: "0s" })), "exit duration must be positive");
  assert.match(err(tier({ bonus_apy: "-0.01" })), "bonus apy cannot be negative: -0.010000000000000000");
  assert.match(err(tier({ bonus_apy: "2" })), "bonus apy must not exceed 1.0 (100%): got 2.000000000000000000");
  assert.match(err(tier({ min_lock_amount: null })), "min lock amount cannot be nil");
  assert.match(err(tier({ min_lock_amount: "-1" })), "min lock amount cannot be negative: -1");
  assert.match(err(tier({ close_only: "yes" })), "close_only: must be a boolean");
  assert.match(err(tr({ positions: [{}] })), "app_state.tieredrewards.positions[0].id: missing");
  assert.match(err(tier({ exit_duration: "1.5s" })), 'app_state.tieredrewards.tiers[0].exit_duration: invalid duration "1.5s" (whole seconds');
  assert.match(err({ app_state: { node: { gov_authority: "crocncl1xyz" } } }), "app_state.node.gov_authority: invalid authority address crocncl1xyz");
  assert.match(err({ app_state: { node: { gov_authority: devAddress(1), other: 1 } } }), "app_state.node");
  assert.match(err({ app_state: { gov: { authority: devAddress(1) } } }), "app_state.gov.authority: x/gov's genesis has no authority: the node's governance authority is app_state.node.gov_authority");
  const nodeState = { height: "5", time: "2026-01-01T00:00:25Z", records: [], accounts: [] };
  assert.match(err({ app_state: { node_state: { ...nodeState, block_hash: "ab".repeat(32) } } }), "app_state.node_state.block_hash: must be 64 upper-case hex digits");
  assert.is(genesisWithOverride({ app_state: { node_state: { ...nodeState, block_hash: "AB".repeat(32) } } }, core.dec).nodeState!.blockHash, "AB".repeat(32));
  // The authority: dev key 0 by default; the x/gov module account when the genesis says so.
  assert.is(genesisWithOverride({}, core.dec).gov.authority, devAddress(0));
  const reference = "cro10d07y265gmmuvt4z0w9aw880jnsr700jzemu2z";
  assert.is(genesisWithOverride({ app_state: { node: { gov_authority: reference.toUpperCase() } } }, core.dec).gov.authority, reference);
  const { node: _, ...noNode } = base.app_state;
  assert.is(parseGenesis({ ...base, app_state: noNode }, core.dec).gov.authority, reference);
});

test.run();
