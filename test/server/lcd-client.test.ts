// A generated LCD client, as dApps and explorers use one: `interchain`'s createLCDClient
// (Telescope-generated from the Cosmos SDK's protos, over @cosmology/lcd) walks the node's REST
// paths with its own paths and query parameters, and the answers are read through its generated
// response types (`…SDKType`: the gateway's snake_case JSON), so a field the node names otherwise
// fails the typecheck. The modules the client knows: bank, auth, staking, distribution, mint,
// base/node, tx.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRequire } from "node:module";
import type { AminoMsg } from "@cosmjs/amino";
import type { cosmos as Cosmos } from "interchain";
import { run, type RunningNode } from "../../host/main.js";
import { loadCore } from "../../host/core/core.js";
import { devAddress, operatorOf } from "../../host/app/genesis.js";
import { delegateMsg, sendMsg, undelegateMsg } from "../helpers/dev-signer.js";
import { committedTx, wasm, overHttp } from "../helpers/node.js";

// The package's CommonJS build (its ES build imports extensionless paths, for bundlers).
const { cosmos } = createRequire(import.meta.url)("interchain") as { cosmos: typeof Cosmos };

const dir = await mkdtemp(join(tmpdir(), "lcd-"));
const started = await run(["--port", "0", "--rpc-port", "off", "--clock", "simulated", "--db", join(dir, "c.db")], {}, { out: () => {}, err: () => {} }, {
  core: await loadCore(wasm),
});
if (typeof started === "number") throw new Error(`node exited ${started}`);
const running: RunningNode = started;
test.after(async () => {
  await running.close();
  await rm(dir, { recursive: true, force: true });
});

const http = overHttp(running);
const tx = (n: number, msgs: AminoMsg[]) => committedTx(http, n, msgs);

const me = devAddress(5);
const [v1, v2] = [operatorOf(devAddress(1)), operatorOf(devAddress(2))];
const sent = await tx(5, [sendMsg(me, devAddress(6), 7n)]);
await tx(5, [delegateMsg(me, v1, 3_000_000_000n), delegateMsg(me, v2, 1_000_000_000n)]);
await tx(5, [undelegateMsg(me, v1, 1_000_000_000n)]);
await http.post("/dev/advance?blocks=5");

const lcd = await cosmos.ClientFactory.createLCDClient({ restEndpoint: running.url });
/** 64-bit integers: typed bigint by the client, strings in the gateway's JSON. */
const u64 = (x: unknown) => `${x}`;

test("bank and auth: balances, supply, metadata, params, accounts (a module account too)", async () => {
  const q = lcd.cosmos.bank.v1beta1;
  const balance = await q.balance({ address: me, denom: "basecro" });
  assert.is(BigInt(balance.balance!.amount), running.chain.ledger.balance(running.chain.directory.accountId(me)!));
  assert.equal((await q.allBalances({ address: me, resolveDenom: false })).balances, [balance.balance]);
  assert.equal((await q.spendableBalances({ address: me })).balances, [balance.balance]);
  assert.is(BigInt((await q.supplyOf({ denom: "basecro" })).amount.amount), running.chain.totalSupply());
  assert.is((await q.totalSupply({})).supply.length, 1);
  assert.is((await q.params({})).params.default_send_enabled, true);
  assert.is((await q.denomsMetadata({})).metadatas[0]!.display, "cro");
  assert.is((await q.denomMetadata({ denom: "basecro" })).metadata.base, "basecro");

  const a = lcd.cosmos.auth.v1beta1;
  const account = (await a.account({ address: me })).account as unknown as { "@type": string; sequence: string };
  assert.is(account["@type"], "/cosmos.auth.v1beta1.BaseAccount");
  const info = await a.accountInfo({ address: me });
  assert.is(info.info!.address, me);
  assert.is(u64(info.info!.sequence), "3", "three txs signed");
  assert.is(u64((await a.params({})).params.sig_verify_cost_secp256k1), "1000");
  assert.ok((await a.moduleAccounts({})).accounts.length >= 5);
  const pool = (await a.moduleAccountByName({ name: "rewards_pool" })).account as unknown as { "@type": string; name: string };
  assert.equal([pool["@type"], pool.name], ["/cosmos.auth.v1beta1.ModuleAccount", "rewards_pool"]);
});

test("staking and distribution: validators, delegations, unbonding, params, rewards, withdraw address", async () => {
  const s = lcd.cosmos.staking.v1beta1;
  const validators = (await s.validators({ status: "" })).validators;
  assert.is(validators.length, 4);
  assert.is(validators[0]!.description.moniker, "local-validator-1");
  assert.is((validators[0]!.consensus_pubkey as unknown as { "@type": string })["@type"], "/cosmos.crypto.ed25519.PubKey");
  assert.is((await s.validator({ validatorAddr: v1 })).validator.operator_address, v1);
  const mine = await s.delegatorDelegations({ delegatorAddr: me });
  assert.equal(mine.delegation_responses.map((d) => [d.delegation.validator_address, d.balance.amount]), [[v1, "2000000000"], [v2, "1000000000"]]);
  assert.is((await s.delegation({ validatorAddr: v2, delegatorAddr: me })).delegation_response!.balance.amount, "1000000000");
  const unbonding = await s.delegatorUnbondingDelegations({ delegatorAddr: me });
  assert.is(unbonding.unbonding_responses[0]!.entries[0]!.balance, "1000000000");
  const byValidator = await s.validatorUnbondingDelegations({ validatorAddr: v1 });
  assert.equal(byValidator.unbonding_responses.map((u) => u.delegator_address), [me]);
  assert.equal((await s.delegatorValidators({ delegatorAddr: me })).validators.map((v) => v.operator_address), [v1, v2]);
  assert.is((await s.delegatorValidator({ delegatorAddr: me, validatorAddr: v2 })).validator.operator_address, v2);
  assert.ok((await s.validatorDelegations({ validatorAddr: v2 })).delegation_responses.length >= 2);
  assert.is((await s.params({})).params.bond_denom, "basecro");
  assert.ok(BigInt((await s.pool({})).pool.bonded_tokens) > 0n);

  const d = lcd.cosmos.distribution.v1beta1;
  assert.is((await d.params({})).params.community_tax, "0.020000000000000000");
  const rewards = await d.delegationTotalRewards({ delegatorAddress: me });
  assert.equal(rewards.rewards.map((r) => r.validator_address), [v1, v2]);
  assert.is(rewards.total.length, 1, "five blocks paid rewards");
  assert.is((await d.delegationRewards({ delegatorAddress: me, validatorAddress: v2 })).rewards.length, 1);
  assert.is((await d.delegatorWithdrawAddress({ delegatorAddress: me })).withdraw_address, me);
  assert.equal((await d.delegatorValidators({ delegatorAddress: me })).validators, [v1, v2]);
  assert.is((await d.validatorOutstandingRewards({ validatorAddress: v1 })).rewards.rewards.length, 1);
  assert.is((await d.validatorCommission({ validatorAddress: v1 })).commission.commission.length, 1);
  assert.is((await d.validatorDistributionInfo({ validatorAddress: v1 })).operator_address, devAddress(1));
  assert.is((await d.communityPool({})).pool.length, 1);
});

test("mint, node and tx: the emission, the node's config and status, a tx by hash, by events and its block", async () => {
  const m = lcd.cosmos.mint.v1beta1;
  assert.is((await m.params({})).params.mint_denom, "basecro");
  assert.match(String((await m.inflation({})).inflation), /^0\.[0-9]{18}$/);
  assert.match(String((await m.annualProvisions({})).annual_provisions), /^[0-9]+\.[0-9]{18}$/);
  const n = lcd.cosmos.base.node.v1beta1;
  assert.is((await n.config({})).minimum_gas_price, "");
  assert.is(u64((await n.status({})).height), `${running.chain.latest.height}`);
  const t = lcd.cosmos.tx.v1beta1;
  const got = await t.getTx({ hash: sent.txhash });
  assert.equal([got.tx_response?.txhash, got.tx_response?.code], [sent.txhash, 0]);
  const found = await t.getTxsEvent({ query: `message.sender='${me}'`, events: [], orderBy: 0, page: 0n, limit: 0n });
  assert.ok(found.tx_responses.some((r) => r.txhash === sent.txhash));
  const block = await t.getBlockWithTxs({ height: BigInt(sent.height) });
  assert.is(block.txs.length, 1);
});

test.run();
