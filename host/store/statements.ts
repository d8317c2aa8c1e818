// Read statements prepared once and kept, by their SQL text: a statement prepared per request holds
// its native handle until a GC finalizes it (garbage outside the V8 heap, growing with the load).
// At most MAX_STATEMENTS are kept (far more than the distinct shapes a node asks); past it the
// cache starts again.

import type Database from "better-sqlite3";

export const MAX_STATEMENTS = 64;

export class StatementCache {
  private readonly kept = new Map<string, Database.Statement>();

  constructor(private readonly db: Database.Database, private readonly max = MAX_STATEMENTS) {}

  /** The statement of this SQL, prepared on first use. */
  get(sql: string): Database.Statement {
    let s = this.kept.get(sql);
    if (s === undefined) {
      if (this.kept.size >= this.max) this.kept.clear();
      s = this.db.prepare(sql);
      this.kept.set(sql, s);
    }
    return s;
  }

  /** How many are kept (at most the bound). */
  get size(): number {
    return this.kept.size;
  }
}
