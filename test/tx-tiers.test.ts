// x/tieredrewards' messages on the wire: each one decoded from a CosmJS-signed transaction, and
// each stateless rejection with the reference's codespace, code and text (REFERENCE §4, §9).

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Secp256k1HdWallet, makeSignDoc, makeStdTx, type AminoMsg } from "@cosmjs/amino";
import { stringToPath } from "@cosmjs/crypto";
import { accountAddressBytes, encodeAddress } from "../host/wire/address.js";
import { MessageRegistry, validateAmino } from "../host/app/registry.js";
import { TxError } from "../host/wire/errors.js";
import { moduleAddress } from "../host/wire/keys.js";
import { verifyTx, type AccountInfo } from "../host/app/ante/verify.js";
import {
  MAX_CLAIM_POSITIONS,
  TierErrors,
  TierMsgTypes as T,
  registerTierMessages,
  type MsgClaimTierRewards,
  type MsgLockTier,
  type MsgTierGov,
} from "../host/modules/tieredrewards/validate.js";

const MNEMONIC = `${"abandon ".repeat(23)}art`;
const wallet = await Secp256k1HdWallet.fromMnemonic(MNEMONIC, {
  prefix: "cro",
  hdPaths: [stringToPath("m/44'/394'/0'/0/0"), stringToPath("m/44'/394'/0'/0/1")],
});
const [alice, bob] = await wallet.getAccounts();
const A = alice!.address;
const B = bob!.address;
const VAL = encodeAddress("crocncl", accountAddressBytes(B, "cro"));
const CHAIN_ID = "chainmain-1";
const GOV = moduleAddress("gov");

const registry = registerTierMessages(new MessageRegistry());
const accounts = new Map<string, AccountInfo>([[A, { accountNumber: 3n, sequence: 0n }]]);

async function signed(msgs: AminoMsg[], signer = A) {
  const doc = makeSignDoc(msgs, { amount: [], gas: "200000" }, CHAIN_ID, "", 3, 0);
  const { signed: s, signature } = await wallet.signAmino(signer, doc);
  return JSON.parse(JSON.stringify({ tx: makeStdTx(s, signature), mode: "sync" }));
}

const verify = (body: unknown) => verifyTx(body, { chainId: CHAIN_ID, registry, getAccount: (a) => accounts.get(a) });

/** The stateless rule of one message, alone. */
const validate = (type: string, value: Record<string, unknown>) => validateAmino(registry.entryOfAmino(type)!, value, { prefix: "cro" });

function rejects(f: () => unknown, codespace: string, code: number, log: string | RegExp): void {
  try {
    f();
  } catch (e) {
    if (!(e instanceof TxError)) throw e;
    if (typeof log === "string") assert.is(e.log, log);
    else assert.match(e.log, log);
    assert.is(e.codespace, codespace);
    assert.is(e.code, code);
    return;
  }
  assert.unreachable(`expected ${codespace} ${code}`);
}

const lock = (over: Record<string, unknown> = {}) => ({
  owner: A,
  id: 1,
  amount: "10000000000",
  validator_address: VAL,
  trigger_exit_immediately: true,
  ...over,
});

const wire = suite("tier messages: signed and decoded");

wire("every user message type is registered under its amino name", () => {
  for (const type of Object.values(T)) assert.ok(registry.entryOfAmino(type), type);
  assert.is(registry.typeUrls().length, Object.keys(T).length);
});

wire("a CosmJS-signed MsgLockTier verifies and decodes to exact values", async () => {
  const tx = verify(await signed([{ type: T.LockTier, value: lock() }]));
  assert.is(tx.signer, A);
  const m = validate(tx.msgs[0]!.type, tx.msgs[0]!.value) as MsgLockTier;
  assert.equal(m, { owner: A, tierId: 1, amount: 10_000_000_000n, validator: VAL, triggerExitImmediately: true });
});

wire("several position messages in one tx, signer from owner fields", async () => {
  const tx = verify(
    await signed([
      { type: T.TriggerExitFromTier, value: { owner: A, position_id: "7" } },
      { type: T.ClaimTierRewards, value: { owner: A, position_ids: ["7", "0"] } },
      { type: T.ExitTierWithDelegation, value: { owner: A, position_id: "7", amount: "5" } },
    ]),
  );
  assert.equal(tx.msgs.map((m) => m.signer), [A, A, A]);
  assert.equal((validate(tx.msgs[1]!.type, tx.msgs[1]!.value) as MsgClaimTierRewards).positionIds, [7n, 0n]);
});

wire("a governance message signed by anyone but the gov account passes CheckTx: its authority is its server's check (in the block)", async () => {
  const tier = { id: 4, exit_duration: "60s", bonus_apy: "0.05", min_lock_amount: "1", close_only: false };
  const body = await signed([{ type: T.AddTier, value: { authority: A, tier } }]);
  const tx = verify(body);
  assert.is(tx.msgs[0]!.governance, true);
  assert.is(tx.msgs[0]!.signer, A);
  const parsed = validate(T.AddTier, { authority: GOV, tier }) as MsgTierGov;
  assert.equal(parsed.tier, { id: 4, exitDurationSeconds: 60n, bonusApy: "0.05", minLockAmount: 1n, closeOnly: false });
});

wire.run();

const rules = suite("tier messages: stateless rules, in the reference's order");

rules("lock: owner, then tier id 0 (27), then amount, then validator", () => {
  rejects(() => validate(T.LockTier, lock({ owner: "cro1bad", id: 0 })), "sdk", 7, /^invalid owner address: decoding bech32 failed/);
  rejects(() => validate(T.LockTier, lock({ id: 0, amount: "0" })), "tieredrewards", 27, "tier id must be non-zero");
  rejects(() => validate(T.LockTier, lock({ amount: "0", validator_address: "x" })), "sdk", 18, "amount must be positive: invalid request");
  rejects(() => validate(T.LockTier, lock({ amount: "-5" })), "sdk", 18, "amount must be positive: invalid request");
  rejects(() => validate(T.LockTier, lock({ validator_address: A })), "sdk", 7, /^invalid validator address: invalid Bech32 prefix; expected crocncl, got cro/);
  rejects(() => validate(T.LockTier, lock({ id: "1" })), "sdk", 2, /expected a uint32 number/);
  rejects(() => validate(T.LockTier, lock({ amount: 5 })), "sdk", 2, /expected an integer string/);
  rejects(() => validate(T.LockTier, lock({ extra: 1 })), "sdk", 2, /unknown field "extra"/);
});

rules("commit: the signer is delegator_address; same checks as lock", () => {
  const value = { delegator_address: A, validator_address: VAL, amount: "1", id: 2 };
  const commit = registry.entryOfAmino(T.CommitDelegationToTier)!;
  assert.is(commit.kind === "amino" ? commit.spec.signerField : "", "delegator_address");
  assert.equal((validate(T.CommitDelegationToTier, value) as MsgLockTier).tierId, 2);
  rejects(() => validate(T.CommitDelegationToTier, { ...value, id: 0 }), "tieredrewards", 27, "tier id must be non-zero");
});

rules("add and instant exit need a positive amount; position ids are uint64 strings", () => {
  for (const type of [T.AddToTierPosition, T.ExitTierWithDelegation]) {
    rejects(() => validate(type, { owner: A, position_id: "1" }), "sdk", 18, "amount must be positive: invalid request");
    rejects(() => validate(type, { owner: A, position_id: 1, amount: "1" }), "sdk", 2, /expected an unsigned integer string/);
  }
  rejects(() => validate(T.TierUndelegate, { owner: A, position_id: "18446744073709551616" }), "sdk", 2, /out of range/);
});

rules("redelegate: destination must be a validator operator address", () => {
  rejects(
    () => validate(T.TierRedelegate, { owner: A, position_id: "1", dst_validator: "" }),
    "sdk",
    7,
    "invalid destination validator address: empty address string is not allowed: invalid address",
  );
});

rules("claim: 1 to 300 distinct ids", () => {
  const ids = (n: number) => Array.from({ length: n }, (_, i) => String(i));
  rejects(() => validate(T.ClaimTierRewards, { owner: A }), "sdk", 18, "position_ids must not be empty: invalid request");
  rejects(
    () => validate(T.ClaimTierRewards, { owner: A, position_ids: ids(MAX_CLAIM_POSITIONS + 1) }),
    "sdk",
    18,
    "too many position_ids: 301, max: 300: invalid request",
  );
  assert.is((validate(T.ClaimTierRewards, { owner: A, position_ids: ids(300) }) as MsgClaimTierRewards).positionIds.length, 300);
  rejects(() => validate(T.ClaimTierRewards, { owner: A, position_ids: ["4", "2", "4"] }), "sdk", 18, "duplicate position_id 4: invalid request");
});

rules("governance: tier shape and duration form; params", () => {
  rejects(() => validate(T.UpdateTier, { authority: GOV, tier: { id: 1, exit_duration: "1.5s" } }), "sdk", 2, /expected a duration/);
  // The SDK amino JSON form (a protobuf tx's Duration): nanoseconds, whole seconds only.
  assert.is((validate(T.UpdateTier, { authority: GOV, tier: { id: 1, exit_duration: "31536000000000000" } }) as MsgTierGov).tier.exitDurationSeconds, 31_536_000n);
  rejects(() => validate(T.UpdateTier, { authority: GOV, tier: { id: 1, exit_duration: "1500000000" } }), "sdk", 2, /expected a duration/);
  rejects(() => validate(T.UpdateTier, { authority: GOV, tier: { id: 1, apy: "1" } }), "sdk", 2, /unknown field "apy"/);
  assert.equal(validate(T.DeleteTier, { authority: GOV, id: 3 }), { authority: GOV, id: 3 });
  assert.equal(validate(T.UpdateParams, { authority: GOV, params: { target_base_rewards_rate: "0.03" } }), {
    authority: GOV,
    targetBaseRewardsRate: "0.03",
  });
  assert.is(TierErrors.InsufficientBonusPool.code, 12);
});

rules.run();
