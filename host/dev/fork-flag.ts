// `--fork FILE` among the other flags (config.ts): a dev-mode power, its database a temporary file
// unless --db or DB_PATH names one (dev/fork.ts makes the document).

import { tmpdir } from "node:os";
import { join } from "node:path";

export interface ForkSetting {
  file: string;
  /** No --db / DB_PATH: the database is a temporary file, removed at shutdown. */
  ephemeralDb: boolean;
}

/** The fork's setting and database path, or the one-line refusal. */
export function forkSetting(file: string, o: { dev: boolean; genesis: boolean; abci: boolean; dbGiven: boolean }): { fork: ForkSetting; dbPath?: string } | { error: string } {
  if (file.trim() === "") return { error: "--fork: empty file name" };
  if (!o.dev) return { error: "--fork: a development power, refused on a real-clock node without --dev: add --dev, or use --clock simulated (the default with --fork)" };
  if (o.genesis) return { error: "--fork: the fork's document is the genesis: drop --genesis" };
  if (o.abci) return { error: "--fork: a dev chain of the node's own blocks: drop --abci" };
  if (o.dbGiven) return { fork: { file, ephemeralDb: false } };
  return { fork: { file, ephemeralDb: true }, dbPath: join(tmpdir(), `fork-${process.pid}-${Date.now().toString(36)}.db`) };
}
