// x/tieredrewards' messages on the amino-JSON wire (REFERENCE §4): their amino names, the field
// that names the signer, and the checks the reference makes before it reads any state (its
// handlers' first lines), in its order and with its texts. What needs state (tier exists,
// position owner, balances, close-only...) is the core's business.
//
// Wire forms: uint64 (`position_id`, `position_ids`) as decimal strings, uint32 (`id`) as a JSON
// number, `math.Int` amounts as strings, `math.LegacyDec` as decimal text (parsed exactly by the
// core), durations as the gateway's `"<seconds>s"` (whole seconds, signed, within int64
// nanoseconds: host/wire/duration.ts). Absent fields read as their zero values.

import { accountAddressBytes, encodeAddress } from "../../wire/address.js";
import { parseIntString, parseUint64String } from "../../wire/coins.js";
import { SdkErrors, TxError, decodeError, type ErrorKind } from "../../wire/errors.js";
import { txDurationError } from "../../wire/duration.js";
import { addressField, boolField, onlyFields, stringField, uint64Field, type JsonObject } from "../../wire/amino/fields.js";
import type { MessageSpec, Registrar, ValidateContext } from "../../app/module.js";

const tr = (code: number, description: string): ErrorKind => ({ codespace: "tieredrewards", code, description });

/** x/tieredrewards' registered errors (REFERENCE §9). */
export const TierErrors = {
  TransferSourceNotFound: tr(1, "transfer delegation source validator not found"),
  TransferDestinationNotFound: tr(2, "transfer delegation destination validator not found"),
  TooFewTokens: tr(3, "too few tokens to transfer (truncates to zero tokens)"),
  TransferToSelf: tr(4, "cannot transfer delegation from the position to itself"),
  TierExists: tr(5, "tier already exists"),
  TierHasPositions: tr(6, "tier has active positions"),
  TierCloseOnly: tr(7, "tier is close only"),
  InvalidAmount: tr(8, "invalid amount"),
  MinLockNotMet: tr(9, "min lock amount not met"),
  ActiveRedelegation: tr(10, "cannot transfer delegation with active incoming redelegation"),
  ValidatorNotBonded: tr(11, "validator is not bonded"),
  InsufficientBonusPool: tr(12, "insufficient bonus pool balance"),
  NotDelegated: tr(13, "position is not delegated"),
  ExitLockNotReached: tr(14, "exit lock duration not reached"),
  ExitTriggered: tr(15, "position has triggered exit"),
  SameValidator: tr(16, "redelegation to same validator"),
  TierNotFound: tr(17, "tier not found"),
  PositionNotFound: tr(18, "position not found"),
  TierStore: tr(19, "tier store operation failed"),
  TierCountStore: tr(20, "tier position count store operation failed"),
  PositionStore: tr(21, "position store operation failed"),
  OwnerMismatch: tr(22, "position owner mismatch"),
  PositionDelegated: tr(23, "position is delegated"),
  ExitNotTriggered: tr(24, "exit has not been triggered"),
  PositionUnbonding: tr(25, "position is unbonding"),
  ExitElapsed: tr(26, "exit lock duration has elapsed, clear position first"),
  TierIdZero: tr(27, "tier id must be non-zero"),
  ValidatorCountStore: tr(28, "validator position count store operation failed"),
  InvalidPositionId: tr(29, "invalid position id"),
  VestingNotAllowed: tr(30, "vesting accounts are not allowed to execute this action"),
  NoFreeDelegatorAddress: tr(31, "could not derive a free position delegator address"),
} as const satisfies Record<string, ErrorKind>;

/** MsgClaimTierRewards takes at most this many ids (the code's limit; ADR-006 says 500). */
export const MAX_CLAIM_POSITIONS = 300;

const MAX_UINT32 = 0xffff_ffff;

/** Amino type names (REFERENCE §4: `chainmain/<Msg>`, but MsgUpdateParams is namespaced). */
export const TierMsgTypes = {
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

/** Validator operator prefix of an account prefix: `cro` → `crocncl` (the chain's choice). */
export const validatorPrefixOf = (accountPrefix: string): string => `${accountPrefix}cncl`;

// ---- fields ----------------------------------------------------------------------------------

/** A uint32 field written as a JSON number (amino's 32-bit integers); absent reads 0. */
function uint32Field(value: JsonObject, field: string, type: string): number {
  const raw = value[field];
  if (raw === undefined) return 0;
  if (typeof raw !== "number" || !Number.isInteger(raw) || raw < 0 || raw > MAX_UINT32) {
    throw decodeError(`${type}.${field}: expected a uint32 number, got ${JSON.stringify(raw)}`);
  }
  return raw;
}

/** A `math.Int` field (string); absent reads 0. */
function intField(value: JsonObject, field: string, type: string): bigint {
  const raw = value[field];
  return raw === undefined ? 0n : parseIntString(raw, `${type}.${field}`);
}

/** A validator operator address, canonical; a bad one is sdk 7 `<what>: <cause>: invalid address`. */
function validatorField(value: JsonObject, field: string, type: string, ctx: ValidateContext, what: string): string {
  const prefix = validatorPrefixOf(ctx.prefix);
  const text = stringField(value, field, type);
  try {
    return encodeAddress(prefix, accountAddressBytes(text, prefix));
  } catch (e) {
    throw new TxError(SdkErrors.InvalidAddress, `${what}: ${(e as Error).message}`);
  }
}

const owner = (value: JsonObject, type: string, ctx: ValidateContext, field = "owner"): string =>
  addressField(value, field, type, ctx.prefix, "invalid owner address");

function positiveAmount(value: JsonObject, type: string): bigint {
  const amount = intField(value, "amount", type);
  if (amount <= 0n) throw new TxError(SdkErrors.InvalidRequest, "amount must be positive");
  return amount;
}

function tierId(value: JsonObject, field: string, type: string): number {
  const id = uint32Field(value, field, type);
  if (id === 0) throw new TxError(TierErrors.TierIdZero);
  return id;
}

// ---- user messages ---------------------------------------------------------------------------

export interface MsgLockTier {
  readonly owner: string;
  readonly tierId: number;
  readonly amount: bigint;
  readonly validator: string;
  readonly triggerExitImmediately: boolean;
}

export interface MsgCommitDelegationToTier extends MsgLockTier {}

export interface PositionMsg {
  readonly owner: string;
  readonly positionId: bigint;
}

export interface PositionAmountMsg extends PositionMsg {
  readonly amount: bigint;
}

export interface MsgTierRedelegate extends PositionMsg {
  readonly dstValidator: string;
}

export interface MsgClaimTierRewards {
  readonly owner: string;
  readonly positionIds: bigint[];
}

/** Lock: owner, tier id ≠ 0 (27), amount > 0, validator address (REFERENCE §4.2 step 1). */
const lockSpec: MessageSpec<MsgLockTier> = {
  signerField: "owner",
  validate(value, ctx) {
    const type = TierMsgTypes.LockTier;
    onlyFields(value, type, ["owner", "id", "amount", "validator_address", "trigger_exit_immediately"]);
    const o = owner(value, type, ctx);
    const id = tierId(value, "id", type);
    const amount = positiveAmount(value, type);
    const validator = validatorField(value, "validator_address", type, ctx, "invalid validator address");
    return { owner: o, tierId: id, amount, validator, triggerExitImmediately: boolField(value, "trigger_exit_immediately", type) };
  },
};

/** Commit: the signer is `delegator_address`; otherwise Lock's checks. */
const commitSpec: MessageSpec<MsgCommitDelegationToTier> = {
  signerField: "delegator_address",
  validate(value, ctx) {
    const type = TierMsgTypes.CommitDelegationToTier;
    onlyFields(value, type, ["delegator_address", "validator_address", "amount", "id", "trigger_exit_immediately"]);
    const o = owner(value, type, ctx, "delegator_address");
    const id = tierId(value, "id", type);
    const amount = positiveAmount(value, type);
    const validator = validatorField(value, "validator_address", type, ctx, "invalid validator address");
    return { owner: o, tierId: id, amount, validator, triggerExitImmediately: boolField(value, "trigger_exit_immediately", type) };
  },
};

/** A message on one position: `{owner, position_id}`. */
const positionSpec = (type: string): MessageSpec<PositionMsg> => ({
  signerField: "owner",
  validate(value, ctx) {
    onlyFields(value, type, ["owner", "position_id"]);
    return { owner: owner(value, type, ctx), positionId: uint64Field(value, "position_id", type) };
  },
});

/** `{owner, position_id, amount}`: amount > 0 first, as the handlers check it. */
const positionAmountSpec = (type: string): MessageSpec<PositionAmountMsg> => ({
  signerField: "owner",
  validate(value, ctx) {
    onlyFields(value, type, ["owner", "position_id", "amount"]);
    const o = owner(value, type, ctx);
    const amount = positiveAmount(value, type);
    return { owner: o, positionId: uint64Field(value, "position_id", type), amount };
  },
});

const redelegateSpec: MessageSpec<MsgTierRedelegate> = {
  signerField: "owner",
  validate(value, ctx) {
    const type = TierMsgTypes.TierRedelegate;
    onlyFields(value, type, ["owner", "position_id", "dst_validator"]);
    const o = owner(value, type, ctx);
    const dstValidator = validatorField(value, "dst_validator", type, ctx, "invalid destination validator address");
    return { owner: o, positionId: uint64Field(value, "position_id", type), dstValidator };
  },
};

/** Claim: owner, then 1..300 distinct ids (sdk 18), before anything reads state. */
const claimSpec: MessageSpec<MsgClaimTierRewards> = {
  signerField: "owner",
  validate(value, ctx) {
    const type = TierMsgTypes.ClaimTierRewards;
    onlyFields(value, type, ["owner", "position_ids"]);
    const o = owner(value, type, ctx);
    const raw = value["position_ids"] ?? [];
    if (!Array.isArray(raw)) throw decodeError(`${type}.position_ids: expected an array, got ${JSON.stringify(raw)}`);
    const ids = raw.map((r, i) => parseUint64String(r, `${type}.position_ids[${i}]`));
    if (ids.length === 0) throw new TxError(SdkErrors.InvalidRequest, "position_ids must not be empty");
    if (ids.length > MAX_CLAIM_POSITIONS) {
      throw new TxError(SdkErrors.InvalidRequest, `too many position_ids: ${ids.length}, max: ${MAX_CLAIM_POSITIONS}`);
    }
    const seen = new Set<bigint>();
    for (const id of ids) {
      if (seen.has(id)) throw new TxError(SdkErrors.InvalidRequest, `duplicate position_id ${id}`);
      seen.add(id);
    }
    return { owner: o, positionIds: ids };
  },
};

// ---- governance messages ---------------------------------------------------------------------

/** A tier as governance writes it; the Dec stays text here and the core parses and validates it. */
export interface TierInput {
  readonly id: number;
  readonly exitDurationSeconds: bigint;
  readonly bonusApy: string;
  readonly minLockAmount: bigint;
  readonly closeOnly: boolean;
}

export interface MsgTierGov {
  readonly authority: string;
  readonly tier: TierInput;
}

export interface MsgDeleteTier {
  readonly authority: string;
  readonly id: number;
}

export interface MsgUpdateTierParams {
  readonly authority: string;
  /** Decimal text of `target_base_rewards_rate`. */
  readonly targetBaseRewardsRate: string;
}

/** Whole seconds, signed: a negative duration decodes (protobuf's Duration is signed) and fails Tier.Validate. */
const DURATION = /^(-?)(0|[1-9][0-9]*)s$/;
/** The SDK amino JSON's form (a protobuf tx's Duration, host/wire/amino/amino-json.ts): nanoseconds. */
const DURATION_NS = /^(-?)(0|[1-9][0-9]*)$/;

/** A Duration in whole seconds: the gateway's `"31536000s"` or amino's nanoseconds `"31536000000000000"`. */
function durationSeconds(text: string, path: string): bigint {
  const s = DURATION.exec(text);
  if (s) return s[1] === "-" ? -BigInt(s[2]!) : BigInt(s[2]!);
  const ns = DURATION_NS.exec(text);
  if (ns && BigInt(ns[2]!) % 1_000_000_000n === 0n) {
    const seconds = BigInt(ns[2]!) / 1_000_000_000n;
    return ns[1] === "-" ? -seconds : seconds;
  }
  throw decodeError(`${path}: expected a duration like "31536000s" (or nanoseconds "31536000000000000"), got ${JSON.stringify(text)}`);
}

function objectField(value: JsonObject, field: string, type: string): JsonObject {
  const raw = value[field] ?? {};
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    throw decodeError(`${type}.${field}: expected an object, got ${JSON.stringify(raw)}`);
  }
  return raw as JsonObject;
}

/** A tier object: shape and wire types only; the tier's rules (id ≠ 0, duration > 0, APY ≤ 1...) are the core's. */
function tierField(value: JsonObject, type: string): TierInput {
  const tier = objectField(value, "tier", type);
  const at = `${type}.tier`;
  onlyFields(tier, at, ["id", "exit_duration", "bonus_apy", "min_lock_amount", "close_only"]);
  const duration = stringField(tier, "exit_duration", at) || "0s";
  const seconds = durationSeconds(duration, `${at}.exit_duration`);
  // Beyond int64 nanoseconds the reference's tx decoder refuses the tx (host/wire/duration.ts): an
  // unregistered error, so codespace "undefined", code 1, at CheckTx. Never wrapped.
  const outOfRange = txDurationError(seconds);
  if (outOfRange !== undefined) throw new TxError({ codespace: "undefined", code: 1, description: outOfRange }, undefined, "decode");
  return {
    id: uint32Field(tier, "id", at),
    exitDurationSeconds: seconds,
    bonusApy: stringField(tier, "bonus_apy", at) || "0",
    minLockAmount: intField(tier, "min_lock_amount", at),
    closeOnly: boolField(tier, "close_only", at),
  };
}

const authority = (value: JsonObject, type: string, ctx: ValidateContext): string =>
  addressField(value, "authority", type, ctx.prefix, "invalid authority address");

const tierGovSpec = (type: string): MessageSpec<MsgTierGov> => ({
  signerField: "authority",
  governance: true,
  validate(value, ctx) {
    onlyFields(value, type, ["authority", "tier"]);
    return { authority: authority(value, type, ctx), tier: tierField(value, type) };
  },
});

const deleteTierSpec: MessageSpec<MsgDeleteTier> = {
  signerField: "authority",
  governance: true,
  validate(value, ctx) {
    const type = TierMsgTypes.DeleteTier;
    onlyFields(value, type, ["authority", "id"]);
    return { authority: authority(value, type, ctx), id: uint32Field(value, "id", type) };
  },
};

const updateParamsSpec: MessageSpec<MsgUpdateTierParams> = {
  signerField: "authority",
  governance: true,
  validate(value, ctx) {
    const type = TierMsgTypes.UpdateParams;
    onlyFields(value, type, ["authority", "params"]);
    const params = objectField(value, "params", type);
    onlyFields(params, `${type}.params`, ["target_base_rewards_rate"]);
    return {
      authority: authority(value, type, ctx),
      targetBaseRewardsRate: stringField(params, "target_base_rewards_rate", `${type}.params`) || "0",
    };
  },
};

/** Registers every x/tieredrewards message. */
export function registerTierMessages<R extends Registrar>(registry: R): R {
  const t = TierMsgTypes;
  return registry
    .register(t.LockTier, lockSpec)
    .register(t.CommitDelegationToTier, commitSpec)
    .register(t.AddToTierPosition, positionAmountSpec(t.AddToTierPosition))
    .register(t.TriggerExitFromTier, positionSpec(t.TriggerExitFromTier))
    .register(t.ClearPosition, positionSpec(t.ClearPosition))
    .register(t.TierRedelegate, redelegateSpec)
    .register(t.TierUndelegate, positionSpec(t.TierUndelegate))
    .register(t.WithdrawFromTier, positionSpec(t.WithdrawFromTier))
    .register(t.ExitTierWithDelegation, positionAmountSpec(t.ExitTierWithDelegation))
    .register(t.ClaimTierRewards, claimSpec)
    .register(t.UpdateParams, updateParamsSpec)
    .register(t.AddTier, tierGovSpec(t.AddTier))
    .register(t.UpdateTier, tierGovSpec(t.UpdateTier))
    .register(t.DeleteTier, deleteTierSpec);
}
