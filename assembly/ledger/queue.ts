// A min-heap of (time, id) pairs in linear memory: what matures next, in O(log n) per entry,
// whatever order the entries were made in. Derived state: rebuilt from its table on restore.

export class MaturityQueue {
  private data: usize = 0;
  private capacity: u32 = 0;
  count: u32 = 0;

  private less(i: u32, j: u32): bool {
    const a = this.data + (<usize>i << 4), b = this.data + (<usize>j << 4);
    const ta = load<i64>(a), tb = load<i64>(b);
    return ta != tb ? ta < tb : load<u64>(a, 8) < load<u64>(b, 8);
  }

  private swap(i: u32, j: u32): void {
    const a = this.data + (<usize>i << 4), b = this.data + (<usize>j << 4);
    const t0 = load<u64>(a), t1 = load<u64>(a, 8);
    store<u64>(a, load<u64>(b));
    store<u64>(a, load<u64>(b, 8), 8);
    store<u64>(b, t0);
    store<u64>(b, t1, 8);
  }

  push(time: i64, id: u64): void {
    if (this.count == this.capacity) {
      const cap = this.capacity == 0 ? 256 : this.capacity * 2;
      const p = heap.alloc(<usize>cap << 4);
      if (this.count > 0) memory.copy(p, this.data, <usize>this.count << 4);
      this.data = p;
      this.capacity = cap;
    }
    let i = this.count++;
    store<i64>(this.data + (<usize>i << 4), time);
    store<u64>(this.data + (<usize>i << 4), id, 8);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  /** The earliest time (only when count > 0). */
  topTime(): i64 {
    return load<i64>(this.data);
  }

  topId(): u64 {
    return load<u64>(this.data, 8);
  }

  pop(): void {
    this.count--;
    if (this.count == 0) return;
    memory.copy(this.data, this.data + (<usize>this.count << 4), 16);
    let i: u32 = 0;
    while (true) {
      const l: u32 = 2 * i + 1, r: u32 = l + 1;
      let m = i;
      if (l < this.count && this.less(l, m)) m = l;
      if (r < this.count && this.less(r, m)) m = r;
      if (m == i) break;
      this.swap(i, m);
      i = m;
    }
  }
}
