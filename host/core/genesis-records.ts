// The core's records as the SDK's genesis sees them: an export's validators, F1 records,
// delegations, entries and positions placed in the core one by one (assembly/genesis/place.ts),
// and the core's tables read back record by record for an export. The layouts are the core's
// (assembly/ledger/*.ts V_*, D_*, U_*, R_*; assembly/tier/state.ts P_*, T_*, VE_*, VD_*).

import type { Core } from "./core.js";
import { READ, WRITE, readFields, writeFields, type Layout } from "./record-layout.js";
import {
  P_ID, P_OWNER, P_TIER, P_DELEGATOR, P_VALIDATOR, P_LAST_ACCRUAL, P_LAST_SEQ, P_BONDED, P_TRIGGERED, P_UNLOCK, P_HEIGHT, P_TIME, P_SIZE,
  T_EXIT, T_APY, T_MIN_LOCK, T_CLOSE_ONLY, T_SIZE, V_OPERATOR, V_STATUS, V_JAILED, V_TOKENS, V_SHARES, V_COMMISSION_RATE, V_PERIOD,
  V_CURRENT_REWARDS, V_COMMISSION, V_OUTSTANDING, V_ORDER_KEY, V_LAST_POWER, V_UNBONDING_TIME, V_UNBONDING_HEIGHT,
  V_MIN_SELF_DELEGATION, V_JAILED_UNTIL, V_SLASH_EVENTS, V_SIZE, U128_HIGH,
} from "./abi.gen.js";

type Ptr = number;

/** The placement exports (assembly/genesis/place.ts). */
interface PlaceExports {
  genesisTableIds(out: Ptr): number;
  genesisPlaceRecord(kind: number, src: Ptr): number;
  genesisPlaceDelegation(delegator: number, validator: number, src: Ptr, previousPeriod: bigint, height: bigint): number;
  genesisPlaceUnbonding(id: bigint, delegator: number, validator: number, height: bigint, completion: bigint, src: Ptr): number;
  genesisPlaceRedelegation(id: bigint, delegator: number, src: number, dst: number, height: bigint, completion: bigint, amounts: Ptr): number;
  genesisSetEntrySequence(last: bigint): void;
  genesisSetCell(id: bigint, src: Ptr): void;
  genesisSetWithdrawAddress(delegator: number, recipient: number): void;
  genesisPlacePosition(src: Ptr): number;
  genesisSetNextPositionId(id: bigint): number;
}

/** The tables genesisTableIds names, in its order. */
const KINDS = [
  "balances", "validators", "historical", "slashEvents", "delegations", "unbondings", "redelegations", "withdrawAddresses",
  "tiers", "positions", "owners", "tierGlobals", "validatorData", "validatorEvents", "tierParams", "unbondingPairs",
] as const;
export type TableKind = (typeof KINDS)[number];

/** Cells (assembly/ledger/globals.ts). */
export const Cell = { communityPool: 1n, blockTime: 2n, entrySequence: 3n } as const;

export interface ValidatorFields {
  id: number;
  operator: number;
  status: number;
  jailed: boolean;
  tokens: bigint;
  shares: bigint;
  commissionRate: bigint;
  period: bigint;
  currentRewards: bigint;
  commission: bigint;
  outstanding: bigint;
  orderKey: bigint;
  lastPower: bigint;
  unbondingTime: bigint;
  unbondingHeight: bigint;
  minSelfDelegation: bigint;
  jailedUntil: bigint;
  slashEvents: bigint;
}

export interface PositionFields {
  id: bigint;
  owner: number;
  tier: number;
  delegator: number;
  validator: number;
  lastAccrual: bigint;
  lastSeq: bigint;
  bonded: boolean;
  triggered: bigint;
  unlock: bigint;
  height: bigint;
  time: bigint;
}

export interface TierFields {
  id: number;
  exitSeconds: bigint;
  apy: bigint;
  minLock: bigint;
  closeOnly: boolean;
}

export interface ValidatorEventFields {
  validator: number;
  seq: bigint;
  height: bigint;
  time: bigint;
  type: number;
  tokensPerShare: bigint;
  refs: bigint;
}

/** The stored records' fields after their u64 key (offset 0), by their layouts in the core. */
const VALIDATOR: Layout<Omit<ValidatorFields, "id">> = {
  operator: ["u32", V_OPERATOR],
  status: ["u8", V_STATUS],
  jailed: ["bool", V_JAILED],
  tokens: ["u128", V_TOKENS],
  shares: ["u128", V_SHARES],
  commissionRate: ["u128", V_COMMISSION_RATE],
  period: ["u64", V_PERIOD],
  currentRewards: ["u128", V_CURRENT_REWARDS],
  commission: ["u128", V_COMMISSION],
  outstanding: ["u128", V_OUTSTANDING],
  orderKey: ["u64", V_ORDER_KEY],
  lastPower: ["u64", V_LAST_POWER],
  unbondingTime: ["i64", V_UNBONDING_TIME],
  unbondingHeight: ["u64", V_UNBONDING_HEIGHT],
  minSelfDelegation: ["u128", V_MIN_SELF_DELEGATION],
  jailedUntil: ["i64", V_JAILED_UNTIL],
  slashEvents: ["u64", V_SLASH_EVENTS],
};

const POSITION: Layout<Omit<PositionFields, "id">> = {
  owner: ["u32", P_OWNER],
  tier: ["u32", P_TIER],
  delegator: ["u32", P_DELEGATOR],
  validator: ["u32", P_VALIDATOR],
  lastAccrual: ["i64", P_LAST_ACCRUAL],
  lastSeq: ["u64", P_LAST_SEQ],
  bonded: ["bool", P_BONDED],
  triggered: ["i64", P_TRIGGERED],
  unlock: ["i64", P_UNLOCK],
  height: ["u64", P_HEIGHT],
  time: ["i64", P_TIME],
};

const TIER: Layout<Omit<TierFields, "id">> = {
  exitSeconds: ["u64", T_EXIT], apy: ["u128", T_APY], minLock: ["u128", T_MIN_LOCK], closeOnly: ["bool", T_CLOSE_ONLY],
};

/** A validator event's stored record: the key (validator << 40 | seq), then the event. */
const VALIDATOR_EVENT: Layout<Omit<ValidatorEventFields, "validator" | "seq">> = {
  height: ["u64", 8], time: ["i64", 16], type: ["u32", 24], tokensPerShare: ["u128", 32], refs: ["u64", 48],
};

type Row<K extends keyof CoreState> = CoreState[K] extends (infer R)[] ? R : never;
const HISTORICAL: Layout<Omit<Row<"historical">, "validator" | "period">> = { ratio: ["u128", 8], references: ["u32", 24] };
const SLASH_EVENT: Layout<Omit<Row<"slashEvents">, "validator" | "index">> = { height: ["u64", 8], period: ["u64", 16], fraction: ["u128", 24] };
const VALIDATOR_DATA: Layout<{ seq: bigint }> = { seq: ["u64", 8] };

/** A delegation's stored record: the key (delegator << 32 | validator), then its F1 starting info. */
const DELEGATION: Layout<Omit<Row<"delegations">, "delegator" | "validator">> = {
  shares: ["u128", 8], previousPeriod: ["u64", 24], stake: ["u128", 32], height: ["u64", 48], hasInfo: ["bool", 56],
};

const UNBONDING: Layout<Omit<Row<"unbondings">, "id">> = {
  delegator: ["u32", 8], validator: ["u32", 12], height: ["u64", 16], completion: ["i64", 24], initial: ["u128", 32], balance: ["u128", 48],
};

const REDELEGATION: Layout<Omit<Row<"redelegations">, "id">> = {
  delegator: ["u32", 8], src: ["u32", 12], dst: ["u32", 16], height: ["u64", 24], completion: ["i64", 32], initial: ["u128", 40], sharesDst: ["u128", 56],
};

/** What the delegation and entry placements take: two amounts. */
const AMOUNTS: Layout<{ a: bigint; b: bigint }> = { a: ["u128", 0], b: ["u128", 16] };

/** READ.u128 without the high word's bigints when it is zero (most amounts). */
function u128(dv: DataView, at: number): bigint {
  const lo = dv.getBigUint64(at, true);
  const hi = dv.getBigUint64(at + U128_HIGH, true);
  return hi === 0n ? lo : lo | (hi << 64n);
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Placing an export's records into a fresh core; each call throws the core's error (CoreError). */
export class GenesisPlacer {
  private readonly x: PlaceExports;
  constructor(private readonly core: Core) {
    this.x = core.exports as unknown as PlaceExports;
  }

  /** A record into the core's buffer, then `call` with its address. */
  private withRecord(size: number, fill: (dv: DataView) => void, call: (ptr: Ptr) => number): void {
    const c = this.core;
    const ptr = c.exports.bufferPtr();
    const bytes = new Uint8Array(size);
    fill(view(bytes));
    new Uint8Array(c.exports.memory.buffer, ptr, size).set(bytes);
    c.check(call(ptr));
  }

  /** A stored record of `kind`: its u64 key, then its fields by `layout`. */
  private placeRecord<T>(kind: number, size: number, key: bigint, layout: Layout<T>, fields: T): void {
    this.withRecord(size, (dv) => {
      WRITE.u64(dv, 0, key);
      writeFields(dv, 0, layout, fields);
    }, (p) => this.x.genesisPlaceRecord(kind, p));
  }

  validator(v: ValidatorFields): void {
    this.placeRecord(0, V_SIZE, BigInt(v.id), VALIDATOR, v);
  }

  historical(validator: number, period: bigint, ratio: bigint, references: number): void {
    this.placeRecord(1, 32, (BigInt(validator) << 40n) | period, HISTORICAL, { ratio, references });
  }

  slashEvent(validator: number, index: bigint, height: bigint, period: bigint, fraction: bigint): void {
    this.placeRecord(2, 40, (BigInt(validator) << 40n) | index, SLASH_EVENT, { height, period, fraction });
  }

  tier(t: TierFields): void {
    this.placeRecord(3, T_SIZE, BigInt(t.id), TIER, t);
  }

  validatorEvent(e: ValidatorEventFields): void {
    this.placeRecord(4, 56, (BigInt(e.validator) << 40n) | e.seq, VALIDATOR_EVENT, e);
  }

  /** A validator's event sequence (its delegated-position count follows the positions placed). */
  validatorSeq(validator: number, seq: bigint): void {
    this.placeRecord(5, 24, BigInt(validator), VALIDATOR_DATA, { seq });
  }

  /** Two amounts (a delegation's shares and stake, an entry's initial balance and balance or shares) for `call`. */
  private amounts(a: bigint, b: bigint, call: (ptr: Ptr) => number): void {
    this.withRecord(32, (dv) => writeFields(dv, 0, AMOUNTS, { a, b }), call);
  }

  delegation(delegator: number, validator: number, shares: bigint, stake: bigint, previousPeriod: bigint, height: bigint): void {
    this.amounts(shares, stake, (p) => this.x.genesisPlaceDelegation(delegator, validator, p, previousPeriod, height));
  }

  unbonding(e: { id: bigint; delegator: number; validator: number; height: bigint; completion: bigint; initial: bigint; balance: bigint }): void {
    this.amounts(e.initial, e.balance, (p) => this.x.genesisPlaceUnbonding(e.id, e.delegator, e.validator, e.height, e.completion, p));
  }

  redelegation(e: { id: bigint; delegator: number; src: number; dst: number; height: bigint; completion: bigint; initial: bigint; sharesDst: bigint }): void {
    this.amounts(e.initial, e.sharesDst, (p) => this.x.genesisPlaceRedelegation(e.id, e.delegator, e.src, e.dst, e.height, e.completion, p));
  }

  entrySequence(last: bigint): void {
    this.x.genesisSetEntrySequence(last);
  }

  cell(id: bigint, value: bigint): void {
    this.withRecord(16, (dv) => (id === Cell.blockTime ? WRITE.i64(dv, 0, value) : WRITE.u128(dv, 0, value)), (p) => {
      this.x.genesisSetCell(id, p);
      return 0;
    });
  }

  withdrawAddress(delegator: number, recipient: number): void {
    this.x.genesisSetWithdrawAddress(delegator, recipient);
  }

  /** Positions in ascending id order (their lists are appended to). */
  position(p: PositionFields): void {
    this.withRecord(P_SIZE, (dv) => {
      WRITE.u64(dv, P_ID, p.id);
      writeFields(dv, 0, POSITION, p);
    }, (ptr) => this.x.genesisPlacePosition(ptr));
  }

  nextPositionId(id: bigint): void {
    this.core.check(this.x.genesisSetNextPositionId(id));
  }
}

/** The core's table ids by kind (fixed per core build). */
export function tableIds(core: Core): Map<number, TableKind> {
  const out = core.exports.bufferPtr();
  const n = (core.exports as unknown as PlaceExports).genesisTableIds(out);
  const dv = new DataView(core.exports.memory.buffer, out, n * 4);
  return new Map(KINDS.slice(0, n).map((kind, i) => [dv.getUint32(i * 4, true), kind]));
}

/** Every record of the core's tables an export reads, decoded, from the stored records. */
export interface CoreState {
  balances: Map<number, bigint>;
  validators: ValidatorFields[];
  historical: { validator: number; period: bigint; ratio: bigint; references: number }[];
  slashEvents: { validator: number; index: bigint; height: bigint; period: bigint; fraction: bigint }[];
  delegations: { delegator: number; validator: number; shares: bigint; previousPeriod: bigint; stake: bigint; height: bigint; hasInfo: boolean }[];
  unbondings: { id: bigint; delegator: number; validator: number; height: bigint; completion: bigint; initial: bigint; balance: bigint }[];
  redelegations: { id: bigint; delegator: number; src: number; dst: number; height: bigint; completion: bigint; initial: bigint; sharesDst: bigint }[];
  withdrawAddresses: Map<number, number>;
  tiers: TierFields[];
  positions: PositionFields[];
  nextPositionId: bigint;
  validatorSeqs: Map<number, bigint>;
  validatorEvents: ValidatorEventFields[];
  /** The target base rewards rate governance set (undefined: the genesis's stands). */
  targetRate?: bigint;
}

/** Decode the stored records (table id, bytes) of the kinds an export reads. */
export function decodeCoreState(records: Iterable<readonly [table: number, bytes: Uint8Array]>, kinds: Map<number, TableKind>): CoreState {
  const steps = decodeCoreStateSteps(records, kinds, Infinity);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** decodeCoreState a step at a time: it pauses (yields) every `every` records, so a caller can give the event loop its turns. */
export function* decodeCoreStateSteps(
  records: Iterable<readonly [table: number, bytes: Uint8Array]>, kinds: Map<number, TableKind>, every: number,
): Generator<void, CoreState, undefined> {
  const s: CoreState = {
    balances: new Map(), validators: [], historical: [], slashEvents: [], delegations: [], unbondings: [], redelegations: [],
    withdrawAddresses: new Map(), tiers: [], positions: [], nextPositionId: 0n, validatorSeqs: new Map(), validatorEvents: [],
  };
  const low40 = (k: bigint) => k & ((1n << 40n) - 1n);
  let n = 0;
  for (const [table, bytes] of records) {
    if (++n >= every) {
      n = 0;
      yield;
    }
    const kind = kinds.get(table);
    if (kind === undefined || kind === "owners" || kind === "unbondingPairs") continue;
    const dv = view(bytes);
    const key = READ.u64(dv, 0);
    const fields = <T>(layout: Layout<T>) => readFields(dv, 0, layout);
    switch (kind) {
      case "balances": s.balances.set(Number(key), u128(dv, 8)); break;
      case "validators": s.validators.push({ id: Number(key), ...fields(VALIDATOR) }); break;
      case "historical": s.historical.push({ validator: Number(key >> 40n), period: low40(key), ...fields(HISTORICAL) }); break;
      case "slashEvents": s.slashEvents.push({ validator: Number(key >> 40n), index: low40(key), ...fields(SLASH_EVENT) }); break;
      case "delegations": // the long table: read directly (DELEGATION's layout)
        s.delegations.push({
          delegator: dv.getUint32(4, true), validator: dv.getUint32(0, true), shares: u128(dv, DELEGATION.shares[1]),
          previousPeriod: dv.getBigUint64(DELEGATION.previousPeriod[1], true), stake: u128(dv, DELEGATION.stake[1]),
          height: dv.getBigUint64(DELEGATION.height[1], true), hasInfo: dv.getUint8(DELEGATION.hasInfo[1]) !== 0,
        });
        break;
      case "unbondings": s.unbondings.push({ id: key, ...fields(UNBONDING) }); break;
      case "redelegations": s.redelegations.push({ id: key, ...fields(REDELEGATION) }); break;
      case "withdrawAddresses": s.withdrawAddresses.set(Number(key), READ.u32(dv, 8)); break;
      case "tiers": s.tiers.push({ id: Number(key), ...fields(TIER) }); break;
      case "positions": s.positions.push({ id: key, ...fields(POSITION) }); break;
      case "tierGlobals": s.nextPositionId = READ.u64(dv, 8); break;
      case "validatorData": s.validatorSeqs.set(Number(key), fields(VALIDATOR_DATA).seq); break;
      case "validatorEvents": s.validatorEvents.push({ validator: Number(key >> 40n), seq: low40(key), ...fields(VALIDATOR_EVENT) }); break;
      case "tierParams": s.targetRate = READ.u128(dv, 8); break;
      default: break;
    }
  }
  return s;
}
