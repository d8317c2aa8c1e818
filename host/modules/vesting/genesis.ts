// Vesting accounts in x/auth's genesis (`app_state.auth.accounts`), both ways: a
// ContinuousVestingAccount, DelayedVestingAccount, PeriodicVestingAccount or PermanentLockedAccount
// in its Any, its BaseVestingAccount around the BaseAccount. Parsed with the SDK's Validate rules
// (start before end, a periodic account's end and original vesting the sum of its periods,
// delegated vesting within the original), of the bond denom only; written as the SDK exports them.

import { array, fail, int, object, string, uint64, type Json } from "../../framework/genesis-json.js";
import type { VestingKind, VestingLock } from "../../core/vesting.js";
import { VESTING_TYPE_URL } from "./records.js";

const KIND_OF_TYPE = new Map(Object.entries(VESTING_TYPE_URL).map(([k, v]) => [v, k as VestingKind]));

/** Whether an account's `@type` is a vesting account's. */
export const isVestingType = (type: string): boolean => KIND_OF_TYPE.has(type);

/** A vesting account's lock as the genesis states it: coins by denom (checked against the bond denom at InitChain). */
export interface GenesisVesting {
  kind: VestingKind;
  startTime: bigint;
  endTime: bigint;
  originalVesting: Map<string, bigint>;
  delegatedFree: Map<string, bigint>;
  delegatedVesting: Map<string, bigint>;
  periods: { length: bigint; amount: Map<string, bigint> }[];
}

function coins(v: Json | undefined, p: string): Map<string, bigint> {
  const out = new Map<string, bigint>();
  array(v ?? [], p).forEach((c, i) => {
    const cp = `${p}[${i}]`;
    const o = object(c, cp, ["denom", "amount"]);
    const denom = string(o.denom, `${cp}.denom`);
    const amount = uint64Int(o.amount, `${cp}.amount`);
    if (amount <= 0n || out.has(denom)) fail("invalid coins", cp);
    out.set(denom, amount);
  });
  return out;
}

function uint64Int(v: Json | undefined, p: string): bigint {
  const n = int(v, p);
  if (n < 0n) fail(`negative amount ${n}`, p);
  return n;
}

const sum = (maps: Map<string, bigint>[]): Map<string, bigint> => {
  const out = new Map<string, bigint>();
  for (const m of maps) for (const [d, a] of m) out.set(d, (out.get(d) ?? 0n) + a);
  return out;
};
const same = (a: Map<string, bigint>, b: Map<string, bigint>) => a.size === b.size && [...a].every(([d, x]) => b.get(d) === x);

/**
 * A vesting account's JSON (`@type` one of VESTING_TYPE_URL's): its base account's JSON (to the
 * caller's parser) and its lock.
 */
export function parseVestingAccount(o: { [k: string]: Json | undefined }, p: string): { base: Json; baseAt: string; vesting: GenesisVesting } {
  const type = string(o["@type"], `${p}.@type`);
  const kind = KIND_OF_TYPE.get(type)!;
  const timed = kind === "continuous" || kind === "periodic";
  for (const k of Object.keys(o)) {
    const allowed = ["@type", "base_vesting_account", ...(timed ? ["start_time"] : []), ...(kind === "periodic" ? ["vesting_periods"] : [])];
    if (!allowed.includes(k)) fail(`unknown field ${JSON.stringify(k)} (known: ${allowed.join(", ")})`, p);
  }
  const bp = `${p}.base_vesting_account`;
  const b = object(o.base_vesting_account, bp, ["base_account", "original_vesting", "delegated_free", "delegated_vesting", "end_time"]);
  const vesting: GenesisVesting = {
    kind,
    startTime: timed ? int(o.start_time ?? "0", `${p}.start_time`) : 0n,
    endTime: int(b.end_time ?? "0", `${bp}.end_time`),
    originalVesting: coins(b.original_vesting, `${bp}.original_vesting`),
    delegatedFree: coins(b.delegated_free, `${bp}.delegated_free`),
    delegatedVesting: coins(b.delegated_vesting, `${bp}.delegated_vesting`),
    periods: kind !== "periodic" ? [] : array(o.vesting_periods ?? [], `${p}.vesting_periods`).map((x, i) => {
      const pp = `${p}.vesting_periods[${i}]`;
      const q = object(x, pp, ["length", "amount"]);
      return { length: uint64(q.length ?? "0", `${pp}.length`), amount: coins(q.amount, `${pp}.amount`) };
    }),
  };
  // Validate: the kind's, then BaseVestingAccount's
  if (timed && vesting.startTime >= vesting.endTime) fail("vesting start-time cannot be before end-time", p);
  if (kind === "periodic") {
    const end = vesting.periods.reduce((t, x) => t + x.length, vesting.startTime);
    if (end !== vesting.endTime) fail("vesting end time does not match length of all vesting periods", p);
    if (!same(sum(vesting.periods.map((x) => x.amount)), vesting.originalVesting)) fail("original vesting coins does not match the sum of all coins in vesting periods", p);
  }
  if (vesting.endTime < 0n) fail("end time cannot be negative", bp);
  for (const [d, a] of vesting.delegatedVesting) {
    if (a > (vesting.originalVesting.get(d) ?? 0n)) fail("delegated vesting amount cannot be greater than original vesting amount", bp);
  }
  return { base: b.base_account ?? null, baseAt: `${bp}.base_account`, vesting };
}

/** The lock of the bond denom (the node holds no other): another denom is refused, naming `path`. */
export function bondLock(v: GenesisVesting, denom: string, path: string): VestingLock {
  const only = (m: Map<string, bigint>, what: string) => {
    for (const d of m.keys()) if (d !== denom) fail(`only the bond denom ${denom} can vest, got ${d}`, `${path}.${what}`);
    return m.get(denom) ?? 0n;
  };
  return {
    kind: v.kind, startTime: v.startTime, endTime: v.endTime,
    originalVesting: only(v.originalVesting, "original_vesting"), delegatedFree: only(v.delegatedFree, "delegated_free"),
    delegatedVesting: only(v.delegatedVesting, "delegated_vesting"),
    periods: v.periods.map((x) => ({ length: x.length, amount: only(x.amount, "vesting_periods") })),
  };
}

const coinsJson = (denom: string, amount: bigint): Json => (amount === 0n ? [] : [{ denom, amount: `${amount}` }]);

/** A vesting account as the SDK exports it, around its base account's JSON. */
export function vestingAccountJson(lock: VestingLock, base: Json, denom: string): Json {
  const out: { [k: string]: Json } = {
    "@type": VESTING_TYPE_URL[lock.kind],
    base_vesting_account: {
      base_account: base,
      original_vesting: coinsJson(denom, lock.originalVesting),
      delegated_free: coinsJson(denom, lock.delegatedFree),
      delegated_vesting: coinsJson(denom, lock.delegatedVesting),
      end_time: `${lock.endTime}`,
    },
  };
  if (lock.kind === "continuous" || lock.kind === "periodic") out.start_time = `${lock.startTime}`;
  if (lock.kind === "periodic") out.vesting_periods = lock.periods.map((x) => ({ length: `${x.length}`, amount: coinsJson(denom, x.amount) }));
  return out;
}
