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

  /** An undo step, if a tx is open. */
  push(step: () => void): void {
    this.steps?.push(step);
  }
}
