// Shared by the ledger-model-*.test.ts suites (the BigInt ledger model, model/ledger-bigint.ts): a
// decimal as a raw Dec, a message's success or its failure that changed nothing, one block at a
// time, the invariants, a funded ledger, and a small seeded generator for test inputs.

import * as assert from "uvu/assert";
import { LedgerBigInt, type LedgerParams, type TxResult } from "../../model/ledger-bigint.js";

export const E18 = 10n ** 18n;
export const SECOND = 1_000_000_000n;
export const BLOCK = 6n * SECOND;

/** A decimal string as a raw Dec. */
export function dec(text: string): bigint {
  const [int, frac = ""] = text.split(".");
  return BigInt(int) * E18 + BigInt(frac.padEnd(18, "0").slice(0, 18));
}

export function ok<T>(r: TxResult<T>): T {
  assert.is(r.code, 0, `expected success, got ${r.codespace} ${r.code}: ${r.log}`);
  return r.value as T;
}

/** The failure, and proof that it changed nothing. */
export function fails<T>(l: LedgerBigInt, run: () => TxResult<T>, codespace: string, code: number, log?: string): void {
  const before = l.stateDigest();
  const r = run();
  assert.is(`${r.codespace}:${r.code}`, `${codespace}:${code}`, r.log);
  if (log !== undefined) assert.is(r.log, log);
  assert.is(l.stateDigest(), before, "a failed message changed the state");
}

/** One block at time height x 6 s, nothing minted; `txs` run between BeginBlock and EndBlock. */
export function block(l: LedgerBigInt, height: bigint, txs: () => void = () => {}): void {
  l.beginBlock(height, height * BLOCK, 0n);
  txs();
  l.endBlock(height, height * BLOCK);
}

export function sound(l: LedgerBigInt): void {
  assert.equal(l.checkInvariants(), []);
}

export function ledger(params: Partial<LedgerParams> = {}, funds: Record<string, bigint> = {}): LedgerBigInt {
  const l = new LedgerBigInt({ communityTax: dec("0.02"), ...params });
  for (const [address, amount] of Object.entries(funds)) l.fund(address, amount);
  return l;
}

/** mulberry32: a small seeded generator (test inputs only; money stays bigint). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A bigint in [0, max], from 64 random bits (scaled). */
export function randBig(r: () => number, max: bigint): bigint {
  if (max <= 0n) return 0n;
  const bits = (BigInt(Math.floor(r() * 2 ** 32)) << 32n) | BigInt(Math.floor(r() * 2 ** 32));
  return (bits * (max + 1n)) >> 64n;
}
