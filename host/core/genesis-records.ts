// The core's records as the SDK's genesis sees them: an export's validators, F1 records,
// delegations, entries and positions placed in the core one by one (assembly/genesis/place.ts),
// and the core's tables read back record by record for an export. The layouts are the core's
// (assembly/ledger/*.ts V_*, D_*, U_*, R_*; assembly/tier/state.ts P_*, T_*, VE_*, VD_*).

import type { Core } from "./core.js";

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

/** Little-endian writes and reads over a byte array. */
class Bytes {
  readonly dv: DataView;
  constructor(readonly bytes: Uint8Array) {
    this.dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  u8 = (o: number) => this.dv.getUint8(o);
  u32 = (o: number) => this.dv.getUint32(o, true);
  u64 = (o: number) => this.dv.getBigUint64(o, true);
  i64 = (o: number) => this.dv.getBigInt64(o, true);
  u128 = (o: number) => this.u64(o) | (this.u64(o + 8) << 64n);
  setU8 = (o: number, v: number) => this.dv.setUint8(o, v);
  setU32 = (o: number, v: number) => this.dv.setUint32(o, v, true);
  setU64 = (o: number, v: bigint) => this.dv.setBigUint64(o, BigInt.asUintN(64, v), true);
  setI64 = (o: number, v: bigint) => this.dv.setBigInt64(o, v, true);
  setU128 = (o: number, v: bigint) => {
    if (v < 0n || v >= 1n << 128n) throw new RangeError(`${v} does not fit 128 bits`);
    this.setU64(o, v & ((1n << 64n) - 1n));
    this.setU64(o + 8, v >> 64n);
  };
}

/** Placing an export's records into a fresh core; each call throws the core's error (CoreError). */
export class GenesisPlacer {
  private readonly x: PlaceExports;
  constructor(private readonly core: Core) {
    this.x = core.exports as unknown as PlaceExports;
  }

  /** A record into the core's buffer, then `call` with its address. */
  private withRecord(size: number, fill: (b: Bytes) => void, call: (ptr: Ptr) => number): void {
    const c = this.core;
    const ptr = c.exports.bufferPtr();
    const bytes = new Uint8Array(size);
    fill(new Bytes(bytes));
    new Uint8Array(c.exports.memory.buffer, ptr, size).set(bytes);
    c.check(call(ptr));
  }

  validator(v: ValidatorFields): void {
    this.withRecord(192, (b) => {
      b.setU64(0, BigInt(v.id));
      b.setU32(8, v.operator);
      b.setU8(12, v.status);
      b.setU8(13, v.jailed ? 1 : 0);
      b.setU128(16, v.tokens);
      b.setU128(32, v.shares);
      b.setU128(48, v.commissionRate);
      b.setU64(64, v.period);
      b.setU128(80, v.currentRewards);
      b.setU128(96, v.commission);
      b.setU128(112, v.outstanding);
      b.setU64(128, v.orderKey);
      b.setU64(136, v.lastPower);
      b.setI64(144, v.unbondingTime);
      b.setU64(152, v.unbondingHeight);
      b.setU128(160, v.minSelfDelegation);
      b.setI64(176, v.jailedUntil);
      b.setU64(184, v.slashEvents);
    }, (p) => this.x.genesisPlaceRecord(0, p));
  }

  historical(validator: number, period: bigint, ratio: bigint, references: number): void {
    this.withRecord(32, (b) => {
      b.setU64(0, (BigInt(validator) << 40n) | period);
      b.setU128(8, ratio);
      b.setU32(24, references);
    }, (p) => this.x.genesisPlaceRecord(1, p));
  }

  slashEvent(validator: number, index: bigint, height: bigint, period: bigint, fraction: bigint): void {
    this.withRecord(40, (b) => {
      b.setU64(0, (BigInt(validator) << 40n) | index);
      b.setU64(8, height);
      b.setU64(16, period);
      b.setU128(24, fraction);
    }, (p) => this.x.genesisPlaceRecord(2, p));
  }

  tier(t: TierFields): void {
    this.withRecord(80, (b) => {
      b.setU64(0, BigInt(t.id));
      b.setU64(8, t.exitSeconds);
      b.setU128(16, t.apy);
      b.setU128(32, t.minLock);
      b.setU8(48, t.closeOnly ? 1 : 0);
    }, (p) => this.x.genesisPlaceRecord(3, p));
  }

  validatorEvent(e: ValidatorEventFields): void {
    this.withRecord(56, (b) => {
      b.setU64(0, (BigInt(e.validator) << 40n) | e.seq);
      b.setU64(8, e.height);
      b.setI64(16, e.time);
      b.setU32(24, e.type);
      b.setU128(32, e.tokensPerShare);
      b.setU64(48, e.refs);
    }, (p) => this.x.genesisPlaceRecord(4, p));
  }

  /** A validator's event sequence (its delegated-position count follows the positions placed). */
  validatorSeq(validator: number, seq: bigint): void {
    this.withRecord(24, (b) => {
      b.setU64(0, BigInt(validator));
      b.setU64(8, seq);
    }, (p) => this.x.genesisPlaceRecord(5, p));
  }

  delegation(delegator: number, validator: number, shares: bigint, stake: bigint, previousPeriod: bigint, height: bigint): void {
    this.withRecord(32, (b) => {
      b.setU128(0, shares);
      b.setU128(16, stake);
    }, (p) => this.x.genesisPlaceDelegation(delegator, validator, p, previousPeriod, height));
  }

  unbonding(e: { id: bigint; delegator: number; validator: number; height: bigint; completion: bigint; initial: bigint; balance: bigint }): void {
    this.withRecord(32, (b) => {
      b.setU128(0, e.initial);
      b.setU128(16, e.balance);
    }, (p) => this.x.genesisPlaceUnbonding(e.id, e.delegator, e.validator, e.height, e.completion, p));
  }

  redelegation(e: { id: bigint; delegator: number; src: number; dst: number; height: bigint; completion: bigint; initial: bigint; sharesDst: bigint }): void {
    this.withRecord(32, (b) => {
      b.setU128(0, e.initial);
      b.setU128(16, e.sharesDst);
    }, (p) => this.x.genesisPlaceRedelegation(e.id, e.delegator, e.src, e.dst, e.height, e.completion, p));
  }

  entrySequence(last: bigint): void {
    this.x.genesisSetEntrySequence(last);
  }

  cell(id: bigint, value: bigint): void {
    this.withRecord(16, (b) => (id === Cell.blockTime ? b.setI64(0, value) : b.setU128(0, value)), (p) => {
      this.x.genesisSetCell(id, p);
      return 0;
    });
  }

  withdrawAddress(delegator: number, recipient: number): void {
    this.x.genesisSetWithdrawAddress(delegator, recipient);
  }

  /** Positions in ascending id order (their lists are appended to). */
  position(p: PositionFields): void {
    this.withRecord(128, (b) => {
      b.setU64(0, p.id);
      b.setU32(8, p.owner);
      b.setU32(12, p.tier);
      b.setU32(16, p.delegator);
      b.setU32(20, p.validator);
      b.setI64(24, p.lastAccrual);
      b.setU64(32, p.lastSeq);
      b.setU8(40, p.bonded ? 1 : 0);
      b.setI64(48, p.triggered);
      b.setI64(56, p.unlock);
      b.setU64(64, p.height);
      b.setI64(72, p.time);
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
export function decodeCoreState(records: Iterable<{ table: number; bytes: Uint8Array }>, kinds: Map<number, TableKind>): CoreState {
  const s: CoreState = {
    balances: new Map(), validators: [], historical: [], slashEvents: [], delegations: [], unbondings: [], redelegations: [],
    withdrawAddresses: new Map(), tiers: [], positions: [], nextPositionId: 0n, validatorSeqs: new Map(), validatorEvents: [],
  };
  const low40 = (k: bigint) => k & ((1n << 40n) - 1n);
  for (const r of records) {
    const b = new Bytes(r.bytes);
    const key = b.u64(0);
    switch (kinds.get(r.table)) {
      case "balances": s.balances.set(Number(key), b.u128(8)); break;
      case "validators": s.validators.push({
        id: Number(key), operator: b.u32(8), status: b.u8(12), jailed: b.u8(13) !== 0, tokens: b.u128(16), shares: b.u128(32),
        commissionRate: b.u128(48), period: b.u64(64), currentRewards: b.u128(80), commission: b.u128(96), outstanding: b.u128(112),
        orderKey: b.u64(128), lastPower: b.u64(136), unbondingTime: b.i64(144), unbondingHeight: b.u64(152),
        minSelfDelegation: b.u128(160), jailedUntil: b.i64(176), slashEvents: b.u64(184),
      }); break;
      case "historical": s.historical.push({ validator: Number(key >> 40n), period: low40(key), ratio: b.u128(8), references: b.u32(24) }); break;
      case "slashEvents": s.slashEvents.push({ validator: Number(key >> 40n), index: low40(key), height: b.u64(8), period: b.u64(16), fraction: b.u128(24) }); break;
      case "delegations": s.delegations.push({
        delegator: Number(key >> 32n), validator: Number(key & 0xffff_ffffn), shares: b.u128(8), previousPeriod: b.u64(24),
        stake: b.u128(32), height: b.u64(48), hasInfo: b.u8(56) !== 0,
      }); break;
      case "unbondings": s.unbondings.push({
        id: key, delegator: b.u32(8), validator: b.u32(12), height: b.u64(16), completion: b.i64(24), initial: b.u128(32), balance: b.u128(48),
      }); break;
      case "redelegations": s.redelegations.push({
        id: key, delegator: b.u32(8), src: b.u32(12), dst: b.u32(16), height: b.u64(24), completion: b.i64(32), initial: b.u128(40), sharesDst: b.u128(56),
      }); break;
      case "withdrawAddresses": s.withdrawAddresses.set(Number(key), b.u32(8)); break;
      case "tiers": s.tiers.push({ id: Number(key), exitSeconds: b.u64(8), apy: b.u128(16), minLock: b.u128(32), closeOnly: b.u8(48) !== 0 }); break;
      case "positions": s.positions.push({
        id: key, owner: b.u32(8), tier: b.u32(12), delegator: b.u32(16), validator: b.u32(20), lastAccrual: b.i64(24), lastSeq: b.u64(32),
        bonded: b.u8(40) !== 0, triggered: b.i64(48), unlock: b.i64(56), height: b.u64(64), time: b.i64(72),
      }); break;
      case "tierGlobals": s.nextPositionId = b.u64(8); break;
      case "validatorData": s.validatorSeqs.set(Number(key), b.u64(8)); break;
      case "validatorEvents": s.validatorEvents.push({
        validator: Number(key >> 40n), seq: low40(key), height: b.u64(8), time: b.i64(16), type: b.u32(24), tokensPerShare: b.u128(32), refs: b.u64(48),
      }); break;
      case "tierParams": s.targetRate = b.u128(8); break;
      default: break;
    }
  }
  return s;
}
