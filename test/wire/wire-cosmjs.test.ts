// Protobuf transactions as CosmJS, Keplr and Leap send them (host/wire/*, host/wire/amino/stdtx.ts
// decodeTx, host/app/ante/verify.ts): the schema's bytes and amino derivation against WIRE.md's worked
// examples; every message the node executes signed by SigningStargateClient in SIGN_MODE_DIRECT
// and SIGN_MODE_LEGACY_AMINO_JSON, broadcast as Keplr's `{tx_bytes, mode}` body and found by the
// hash the client computed; a tier lifecycle through protobuf txs against the amino path to the
// base unit; the SDK's rejections; replay of stored protobuf txs.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { create, toBinary } from "@bufbuild/protobuf";
import { hex } from "@scure/base";
import { toBase64 } from "@cosmjs/encoding";
import type { EncodeObject } from "@cosmjs/proto-signing";
import { TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { loadCore } from "../../host/core/core.js";
import { Application } from "../../host/app/application.js";
import { devAddress, operatorOf } from "../../host/app/genesis.js";
import { MessageRegistry } from "../../host/app/registry.js";
import { bankModule } from "../../host/modules/bank/module.js";
import { TxError } from "../../host/wire/errors.js";
import { canonicalJsonBytes } from "../../host/wire/amino/sign-doc.js";
import { decodeTx } from "../../host/wire/amino/stdtx.js";
import { stakingModule } from "../../host/modules/staking/module.js";
import { verifyDecodedTx } from "../../host/app/ante/verify.js";
import { tieredRewardsModule } from "../../host/modules/tieredrewards/module.js";
import { decodeAny } from "../../host/wire/messages.js";
import { TierSchema } from "../../host/wire/gen/chainmain/tieredrewards/v1/types_pb.js";
import {
  MsgAddTierSchema, MsgClaimTierRewardsResponseSchema, MsgLockTierResponseSchema, MsgLockTierSchema,
} from "../../host/wire/gen/chainmain/tieredrewards/v1/tx_pb.js";
import { fromBinary } from "@bufbuild/protobuf";
import { BinaryWriter, WireType } from "@bufbuild/protobuf/wire";
import { TxMsgData } from "cosmjs-types/cosmos/base/abci/v1beta1/abci";
import { MsgUndelegateResponse } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { dataHex, msgDataJson, txMsgData } from "../../host/wire/responses.js";
import { respond } from "../../host/framework/handlers.js";
import { clientTxHash, keplrBody, protoSigner, type SignMode } from "../helpers/cosmjs.js";
import { lockTierMsg, positionAmountMsg, positionMsg, claimTierMsg } from "../helpers/dev-signer.js";
import { committedTx, nodeHarness, wasm, type TestNode as Node } from "../helpers/node.js";

const nodes = await nodeHarness({ prefix: "wire-cosmjs-" });
test.after(() => nodes.remove());

const GOV = devAddress(0);
const CRO = 100_000_000n;
const T = "/chainmain.tieredrewards.v1.";
const val = (n: number) => operatorOf(devAddress(n));
const utf8 = (b: Uint8Array) => new TextDecoder().decode(b);

// ---- schema and derivation ----

test("schema: Tier encodes to WIRE.md's bytes (field numbers and types of the reference)", () => {
  const tier = create(TierSchema, { id: 1, exitDuration: { seconds: 31_536_000n }, bonusApy: "40000000000000000", minLockAmount: "1000000" });
  assert.is(hex.encode(toBinary(TierSchema, tier)), "080112050880e7840f1a113430303030303030303030303030303030220731303030303030");
});

test("amino derivation: WIRE.md's MsgLockTier and MsgAddTier objects, byte for byte", () => {
  const owner = devAddress(5);
  const lock = toBinary(MsgLockTierSchema, create(MsgLockTierSchema, { owner, id: 1, amount: "100000000000", validatorAddress: val(1) }));
  assert.is(
    utf8(canonicalJsonBytes(decodeAny(`${T}MsgLockTier`, lock, "m").amino)),
    `{"type":"chainmain/MsgLockTier","value":{"amount":"100000000000","id":1,"owner":"${owner}","validator_address":"${val(1)}"}}`,
  );
  const exit = toBinary(MsgLockTierSchema, create(MsgLockTierSchema, { owner, id: 1, amount: "1", validatorAddress: val(1), triggerExitImmediately: true }));
  assert.match(utf8(canonicalJsonBytes(decodeAny(`${T}MsgLockTier`, exit, "m").amino)), `"owner":"${owner}","trigger_exit_immediately":true,"validator_address"`);
  const gov = "cro10d07y265gmmuvt4z0w9aw880jnsr700jzemu2z";
  const add = toBinary(MsgAddTierSchema, create(MsgAddTierSchema, {
    authority: gov, tier: { id: 1, exitDuration: { seconds: 31_536_000n }, bonusApy: "40000000000000000", minLockAmount: "1000000" },
  }));
  assert.is(
    utf8(canonicalJsonBytes(decodeAny(`${T}MsgAddTier`, add, "m").amino)),
    `{"type":"chainmain/MsgAddTier","value":{"authority":"${gov}","tier":{"bonus_apy":"0.040000000000000000","exit_duration":"31536000000000000","id":1,"min_lock_amount":"1000000"}}}`,
  );
  // Gateway JSON of the same message: proto names, Dec as decimal, Duration in seconds.
  assert.equal(decodeAny(`${T}MsgAddTier`, add, "m").json, {
    authority: gov, tier: { id: 1, exit_duration: "31536000s", bonus_apy: "0.040000000000000000", min_lock_amount: "1000000", close_only: false },
  });
});

test("mutated TxRaw bytes: decoded and verified, or refused with a TxError, never a crash", async () => {
  const signer = await protoSigner(5, "direct");
  const owner = signer.address;
  const valid = await signer.sign([
    { typeUrl: `${T}MsgAddTier`, value: { authority: GOV, tier: { id: 4, exitDuration: { seconds: 60n }, bonusApy: "1", minLockAmount: "5" } } },
    { typeUrl: `${T}MsgClaimTierRewards`, value: { owner, positionIds: [1n, 2n] } },
    { typeUrl: "/cosmos.staking.v1beta1.MsgDelegate", value: { delegatorAddress: owner, validatorAddress: val(1), amount: coin(5n) } },
  ], { chainId: "chainmain-local", accountNumber: 3n, sequence: 0n, memo: "m" });
  const ctx = {
    chainId: "chainmain-local",
    registry: new MessageRegistry([bankModule, stakingModule, tieredRewardsModule]),
    getAccount: () => ({ accountNumber: 3n, sequence: 0n }),
  };
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  const outcomes = new Map<string, number>();
  for (let i = 0; i < 3000; i++) {
    const bytes = valid.slice();
    for (let k = 1 + (next() % 3); k > 0; k--) bytes[next() % bytes.length] = next() % 256;
    const cut = i % 10 === 0 ? bytes.subarray(0, next() % bytes.length) : bytes;
    try {
      verifyDecodedTx(decodeTx(cut), ctx);
      outcomes.set("ok", (outcomes.get("ok") ?? 0) + 1);
    } catch (e) {
      if (!(e instanceof TxError)) throw new Error(`mutation ${i} crashed: ${(e as Error).stack}`);
      const key = `${e.codespace}/${e.code}`;
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    }
  }
  assert.ok((outcomes.get("sdk/2") ?? 0) > 0 && (outcomes.get("sdk/4") ?? 0) > 0, JSON.stringify([...outcomes]));
});

test("TxMsgData: WIRE.md's bytes for MsgLockTier's response (position 5), as the handler's typed response makes them", () => {
  const data = dataHex(txMsgData([respond(MsgLockTierResponseSchema, { positionId: 5n }, []).response]));
  const url = hex.encode(new TextEncoder().encode(`${T}MsgLockTierResponse`)).toUpperCase();
  assert.is(data, `12350A2F${url}12020805`);
  assert.equal(msgDataJson(hex.decode(data.toLowerCase())).msg_responses, [{ "@type": `${T}MsgLockTierResponse`, position_id: "5" }]);
});

/** A committed tx's msg responses (tx_response.data, uppercase hex of TxMsgData). */
const responses = (tr: any) => TxMsgData.decode(hex.decode(tr.data.toLowerCase())).msgResponses;

// ---- through the node ----

interface Sent {
  txBytes: Uint8Array;
  hash: string;
  status: number;
  response: any;
}

/** Sign with CosmJS as dev key n and POST Keplr's body to the SDK's broadcast route. */
async function send(
  node: Node, n: number, mode: SignMode, messages: EncodeObject[],
  o: { sequence?: bigint; chainId?: string; broadcast?: string; timeoutHeight?: bigint; memo?: string } = {},
): Promise<Sent> {
  const signer = await protoSigner(n, mode);
  const account = node.chain.directory.account(signer.address)!;
  const txBytes = await signer.sign(messages, {
    chainId: o.chainId ?? node.chain.chainId, accountNumber: account.accountNumber, sequence: o.sequence ?? account.sequence,
    ...(o.timeoutHeight !== undefined ? { timeoutHeight: o.timeoutHeight } : {}), ...(o.memo !== undefined ? { memo: o.memo } : {}),
  });
  const r = await node.post("/cosmos/tx/v1beta1/txs", keplrBody(txBytes, o.broadcast));
  return { txBytes, hash: clientTxHash(txBytes), status: r.status, response: r.json.tx_response };
}

/** As send, accepted at check; then its block; then the tx found by the client's hash. */
async function commit(node: Node, n: number, mode: SignMode, messages: EncodeObject[]): Promise<{ tx: any; tr: any; txBytes: Uint8Array }> {
  const s = await send(node, n, mode, messages);
  assert.is(s.status, 200);
  assert.is(s.response.code, 0, `refused at check: ${s.response.raw_log}`);
  assert.is(s.response.txhash, s.hash, "the node's hash is the client's");
  await node.post("/dev/advance?blocks=1");
  const got = await node.get(`/cosmos/tx/v1beta1/txs/${s.hash}`);
  assert.is(got.status, 200);
  return { tx: got.json.tx, tr: got.json.tx_response, txBytes: s.txBytes };
}

const ok = async (node: Node, n: number, mode: SignMode, messages: EncodeObject[]) => {
  const r = await commit(node, n, mode, messages);
  assert.is(r.tr.code, 0, r.tr.raw_log);
  return r;
};

const coin = (amount: bigint) => ({ denom: "basecro", amount: `${amount}` });
const positionsOf = async (node: Node, owner: string) =>
  (await node.get(`/chainmain/tieredrewards/v1/positions/${owner}`)).json.positions as any[];
const balance = (node: Node, address: string) => node.chain.ledger.balance(node.chain.directory.accountId(address)!);

/** Every message type the node executes, in one run; returns what the two sign modes must agree on. */
async function everyMessage(mode: SignMode) {
  const node = await nodes.open();
  try {
    const u5 = devAddress(5), u6 = devAddress(6);
    const send5 = (msgs: EncodeObject[]) => ok(node, 5, mode, msgs);

    // x/bank, x/staking, x/distribution.
    const sent = await send5([{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: u5, toAddress: u6, amount: [coin(1234n)] } }]);
    assert.is(sent.tx.body.messages[0]["@type"], "/cosmos.bank.v1beta1.MsgSend");
    assert.equal(sent.tx.body.messages[0].amount, [coin(1234n)]);
    assert.is(sent.tx.auth_info.signer_infos[0].mode_info.single.mode, mode === "direct" ? "SIGN_MODE_DIRECT" : "SIGN_MODE_LEGACY_AMINO_JSON");
    assert.is(sent.tx.signatures[0], toBase64(TxRaw.decode(sent.txBytes).signatures[0]!));
    assert.is(sent.tr.tx["@type"], "/cosmos.tx.v1beta1.Tx");
    assert.ok(sent.tr.timestamp.endsWith("Z"));
    assert.is(sent.tr.gas_wanted, "2000000", "gas_wanted is the TxRaw's fee.gas_limit");
    assert.ok(BigInt(sent.tr.gas_used) > 10n * BigInt(sent.txBytes.length), "gas used covers 10 per TxRaw byte");
    assert.ok(sent.tr.events.some((e: any) => e.type === "transfer"), "the bank handler's events");

    await send5([{ typeUrl: "/cosmos.staking.v1beta1.MsgDelegate", value: { delegatorAddress: u5, validatorAddress: val(1), amount: coin(50n * CRO) } }]);
    const unbond = await send5([{ typeUrl: "/cosmos.staking.v1beta1.MsgUndelegate", value: { delegatorAddress: u5, validatorAddress: val(1), amount: coin(CRO) } }]);
    const unbondResponse = MsgUndelegateResponse.decode(responses(unbond.tr)[0]!.value);
    assert.equal(unbondResponse.amount, coin(CRO));
    // 28 days of unbonding from the block's time (whole seconds here).
    assert.is(unbondResponse.completionTime.seconds, BigInt(Date.parse(unbond.tr.timestamp) / 1000) + 2_419_200n);
    await send5([{
      typeUrl: "/cosmos.staking.v1beta1.MsgBeginRedelegate",
      value: { delegatorAddress: u5, validatorSrcAddress: val(1), validatorDstAddress: val(2), amount: coin(2n * CRO) },
    }]);
    await send5([{ typeUrl: "/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward", value: { delegatorAddress: u5, validatorAddress: val(1) } }]);
    await ok(node, 1, mode, [{ typeUrl: "/cosmos.distribution.v1beta1.MsgWithdrawValidatorCommission", value: { validatorAddress: val(1) } }]);

    // x/tieredrewards, user messages.
    const lock = await send5([{ typeUrl: `${T}MsgLockTier`, value: { owner: u5, id: 1, amount: `${100n * CRO}`, validatorAddress: val(1) } }]);
    assert.equal(lock.tx.body.messages[0], {
      "@type": `${T}MsgLockTier`, owner: u5, id: 1, amount: `${100n * CRO}`, validator_address: val(1), trigger_exit_immediately: false,
    });
    const [position] = await positionsOf(node, u5);
    const id = BigInt(position.id);
    const [lockResponse] = responses(lock.tr);
    assert.is(lockResponse!.typeUrl, `${T}MsgLockTierResponse`);
    assert.is(fromBinary(MsgLockTierResponseSchema, lockResponse!.value).positionId, id);
    await send5([{ typeUrl: `${T}MsgAddToTierPosition`, value: { owner: u5, positionId: id, amount: `${10n * CRO}` } }]);
    await send5([{ typeUrl: `${T}MsgTierRedelegate`, value: { owner: u5, positionId: id, dstValidator: val(2) } }]);
    await send5([{ typeUrl: `${T}MsgTriggerExitFromTier`, value: { owner: u5, positionId: id } }]);
    await send5([{ typeUrl: `${T}MsgClearPosition`, value: { owner: u5, positionId: id } }]);
    await node.post("/dev/advance?duration=1h");
    const claim = await send5([{ typeUrl: `${T}MsgClaimTierRewards`, value: { owner: u5, positionIds: [id] } }]);
    assert.equal(claim.tx.body.messages[0].position_ids, [`${id}`]);
    const claimed = fromBinary(MsgClaimTierRewardsResponseSchema, responses(claim.tr)[0]!.value);
    assert.equal(claimed.positionIds, [id]);
    assert.ok(claimed.baseRewards.length === 1 && BigInt(claimed.baseRewards[0]!.amount) > 0n, "an hour of base rewards");
    await send5([{ typeUrl: `${T}MsgTriggerExitFromTier`, value: { owner: u5, positionId: id } }]);
    // Undelegating before the exit has elapsed: the module refuses, after a clean decode and signature.
    const undelegate = await commit(node, 5, mode, [{ typeUrl: `${T}MsgTierUndelegate`, value: { owner: u5, positionId: id } }]);
    assert.is(undelegate.tr.codespace, "tieredrewards", undelegate.tr.raw_log);
    // Not withdrawable (still delegated): included and refused by the module, not by decoding or the ante.
    const early = await commit(node, 5, mode, [{ typeUrl: `${T}MsgWithdrawFromTier`, value: { owner: u5, positionId: id } }]);
    assert.is(early.tr.codespace, "tieredrewards", early.tr.raw_log);

    await ok(node, 6, mode, [{ typeUrl: "/cosmos.staking.v1beta1.MsgDelegate", value: { delegatorAddress: u6, validatorAddress: val(3), amount: coin(200n * CRO) } }]);
    await ok(node, 6, mode, [{
      typeUrl: `${T}MsgCommitDelegationToTier`,
      value: { delegatorAddress: u6, validatorAddress: val(3), amount: `${150n * CRO}`, id: 2, triggerExitImmediately: true },
    }]);
    const [committed] = await positionsOf(node, u6);
    assert.ok(committed.exit_triggered_at !== "0001-01-01T00:00:00Z", "trigger_exit_immediately reached the handler");
    // Exit not elapsed: the module's refusal, after a clean decode and signature.
    const instant = await commit(node, 6, mode, [{ typeUrl: `${T}MsgExitTierWithDelegation`, value: { owner: u6, positionId: BigInt(committed.id), amount: `${CRO}` } }]);
    assert.is(instant.tr.codespace, "tieredrewards", instant.tr.raw_log);

    // Governance messages (dev key 0 is the local chain's authority) and the dev slash.
    const tier9 = { id: 9, exitDuration: { seconds: 86_400n }, bonusApy: "50000000000000000", minLockAmount: "1000" };
    const added = await ok(node, 0, mode, [{ typeUrl: `${T}MsgAddTier`, value: { authority: GOV, tier: tier9 } }]);
    assert.equal(added.tx.body.messages[0].tier, { id: 9, exit_duration: "86400s", bonus_apy: "0.050000000000000000", min_lock_amount: "1000", close_only: false });
    await ok(node, 0, mode, [{ typeUrl: `${T}MsgUpdateTier`, value: { authority: GOV, tier: { ...tier9, closeOnly: true } } }]);
    const tiers = (await node.get("/chainmain/tieredrewards/v1/tiers")).json.tiers as any[];
    assert.equal(tiers.find((t) => t.id === 9), { id: 9, exit_duration: "86400s", bonus_apy: "0.050000000000000000", min_lock_amount: "1000", close_only: true });
    await ok(node, 0, mode, [{ typeUrl: `${T}MsgDeleteTier`, value: { authority: GOV, id: 9 } }]);
    await ok(node, 0, mode, [{ typeUrl: `${T}MsgUpdateParams`, value: { authority: GOV, params: { targetBaseRewardsRate: "35000000000000000" } } }]);
    assert.is((await node.get("/chainmain/tieredrewards/v1/params")).json.params.target_base_rewards_rate, "0.035000000000000000");
    const slash = await ok(node, 0, mode, [{
      typeUrl: "/chainmain.dev.v1.MsgSlashValidator",
      value: { authority: GOV, validatorAddress: val(4), slashFraction: "10000000000000000", jail: true },
    }]);
    const action = slash.tr.events.filter((e: any) => e.type === "message").flatMap((e: any) => e.attributes).find((a: any) => a.key === "action")?.value;
    assert.is(action, "/chainmain.dev.v1.MsgSlashValidator", "the message event names the type URL");
    // The operator unjails (amino field "address" in the LEGACY_AMINO_JSON doc, validator_addr in proto JSON).
    const unjail = await ok(node, 4, mode, [{ typeUrl: "/cosmos.slashing.v1beta1.MsgUnjail", value: { validatorAddr: val(4) } }]);
    assert.is(unjail.tx.body.messages[0].validator_addr, val(4));

    // Replay re-decodes every stored protobuf tx into the same state.
    assert.equal(Application.replay(await loadCore(wasm), node.dbPath), node.chain.latestBlock());
    return {
      balances: [0, 1, 4, 5, 6].map((n) => balance(node, devAddress(n))),
      positions: [...(await positionsOf(node, u5)), ...(await positionsOf(node, u6))].map((p) => [p.id, p.amount, p.validator, p.exit_unlock_at]),
      height: node.chain.latest.height,
    };
  } finally {
    await node.chain.close();
  }
}

test("every message the node executes, signed by SigningStargateClient in both sign modes, broadcast as Keplr does, found by the client's hash", async () => {
  const direct = await everyMessage("direct");
  const amino = await everyMessage("amino");
  assert.equal(amino, direct, "the two sign modes execute identically");
});

test("tier lifecycle (lock, trigger exit, a year, instant exit, claim) by protobuf txs equals the amino path to the base unit", async () => {
  const proto = await nodes.open();
  const legacy = await nodes.open();
  try {
    const u = devAddress(5);
    const amount = 1000n * CRO;
    const run = async (node: Node, viaProto: boolean, proto: EncodeObject, amino: Parameters<typeof committedTx>[2][number]) => {
      if (viaProto) return (await ok(node, 5, "direct", [proto])).tr;
      const tr = await committedTx(node, 5, [amino]);
      assert.is(tr.code, 0, tr.raw_log);
      return tr;
    };
    const results: bigint[][] = [];
    for (const [node, viaProto] of [[proto, true], [legacy, false]] as const) {
      await run(node, viaProto, { typeUrl: `${T}MsgLockTier`, value: { owner: u, id: 1, amount: `${amount}`, validatorAddress: val(2) } }, lockTierMsg(u, 1, amount, val(2)));
      const id = BigInt((await positionsOf(node, u))[0].id);
      await run(node, viaProto, { typeUrl: `${T}MsgTriggerExitFromTier`, value: { owner: u, positionId: id } }, positionMsg("MsgTriggerExitFromTier", u, id));
      const advanced = await node.post("/dev/advance?duration=8760h");
      assert.is(advanced.status, 200);
      const exit = await run(node, viaProto,
        { typeUrl: `${T}MsgExitTierWithDelegation`, value: { owner: u, positionId: id, amount: `${amount / 2n}` } },
        positionAmountMsg("MsgExitTierWithDelegation", u, id, amount / 2n));
      const claim = await run(node, viaProto, { typeUrl: `${T}MsgClaimTierRewards`, value: { owner: u, positionIds: [id] } }, claimTierMsg(u, [id]));
      const attr = (tr: any, type: string, key: string) =>
        tr.events.find((e: any) => e.type === `chainmain.tieredrewards.v1.${type}`)?.attributes.find((a: any) => a.key === key)?.value;
      const total = (coins: string | undefined) => JSON.parse(coins ?? "[]").reduce((t: bigint, c: any) => t + BigInt(c.amount), 0n);
      const bonusPaid = (tr: any) => tr.events.filter((e: any) => e.type === "chainmain.tieredrewards.v1.EventBonusRewardsClaimed")
        .reduce((t: bigint, e: any) => t + total(e.attributes.find((a: any) => a.key === "rewards")?.value), 0n);
      const [position] = await positionsOf(node, u);
      results.push([
        balance(node, u),
        BigInt(JSON.parse(attr(exit, "EventExitTierWithDelegation", "transferred_amount"))),
        total(attr(claim, "EventTierRewardsClaimed", "base_rewards")),
        bonusPaid(exit) + bonusPaid(claim),
        BigInt(position.amount),
        node.chain.latest.height,
      ]);
    }
    assert.equal(results[0], results[1], "protobuf and amino txs give the same numbers");
    const [, transferred, base, bonus, left] = results[0]!;
    assert.is(transferred, amount / 2n);
    assert.is(left, amount / 2n);
    assert.ok(base > 0n, `base rewards since the exit: ${base}`);
    // A year of 2 % on 1,000 CRO, paid when the position is touched: about 20 CRO.
    assert.ok(bonus > 19n * CRO && bonus < 21n * CRO, `a year of bonus: ${bonus}`);
  } finally {
    await proto.chain.close();
    await legacy.chain.close();
  }
});

test("rejections with the SDK's codes: signature, chain id, sequence, unknown type URL, garbage, modes; the legacy body still works", async () => {
  const node = await nodes.open();
  try {
    const u = devAddress(7);
    const msg = [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: u, toAddress: devAddress(8), amount: [coin(1n)] } }];
    const account = () => node.chain.directory.account(u)!;
    const expectRefused = (s: Sent, code: number, log: string | RegExp) => {
      assert.is(s.status, 200);
      assert.is(s.response.codespace, "sdk");
      assert.is(s.response.code, code);
      if (typeof log === "string") assert.is(s.response.raw_log, log);
      else assert.match(s.response.raw_log, log);
    };
    const post = async (txBytes: Uint8Array, mode?: string) => {
      const r = await node.post("/cosmos/tx/v1beta1/txs", keplrBody(txBytes, mode));
      return { txBytes, hash: clientTxHash(txBytes), status: r.status, response: r.json.tx_response, json: r.json };
    };

    // Bad signature: one bit of it flipped.
    const good = await send(node, 7, "direct", msg, { broadcast: "BROADCAST_MODE_FOO" });
    assert.is(good.status, 400, "an unknown mode name is the gateway's 400");
    const raw = TxRaw.decode(good.txBytes);
    raw.signatures[0]![10]! ^= 1;
    const tampered = await post(TxRaw.encode(raw).finish());
    expectRefused(tampered, 4, `signature verification failed; please verify account number (${account().accountNumber}) and chain-id (chainmain-local): (unable to verify single signer signature): unauthorized`);
    assert.is(tampered.response.txhash, tampered.hash);

    // Same, in amino-JSON sign mode; wrong chain id in both modes.
    expectRefused(await send(node, 7, "direct", msg, { chainId: "other-chain" }), 4, /signature verification failed/);
    expectRefused(await send(node, 7, "amino", msg, { chainId: "other-chain" }), 4, /signature verification failed/);

    // Wrong sequence: reported as such, since a protobuf tx declares it.
    const seq = account().sequence;
    expectRefused(await send(node, 7, "direct", msg, { sequence: seq + 3n }), 32, `account sequence mismatch, expected ${seq}, got ${seq + 3n}: incorrect account sequence`);
    expectRefused(await send(node, 7, "amino", msg, { sequence: seq + 1n }), 32, `account sequence mismatch, expected ${seq}, got ${seq + 1n}: incorrect account sequence`);

    // An unknown type URL cannot be decoded.
    const body = TxBody.decode(raw.bodyBytes);
    body.messages[0]!.typeUrl = "/chainmain.unknown.v1.MsgFoo";
    const unknown = await post(TxRaw.encode({ ...raw, bodyBytes: TxBody.encode(body).finish() }).finish());
    expectRefused(unknown, 2, "unable to resolve type URL /chainmain.unknown.v1.MsgFoo: tx parse error");

    // ADR-027: an unknown TxBody field is refused (unordered = true here); a non-critical one
    // (bit 1<<10) decodes, and then this tampered tx fails its signature.
    const withField = (field: number) =>
      TxRaw.encode({ ...raw, bodyBytes: new Uint8Array([...raw.bodyBytes, ...new BinaryWriter().tag(field, WireType.Varint).bool(true).finish()]) }).finish();
    expectRefused(await post(withField(4)), 2, "body_bytes: unknown field 4 (unordered and timeout_timestamp txs are not supported): tx parse error");
    expectRefused(await post(withField(1025)), 4, /signature verification failed/);
    const authWithField = TxRaw.encode({ ...raw, authInfoBytes: new Uint8Array([...raw.authInfoBytes, ...new BinaryWriter().tag(9, WireType.Varint).bool(true).finish()]) }).finish();
    expectRefused(await post(authWithField), 2, "auth_info_bytes: unknown field 9: tx parse error");

    // Garbage bytes: a parse error in the tx response, never a 500; not base64: the gateway's 400.
    expectRefused(await post(new Uint8Array([0x0a, 0xff, 0x01, 0x02, 0x03])), 2, /tx parse error$/);
    expectRefused(await post(new Uint8Array([0x99, 0x98, 0x97])), 2, /tx parse error$/);
    const notBase64 = await node.post("/cosmos/tx/v1beta1/txs", { tx_bytes: "***", mode: "BROADCAST_MODE_SYNC" });
    assert.is(notBase64.status, 400);
    assert.is(notBase64.json.code, 3);

    // BLOCK (removed in SDK v0.47) and no mode: what the v0.53 tx service answers.
    for (const mode of ["BROADCAST_MODE_BLOCK", undefined]) {
      const block = await node.post("/cosmos/tx/v1beta1/txs", { tx_bytes: toBase64(good.txBytes), ...(mode ? { mode } : {}) });
      assert.is(block.status, 500);
      assert.equal(block.json, { code: 2, message: "unsupported return type unspecified; supported types: sync, async", details: [] });
    }
    assert.is(node.chain.pending, 0, "nothing refused was queued");

    // ASYNC: accepted, the hash only; then committed.
    const async = await send(node, 7, "direct", msg, { broadcast: "BROADCAST_MODE_ASYNC" });
    assert.is(async.response.code, 0, async.response.raw_log);
    assert.is(async.response.txhash, async.hash);
    // The same bytes again: the mempool's cache (sdk 19).
    expectRefused(await post(async.txBytes), 19, "tx already in mempool");
    await node.post("/dev/advance?blocks=1");
    assert.is((await node.get(`/cosmos/tx/v1beta1/txs/${async.hash.toLowerCase()}`)).json.tx_response.code, 0);
    // Replayed after its block: the sequence has moved.
    expectRefused(await post(async.txBytes), 32, `account sequence mismatch, expected ${seq + 1n}, got ${seq}: incorrect account sequence`);

    // Timeout height: signed into both sign modes' bytes; past it, sdk 30 at check.
    const h = node.chain.latest.height;
    for (const mode of ["direct", "amino"] as const) {
      expectRefused(await send(node, 7, mode, msg, { timeoutHeight: h }), 30, `block height: ${h + 1n}, timeout height: ${h}: tx timeout height`);
    }
    const inTime = await send(node, 7, "amino", msg, { timeoutHeight: h + 5n, memo: "<tier & co>" });
    assert.is(inTime.response.code, 0, inTime.response.raw_log);
    await node.post("/dev/advance?blocks=1");
    const found = (await node.get(`/cosmos/tx/v1beta1/txs/${inTime.hash}`)).json;
    assert.is(found.tx.body.timeout_height, `${h + 5n}`);
    assert.is(found.tx.body.memo, "<tier & co>");
    const withTimeout = await send(node, 7, "direct", msg, { timeoutHeight: h + 5n });
    assert.is(withTimeout.response.code, 0, withTimeout.response.raw_log);
    await node.post("/dev/advance?blocks=1");

    // The legacy amino body on both routes still works, into the same execution.
    const legacy = await committedTx(node, 7, [{ type: "cosmos-sdk/MsgSend", value: { from_address: u, to_address: devAddress(8), amount: [coin(2n)] } }]);
    assert.is(legacy.code, 0, legacy.raw_log);
  } finally {
    await node.chain.close();
  }
});

test.run();
