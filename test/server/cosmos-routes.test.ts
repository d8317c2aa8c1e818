// The Cosmos query routes (x/auth, x/bank, x/staking and x/distribution's typed handlers, served
// by the query router) in-process over a ChainView built on a bare Ledger: a genesis of three
// validators and a few accounts, some blocks, an undelegation, a redelegation and a slash; every
// response checked for its exact gateway shape and against the ledger's own numbers; every error
// for its HTTP status, code and message.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { loadCoreFromFile } from "../../host/core/node.js";
import { Emission, DEFAULT_EMISSION_PARAMS } from "../../host/core/emission.js";
import { Ledger, FIRST_USER_ACCOUNT, ModuleAccount as M } from "../../host/core/ledger.js";
import { encodeAddress } from "../../host/wire/address.js";
import { moduleQueryRouter } from "../../host/app/queries.js";
import { authModule } from "../../host/modules/auth/module.js";
import { bankModule } from "../../host/modules/bank/module.js";
import { stakingModule } from "../../host/modules/staking/module.js";
import { distributionModule } from "../../host/modules/distribution/module.js";
import { registerQueryRoutes } from "../../host/server/query-routes.js";
import { errorBody, httpStatusFromCode } from "../../host/wire/gateway-json.js";
import { toGatewayError } from "../../host/server/app.js";
import type { ChainView, Directory } from "../../host/framework/view.js";

const E18 = 10n ** 18n;
const SECOND = 1_000_000_000n;
const UNBONDING = 28n * 86_400n * SECOND;
const FUNDS = 10_000_000_000_000n;
const DENOM = "basecro";
const OPS = [0, 1, 2].map((i) => FIRST_USER_ACCOUNT + i);
const [ALICE, BOB, CAROL] = [3, 4, 5].map((i) => FIRST_USER_ACCOUNT + i);
const bytesOf = (tag: number) => Uint8Array.from({ length: 20 }, (_, i) => (tag * 31 + i * 7) & 0xff);
const acc = (id: number) => encodeAddress("cro", bytesOf(id));
const val = (id: number) => encodeAddress("crocncl", bytesOf(1000 + id));
/** A valid address of each kind that the chain never saw. */
const STRANGER = encodeAddress("cro", bytesOf(777));
const NO_VALIDATOR = encodeAddress("crocncl", bytesOf(778));
const ALICE_KEY = Uint8Array.from({ length: 33 }, (_, i) => i + 2);

async function setup() {
  const core = await loadCoreFromFile();
  const emission = new Emission(core);
  const ledger = new Ledger(core);
  emission.configure(DEFAULT_EMISSION_PARAMS);
  emission.setState({ height: 0n, totalSupply: 6n * FUNDS, burned: 0n });
  ledger.configure({ communityTax: E18 / 50n, targetBaseRewardsRate: 0n });
  ledger.configureStaking(2, 1_000_000n, UNBONDING);
  for (const a of [...OPS, ALICE, BOB, CAROL]) ledger.genesisBalance(a, FUNDS);
  // validator 2 has the least stake: with max 2 validators it stays unbonded
  ledger.createValidatorWithSelfDelegation(0, OPS[0], E18 / 10n, 2_000_000_000_000n, 0n);
  ledger.createValidatorWithSelfDelegation(1, OPS[1], E18 / 20n, 3_000_000_000_000n, 1n);
  ledger.createValidatorWithSelfDelegation(2, OPS[2], E18 / 5n, 1_000_000_000_000n, 2n);
  let height = 0n;
  const block = () => {
    height += 1n;
    const time = height * 5n * SECOND;
    ledger.beginBlock(height, ledger.lastCommitVotes(), time);
    ledger.endBlock(height, time);
  };
  block();
  block();
  ledger.delegate(BOB, 1, 700_000_000n);
  ledger.delegate(ALICE, 1, 500_000_000n);
  ledger.delegate(ALICE, 0, 300_000_000n);
  for (let i = 0; i < 5; i++) block();
  ledger.undelegate(ALICE, 0, 100_000_000n);
  ledger.redelegate(ALICE, 1, 0, 200_000_000n);
  block();
  ledger.slash(0, height - 1n, 2_000_200n, E18 / 100n);
  block();

  const ids = new Map<string, number>();
  for (let i = 0; i < FIRST_USER_ACCOUNT + 6; i++) ids.set(acc(i), i);
  const validators = new Map([0, 1, 2].map((v) => [val(v), v]));
  const directory: Directory = {
    accountPrefix: "cro",
    validatorPrefix: "crocncl",
    accountId: (a) => ids.get(a),
    accountAddress: (id) => acc(id),
    validatorId: (a) => validators.get(a),
    validatorAddress: (id) => val(id),
    validatorIds: () => [0, 1, 2],
    accountIds: () => [...ids.values()].sort((a, b) => a - b),
    account: (a) => {
      const id = ids.get(a);
      if (id === undefined || id < FIRST_USER_ACCOUNT) return undefined;
      return { accountNumber: BigInt(id), sequence: id === ALICE ? 4n : 0n, pubKey: id === ALICE ? ALICE_KEY : undefined };
    },
  };
  const view: ChainView = {
    chainId: "test-1",
    denom: DENOM,
    ledger,
    emission,
    directory,
    latestBlock: () => ({ height, timeNs: height * 5n * SECOND, hash: "00", appHash: "00", txCount: 0 }),
  };
  const app = new Hono();
  // x/auth, x/bank, x/staking and x/distribution's modules over a bare ledger: no genesis document, no stored blocks, no community tax.
  const bare = {
    ...view, genesisParams: {}, blockTxs: () => undefined, genesis: { distribution: { communityTax: 0n } },
    supplyOf: (d: string) => (d === DENOM ? ledger.totalSupply() : 0n),
  };
  const modules = [authModule, bankModule, stakingModule, distributionModule] as const;
  registerQueryRoutes(app, moduleQueryRouter<(typeof bare)>(modules, bare), "chainmain");
  app.onError((err, c) => {
    const { code, message } = toGatewayError(err);
    return c.json(errorBody(code, message), httpStatusFromCode(code) as ContentfulStatusCode);
  });
  const get = async (path: string, status = 200) => {
    const res = await app.request(path);
    const body = await res.json();
    assert.is(res.status, status, `${path}: ${JSON.stringify(body)}`);
    return body;
  };
  /** An error answer: status, gateway code, message (exact, or a prefix ending in "…"). */
  const fails = async (path: string, status: number, code: number, message: string) => {
    const body = await get(path, status);
    assert.equal(Object.keys(body), ["code", "message", "details"]);
    assert.is(body.code, code);
    if (message.endsWith("…")) assert.ok(body.message.startsWith(message.slice(0, -1)), body.message);
    else assert.is(body.message, message);
    assert.equal(body.details, []);
  };
  return { ledger, emission, get, fails, block, app };
}

const dec = (raw: bigint) => `${raw / E18}.${(raw % E18).toString().padStart(18, "0")}`;
const ctx = await setup();

test("bank: balances, by denom, supply; unseen addresses hold nothing; bad addresses are 400 code 3", async () => {
  const { ledger, get, fails } = ctx;
  assert.equal(await get(`/cosmos/bank/v1beta1/balances/${acc(BOB)}`), {
    balances: [{ denom: DENOM, amount: String(ledger.balance(BOB)) }],
    pagination: { next_key: null, total: "1" },
  });
  assert.is(ledger.balance(BOB), FUNDS - 700_000_000n);
  assert.equal(await get(`/cosmos/bank/v1beta1/balances/${STRANGER}`), { balances: [], pagination: { next_key: null, total: "0" } });
  assert.equal(await get(`/cosmos/bank/v1beta1/balances/${acc(M.bondedPool)}`), {
    balances: [{ denom: DENOM, amount: String(ledger.pool().bonded) }],
    pagination: { next_key: null, total: "1" },
  });
  await fails("/cosmos/bank/v1beta1/balances/cro1notanaddress", 400, 3, "invalid address: decoding bech32 failed: …");
  await fails(`/cosmos/bank/v1beta1/balances/${val(0)}`, 400, 3, "invalid address: invalid Bech32 prefix; expected cro, got crocncl");
  assert.equal(await get(`/cosmos/bank/v1beta1/balances/${acc(ALICE)}/by_denom?denom=${DENOM}`), {
    balance: { denom: DENOM, amount: String(ledger.balance(ALICE)) },
  });
  assert.equal(await get(`/cosmos/bank/v1beta1/balances/${acc(ALICE)}/by_denom?denom=uatom`), { balance: { denom: "uatom", amount: "0" } });
  await fails(`/cosmos/bank/v1beta1/balances/${acc(ALICE)}/by_denom?denom=1x`, 400, 3, "invalid denom: 1x");
  await fails(`/cosmos/bank/v1beta1/balances/${acc(ALICE)}/by_denom`, 400, 3, "invalid denom: ");
  const supply = await get("/cosmos/bank/v1beta1/supply");
  assert.equal(supply, { supply: [{ denom: DENOM, amount: String(ledger.totalSupply()) }], pagination: { next_key: null, total: "1" } });
  assert.is(ledger.totalSupply(), ctx.emission.last().totalSupply);
  assert.ok(ledger.totalSupply() !== 6n * FUNDS, "minted and burned since genesis");
  assert.equal(ledger.checkInvariants(), [], "the supply is every balance");
});

test("staking: a validator exactly as the gateway renders it; unknown is 404 code 5, bad is the codec's error (500 code 2, as the chain)", async () => {
  const { ledger, get, fails } = ctx;
  const v = ledger.validator(0)!;
  assert.equal(await get(`/cosmos/staking/v1beta1/validators/${val(0)}`), {
    validator: {
      operator_address: val(0),
      consensus_pubkey: null,
      jailed: false,
      status: "BOND_STATUS_BONDED",
      tokens: String(v.tokens),
      delegator_shares: dec(v.delegatorShares),
      description: { moniker: "", identity: "", website: "", security_contact: "", details: "" },
      unbonding_height: "0",
      unbonding_time: "1970-01-01T00:00:00Z",
      commission: {
        commission_rates: { rate: "0.100000000000000000", max_rate: "0.100000000000000000", max_change_rate: "0.000000000000000000" },
        update_time: "1970-01-01T00:00:00Z",
      },
      min_self_delegation: "1",
      unbonding_on_hold_ref_count: "0",
      unbonding_ids: [],
    },
  });
  assert.ok(v.tokens < 2_000_000_000_000n + 200_000_000n, "slashed: tokens below what was delegated");
  const two = (await get(`/cosmos/staking/v1beta1/validators/${val(2)}`)).validator;
  assert.is(two.status, "BOND_STATUS_UNBONDED");
  assert.is(two.commission.commission_rates.rate, "0.200000000000000000");
  await fails(`/cosmos/staking/v1beta1/validators/${NO_VALIDATOR}`, 404, 5, `validator ${NO_VALIDATOR} not found`);
  await fails(`/cosmos/staking/v1beta1/validators/${acc(1)}`, 500, 2, "invalid Bech32 prefix; expected crocncl, got cro");
});

test("staking: validators list with the status filter and pagination", async () => {
  const { get, fails } = ctx;
  const all = await get("/cosmos/staking/v1beta1/validators");
  assert.equal(all.validators.map((v: { operator_address: string }) => v.operator_address), [val(0), val(1), val(2)]);
  assert.equal(all.pagination, { next_key: null, total: "3" });
  const bonded = await get("/cosmos/staking/v1beta1/validators?status=BOND_STATUS_BONDED");
  assert.equal(bonded.validators.map((v: { operator_address: string }) => v.operator_address), [val(0), val(1)]);
  assert.equal(bonded.pagination, { next_key: null, total: "2" });
  const unbonded = await get("/cosmos/staking/v1beta1/validators?status=BOND_STATUS_UNBONDED");
  assert.equal(unbonded.validators.map((v: { operator_address: string }) => v.operator_address), [val(2)]);
  await fails("/cosmos/staking/v1beta1/validators?status=BONDED", 400, 3, "invalid validator status BONDED");
  const first = await get("/cosmos/staking/v1beta1/validators?pagination.limit=2");
  assert.is(first.validators.length, 2);
  assert.equal(first.pagination, { next_key: "AAAAAAAAAAI=", total: "0" });
  const counted = await get("/cosmos/staking/v1beta1/validators?pagination.limit=2&pagination.count_total=true");
  assert.is(counted.pagination.total, "3");
  const rest = await get(`/cosmos/staking/v1beta1/validators?pagination.key=${encodeURIComponent(first.pagination.next_key)}`);
  assert.equal(rest.validators.map((v: { operator_address: string }) => v.operator_address), [val(2)]);
  assert.equal(rest.pagination, { next_key: null, total: "0" });
  const offset = await get("/cosmos/staking/v1beta1/validators?pagination.offset=1&pagination.limit=1");
  assert.equal(offset.validators.map((v: { operator_address: string }) => v.operator_address), [val(1)]);
  const reversed = await get("/cosmos/staking/v1beta1/validators?pagination.reverse=true");
  assert.equal(reversed.validators.map((v: { operator_address: string }) => v.operator_address), [val(2), val(1), val(0)]);
  await fails("/cosmos/staking/v1beta1/validators?pagination.limit=x", 400, 3, 'type mismatch, parameter: pagination.limit, error: strconv.ParseUint: parsing "x": invalid syntax');
  await fails("/cosmos/staking/v1beta1/validators?pagination.reverse=yes", 400, 3, 'type mismatch, parameter: pagination.reverse, error: strconv.ParseBool: parsing "yes": invalid syntax');
  await fails("/cosmos/staking/v1beta1/validators?pagination.key=AAAAAAAAAAI%3D&pagination.offset=1", 400, 3, "paginate: invalid request, either offset or key is expected, got both");
  await fails("/cosmos/staking/v1beta1/validators?pagination.key=AAE%3D", 400, 3, 'invalid pagination key "AAE="');
});

test("staking: delegations of a validator and of a delegator, one delegation, each with its balance", async () => {
  const { ledger, get, fails } = ctx;
  const response = (d: number, v: number) => {
    const x = ledger.delegation(d, v)!;
    return {
      delegation: { delegator_address: acc(d), validator_address: val(v), shares: dec(x.shares) },
      balance: { denom: DENOM, amount: String(x.balance) },
    };
  };
  const byVal = await get(`/cosmos/staking/v1beta1/validators/${val(1)}/delegations`);
  assert.equal(byVal, {
    delegation_responses: [response(OPS[1], 1), response(ALICE, 1), response(BOB, 1)],
    pagination: { next_key: null, total: "3" },
  });
  const page = await get(`/cosmos/staking/v1beta1/validators/${val(1)}/delegations?pagination.limit=1&pagination.offset=1`);
  assert.equal(page.delegation_responses, [response(ALICE, 1)]);
  assert.is(page.pagination.next_key, Buffer.from([0, 0, 0, 0, 0, 0, 0, BOB]).toString("base64"));
  const next = await get(`/cosmos/staking/v1beta1/validators/${val(1)}/delegations?pagination.key=${encodeURIComponent(page.pagination.next_key)}`);
  assert.equal(next.delegation_responses, [response(BOB, 1)]);
  const rev = await get(`/cosmos/staking/v1beta1/validators/${val(1)}/delegations?pagination.reverse=true&pagination.limit=2`);
  assert.equal(rev.delegation_responses, [response(BOB, 1), response(ALICE, 1)]);
  await fails(`/cosmos/staking/v1beta1/validators/${NO_VALIDATOR}/delegations`, 404, 5, `validator ${NO_VALIDATOR} not found`);

  // Alice on validator 0 (300 - 100 undelegated + 200 redelegated) was slashed: her balance is
  // below what her shares were issued for
  const slashed = response(ALICE, 0);
  assert.ok(BigInt(slashed.balance.amount) < 400_000_000n);
  assert.is(ledger.delegation(ALICE, 0)!.shares, 400_000_000n * E18);
  assert.equal(await get(`/cosmos/staking/v1beta1/delegations/${acc(ALICE)}`), {
    delegation_responses: [slashed, response(ALICE, 1)],
    pagination: { next_key: null, total: "2" },
  });
  assert.equal(await get(`/cosmos/staking/v1beta1/delegations/${STRANGER}`), { delegation_responses: [], pagination: { next_key: null, total: "0" } });
  await fails("/cosmos/staking/v1beta1/delegations/nope", 400, 3, "invalid address: …");

  assert.equal(await get(`/cosmos/staking/v1beta1/validators/${val(0)}/delegations/${acc(ALICE)}`), { delegation_response: slashed });
  await fails(
    `/cosmos/staking/v1beta1/validators/${val(2)}/delegations/${acc(ALICE)}`, 404, 5,
    `delegation with delegator ${acc(ALICE)} not found for validator ${val(2)}`,
  );
  await fails(`/cosmos/staking/v1beta1/validators/${val(2)}/delegations/${STRANGER}`, 404, 5, "delegation with delegator …");
  await fails(`/cosmos/staking/v1beta1/validators/${val(2)}/delegations/${val(2)}`, 400, 3, "invalid address: …");
});

test("staking: unbonding delegations and redelegations of a delegator, grouped as the SDK does", async () => {
  const { ledger, get, fails } = ctx;
  const [u] = ledger.unbondingEntries(ALICE);
  assert.equal(await get(`/cosmos/staking/v1beta1/delegators/${acc(ALICE)}/unbonding_delegations`), {
    unbonding_responses: [
      {
        delegator_address: acc(ALICE),
        validator_address: val(0),
        entries: [
          {
            creation_height: String(u.creationHeight),
            completion_time: new Date(Number((u.completionTime) / 1_000_000n)).toISOString().replace(".000Z", "Z"),
            initial_balance: "100000000",
            balance: String(u.balance),
            unbonding_id: String(u.id),
            unbonding_on_hold_ref_count: "0",
          },
        ],
      },
    ],
    pagination: { next_key: null, total: "1" },
  });
  assert.ok(u.balance < 100_000_000n, "the entry was slashed with its validator");
  assert.is(u.completionTime, 7n * 5n * SECOND + UNBONDING);
  const [r] = ledger.redelegationEntries(ALICE);
  const expected = {
    redelegation_responses: [
      {
        // RedelegationResponse marshals itself with Go's encoding/json, as on the chain: a nil list
        // is null, int64 a number, a zero count omitted.
        redelegation: { delegator_address: acc(ALICE), validator_src_address: val(1), validator_dst_address: val(0), entries: null },
        entries: [
          {
            redelegation_entry: {
              creation_height: Number(r.creationHeight),
              completion_time: new Date(Number(r.completionTime / 1_000_000n)).toISOString().replace(".000Z", "Z"),
              initial_balance: "200000000",
              shares_dst: dec(r.sharesDst),
              unbonding_id: Number(r.id),
            },
            balance: String(r.balance),
          },
        ],
      },
    ],
    pagination: { next_key: null, total: "1" },
  };
  assert.equal(await get(`/cosmos/staking/v1beta1/delegators/${acc(ALICE)}/redelegations`), expected);
  assert.equal(
    await get(`/cosmos/staking/v1beta1/delegators/${acc(ALICE)}/redelegations?src_validator_addr=${val(1)}&dst_validator_addr=${val(0)}`),
    expected,
  );
  await fails(
    `/cosmos/staking/v1beta1/delegators/${acc(ALICE)}/redelegations?src_validator_addr=${val(0)}&dst_validator_addr=${val(1)}`, 404, 5,
    `redelegation not found for delegator address ${acc(ALICE)} from validator address ${val(0)}`,
  );
  for (const route of ["unbonding_delegations", "redelegations"]) {
    const body = await get(`/cosmos/staking/v1beta1/delegators/${acc(BOB)}/${route}`);
    assert.equal(body.pagination, { next_key: null, total: "0" });
    await fails(`/cosmos/staking/v1beta1/delegators/xyz/${route}`, 400, 3, "invalid address: …");
  }
});

test("staking: pool and params", async () => {
  const { ledger, get } = ctx;
  const p = ledger.pool();
  assert.equal(await get("/cosmos/staking/v1beta1/pool"), {
    pool: { not_bonded_tokens: String(p.notBonded), bonded_tokens: String(p.bonded) },
  });
  assert.ok(p.notBonded > 1_000_000_000_000n, "validator 2 and the unbonding entry");
  assert.equal(await get("/cosmos/staking/v1beta1/params"), {
    params: {
      unbonding_time: "2419200s",
      max_validators: 2,
      max_entries: 7,
      historical_entries: 0,
      bond_denom: DENOM,
      min_commission_rate: "0.000000000000000000",
    },
  });
});

test("distribution: pending rewards per delegation and in total, community pool, commission", async () => {
  const { ledger, get, fails } = ctx;
  const r0 = ledger.pendingRewards(ALICE, 0);
  const r1 = ledger.pendingRewards(ALICE, 1);
  assert.ok(r0 > 0n && r1 > 0n);
  assert.equal(await get(`/cosmos/distribution/v1beta1/delegators/${acc(ALICE)}/rewards`), {
    rewards: [
      { validator_address: val(0), reward: [{ denom: DENOM, amount: dec(r0) }] },
      { validator_address: val(1), reward: [{ denom: DENOM, amount: dec(r1) }] },
    ],
    total: [{ denom: DENOM, amount: dec(r0 + r1) }],
  });
  assert.equal(await get(`/cosmos/distribution/v1beta1/delegators/${STRANGER}/rewards`), { rewards: [], total: [] });
  assert.equal(await get(`/cosmos/distribution/v1beta1/delegators/${acc(ALICE)}/rewards/${val(1)}`), {
    rewards: [{ denom: DENOM, amount: dec(r1) }],
  });
  await fails(`/cosmos/distribution/v1beta1/delegators/${acc(ALICE)}/rewards/${val(2)}`, 404, 5, "delegation does not exist");
  await fails(`/cosmos/distribution/v1beta1/delegators/${acc(ALICE)}/rewards/${NO_VALIDATOR}`, 404, 5, `validator ${NO_VALIDATOR} not found`);
  await fails(`/cosmos/distribution/v1beta1/delegators/bad/rewards`, 400, 3, "invalid address: …");
  const pool = ledger.communityPool();
  assert.ok(pool > 0n);
  assert.equal(await get("/cosmos/distribution/v1beta1/community_pool"), { pool: [{ denom: DENOM, amount: dec(pool) }] });
  const commission = ledger.validator(1)!.accumulatedCommission;
  assert.ok(commission > 0n);
  assert.equal(await get(`/cosmos/distribution/v1beta1/validators/${val(1)}/commission`), {
    commission: { commission: [{ denom: DENOM, amount: dec(commission) }] },
  });
  // an unbonded validator earns nothing: an empty list, not a zero coin
  assert.equal(await get(`/cosmos/distribution/v1beta1/validators/${val(2)}/commission`), { commission: { commission: [] } });
  await fails(`/cosmos/distribution/v1beta1/validators/${NO_VALIDATOR}/commission`, 404, 5, `validator ${NO_VALIDATOR} not found`);
});

test("auth: a BaseAccount with number, sequence and key; unknown accounts are 404", async () => {
  const { get, fails } = ctx;
  assert.equal(await get(`/cosmos/auth/v1beta1/accounts/${acc(ALICE)}`), {
    account: {
      "@type": "/cosmos.auth.v1beta1.BaseAccount",
      address: acc(ALICE),
      pub_key: { "@type": "/cosmos.crypto.secp256k1.PubKey", key: Buffer.from(ALICE_KEY).toString("base64") },
      account_number: String(ALICE),
      sequence: "4",
    },
  });
  const bob = await get(`/cosmos/auth/v1beta1/accounts/${acc(BOB).toUpperCase()}`);
  assert.equal(bob.account, { "@type": "/cosmos.auth.v1beta1.BaseAccount", address: acc(BOB), pub_key: null, account_number: String(BOB), sequence: "0" });
  await fails(`/cosmos/auth/v1beta1/accounts/${STRANGER}`, 404, 5, `account ${STRANGER} not found`);
  await fails("/cosmos/auth/v1beta1/accounts/cro1", 400, 3, "invalid address: …");
});

test("another method on a known path is 501 code 12", async () => {
  const res = await ctx.app.request("/cosmos/staking/v1beta1/pool", { method: "POST" });
  assert.is(res.status, 501);
  assert.equal(await res.json(), { code: 12, message: "Method Not Allowed", details: [] });
});

test("more of the SDK surface: spendable balances, bank params and metadata, a delegator's validators, distribution params, withdraw address, outstanding rewards, auth params and account info", async () => {
  const { ledger, get, fails } = ctx;
  assert.equal(await get(`/cosmos/bank/v1beta1/spendable_balances/${acc(BOB)}`), {
    balances: [{ denom: DENOM, amount: String(FUNDS - 700_000_000n) }],
    pagination: { next_key: null, total: "1" },
  });
  assert.equal(await get(`/cosmos/bank/v1beta1/spendable_balances/${STRANGER}/by_denom?denom=${DENOM}`), { balance: { denom: DENOM, amount: "0" } });
  await fails(`/cosmos/bank/v1beta1/spendable_balances/${val(0)}`, 400, 3, "invalid address: …");
  assert.equal(await get("/cosmos/bank/v1beta1/params"), { params: { send_enabled: [], default_send_enabled: true } });
  const meta = await get("/cosmos/bank/v1beta1/denoms_metadata");
  assert.equal(meta.metadatas[0].denom_units, [{ denom: "basecro", exponent: 0, aliases: [] }, { denom: "cro", exponent: 8, aliases: [] }]);
  assert.equal([meta.metadatas[0].base, meta.metadatas[0].display], ["basecro", "cro"]);
  assert.equal((await get("/cosmos/bank/v1beta1/denoms_metadata/basecro")).metadata, meta.metadatas[0]);
  await fails("/cosmos/bank/v1beta1/denoms_metadata/uatom", 404, 5, "client metadata for denom uatom");

  // ALICE delegates to 0 and 1 (ascending validator ids); BOB to 1 only.
  const mine = await get(`/cosmos/staking/v1beta1/delegators/${acc(ALICE)}/validators`);
  assert.equal(mine.validators.map((v: any) => v.operator_address), [val(0), val(1)]);
  assert.is(mine.validators[0].tokens, String(ledger.validator(0)!.tokens));
  assert.equal(mine.pagination, { next_key: null, total: "2" });
  assert.equal((await get(`/cosmos/staking/v1beta1/delegators/${acc(BOB)}/validators/${val(1)}`)).validator.operator_address, val(1));
  await fails(`/cosmos/staking/v1beta1/delegators/${acc(BOB)}/validators/${val(0)}`, 404, 5, "no delegation for (address, validator) tuple");
  assert.equal((await get(`/cosmos/distribution/v1beta1/delegators/${acc(ALICE)}/validators`)).validators, [val(0), val(1)]);
  const unbonding = await get(`/cosmos/staking/v1beta1/validators/${val(0)}/unbonding_delegations`);
  assert.equal(unbonding.unbonding_responses.map((r: any) => r.delegator_address), [acc(ALICE)]);
  assert.is(unbonding.unbonding_responses[0].entries[0].initial_balance, "100000000");

  assert.equal(await get("/cosmos/distribution/v1beta1/params"), {
    params: {
      community_tax: "0.000000000000000000", base_proposer_reward: "0.000000000000000000",
      bonus_proposer_reward: "0.000000000000000000", withdraw_addr_enabled: true,
    },
  });
  assert.equal(await get(`/cosmos/distribution/v1beta1/delegators/${acc(ALICE)}/withdraw_address`), { withdraw_address: acc(ALICE) });
  const outstanding = await get(`/cosmos/distribution/v1beta1/validators/${val(1)}/outstanding_rewards`);
  const o = ledger.validator(1)!.outstanding;
  assert.ok(o > 0n, "blocks paid validator 1");
  assert.equal(outstanding, { rewards: { rewards: [{ denom: DENOM, amount: dec(o) }] } });
  // Outstanding covers the commission and every delegator's pending rewards (truncation aside).
  const pending = ledger.pendingRewards(ALICE, 1) + ledger.pendingRewards(BOB, 1) + ledger.pendingRewards(OPS[1]!, 1);
  assert.ok(o >= ledger.validator(1)!.accumulatedCommission + pending - 3n * E18, "outstanding = commission + pending rewards");
  assert.ok(o <= ledger.validator(1)!.accumulatedCommission + pending + 3n * E18, "outstanding = commission + pending rewards");
  await fails(`/cosmos/distribution/v1beta1/validators/${NO_VALIDATOR}/outstanding_rewards`, 404, 5, `validator ${NO_VALIDATOR} not found`);
  const distInfo = await get(`/cosmos/distribution/v1beta1/validators/${val(0)}`);
  assert.is(distInfo.operator_address, acc(OPS[0]!));

  assert.equal((await get("/cosmos/auth/v1beta1/params")).params, {
    max_memo_characters: "256", tx_sig_limit: "7", tx_size_cost_per_byte: "10", sig_verify_cost_ed25519: "590", sig_verify_cost_secp256k1: "1000",
  });
  assert.equal(await get("/cosmos/auth/v1beta1/bech32"), { bech32_prefix: "cro" });
  assert.equal(await get(`/cosmos/auth/v1beta1/account_info/${acc(ALICE)}`), {
    info: { address: acc(ALICE), pub_key: { "@type": "/cosmos.crypto.secp256k1.PubKey", key: Buffer.from(ALICE_KEY).toString("base64") }, account_number: String(ALICE), sequence: "4" },
  });
  await fails(`/cosmos/auth/v1beta1/account_info/${STRANGER}`, 404, 5, `account ${STRANGER} not found`);
  // As the chain: the path's id is refused, the account number comes as account_id.
  await fails(`/cosmos/auth/v1beta1/address_by_id/${ALICE}`, 400, 3, "requesting with id isn't supported, try to request using account-id");
  assert.equal(await get(`/cosmos/auth/v1beta1/address_by_id/0?account_id=${ALICE}`), { account_address: acc(ALICE) });
  await fails("/cosmos/auth/v1beta1/address_by_id/0?account_id=99999", 404, 5, "account address not found with account number 99999");
});

test.run();
