// x/tieredrewards' messages in the node: each amino type's handler calls the core's tier module
// (host/core/tiers.ts) with dense ids and renders its typed events as the reference does
// (REFERENCE §10): type `chainmain.tieredrewards.v1.EventX`, one attribute per field, keys sorted,
// each value the field's proto-JSON (strings and 64-bit integers quoted, bools and uint32 bare,
// messages as objects). A handler throws to fail the tx; the node aborts it as a whole.

import { sha256 } from "@noble/hashes/sha2.js";
import { concatBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import { accountAddressBytes, encodeAddress } from "../../wire/address.js";
import { TierError, type Position, type Tier, type TierEvent, type Tiers } from "../../core/tiers.js";
import { decString, timestampString } from "../../wire/gateway-json.js";
import { rawPositionJson, tierJson, type TierDef } from "./queries.js";
import { TxError } from "../../wire/errors.js";
import {
  TierMsgTypes, type MsgClaimTierRewards, type MsgDeleteTier, type MsgLockTier, type MsgTierGov, type MsgTierRedelegate,
  type MsgUpdateTierParams, type PositionAmountMsg, type PositionMsg, type TierInput,
} from "./validate.js";
import { paying, type MessageHandlers } from "../../app/handlers.js";
import type { MessageContext } from "../../app/context.js";
import type { TxEvent } from "../../app/events.js";

const EVENT_PREFIX = "chainmain.tieredrewards.v1.";
const E18 = 10n ** 18n;
/** Candidates tried for a position's delegator address before (31). */
const DELEGATOR_NONCES = 10;

/** A typed event: every field's proto-JSON as its attribute, keys sorted. */
export function typedEvent(name: string, fields: Record<string, unknown>): TxEvent {
  return {
    type: EVENT_PREFIX + name,
    attributes: Object.keys(fields)
      .sort()
      .map((key) => ({ key, value: JSON.stringify(fields[key]), index: true })),
  };
}

/** Renders the core's tier events with bech32 addresses and the bond denom. */
export function renderTierEvents(ctx: MessageContext, events: readonly TierEvent[], claimedIds: readonly bigint[] = []): TxEvent[] {
  const dir = ctx.directory;
  const account = (id: number) => dir.accountAddress(id) ?? "";
  const validator = (id: number) => dir.validatorAddress(id) ?? "";
  const coin = (amount: bigint) => ({ denom: ctx.denom, amount: `${amount}` });
  const coins = (amount: bigint) => (amount === 0n ? [] : [coin(amount)]);
  const time = (ns: bigint) => (ns === 0n ? "0001-01-01T00:00:00Z" : timestampString(ns));
  const position = (p: Position | undefined) => (p === undefined ? null : rawPositionJson(p, account));
  return events.map((e): TxEvent => {
    switch (e.type) {
      case "EventTierChanged":
        return typedEvent(e.type, { action: e.action, tier: e.tier === undefined ? null : tierJson(tierDef(e.tier)) });
      case "EventPositionCreated":
      case "EventDelegationCommitted":
        return typedEvent(e.type, { position: position(e.position) });
      case "EventBaseRewardsClaimed":
      case "EventBonusRewardsClaimed":
        return typedEvent(e.type, { position_id: `${e.positionId}`, owner: account(e.owner), rewards: coins(e.rewards) });
      case "EventPositionUndelegated":
        return typedEvent(e.type, {
          position_id: `${e.positionId}`, tier_id: e.tierId, owner: account(e.owner), validator: validator(e.validator),
          completion_time: time(e.completionTime),
        });
      case "EventPositionRedelegated":
        return typedEvent(e.type, {
          position_id: `${e.positionId}`, tier_id: e.tierId, owner: account(e.owner), src_validator: validator(e.srcValidator),
          dst_validator: validator(e.dstValidator), completion_time: time(e.completionTime),
        });
      case "EventPositionAmountAdded":
        return typedEvent(e.type, {
          position_id: `${e.positionId}`, tier_id: e.tierId, owner: account(e.owner), shares_added: decString(e.sharesAdded),
          amount_added: `${e.amountAdded}`,
        });
      case "EventExitTriggered":
        return typedEvent(e.type, {
          position_id: `${e.positionId}`, tier_id: e.tierId, owner: account(e.owner), exit_unlock_at: time(e.exitUnlockAt),
        });
      case "EventExitCleared":
        return typedEvent(e.type, { position_id: `${e.positionId}`, tier_id: e.tierId, owner: account(e.owner) });
      case "EventTierRewardsClaimed":
        return typedEvent(e.type, {
          owner: account(e.owner), position_ids: claimedIds.map((id) => `${id}`), base_rewards: coins(e.baseRewards), bonus_rewards: coins(e.bonusRewards),
        });
      case "EventPositionWithdrawn":
        return typedEvent(e.type, { position: position(e.position), amount: coins(e.amount) });
      case "EventExitTierWithDelegation":
        return typedEvent(e.type, {
          position_id: `${e.positionId}`, tier_id: e.tierId, owner: account(e.owner), validator: validator(e.validator),
          transferred_amount: `${e.transferredAmount}`, transferred_shares: decString(e.transferredShares), full_exit: e.fullExit,
        });
      case "EventBonusOwed":
        return typedEvent(e.type, { position_id: `${e.positionId}`, owner: account(e.owner), amount: coins(e.amount) });
      case "EventOwedBonusPaid":
        return typedEvent(e.type, { owner: account(e.owner), amount: coins(e.amount), still_owed: coins(e.stillOwed) });
      case "EventRewardsPoolFunded":
        return typedEvent(e.type, { from: account(e.from), amount: coins(e.amount) });
      case "EventBaseRewardsTopUp":
        return typedEvent(e.type, { top_up: coin(e.topUp) });
    }
  });
}

/** The core's tier as the routes' tier shape. */
export function tierDef(t: Tier): TierDef {
  return { id: t.id, exitDurationSeconds: t.exitDuration, bonusApy: t.bonusApy, minLockAmount: t.minLockAmount, closeOnly: t.closeOnly };
}

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

/** Every x/tieredrewards message (REFERENCE §4), each followed by the SDK's `message` event. */
export function registerTierHandlers(h: MessageHandlers): MessageHandlers {
  const t = TierMsgTypes;
  const reg = {
    register(type: string, handler: (ctx: MessageContext, msg: unknown) => TxEvent[]) {
      const action = `/chainmain.tieredrewards.v1.${type.slice(type.lastIndexOf("/") + 1)}`;
      h.register(type, (ctx, msg) => [
        ...handler(ctx, msg),
        { type: "message", attributes: [
          { key: "action", value: action, index: true }, { key: "sender", value: ctx.signer, index: true },
          { key: "module", value: "tieredrewards", index: true },
        ] },
      ]);
      return reg;
    },
  };
  const events = (ctx: MessageContext, r: { events: readonly TierEvent[] }) => renderTierEvents(ctx, r.events);
  const owner = (ctx: MessageContext, m: { owner: string }) => ctx.directory.ensure(m.owner);
  /** A message on one position of its signer: `{owner, position_id}`. */
  const onPosition = (run: (tiers: Tiers, owner: number, id: bigint) => { events: readonly TierEvent[] }) =>
    (ctx: MessageContext, msg: unknown) => {
      const m = msg as PositionMsg;
      return events(ctx, run(ctx.tiers, owner(ctx, m), m.positionId));
    };
  /** Lock and Commit: a fresh delegator account for the new position, then the core's message. */
  const open = (
    create: (tiers: Tiers, owner: number, validator: number, delegator: number, m: MsgLockTier, ctx: MessageContext) => { events: readonly TierEvent[] },
  ) => (ctx: MessageContext, msg: unknown) => {
    const m = msg as MsgLockTier;
    const delegatorAddress = positionDelegatorAddress(
      ctx.headerHash, m.owner, ctx.tiers.nextPositionId(), ctx.directory.accountPrefix,
      (a) => ctx.directory.accountId(a) !== undefined,
    );
    const ownerId = owner(ctx, m);
    return events(ctx, create(ctx.tiers, ownerId, validatorId(ctx, m.validator), ctx.directory.ensure(delegatorAddress), m, ctx));
  };
  reg
    .register(t.LockTier, open((tiers, o, v, d, m, ctx) => paying(ctx, o, m.amount, () => tiers.lock(o, m.tierId, m.amount, v, d, m.triggerExitImmediately))))
    .register(t.CommitDelegationToTier, open((tiers, o, v, d, m) => tiers.commitDelegation(o, v, m.amount, m.tierId, d, m.triggerExitImmediately)))
    .register(t.AddToTierPosition, (ctx, msg) => {
      const m = msg as PositionAmountMsg;
      const o = owner(ctx, m);
      return events(ctx, paying(ctx, o, m.amount, () => ctx.tiers.add(o, m.positionId, m.amount)));
    })
    .register(t.TriggerExitFromTier, onPosition((tiers, o, id) => tiers.triggerExit(o, id)))
    .register(t.ClearPosition, onPosition((tiers, o, id) => tiers.clear(o, id)))
    .register(t.TierRedelegate, (ctx, msg) => {
      const m = msg as MsgTierRedelegate;
      const dst = validatorId(ctx, m.dstValidator);
      return events(ctx, ctx.tiers.redelegate(owner(ctx, m), m.positionId, dst));
    })
    .register(t.TierUndelegate, onPosition((tiers, o, id) => tiers.undelegate(o, id)))
    .register(t.WithdrawFromTier, onPosition((tiers, o, id) => tiers.withdraw(o, id)))
    .register(t.ExitTierWithDelegation, (ctx, msg) => {
      const m = msg as PositionAmountMsg;
      return events(ctx, ctx.tiers.exitWithDelegation(owner(ctx, m), m.positionId, m.amount));
    })
    .register(t.ClaimTierRewards, (ctx, msg) => {
      const m = msg as MsgClaimTierRewards;
      return renderTierEvents(ctx, ctx.tiers.claim(owner(ctx, m), m.positionIds).events, m.positionIds);
    })
    .register(t.UpdateParams, (ctx, msg) => {
      const m = msg as MsgUpdateTierParams;
      const rate = nonNegativeDec(ctx, m.targetBaseRewardsRate, "target base rewards rate");
      if (rate > E18) throw plainError(`target base rewards rate must not exceed 1.0 (100%): got ${decString(rate)}`);
      ctx.tiers.setTargetBaseRewardsRate(rate);
      return [];
    })
    .register(t.AddTier, (ctx, msg) => {
      const tier = tierOf(ctx, (msg as MsgTierGov).tier);
      return events(ctx, ctx.tiers.addTier(tier));
    })
    .register(t.UpdateTier, (ctx, msg) => {
      const tier = tierOf(ctx, (msg as MsgTierGov).tier);
      return events(ctx, ctx.tiers.updateTier(tier));
    })
    .register(t.DeleteTier, (ctx, msg) => events(ctx, ctx.tiers.deleteTier((msg as MsgDeleteTier).id)));
  return h;
}
