// Gas outside the chain's model (the modules' gas models meter what the SDK's keepers access): the price
// of the core's own store operations (assembly/store/table.ts counts them) for a message no model
// covers yet — a read ReadCostFlat + ReadCostPerByte x the record's bytes, a write WriteCostFlat +
// WriteCostPerByte x the record's bytes, a delete DeleteCost — the tx size and signature charge of
// a tx that fails to decode in a block, the out-of-gas text, and --minimum-gas-prices' fees.

import type { Core } from "../core/core.js";
import {
  GAS_READS, GAS_READ_BYTES, GAS_WRITES, GAS_WRITE_BYTES, GAS_DELETES, GAS_COUNTERS_SIZE,
} from "../core/abi.gen.js";

export const GasSchedule = {
  txSizeCostPerByte: 10n,
  sigVerifyCostSecp256k1: 1000n,
  hasCost: 1000n,
  deleteCost: 1000n,
  readCostFlat: 1000n,
  readCostPerByte: 3n,
  writeCostFlat: 2000n,
  writeCostPerByte: 30n,
} as const;

/** The core's store operations since its counters were last reset. */
export interface StoreCounters {
  reads: bigint;
  readBytes: bigint;
  writes: bigint;
  writeBytes: bigint;
  deletes: bigint;
}

/** The gas of store operations. */
export function storeGas(c: StoreCounters): bigint {
  const s = GasSchedule;
  return (
    c.reads * s.readCostFlat + c.readBytes * s.readCostPerByte +
    c.writes * s.writeCostFlat + c.writeBytes * s.writeCostPerByte +
    c.deletes * s.deleteCost
  );
}

/** What the ante handler charges before any store access: the tx's bytes and its signatures. */
export function staticGas(txBytes: number, signatures: number): bigint {
  return BigInt(txBytes) * GasSchedule.txSizeCostPerByte + BigInt(signatures) * GasSchedule.sigVerifyCostSecp256k1;
}

/** The core's gas counters: reset them, and read the gas of what happened since. */
export class StoreMeter {
  constructor(private readonly core: Core) {}

  reset(): void {
    this.core.exports.storeGasCountersReset();
  }

  counters(): StoreCounters {
    const x = this.core.exports;
    const ptr = x.bufferPtr();
    x.storeGasCounters(ptr);
    const dv = new DataView(x.memory.buffer, ptr, GAS_COUNTERS_SIZE);
    return {
      reads: dv.getBigUint64(GAS_READS, true),
      readBytes: dv.getBigUint64(GAS_READ_BYTES, true),
      writes: dv.getBigUint64(GAS_WRITES, true),
      writeBytes: dv.getBigUint64(GAS_WRITE_BYTES, true),
      deletes: dv.getBigUint64(GAS_DELETES, true),
    };
  }

  /** Gas of the store operations since the last reset. */
  gas(): bigint {
    return storeGas(this.counters());
  }
}

/** `out of gas in location: <where>; gasWanted: N, gasUsed: M`, the SDK's detail for sdk 11. */
export function outOfGasDetail(where: string, wanted: bigint, used: bigint): string {
  return `out of gas in location: ${where}; gasWanted: ${wanted}, gasUsed: ${used}`;
}

/**
 * The fee `--minimum-gas-prices` require for `gas`: ceil(price x gas) per denom, prices as raw
 * Decs (value x 10^18). Exact bigint arithmetic.
 */
export function requiredFees(prices: readonly GasPrice[], gas: bigint): { denom: string; amount: bigint }[] {
  const ONE = 10n ** 18n;
  return prices
    .map((p) => ({ denom: p.denom, amount: (p.amount * gas + ONE - 1n) / ONE }))
    .filter((c) => c.amount > 0n);
}

/** One minimum gas price: a raw Dec amount per unit of gas, in a denom. */
export interface GasPrice {
  denom: string;
  amount: bigint;
}
