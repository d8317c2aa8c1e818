// Journaled key-value tables: the model's stand-in for the SDK's cache-wrapped store. A message
// runs inside `journal.begin()`; on failure `rollback()` undoes every write made since, so a
// failing message changes nothing (as a failed transaction's cache context is discarded). Queries
// that mutate to compute (pending rewards, the can-withdraw invariant) use the same mechanism.
//
// Records are immutable by convention (Readonly types): an update writes a new object, never
// mutates a stored one, so the journal sees every change.

type Undo = () => void;

export class Journal {
  private log: Undo[] | null = null;
  private marks: number[] = [];

  /** Open a (possibly nested) scope whose writes can be undone. */
  begin(): void {
    if (this.log === null) this.log = [];
    this.marks.push(this.log.length);
  }

  /** Keep the scope's writes (they stay undoable by an enclosing scope). */
  commit(): void {
    this.pop();
  }

  /** Undo every write of the innermost scope. */
  rollback(): void {
    const mark = this.marks[this.marks.length - 1];
    const log = this.log!;
    while (log.length > mark) log.pop()!();
    this.pop();
  }

  record(undo: Undo): void {
    if (this.log !== null) this.log.push(undo);
  }

  private pop(): void {
    if (this.marks.length === 0) throw new Error("journal: no open scope");
    this.marks.pop();
    if (this.marks.length === 0) this.log = null;
  }
}

export class Table<K, V> {
  private readonly rows = new Map<K, V>();

  constructor(private readonly journal: Journal) {}

  get(key: K): V | undefined {
    return this.rows.get(key);
  }

  has(key: K): boolean {
    return this.rows.has(key);
  }

  set(key: K, value: V): void {
    this.remember(key);
    this.rows.set(key, value);
  }

  delete(key: K): void {
    if (!this.rows.has(key)) return;
    this.remember(key);
    this.rows.delete(key);
  }

  get size(): number {
    return this.rows.size;
  }

  keys(): IterableIterator<K> {
    return this.rows.keys();
  }

  values(): IterableIterator<V> {
    return this.rows.values();
  }

  entries(): IterableIterator<[K, V]> {
    return this.rows.entries();
  }

  private remember(key: K): void {
    const rows = this.rows;
    if (rows.has(key)) {
      const old = rows.get(key) as V;
      this.journal.record(() => rows.set(key, old));
    } else {
      this.journal.record(() => rows.delete(key));
    }
  }
}

/** One journaled value. */
export class Cell<V> {
  constructor(
    private readonly journal: Journal,
    private value: V,
  ) {}

  get(): V {
    return this.value;
  }

  set(value: V): void {
    const old = this.value;
    this.journal.record(() => (this.value = old));
    this.value = value;
  }
}
