// The fork's genesis at start (`--fork FILE`, `--fork-url URL [--fork-height H]`) and the reader
// dev_reset's fork_url / fork_height use (DevChain.refork): the export read or the node's state read
// (fork-url/), made a local chain (fork.ts), validated.

import { closeSync, existsSync, openSync, unlinkSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Core } from "../core/core.js";
import { ConfigError, type Config } from "../config.js";
import { ValidationError } from "../errors.js";
import { parseGenesis, type Json } from "../app/genesis.js";
import { GENESIS_FILE, readGenesisStream } from "../app/genesis-stream.js";
import { SpooledList, isObject } from "../framework/genesis-json.js";
import { LazyArray, jsonChunks, type StreamJson } from "../framework/json-stream.js";
import { forkGenesis } from "./fork.js";
import { forkFlag } from "./fork-flag.js";
import { readForkUrl, ForkUrlError } from "./fork-url/index.js";
import { hdAccounts } from "./accounts.js";
import type { DevChain } from "./chain.js";

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

/** `--fork FILE` or `--fork-url URL`: the export (or the node's state) made a local chain (dev/fork.ts), validated; a new database only. */
export async function loadFork(config: Config, core: Core, progress: (line: string) => void): Promise<{ doc: Json; forked: string[] }> {
  const setting = config.fork!;
  const flag = forkFlag(setting).split(" ")[0]!;
  const file = setting.url ?? setting.file ?? "";
  if (!setting.ephemeralDb && existsSync(config.dbPath)) {
    throw new ConfigError(`${flag}: the database ${config.dbPath} exists, and a fork starts a new chain: give --db a new file (restart an earlier fork without ${flag}: npm start -- --db ${config.dbPath} --clock simulated)`);
  }
  try {
    // A file is read as a stream and forked so (its long arrays spooled, never held whole); a node's state is read whole.
    const read = setting.url !== undefined ? await readForkUrl(setting.url, setting.height, progress) : { doc: await readGenesisStream(file, { memoryLimit: config.limits?.importMemoryBytes }), lines: [] };
    const fork = forkGenesis(read.doc, undefined, { chainId: config.chainId, accounts: config.hd ? hdAccounts(config.hd).map((a) => a.address) : [] });
    fork.lines.unshift(...read.lines);
    if (setting.url === undefined) writeForkText(fork.doc);
    try {
      parseGenesis(fork.doc, core.dec);
    } catch (e) {
      if (e instanceof ValidationError) throw new ValidationError(e.message, file);
      throw e;
    }
    return { doc: fork.doc, forked: fork.lines };
  } catch (e) {
    if (e instanceof ValidationError) throw new ConfigError(`${flag} ${e.message.startsWith(file) ? "" : `${file}: `}${e.message}`);
    if (e instanceof ForkUrlError) throw new Error(e.message);
    throw e;
  }
}


/** The text files of streamed forks, removed when the process exits. */
const forkTexts = new Set<string>();
let removeAtExit = false;

/**
 * A streamed fork's document given the file of its text (GENESIS_FILE, as a streamed document
 * names the file it was read from): what the node stores as its genesis and serves at `/genesis`
 * is JSON.stringify's text of the fork, written here a list element at a time, never one string.
 * The parse before the database opens is then kept for it (app/genesis.ts parseGenesis).
 */
export function writeForkText(doc: Json): void {
  const path = join(tmpdir(), `fork-genesis-${process.pid}-${Math.random().toString(36).slice(2)}.json`);
  const fd = openSync(path, "w", 0o600);
  forkTexts.add(path);
  if (!removeAtExit) {
    removeAtExit = true;
    process.once("exit", () => {
      for (const f of forkTexts) {
        try {
          unlinkSync(f);
        } catch {
          // gone already
        }
      }
    });
  }
  try {
    for (const chunk of jsonChunks(streamView(doc), {}, 1 << 20)) {
      const bytes = Buffer.from(chunk, "utf8");
      for (let off = 0; off < bytes.length; ) off += writeSync(fd, bytes, off);
    }
  } finally {
    closeSync(fd);
  }
  Object.defineProperty(doc, GENESIS_FILE, { value: path, enumerable: false });
}

/** The document for the JSON writer: each SpooledList a LazyArray (read as it is written). */
function streamView(v: Json): StreamJson {
  if ((v as unknown) instanceof SpooledList) return new LazyArray(() => v as unknown as SpooledList);
  if (!isObject(v)) return v;
  const out: { [key: string]: StreamJson } = {};
  for (const k of Object.keys(v)) Object.defineProperty(out, k, { value: streamView(v[k]!), writable: true, enumerable: true, configurable: true });
  return out;
}
