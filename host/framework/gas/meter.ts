// The Cosmos SDK's gas meter and KV-store gas schedule (store/types/gas.go KVGasConfig and
// store/gaskv): every access its keepers make is charged by a flat cost and a cost per byte of its
// key and value, each in its own ConsumeGas call with its own descriptor, so an out-of-gas stops at
// the first charge past the limit and names it (`ReadFlat`, `WritePerByte`, `txSize`, ...).

/** DefaultKVStoreGasConfig (cosmossdk.io/store v1.1.2 types/gas.go KVGasConfig). */
export const KV_GAS = {
  has: 1000n,
  delete: 1000n,
  readFlat: 1000n,
  readPerByte: 3n,
  writeFlat: 2000n,
  writePerByte: 30n,
  iterNextFlat: 30n,
} as const;

/** KV_GAS as numbers, for an access's sum (GasMeter.access). */
const KV_COST = {
  has: Number(KV_GAS.has), delete: Number(KV_GAS.delete), readFlat: Number(KV_GAS.readFlat), readPerByte: Number(KV_GAS.readPerByte),
  writeFlat: Number(KV_GAS.writeFlat), writePerByte: Number(KV_GAS.writePerByte),
} as const;

/** x/auth params: tx_size_cost_per_byte and sig_verify_cost_secp256k1 (their defaults). */
export const AUTH_GAS = { txSizeCostPerByte: 10n, sigVerifySecp256k1: 1000n, sigVerifyEd25519: 590n } as const;

/** The SDK's descriptors (store/types/gas.go, x/auth/ante). */
export const GasDesc = {
  has: "Has",
  delete: "Delete",
  readFlat: "ReadFlat",
  readPerByte: "ReadPerByte",
  writeFlat: "WriteFlat",
  writePerByte: "WritePerByte",
  iterNextFlat: "IterNextFlat",
  valuePerByte: "ValuePerByte",
  txSize: "txSize",
  sigSecp256k1: "ante verify: secp256k1",
} as const;

/** ErrorOutOfGas: where the meter went past its limit and what it had consumed then. */
export class OutOfGas extends Error {
  constructor(readonly descriptor: string, readonly used: bigint) {
    super(`out of gas in location: ${descriptor}`);
  }
}

/** One store access, for tests and docs/gas.md: store, operation, key and value bytes, gas. */
export interface Access {
  store: string;
  op: "get" | "set" | "has" | "del" | "iter" | "gas";
  key: number;
  value: number;
  gas: bigint;
  what: string;
}

/** basicGasMeter: consumed += amount, then past the limit it throws (consumed stays past it). */
export class GasMeter {
  consumed = 0n;
  /** When set, every access is recorded here. */
  trace?: Access[];
  /** Whether an access within the limit may be charged as one sum (a meter that records each charge says no). */
  protected lumps = true;

  constructor(readonly limit: bigint = (1n << 64n) - 1n) {}

  consume(amount: bigint, descriptor: string): void {
    this.consumed += amount;
    if (this.consumed > this.limit) throw new OutOfGas(descriptor, this.consumed);
  }

  private record(store: string, op: Access["op"], key: number, value: number, before: bigint, what: string): void {
    this.trace?.push({ store, op, key, value, gas: this.consumed - before, what });
  }

  /**
   * Flat + perByte x bytes as one charge when it stays within the limit (the usual case); past
   * it, the SDK's separate charges, so the out-of-gas names the one that crossed. A perByte of 0:
   * a flat charge alone (Has, Delete).
   */
  private access(store: string, op: Access["op"], key: number, value: number, what: string, flat: number, perByte: number, descFlat: string, descPerByte: string): void {
    const before = this.consumed;
    if (this.lumps && this.trace === undefined) {
      // The sum in a double (the costs are small integers, the sizes byte counts: exact), one
      // BigInt made of it rather than three bigint operations an access.
      const total = BigInt(flat + perByte * (key + value));
      if (before + total <= this.limit) {
        this.consumed = before + total;
        return;
      }
    }
    try {
      this.consume(BigInt(flat), descFlat);
      if (perByte !== 0) {
        this.consume(BigInt(perByte) * BigInt(key), descPerByte);
        this.consume(BigInt(perByte) * BigInt(value), descPerByte);
      }
    } finally {
      this.record(store, op, key, value, before, what);
    }
  }
  /** gaskv Get: flat, then per byte of the key, then of the value (0 when absent). */
  get(store: string, key: number, value: number, what = ""): void {
    this.access(store, "get", key, value, what, KV_COST.readFlat, KV_COST.readPerByte, GasDesc.readFlat, GasDesc.readPerByte);
  }

  /** gaskv Set. */
  set(store: string, key: number, value: number, what = ""): void {
    this.access(store, "set", key, value, what, KV_COST.writeFlat, KV_COST.writePerByte, GasDesc.writeFlat, GasDesc.writePerByte);
  }

  has(store: string, key: number, what = ""): void {
    this.access(store, "has", key, 0, what, KV_COST.has, 0, GasDesc.has, "");
  }

  del(store: string, key: number, what = ""): void {
    this.access(store, "del", key, 0, what, KV_COST.delete, 0, GasDesc.delete, "");
  }

  /**
   * An iterator over `items` ([key, value] bytes of each) advanced `nexts` times: opening charges
   * the first item's bytes (if any) and a flat step; each Next charges the item it leaves and a step.
   */
  iter(store: string, items: readonly (readonly [number, number])[], nexts: number, what = ""): void {
    const before = this.consumed;
    try {
      this.step(items[0]);
      for (let i = 0; i < nexts; i++) this.step(items[i]);
    } finally {
      this.record(store, "iter", items.length, nexts, before, what);
    }
  }

  private step(item: readonly [number, number] | undefined): void {
    if (item !== undefined) {
      this.consume(KV_GAS.readPerByte * BigInt(item[0]), GasDesc.valuePerByte);
      this.consume(KV_GAS.readPerByte * BigInt(item[1]), GasDesc.valuePerByte);
    }
    this.consume(KV_GAS.iterNextFlat, GasDesc.iterNextFlat);
  }

  /** A charge that is not a store access (tx size, signatures, x/gov's proposal bytes). */
  charge(amount: bigint, descriptor: string, what = ""): void {
    const before = this.consumed;
    try {
      this.consume(amount, descriptor);
    } finally {
      this.record("", "gas", 0, 0, before, what || descriptor);
    }
  }
}
