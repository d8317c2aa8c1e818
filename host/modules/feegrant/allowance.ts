// x/feegrant's allowances (cosmossdk.io/x/feegrant v0.1.1: basic_fee.go, periodic_fee.go,
// filtered_fee.go) as plain values: read from their protobuf Any, checked (ValidateBasic), used
// (Accept: the fee taken from the limits, a period reset, the allowed messages), and packed again
// into the Any the store keeps, byte for byte as gogoproto writes it (a PeriodicAllowance's
// `basic`, `period` and `period_reset` always written, non-nullable). Times are unix ns (a Go zero
// time.Time, year 1, included), durations ns, amounts bigint.

import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { AnySchema, type Any, type Timestamp } from "@bufbuild/protobuf/wkt";
import { SdkErrors, TxError, type ErrorKind } from "../../wire/errors.js";
import { coinsError, coinsString, protoCoins, type Coin } from "../../wire/coins.js";
import { duration, timestamp } from "../../wire/timestamp.js";
import {
  AllowedMsgAllowanceSchema, BasicAllowanceSchema, PeriodicAllowanceSchema, type BasicAllowance as BasicProto,
} from "../../wire/gen/cosmos/feegrant/v1beta1/feegrant_pb.js";

const fg = (code: number, description: string): ErrorKind => ({ codespace: "feegrant", code, description });
/** x/feegrant's registered errors (errors.go). */
export const FeegrantErrors = {
  FeeLimitExceeded: fg(2, "fee limit exceeded"),
  FeeLimitExpired: fg(3, "fee allowance expired"),
  InvalidDuration: fg(4, "invalid duration"),
  NoAllowance: fg(5, "no allowance"),
  NoMessages: fg(6, "allowed messages are empty"),
  MessageNotAllowed: fg(7, "message not allowed"),
} as const;

export interface Basic {
  readonly kind: "basic";
  /** Empty: no limit (the SDK's nil). */
  readonly spendLimit: readonly Coin[];
  readonly expiration?: bigint;
}
export interface Periodic {
  readonly kind: "periodic";
  readonly basic: Basic;
  readonly periodNs: bigint;
  readonly periodSpendLimit: readonly Coin[];
  readonly periodCanSpend: readonly Coin[];
  readonly periodResetNs: bigint;
}
export interface AllowedMsg {
  readonly kind: "allowed";
  readonly allowance: Allowance;
  readonly allowedMessages: readonly string[];
}
export type Allowance = Basic | Periodic | AllowedMsg;

export const BASIC_URL = `/${BasicAllowanceSchema.typeName}`;
export const PERIODIC_URL = `/${PeriodicAllowanceSchema.typeName}`;
export const ALLOWED_URL = `/${AllowedMsgAllowanceSchema.typeName}`;

const NS = 1_000_000_000n;
/** Go's zero time.Time (0001-01-01T00:00:00Z) in unix ns: a non-nullable timestamp never set. */
export const GO_ZERO_TIME_NS = -62_135_596_800n * NS;

const timeNs = (t: Timestamp | undefined, absent: bigint): bigint => (t === undefined ? absent : t.seconds * NS + BigInt(t.nanos));

function basicOf(b: BasicProto | undefined): Basic {
  const spendLimit = protoCoins(b?.spendLimit ?? [], "spend_limit");
  return { kind: "basic", spendLimit, ...(b?.expiration ? { expiration: timeNs(b.expiration, 0n) } : {}) };
}

/** The allowance an Any holds (sdk 2 for one that is no allowance, as the interface registry refuses it). */
export function allowanceOf(any: Any | undefined): Allowance {
  if (any === undefined) throw new TxError(FeegrantErrors.NoAllowance, "failed to get allowance");
  try {
    switch (any.typeUrl) {
      case BASIC_URL:
        return basicOf(fromBinary(BasicAllowanceSchema, any.value));
      case PERIODIC_URL: {
        const p = fromBinary(PeriodicAllowanceSchema, any.value);
        return {
          kind: "periodic", basic: basicOf(p.basic), periodNs: p.period ? p.period.seconds * NS + BigInt(p.period.nanos) : 0n,
          periodSpendLimit: protoCoins(p.periodSpendLimit, "period_spend_limit"), periodCanSpend: protoCoins(p.periodCanSpend, "period_can_spend"),
          periodResetNs: timeNs(p.periodReset, GO_ZERO_TIME_NS),
        };
      }
      case ALLOWED_URL: {
        const a = fromBinary(AllowedMsgAllowanceSchema, any.value);
        return { kind: "allowed", allowance: allowanceOf(a.allowance), allowedMessages: a.allowedMessages };
      }
    }
  } catch (e) {
    if (e instanceof TxError) throw e;
    throw new TxError(SdkErrors.TxDecode, (e as Error).message, "decode");
  }
  throw new TxError(SdkErrors.TxDecode, `no concrete type registered for type URL ${any.typeUrl} against interface *feegrant.FeeAllowanceI`, "decode");
}

const protoCoinList = (coins: readonly Coin[]) => coins.map((c) => ({ denom: c.denom, amount: `${c.amount}` }));
const basicInit = (b: Basic) => ({ spendLimit: protoCoinList(b.spendLimit), ...(b.expiration === undefined ? {} : { expiration: timestamp(b.expiration) }) });

/** The allowance packed as the store keeps it (an Any of its protobuf bytes). */
export function allowanceAny(a: Allowance): Any {
  switch (a.kind) {
    case "basic":
      return create(AnySchema, { typeUrl: BASIC_URL, value: toBinary(BasicAllowanceSchema, create(BasicAllowanceSchema, basicInit(a))) });
    case "periodic":
      return create(AnySchema, {
        typeUrl: PERIODIC_URL,
        value: toBinary(PeriodicAllowanceSchema, create(PeriodicAllowanceSchema, {
          basic: basicInit(a.basic), period: duration(a.periodNs), periodSpendLimit: protoCoinList(a.periodSpendLimit),
          periodCanSpend: protoCoinList(a.periodCanSpend), periodReset: timestamp(a.periodResetNs),
        })),
      });
    case "allowed":
      return create(AnySchema, {
        typeUrl: ALLOWED_URL,
        value: toBinary(AllowedMsgAllowanceSchema, create(AllowedMsgAllowanceSchema, { allowance: allowanceAny(a.allowance), allowedMessages: [...a.allowedMessages] })),
      });
  }
}

/** ExpiresAt. */
export function expiresAt(a: Allowance): bigint | undefined {
  return a.kind === "basic" ? a.expiration : a.kind === "periodic" ? a.basic.expiration : expiresAt(a.allowance);
}

const invalidCoins = (detail: string) => new TxError(SdkErrors.InvalidCoins, detail);

function validateBasicAllowance(b: Basic): void {
  if (b.spendLimit.length > 0) {
    if (coinsError(b.spendLimit) !== undefined) throw invalidCoins(`send amount is invalid: ${coinsString(b.spendLimit)}`);
  }
  if (b.expiration !== undefined && floorDiv(b.expiration, NS) < 0n) throw new TxError(FeegrantErrors.InvalidDuration, "expiration time cannot be negative");
}

/** ValidateBasic (the msg server runs it after its existence check). */
export function validateAllowance(a: Allowance): void {
  if (a.kind === "basic") return validateBasicAllowance(a);
  if (a.kind === "allowed") {
    if (a.allowedMessages.length === 0) throw new TxError(FeegrantErrors.NoMessages, "allowed messages shouldn't be empty");
    return validateAllowance(a.allowance);
  }
  validateBasicAllowance(a.basic);
  if (coinsError(a.periodSpendLimit) !== undefined) throw invalidCoins(`spend amount is invalid: ${coinsString(a.periodSpendLimit)}`);
  if (a.periodSpendLimit.length === 0) throw invalidCoins("spend limit must be positive");
  if (a.periodCanSpend.length > 0 && coinsError(a.periodCanSpend) !== undefined) {
    // IsValid of can-spend: the SDK's text, then its negative check
    throw invalidCoins(`can spend amount is invalid: ${coinsString(a.periodCanSpend)}`);
  }
  if (a.basic.spendLimit.length > 0 && !denomsSubset(a.periodSpendLimit, a.basic.spendLimit)) {
    throw invalidCoins("period spend limit has different currency than basic spend limit");
  }
  if (a.periodNs / NS < 0n) throw new TxError(FeegrantErrors.InvalidDuration, "negative clock step");
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n ? q - 1n : q;
}

function denomsSubset(a: readonly Coin[], b: readonly Coin[]): boolean {
  if (a.length > b.length) return false;
  return a.every((c) => b.some((d) => d.denom === c.denom));
}

/** Coins.SafeSub: the difference (zero coins dropped, sorted by denom) and whether any is negative. */
export function safeSub(a: readonly Coin[], b: readonly Coin[]): { left: Coin[]; negative: boolean } {
  const m = new Map<string, bigint>();
  for (const c of a) m.set(c.denom, (m.get(c.denom) ?? 0n) + c.amount);
  for (const c of b) m.set(c.denom, (m.get(c.denom) ?? 0n) - c.amount);
  const left = [...m].filter(([, v]) => v !== 0n).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)).map(([denom, amount]) => ({ denom, amount }));
  return { left, negative: left.some((c) => c.amount < 0n) };
}

/** What Accept decided: remove the grant, keep `updated`, or refuse with `error` (the grant removed too when `remove`). */
export interface Acceptance {
  remove: boolean;
  updated: Allowance;
  error?: TxError;
  /** Gas Accept itself consumed (AllowedMsgAllowance: 10 per allowed message and per message checked). */
  gas: bigint;
}

/** Accept(fee, msgs) at block time `nowNs`. */
export function accept(a: Allowance, fee: readonly Coin[], typeUrls: readonly string[], nowNs: bigint): Acceptance {
  switch (a.kind) {
    case "basic": {
      if (a.expiration !== undefined && a.expiration < nowNs) return { remove: true, updated: a, error: new TxError(FeegrantErrors.FeeLimitExpired, "basic allowance"), gas: 0n };
      if (a.spendLimit.length === 0) return { remove: false, updated: a, gas: 0n };
      const { left, negative } = safeSub(a.spendLimit, fee);
      if (negative) return { remove: false, updated: a, error: new TxError(FeegrantErrors.FeeLimitExceeded, "basic allowance"), gas: 0n };
      return { remove: left.length === 0, updated: { ...a, spendLimit: left }, gas: 0n };
    }
    case "periodic": {
      if (a.basic.expiration !== undefined && nowNs > a.basic.expiration) {
        return { remove: true, updated: a, error: new TxError(FeegrantErrors.FeeLimitExpired, "absolute limit"), gas: 0n };
      }
      let p: Periodic = a;
      if (nowNs >= p.periodResetNs) {
        const overBasic = safeSub(p.basic.spendLimit, p.periodSpendLimit).negative && p.basic.spendLimit.length > 0;
        let reset = p.periodResetNs + p.periodNs;
        if (nowNs > reset) reset = nowNs + p.periodNs;
        p = { ...p, periodCanSpend: overBasic ? p.basic.spendLimit : p.periodSpendLimit, periodResetNs: reset };
      }
      const period = safeSub(p.periodCanSpend, fee);
      if (period.negative) return { remove: false, updated: a, error: new TxError(FeegrantErrors.FeeLimitExceeded, "period limit"), gas: 0n };
      p = { ...p, periodCanSpend: period.left };
      if (p.basic.spendLimit.length === 0) return { remove: false, updated: p, gas: 0n };
      const total = safeSub(p.basic.spendLimit, fee);
      if (total.negative) return { remove: false, updated: a, error: new TxError(FeegrantErrors.FeeLimitExceeded, "absolute limit"), gas: 0n };
      return { remove: total.left.length === 0, updated: { ...p, basic: { ...p.basic, spendLimit: total.left } }, gas: 0n };
    }
    case "allowed": {
      let gas = 10n * BigInt(a.allowedMessages.length);
      const allowed = new Set(a.allowedMessages);
      for (const url of typeUrls) {
        gas += 10n;
        if (!allowed.has(url)) return { remove: false, updated: a, error: new TxError(FeegrantErrors.MessageNotAllowed, "message does not exist in allowed messages"), gas };
      }
      const inner = accept(a.allowance, fee, typeUrls, nowNs);
      gas += inner.gas;
      return { remove: inner.remove, updated: inner.error || inner.remove ? a : { ...a, allowance: inner.updated }, ...(inner.error ? { error: inner.error } : {}), gas };
    }
  }
}
