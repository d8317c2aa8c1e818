// The hostile classes of a tx body's content (test/hostile/classes.ts): broken and deep JSON,
// bodies past the limit, wrong types at every field, bad amounts, unknown messages and fields,
// unicode memos, bad fees, and too many messages.

import type { AminoMsg, StdFee } from "@cosmjs/amino";
import { FEE } from "../helpers/dev-signer.js";
import {
  ATTACKER, BODY_LIMIT, MiB, addr, attackerSend, clone, deadTx, post, postJson, setAt, sign, withRaw, type HostileClass,
} from "./context.js";
import { BAD_AMOUNTS, HUGE_AMOUNTS, RAW_TOKENS, WRONG_VALUES, amountMsg, badMemo } from "./values.js";

export const brokenJson: HostileClass = {
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

export const deepJson: HostileClass = {
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

export const hugeBody: HostileClass = {
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

export const wrongTypes: HostileClass = {
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

export const badAmounts: HostileClass = {
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

export const unknownMessages: HostileClass = {
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

export const unicodeMemos: HostileClass = {
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

export const feeClass: HostileClass = {
  name: "bad-fees",
  full: 700,
  quick: 25,
  async make(rng, ctx) {
    const { fee, how } = rng.pick(feeVariants());
    return postJson(rng, await sign(ctx, ATTACKER, [attackerSend()], { fee: fee as StdFee }), how);
  },
};

export const tooManyMsgs: HostileClass = {
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
