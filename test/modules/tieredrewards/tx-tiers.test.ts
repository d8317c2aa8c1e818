// x/tieredrewards' messages on the wire: each one decoded from a CosmJS-signed transaction, and
// each stateless rejection with the reference's codespace, code and text (REFERENCE §4, §9): the
// module's definitions called on their protobuf messages (`create(MsgXSchema, {...})`), and the
// legacy amino StdTx's edge (its message converted to protobuf on arrival) through validateAmino.

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Secp256k1HdWallet, makeSignDoc, makeStdTx, type AminoMsg } from "@cosmjs/amino";
import { stringToPath } from "@cosmjs/crypto";
import { accountAddressBytes, encodeAddress } from "../../../host/wire/address.js";
import { MessageRegistry, validateAmino } from "../../../host/app/registry.js";
import { TxError } from "../../../host/wire/errors.js";
import { moduleAddress } from "../../../host/wire/keys.js";
import { verifyTx, type AccountInfo } from "../../../host/app/ante/verify.js";
import { create, type DescMessage, type MessageInitShape } from "@bufbuild/protobuf";
import type { MessageDef } from "../../../host/framework/module.js";
import { MAX_CLAIM_POSITIONS, TierErrors, type MsgClaimTierRewards, type MsgLockTier, type MsgTierGov } from "../../../host/modules/tieredrewards/validate.js";
import { tieredRewardsModule } from "../../../host/modules/tieredrewards/module.js";
import * as pb from "../../../host/wire/gen/chainmain/tieredrewards/v1/tx_pb.js";

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

const registry = new MessageRegistry([tieredRewardsModule]);

/** Amino type names (REFERENCE §4: `chainmain/<Msg>`, but MsgUpdateParams is namespaced). */
const T = {
  LockTier: "chainmain/MsgLockTier",
  CommitDelegationToTier: "chainmain/MsgCommitDelegationToTier",
  AddToTierPosition: "chainmain/MsgAddToTierPosition",
  TriggerExitFromTier: "chainmain/MsgTriggerExitFromTier",
  ClearPosition: "chainmain/MsgClearPosition",
  TierRedelegate: "chainmain/MsgTierRedelegate",
  TierUndelegate: "chainmain/MsgTierUndelegate",
  WithdrawFromTier: "chainmain/MsgWithdrawFromTier",
  ExitTierWithDelegation: "chainmain/MsgExitTierWithDelegation",
  ClaimTierRewards: "chainmain/MsgClaimTierRewards",
  UpdateParams: "chainmain/tieredrewards/MsgUpdateParams",
  AddTier: "chainmain/MsgAddTier",
  UpdateTier: "chainmain/MsgUpdateTier",
  DeleteTier: "chainmain/MsgDeleteTier",
} as const;
const accounts = new Map<string, AccountInfo>([[A, { accountNumber: 3n, sequence: 0n }]]);

async function signed(msgs: AminoMsg[], signer = A) {
  const doc = makeSignDoc(msgs, { amount: [], gas: "200000" }, CHAIN_ID, "", 3, 0);
  const { signed: s, signature } = await wallet.signAmino(signer, doc);
  return JSON.parse(JSON.stringify({ tx: makeStdTx(s, signature), mode: "sync" }));
}

const verify = (body: unknown) => verifyTx(body, { chainId: CHAIN_ID, registry, getAccount: (a) => accounts.get(a) });

/** The module's definition of a message type. */
function defOf<D extends DescMessage>(schema: D): MessageDef<D, unknown> {
  const e = registry.entry(`/${schema.typeName}`);
  if (e === undefined) throw new Error(`${schema.typeName}: no definition`);
  return e.def as MessageDef<D, unknown>;
}

/** The stateless rule of one message, alone, on its protobuf message. */
const check = <D extends DescMessage>(schema: D, init: MessageInitShape<D>) => defOf(schema).validate(create(schema, init), { prefix: "cro" });

/** The same, given as a legacy StdTx's amino JSON (converted on arrival). */
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

const lockPb = (over: MessageInitShape<typeof pb.MsgLockTierSchema> = {}) =>
  check(pb.MsgLockTierSchema, { owner: A, id: 1, amount: "10000000000", validatorAddress: VAL, triggerExitImmediately: true, ...over });

const wire = suite("tier messages: signed and decoded");

wire("every message type is registered under its amino name, as its protobuf definition", () => {
  for (const type of Object.values(T)) assert.ok(registry.entryOfAmino(type)?.def, type);
  assert.is(registry.typeUrls().length, Object.keys(T).length);
});

wire("a CosmJS-signed MsgLockTier verifies and decodes to exact values", async () => {
  const tx = verify(await signed([{ type: T.LockTier, value: lock() }]));
  assert.is(tx.signer, A);
  const expected = { owner: A, tierId: 1, amount: 10_000_000_000n, validator: VAL, triggerExitImmediately: true };
  assert.equal(tx.msgs[0]!.parsed as MsgLockTier, expected);
  assert.equal(validate(tx.msgs[0]!.type, tx.msgs[0]!.value) as MsgLockTier, expected);
  assert.equal(lockPb() as MsgLockTier, expected, "the protobuf message reads the same");
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
  assert.equal((tx.msgs[1]!.parsed as MsgClaimTierRewards).positionIds, [7n, 0n]);
  assert.equal((validate(tx.msgs[1]!.type, tx.msgs[1]!.value) as MsgClaimTierRewards).positionIds, [7n, 0n]);
});

wire("a governance message signed by anyone but the gov account passes CheckTx: its authority is its server's check (in the block)", async () => {
  const tier = { id: 4, exit_duration: "60s", bonus_apy: "0.05", min_lock_amount: "1", close_only: false };
  const body = await signed([{ type: T.AddTier, value: { authority: A, tier } }]);
  const tx = verify(body);
  assert.is(tx.msgs[0]!.governance, true);
  assert.is(tx.msgs[0]!.signer, A);
  // The Dec as the protobuf message carries it (raw 18-decimal integer), read back as decimal text for the core.
  const parsed = { id: 4, exitDurationSeconds: 60n, bonusApy: "0.050000000000000000", minLockAmount: 1n, closeOnly: false };
  assert.equal((validate(T.AddTier, { authority: GOV, tier }) as MsgTierGov).tier, parsed);
  const pbTier = { id: 4, exitDuration: { seconds: 60n }, bonusApy: "50000000000000000", minLockAmount: "1" };
  assert.equal((check(pb.MsgAddTierSchema, { authority: GOV, tier: pbTier }) as MsgTierGov).tier, parsed);
});

wire.run();

const rules = suite("tier messages: stateless rules, in the reference's order");

rules("lock: owner, then tier id 0 (27), then amount, then validator", () => {
  rejects(() => lockPb({ owner: "cro1bad", id: 0 }), "sdk", 7, /^invalid owner address: decoding bech32 failed/);
  rejects(() => lockPb({ id: 0, amount: "0" }), "tieredrewards", 27, "tier id must be non-zero");
  rejects(() => lockPb({ amount: "0", validatorAddress: "x" }), "sdk", 18, "amount must be positive: invalid request");
  rejects(() => lockPb({ amount: "-5" }), "sdk", 18, "amount must be positive: invalid request");
  rejects(() => lockPb({ amount: "" }), "sdk", 18, "amount must be positive: invalid request");
  rejects(() => lockPb({ validatorAddress: A }), "sdk", 7, /^invalid validator address: invalid Bech32 prefix; expected crocncl, got cro/);
  rejects(() => lockPb({ amount: "5.0" }), "sdk", 2, /expected an integer string/);
  // The same through the amino edge, and what only amino JSON can get wrong: its kinds, its fields.
  rejects(() => validate(T.LockTier, lock({ owner: "cro1bad", id: 0 })), "sdk", 7, /^invalid owner address: decoding bech32 failed/);
  rejects(() => validate(T.LockTier, lock({ id: 0, amount: "0" })), "tieredrewards", 27, "tier id must be non-zero");
  rejects(() => validate(T.LockTier, lock({ amount: "0", validator_address: "x" })), "sdk", 18, "amount must be positive: invalid request");
  rejects(() => validate(T.LockTier, lock({ id: "1" })), "sdk", 2, /expected a uint32 number/);
  rejects(() => validate(T.LockTier, lock({ amount: "1e3" })), "sdk", 2, /expected an integer string/);
  rejects(() => validate(T.LockTier, lock({ amount: 5 })), "sdk", 2, /MsgLockTier\.amount from JSON: expected string, got 5/);
  rejects(() => validate(T.LockTier, lock({ trigger_exit_immediately: "true" })), "sdk", 2, /expected a boolean/);
  rejects(() => validate(T.LockTier, lock({ extra: 1 })), "sdk", 2, /unknown field "extra"/);
});

rules("commit: the signer is delegator_address; same checks as lock", () => {
  const value = { delegator_address: A, validator_address: VAL, amount: "1", id: 2 };
  const commit = (over: MessageInitShape<typeof pb.MsgCommitDelegationToTierSchema> = {}) =>
    create(pb.MsgCommitDelegationToTierSchema, { delegatorAddress: A, validatorAddress: VAL, amount: "1", id: 2, ...over });
  const def = defOf(pb.MsgCommitDelegationToTierSchema);
  assert.is(def.signer(commit(), { prefix: "cro" }), A);
  rejects(() => def.signer(commit({ delegatorAddress: "" }), { prefix: "cro" }), "sdk", 7, /^invalid signer delegator_address: empty address string is not allowed/);
  assert.equal((def.validate(commit(), { prefix: "cro" }) as MsgLockTier).tierId, 2);
  assert.equal((validate(T.CommitDelegationToTier, value) as MsgLockTier).tierId, 2);
  rejects(() => def.validate(commit({ id: 0 }), { prefix: "cro" }), "tieredrewards", 27, "tier id must be non-zero");
  rejects(() => validate(T.CommitDelegationToTier, { ...value, id: 0 }), "tieredrewards", 27, "tier id must be non-zero");
});

rules("add and instant exit need a positive amount; position ids are uint64 strings", () => {
  for (const [type, schema] of [[T.AddToTierPosition, pb.MsgAddToTierPositionSchema], [T.ExitTierWithDelegation, pb.MsgExitTierWithDelegationSchema]] as const) {
    rejects(() => check(schema, { owner: A, positionId: 1n }), "sdk", 18, "amount must be positive: invalid request");
    rejects(() => validate(type, { owner: A, position_id: "1" }), "sdk", 18, "amount must be positive: invalid request");
    rejects(() => validate(type, { owner: A, position_id: 1, amount: "1" }), "sdk", 2, /expected an unsigned integer string/);
    assert.equal(check(schema, { owner: A, positionId: 1n, amount: "5" }), { owner: A, positionId: 1n, amount: 5n });
  }
  rejects(() => validate(T.TierUndelegate, { owner: A, position_id: "18446744073709551616" }), "sdk", 2, /out of range/);
  assert.equal(check(pb.MsgTierUndelegateSchema, { owner: A, positionId: (1n << 64n) - 1n }), { owner: A, positionId: (1n << 64n) - 1n });
});

rules("redelegate: destination must be a validator operator address", () => {
  const log = "invalid destination validator address: empty address string is not allowed: invalid address";
  rejects(() => check(pb.MsgTierRedelegateSchema, { owner: A, positionId: 1n, dstValidator: "" }), "sdk", 7, log);
  rejects(() => validate(T.TierRedelegate, { owner: A, position_id: "1", dst_validator: "" }), "sdk", 7, log);
});

rules("claim: 1 to 300 distinct ids", () => {
  const ids = (n: number) => Array.from({ length: n }, (_, i) => BigInt(i));
  const claim = (positionIds: bigint[]) => check(pb.MsgClaimTierRewardsSchema, { owner: A, positionIds });
  rejects(() => claim([]), "sdk", 18, "position_ids must not be empty: invalid request");
  rejects(() => validate(T.ClaimTierRewards, { owner: A }), "sdk", 18, "position_ids must not be empty: invalid request");
  rejects(() => claim(ids(MAX_CLAIM_POSITIONS + 1)), "sdk", 18, "too many position_ids: 301, max: 300: invalid request");
  assert.is((claim(ids(300)) as MsgClaimTierRewards).positionIds.length, 300);
  rejects(() => claim([4n, 2n, 4n]), "sdk", 18, "duplicate position_id 4: invalid request");
  rejects(() => validate(T.ClaimTierRewards, { owner: A, position_ids: ["4", "2", "4"] }), "sdk", 18, "duplicate position_id 4: invalid request");
});

rules("governance: tier shape and duration form; params", () => {
  const gov = { authority: GOV };
  // A Duration of whole seconds only: protobuf's seconds and nanos, amino's nanoseconds, the gateway's "Xs".
  rejects(() => check(pb.MsgUpdateTierSchema, { ...gov, tier: { id: 1, exitDuration: { seconds: 1n, nanos: 500_000_000 } } }), "sdk", 2, /expected a duration/);
  rejects(() => validate(T.UpdateTier, { ...gov, tier: { id: 1, exit_duration: "1.5s" } }), "sdk", 2, /expected a duration/);
  assert.is((check(pb.MsgUpdateTierSchema, { ...gov, tier: { id: 1, exitDuration: { seconds: 31_536_000n } } }) as MsgTierGov).tier.exitDurationSeconds, 31_536_000n);
  // The SDK amino JSON form (a protobuf tx's Duration): nanoseconds, whole seconds only.
  assert.is((validate(T.UpdateTier, { ...gov, tier: { id: 1, exit_duration: "31536000000000000" } }) as MsgTierGov).tier.exitDurationSeconds, 31_536_000n);
  rejects(() => validate(T.UpdateTier, { ...gov, tier: { id: 1, exit_duration: "1500000000" } }), "sdk", 2, /expected a duration/);
  rejects(() => validate(T.UpdateTier, { ...gov, tier: { id: 1, apy: "1" } }), "sdk", 2, /unknown field "apy"/);
  // A Dec the protobuf message carries as raw integer text: anything else does not decode.
  rejects(() => check(pb.MsgAddTierSchema, { ...gov, tier: { id: 1, exitDuration: { seconds: 5n }, bonusApy: "0.05" } }), "sdk", 2, /MsgAddTier\.tier\.bonus_apy: invalid decimal "0\.05"/);
  assert.equal(check(pb.MsgDeleteTierSchema, { ...gov, id: 3 }), { authority: GOV, id: 3 });
  assert.equal(validate(T.DeleteTier, { ...gov, id: 3 }), { authority: GOV, id: 3 });
  const rate = { authority: GOV, targetBaseRewardsRate: "0.030000000000000000" };
  assert.equal(check(pb.MsgUpdateParamsSchema, { ...gov, params: { targetBaseRewardsRate: "30000000000000000" } }), rate);
  assert.equal(validate(T.UpdateParams, { ...gov, params: { target_base_rewards_rate: "0.03" } }), rate);
  assert.equal(check(pb.MsgUpdateParamsSchema, gov), { authority: GOV, targetBaseRewardsRate: "0" }, "unset params: a zero rate");
  rejects(() => check(pb.MsgDeleteTierSchema, { authority: "", id: 3 }), "sdk", 7, /^invalid authority address: empty address string/);
  assert.is(TierErrors.InsufficientBonusPool.code, 12);
});

rules.run();
