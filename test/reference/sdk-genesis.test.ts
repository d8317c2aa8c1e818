// The SDK's genesis, both ways, against the real chain's record (test/reference-chain, copied from ../shared/reference-chain): the
// node started on chain-maind's genesis.json (its gentx delivered) and on its export at height 395
// answers what chain-maind answered where the answer does not depend on later blocks; an export
// imported and exported again is the same document; bad documents are refused with their path.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { committedTx, nodeHarness, type TestNode } from "../helpers/node.js";
import { core } from "../helpers/core.js";
import {
  GOV_MODULE_ADDRESS, defaultGenesisJson, devAddress, genesisWithOverride, mergeJson, operatorOf, parseGenesis, type Json,
} from "../../host/app/genesis.js";
import { lockTierMsg, tierGovMsg } from "../helpers/dev-signer.js";
import { ValidationError } from "../../host/errors.js";
import { MAX_GENESIS_BYTES, readGenesisDoc } from "../../host/app/genesis.js";
import { exportCommand } from "../../host/cli/export.js";
import { accountAddressBytes } from "../../host/wire/address.js";

const REF = join(import.meta.dirname, "..", "reference-chain");
const read = (name: string): any => JSON.parse(readFileSync(join(REF, name), "utf8"));
const genesisJson = read("genesis.json");
const exported = read("export-height-395.json");
/** chain-maind's answers after the recorded run (height ~121), by path. */
const recorded = new Map<string, { status: number; body: any }>((read("queries.json") as any[]).map((q) => [q.path, q]));
const h = await nodeHarness({ prefix: "sdk-genesis-" });
test.after(h.remove);

const VAL1 = "crocncl14wq8z3g43jn3y7gg3mv5np90xyecwpgqwtpajq";
const VAL2 = "crocncl1y4lkz537qz4ta5zev03h5hpn04fezd3kf43eq3";
const KEY5 = "cro1ermmn3qz3l6rrmd2nrnz3g6ycqyq5av7h5d9r0";
const POOL = "cro1ag7qj65w7882kkn8nl7hnfvfqlemxwamd5g2pr";
const clone = <T>(x: T): T => structuredClone(x);
/** Every list in a JSON value in one order (its items' text): answers equal but for the order of ids. */
const sorted = (v: any): any => {
  if (Array.isArray(v)) return v.map(sorted).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  if (v !== null && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, sorted(x)]));
  return v;
};
const withoutNodeState = (d: any) => {
  const { node_state: _, ...app } = d.app_state;
  return { ...d, app_state: app };
};

/** The node's answer at `path` is chain-maind's recorded one (`as`: the recorded path when it names a placeholder). */
async function sameAsRecorded(node: TestNode, path: string, as = path, pick: (body: any) => unknown = (b) => b): Promise<void> {
  const ref = recorded.get(as);
  assert.ok(ref, `recorded ${as}`);
  const mine = await node.get(path);
  assert.is(mine.status, ref!.status, path);
  assert.equal(pick(mine.json), pick(ref!.body), path);
}

test("chain-maind's genesis.json: its gentx makes validator 1 (commission 0.1 / 0.2 / 0.01), params and tiers as chain-maind shows them, its account numbers", async () => {
  const node = await h.open({ genesis: genesisJson });
  try {
    assert.is(node.chain.latestBlock().height, 0n);
    for (const path of [
      "/chainmain/tieredrewards/v1/params", "/chainmain/inflation/v1/params", "/cosmos/mint/v1beta1/params", "/cosmos/bank/v1beta1/params",
      "/cosmos/bank/v1beta1/denoms_metadata", "/cosmos/staking/v1beta1/params", "/cosmos/distribution/v1beta1/params",
      "/cosmos/gov/v1/params/voting", "/cosmos/gov/v1/params/deposit", "/cosmos/gov/v1/params/tallying", "/cosmos/auth/v1beta1/params",
      "/cosmos/gov/v1beta1/params/voting",
    ]) await sameAsRecorded(node, path);
    // Tiers 1-4 (tier 5 came later, by a proposal).
    await sameAsRecorded(node, "/chainmain/tieredrewards/v1/tiers", undefined, (b) => b.tiers.filter((t: any) => t.id <= 4));
    assert.is((await node.get("/chainmain/tieredrewards/v1/tiers")).json.tiers.length, 4);
    // The validator as the gentx made it: all but its tokens and shares (later delegations added to them).
    const noStake = ({ validator: { tokens: _, delegator_shares: __, ...v } }: any) => v;
    await sameAsRecorded(node, `/cosmos/staking/v1beta1/validators/${VAL1}`, undefined, noStake);
    const v1 = (await node.get(`/cosmos/staking/v1beta1/validators/${VAL1}`)).json.validator;
    assert.equal(v1.commission.commission_rates, { rate: "0.100000000000000000", max_rate: "0.200000000000000000", max_change_rate: "0.010000000000000000" });
    assert.is(v1.commission.update_time, genesisJson.genesis_time, "made at genesis");
    assert.is(v1.tokens, "1000000000000000000", "its self-delegation, bonded at genesis");
    // x/slashing's params (no REST route here yet): the chain's.
    assert.equal(node.chain.app.slashing.params, parseGenesis(genesisJson, core.dec).slashing.params);
    assert.is(node.chain.app.slashing.params.signedBlocksWindow, BigInt(recorded.get("/cosmos/slashing/v1beta1/params")!.body.params.signed_blocks_window));
    // The SDK's account numbers: the genesis's (duplicates renumbered in order), then the module accounts.
    await sameAsRecorded(node, `/cosmos/auth/v1beta1/accounts/${KEY5}`, undefined, (b) => b.account.account_number);
    assert.is((await node.get(`/cosmos/auth/v1beta1/accounts/${KEY5}`)).json.account.account_number, "5", "dev key 5 is account 5, as on the chain");
    await sameAsRecorded(node, `/cosmos/auth/v1beta1/accounts/${POOL}`);
    const modules = (b: any) => Object.fromEntries(b.accounts.filter((a: any) => !["interchainaccounts", "transfer"].includes(a.name))
      .map((a: any) => [a.name, [a.base_account.account_number, a.permissions]]));
    await sameAsRecorded(node, "/cosmos/auth/v1beta1/module_accounts", undefined, modules);
    // The gentx went through the ante handler: its signer's sequence 1 and key set, as the chain's next tx by it shows.
    const op = (await node.get("/cosmos/auth/v1beta1/accounts/cro14wq8z3g43jn3y7gg3mv5np90xyecwpgqdxz5su")).json.account;
    assert.equal([op.account_number, op.sequence, op.pub_key.key], ["1", "1", genesisJson.app_state.genutil.gen_txs[0].auth_info.signer_infos[0].public_key.key]);
    // Balances: the genesis's, less the self-delegation.
    for (const b of genesisJson.app_state.bank.balances) {
      const got = (await node.get(`/cosmos/bank/v1beta1/balances/${b.address}/by_denom?denom=basecro`)).json.balance.amount;
      const self = b.address === "cro14wq8z3g43jn3y7gg3mv5np90xyecwpgqdxz5su" ? 10n ** 18n : 0n;
      assert.is(got, `${BigInt(b.coins[0].amount) - self}`, b.address);
    }
    assert.equal(node.chain.app.checkInvariants(), []);
    await node.post("/dev/advance?blocks=3");
    assert.equal(node.chain.app.checkInvariants(), []);
  } finally {
    await node.chain.close();
  }
});

/** A delegation's pending rewards by the SDK's F1 query, from the export's records alone. */
function f1Rewards(delegator: string, operator: string): bigint {
  const d = exported.app_state.distribution;
  const dec = (s: string) => core.dec.parse(s);
  const ratio = (period: string) => {
    const h = d.validator_historical_rewards.find((x: any) => x.validator_address === operator && x.period === period);
    return h.rewards.cumulative_reward_ratio.length === 0 ? 0n : dec(h.rewards.cumulative_reward_ratio[0].amount);
  };
  const current = d.validator_current_rewards.find((x: any) => x.validator_address === operator).rewards;
  const tokens = BigInt(exported.app_state.staking.validators.find((v: any) => v.operator_address === operator).tokens);
  const start = d.delegator_starting_infos.find((x: any) => x.delegator_address === delegator && x.validator_address === operator).starting_info;
  // IncrementValidatorPeriod (current rewards / tokens, truncated) then (end - start) x stake, truncated.
  const end = core.dec.add(ratio(`${BigInt(current.period) - 1n}`), core.dec.quoTruncate(dec(current.rewards[0].amount), tokens * 10n ** 18n));
  return core.dec.mulTruncate(core.dec.sub(end, ratio(start.previous_period)), dec(start.stake));
}

test("chain-maind's export at height 395: balances, delegations, positions, rewards, proposals and signing infos as the chain has them", async () => {
  const node = await h.open({ genesis: exported });
  try {
    assert.is(node.chain.latestBlock().height, 394n, "initial_height 395 is the next block");
    // Every balance and the supply: the export's.
    for (const b of exported.app_state.bank.balances) {
      assert.is((await node.get(`/cosmos/bank/v1beta1/balances/${b.address}/by_denom?denom=basecro`)).json.balance.amount, b.coins[0].amount, b.address);
    }
    assert.equal((await node.get("/cosmos/bank/v1beta1/supply")).json.supply, exported.app_state.bank.supply);
    // What had not changed between the recorded queries and the export answers alike.
    for (const path of [
      "/cosmos/staking/v1beta1/validators", `/cosmos/staking/v1beta1/validators/${VAL1}`, `/cosmos/staking/v1beta1/delegations/${KEY5}`,
      `/cosmos/staking/v1beta1/validators/${VAL1}/delegations/${KEY5}`, `/cosmos/staking/v1beta1/delegators/${KEY5}/validators`,
      "/chainmain/tieredrewards/v1/tiers", "/chainmain/tieredrewards/v1/positions", "/chainmain/tieredrewards/v1/raw/positions",
      "/chainmain/tieredrewards/v1/positions/cro1tsjy9ms6nszgm9yyz45glq2gjz9gthncyahvya", "/chainmain/tieredrewards/v1/positions_by_tier/1",
      "/chainmain/tieredrewards/v1/voting_power/cro1tsjy9ms6nszgm9yyz45glq2gjz9gthncyahvya", "/chainmain/tieredrewards/v1/total_delegated_voting_power",
      `/chainmain/tieredrewards/v1/validator_data/${VAL1}`, "/chainmain/tieredrewards/v1/redelegation_mappings", "/cosmos/gov/v1/proposals",
      `/cosmos/distribution/v1beta1/delegators/${KEY5}/validators`, `/cosmos/distribution/v1beta1/delegators/${KEY5}/withdraw_address`,
      `/cosmos/auth/v1beta1/accounts/${POOL}`, "/cosmos/gov/v1/params/voting",
    ]) await sameAsRecorded(node, path);
    await sameAsRecorded(node, "/chainmain/tieredrewards/v1/position/0", "/chainmain/tieredrewards/v1/position/{pos}");
    await sameAsRecorded(node, "/cosmos/gov/v1/proposals/1", "/cosmos/gov/v1/proposals/{pid}");
    await sameAsRecorded(node, "/cosmos/gov/v1/proposals/1/tally", "/cosmos/gov/v1/proposals/{pid}/tally");
    // Account numbers, sequences and keys: the export's.
    for (const a of exported.app_state.auth.accounts) {
      const base = a.base_account ?? a;
      const got = (await node.get(`/cosmos/auth/v1beta1/accounts/${base.address}`)).json.account;
      assert.equal(got.base_account ?? got, base, base.address);
    }
    // F1: outstanding rewards, commission and the community pool as exported; a delegation's rewards as the SDK's query computes them.
    for (const o of exported.app_state.distribution.outstanding_rewards) {
      assert.equal((await node.get(`/cosmos/distribution/v1beta1/validators/${o.validator_address}/outstanding_rewards`)).json.rewards.rewards, o.outstanding_rewards);
    }
    for (const c of exported.app_state.distribution.validator_accumulated_commissions) {
      assert.equal((await node.get(`/cosmos/distribution/v1beta1/validators/${c.validator_address}/commission`)).json.commission.commission, c.accumulated.commission);
    }
    assert.equal((await node.get("/cosmos/distribution/v1beta1/community_pool")).json.pool, exported.app_state.distribution.fee_pool.community_pool);
    for (const [delegator, validator] of [[KEY5, VAL1], [KEY5, VAL2], ["cro14wq8z3g43jn3y7gg3mv5np90xyecwpgqdxz5su", VAL1], ["cro1uzfkxv40c6p0g2nc7ufjytzxtuqh4upxe5hgtvez4pqkqzlsedjsj33fph", VAL2]]) {
      const got = (await node.get(`/cosmos/distribution/v1beta1/delegators/${delegator}/rewards/${validator}`)).json.rewards[0].amount;
      assert.is(core.dec.parse(got), f1Rewards(delegator!, validator!), `${delegator} on ${validator}`);
    }
    // Signing infos, with the missed blocks in their window (x/slashing's routes are served under CometBFT), and the last validator set.
    for (const s of exported.app_state.slashing.signing_infos) {
      const hex = Buffer.from(accountAddressBytes(s.address, "crocnclcons")).toString("hex").toUpperCase();
      const info = node.chain.app.slashing.info(hex)!;
      const i = s.validator_signing_info;
      assert.equal([info.startHeight, info.indexOffset, info.missedBlocksCounter, info.tombstoned, info.jailedUntilNs], [BigInt(i.start_height), BigInt(i.index_offset), BigInt(i.missed_blocks_counter), i.tombstoned, 0n]);
      const missed = exported.app_state.slashing.missed_blocks.find((m: any) => m.address === s.address).missed_blocks;
      assert.equal(info.missed, missed.map((m: any) => Number(m.index)));
    }
    assert.is(node.chain.app.slashing.info("F6CD6F6AD39262AB7529ACA10794A1F61C864449")!.missed.length, 357);
    assert.equal(node.chain.consensusValidators().map((v) => v.power), exported.consensus.validators.map((v: any) => BigInt(v.power)).sort((a: bigint, b: bigint) => (a > b ? -1 : 1)));
    assert.equal(node.chain.app.checkInvariants(), []);
    // It makes blocks from there: mint, rewards, the top-up, on the export's supply.
    await node.post("/dev/advance?blocks=3");
    assert.is(node.chain.latestBlock().height, 397n);
    assert.ok(node.chain.totalSupply() > BigInt(exported.app_state.bank.supply[0].amount));
    assert.equal(node.chain.app.checkInvariants(), []);
  } finally {
    await node.chain.close();
  }
});

test("round trip: chain-maind's export imported and exported again is the same document; so is the node's own after txs, by the SDK sections alone", async () => {
  const ref = await h.open({ genesis: exported });
  try {
    const again = (await ref.get("/dev/export")).json;
    assert.equal(withoutNodeState(again), exported, "the same document at the same height");
    assert.ok(again.app_state.node_state, "with the node's exact records beside");
  } finally {
    await ref.chain.close();
  }
  // The node's own chain (x/gov governing) after delegations, an undelegation and a redelegation
  // (entries with ids), a tier position (its withdraw address) and a proposal with its deposit and vote.
  const node = await h.open({ genesis: mergeJson(defaultGenesisJson(), { app_state: { node: { gov_authority: GOV_MODULE_ADDRESS } } }) });
  const u5 = devAddress(5);
  const op = (n: number) => operatorOf(devAddress(n));
  const coin = (amount: bigint) => ({ denom: "basecro", amount: `${amount}` });
  const CRO = 100_000_000n;
  await committedTx(node, 5, [
    { type: "cosmos-sdk/MsgDelegate", value: { delegator_address: u5, validator_address: op(1), amount: coin(1000n * CRO) } },
    { type: "cosmos-sdk/MsgUndelegate", value: { delegator_address: u5, validator_address: op(1), amount: coin(100n * CRO) } },
    { type: "cosmos-sdk/MsgBeginRedelegate", value: { delegator_address: u5, validator_src_address: op(1), validator_dst_address: op(2), amount: coin(100n * CRO) } },
  ]);
  await committedTx(node, 6, [lockTierMsg(devAddress(6), 1, 200n * CRO, op(3))]);
  const tier4 = { id: 4, exit_duration: "15768000s", bonus_apy: "0.050000000000000000", min_lock_amount: "10000000000", close_only: false };
  await committedTx(node, 7, [{
    type: "cosmos-sdk/v1/MsgSubmitProposal",
    value: { messages: [tierGovMsg("MsgAddTier", GOV_MODULE_ADDRESS, tier4)], initial_deposit: [coin(20_000n * CRO)], proposer: devAddress(7), metadata: "", title: "tier 4", summary: "a tier" },
  }]);
  await committedTx(node, 1, [{ type: "cosmos-sdk/v1/MsgVote", value: { proposal_id: "1", voter: devAddress(1), option: 1, metadata: "" } }]);
  await node.post("/dev/advance?blocks=2");
  const first = (await node.get("/dev/export")).json;
  assert.is(first.app_state.staking.unbonding_delegations.length, 1);
  assert.is(first.app_state.staking.redelegations.length, 1);
  assert.is(first.app_state.tieredrewards.positions.length, 1);
  assert.is(first.app_state.gov.votes.length, 1);
  // By its SDK sections alone: placed record by record, exported again the same.
  const sdkOnly = await h.open({ genesis: withoutNodeState(first) });
  // By its node_state: the very records, the same state hash.
  const exact = await h.open({ genesis: first });
  try {
    assert.equal(withoutNodeState((await sdkOnly.get("/dev/export")).json), withoutNodeState(first));
    assert.is(exact.chain.latestBlock().appHash, node.chain.latestBlock().appHash);
    for (const path of [`/cosmos/staking/v1beta1/delegators/${u5}/unbonding_delegations`, `/cosmos/staking/v1beta1/delegators/${u5}/redelegations`,
      `/cosmos/distribution/v1beta1/delegators/${u5}/rewards`, "/chainmain/tieredrewards/v1/positions", "/cosmos/gov/v1/proposals/1/votes",
      `/cosmos/auth/v1beta1/accounts/${u5}`]) {
      // the same answers; lists by validator in id order, and the import numbers validators by operator address
      assert.equal(sorted((await sdkOnly.get(path)).json), sorted((await node.get(path)).json), path);
    }
    // Both go on alike: the same blocks (mint, rewards, the proposal's end) give the same document.
    for (const n of [node, sdkOnly]) await n.post("/dev/advance?blocks=3");
    assert.equal(withoutNodeState((await sdkOnly.get("/dev/export")).json), withoutNodeState((await node.get("/dev/export")).json));
  } finally {
    await sdkOnly.chain.close();
    await exact.chain.close();
  }
  // `npm run export` on the stopped node writes what GET /dev/export answered.
  const last = (await node.get("/dev/export")).json;
  await node.chain.close();
  const out = join(h.dir, "exported.json");
  assert.is(await exportCommand.run(["--db", node.dbPath, "--out", out]), 0);
  assert.equal(JSON.parse(readFileSync(out, "utf8")), last);
  assert.is(await exportCommand.run(["--db", node.dbPath, "--out", out, "--sdk-only"]), 0);
  assert.equal(JSON.parse(readFileSync(out, "utf8")), withoutNodeState(last));
});

test("bad documents are refused with the JSON path of what is wrong", async () => {
  const refuse = (doc: Json, path: string, reason: string) => {
    try {
      parseGenesis(doc, core.dec);
    } catch (e) {
      assert.instance(e, ValidationError);
      assert.is((e as ValidationError).path, path);
      assert.match((e as ValidationError).reason, reason);
      return;
    }
    assert.unreachable(`accepted; expected ${path}: ${reason}`);
  };
  const edit = (doc: any, f: (d: any) => void): Json => {
    const d = clone(doc);
    f(d);
    return d;
  };
  refuse(edit(exported, (d) => (d.app_state.foo = {})), "app_state", 'unknown field "foo"');
  refuse(edit(exported, (d) => (d.app_state.staking.delegations[2].validator_address = operatorOf(devAddress(3)))), "app_state.staking.delegations[2].validator_address", "no validator");
  refuse(edit(exported, (d) => (d.app_state.staking.validators[0].colour = "red")), "app_state.staking.validators[0]", 'unknown field "colour"');
  refuse(edit(exported, (d) => (d.app_state.staking.validators[1].tokens = 5)), "app_state.staking.validators[1].tokens", "must be a string");
  refuse(edit(exported, (d) => (d.app_state.bank.balances[0].coins[0].amount = "1")), "app_state.bank.balances", "balances add up to");
  refuse(edit(exported, (d) => {
    const { ["@type"]: _, ...base } = d.app_state.auth.accounts[1];
    d.app_state.auth.accounts[1] = {
      "@type": "/cosmos.vesting.v1beta1.ContinuousVestingAccount", start_time: "10",
      base_vesting_account: { base_account: base, original_vesting: [{ denom: "basecro", amount: "10" }], delegated_free: [], delegated_vesting: [], end_time: "5" },
    };
  }), "app_state.auth.accounts[1]", "vesting start-time cannot be before end-time");
  refuse(edit(exported, (d) => (d.app_state.distribution.validator_historical_rewards[0].rewards.cumulative_reward_ratio = [{ denom: "uatom", amount: "1" }])),
    "app_state.distribution.validator_historical_rewards[0].rewards.cumulative_reward_ratio[0].denom", "only the bond denom basecro");
  refuse(edit(exported, (d) => (d.app_state.tieredrewards.positions[1].tier_id = 9)), "app_state.tieredrewards.positions[1].tier_id", "tier 9 not found");
  refuse(edit(exported, (d) => (d.app_state.gov.proposals[0].messages[0]["@type"] = "/cosmos.foo.v1.MsgBar")),
    "app_state.gov.proposals[0].messages[0]", "not supported by this node");
  refuse(edit(genesisJson, (d) => (d.app_state.genutil.gen_txs[0].body.messages[0].value.denom = "stake")), "app_state.genutil.gen_txs[0].body.messages[0].value.denom", "invalid coin denomination");
  refuse(edit(genesisJson, (d) => d.app_state.auth.accounts.splice(1, 1)), "app_state.genutil.gen_txs[0]", "does not exist");
  refuse(edit(genesisJson, (d) => (d.initial_height = 0)), "initial_height", "cannot be 0");

  // What only the chain can tell: a gentx whose signature does not cover its content, an export
  // whose records do not add up (the core's invariants), an edit under a node_state's digest.
  const opens = async (doc: Json, path: string, reason: string) => {
    try {
      const node = await h.open({ genesis: doc });
      await node.chain.close();
    } catch (e) {
      assert.instance(e, ValidationError);
      assert.is((e as ValidationError).path, path);
      assert.match((e as ValidationError).reason, reason);
      return;
    }
    assert.unreachable(`started; expected ${path}: ${reason}`);
  };
  await opens(edit(genesisJson, (d) => (d.app_state.genutil.gen_txs[0].body.memo = "another memo")), "app_state.genutil.gen_txs[0]", "signature verification failed");
  await opens(edit(exported, (d) => (d.app_state.staking.validators[1].tokens = "1000000870000000001")), "app_state", "the bonded pool holds the bonded validators' tokens");
  await opens(edit(exported, (d) => (d.app_state.distribution.delegator_starting_infos = d.app_state.distribution.delegator_starting_infos.slice(1))),
    "app_state.staking.delegations[0]", "no starting info");
  const node = await h.open();
  const doc = (await node.get("/dev/export")).json;
  await node.chain.close();
  refuse(edit(doc, (d) => (d.app_state.bank.balances[0].coins[0].amount = `${BigInt(d.app_state.bank.balances[0].coins[0].amount) - 1n}`)),
    "app_state.bank.balances", "balances add up to");
  refuse(edit(doc, (d) => (d.app_state.mint.params.blocks_per_year = "52596")), "app_state.node_state.sdk_digest", "the SDK sections differ");
  assert.is(genesisWithOverride({}, core.dec).height, 0n);
});

test("a genesis file past V8's longest string is refused before it is read, with its size and the bound", async () => {
  const { mkdtemp, open, rm } = await import("node:fs/promises");
  const { tmpdir } = await import("node:os");
  const dir = await mkdtemp(join(tmpdir(), "big-genesis-"));
  const file = join(dir, "genesis.json");
  try {
    // Sparse: the size is there, the bytes are not written.
    const f = await open(file, "w");
    await f.truncate(MAX_GENESIS_BYTES + 1);
    await f.close();
    const e = await readGenesisDoc(file).catch((x: unknown) => x);
    assert.ok(e instanceof ValidationError, String(e));
    assert.match((e as Error).message, `${(MAX_GENESIS_BYTES + 1).toLocaleString("en-US")} bytes: above the ${MAX_GENESIS_BYTES.toLocaleString("en-US")}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test.run();
