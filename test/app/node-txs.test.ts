// The node's chain (host/app/application.ts) taking signed transactions through the routes (in
// process, app.request): the genesis it starts from, CheckTx's refusals, a tx's results and
// failures in its block (reverts, fees, x/bank's texts, burned and module addresses), broadcast
// mode block, and entries of aborted txs that leave nothing behind.

import { test } from "uvu";
import * as assert from "uvu/assert";
import type { AminoMsg } from "@cosmjs/amino";
import { ModuleAccount } from "../../host/core/ledger.js";
import { MessageRegistry } from "../../host/app/registry.js";
import { MODULES } from "../../host/modules/index.js";
import { txMessageSchemas } from "../../host/wire/messages.js";
import { aminoTypeName } from "../../host/wire/amino/amino-json.js";
import { defaultGenesisJson, devAddress, parseGenesis } from "../../host/app/genesis.js";
import { devSigner, delegateMsg, undelegateMsg, sendMsg } from "../helpers/dev-signer.js";
import { committedTx, nodeHarness, signedBy } from "../helpers/node.js";
import { BURN, E18, FEE_AMOUNT, S, USER_FUNDS, accountId, attrOf, validator } from "../helpers/node-suite.js";

const nodes = await nodeHarness({ prefix: "node-txs-" });
const { open } = nodes;

test("genesis: four bonded validators, funded dev accounts, the rewards pool; invariants hold", async () => {
  const node = await open();
  try {
    const { chain } = node;
    assert.equal(chain.directory.validatorIds(), [0, 1, 2, 3]);
    for (const id of [0, 1, 2, 3]) assert.is(chain.ledger.validator(id)!.status, 2, `validator ${id} bonded`);
    assert.is(chain.ledger.balance(accountId(node, devAddress(5))), USER_FUNDS);
    assert.is(chain.ledger.balance(ModuleAccount.rewardsPool), 500_000_000_000_000_000n);
    assert.is(chain.ledger.balance(ModuleAccount.bondedPool), 4n * 1_000_000_000_000_000_000n);
    assert.equal(chain.app.checkInvariants(), []);
    assert.is(chain.latestBlock().height, 0n);
    assert.match(chain.latestBlock().appHash, /^[0-9A-F]{64}$/);
    const g = parseGenesis(defaultGenesisJson(), chain.ledger["core"].dec);
    assert.equal(g.tieredrewards.tiers.map((t) => [t.id, t.exitDurationNs / S, t.bonusApy, t.minLockAmount]), [
      [1, 31_536_000n, 2n * E18 / 100n, 10_000_000_000n],
      [2, 63_072_000n, 4n * E18 / 100n, 10_000_000_000n],
      [3, 126_144_000n, 7n * E18 / 100n, 10_000_000_000n],
    ]);
  } finally {
    await node.chain.close();
  }
});

test("POST /txs: a signed delegation is checked, queued, included in the next block, its result queryable", async () => {
  const node = await open();
  try {
    const user = devAddress(5);
    const val = validator(node, 1);
    const body = await signedBy(node, 5, [delegateMsg(user, val, 1_000_000_000n)]);
    const r = await node.post("/txs", body);
    assert.is(r.status, 200);
    assert.is(r.json.tx_response.code, 0);
    const hash = r.json.tx_response.txhash as string;
    assert.match(hash, /^[0-9A-F]{64}$/);
    assert.is(node.chain.pending, 1);
    // The same tx again while it waits: the mempool's cache refuses it (before any ante check).
    const again = (await node.post("/txs", body)).json.tx_response;
    assert.equal([again.codespace, again.code, again.txhash], ["sdk", 19, hash]);
    assert.match(again.raw_log, "tx already in mempool");
    assert.is(node.chain.pending, 1);
    assert.is((await node.get(`/cosmos/tx/v1beta1/txs/${hash}`)).status, 404, "not before its block");
    const adv = await node.post("/dev/advance?blocks=3");
    assert.is(adv.json.block.header.height, "3");
    const got = await node.get(`/cosmos/tx/v1beta1/txs/${hash}`);
    assert.is(got.status, 200);
    const tr = got.json.tx_response;
    assert.is(tr.height, "1");
    assert.is(tr.code, 0);
    assert.is(tr.timestamp, "2026-01-01T00:00:05Z");
    const delegate = tr.events.find((e: any) => e.type === "delegate");
    const attr = (k: string) => delegate.attributes.find((a: any) => a.key === k)?.value;
    assert.is(attr("amount"), "1000000000basecro");
    assert.is(attr("validator"), val);
    assert.is(attr("msg_index"), "0");
    const id = accountId(node, user);
    assert.is(node.chain.ledger.delegationShares(id, 1), 1_000_000_000n * E18);
    assert.is(node.chain.ledger.balance(id), USER_FUNDS - 1_000_000_000n - FEE_AMOUNT);
    assert.is(node.chain.directory.account(user)!.sequence, 1n);
    // The lower-case hash finds it too.
    assert.is((await node.get(`/cosmos/tx/v1beta1/txs/${hash.toLowerCase()}`)).json.tx_response.txhash, hash);
  } finally {
    await node.chain.close();
  }
});

test("rejected at check: bad signature, wrong chain id, wrong sequence, unknown type, signer not the owner, unknown account; nothing queued; a zero delegation fails in its block", async () => {
  const node = await open();
  try {
    const user = devAddress(5);
    const val = validator(node, 0);
    const code = async (body: unknown) => {
      const r = await node.post("/cosmos/tx/v1beta1/txs", body);
      assert.is(r.status, 200);
      return [r.json.tx_response.codespace, r.json.tx_response.code, r.json.tx_response.raw_log];
    };
    const good = await signedBy(node, 5, [delegateMsg(user, val, 100n)]);
    const tampered = JSON.parse(JSON.stringify(good));
    tampered.tx.msg[0].value.amount.amount = "200";
    assert.equal((await code(tampered)).slice(0, 2), ["sdk", 4]);
    assert.equal((await code(await signedBy(node, 5, [delegateMsg(user, val, 100n)], { chainId: "other" }))).slice(0, 2), ["sdk", 4]);
    const [, seqCode, seqLog] = await code(await signedBy(node, 5, [delegateMsg(user, val, 100n)], { sequence: 1n }));
    assert.is(seqCode, 32);
    assert.match(seqLog, "account sequence mismatch, expected 0, got 1");
    const unknown = await signedBy(node, 5, [{ type: "cosmos-sdk/MsgFoo", value: {} }]);
    assert.equal((await code(unknown)).slice(0, 2), ["sdk", 2]);
    // The types the chain resolves that no module here executes (read from the registry, not named
    // here; none is left now: test/app/messages-table.test.ts holds every type executed or refused
    // as chain-maind refuses it): each is named and refused before its fee.
    const registry = new MessageRegistry(MODULES);
    const unhandled = txMessageSchemas().filter((d) => !registry.has(`/${d.typeName}`) && !d.typeName.startsWith("chainmain.dev."));
    for (const d of unhandled) {
      const [space, c, log] = await code(await signedBy(node, 5, [{ type: aminoTypeName(d), value: {} }]));
      assert.equal([space, c], ["sdk", 6], d.typeName);
      assert.match(String(log), `no message handler found for /${d.typeName}`);
    }
    // dev key 5 signs a delegation whose delegator is dev key 6: the key is not the owner's
    assert.equal((await code(await signedBy(node, 5, [delegateMsg(devAddress(6), val, 100n)]))).slice(0, 2), ["sdk", 8]);
    const stranger = await devSigner(20);
    const strangerBody = await stranger.sign([sendMsg(stranger.address, user, 1n)], { chainId: node.chain.chainId, accountNumber: 0n, sequence: 0n });
    assert.equal((await code(strangerBody)).slice(0, 2), ["sdk", 9]);
    const badBody = await node.app.request("/txs", { method: "POST", body: "{" });
    assert.is(badBody.status, 400);
    assert.is(node.chain.pending, 0);
    // two txs of one signer in one block: the second is checked at the next sequence
    assert.is((await code(good))[1], 0);
    assert.is((await code(await signedBy(node, 5, [delegateMsg(user, val, 100n)], { sequence: 1n })))[1], 0);
    assert.is((await code(good))[1], 19, "the same tx again: already in the mempool");
    assert.is(node.chain.pending, 2);
    // A zero delegation passes CheckTx (x/staking checks the amount in its server, in the block),
    // and fails there with its fee and sequence taken.
    const badAmount = await signedBy(node, 5, [delegateMsg(user, val, 0n)], { sequence: 2n });
    const [, accepted, , ] = await code(badAmount);
    assert.is(accepted, 0, "accepted at check");
    const hash = (await node.post("/cosmos/tx/v1beta1/txs", badAmount)).json.tx_response;
    assert.is(hash.code, 19, "queued once");
    await node.post("/dev/advance?blocks=1");
    const results = (await node.get(`/cosmos/tx/v1beta1/txs?query=${encodeURIComponent(`tx.height=${node.chain.latestBlock().height}`)}`)).json.tx_responses as { code: number; codespace: string; raw_log: string }[];
    assert.equal(results.map((r) => [r.codespace, r.code]), [["", 0], ["", 0], ["sdk", 18]]);
    assert.match(results[2]!.raw_log, "invalid delegation amount");
  } finally {
    await node.chain.close();
  }
});

test("a failing message reverts the whole tx; its fee and sequence stay", async () => {
  const node = await open();
  try {
    const user = devAddress(5);
    const friend = devAddress(6);
    const id = accountId(node, user);
    const body = await signedBy(node, 5, [sendMsg(user, friend, 7n), undelegateMsg(user, validator(node, 0), 1n)]);
    const hash = (await node.post("/txs", body)).json.tx_response.txhash;
    await node.post("/dev/advance?blocks=1");
    const tr = (await node.get(`/cosmos/tx/v1beta1/txs/${hash}`)).json.tx_response;
    assert.is(tr.codespace, "staking");
    assert.is(tr.code, 19);
    assert.match(tr.raw_log, /^failed to execute message; message index: 1: /);
    assert.is(node.chain.ledger.balance(id), USER_FUNDS - FEE_AMOUNT, "the send reverted, the fee kept");
    assert.is(node.chain.ledger.balance(accountId(node, friend)), USER_FUNDS);
    assert.is(node.chain.directory.account(user)!.sequence, 1n);
    // The ante's events alone (the fee's transfer, fee, sequence, signature), in the SDK's order.
    assert.equal(tr.events.map((e: any) => e.type), ["coin_spent", "coin_received", "transfer", "message", "tx", "tx", "tx"]);
    assert.equal(node.chain.app.checkInvariants(), []);
  } finally {
    await node.chain.close();
  }
});

test("GET /cosmos/tx/v1beta1/txs/{hash}: a malformed hash is 400 code 3, an unknown one 404 code 5", async () => {
  const node = await open();
  try {
    const bad = await node.get("/cosmos/tx/v1beta1/txs/xyz");
    assert.equal([bad.status, bad.json.code], [400, 3]);
    const unknown = await node.get(`/cosmos/tx/v1beta1/txs/${"AB".repeat(32)}`);
    assert.equal([unknown.status, unknown.json], [404, { code: 5, message: `tx not found: ${"AB".repeat(32)}`, details: [] }]);
  } finally {
    await node.chain.close();
  }
});

test("money sent to a burned address leaves circulation; a send to the rewards pool is a plain send; other module accounts refuse funds", async () => {
  const node = await open();
  try {
    const user = devAddress(5);
    const pool = "cro1ag7qj65w7882kkn8nl7hnfvfqlemxwamd5g2pr";
    const feeCollector = node.chain.directory.accountAddress(ModuleAccount.feeCollector)!;
    const burn = (await node.post("/txs", await signedBy(node, 5, [sendMsg(user, BURN, 1_000_000n), sendMsg(user, pool, 2_000n)]))).json.tx_response.txhash;
    const blocked = (await node.post("/txs", await signedBy(node, 5, [sendMsg(user, feeCollector, 1n)], { sequence: 1n }))).json.tx_response.txhash;
    const poolBefore = node.chain.ledger.balance(ModuleAccount.rewardsPool);
    await node.post("/dev/advance?blocks=1");
    const sent = (await node.get(`/cosmos/tx/v1beta1/txs/${burn}`)).json.tx_response;
    assert.is(sent.code, 0);
    // A send to the rewards pool is a plain send, as on the chain: x/bank's transfer, no tieredrewards event.
    assert.not.ok(sent.events.some((e: any) => e.type.startsWith("chainmain.tieredrewards")));
    const transfer = sent.events.find((e: any) => e.type === "transfer" && e.attributes.some((a: any) => a.key === "recipient" && a.value === pool));
    assert.equal(Object.fromEntries(transfer.attributes.map((a: any) => [a.key, a.value])), { recipient: pool, sender: user, amount: "2000basecro", msg_index: "1" });
    const b = (await node.get(`/cosmos/tx/v1beta1/txs/${blocked}`)).json.tx_response;
    assert.equal([b.codespace, b.code], ["sdk", 4]);
    assert.match(b.raw_log, `${feeCollector} is not allowed to receive funds`);
    assert.is(node.chain.ledger.balance(accountId(node, BURN)), 1_000_000n);
    assert.ok(node.chain.ledger.balance(ModuleAccount.rewardsPool) < poolBefore + 2_000n, "the pool got 2,000 and paid a top-up");
    // The cap applies to circulating supply: the emission engine knows what was burned.
    const internal = node.chain.app as unknown as { s: { burned: bigint } };
    assert.is(internal.s.burned, 1_000_000n);
  } finally {
    await node.chain.close();
  }
});

test("a send or a delegation beyond the balance fails with x/bank's text: the spendable balance and the amount", async () => {
  const node = await open();
  try {
    const user = devAddress(5);
    const val = validator(node, 1);
    const big = USER_FUNDS * 2n;
    const send = await committedTx(node, 5, [sendMsg(user, devAddress(6), big)]);
    assert.equal([send.codespace, send.code], ["sdk", 5]);
    assert.is(send.raw_log, `failed to execute message; message index: 0: spendable balance ${USER_FUNDS - FEE_AMOUNT}basecro is smaller than ${big}basecro: insufficient funds`);
    const delegation = await committedTx(node, 5, [delegateMsg(user, val, big)]);
    assert.equal([delegation.codespace, delegation.code], ["sdk", 5]);
    assert.is(delegation.raw_log, `failed to execute message; message index: 0: failed to delegate; ${USER_FUNDS - 2n * FEE_AMOUNT}basecro is smaller than ${big}basecro: insufficient funds`);
    assert.is(node.chain.ledger.balance(accountId(node, user)), USER_FUNDS - 2n * FEE_AMOUNT, "only the fees moved");
  } finally {
    await node.chain.close();
  }
});

test("a fee in another denom, or one the payer cannot cover, is refused at check, changing nothing", async () => {
  const node = await open();
  try {
    const s = await devSigner(5);
    const acct = node.chain.directory.account(s.address)!;
    const other = await s.sign([sendMsg(s.address, devAddress(6), 1n)], {
      chainId: node.chain.chainId, accountNumber: acct.accountNumber, sequence: 0n,
      fee: { amount: [{ denom: "uatom", amount: "10" }], gas: "200000" },
    });
    const r = (await node.post("/txs", other)).json.tx_response;
    assert.equal([r.codespace, r.code], ["sdk", 13]);
    assert.match(r.raw_log, "fee denom uatom is not accepted; pay in basecro");
    const huge = await s.sign([sendMsg(s.address, devAddress(6), 1n)], {
      chainId: node.chain.chainId, accountNumber: acct.accountNumber, sequence: 0n,
      fee: { amount: [{ denom: "basecro", amount: `${USER_FUNDS + 1n}` }], gas: "200000" },
    });
    // The ante handler runs in CheckTx: a fee the payer cannot cover never enters a block (a fee
    // spent by an earlier tx of the block fails there: test/app/halt.test.ts).
    const t = (await node.post("/txs", huge)).json.tx_response;
    assert.equal([t.codespace, t.code, t.raw_log], [
      "sdk", 5, `spendable balance ${USER_FUNDS}basecro is smaller than ${USER_FUNDS + 1n}basecro: insufficient funds: insufficient funds`,
    ]);
    // So the next sequence is not the mempool's either.
    const next = await s.sign([sendMsg(s.address, devAddress(6), 1n)], { chainId: node.chain.chainId, accountNumber: acct.accountNumber, sequence: 1n });
    const n = (await node.post("/txs", next)).json.tx_response;
    assert.equal([n.codespace, n.code, n.raw_log], ["sdk", 32, "account sequence mismatch, expected 0, got 1: incorrect account sequence"]);
    assert.is(node.chain.pending, 0);
    await node.post("/dev/advance?blocks=1");
    assert.is(node.chain.ledger.balance(accountId(node, s.address)), USER_FUNDS);
    assert.is(node.chain.directory.account(s.address)!.sequence, 0n, "no fee, no sequence");
  } finally {
    await node.chain.close();
  }
});

test("an unbonding made by an aborted tx leaves nothing: an entry later given its id matures at its own time", async () => {
  const HOUR = 3600n * S;
  const node = await open({ blockTimeNs: HOUR }); // 28 days = 672 blocks
  try {
    const user = devAddress(5);
    const val = validator(node, 0);
    const id = accountId(node, user);
    const tx = (msgs: AminoMsg[]) => committedTx(node, 5, msgs);
    assert.is((await tx([delegateMsg(user, val, 10_000_000_000n)])).code, 0); // height 1
    // height 2: the first undelegation succeeds inside the tx, the second fails: both revert
    const aborted = await tx([undelegateMsg(user, val, 1_000_000_000n), undelegateMsg(user, val, 10n ** 20n)]);
    assert.is(`${aborted.codespace}/${aborted.code}`, "sdk/18", "more than the delegation: the SDK's invalid shares amount");
    await node.post("/dev/advance?blocks=2");
    const kept = await tx([undelegateMsg(user, val, 1_000_000_000n)]); // height 5: matures at 5 h + 28 d
    assert.is(kept.code, 0);
    assert.is(attrOf(kept, "unbond", "completion_time"), "2026-01-29T05:00:00Z");
    const before = node.chain.ledger.balance(id);
    await node.post(`/dev/advance?blocks=${2 + 672 - 5 + 1}`); // past 2 h + 28 d, when the aborted one would have matured
    assert.is(node.chain.ledger.balance(id), before, "not paid before its own time");
    await node.post("/dev/advance?blocks=3"); // height 677 = 5 h + 28 d
    assert.is(node.chain.ledger.balance(id), before + 1_000_000_000n);
    assert.equal(node.chain.app.checkInvariants(), []);
  } finally {
    await node.chain.close();
  }
});

test("broadcast mode block answers once the tx is in a committed block, with its height and events", async () => {
  const node = await open();
  try {
    const user = devAddress(8);
    const body = { ...(await signedBy(node, 8, [delegateMsg(user, validator(node, 3), 3_000n)])), mode: "block" };
    const answer = node.post("/cosmos/tx/v1beta1/txs", body);
    let answered = false;
    void answer.then(() => (answered = true));
    await new Promise((r) => setTimeout(r, 20));
    assert.not.ok(answered, "no answer before the block");
    await node.post("/dev/advance?blocks=1");
    const r = (await answer).json.tx_response;
    assert.is(r.height, "1");
    assert.is(r.code, 0);
    assert.is(attrOf(r, "delegate", "amount"), "3000basecro");
  } finally {
    await node.chain.close();
  }
});

test("a redelegation made by an aborted tx leaves nothing: one later given its id still blocks a transitive redelegation until its own time", async () => {
  const HOUR = 3600n * S;
  const node = await open({ blockTimeNs: HOUR });
  try {
    const user = devAddress(6);
    const [v0, v1, v2] = [validator(node, 0), validator(node, 1), validator(node, 2)];
    const redelegate = (src: string, dst: string, amount: bigint) => ({
      type: "cosmos-sdk/MsgBeginRedelegate",
      value: { delegator_address: user, validator_src_address: src, validator_dst_address: dst, amount: { denom: "basecro", amount: `${amount}` } },
    });
    const tx = (msgs: AminoMsg[]) => committedTx(node, 6, msgs);
    assert.is((await tx([delegateMsg(user, v0, 10_000_000_000n)])).code, 0); // height 1
    const aborted = await tx([redelegate(v0, v1, 1_000_000_000n), undelegateMsg(user, v0, 10n ** 20n)]); // height 2
    assert.is(`${aborted.codespace}/${aborted.code}`, "sdk/18", "more than the delegation: the SDK's invalid shares amount");
    await node.post("/dev/advance?blocks=2");
    assert.is((await tx([redelegate(v0, v1, 1_000_000_000n)])).code, 0); // height 5: matures at 5 h + 28 d
    await node.post(`/dev/advance?blocks=${2 + 672 - 6 + 1}`); // past 2 h + 28 d
    const early = await tx([redelegate(v1, v2, 1_000_000_000n)]);
    assert.equal([early.codespace, early.code], ["staking", 32], "still transitive");
    await node.post("/dev/advance?blocks=3");
    assert.is((await tx([redelegate(v1, v2, 1_000_000_000n)])).code, 0);
  } finally {
    await node.chain.close();
  }
});

test.after(() => nodes.remove());

test.run();
