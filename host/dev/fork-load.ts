// The fork's genesis at start (`--fork FILE`, `--fork-url URL [--fork-height H]`) and the reader
// dev_reset's fork_url / fork_height use (DevChain.refork): the export read or the node's state read
// (fork-url/), made a local chain (fork.ts), validated.

import { existsSync, statSync } from "node:fs";
import type { Core } from "../core/core.js";
import { ConfigError, type Config } from "../config.js";
import { ValidationError } from "../errors.js";
import { parseGenesis, type Json } from "../app/genesis.js";
import { readGenesisStream } from "../app/genesis-stream.js";
import { forkGenesis } from "./fork.js";
import { forkFlag } from "./fork-flag.js";
import { startForkText, writeForkText, type ForkText } from "./fork-text.js";
import { readForkUrl, ForkUrlError } from "./fork-url/index.js";
import { hdAccounts } from "./accounts.js";
import type { DevChain } from "./chain.js";

/**
 * From this size of export the fork's text is written on a worker (fork-text.ts): below it the text
 * costs about what the worker's start does (~1 s of CPU, loading its modules), and at 100k accounts
 * (a 179 MB export) on a loaded 2-core machine the worker, which reads and forks the export again,
 * finished after the main thread reached the genesis write (docs/performance.md, "The fork's text on
 * a worker"); at 1M (1.8 GB) it finishes long before.
 */
export const FORK_TEXT_WORKER_BYTES = 256 * 1024 * 1024;

const fileBytes = (file: string): number => {
  try {
    return statSync(file).size;
  } catch {
    return 0; // the reader names what is wrong with it
  }
};

/** dev_reset's fork reader: `url` (default --fork-url's) at `height` (default its latest), forked as at start. */
export function setForkReader(dev: DevChain, config: Config, progress: (line: string) => void): void {
  dev.startup.forkUrl = config.fork?.url;
  dev.startup.fork = async (url, height) => {
    const from = url ?? config.fork?.url;
    if (from === undefined) throw new Error("fork_url: this node was not started with --fork-url: name the node to fork");
    const read = await readForkUrl(from, height, progress);
    const fork = forkGenesis(read.doc, undefined, { chainId: config.chainId, accounts: config.hd ? hdAccounts(config.hd).map((a) => a.address) : [] });
    for (const line of [...read.lines, ...fork.lines]) progress(line);
    return { doc: fork.doc, url: from, height: read.height };
  };
}

/**
 * `--fork FILE` or `--fork-url URL`: the export (or the node's state) made a local chain (dev/fork.ts), validated; a new database only.
 * A file's fork text (its stored genesis) is written on a worker beside the parse and the import
 * (fork-text.ts) when the file is FORK_TEXT_WORKER_BYTES or more (or `o.textOnWorker`), else in the thread.
 */
export async function loadFork(config: Config, core: Core, progress: (line: string) => void, o: { textOnWorker?: boolean } = {}): Promise<{ doc: Json; forked: string[] }> {
  const setting = config.fork!;
  const flag = forkFlag(setting).split(" ")[0]!;
  const file = setting.url ?? setting.file ?? "";
  if (!setting.ephemeralDb && existsSync(config.dbPath)) {
    throw new ConfigError(`${flag}: the database ${config.dbPath} exists, and a fork starts a new chain: give --db a new file (restart an earlier fork without ${flag}: npm start -- --db ${config.dbPath} --clock simulated)`);
  }
  let text: ForkText | undefined;
  try {
    const accounts = config.hd ? hdAccounts(config.hd).map((a) => a.address) : [];
    const memoryLimit = config.limits?.importMemoryBytes;
    if (setting.url === undefined && (o.textOnWorker ?? fileBytes(file) >= FORK_TEXT_WORKER_BYTES)) text = startForkText({ file, memoryLimit, chainId: config.chainId, accounts });
    // A file is read as a stream and forked so (its long arrays spooled, never held whole); a node's state is read whole.
    const read = setting.url !== undefined ? await readForkUrl(setting.url, setting.height, progress) : { doc: await readGenesisStream(file, { memoryLimit }), lines: [] };
    const fork = forkGenesis(read.doc, undefined, { chainId: config.chainId, accounts });
    fork.lines.unshift(...read.lines);
    if (text !== undefined) text.name(fork.doc);
    else if (setting.url === undefined) writeForkText(fork.doc);
    try {
      parseGenesis(fork.doc, core.dec);
    } catch (e) {
      if (e instanceof ValidationError) throw new ValidationError(e.message, file);
      throw e;
    }
    return { doc: fork.doc, forked: fork.lines };
  } catch (e) {
    text?.cancel();
    if (e instanceof ValidationError) throw new ConfigError(`${flag} ${e.message.startsWith(file) ? "" : `${file}: `}${e.message}`);
    if (e instanceof ForkUrlError) throw new Error(e.message);
    throw e;
  }
}
