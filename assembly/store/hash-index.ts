// A table's hash index (table.ts): keys (u64) and slots (u32) in two arrays of a power-of-two
// capacity, open addressing with linear probing from the key's hash; an empty entry's slot is
// EMPTY. Deletion shifts later entries back, so there are no tombstones and probes stay short.
// The table owns the arrays (and grows them past 3/4 full); these functions only probe them.

export const EMPTY: u32 = u32.MAX_VALUE;

// @ts-ignore: decorator
@inline
export function hash64(key: u64): u64 {
  // splitmix64's finalizer: a fixed, well-mixed function (no seed: the state must be reproducible).
  let z = key + 0x9e3779b97f4a7c15;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
  z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
  return z ^ (z >> 31);
}

/** Enter `key` → `slot` (the key is not in the index, and an entry is free). */
export function indexInsert(keys: usize, slots: usize, capacity: u32, key: u64, slot: u32): void {
  const mask = capacity - 1;
  let i = <u32>hash64(key) & mask;
  while (load<u32>(slots + (<usize>i << 2)) != EMPTY) i = (i + 1) & mask;
  store<u64>(keys + (<usize>i << 3), key);
  store<u32>(slots + (<usize>i << 2), slot);
}

/** Linear-probing deletion by backward shift (the key is in the index). */
export function indexDelete(keys: usize, slots: usize, capacity: u32, key: u64): void {
  const mask = capacity - 1;
  let i = <u32>hash64(key) & mask;
  while (load<u64>(keys + (<usize>i << 3)) != key || load<u32>(slots + (<usize>i << 2)) == EMPTY) {
    i = (i + 1) & mask;
  }
  let hole = i;
  let j = i;
  while (true) {
    j = (j + 1) & mask;
    const s = load<u32>(slots + (<usize>j << 2));
    if (s == EMPTY) break;
    const k = load<u64>(keys + (<usize>j << 3));
    const home = <u32>hash64(k) & mask;
    // Move j into the hole unless its home lies cyclically in (hole, j].
    const inRange = hole <= j ? home > hole && home <= j : home > hole || home <= j;
    if (!inRange) {
      store<u64>(keys + (<usize>hole << 3), k);
      store<u32>(slots + (<usize>hole << 2), s);
      hole = j;
    }
  }
  store<u32>(slots + (<usize>hole << 2), EMPTY);
}
