// x/tieredrewards' messages (REFERENCE §4), each its protobuf type from the wire to the handler:
// its signer, its stateless checks (validate.ts), its handler and its gas model (gas.ts). A
// handler calls the core's tier module (host/core/tiers.ts) with dense ids and renders its typed
// events as the reference does (REFERENCE §10): type `chainmain.tieredrewards.v1.EventX`, one
// attribute per field, keys sorted, each value the field's proto-JSON (strings and 64-bit integers
// quoted, bools and uint32 bare, messages as objects), then the SDK's `message` event. A handler
// throws to fail the tx; the node aborts it as a whole.

import type { DescMessage, MessageInitShape, MessageShape } from "@bufbuild/protobuf";
import { sha256 } from "@noble/hashes/sha2.js";
import { concatBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import { accountAddressBytes, encodeAddress } from "../../wire/address.js";
import { TierError, type Tier, type MessageEvent, type Tiers } from "../../core/tiers.js";
import { decString, timestampOf } from "../../wire/gateway-json.js";
import * as tx from "../../wire/gen/chainmain/tieredrewards/v1/tx_pb.js";
import { TxError } from "../../wire/errors.js";
import {
  accountField, validateClaim, validateCommit, validateDeleteTier, validateLock, validatePosition, validatePositionAmount, validateRedelegate,
  validateTierGov, validateUpdateParams, type MsgLockTier, type PositionMsg, type TierInput,
} from "./validate.js";
import { paying, respond } from "../../framework/handlers.js";
import type { MessageContext, MessageOutcome } from "../../framework/context.js";
import type { MessageDef, ValidateContext } from "../../framework/module.js";
import { message, type AppMessage } from "../../framework/message.js";
import { renderMessageEvents } from "../message-events.js";
import * as gas from "./gas.js";

const E18 = 10n ** 18n;
/** Candidates tried for a position's delegator address before (31). */
const DELEGATOR_NONCES = 10;

/**
 * A fresh account for a new position, as the reference derives it (REFERENCE §3.3):
 * `address.Module("tieredrewards/position", header_hash, owner, be64(id), be64(nonce))`, the first
 * candidate no account holds yet, nonces 0..9, else (31). The header hash is the node's seed of
 * the block being made (its height, time and the previous block's hash), so a replay derives the
 * same addresses.
 */
export function positionDelegatorAddress(
  headerHash: Uint8Array, owner: string, positionId: bigint, prefix: string, taken: (address: string) => boolean,
): string {
  const ownerBytes = accountAddressBytes(owner, prefix);
  const first = sha256(concatBytes(sha256(utf8ToBytes("module")), utf8ToBytes("tieredrewards/position"), new Uint8Array([0]), headerHash));
  const derive = (addr: Uint8Array, key: Uint8Array) => sha256(concatBytes(sha256(addr), key));
  const base = derive(derive(first, ownerBytes), be64(positionId));
  for (let nonce = 0; nonce < DELEGATOR_NONCES; nonce++) {
    const address = encodeAddress(prefix, derive(base, be64(BigInt(nonce))));
    if (!taken(address)) return address;
  }
  throw new TierError("tieredrewards", 31, "could not derive a free position delegator address", 0);
}

function be64(v: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, v, false);
  return out;
}

/**
 * The core id of a validator; an unknown operator becomes an id no validator has, so the core
 * reports it at the reference's step (after the tier and position checks) with its error.
 */
const NO_SUCH_VALIDATOR = 0xffff_ffff;
const validatorId = (ctx: MessageContext, operator: string): number => ctx.directory.validatorId(operator) ?? NO_SUCH_VALIDATOR;

const plainError = (message: string) => new TxError({ codespace: "undefined", code: 1, description: message });

/**
 * A governance Dec (plain errors, as Params / Tier validation gives them). A negative value is
 * shown as the reference's LegacyDec prints it (`-0.100000000000000000`); `-0` is zero, not negative.
 */
function nonNegativeDec(ctx: MessageContext, text: string, what: string): bigint {
  const trimmed = text.trim();
  const negative = trimmed.startsWith("-");
  let value: bigint;
  try {
    value = ctx.parseDec(negative ? trimmed.slice(1) : text);
  } catch (e) {
    throw plainError(`invalid ${what} ${JSON.stringify(text)}: ${(e as Error).message}`);
  }
  if (negative && value !== 0n) throw plainError(`${what} cannot be negative: -${decString(value)}`);
  return negative ? 0n : value;
}

/** A governance tier: the core validates it; the Dec text is parsed here (plain error on bad text). */
function tierOf(ctx: MessageContext, t: TierInput): Tier {
  const bonusApy = nonNegativeDec(ctx, t.bonusApy, "bonus apy");
  return { id: t.id, exitDuration: t.exitDurationSeconds, bonusApy, minLockAmount: t.minLockAmount, closeOnly: t.closeOnly };
}

/** The SDK's `message` event after the module's own: its action the message's type URL. */
function withMessageEvent(ctx: MessageContext, typeName: string, out: MessageOutcome): MessageOutcome {
  return { ...out, events: [...out.events, { type: "message", attributes: [
    { key: "action", value: `/${typeName}`, index: true }, { key: "sender", value: ctx.signer, index: true },
    { key: "module", value: "tieredrewards", index: true },
  ] }] };
}

/** A message's definition, its handler followed by the `message` event. */
function tierMessage<D extends DescMessage, T>(def: AppMessage<D, T>): AppMessage<D, T> {
  const handle = def.handle;
  return message({ ...def, handle: (ctx, m) => withMessageEvent(ctx, def.schema.typeName, handle(ctx, m)) });
}

/** GetSigners: the message's `cosmos.msg.v1.signer` field, an account address (sdk 7 otherwise). */
const signedBy = <M>(field: string, text: (m: M) => string) => (m: M, ctx: ValidateContext): string =>
  accountField(text(m), ctx, `invalid signer ${field}`);
const ownerSigned = signedBy("owner", (m: { owner: string }) => m.owner);
const authoritySigned = signedBy("authority", (m: { authority: string }) => m.authority);

const ownerId = (ctx: MessageContext, m: { owner: string }) => ctx.directory.ensure(m.owner);
const find = <K extends MessageEvent["type"]>(events: readonly MessageEvent[], type: K) =>
  events.find((e): e is Extract<MessageEvent, { type: K }> => e.type === type);

/** Exit, redelegate, undelegate: the core's call on one position, answered with its id and the time its event names. */
const timed = <D extends DescMessage, K extends MessageEvent["type"], M extends PositionMsg>(
  response: D, event: K,
  call: (ctx: MessageContext, owner: number, m: M) => { events: readonly MessageEvent[] },
  answer: (positionId: bigint, e: Extract<MessageEvent, { type: K }> | undefined) => MessageInitShape<D>,
) => (ctx: MessageContext, m: M): MessageOutcome => {
  const r = call(ctx, ownerId(ctx, m), m);
  return respond(response, answer(m.positionId, find(r.events, event)), renderMessageEvents(ctx, r.events));
};

/** Lock and Commit: a fresh delegator account for the new position, then the core's message. */
const open = <D extends typeof tx.MsgLockTierResponseSchema | typeof tx.MsgCommitDelegationToTierResponseSchema>(
  response: D,
  create: (tiers: Tiers, owner: number, validator: number, delegator: number, m: MsgLockTier, ctx: MessageContext) => { events: readonly MessageEvent[] },
) => (ctx: MessageContext, m: MsgLockTier): MessageOutcome => {
  const delegatorAddress = positionDelegatorAddress(
    ctx.headerHash, m.owner, ctx.tiers.nextPositionId(), ctx.directory.accountPrefix,
    (a) => ctx.directory.accountId(a) !== undefined,
  );
  const owner = ownerId(ctx, m);
  const r = create(ctx.tiers, owner, validatorId(ctx, m.validator), ctx.directory.ensure(delegatorAddress), m, ctx);
  const made = r.events.find((e) => e.type === "EventPositionCreated" || e.type === "EventDelegationCommitted") as { positionId: bigint } | undefined;
  return respond(response as typeof tx.MsgLockTierResponseSchema, { positionId: made?.positionId ?? 0n }, renderMessageEvents(ctx, r.events));
};

const coins = (ctx: MessageContext, amount: bigint) => (amount === 0n ? [] : [{ denom: ctx.denom, amount: `${amount}` }]);

// ---- user messages ---------------------------------------------------------------------------

export const msgLockTier = tierMessage({
  schema: tx.MsgLockTierSchema,
  signer: ownerSigned,
  validate: validateLock,
  handle: open(tx.MsgLockTierResponseSchema, (tiers, o, v, d, m, ctx) => paying(ctx, o, m.amount, () => tiers.lock(o, m.tierId, m.amount, v, d, m.triggerExitImmediately))),
  gas: gas.msgLockTier,
});

export const msgCommitDelegationToTier = tierMessage({
  schema: tx.MsgCommitDelegationToTierSchema,
  signer: signedBy("delegator_address", (m: MessageShape<typeof tx.MsgCommitDelegationToTierSchema>) => m.delegatorAddress),
  validate: validateCommit,
  handle: open(tx.MsgCommitDelegationToTierResponseSchema, (tiers, o, v, d, m) => tiers.commitDelegation(o, v, m.amount, m.tierId, d, m.triggerExitImmediately)),
  gas: gas.msgCommitDelegationToTier,
});

export const msgAddToTierPosition = tierMessage({
  schema: tx.MsgAddToTierPositionSchema,
  signer: ownerSigned,
  validate: validatePositionAmount,
  handle(ctx, m) {
    const o = ownerId(ctx, m);
    const r = paying(ctx, o, m.amount, () => ctx.tiers.add(o, m.positionId, m.amount));
    return respond(tx.MsgAddToTierPositionResponseSchema, { positionId: m.positionId }, renderMessageEvents(ctx, r.events));
  },
  gas: gas.msgAddToTierPosition,
});

export const msgTriggerExitFromTier = tierMessage({
  schema: tx.MsgTriggerExitFromTierSchema,
  signer: ownerSigned,
  validate: validatePosition,
  handle: timed(tx.MsgTriggerExitFromTierResponseSchema, "EventExitTriggered",
    (ctx, o, m: PositionMsg) => ctx.tiers.triggerExit(o, m.positionId),
    (positionId, e) => ({ positionId, exitUnlockAt: timestampOf(e?.exitUnlockAt ?? 0n) })),
  gas: gas.msgTriggerExit,
});

export const msgClearPosition = tierMessage({
  schema: tx.MsgClearPositionSchema,
  signer: ownerSigned,
  validate: validatePosition,
  handle: (ctx, m) =>
    respond(tx.MsgClearPositionResponseSchema, { positionId: m.positionId }, renderMessageEvents(ctx, ctx.tiers.clear(ownerId(ctx, m), m.positionId).events)),
  gas: gas.msgClearPosition,
});

export const msgTierRedelegate = tierMessage({
  schema: tx.MsgTierRedelegateSchema,
  signer: ownerSigned,
  validate: validateRedelegate,
  handle: timed(tx.MsgTierRedelegateResponseSchema, "EventPositionRedelegated",
    (ctx, o, m) => ctx.tiers.redelegate(o, m.positionId, validatorId(ctx, m.dstValidator)),
    (positionId, e) => ({ positionId, completionTime: timestampOf(e?.completionTime ?? 0n) })),
  gas: gas.msgTierRedelegate,
});

export const msgTierUndelegate = tierMessage({
  schema: tx.MsgTierUndelegateSchema,
  signer: ownerSigned,
  validate: validatePosition,
  handle: timed(tx.MsgTierUndelegateResponseSchema, "EventPositionUndelegated",
    (ctx, o, m: PositionMsg) => ctx.tiers.undelegate(o, m.positionId),
    (positionId, e) => ({ positionId, completionTime: timestampOf(e?.completionTime ?? 0n) })),
  gas: gas.msgTierUndelegate,
});

export const msgWithdrawFromTier = tierMessage({
  schema: tx.MsgWithdrawFromTierSchema,
  signer: ownerSigned,
  validate: validatePosition,
  handle(ctx, m) {
    const r = ctx.tiers.withdraw(ownerId(ctx, m), m.positionId);
    const amount = find(r.events, "EventPositionWithdrawn")?.amount ?? 0n;
    return respond(tx.MsgWithdrawFromTierResponseSchema, { amount: coins(ctx, amount) }, renderMessageEvents(ctx, r.events));
  },
  gas: gas.msgWithdrawFromTier,
});

export const msgExitTierWithDelegation = tierMessage({
  schema: tx.MsgExitTierWithDelegationSchema,
  signer: ownerSigned,
  validate: validatePositionAmount,
  handle(ctx, m) {
    const r = ctx.tiers.exitWithDelegation(ownerId(ctx, m), m.positionId, m.amount);
    const e = find(r.events, "EventExitTierWithDelegation");
    return respond(tx.MsgExitTierWithDelegationResponseSchema, e === undefined ? {} : {
      positionId: e.positionId, transferredAmount: `${e.transferredAmount}`, transferredShares: `${e.transferredShares}`, fullExit: e.fullExit,
    }, renderMessageEvents(ctx, r.events));
  },
  gas: gas.msgExitTierWithDelegation,
});

export const msgClaimTierRewards = tierMessage({
  schema: tx.MsgClaimTierRewardsSchema,
  signer: ownerSigned,
  validate: validateClaim,
  handle(ctx, m) {
    const r = ctx.tiers.claim(ownerId(ctx, m), m.positionIds);
    const e = find(r.events, "EventTierRewardsClaimed");
    return respond(tx.MsgClaimTierRewardsResponseSchema, e === undefined ? {} : {
      baseRewards: coins(ctx, e.baseRewards), bonusRewards: coins(ctx, e.bonusRewards), positionIds: [...m.positionIds],
    }, renderMessageEvents(ctx, r.events, m.positionIds));
  },
  gas: gas.msgClaimTierRewards,
});

// ---- governance messages: no gas model (metered by the core's store counters) ------------------

export const msgUpdateParams = tierMessage({
  schema: tx.MsgUpdateParamsSchema,
  signer: authoritySigned,
  governance: true,
  validate: validateUpdateParams,
  handle(ctx, m) {
    const rate = nonNegativeDec(ctx, m.targetBaseRewardsRate, "target base rewards rate");
    if (rate > E18) throw plainError(`target base rewards rate must not exceed 1.0 (100%): got ${decString(rate)}`);
    ctx.tiers.setTargetBaseRewardsRate(rate);
    return respond(tx.MsgUpdateParamsResponseSchema, {}, []);
  },
});

export const msgAddTier = tierMessage({
  schema: tx.MsgAddTierSchema,
  signer: authoritySigned,
  governance: true,
  validate: validateTierGov,
  handle: (ctx, m) => respond(tx.MsgAddTierResponseSchema, {}, renderMessageEvents(ctx, ctx.tiers.addTier(tierOf(ctx, m.tier)).events)),
});

export const msgUpdateTier = tierMessage({
  schema: tx.MsgUpdateTierSchema,
  signer: authoritySigned,
  governance: true,
  validate: validateTierGov,
  handle: (ctx, m) => respond(tx.MsgUpdateTierResponseSchema, {}, renderMessageEvents(ctx, ctx.tiers.updateTier(tierOf(ctx, m.tier)).events)),
});

export const msgDeleteTier = tierMessage({
  schema: tx.MsgDeleteTierSchema,
  signer: authoritySigned,
  governance: true,
  validate: validateDeleteTier,
  handle: (ctx, m) => respond(tx.MsgDeleteTierResponseSchema, {}, renderMessageEvents(ctx, ctx.tiers.deleteTier(m.id).events)),
});

/** Every x/tieredrewards message, in the order the module registers them. */
export const tierMessages: readonly MessageDef<any, any>[] = [
  msgLockTier, msgCommitDelegationToTier, msgAddToTierPosition, msgTriggerExitFromTier, msgClearPosition, msgTierRedelegate,
  msgTierUndelegate, msgWithdrawFromTier, msgExitTierWithDelegation, msgClaimTierRewards,
  msgUpdateParams, msgAddTier, msgUpdateTier, msgDeleteTier,
];
