// What each message does to the ledger: a registry from amino type to handler, so a module adds
// its messages with one entry each (the tier messages will). A handler runs inside the store
// transaction the node opened for the tx: it throws (a TxError, or the core's CoreError) to fail
// the tx, which the node then aborts as a whole; it returns the message's events.

import { FIRST_USER_ACCOUNT, ModuleAccount, type Ledger } from "../core/ledger.js";
import { CoreCode, CoreError } from "../core/errors.js";
import { TierError, type Tiers } from "../core/tiers.js";
import {
  MSG_SEND, MSG_DELEGATE, MSG_UNDELEGATE, MSG_BEGIN_REDELEGATE, MSG_WITHDRAW_DELEGATION_REWARD,
  MSG_WITHDRAW_VALIDATOR_COMMISSION, MSG_UNJAIL, MSG_DEV_SLASH, SdkErrors, TxError, coinsString,
  type MsgSend, type MsgDelegate, type MsgBeginRedelegate, type MsgWithdrawDelegationReward,
  type MsgWithdrawValidatorCommission, type MsgUnjail, type MsgDevSlash, type ErrorKind, type Coin,
} from "../tx/index.js";
import { decString, timestampString } from "../server/gateway.js";
import type { NodeDirectory } from "./directory.js";
import type { Gov } from "./gov.js";
import type { ValidatorRegistry } from "./validators.js";
import { renderTierEvents } from "./tier-messages.js";

/** An ABCI event as the gateway renders it. */
export interface TxEvent {
  type: string;
  attributes: { key: string; value: string; index: boolean }[];
}

export interface MessageContext {
  readonly ledger: Ledger;
  readonly tiers: Tiers;
  readonly directory: NodeDirectory;
  readonly denom: string;
  /** The signer (canonical account address). */
  readonly signer: string;
  /** Height of the block being made. */
  readonly height: bigint;
  /** x/staking's tokens per unit of consensus power. */
  readonly powerReduction: bigint;
  /** The block's header hash as the node defines it (seeds position delegator addresses). */
  readonly headerHash: Uint8Array;
  /** Decimal text to a raw Dec, exactly (the core's parser; throws on bad text). */
  parseDec(text: string): bigint;
  /** Time of the block being made (unix ns). */
  readonly timeNs: bigint;
  /** x/gov's proposals, deposits and votes. */
  readonly gov: Gov;
  /** Validators' descriptions, commission limits and consensus keys. */
  readonly validators: ValidatorRegistry;
}

export type MessageHandler = (ctx: MessageContext, msg: unknown) => TxEvent[];

export function event(type: string, attrs: Record<string, string>): TxEvent {
  return { type, attributes: Object.entries(attrs).map(([key, value]) => ({ key, value, index: true })) };
}

/** The core's failure codes as the SDK's modules report them (codespace, code; assembly/errors.ts names each). */
const CORE_TX_ERRORS: Partial<Record<number, ErrorKind>> = {
  [CoreCode.INSUFFICIENT_FUNDS]: SdkErrors.InsufficientFunds,
  [CoreCode.NO_VALIDATOR]: { codespace: "staking", code: 3, description: "validator does not exist" },
  [CoreCode.VALIDATOR_JAILED]: { codespace: "staking", code: 7, description: "validator for this address is currently jailed" },
  [CoreCode.NO_DELEGATION]: { codespace: "staking", code: 19, description: "no delegation for (address, validator) tuple" },
  [CoreCode.INSUFFICIENT_SHARES]: { codespace: "staking", code: 22, description: "insufficient delegation shares" },
  [CoreCode.INVALID_SHARES]: SdkErrors.InvalidRequest,
  [CoreCode.MAX_UNBONDING_ENTRIES]: { codespace: "staking", code: 27, description: "too many unbonding delegation entries for (delegator, validator) tuple" },
  [CoreCode.SELF_REDELEGATION]: { codespace: "staking", code: 29, description: "cannot redelegate to the same validator" },
  [CoreCode.TINY_REDELEGATION]: { codespace: "staking", code: 30, description: "too few tokens to redelegate (truncates to zero tokens)" },
  [CoreCode.BAD_REDELEGATION_DST]: { codespace: "staking", code: 31, description: "redelegation destination validator not found" },
  [CoreCode.TRANSITIVE_REDELEGATION]: { codespace: "staking", code: 32, description: "redelegation to this validator already in progress; first redelegation to this validator must complete before next redelegation" },
  [CoreCode.MAX_REDELEGATION_ENTRIES]: { codespace: "staking", code: 33, description: "too many redelegation entries for (delegator, src-validator, dst-validator) tuple" },
  [CoreCode.INVALID_EX_RATE]: { codespace: "staking", code: 34, description: "cannot delegate to validators with invalid (zero) ex-rate" },
  [CoreCode.ZERO_AMOUNT]: SdkErrors.InvalidRequest,
  [CoreCode.NO_COMMISSION]: { codespace: "distribution", code: 7, description: "no validator commission to withdraw" },
  [CoreCode.NOT_JAILED]: { codespace: "slashing", code: 5, description: "validator not jailed; cannot be unjailed" },
  [CoreCode.STILL_JAILED]: { codespace: "slashing", code: 4, description: "validator still jailed; cannot be unjailed" },
  [CoreCode.SELF_DELEGATION_TOO_LOW]: { codespace: "slashing", code: 7, description: "validator's self delegation less than minimum; cannot be unjailed" },
  [CoreCode.BAD_SLASH]: { codespace: "undefined", code: 1, description: "invalid slash" },
};

/** A failed message as the tx result shows it: `failed to execute message; message index: i: ...`. */
export function messageFailure(err: unknown, index: number): TxError {
  let kind: ErrorKind;
  let detail: string;
  if (err instanceof TxError) {
    kind = err.kind;
    detail = err.log;
  } else if (err instanceof TierError) {
    kind = { codespace: err.codespace, code: err.code, description: err.message };
    detail = err.message;
  } else if (err instanceof CoreError) {
    kind = CORE_TX_ERRORS[err.code] ?? { codespace: "undefined", code: 1, description: "internal" };
    detail = err.message;
  } else {
    throw err; // a bug, not a failed message
  }
  return new TxError({ ...kind, description: `failed to execute message; message index: ${index}: ${detail}` }, undefined, "execute");
}

/**
 * Run a message that moves `amount` out of account `from`; the core's insufficient funds of that
 * account becomes x/bank's text (sdk 5): `spendable balance <b> is smaller than <amount>` for a
 * send, `failed to delegate; <b> is smaller than <amount>` for a delegation.
 */
export function paying<T>(ctx: MessageContext, from: number, amount: bigint, run: () => T, how: "send" | "delegate" = "send"): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof CoreError && e.code === CoreCode.INSUFFICIENT_FUNDS && e.arg === BigInt(from)) {
      const text = `${ctx.ledger.balance(from)}${ctx.denom} is smaller than ${amount}${ctx.denom}`;
      throw new TxError(SdkErrors.InsufficientFunds, how === "send" ? `spendable balance ${text}` : `failed to delegate; ${text}`);
    }
    throw e;
  }
}

/** The bond-denom amount of a coin, or the SDK's error for another denom. */
function bondAmount(coin: Coin, denom: string, what: string): bigint {
  if (coin.denom !== denom) {
    throw new TxError(SdkErrors.InvalidRequest, `invalid coin denomination: got ${coin.denom}, expected ${denom}: ${what}`);
  }
  return coin.amount;
}

function validatorId(ctx: MessageContext, operator: string): number {
  const id = ctx.directory.validatorId(operator);
  if (id === undefined) throw new CoreError(CoreCode.NO_VALIDATOR);
  return id;
}

const coinText = (amount: bigint, denom: string) => `${amount}${denom}`;

export class MessageHandlers {
  private readonly handlers = new Map<string, MessageHandler>();

  /** One amino type, one handler; twice is a bug. */
  register(type: string, handler: MessageHandler): this {
    if (this.handlers.has(type)) throw new Error(`handler for ${type} already registered`);
    this.handlers.set(type, handler);
    return this;
  }

  get(type: string): MessageHandler | undefined {
    return this.handlers.get(type);
  }
}

/** x/bank, x/staking and x/distribution handlers. */
export function registerBaseHandlers(h: MessageHandlers): MessageHandlers {
  return h
    .register(MSG_SEND, (ctx, m) => {
      const msg = m as MsgSend;
      if (msg.amount.some((c) => c.denom !== ctx.denom)) {
        throw new TxError(SdkErrors.InsufficientFunds, `spendable balance 0 is smaller than ${coinsString(msg.amount)}`);
      }
      const amount = msg.amount.reduce((t, c) => t + c.amount, 0n);
      const to = ctx.directory.ensure(msg.toAddress);
      if (to < FIRST_USER_ACCOUNT && to !== ModuleAccount.rewardsPool) throw new TxError(SdkErrors.Unauthorized, `${msg.toAddress} is not allowed to receive funds`);
      const from = ctx.directory.ensure(msg.fromAddress);
      // A send to the rewards pool is a deposit (the spec's reserve and protocol-revenue phases): the
      // same transfer, announced by EventRewardsPoolFunded.
      const deposit = to === ModuleAccount.rewardsPool && amount > 0n
        ? renderTierEvents(ctx, paying(ctx, from, amount, () => ctx.tiers.fundRewardsPool(from, amount)).events)
        : [];
      if (deposit.length === 0) paying(ctx, from, amount, () => ctx.ledger.send(from, to, amount));
      return [
        event("transfer", { recipient: msg.toAddress, sender: msg.fromAddress, amount: coinText(amount, ctx.denom) }),
        ...deposit,
        event("message", { action: "/cosmos.bank.v1beta1.MsgSend", sender: msg.fromAddress, module: "bank" }),
      ];
    })
    .register(MSG_DELEGATE, (ctx, m) => {
      const msg = m as MsgDelegate;
      const amount = bondAmount(msg.amount, ctx.denom, "invalid delegation amount");
      const delegator = ctx.directory.ensure(msg.delegator);
      const shares = paying(ctx, delegator, amount, () => ctx.ledger.delegate(delegator, validatorId(ctx, msg.validator), amount), "delegate");
      return [
        event("delegate", {
          validator: msg.validator, delegator: msg.delegator, amount: coinText(amount, ctx.denom),
          new_shares: decString(shares),
        }),
        event("message", { action: "/cosmos.staking.v1beta1.MsgDelegate", sender: msg.delegator, module: "staking" }),
      ];
    })
    .register(MSG_UNDELEGATE, (ctx, m) => {
      const msg = m as MsgDelegate;
      const amount = bondAmount(msg.amount, ctx.denom, "invalid shares amount");
      const r = ctx.ledger.undelegate(ctx.directory.ensure(msg.delegator), validatorId(ctx, msg.validator), amount);
      return [
        event("unbond", {
          validator: msg.validator, delegator: msg.delegator, amount: coinText(r.amount, ctx.denom),
          completion_time: timestampString(r.completionTime),
        }),
        event("message", { action: "/cosmos.staking.v1beta1.MsgUndelegate", sender: msg.delegator, module: "staking" }),
      ];
    })
    .register(MSG_BEGIN_REDELEGATE, (ctx, m) => {
      const msg = m as MsgBeginRedelegate;
      const amount = bondAmount(msg.amount, ctx.denom, "invalid shares amount");
      const src = validatorId(ctx, msg.src);
      const dst = ctx.directory.validatorId(msg.dst);
      if (dst === undefined) throw new CoreError(CoreCode.BAD_REDELEGATION_DST);
      const r = ctx.ledger.redelegate(ctx.directory.ensure(msg.delegator), src, dst, amount);
      return [
        event("redelegate", {
          source_validator: msg.src, destination_validator: msg.dst, delegator: msg.delegator,
          amount: coinText(r.amount, ctx.denom), completion_time: timestampString(r.completionTime),
        }),
        event("message", { action: "/cosmos.staking.v1beta1.MsgBeginRedelegate", sender: msg.delegator, module: "staking" }),
      ];
    })
    .register(MSG_WITHDRAW_DELEGATION_REWARD, (ctx, m) => {
      const msg = m as MsgWithdrawDelegationReward;
      const paid = ctx.ledger.withdrawRewards(ctx.directory.ensure(msg.delegator), validatorId(ctx, msg.validator));
      return [
        event("withdraw_rewards", {
          amount: paid === 0n ? "" : coinText(paid, ctx.denom), validator: msg.validator, delegator: msg.delegator,
        }),
        event("message", {
          action: "/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward", sender: msg.delegator, module: "distribution",
        }),
      ];
    })
    .register(MSG_WITHDRAW_VALIDATOR_COMMISSION, (ctx, m) => {
      const msg = m as MsgWithdrawValidatorCommission;
      const paid = ctx.ledger.withdrawCommission(validatorId(ctx, msg.validator));
      return [
        event("withdraw_commission", { amount: coinText(paid, ctx.denom) }),
        event("message", {
          action: "/cosmos.distribution.v1beta1.MsgWithdrawValidatorCommission", sender: ctx.signer, module: "distribution",
        }),
      ];
    })
    .register(MSG_UNJAIL, (ctx, m) => {
      const msg = m as MsgUnjail;
      ctx.ledger.unjail(validatorId(ctx, msg.validator));
      return [
        event("message", { action: "/cosmos.slashing.v1beta1.MsgUnjail", sender: ctx.signer, module: "slashing" }),
      ];
    })
    .register(MSG_DEV_SLASH, (ctx, m) => {
      const msg = m as MsgDevSlash;
      const plain = (text: string) => new TxError({ codespace: "undefined", code: 1, description: text });
      let fraction: bigint;
      try {
        if (msg.slashFraction.trim().startsWith("-")) throw new Error("must not be negative");
        fraction = ctx.parseDec(msg.slashFraction);
      } catch (e) {
        throw plain(`invalid slash fraction ${JSON.stringify(msg.slashFraction)}: ${(e as Error).message}`);
      }
      if (fraction > 10n ** 18n) throw plain(`slash fraction must be between 0 and 1, got ${decString(fraction)}`);
      const id = validatorId(ctx, msg.validator);
      const v = ctx.ledger.validator(id)!;
      // The power that backed the infraction: the last set's, or the tokens' for one outside it.
      const power = v.lastPower > 0n ? v.lastPower : v.tokens / ctx.powerReduction;
      const infraction = msg.infractionHeight === 0n ? ctx.height : msg.infractionHeight;
      const burned = ctx.ledger.slash(id, infraction, power, fraction);
      const tierEvents = renderTierEvents(ctx, ctx.tiers.slashEvents());
      if (msg.jail) ctx.ledger.jail(id);
      return [
        event("slash", {
          address: msg.validator, power: `${power}`, reason: "dev", jailed: msg.jail ? msg.validator : "",
          burned_coins: `${burned}`, infraction_height: `${infraction}`, slash_fraction: decString(fraction),
        }),
        ...tierEvents,
        event("message", { action: "/chainmain.dev.v1.MsgSlashValidator", sender: ctx.signer, module: "slashing" }),
      ];
    });
}
