// Undo steps of a tx for the records kept beside the core's (x/gov's, the validators'): `begin`
// before the tx's messages, `rollback` undoes what they did (last first), `release` keeps it.
// Outside a tx (`begin` not called) nothing is recorded.

export class UndoJournal {
  private steps: (() => void)[] | undefined;

  begin(): void {
    this.steps = [];
  }

  rollback(): void {
    const steps = this.steps ?? [];
    this.steps = undefined;
    for (let i = steps.length - 1; i >= 0; i--) steps[i]!();
  }

  release(): void {
    this.steps = undefined;
  }

  /** Where a nested step (a cached context inside the tx) begins: `rollbackTo` it undoes what came after. */
  mark(): number {
    return this.steps?.length ?? 0;
  }

  /** Undoes the steps after `mark` (last first), the tx staying open. */
  rollbackTo(mark: number): void {
    const steps = this.steps;
    if (steps === undefined) return;
    while (steps.length > mark) steps.pop()!();
  }

  /** An undo step, if a tx is open. */
  push(step: () => void): void {
    this.steps?.push(step);
  }
}

/**
 * Set `key` in `map` to `value` (undefined: delete it), `changed()` called now and again if the
 * tx's `undo` journal rolls the change back: a keeper's record kept beside the core's, marked dirty.
 */
export function setJournaled<V>(map: Map<string, V>, key: string, value: V | undefined, undo: UndoJournal, changed: () => void): void {
  const old = map.get(key);
  const put = (v: V | undefined) => {
    if (v === undefined) map.delete(key);
    else map.set(key, v);
    changed();
  };
  put(value);
  undo.push(() => put(old));
}
