// Helpers shared by the suites: a fixed-seed generator (no Math.random in tests), the assertion
// that a core call fails with a given code, and a generous deadline on a wait.

import * as assert from "uvu/assert";
import { CoreError } from "../../host/core/errors.js";

/** xorshift64*: a small deterministic generator of 64-bit values. */
export function rng(seed: bigint): () => bigint {
  let s = seed;
  return (): bigint => {
    s ^= s >> 12n;
    s ^= (s << 25n) & 0xffffffffffffffffn;
    s ^= s >> 27n;
    return (s * 0x2545f4914f6cdd1dn) & 0xffffffffffffffffn;
  };
}

/** `f` must throw the CoreError `code`. */
export function rejects(f: () => unknown, code: string): void {
  try {
    f();
  } catch (e) {
    assert.instance(e, CoreError);
    assert.is((e as CoreError).codeName, code);
    return;
  }
  assert.unreachable(`expected ${code}`);
}

/** `p`, or a rejection after `ms` (the timer cleared once `p` settles). */
export async function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing in ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([p, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
