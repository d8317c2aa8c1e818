// The hostile request classes (issue 10, "Deliver 5"): each makes one malformed or hostile request
// at a time from a fixed-seed generator, so `npm run test:hostile` (thousands per class) and the
// quick variant in `npm test` (a few dozen per class) send the same kinds of requests.
//
// Every request is built so that no correct node could accept it: a signed tx is changed after
// signing, signed with something that must be refused at CheckTx, or sent by a key that is not its
// signer's. The node under test must answer each with a 4xx and the gateway's error body, or (the
// tx routes) HTTP 200 with a tx_response whose code is not 0 — and never change its state, which
// the lockstep runner checks against a control node that never sees these requests.

import type { AminoMsg, StdFee } from "@cosmjs/amino";
import { bech32, bech32m, base64 } from "@scure/base";
import { devAddress, operatorOf } from "../../host/app/genesis.js";
import { FEE, devSigner, type DevSigner, sendMsg } from "../helpers/dev-signer.js";
import type { TestNode } from "../helpers/node.js";
import type { Prng } from "./prng.js";

export interface HostileRequest {
  method: "GET" | "POST";
  path: string;
  body?: string | Uint8Array;
  /** Content-Type header; application/json unless given (null: none). */
  contentType?: string | null;
  /** "413": only HTTP 413 with the gateway's error body will do (a body over the limit). */
  expect?: "413";
  /** Which variant of the class made it (shown with failures). */
  note: string;
}

/** What the classes read: the node under test's accounts, the setup's positions and committed txs. */
export interface HostileContext {
  node: TestNode;
  chainId: string;
  signers: Map<number, DevSigner>;
  /** Base64 secp256k1 public keys of the dev keys (from their signatures). */
  pubKeys: Map<number, string>;
  /** Validator operator addresses of dev keys 1-4. */
  validators: string[];
  /** Positions made at setup: owner dev key and id. */
  positions: { owner: number; id: bigint }[];
  /** Bodies of txs committed on both nodes (the replay class sends them again). */
  committed: unknown[];
}

export interface HostileClass {
  name: string;
  /** Requests in the full run and in the quick variant. */
  full: number;
  quick: number;
  make(rng: Prng, ctx: HostileContext): Promise<HostileRequest>;
}

/** The attacker: a funded user (dev key 8); dev keys 5 and 6 own positions, 7 delegates. */
export const ATTACKER = 8;
export const VICTIMS = [5, 6, 7] as const;

export const TX_PATHS = ["/txs", "/cosmos/tx/v1beta1/txs"] as const;
const MiB = 1024 * 1024;

/** Above the 1 MiB request body limit (issue 10, Deliver 2; CometBFT's max_tx_bytes). */
export const BODY_LIMIT = MiB;

const addr = (n: number) => devAddress(n);
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** A tx signed by dev key n at its current account number and sequence on the node (unless given). */
export async function sign(
  ctx: HostileContext, n: number, msgs: AminoMsg[],
  o: { fee?: StdFee; memo?: string; chainId?: string; accountNumber?: bigint; sequence?: bigint; mode?: string } = {},
): Promise<{ tx: any; mode: string }> {
  const s = ctx.signers.get(n)!;
  const acct = ctx.node.chain.directory.account(s.address)!;
  return (await s.sign(msgs, {
    chainId: o.chainId ?? ctx.chainId,
    accountNumber: o.accountNumber ?? acct.accountNumber,
    sequence: o.sequence ?? acct.sequence,
    fee: o.fee,
    memo: o.memo,
    mode: o.mode,
  })) as { tx: any; mode: string };
}

const post = (rng: Prng, body: string | Uint8Array, note: string, extra: Partial<HostileRequest> = {}): HostileRequest => ({
  method: "POST", path: rng.pick(TX_PATHS), body, note, ...extra,
});
const postJson = (rng: Prng, body: unknown, note: string) => post(rng, JSON.stringify(body), note);
const get = (path: string, note: string): HostileRequest => ({ method: "GET", path, note });

/** A small send from the attacker to dev key 7: a message the attacker may sign. */
const attackerSend = () => sendMsg(addr(ATTACKER), addr(7), 1n);

/**
 * A tx of the attacker's that no node may accept even intact: signed at a sequence 10 ahead
 * (beyond the node's sequence probe), so mutating its text can never make it valid.
 */
async function deadTx(ctx: HostileContext, msgs: AminoMsg[] = [attackerSend()]) {
  const seq = ctx.node.chain.directory.account(addr(ATTACKER))!.sequence;
  return sign(ctx, ATTACKER, msgs, { sequence: seq + 10n });
}

/** Replaces `"__RAW__"` in JSON text with raw text (tokens JSON.stringify cannot write). */
const withRaw = (value: unknown, raw: string) => JSON.stringify(value).replace('"__RAW__"', raw);

/** Sets the value at a path of a JSON value (in place). */
function setAt(root: any, path: (string | number)[], value: unknown): void {
  let o = root;
  for (const k of path.slice(0, -1)) o = o[k];
  o[path[path.length - 1]!] = value;
}

const utf8Length = (s: string) => Buffer.byteLength(s, "utf8");

// ---- building blocks of the values ------------------------------------------------------------

const WRONG_VALUES: unknown[] = [
  0, 1, -1, 1.5, 1e308, -1e-308, true, false, [], [1], ["x"], [[[]]], {}, { a: 1 }, { type: "x", value: {} },
  "", "x", "0", "1", "true", "null", "\u0000", "[]", "{}", "x".repeat(5000), null,
];
/** Raw JSON tokens with values JSON.stringify never writes (Infinity, -0, past 2^53). */
const RAW_TOKENS = ["1e400", "-1e400", "-0", "123456789012345678901234567890", "0.0000000000000000000001", "1E+2"];

const POW = (e: number) => (1n << BigInt(e)).toString();
/** Amounts no message or fee may carry: negative, fractional, not canonical, past 256 bits, not numbers. */
const BAD_AMOUNTS = [
  "-1", "-1000000", "-0", "-00", "1.5", "0.0", "1e6", "1E6", "+5", " 5", "5 ", "0x10", "", "00", "007", "٣",
  "5\u0000", "Infinity", "NaN", "-Infinity", "1_000", "1,000", `-${POW(128)}`, POW(256), `${POW(256)}0`,
  "9".repeat(100), `-${"9".repeat(80)}`,
];
/** Well-formed amounts at and past the core's u128: refused at check only when the fee cannot be paid. */
const HUGE_AMOUNTS = [POW(128), `${(1n << 128n) + 1n}`, POW(200), `${(1n << 256n) - 1n}`, "1" + "0".repeat(70)];

const BECH32_CHARS = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";

/** A bech32 address no account field may hold, made from a valid one. */
function badBech32(rng: Prng, valid: string): { text: string; how: string } {
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
function badMemo(rng: Prng): { memo: string; how: string } {
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
function amountMsg(rng: Prng, ctx: HostileContext, amount: string): { msg: AminoMsg; where: string } {
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

// ---- the classes -------------------------------------------------------------------------------

const brokenJson: HostileClass = {
  name: "broken-json",
  full: 800,
  quick: 30,
  async make(rng, ctx) {
    const text = JSON.stringify(await deadTx(ctx));
    const bytes = Buffer.from(text);
    switch (rng.int(8)) {
      case 0:
        return post(rng, text.slice(0, rng.int(text.length)), "truncated");
      case 1:
        return post(rng, rng.bytes(rng.range(1, 2000)), "random bytes");
      case 2: {
        const n = rng.range(1, 500);
        let s = "";
        for (let i = 0; i < n; i++) s += String.fromCharCode(rng.range(32, 126));
        return post(rng, s, "random ASCII");
      }
      case 3: {
        const odd = [
          "", " ", "null", "true", "0", "-1", "[]", "{}", '"tx"', "{'tx': 1}", "{tx:1}", '{"tx": {}, }', '{"tx": NaN}',
          '{"tx": Infinity}', "/* c */ {}", "\uFEFF{}", '{"tx":', '{"tx": "\\u12"}', '{"a":1}{"b":2}', "[1,2", '{"tx": {"msg": [}]}}',
          "\u0000", '{"tx": undefined}', '{"tx": 0x10}', "{\"tx\": 'x'}", '{"tx": "\\x41"}', '{"__proto__": {"polluted": 1}}',
          '{"constructor": {"prototype": {"polluted": 1}}}', '{"tx": {"__proto__": {"msg": []}}}', '{"tx": null, "mode": "block"}',
        ];
        return post(rng, rng.pick(odd), "odd document");
      }
      case 4: {
        const b = Buffer.from(bytes);
        const i = rng.int(b.length);
        b[i] = rng.pick([0x00, 0x22, 0x5c, 0x7b, 0x7d, 0x5b, 0x5d, 0x2c, 0x3a, 0xff, 0x80, rng.int(256)]);
        return post(rng, new Uint8Array(b), "one byte changed");
      }
      case 5: {
        const i = rng.int(bytes.length);
        const cut = rng.range(1, 20);
        return post(rng, new Uint8Array(Buffer.concat([bytes.subarray(0, i), bytes.subarray(i + cut)])), "bytes deleted");
      }
      case 6: {
        const i = rng.int(bytes.length);
        const junk = rng.pick([[0xed, 0xa0, 0x80], [0xc0, 0xaf], [0xff], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xe2, 0x82]]);
        return post(rng, new Uint8Array(Buffer.concat([bytes.subarray(0, i), Buffer.from(junk), bytes.subarray(i)])), "invalid UTF-8 inserted");
      }
      default: {
        const ct = rng.pick([null, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/json; charset=utf-16"]);
        return post(rng, rng.chance(0.5) ? text.slice(0, -1) : `${text}}`, "broken, odd content type", { contentType: ct });
      }
    }
  },
};

const deepJson: HostileClass = {
  name: "deep-json",
  full: 500,
  quick: 20,
  async make(rng, ctx) {
    const depth = rng.pick([65, 66, 100, 500, 1000, 10_000, 50_000, 100_000, 150_000]);
    const kind = rng.int(3);
    const nested =
      kind === 0 ? "[".repeat(depth) + "]".repeat(depth)
      : kind === 1 ? '{"a":'.repeat(depth) + "1" + "}".repeat(depth)
      : '[{"a":'.repeat(depth / 2) + "0" + "}]".repeat(depth / 2);
    const tx = await deadTx(ctx);
    const where = rng.int(7);
    const paths: (string | number)[][] = [
      [], ["tx", "msg", 0, "value", "amount"], ["tx", "memo"], ["tx", "fee"], ["mode"], ["tx", "signatures", 0, "pub_key"], ["tx", "msg", 0, "value"],
    ];
    if (where === 0) return post(rng, nested, `depth ${depth} document`);
    const doc = clone(tx);
    setAt(doc, paths[where]!, "__RAW__");
    return post(rng, withRaw(doc, nested), `depth ${depth} at ${paths[where]!.join(".")}`);
  },
};

const hugeBody: HostileClass = {
  name: "huge-body",
  full: 120,
  quick: 4,
  async make(rng, ctx) {
    const size = rng.pick([BODY_LIMIT + 1, BODY_LIMIT + 100, rng.range(BODY_LIMIT + 1, 6 * MiB), 2 * MiB, 4 * MiB]);
    const tx = await deadTx(ctx);
    const base = JSON.stringify(tx);
    const over = size - base.length;
    let body: string;
    let how: string;
    switch (rng.int(6)) {
      case 0:
        tx.tx.memo = "a".repeat(Math.max(size - base.length, 1));
        body = JSON.stringify(tx);
        how = "huge memo";
        break;
      case 1:
        body = " ".repeat(Math.max(over, 1)) + base;
        how = "whitespace before a tx";
        break;
      case 2: {
        const m = JSON.stringify({ type: "cosmos-sdk/MsgFoo", value: { x: "y" } });
        const k = Math.ceil(size / (m.length + 1));
        body = JSON.stringify({ tx: { ...tx.tx, msg: "__RAW__" } }).replace('"__RAW__"', `[${Array(k).fill(m).join(",")}]`);
        how = `${k} messages`;
        break;
      }
      case 3: {
        const doc = clone(tx);
        doc.tx.msg[0].value.amount[0].amount = "9".repeat(size);
        body = JSON.stringify(doc);
        how = "a huge amount";
        break;
      }
      case 4: {
        const n = Math.ceil(size / 2);
        body = "[".repeat(n) + "]".repeat(n);
        how = "deep nesting";
        break;
      }
      default:
        body = "x".repeat(size);
        how = "not JSON";
    }
    return post(rng, body, `${how}, ${body.length} bytes`, { expect: "413" });
  },
};

const TX_FIELD_PATHS: (string | number)[][] = [
  ["tx"], ["tx", "msg"], ["tx", "msg", 0], ["tx", "msg", 0, "type"], ["tx", "msg", 0, "value"], ["tx", "fee"], ["tx", "fee", "amount"],
  ["tx", "fee", "amount", 0], ["tx", "fee", "amount", 0, "denom"], ["tx", "fee", "amount", 0, "amount"], ["tx", "fee", "gas"],
  ["tx", "signatures"], ["tx", "signatures", 0], ["tx", "signatures", 0, "pub_key"], ["tx", "signatures", 0, "pub_key", "type"],
  ["tx", "signatures", 0, "pub_key", "value"], ["tx", "signatures", 0, "signature"], ["tx", "memo"], ["mode"],
];

const wrongTypes: HostileClass = {
  name: "wrong-types",
  full: 900,
  quick: 40,
  async make(rng, ctx) {
    const msgs = [amountMsg(rng, ctx, "1000000").msg];
    if (rng.chance(0.3)) {
      msgs[0] = rng.pick<AminoMsg>([
        { type: "chainmain/MsgClaimTierRewards", value: { owner: addr(ATTACKER), position_ids: ["0", "1"] } },
        { type: "chainmain/MsgTriggerExitFromTier", value: { owner: addr(ATTACKER), position_id: "0" } },
        { type: "chainmain/MsgTierRedelegate", value: { owner: addr(ATTACKER), position_id: "0", dst_validator: ctx.validators[1]! } },
        { type: "cosmos-sdk/MsgWithdrawDelegationReward", value: { delegator_address: addr(ATTACKER), validator_address: ctx.validators[0]! } },
        { type: "cosmos-sdk/MsgBeginRedelegate", value: { delegator_address: addr(ATTACKER), validator_src_address: ctx.validators[0]!, validator_dst_address: ctx.validators[1]!, amount: { denom: "basecro", amount: "5" } } },
      ]);
    }
    const signed = await sign(ctx, ATTACKER, msgs);
    const value = signed.tx.msg[0].value as Record<string, unknown>;
    const valuePaths = Object.keys(value).map((k) => ["tx", "msg", 0, "value", k]);
    const paths = [...TX_FIELD_PATHS, ...valuePaths, ...valuePaths];
    const path = rng.pick(paths);
    const doc = clone(signed) as any;
    if (rng.chance(0.15)) {
      setAt(doc, path, "__RAW__");
      const token = rng.pick(RAW_TOKENS);
      return post(rng, withRaw(doc, token), `${path.join(".")} = ${token} (${msgs[0]!.type})`);
    }
    let wrong = rng.pick(WRONG_VALUES);
    const before = JSON.stringify(path.reduce((o: any, k) => o[k], doc));
    // memo null reads as "" (amino omits empty strings): the same signed tx, not a wrong type.
    if (path.join(".") === "tx.memo" && (wrong === null || wrong === "")) wrong = 0;
    if (JSON.stringify(wrong) === before) wrong = [before];
    setAt(doc, path, wrong);
    return postJson(rng, doc, `${path.join(".")} = ${JSON.stringify(wrong).slice(0, 40)} (${msgs[0]!.type})`);
  },
};

const badAmounts: HostileClass = {
  name: "bad-amounts",
  full: 900,
  quick: 40,
  async make(rng, ctx) {
    const huge = rng.chance(0.25);
    const amount = huge ? rng.pick(HUGE_AMOUNTS) : rng.pick(BAD_AMOUNTS);
    if (!huge && rng.chance(0.3)) {
      // the fee's amount
      const fee = { amount: [{ denom: "basecro", amount }], gas: "200000" };
      return postJson(rng, await sign(ctx, ATTACKER, [attackerSend()], { fee }), `fee amount ${JSON.stringify(amount)}`);
    }
    const { msg, where } = amountMsg(rng, ctx, amount);
    // A well-formed amount past the u128 core (up to the SDK's 256 bits) passes CheckTx as on the
    // reference and fails in its block: sent with a fee no account can pay, it must stop at check.
    const fee = huge ? { amount: [{ denom: "basecro", amount: `${1n << 127n}` }], gas: "200000" } : FEE;
    return postJson(rng, await sign(ctx, ATTACKER, [msg], { fee }), `${where} amount ${JSON.stringify(amount).slice(0, 50)}${huge ? " (fee 2^127)" : ""}`);
  },
};

const unknownMessages: HostileClass = {
  name: "unknown-messages",
  full: 700,
  quick: 25,
  async make(rng, ctx) {
    const names = [
      "cosmos-sdk/MsgFoo", "/cosmos.bank.v1beta1.MsgSend", "cosmos-sdk/MsgSubmitProposal", "cosmos-sdk/MsgVote", "cosmos-sdk/MsgSend ",
      " cosmos-sdk/MsgSend", "COSMOS-SDK/MSGSEND", "cosmos-sdk/msgsend", "chainmain/MsgLockTier\u0000", "chainmain/MsgLockTiers",
      "chainmain/tieredrewards/MsgLockTier", "cosmos-sdk/StdTx", "__proto__", "constructor", "toString", "hasOwnProperty", "valueOf",
      "cosmos-sdk/MsgCreateValidator", "cosmos-sdk/MsgEditValidator", "cosmos-sdk/MsgMultiSend", "cosmos-sdk/MsgGrant", "wasm/MsgExecuteContract",
      "chainmain-dev/MsgAdvance", "chainmain-dev/MsgMint", "cosmos-sdk/MsgSend/../MsgDelegate", "x".repeat(5000), "😀", "\uD800",
    ];
    const type = rng.chance(0.8) ? rng.pick(names) : Buffer.from(rng.bytes(rng.range(1, 30))).toString("latin1");
    const value = rng.chance(0.5) ? { from_address: addr(ATTACKER), to_address: addr(7), amount: [{ denom: "basecro", amount: "1" }] } : rng.pick([{}, { owner: addr(ATTACKER) }, { x: 1 }]);
    const msgs: AminoMsg[] = [{ type, value }];
    if (rng.chance(0.3)) msgs.splice(rng.int(2), 0, attackerSend());
    if (rng.chance(0.15)) {
      // a known type with a field it does not have
      const m = attackerSend();
      (m.value as Record<string, unknown>)[rng.pick(["extra", "memo", "__proto__x", "fee", "amounts", "From_address"])] = "x";
      return postJson(rng, await sign(ctx, ATTACKER, [m]), "MsgSend with an unknown field");
    }
    return postJson(rng, await sign(ctx, ATTACKER, msgs), `type ${JSON.stringify(type).slice(0, 50)} in ${msgs.length} message(s)`);
  },
};

/** GET routes that take an account (owner, delegator) address in the path. */
const ACCOUNT_ROUTES = [
  "/cosmos/bank/v1beta1/balances/{}", "/cosmos/bank/v1beta1/balances/{}/by_denom?denom=basecro", "/cosmos/auth/v1beta1/accounts/{}",
  "/cosmos/staking/v1beta1/delegations/{}", "/cosmos/staking/v1beta1/delegators/{}/unbonding_delegations",
  "/cosmos/staking/v1beta1/delegators/{}/redelegations", "/cosmos/distribution/v1beta1/delegators/{}/rewards",
  "/chainmain/tieredrewards/v1/positions/{}", "/chainmain/tieredrewards/v1/raw/positions/{}", "/chainmain/tieredrewards/v1/voting_power/{}",
  "/chainmain/tieredrewards/v1/owed_bonus/{}",
];
/** GET routes that take a validator operator address. */
const VALIDATOR_ROUTES = [
  "/cosmos/staking/v1beta1/validators/{}", "/cosmos/staking/v1beta1/validators/{}/delegations",
  "/cosmos/distribution/v1beta1/validators/{}/commission",
];

const badBech32Class: HostileClass = {
  name: "bad-bech32",
  full: 800,
  quick: 30,
  async make(rng, ctx) {
    const v = rng.pick(ctx.validators);
    if (rng.chance(0.35)) {
      // in a GET path
      if (rng.chance(0.6)) {
        const { text, how } = badBech32(rng, addr(rng.pick([...VICTIMS, ATTACKER])));
        return get(rng.pick(ACCOUNT_ROUTES).replace("{}", encodeURIComponent(text)), `account ${how}`);
      }
      const { text, how } = badBech32(rng, v);
      return get(rng.pick(VALIDATOR_ROUTES).replace("{}", encodeURIComponent(text)), `validator ${how}`);
    }
    const a = addr(ATTACKER);
    const bad = (valid: string) => badBech32(rng, valid);
    const coin = { denom: "basecro", amount: "1000" };
    const variants: (() => { msg: AminoMsg; how: string })[] = [
      () => { const b = bad(addr(7)); return { msg: { type: "cosmos-sdk/MsgSend", value: { from_address: a, to_address: b.text, amount: [coin] } }, how: `MsgSend.to_address ${b.how}` }; },
      () => { const b = bad(a); return { msg: { type: "cosmos-sdk/MsgSend", value: { from_address: b.text, to_address: addr(7), amount: [coin] } }, how: `MsgSend.from_address ${b.how}` }; },
      () => { const b = bad(v); return { msg: { type: "cosmos-sdk/MsgDelegate", value: { delegator_address: a, validator_address: b.text, amount: coin } }, how: `MsgDelegate.validator_address ${b.how}` }; },
      () => { const b = bad(a); return { msg: { type: "cosmos-sdk/MsgDelegate", value: { delegator_address: b.text, validator_address: v, amount: coin } }, how: `MsgDelegate.delegator_address ${b.how}` }; },
      () => { const b = bad(v); return { msg: { type: "chainmain/MsgLockTier", value: { owner: a, id: 1, amount: "10000000000", validator_address: b.text } }, how: `MsgLockTier.validator_address ${b.how}` }; },
      () => { const b = bad(a); return { msg: { type: "chainmain/MsgLockTier", value: { owner: b.text, id: 1, amount: "10000000000", validator_address: v } }, how: `MsgLockTier.owner ${b.how}` }; },
      () => { const b = bad(v); return { msg: { type: "chainmain/MsgTierRedelegate", value: { owner: a, position_id: "0", dst_validator: b.text } }, how: `MsgTierRedelegate.dst_validator ${b.how}` }; },
      () => { const b = bad(v); return { msg: { type: "cosmos-sdk/MsgBeginRedelegate", value: { delegator_address: a, validator_src_address: v, validator_dst_address: b.text, amount: coin } }, how: `MsgBeginRedelegate.validator_dst_address ${b.how}` }; },
      () => { const b = bad(v); return { msg: { type: "cosmos-sdk/MsgUnjail", value: { validator_addr: b.text } }, how: `MsgUnjail.validator_addr ${b.how}` }; },
    ];
    const { msg, how } = rng.pick(variants)();
    return postJson(rng, await sign(ctx, ATTACKER, [msg]), how);
  },
};

/** secp256k1's group order. */
const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

const forgedSignatures: HostileClass = {
  name: "forged-signatures",
  full: 800,
  quick: 30,
  async make(rng, ctx) {
    const signed = await sign(ctx, ATTACKER, [attackerSend()], { memo: `forged ${rng.u32()}` });
    const doc = clone(signed);
    const sig = base64.decode(doc.tx.signatures[0].signature);
    let how: string;
    switch (rng.int(12)) {
      case 0:
        doc.tx.signatures[0].signature = base64.encode(rng.bytes(64));
        how = "random 64 bytes";
        break;
      case 1: {
        const b = sig.slice();
        const i = rng.int(64);
        b[i]! ^= 1 << rng.int(8);
        doc.tx.signatures[0].signature = base64.encode(b);
        how = "one bit flipped";
        break;
      }
      case 2: {
        const s = BigInt(`0x${Buffer.from(sig.subarray(32)).toString("hex")}`);
        const high = Buffer.from((SECP256K1_N - s).toString(16).padStart(64, "0"), "hex");
        doc.tx.signatures[0].signature = base64.encode(new Uint8Array(Buffer.concat([sig.subarray(0, 32), high])));
        how = "high-S twin";
        break;
      }
      case 3:
        doc.tx.signatures[0].signature = base64.encode(rng.pick([new Uint8Array(64), new Uint8Array(64).fill(0xff), new Uint8Array(0), rng.bytes(63), rng.bytes(65), rng.bytes(72), rng.bytes(1000)]));
        how = "zero, all-ones or wrong length";
        break;
      case 4: {
        // the victim's key over the attacker's tx
        const other = await sign(ctx, rng.pick(VICTIMS), [attackerSend()], { memo: doc.tx.memo });
        doc.tx.signatures[0] = other.tx.signatures[0];
        how = "a victim's signature and key";
        break;
      }
      case 5: {
        doc.tx.signatures[0].pub_key.value = ctx.pubKeys.get(rng.pick(VICTIMS))!;
        how = "a victim's key, the attacker's signature";
        break;
      }
      case 6: {
        const other = await sign(ctx, ATTACKER, [sendMsg(addr(ATTACKER), addr(6), 2n)], { memo: doc.tx.memo });
        doc.tx.signatures[0].signature = other.tx.signatures[0].signature;
        how = "the attacker's signature of another tx";
        break;
      }
      case 7:
        doc.tx.signatures[0].pub_key = rng.pick([
          { type: "tendermint/PubKeyEd25519", value: base64.encode(rng.bytes(32)) },
          { type: "tendermint/PubKeySecp256k1", value: base64.encode(rng.bytes(33)) },
          { type: "tendermint/PubKeySecp256k1", value: base64.encode(rng.bytes(65)) },
          { type: "tendermint/PubKeyMultisigThreshold", value: { threshold: "1", pubkeys: [] } },
          { type: "tendermint/PubKeySecp256k1", value: "" },
        ]);
        how = "another key type or a random key";
        break;
      case 8: {
        const n = rng.range(2, 60);
        doc.tx.signatures = Array(n).fill(doc.tx.signatures[0]);
        how = `${n} signatures`;
        break;
      }
      case 9:
        doc.tx.signatures = [];
        how = "no signatures";
        break;
      case 10:
        doc.tx.signatures[0].signature = rng.pick([
          doc.tx.signatures[0].signature.replace(/=+$/, ""), `${doc.tx.signatures[0].signature} `, doc.tx.signatures[0].signature.replace(/\+/g, "-").replace(/\//g, "_") + "==",
          Buffer.from(sig).toString("hex"), "!!!!", `${doc.tx.signatures[0].signature}AA==`,
        ]);
        how = "not the signature's base64";
        if (doc.tx.signatures[0].signature === signed.tx.signatures[0].signature) doc.tx.signatures[0].signature = "AAAA";
        break;
      default: {
        const b = new Uint8Array(64);
        b.set(sig.subarray(0, 32), rng.chance(0.5) ? 0 : 32);
        doc.tx.signatures[0].signature = base64.encode(b);
        how = "r or s zero";
        break;
      }
    }
    return postJson(rng, doc, how);
  },
};

const replayedSignatures: HostileClass = {
  name: "replayed-signatures",
  full: 700,
  quick: 25,
  async make(rng, ctx) {
    const body = clone(rng.pick(ctx.committed)) as { tx: any; mode: string };
    switch (rng.int(6)) {
      case 0:
        return postJson(rng, body, "as committed");
      case 1:
        return postJson(rng, { ...body, mode: rng.pick(["sync", "async", "block"]) }, "another mode");
      case 2:
        return post(rng, JSON.stringify(body, null, rng.range(1, 8)), "reformatted");
      case 3:
        return postJson(rng, { tx: { type: "cosmos-sdk/StdTx", value: body.tx }, mode: body.mode }, "typed amino form");
      case 4:
        return postJson(rng, body.tx, "bare StdTx");
      default: {
        const tx = body.tx;
        const shuffled = Object.fromEntries(Object.entries(tx).reverse());
        return postJson(rng, { mode: "block", tx: shuffled }, "keys reordered, mode block");
      }
    }
  },
};

const wrongChainId: HostileClass = {
  name: "wrong-chain-id",
  full: 700,
  quick: 25,
  async make(rng, ctx) {
    const acct = ctx.node.chain.directory.account(addr(ATTACKER))!;
    const ids = [
      "", " ", "chainmain-local ", " chainmain-local", "CHAINMAIN-LOCAL", "chainmain-locaI", "chainmain-1", "crypto-org-chain-mainnet-1",
      "cosmoshub-4", "chainmain-local\u0000", "chainmain‐local", "testnet-croeseid-4", "x".repeat(600), "😀", "\uD800",
    ];
    switch (rng.int(4)) {
      case 0:
      case 1: {
        let chainId = rng.chance(0.7) ? rng.pick(ids) : `chain-${rng.u32().toString(36)}`;
        if (chainId === ctx.chainId) chainId += "x";
        return postJson(rng, await sign(ctx, ATTACKER, [attackerSend()], { chainId }), `chain id ${JSON.stringify(chainId).slice(0, 30)}`);
      }
      case 2: {
        let accountNumber = rng.pick([0n, 1n, acct.accountNumber + 1n, acct.accountNumber - 1n, BigInt(rng.u32()), (1n << 64n) - 1n]);
        if (accountNumber === acct.accountNumber) accountNumber += 7n;
        return postJson(rng, await sign(ctx, ATTACKER, [attackerSend()], { accountNumber }), `account number ${accountNumber}`);
      }
      default: {
        const sequence = acct.sequence + BigInt(rng.pick([3, 4, 10, 1000, 2 ** 31])) ;
        return postJson(rng, await sign(ctx, ATTACKER, [attackerSend()], { sequence }), `sequence +${sequence - acct.sequence}`);
      }
    }
  },
};

const otherOwners: HostileClass = {
  name: "other-owners",
  full: 700,
  quick: 25,
  async make(rng, ctx) {
    const pos = rng.pick(ctx.positions);
    const owner = addr(pos.owner);
    const id = `${pos.id}`;
    const victim = addr(rng.pick(VICTIMS));
    const v = rng.pick(ctx.validators);
    const tier = { id: 9, exit_duration: "1s", bonus_apy: "1.000000000000000000", min_lock_amount: "1", close_only: false };
    const msgs: AminoMsg[] = [
      { type: "chainmain/MsgTriggerExitFromTier", value: { owner, position_id: id } },
      { type: "chainmain/MsgClearPosition", value: { owner, position_id: id } },
      { type: "chainmain/MsgTierUndelegate", value: { owner, position_id: id } },
      { type: "chainmain/MsgWithdrawFromTier", value: { owner, position_id: id } },
      { type: "chainmain/MsgAddToTierPosition", value: { owner, position_id: id, amount: "1000" } },
      { type: "chainmain/MsgExitTierWithDelegation", value: { owner, position_id: id, amount: "1000" } },
      { type: "chainmain/MsgTierRedelegate", value: { owner, position_id: id, dst_validator: v } },
      { type: "chainmain/MsgClaimTierRewards", value: { owner, position_ids: [id] } },
      { type: "cosmos-sdk/MsgUndelegate", value: { delegator_address: victim, validator_address: v, amount: { denom: "basecro", amount: "1" } } },
      { type: "cosmos-sdk/MsgWithdrawDelegationReward", value: { delegator_address: victim, validator_address: v } },
      { type: "cosmos-sdk/MsgSend", value: { from_address: victim, to_address: addr(ATTACKER), amount: [{ denom: "basecro", amount: "1000000" }] } },
      { type: "chainmain/MsgCommitDelegationToTier", value: { delegator_address: victim, validator_address: v, amount: "10000000000", id: 1 } },
      { type: "cosmos-sdk/MsgUnjail", value: { validator_addr: v } },
      { type: "cosmos-sdk/MsgWithdrawValidatorCommission", value: { validator_address: v } },
    ];
    const gov: AminoMsg[] = [
      { type: "chainmain/MsgAddTier", value: { authority: addr(ATTACKER), tier } },
      { type: "chainmain/MsgUpdateTier", value: { authority: addr(ATTACKER), tier: { ...tier, id: 1 } } },
      { type: "chainmain/MsgDeleteTier", value: { authority: addr(ATTACKER), id: 1 } },
      { type: "chainmain/tieredrewards/MsgUpdateParams", value: { authority: addr(ATTACKER), params: { target_base_rewards_rate: "1.000000000000000000" } } },
      { type: "chainmain-dev/MsgSlashValidator", value: { authority: addr(ATTACKER), validator_address: v, slash_fraction: "1.000000000000000000" } },
    ];
    switch (rng.int(5)) {
      case 0:
      case 1: {
        const m = rng.pick(msgs);
        return postJson(rng, await sign(ctx, ATTACKER, [m]), `${m.type} of another owner, the attacker's key`);
      }
      case 2: {
        const m = rng.pick(msgs);
        const doc = clone(await sign(ctx, ATTACKER, [m]));
        const victimKey = m.type.includes("Unjail") || m.type.includes("Commission") ? 1 : pos.owner;
        doc.tx.signatures[0].pub_key.value = ctx.pubKeys.get(victimKey)!;
        return postJson(rng, doc, `${m.type}, the owner's key beside the attacker's signature`);
      }
      case 3: {
        const m = rng.pick(gov);
        const real = rng.chance(0.5);
        // as the attacker (not the authority), or naming the real authority (dev key 0) and signed by the attacker
        if (real) (m.value as Record<string, unknown>).authority = addr(0);
        return postJson(rng, await sign(ctx, ATTACKER, [m]), `${m.type} ${real ? "naming the authority" : "as the attacker"}`);
      }
      default: {
        const both = [attackerSend(), rng.pick(msgs)];
        if (rng.chance(0.5)) both.reverse();
        return postJson(rng, await sign(ctx, ATTACKER, both), "the attacker's message beside another owner's");
      }
    }
  },
};

/** Path parameters no route may accept (raw text; encoded before use). */
const INJECTIONS = [
  "../../../../etc/passwd", "..", ".", "%00", "\u0000", "1\u0000", "0 OR 1=1", "'; DROP TABLE txs; --", "<script>alert(1)</script>",
  "${jndi:ldap://x/a}", "{{7*7}}", "-1", "1.5", "1e3", "0x10", "18446744073709551616", "99999999999999999999999999", " 1", "+1", "%",
  "😀", "ｃｒｏ１", "A".repeat(5000), `cro1${"q".repeat(2000)}`, "NaN", "Infinity", "__proto__", "constructor", "toString", "\\", "\\..\\..",
  "?", "#", "a/b", "*", "$", "null", "undefined", "true", "[]", "{}", "\r\nX-Injected: 1", "\t",
];
/** Raw path text the URL keeps as is (malformed percent-escapes, encoded surrogates, overlong UTF-8). */
const RAW_INJECTIONS = ["%ZZ", "%", "%E", "%ED%A0%80", "%C0%AF", "%FF", "%F0%9F%98", "%2e%2e%2f%2e%2e%2f", "..%2F..%2Fetc%2Fpasswd", "%252F", "%u0041", "%00%00"];

const ID_ROUTES = [
  "/chainmain/tieredrewards/v1/position/{}", "/chainmain/tieredrewards/v1/raw/position/{}", "/chainmain/tieredrewards/v1/estimate_rewards/{}",
  "/chainmain/tieredrewards/v1/positions_by_tier/{}", "/chainmain/tieredrewards/v1/raw/positions_by_tier/{}", "/cosmos/tx/v1beta1/txs/{}",
];
const QUERY_ROUTES = [
  "/cosmos/bank/v1beta1/supply/by_denom?denom={}", "/cosmos/bank/v1beta1/balances/%ADDR%/by_denom?denom={}", "/cosmos/staking/v1beta1/validators?status={}",
  "/cosmos/staking/v1beta1/delegators/%ADDR%/redelegations?src_validator_addr={}&dst_validator_addr=%VAL%",
  "/cosmos/staking/v1beta1/delegators/%ADDR%/redelegations?src_validator_addr=%VAL%&dst_validator_addr={}",
];
/** SDK ValidateDenom, to keep valid denoms out of the denom injections (a valid denom answers 200). */
const DENOM = /^[a-zA-Z][a-zA-Z0-9/:._-]{2,127}$/;

const pathInjection: HostileClass = {
  name: "path-injection",
  full: 1000,
  quick: 40,
  async make(rng, ctx) {
    const raw = rng.chance(0.25);
    const value = raw ? rng.pick(RAW_INJECTIONS) : rng.pick(INJECTIONS);
    const enc = raw ? value : encodeURIComponent(value);
    const kind = rng.int(5);
    if (kind === 0) return get(rng.pick(ID_ROUTES).replace("{}", enc), `id ${JSON.stringify(value).slice(0, 40)}`);
    if (kind === 1) return get(rng.pick(ACCOUNT_ROUTES).replace("{}", enc), `account ${JSON.stringify(value).slice(0, 40)}`);
    if (kind === 2) return get(rng.pick(VALIDATOR_ROUTES).replace("{}", enc), `validator ${JSON.stringify(value).slice(0, 40)}`);
    if (kind === 3) {
      const route = rng.pick(QUERY_ROUTES);
      const denomSlot = route.includes("denom=");
      let v = value;
      if (denomSlot && DENOM.test(v)) v = `${v}!`;
      const e = raw ? v : encodeURIComponent(v);
      const path = route.replace("{}", e).replace("%ADDR%", addr(rng.pick(VICTIMS))).replace("%VAL%", rng.pick(ctx.validators));
      return get(path, `query ${JSON.stringify(v).slice(0, 40)}`);
    }
    // paths no route has: extra segments, case, dot segments, doubled slashes
    const shapes = [
      `/chainmain/tieredrewards/v1/position/0/${enc}`, `/cosmos/bank/v1beta1/balances/${addr(5)}/${enc}`, `/COSMOS/staking/v1beta1/validators`,
      `/cosmos/staking/v1beta1/validators/${ctx.validators[0]}/delegations/${addr(7)}/${enc}`, `//cosmos/staking/v1beta1/pool/${enc}`,
      `/chainmain/tieredrewards/v2/tiers`, `/cosmos/staking/v1beta1/%2e%2e/%2e%2e/${enc}`, `/dev/${enc}`, `/cosmos/tx/v1beta1/txs/${"A".repeat(63)}${enc}`,
      `/${enc}`, `/chainmain/tieredrewards/v1/${enc}`,
    ];
    return get(rng.pick(shapes), `no such path (${JSON.stringify(value).slice(0, 30)})`);
  },
};

const LIST_ROUTES = [
  "/cosmos/staking/v1beta1/validators", "/cosmos/staking/v1beta1/validators/%VAL%/delegations", "/cosmos/staking/v1beta1/delegations/%ADDR%",
  "/cosmos/staking/v1beta1/delegators/%ADDR%/unbonding_delegations", "/cosmos/staking/v1beta1/delegators/%ADDR%/redelegations",
  "/cosmos/bank/v1beta1/supply", "/cosmos/bank/v1beta1/balances/%ADDR%", "/chainmain/tieredrewards/v1/positions",
  "/chainmain/tieredrewards/v1/raw/positions", "/chainmain/tieredrewards/v1/positions/%ADDR%", "/chainmain/tieredrewards/v1/positions_by_tier/1",
];
/** Page sizes past any sane cap (the issue: the SDK caps pagination.limit; ours refuses above it). */
const HUGE_LIMITS = [
  "1000000", "10000000", `${2 ** 31}`, `${2 ** 32}`, `${2 ** 53}`, `${2n ** 63n}`, `${(1n << 64n) - 1n}`, "4294967295", "999999999",
];
/** Pagination parameters that do not parse at all. */
const BAD_PAGINATION = [
  "pagination.limit=-1", `pagination.limit=${1n << 64n}`, "pagination.limit=1e9", "pagination.limit=0x10", "pagination.limit=ten",
  "pagination.limit=1.5", "pagination.offset=-1", `pagination.offset=${1n << 64n}`, "pagination.key=%%%", "pagination.key=AAAA",
  "pagination.count_total=maybe", "pagination.reverse=2", "pagination.key=AAAAAAAAAAE%3D&pagination.offset=1", "pagination.limit=%00",
];

const hugePagination: HostileClass = {
  name: "huge-pagination",
  full: 700,
  quick: 25,
  async make(rng, ctx) {
    const route = rng.pick(LIST_ROUTES).replace("%VAL%", rng.pick(ctx.validators)).replace("%ADDR%", addr(rng.pick(VICTIMS)));
    if (rng.chance(0.2)) {
      const p = rng.pick(BAD_PAGINATION);
      return get(`${route}?${p}`, `malformed ${p}`);
    }
    const limit = rng.chance(0.8) ? rng.pick(HUGE_LIMITS) : `${rng.range(1_000_000, 2 ** 32 - 1)}`;
    const extra = rng.pick(["", "&pagination.count_total=true", "&pagination.reverse=true", "&pagination.offset=1", `&pagination.offset=${2 ** 40}`, "&pagination.count_total=true&pagination.reverse=true"]);
    return get(`${route}?pagination.limit=${limit}${extra}`, `limit ${limit}${extra}`);
  },
};

const unicodeMemos: HostileClass = {
  name: "unicode-memos",
  full: 800,
  quick: 30,
  async make(rng, ctx) {
    if (rng.chance(0.15)) {
      // invalid UTF-8 bytes in the memo on the wire (the tx was signed with another memo)
      const signed = await sign(ctx, ATTACKER, [attackerSend()], { memo: "hostile memo" });
      const [before, after] = JSON.stringify(signed).split("hostile memo");
      const junk = rng.pick([[0xed, 0xa0, 0x80], [0xed, 0xbf, 0xbf], [0xc0, 0x80], [0xff, 0xfe], [0xf4, 0x90, 0x80, 0x80]]);
      return post(rng, new Uint8Array(Buffer.concat([Buffer.from(before!), Buffer.from(junk), Buffer.from(after!)])), "invalid UTF-8 in the memo");
    }
    const { memo, how } = badMemo(rng);
    return postJson(rng, await sign(ctx, ATTACKER, [attackerSend()], { memo }), how);
  },
};

const feeVariants = (): { fee: unknown; how: string }[] => {
  const coin = (amount: string, denom = "basecro") => ({ denom, amount });
  return [
    { fee: { amount: [coin("-0")], gas: "200000" }, how: 'fee "-0"' },
    { fee: { amount: [coin("-1")], gas: "200000" }, how: 'fee "-1"' },
    { fee: { amount: [coin("-5000")], gas: "200000" }, how: 'fee "-5000"' },
    { fee: { amount: [coin("-0"), coin("5000", "zzz")], gas: "200000" }, how: 'fee "-0" beside another denom' },
    { fee: { amount: [coin("0")], gas: "0" }, how: "zero fee, zero gas" },
    { fee: { amount: [coin("5000")], gas: "0" }, how: "zero gas" },
    { fee: { amount: [coin("5000")], gas: "-1" }, how: 'gas "-1"' },
    { fee: { amount: [coin("5000")], gas: "-0" }, how: 'gas "-0"' },
    { fee: { amount: [coin("5000")], gas: "1.5" }, how: 'gas "1.5"' },
    { fee: { amount: [coin("5000")], gas: "" }, how: 'gas ""' },
    { fee: { amount: [coin("5000")], gas: "1e5" }, how: 'gas "1e5"' },
    { fee: { amount: [coin("5000")], gas: `${1n << 63n}` }, how: "gas 2^63" },
    { fee: { amount: [coin("5000")], gas: `${1n << 64n}` }, how: "gas 2^64" },
    { fee: { amount: [coin("5000")], gas: 200000 }, how: "gas a number" },
    { fee: { amount: [coin("5000", "")], gas: "200000" }, how: "empty denom" },
    { fee: { amount: [coin("5000", "b")], gas: "200000" }, how: "short denom" },
    { fee: { amount: [coin("5000", "ba$ecro")], gas: "200000" }, how: "bad denom" },
    { fee: { amount: [coin("5000", "stake")], gas: "200000" }, how: "another denom" },
    { fee: { amount: [coin("5000"), coin("1", "abc")], gas: "200000" }, how: "unsorted denoms" },
    { fee: { amount: [coin("1"), coin("1")], gas: "200000" }, how: "duplicate denoms" },
    { fee: { amount: [coin(`${1n << 127n}`)], gas: "200000" }, how: "fee 2^127" },
    { fee: { amount: [coin(`${(1n << 128n) + 5n}`)], gas: "200000" }, how: "fee past 2^128" },
    { fee: { amount: [coin(`${1n << 256n}`)], gas: "200000" }, how: "fee 2^256" },
    { fee: { amount: [coin("100000000000000000000000")], gas: "200000" }, how: "fee above the balance" },
    { fee: { amount: [{ denom: "basecro", amount: 5000 }], gas: "200000" }, how: "amount a number" },
    { fee: { amount: [coin("5000")], gas: "200000", payer: addr(7) }, how: "a payer" },
    { fee: { amount: [coin("5000")], gas: "200000", granter: addr(7) }, how: "a granter" },
    { fee: { amount: coin("5000"), gas: "200000" }, how: "amount not a list" },
  ];
};

const feeClass: HostileClass = {
  name: "bad-fees",
  full: 700,
  quick: 25,
  async make(rng, ctx) {
    const { fee, how } = rng.pick(feeVariants());
    return postJson(rng, await sign(ctx, ATTACKER, [attackerSend()], { fee: fee as StdFee }), how);
  },
};

const tooManyMsgs: HostileClass = {
  name: "too-many-msgs",
  full: 8,
  quick: 1,
  async make(rng, ctx) {
    // Well-formed sends, signed: only a limit on messages (or on gas per byte) can refuse them.
    const n = rng.pick([101, 150, 400, 1500, 3500]);
    const msgs = Array.from({ length: n }, () => attackerSend());
    return postJson(rng, await sign(ctx, ATTACKER, msgs), `${n} signed sends`);
  },
};

/**
 * Every lockstep class, in the order they run. too-many-msgs is last: until a message limit (or a
 * gas meter) refuses it, the node accepts it and its state departs from the control's for good.
 */
export const HOSTILE_CLASSES: HostileClass[] = [
  brokenJson, deepJson, hugeBody, wrongTypes, badAmounts, unknownMessages, badBech32Class, forgedSignatures, replayedSignatures,
  wrongChainId, otherOwners, pathInjection, hugePagination, unicodeMemos, feeClass, tooManyMsgs,
];

/** The dev keys' signers and public keys. */
export async function devKeys(ns: number[]): Promise<{ signers: Map<number, DevSigner>; pubKeys: Map<number, string> }> {
  const signers = new Map<number, DevSigner>();
  const pubKeys = new Map<number, string>();
  for (const n of ns) {
    const s = await devSigner(n);
    signers.set(n, s);
    const probe = (await s.sign([sendMsg(s.address, s.address, 1n)], { chainId: "x", accountNumber: 0n, sequence: 0n })) as { tx: any };
    pubKeys.set(n, probe.tx.signatures[0].pub_key.value as string);
  }
  return { signers, pubKeys };
}

export { operatorOf };
