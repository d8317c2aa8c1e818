// x/tieredrewards' messages as the msg server reads them (REFERENCE §4): the checks the reference
// makes before it reads any state (its handlers' first lines), in its order and with its texts,
// on the generated protobuf message. What needs state (tier exists, position owner, balances,
// close-only...) is the core's business.
//
// The protobuf message's own forms: `math.Int` amounts as integer text (empty reads 0), a
// `math.LegacyDec` as its raw 18-decimal integer text (read here into decimal text, which the
// handler's core parses exactly), a Duration as seconds and nanos (whole seconds only, within
// int64 nanoseconds: host/wire/duration.ts). A legacy amino StdTx's message arrives converted to
// the same protobuf message (host/wire/messages.ts protoOfAmino).

import type { MessageShape } from "@bufbuild/protobuf";
import type { DurationSchema } from "@bufbuild/protobuf/wkt";
import { accountAddressBytes, canonicalAddress, encodeAddress } from "../../wire/address.js";
import { parseIntString } from "../../wire/coins.js";
import { SdkErrors, TxError, decodeError, type ErrorKind } from "../../wire/errors.js";
import { txDurationError } from "../../wire/duration.js";
import { decFromRaw } from "../../wire/amino/amino-json.js";
import type { ValidateContext } from "../../framework/module.js";
import type * as tx from "../../wire/gen/chainmain/tieredrewards/v1/tx_pb.js";
import type { Tier as ProtoTier } from "../../wire/gen/chainmain/tieredrewards/v1/types_pb.js";

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

/** Validator operator prefix of an account prefix: `cro` → `crocncl` (the chain's choice). */
export const validatorPrefixOf = (accountPrefix: string): string => `${accountPrefix}cncl`;

// ---- fields ----------------------------------------------------------------------------------

/** An account address, canonical; a bad one is sdk 7 `<what>: <cause>` (AccAddressFromBech32). */
export function accountField(text: string, ctx: ValidateContext, what: string): string {
  try {
    return canonicalAddress(text, ctx.prefix);
  } catch (e) {
    throw new TxError(SdkErrors.InvalidAddress, `${what}: ${(e as Error).message}`);
  }
}

/** A validator operator address, canonical; a bad one is sdk 7 `<what>: <cause>: invalid address`. */
function validatorField(text: string, ctx: ValidateContext, what: string): string {
  const prefix = validatorPrefixOf(ctx.prefix);
  try {
    return encodeAddress(prefix, accountAddressBytes(text, prefix));
  } catch (e) {
    throw new TxError(SdkErrors.InvalidAddress, `${what}: ${(e as Error).message}`);
  }
}

/** A `math.Int` field's text (sdk 2 if it is none); empty reads 0. */
const intField = (text: string, path: string): bigint => (text === "" ? 0n : parseIntString(text, path));

const owner = (text: string, ctx: ValidateContext): string => accountField(text, ctx, "invalid owner address");

function positive(amount: bigint): bigint {
  if (amount <= 0n) throw new TxError(SdkErrors.InvalidRequest, "amount must be positive");
  return amount;
}

function tierId(id: number): number {
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
export function validateLock(m: MessageShape<typeof tx.MsgLockTierSchema>, ctx: ValidateContext): MsgLockTier {
  const amount = intField(m.amount, "MsgLockTier.amount");
  const o = owner(m.owner, ctx);
  const id = tierId(m.id);
  positive(amount);
  const validator = validatorField(m.validatorAddress, ctx, "invalid validator address");
  return { owner: o, tierId: id, amount, validator, triggerExitImmediately: m.triggerExitImmediately };
}

/** Commit: the owner is `delegator_address`; otherwise Lock's checks. */
export function validateCommit(m: MessageShape<typeof tx.MsgCommitDelegationToTierSchema>, ctx: ValidateContext): MsgCommitDelegationToTier {
  const amount = intField(m.amount, "MsgCommitDelegationToTier.amount");
  const o = owner(m.delegatorAddress, ctx);
  const id = tierId(m.id);
  positive(amount);
  const validator = validatorField(m.validatorAddress, ctx, "invalid validator address");
  return { owner: o, tierId: id, amount, validator, triggerExitImmediately: m.triggerExitImmediately };
}

/** A message on one position: `{owner, position_id}`. */
export const validatePosition = (m: { owner: string; positionId: bigint }, ctx: ValidateContext): PositionMsg =>
  ({ owner: owner(m.owner, ctx), positionId: m.positionId });

/** `{owner, position_id, amount}`: amount > 0 first, as the handlers check it. */
export function validatePositionAmount(m: { $typeName: string; owner: string; positionId: bigint; amount: string }, ctx: ValidateContext): PositionAmountMsg {
  const amount = intField(m.amount, `${m.$typeName.slice(m.$typeName.lastIndexOf(".") + 1)}.amount`);
  const o = owner(m.owner, ctx);
  positive(amount);
  return { owner: o, positionId: m.positionId, amount };
}

export function validateRedelegate(m: MessageShape<typeof tx.MsgTierRedelegateSchema>, ctx: ValidateContext): MsgTierRedelegate {
  const o = owner(m.owner, ctx);
  const dstValidator = validatorField(m.dstValidator, ctx, "invalid destination validator address");
  return { owner: o, positionId: m.positionId, dstValidator };
}

/** Claim: owner, then 1..300 distinct ids (sdk 18), before anything reads state. */
export function validateClaim(m: MessageShape<typeof tx.MsgClaimTierRewardsSchema>, ctx: ValidateContext): MsgClaimTierRewards {
  const o = owner(m.owner, ctx);
  const ids = [...m.positionIds];
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
}

// ---- governance messages ---------------------------------------------------------------------

/** A tier as governance writes it; the Dec as decimal text, which the core parses and validates. */
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

const NS_PER_S = 1_000_000_000n;

/** A Duration in whole seconds (signed: a negative one decodes, and fails Tier.Validate in the core). */
function durationSeconds(d: MessageShape<typeof DurationSchema> | undefined, path: string): bigint {
  if (d === undefined || d.nanos === 0) return d?.seconds ?? 0n;
  const ns = d.seconds * NS_PER_S + BigInt(d.nanos);
  throw decodeError(`${path}: expected a duration like "31536000s" (or nanoseconds "31536000000000000"), got ${JSON.stringify(`${ns}`)}`);
}

/** A tier: its wire forms only; the tier's rules (id ≠ 0, duration > 0, APY ≤ 1...) are the core's. */
function tierField(t: ProtoTier | undefined, at: string): TierInput {
  const seconds = durationSeconds(t?.exitDuration, `${at}.exit_duration`);
  // Beyond int64 nanoseconds the reference's tx decoder refuses the tx (host/wire/duration.ts): an
  // unregistered error, so codespace "undefined", code 1, at CheckTx. Never wrapped.
  const outOfRange = txDurationError(seconds);
  if (outOfRange !== undefined) throw new TxError({ codespace: "undefined", code: 1, description: outOfRange }, undefined, "decode");
  return {
    id: t?.id ?? 0,
    exitDurationSeconds: seconds,
    bonusApy: decFromRaw(t?.bonusApy ?? "", `${at}.bonus_apy`),
    minLockAmount: intField(t?.minLockAmount ?? "", `${at}.min_lock_amount`),
    closeOnly: t?.closeOnly ?? false,
  };
}

const authority = (text: string, ctx: ValidateContext): string => accountField(text, ctx, "invalid authority address");

/** MsgAddTier, MsgUpdateTier: `{authority, tier}`. */
export const validateTierGov = (m: MessageShape<typeof tx.MsgAddTierSchema> | MessageShape<typeof tx.MsgUpdateTierSchema>, ctx: ValidateContext): MsgTierGov => {
  const tier = tierField(m.tier, `${m.$typeName.slice(m.$typeName.lastIndexOf(".") + 1)}.tier`);
  return { authority: authority(m.authority, ctx), tier };
};

export const validateDeleteTier = (m: MessageShape<typeof tx.MsgDeleteTierSchema>, ctx: ValidateContext): MsgDeleteTier =>
  ({ authority: authority(m.authority, ctx), id: m.id });

export function validateUpdateParams(m: MessageShape<typeof tx.MsgUpdateParamsSchema>, ctx: ValidateContext): MsgUpdateTierParams {
  const rate = decFromRaw(m.params?.targetBaseRewardsRate ?? "", "MsgUpdateParams.params.target_base_rewards_rate");
  return { authority: authority(m.authority, ctx), targetBaseRewardsRate: rate };
}
