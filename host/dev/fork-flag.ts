// `--fork FILE` and `--fork-url URL [--fork-height H]` among the other flags (config.ts): a
// dev-mode power, its database a temporary file unless --db or DB_PATH names one (dev/fork.ts
// makes the document; dev/fork-url/ reads a running node's).

import { tmpdir } from "node:os";
import { join } from "node:path";

export interface ForkSetting {
  /** `--fork FILE`: an SDK export. */
  file?: string;
  /** `--fork-url`: a running node's CometBFT RPC or REST URL, and the height to read (default: its latest). */
  url?: string;
  height?: bigint;
  /** No --db / DB_PATH: the database is a temporary file, removed at shutdown. */
  ephemeralDb: boolean;
}

/** What the fork is made from, as a flag names it. */
export const forkFlag = (f: ForkSetting): string => (f.url !== undefined ? `--fork-url ${f.url}` : `--fork ${f.file}`);

/** The fork's setting and database path, or the one-line refusal. */
export function forkSetting(
  from: { file: string } | { url: string; height?: string },
  o: { dev: boolean; genesis: boolean; abci: boolean; dbGiven: boolean },
): { fork: ForkSetting; dbPath?: string } | { error: string } {
  const flag = "url" in from ? "--fork-url" : "--fork";
  let setting: Omit<ForkSetting, "ephemeralDb">;
  if ("url" in from) {
    if (!/^https?:\/\/[^\s/]+/.test(from.url)) return { error: `--fork-url ${JSON.stringify(from.url)}: expected http(s)://HOST:PORT of a node's CometBFT RPC (26657) or REST gateway (1317)` };
    if (from.height !== undefined && !/^[1-9][0-9]{0,18}$/.test(from.height)) return { error: `--fork-height ${JSON.stringify(from.height)}: a block height (1 or more)` };
    setting = { url: from.url, ...(from.height !== undefined ? { height: BigInt(from.height) } : {}) };
  } else {
    if (from.file.trim() === "") return { error: "--fork: empty file name" };
    setting = { file: from.file };
  }
  if (!o.dev) return { error: `${flag}: a development power, refused on a real-clock node without --dev: add --dev, or use --clock simulated (the default with ${flag})` };
  if (o.genesis) return { error: `${flag}: the fork's document is the genesis: drop --genesis` };
  if (o.abci) return { error: `${flag}: a dev chain of the node's own blocks: drop --abci` };
  if (o.dbGiven) return { fork: { ...setting, ephemeralDb: false } };
  return { fork: { ...setting, ephemeralDb: true }, dbPath: join(tmpdir(), `fork-${process.pid}-${Date.now().toString(36)}.db`) };
}
