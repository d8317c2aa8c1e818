// A progress line on stderr for long runs. On a TTY it is one line rewritten in place (at most
// every 100 ms, so tiny months do not flood the terminal) and cleared at the end. Otherwise (a
// pipe, a log file) it prints a full line at most once a second, and only once the run has taken
// a second, so quick runs stay silent.

export interface ProgressStream {
  isTTY?: boolean;
  write(s: string): boolean;
}

const TTY_INTERVAL_MS = 100;

export class Progress {
  private readonly tty: boolean;
  private readonly started = Date.now();
  private lastPrint: number;
  private lastTty = 0;
  private shown = false;

  constructor(
    private readonly stream: ProgressStream = process.stderr,
    private readonly intervalMs = 1000,
  ) {
    this.tty = stream.isTTY === true;
    this.lastPrint = this.started;
  }

  update(text: string): void {
    if (this.tty) {
      const now = Date.now();
      if (now - this.lastTty < TTY_INTERVAL_MS) return;
      this.lastTty = now;
      this.stream.write(`\r\x1b[K${text}`);
      this.shown = true;
      return;
    }
    const now = Date.now();
    if (now - this.lastPrint < this.intervalMs) return;
    this.lastPrint = now;
    this.stream.write(`${text}\n`);
  }

  /** Clear the TTY line (non-TTY lines are already complete). */
  done(): void {
    if (this.tty && this.shown) this.stream.write("\r\x1b[K");
    this.shown = false;
  }
}
