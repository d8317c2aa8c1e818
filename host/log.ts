// The node's operator log: one line per event, at a level (error, warn, info, debug), as text
// (`2026-11-26T22:52:39.123Z INFO  block height=12 txs=3 app_hash=0A1B2C3D`) or as one JSON
// object per line (`{"time":…,"level":"info","msg":"block","height":"12",…}`) for log shippers.
// `--log-level` drops what is below it; `--log-format` picks the form. The wall clock here only
// stamps lines: nothing the chain computes reads it.

export const LOG_LEVELS = ["error", "warn", "info", "debug"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const LOG_FORMATS = ["text", "json"] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** A line's fields: printed in the order given; bigints as decimal text. */
export type LogFields = Record<string, string | number | bigint | boolean | undefined>;

export interface Logger {
  error(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  debug(msg: string, fields?: LogFields): void;
  /** Whether lines of `level` are written (skip building costly fields otherwise). */
  enabled(level: LogLevel): boolean;
}

const RANK: Record<LogLevel, number> = { error: 0, warn: 1, info: 2, debug: 3 };

/** A text value: bare when it has no space, quote or `=`, else JSON-quoted. */
function textValue(v: string): string {
  return v !== "" && !/[\s"=]/.test(v) ? v : JSON.stringify(v);
}

/**
 * A logger writing whole lines to `write` (stderr by default); `now` stamps them (the wall clock
 * by default; tests give a fixed one).
 */
export function createLogger(o: {
  level?: LogLevel; format?: LogFormat; write?: (line: string) => void; now?: () => Date;
} = {}): Logger {
  const max = RANK[o.level ?? "info"];
  const format = o.format ?? "text";
  const write = o.write ?? ((line: string) => process.stderr.write(`${line}\n`));
  const now = o.now ?? (() => new Date());
  const line = (level: LogLevel, msg: string, fields: LogFields = {}) => {
    if (RANK[level] > max) return;
    const entries = Object.entries(fields).filter((e): e is [string, string | number | bigint | boolean] => e[1] !== undefined);
    if (format === "json") {
      const obj: Record<string, string | number | boolean> = { time: now().toISOString(), level, msg };
      for (const [k, v] of entries) obj[k] = typeof v === "bigint" ? v.toString() : v;
      write(JSON.stringify(obj));
      return;
    }
    const rest = entries.map(([k, v]) => `${k}=${textValue(String(v))}`).join(" ");
    write(`${now().toISOString()} ${level.toUpperCase().padEnd(5)} ${msg}${rest === "" ? "" : ` ${rest}`}`);
  };
  return {
    error: (msg, fields) => line("error", msg, fields),
    warn: (msg, fields) => line("warn", msg, fields),
    info: (msg, fields) => line("info", msg, fields),
    debug: (msg, fields) => line("debug", msg, fields),
    enabled: (level) => RANK[level] <= max,
  };
}

/** A logger that writes nothing (library use and tests that do not look). */
export const silentLogger: Logger = createLogger({ level: "error", write: () => {} });
