// x/bank's MsgMultiSend as the SDK v0.53 msg server runs it: exactly one input, its coins the sum of
// the outputs' (bank 2, 9, 3, 4, and each input and output's ValidateBasic: address sdk 7, coins
// sdk 10), then the input's denoms send-enabled (bank 5), no output a blocked module account
// (sdk 4), and InputOutputCoins: `message{sender}`, the input's coins spent at once (one
// coin_spent for the total; sdk 5 when short), then per output coin_received and transfer. An
// output to the rewards pool is a deposit, as MsgSend's is.

import { FIRST_USER_ACCOUNT, ModuleAccount } from "../../core/ledger.js";
import { SdkErrors, TxError } from "../../wire/errors.js";
import { coinsError, coinsString, protoCoins, type Coin } from "../../wire/coins.js";
import { event, type TxEvent } from "../../framework/events.js";
import { respond } from "../../framework/handlers.js";
import { message } from "../../framework/message.js";
import { MsgMultiSendResponseSchema, MsgMultiSendSchema } from "../../wire/gen/cosmos/bank/v1beta1/tx_pb.js";
import { addCoins, createAccount, getAccount, getBalance, sendEnabled, setBalance } from "./gas.js";
import { Key } from "../../framework/gas/records.js";
import { addrLen } from "../../framework/gas/view.js";
import { BankErrors, accountAddress, checkNotBlocked, checkSendEnabled, invalidCoins } from "./messages.js";

export interface InputOutput {
  readonly address: string;
  readonly coins: Coin[];
}

export interface MsgMultiSend {
  readonly input: InputOutput;
  readonly outputs: InputOutput[];
}

/** Input/Output.ValidateBasic: the address (`invalid <what> address: …`), then coins valid and all positive. */
function inputOutput(x: { address: string; coins: { denom: string; amount: string }[] }, what: "input" | "output", prefix: string): InputOutput {
  const coins = protoCoins(x.coins, `MsgMultiSend.${what}s.coins`);
  const address = accountAddress(x.address, prefix, `invalid ${what} address`);
  if (coinsError(coins) !== undefined || coins.length === 0) throw invalidCoins(coins);
  return { address, coins };
}

/** sdk.Coins.Add over the outputs: by denom, sorted. */
function sum(lists: readonly (readonly Coin[])[]): Coin[] {
  const total = new Map<string, bigint>();
  for (const list of lists) for (const c of list) total.set(c.denom, (total.get(c.denom) ?? 0n) + c.amount);
  return [...total].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([denom, amount]) => ({ denom, amount }));
}

const sameCoins = (a: readonly Coin[], b: readonly Coin[]): boolean =>
  a.length === b.length && a.every((c, i) => c.denom === b[i]!.denom && c.amount === b[i]!.amount);

/** The bond-denom part of some coins (the node's ledger holds that denom). */
const bondAmount = (coins: readonly Coin[], denom: string): bigint => coins.filter((c) => c.denom === denom).reduce((t, c) => t + c.amount, 0n);

export const msgMultiSend = message({
  schema: MsgMultiSendSchema,
  // GetSigners over `inputs`: the input's address (the msg server refuses any other count).
  signer(m, { prefix }) {
    if (m.inputs.length === 0) throw new TxError(BankErrors.NoInputs);
    return accountAddress(m.inputs[0]!.address, prefix, "invalid signer input address");
  },
  validate(m, { prefix }): MsgMultiSend {
    if (m.inputs.length === 0) throw new TxError(BankErrors.NoInputs);
    if (m.inputs.length !== 1) throw new TxError(BankErrors.MultipleSenders);
    if (m.outputs.length === 0) throw new TxError(BankErrors.NoOutputs);
    const input = inputOutput(m.inputs[0]!, "input", prefix);
    const outputs = m.outputs.map((o) => inputOutput(o, "output", prefix));
    if (!sameCoins(input.coins, sum(outputs.map((o) => o.coins)))) throw new TxError(BankErrors.InputOutputMismatch);
    return { input, outputs };
  },
  handle(ctx, msg) {
    const { input, outputs } = msg;
    checkSendEnabled(ctx, input.coins);
    for (const o of outputs) checkNotBlocked(ctx, o.address);
    const from = ctx.directory.ensure(input.address);
    // subUnlockedCoins: coin by coin, the spendable balance (another denom's is 0 here)
    for (const c of input.coins) {
      const have = c.denom === ctx.denom ? ctx.ledger.vesting.spendable(from) : 0n;
      if (have < c.amount) throw new TxError(SdkErrors.InsufficientFunds, `spendable balance ${have}${c.denom} is smaller than ${c.amount}${c.denom}`);
    }
    const events: TxEvent[] = [
      event("message", { action: "/cosmos.bank.v1beta1.MsgMultiSend", sender: input.address, module: "bank" }),
      event("message", { sender: input.address }),
      event("coin_spent", { spender: input.address, amount: coinsString(input.coins) }),
    ];
    for (const o of outputs) {
      const to = ctx.directory.ensure(o.address);
      const amount = bondAmount(o.coins, ctx.denom);
      if (amount > 0n) ctx.ledger.send(from, to, amount); // the rewards pool's too: a plain send
      const text = coinsString(o.coins);
      events.push(event("coin_received", { receiver: o.address, amount: text }), event("transfer", { recipient: o.address, sender: input.address, amount: text }));
    }
    return respond(MsgMultiSendResponseSchema, {}, events);
  },
  // IsSendEnabledCoins, BlockedAddr (no access), then InputOutputCoins: each output's account
  // (created when missing), the input's LockedCoins and balances, each output's balances.
  gas(k, m, ctx) {
    sendEnabled(k, m.input.coins.map((c) => c.denom), ctx.bank);
    const blocked = m.outputs.some((o) => {
      const id = ctx.directory.accountId(o.address);
      return id !== undefined && id < FIRST_USER_ACCOUNT && id !== ModuleAccount.rewardsPool;
    });
    k.check("sdk:4", blocked);
    for (const o of m.outputs) {
      k.meter.has("acc", Key.account(addrLen(o.address)), "HasAccount");
      if (k.account(o.address) === undefined) createAccount(k, o.address);
    }
    getAccount(k, m.input.address, "LockedCoins");
    for (const c of m.input.coins) {
      const b = getBalance(k, m.input.address, c.denom, "subUnlockedCoins");
      k.check("sdk:5", b < c.amount);
      setBalance(k, m.input.address, b - c.amount, c.denom, "subUnlockedCoins");
    }
    for (const o of m.outputs) for (const c of o.coins) addCoins(k, o.address, c.amount, c.denom);
  },
});
