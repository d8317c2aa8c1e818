// x/auth/vesting's messages: MsgCreateVestingAccount (continuous, or delayed), MsgCreatePermanentLockedAccount
// and MsgCreatePeriodicVestingAccount. Each creates the recipient's account (it must not exist, nor
// be a blocked address) as a vesting account, its lock kept by the core (assembly/ledger/vesting.ts),
// then sends it the coins: the SDK's bank events, no vesting event.

import { SdkErrors, TxError } from "../../wire/errors.js";
import { event } from "../../framework/events.js";
import { paying, respond } from "../../framework/handlers.js";
import { message } from "../../framework/message.js";
import { renderMessageEvents } from "../message-events.js";
import type { MessageContext } from "../../framework/context.js";
import {
  MsgCreatePeriodicVestingAccountResponseSchema, MsgCreatePeriodicVestingAccountSchema,
  MsgCreatePermanentLockedAccountResponseSchema, MsgCreatePermanentLockedAccountSchema,
  MsgCreateVestingAccountResponseSchema, MsgCreateVestingAccountSchema,
} from "../../wire/gen/cosmos/vesting/v1beta1/tx_pb.js";
import { accountAddress, checkNotBlocked, checkSendEnabled } from "../bank/messages.js";
import { addCoins, addresses, bondPart, invalidEndTime, parseCoins, unixSeconds, validateAmount, type CreateVesting } from "./validate.js";
import { createVestingGas } from "./gas.js";
import type { TxEvent } from "../../framework/events.js";

const signer = (m: { fromAddress: string }, { prefix }: { prefix: string }) => accountAddress(m.fromAddress, prefix, "invalid signer from_address");

/** The msg server after its stateless checks: the recipient, its account and lock, the send. */
function create(ctx: MessageContext, m: CreateVesting, typeName: string): TxEvent[] {
  const exists = () => {
    if (ctx.directory.account(m.to) !== undefined) throw new TxError(SdkErrors.InvalidRequest, `account ${m.to} already exists`);
  };
  if (m.kind !== "periodic") checkSendEnabled(ctx, m.amount);
  checkNotBlocked(ctx, m.to);
  exists();
  if (m.kind === "periodic") checkSendEnabled(ctx, m.amount);
  const lock = m.lock(ctx.timeNs, ctx.denom);
  // NewPeriodicVestingAccount's Validate (no periods: it ends where it starts)
  if (lock.kind === "periodic" && lock.startTime >= lock.endTime) {
    throw new TxError(SdkErrors.InvalidRequest, "vesting start-time cannot be before end-time");
  }
  // NewAccount: the next account number (an address known without one gets it now)
  const to = ctx.directory.accountId(m.to) === undefined
    ? ctx.directory.ensure(m.to)
    : ctx.directory.genesisAccount(m.to, { number: ctx.directory.nextAccountNumber() });
  ctx.ledger.vesting.create(to, lock);
  // SendCoins, coin by coin: no balance of another denom (0 of it) is ever enough
  const other = m.amount.find((c) => c.denom !== ctx.denom);
  if (other !== undefined) {
    throw new TxError(SdkErrors.InsufficientFunds, `spendable balance 0${other.denom} is smaller than ${other.amount}${other.denom}`);
  }
  const from = ctx.directory.ensure(m.from);
  const amount = bondPart(m.amount, ctx.denom);
  paying(ctx, from, amount, () => ctx.ledger.send(from, to, amount));
  return [
    event("message", { action: `/${typeName}`, sender: m.from, module: "vesting" }),
    ...renderMessageEvents(ctx, ctx.ledger.events()),
  ];
}

export const msgCreateVestingAccount = message({
  schema: MsgCreateVestingAccountSchema,
  signer,
  validate(m, { prefix }): CreateVesting {
    const { from, to } = addresses(m, prefix);
    const amount = validateAmount(parseCoins(m.amount, "MsgCreateVestingAccount.amount"));
    if (m.endTime <= 0n) invalidEndTime();
    const kind = m.delayed ? "delayed" : "continuous";
    return {
      from, to, kind, amount,
      lock: (timeNs, denom) => ({
        kind, startTime: kind === "continuous" ? unixSeconds(timeNs) : 0n, endTime: m.endTime,
        originalVesting: bondPart(amount, denom), delegatedFree: 0n, delegatedVesting: 0n, periods: [],
      }),
    };
  },
  handle: (ctx, m) => respond(MsgCreateVestingAccountResponseSchema, {}, create(ctx, m, MsgCreateVestingAccountSchema.typeName)),
  gas: createVestingGas,
});

export const msgCreatePermanentLockedAccount = message({
  schema: MsgCreatePermanentLockedAccountSchema,
  signer,
  validate(m, { prefix }): CreateVesting {
    const { from, to } = addresses(m, prefix);
    const amount = validateAmount(parseCoins(m.amount, "MsgCreatePermanentLockedAccount.amount"));
    return {
      from, to, kind: "permanent", amount,
      lock: (_timeNs, denom) => ({
        kind: "permanent", startTime: 0n, endTime: 0n, originalVesting: bondPart(amount, denom), delegatedFree: 0n, delegatedVesting: 0n, periods: [],
      }),
    };
  },
  handle: (ctx, m) => respond(MsgCreatePermanentLockedAccountResponseSchema, {}, create(ctx, m, MsgCreatePermanentLockedAccountSchema.typeName)),
  gas: createVestingGas,
});

export const msgCreatePeriodicVestingAccount = message({
  schema: MsgCreatePeriodicVestingAccountSchema,
  signer,
  validate(m, { prefix }): CreateVesting {
    const { from, to } = addresses(m, prefix);
    if (m.startTime < 1n) {
      throw new TxError(SdkErrors.InvalidRequest, `invalid start time of ${m.startTime}, length must be greater than 0`);
    }
    let amount: ReturnType<typeof validateAmount> = [];
    const periods = m.vestingPeriods.map((p, i) => {
      if (p.length < 1n) throw new TxError(SdkErrors.InvalidRequest, `invalid period length of ${p.length} in period ${i}, length must be greater than 0`);
      const coins = validateAmount(parseCoins(p.amount, `MsgCreatePeriodicVestingAccount.vesting_periods[${i}].amount`));
      amount = addCoins(amount, coins);
      return { length: p.length, coins };
    });
    const endTime = periods.reduce((t, p) => t + p.length, m.startTime);
    return {
      from, to, kind: "periodic", amount,
      lock: (_timeNs, denom) => ({
        kind: "periodic", startTime: m.startTime, endTime, originalVesting: bondPart(amount, denom), delegatedFree: 0n, delegatedVesting: 0n,
        periods: periods.map((p) => ({ length: p.length, amount: bondPart(p.coins, denom) })),
      }),
    };
  },
  handle: (ctx, m) => respond(MsgCreatePeriodicVestingAccountResponseSchema, {}, create(ctx, m, MsgCreatePeriodicVestingAccountSchema.typeName)),
  gas: createVestingGas,
});
