// The building blocks of the hostile requests' values (test/hostile/classes.ts): wrong JSON values
// and raw tokens, amounts no message or fee may carry, bech32 addresses no account field may hold,
// memos no tx may carry, an amount field's message of the attacker's, and the GET routes that take
// an account or a validator address.

import type { AminoMsg } from "@cosmjs/amino";
import { bech32, bech32m } from "@scure/base";
import type { Prng } from "./prng.js";
import { ATTACKER, addr, utf8Length, type HostileContext } from "./context.js";

export const WRONG_VALUES: unknown[] = [
  0, 1, -1, 1.5, 1e308, -1e-308, true, false, [], [1], ["x"], [[[]]], {}, { a: 1 }, { type: "x", value: {} },
  "", "x", "0", "1", "true", "null", "\u0000", "[]", "{}", "x".repeat(5000), null,
];
/** Raw JSON tokens with values JSON.stringify never writes (Infinity, -0, past 2^53). */
export const RAW_TOKENS = ["1e400", "-1e400", "-0", "123456789012345678901234567890", "0.0000000000000000000001", "1E+2"];

export const POW = (e: number) => (1n << BigInt(e)).toString();
/** Amounts no message or fee may carry: negative, fractional, not canonical, past 256 bits, not numbers. */
export const BAD_AMOUNTS = [
  "-1", "-1000000", "-0", "-00", "1.5", "0.0", "1e6", "1E6", "+5", " 5", "5 ", "0x10", "", "00", "007", "٣",
  "5\u0000", "Infinity", "NaN", "-Infinity", "1_000", "1,000", `-${POW(128)}`, POW(256), `${POW(256)}0`,
  "9".repeat(100), `-${"9".repeat(80)}`,
];
/** Well-formed amounts at and past the core's u128: refused at check only when the fee cannot be paid. */
export const HUGE_AMOUNTS = [POW(128), `${(1n << 128n) + 1n}`, POW(200), `${(1n << 256n) - 1n}`, "1" + "0".repeat(70)];

export const BECH32_CHARS = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";

/** A bech32 address no account field may hold, made from a valid one. */
export function badBech32(rng: Prng, valid: string): { text: string; how: string } {
  const sep = valid.lastIndexOf("1");
  const hrp = valid.slice(0, sep);
  const data = valid.slice(sep + 1);
  const bytes = bech32.fromWords(bech32.decode(valid as `${string}1${string}`).words);
  switch (rng.int(13)) {
    case 0: {
      const i = rng.int(data.length);
      let c = rng.pick([...BECH32_CHARS]);
      while (c === data[i]) c = rng.pick([...BECH32_CHARS]);
      return { text: `${hrp}1${data.slice(0, i)}${c}${data.slice(i + 1)}`, how: "one character changed" };
    }
    case 1: {
      let i = rng.int(data.length - 1);
      while (data[i] === data[i + 1]) i = (i + 1) % (data.length - 1);
      return { text: `${hrp}1${data.slice(0, i)}${data[i + 1]}${data[i]}${data.slice(i + 2)}`, how: "two characters swapped" };
    }
    case 2:
      return { text: bech32.encode(rng.pick(["cosmos", "crocncl", "tcro", "crocnclcons", "osmo", "x"].filter((p) => p !== hrp)), bech32.toWords(bytes)), how: "wrong prefix" };
    case 3: {
      const i = rng.int(data.length);
      return { text: `${hrp}1${data.slice(0, i)}${rng.pick(["b", "i", "o", "1", "B", "-", "_", " "])}${data.slice(i)}`, how: "invalid character" };
    }
    case 4: {
      const i = rng.range(1, data.length - 1);
      return { text: `${hrp}1${data.slice(0, i).toUpperCase()}${data.slice(i)}`, how: "mixed case" };
    }
    case 5:
      return { text: rng.pick(["", " ", "cro1", "1", hrp, `${hrp}1`, "cro1qqqqqqqqqqqqqq", "\u0000"]), how: "empty or truncated" };
    case 6:
      return { text: valid.slice(0, rng.range(4, valid.length - 1)), how: "truncated" };
    case 7:
      return { text: bech32.encode(hrp, bech32.toWords(rng.bytes(rng.range(256, 400))), 1023), how: "payload past 255 bytes" };
    case 8:
      return { text: bech32m.encode(hrp, bech32m.toWords(bytes)), how: "bech32m checksum" };
    case 9:
      return { text: rng.pick([` ${valid}`, `${valid} `, `${valid}\n`, `\t${valid}`]), how: "whitespace" };
    case 10:
      return { text: valid.replace("c", "с"), how: "Cyrillic lookalike" };
    case 11:
      return { text: bech32.encode(hrp, []), how: "empty payload" };
    default:
      return { text: valid + rng.pick(["q", "qq", data]), how: "extra characters" };
  }
}

/** A memo no tx may carry: a lone UTF-16 surrogate, or more than 256 bytes of UTF-8. */
export function badMemo(rng: Prng): { memo: string; how: string } {
  const filler = () => {
    const parts = ["a", "é", "中", "😀", "\u0301", "\u202E", "\u200B", "\u0000", "\uFFFF", "\uFFFD", "\u{10FFFF}", "ß"];
    let s = "";
    const n = rng.range(0, 40);
    for (let i = 0; i < n; i++) s += rng.pick(parts);
    return s;
  };
  switch (rng.int(5)) {
    case 0: {
      const s = filler();
      const i = rng.int(s.length + 1);
      return { memo: `${s.slice(0, i)}${rng.pick(["\uD800", "\uDBFF", "\uD83D"])}${s.slice(i)}`.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]$/, "\uD83D"), how: "lone high surrogate" };
    }
    case 1: {
      const s = filler();
      const i = rng.int(s.length + 1);
      return { memo: `${s.slice(0, i)}${rng.pick(["\uDC00", "\uDFFF", "\uDE00"])}${s.slice(i)}`, how: "lone low surrogate" };
    }
    case 2:
      return { memo: `${filler()}\uDE00\uD83D${filler()}`, how: "surrogates reversed" };
    default: {
      const unit = rng.pick(["😀", "中", "é", "\u0000", "\u202E", "\u200B", "a\u0301", "\u{10FFFF}", "x"]);
      const want = rng.range(257, 1200);
      let memo = "";
      while (utf8Length(memo) < want) memo += unit;
      return { memo, how: `${utf8Length(memo)} bytes of ${JSON.stringify(unit)}` };
    }
  }
}

/** An amount field's message of the attacker's, with `amount` as the value. */
export function amountMsg(rng: Prng, ctx: HostileContext, amount: string): { msg: AminoMsg; where: string } {
  const a = addr(ATTACKER);
  const v = rng.pick(ctx.validators);
  const coin = { denom: "basecro", amount };
  switch (rng.int(6)) {
    case 0:
      return { msg: { type: "cosmos-sdk/MsgSend", value: { from_address: a, to_address: addr(7), amount: [coin] } }, where: "MsgSend" };
    case 1:
      return { msg: { type: "cosmos-sdk/MsgDelegate", value: { delegator_address: a, validator_address: v, amount: coin } }, where: "MsgDelegate" };
    case 2:
      return { msg: { type: "cosmos-sdk/MsgUndelegate", value: { delegator_address: a, validator_address: v, amount: coin } }, where: "MsgUndelegate" };
    case 3:
      return { msg: { type: "chainmain/MsgLockTier", value: { owner: a, id: 1, amount, validator_address: v, trigger_exit_immediately: false } }, where: "MsgLockTier" };
    case 4:
      return { msg: { type: "chainmain/MsgAddToTierPosition", value: { owner: a, position_id: "0", amount } }, where: "MsgAddToTierPosition" };
    default:
      return { msg: { type: "chainmain/MsgExitTierWithDelegation", value: { owner: a, position_id: "0", amount } }, where: "MsgExitTierWithDelegation" };
  }
}

/** GET routes that take an account (owner, delegator) address in the path. */
export const ACCOUNT_ROUTES = [
  "/cosmos/bank/v1beta1/balances/{}", "/cosmos/bank/v1beta1/balances/{}/by_denom?denom=basecro", "/cosmos/auth/v1beta1/accounts/{}",
  "/cosmos/staking/v1beta1/delegations/{}", "/cosmos/staking/v1beta1/delegators/{}/unbonding_delegations",
  "/cosmos/staking/v1beta1/delegators/{}/redelegations", "/cosmos/distribution/v1beta1/delegators/{}/rewards",
  "/chainmain/tieredrewards/v1/positions/{}", "/chainmain/tieredrewards/v1/raw/positions/{}", "/chainmain/tieredrewards/v1/voting_power/{}",
  "/chainmain/tieredrewards/v1/owed_bonus/{}",
];
/** GET routes that take a validator operator address. */
export const VALIDATOR_ROUTES = [
  "/cosmos/staking/v1beta1/validators/{}", "/cosmos/staking/v1beta1/validators/{}/delegations",
  "/cosmos/distribution/v1beta1/validators/{}/commission",
];
