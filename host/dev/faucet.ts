// The dev faucet: coins from the reserve (dev key 0 of the default genesis, whose key is public) as
// a real bank send, signed SIGN_MODE_DIRECT and admitted by CheckTx like any wallet's tx. So the
// supply never changes, the move is in a block with its events, and the state hash and a replay
// of the database account for it; a setBalance-style credit would mint outside any block.

import { secp256k1 } from "@noble/curves/secp256k1.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { MsgSendSchema } from "../wire/gen/cosmos/bank/v1beta1/tx_pb.js";
import { anyOf, directAuthInfoBytes, signDocBytes, txBodyBytes, txRawBytes } from "../wire/tx-encode.js";
import { devPrivateKey } from "../app/genesis.js";
import { requiredFees, type GasPrice } from "../framework/gas.js";
import type { TxResult } from "../framework/types.js";
import type { Node } from "../app/node-api.js";
import { accountAddressBytes } from "../wire/address.js";
import { coinsError, type Coin } from "../wire/coins.js";
import { SdkErrors, TxError } from "../wire/errors.js";
import { pubKeyAddress } from "../wire/keys.js";

/** A bank send uses ~17,000 gas on this chain's schedule: ample room, whatever the coins. */
export const FAUCET_GAS = 200_000n;
/** What one faucet request sends when it names no amount: 1,000 CRO. */
export const DEFAULT_FAUCET_COINS: Coin[] = [{ denom: "basecro", amount: 100_000_000_000n }];
/** The reserve's key: dev key 0. */
const RESERVE_KEY = 0;

export class Faucet {
  readonly address: string;
  private readonly key = devPrivateKey(RESERVE_KEY);
  private readonly pubKey: Uint8Array;
  /** The sequence after the faucet's last admitted tx: txs queued in one block need no retry. */
  private nextSequence = 0n;

  constructor(private readonly node: Node, private readonly minGasPrices: readonly GasPrice[] = []) {
    this.pubKey = secp256k1.getPublicKey(this.key, true);
    this.address = pubKeyAddress(this.pubKey, node.directory.accountPrefix);
  }

  /**
   * Sign and admit a send of `coins` to `to` (CheckTx: it joins the next block). Throws a TxError
   * for what the chain refuses (a bad address, coins the reserve lacks) and an Error for bad input.
   */
  send(to: string, coins: readonly Coin[]): { hash: string; included: Promise<TxResult> } {
    try {
      accountAddressBytes(to, this.node.directory.accountPrefix);
    } catch (e) {
      throw new TxError(SdkErrors.InvalidAddress, `invalid address ${JSON.stringify(to)}: ${(e as Error).message}`);
    }
    const bad = coinsError(coins);
    if (bad !== undefined || coins.length === 0 || coins.some((c) => c.amount <= 0n)) {
      throw new TxError(SdkErrors.InvalidCoins, `${bad ?? "give positive amounts"}`);
    }
    // Refused here rather than in a failing block: a denom the chain does not have ("5cro"), more than the reserve holds.
    const denom = this.node.denom;
    const foreign = coins.find((c) => c.denom !== denom);
    if (foreign !== undefined) {
      throw new TxError(
        SdkErrors.InvalidCoins,
        `the chain has no ${JSON.stringify(foreign.denom)}: its denom is ${denom}, in whole base units (1 CRO = 100000000${denom}), e.g. "500000000000${denom}" for 5,000 CRO`,
      );
    }
    const account = this.node.directory.account(this.address);
    if (!account) throw new TxError(SdkErrors.UnknownAddress, `the reserve ${this.address} (dev key 0) has no account on this chain: fund it in the genesis`);
    const id = this.node.directory.accountId(this.address);
    const held = id === undefined ? 0n : this.node.ledger.balance(id);
    const asked = coins.reduce((t, c) => t + c.amount, 0n);
    if (asked > held) {
      throw new TxError(SdkErrors.InsufficientFunds, `the reserve ${this.address} (dev key 0) holds ${held}${denom}, less than the ${asked}${denom} asked`);
    }
    const sequence = this.nextSequence > account.sequence ? this.nextSequence : account.sequence;
    try {
      return this.submit(to, coins, account.accountNumber, sequence);
    } catch (e) {
      // Txs of the reserve's signed elsewhere are waiting: CheckTx names the sequence it expects.
      const expected = e instanceof TxError && e.code === SdkErrors.WrongSequence.code ? /expected ([0-9]+)/.exec(e.log)?.[1] : undefined;
      if (expected === undefined) throw e;
      return this.submit(to, coins, account.accountNumber, BigInt(expected));
    }
  }

  private submit(to: string, coins: readonly Coin[], accountNumber: bigint, sequence: bigint): { hash: string; included: Promise<TxResult> } {
    const submitted = this.node.submit(this.sign(to, coins, accountNumber, sequence));
    this.nextSequence = sequence + 1n;
    return submitted;
  }

  /** A TxRaw of MsgSend, SIGN_MODE_DIRECT, paying the minimum gas price of the first priced denom. */
  private sign(to: string, coins: readonly Coin[], accountNumber: bigint, sequence: bigint): Uint8Array {
    const msg = anyOf(MsgSendSchema, { fromAddress: this.address, toAddress: to, amount: coins.map((c) => ({ denom: c.denom, amount: `${c.amount}` })) });
    const bodyBytes = txBodyBytes({ messages: [msg], memo: "dev faucet" });
    const bond = this.node.bondDenom;
    const prices = [...this.minGasPrices].sort((a, b) => Number(b.denom === bond) - Number(a.denom === bond));
    const fee = requiredFees(prices.slice(0, 1), FAUCET_GAS).map((c) => ({ denom: c.denom, amount: `${c.amount}` }));
    const authInfoBytes = directAuthInfoBytes({ pubKey: this.pubKey, sequence, fee: { amount: fee, gasLimit: FAUCET_GAS } });
    const signBytes = signDocBytes({ bodyBytes, authInfoBytes, chainId: this.node.chainId, accountNumber });
    const signature = secp256k1.sign(sha256(signBytes), this.key, { prehash: false, lowS: true, format: "compact" });
    return txRawBytes({ bodyBytes, authInfoBytes, signatures: [signature] });
  }
}

/**
 * The faucet's `amount`: SDK coins text (`100000000basecro`, `5basecro,7uatom`) or a list of
 * `{denom, amount}` with string amounts; absent: DEFAULT_FAUCET_COINS. A JSON number is refused
 * (it cannot carry every amount exactly). Throws an Error naming what is wrong.
 */
export function parseFaucetAmount(raw: unknown): Coin[] {
  if (raw === undefined || raw === null) return DEFAULT_FAUCET_COINS;
  if (typeof raw === "number") throw new Error(`amount: give a string such as "100000000basecro" (a JSON number cannot carry every amount exactly), got ${raw}`);
  let coins: Coin[];
  if (typeof raw === "string") {
    coins = raw.split(",").map((part) => {
      const m = /^\s*([0-9]+)([a-zA-Z][a-zA-Z0-9/:._-]{2,127})\s*$/.exec(part);
      if (!m) throw new Error(`amount ${JSON.stringify(raw)}: expected coins such as 100000000basecro (whole base units, then the denom)`);
      return { denom: m[2]!, amount: BigInt(m[1]!) };
    });
  } else if (Array.isArray(raw)) {
    coins = raw.map((c, i) => {
      const { denom, amount } = (c ?? {}) as { denom?: unknown; amount?: unknown };
      if (typeof denom !== "string" || typeof amount !== "string" || !/^[0-9]{1,78}$/.test(amount)) {
        throw new Error(`amount[${i}]: expected {"denom": "basecro", "amount": "100000000"} (amount a string of digits)`);
      }
      return { denom, amount: BigInt(amount) };
    });
  } else throw new Error(`amount: expected coins text such as "100000000basecro" or a list of {denom, amount}`);
  coins.sort((a, b) => (a.denom < b.denom ? -1 : a.denom > b.denom ? 1 : 0));
  if (coins.some((c) => c.amount === 0n)) throw new Error("amount: every amount must be positive");
  const bad = coinsError(coins);
  if (bad !== undefined) throw new Error(`amount: ${bad}`);
  return coins;
}
