// A genesis document read as a stream (`--genesis FILE`, `--fork FILE`, the scale bench): the file
// in chunks through a byte-level splitter (genesis-split.ts), never as one string. The small parts
// (params, validators, …) are the document's "skeleton", which JSON.parse reads; each element of a
// long array (STREAMED_ARRAYS: accounts, balances, delegations, starting infos, positions, …) is
// found without being tokenized and kept in a spool of its list (genesis-spool.ts: its byte range
// in the file, or its bytes copied when the document comes through a pipe), and the document holds
// a SpooledList in the array's place, which the module parsers walk element by element in
// INIT_GENESIS order, each element parsed by JSON.parse then (docs/performance.md, "Streamed
// import", "A faster reader, and --fork streamed"). The document's bytes are kept for CometBFT's
// `/genesis` by its file (GENESIS_FILE): the store copies it in chunks when the genesis block is written.

import { closeSync, openSync, read, readSync, statSync } from "node:fs";
import { open } from "node:fs/promises";
import { tmpdir } from "node:os";
import { ValidationError } from "../errors.js";
import { SpooledList, isObject, materializeJson, mergeJson, type Json } from "../framework/genesis-json.js";
import { GenesisSplitter } from "./genesis-split.js";
import { CopySpool, RangeSpool, SPOOL_BYTES, SourceFile, type Spool } from "./genesis-spool.js";
import { isCompleteDoc } from "../modules/genutil/genesis-sdk.js";
import { defaultGenesisJson } from "../modules/genutil/default-genesis.js";

/** The arrays whose elements are spooled, not held: what grows with the number of accounts. */
export const STREAMED_ARRAYS = [
  "auth.accounts", "bank.balances", "staking.delegations", "staking.unbonding_delegations", "staking.redelegations",
  "distribution.delegator_withdraw_infos", "distribution.delegator_starting_infos", "tieredrewards.positions",
  "slashing.signing_infos", "slashing.missed_blocks", "gov.votes", "gov.deposits", "node_state.records", "node_state.accounts",
].map((p) => `$.app_state.${p}.*`);
const STREAMED = new Set(STREAMED_ARRAYS.map((p) => p.slice("$.app_state.".length, -2)));

/** Genesis files still being written beside the import (a fork's text on a worker, dev/fork-text.ts): each one's wait, run before it is read. */
export const genesisFileWaits = new Map<string, () => void>();

/** The file a streamed document was read from (a symbol: not a JSON key, never serialized). */
export const GENESIS_FILE = Symbol("genesis file");

/**
 * The bytes of a streamed document, in chunks of `size` (CometBFT's `/genesis_chunked` serves 16 MiB
 * ones). `reuse`: every chunk in one buffer, overwritten by the next (a consumer that copies each,
 * as SQLite does: no 16 MiB of garbage per chunk at the import's peak).
 */
export function* genesisFileChunks(path: string, size = 16 * 1024 * 1024, reuse = false): Generator<Uint8Array> {
  genesisFileWaits.get(path)?.();
  const fd = openSync(path, "r");
  const shared = reuse ? Buffer.allocUnsafe(size) : undefined;
  try {
    for (let at = 0; ; ) {
      const buf = shared ?? Buffer.allocUnsafe(size);
      const n = readSync(fd, buf, 0, size, at);
      if (n === 0) return;
      at += n;
      yield n === size ? buf : buf.subarray(0, n);
    }
  } finally {
    closeSync(fd);
  }
}

/** The file a document was streamed from, if it was. */
export function genesisFileOf(doc: Json): string | undefined {
  return isObject(doc) ? (doc as { [GENESIS_FILE]?: string })[GENESIS_FILE] : undefined;
}

/**
 * What importing a document of `bytes` is expected to take at its peak (RSS), from the scale
 * bench's figures (docs/performance.md, "Streamed import"): the node's fixed part and so much per
 * byte of document (the parsed records, the core's tables, the genesis block's write).
 */
export function importMemoryEstimate(bytes: number): number {
  return IMPORT_FIXED_BYTES + Math.ceil(bytes * IMPORT_BYTES_PER_DOC_BYTE);
}
// docs/performance.md, "Placing records as they are read" (its last subsection: the node's V8 flags, x/auth
// without a map of the accounts, the document's bytes in 1 MiB rows): 100k accounts peak 346-349 MiB for a
// 79 MB document, 1M 1,396 MiB for 794 MB; a line above both (the node's own ~170 MiB is in the
// fixed part). A --fork of the 1M export (1,781 MB, indented) peaked at 1.82 GB: below it too.
const IMPORT_FIXED_BYTES = 260 * 2 ** 20;
const IMPORT_BYTES_PER_DOC_BYTE = 1.6;

const gib = (n: number) => `${(n / 2 ** 30).toFixed(1)} GiB`;

/**
 * A genesis JSON file read as a stream (as readGenesisDoc reads it whole; "not valid JSON" as it
 * says it): a complete document keeps its long arrays spooled (SpooledList); anything else is small,
 * and is laid over the default genesis as readGenesisDoc does. Not yet validated; errors name the
 * file. A spooled element's own text is parsed when its list is first walked (the parse that follows
 * the read): a malformed one is a ValidationError there, "not valid JSON" at its path.
 */
export async function readGenesisStream(
  path: string,
  options: SpoolOptions & { highWaterMark?: number; memoryLimit?: number } = {},
): Promise<Json> {
  let regular: boolean;
  try {
    // Before reading a byte: what the import would take, from the document's size.
    const stat = statSync(path);
    const size = stat.size;
    regular = stat.isFile();
    const need = importMemoryEstimate(size);
    if (options.memoryLimit !== undefined && need > options.memoryLimit) {
      throw new ValidationError(
        `a ${(size / 2 ** 20).toFixed(0)} MiB document takes about ${gib(need)} of memory to import, above --import-memory-limit ` +
          `${gib(options.memoryLimit)} (${options.memoryLimit} bytes): raise it, on a machine with the memory`,
        path,
      );
    }
  } catch (e) {
    if (e instanceof ValidationError) throw e;
    const err = e as NodeJS.ErrnoException;
    throw new ValidationError(`cannot read: ${err.code === "ENOENT" ? "no such file" : err.message}`, path);
  }
  const size = options.highWaterMark ?? 1024 * 1024;
  let doc: { [key: string]: Json };
  if (regular) {
    // A file is its lists' spool: read it through a descriptor its lists keep.
    let fd: number;
    try {
      fd = openSync(path, "r");
    } catch (e) {
      throw new ValidationError(`cannot read: ${(e as Error).message}`, path);
    }
    const source = new SourceFile(fd, path);
    doc = await readGenesisChunks(fileChunks(fd, size, true), path, { ...options, source });
  } else {
    // A pipe: read once, its lists copied.
    const file = await open(path, "r").catch((e: Error) => {
      throw new ValidationError(`cannot read: ${e.message}`, path);
    });
    try {
      doc = await readGenesisChunks(fileChunks(file.fd, size, false), path, options);
    } finally {
      await file.close();
    }
  }
  if (!isCompleteDoc(doc)) return mergeJson(defaultGenesisJson(), materializeJson(doc));
  Object.defineProperty(doc, GENESIS_FILE, { value: path, enumerable: false });
  return doc;
}

/** Where and how a streamed document's long arrays are spooled. */
export interface SpoolOptions {
  /** The directory of the spool files (default: the OS's temporary directory). */
  spoolDir?: string;
  /** Called as each element is spooled, with the count so far. */
  onSpooled?: (elements: number) => void;
  /** The bytes a copied spool holds in memory before it goes to a file, and a file's spool reads at a time (default 4 MiB). */
  spoolBytes?: number;
  /** The regular file the chunks are read from, from its start: its lists are read from it again (RangeSpool), not copied. */
  source?: SourceFile;
}

/**
 * A JSON document's text in chunks (of any sizes, split anywhere) read as readGenesisStream reads
 * its file: a JSON object whose long arrays (STREAMED_ARRAYS, non-empty) are SpooledLists. Errors
 * are ValidationErrors at `label`.
 */
export async function readGenesisChunks(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, label: string, options: SpoolOptions = {}): Promise<{ [key: string]: Json }> {
  const dir = options.spoolDir ?? tmpdir();
  let spooled = 0;
  const onElement = options.onSpooled === undefined ? undefined : () => options.onSpooled!(++spooled);
  const spools: Spool[] = [];
  const splitter = new GenesisSplitter(
    (section, list) => STREAMED.has(`${section}.${list}`),
    (section, list) => {
      const at = `app_state.${section}.${list}`;
      const spool = options.source !== undefined ? new RangeSpool(options.source, at, options.spoolBytes ?? SPOOL_BYTES, onElement) : new CopySpool(dir, at, options.spoolBytes ?? SPOOL_BYTES, onElement);
      spools.push(spool);
      return spool;
    },
  );
  let skeleton: string;
  try {
    for await (const chunk of chunks) splitter.write(chunk);
    skeleton = splitter.end();
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code !== undefined && err.syscall !== undefined) throw new ValidationError(`cannot read: ${err.message}`, label);
    throw new ValidationError(`not valid JSON: ${(e as Error).message}`, label);
  }
  let root: Json;
  try {
    root = JSON.parse(skeleton) as Json;
  } catch (e) {
    // Its position in the skeleton is a byte of the file (the spooled elements are not in the skeleton).
    const message = (e as Error).message.replace(/at position (\d+)/, (_, n: string) => `at byte ${splitter.fileByte(Number(n))} of the file`);
    throw new ValidationError(`not valid JSON: ${message}`, label);
  }
  if (!isObject(root)) throw new ValidationError("must be a JSON object", label);
  for (const spool of spools) spool.finish();
  // Each spooled array, in its place in the document (the skeleton's `[id]`), as a SpooledList.
  const placed = new Set<Spool>();
  const app = root.app_state;
  if (isObject(app)) {
    for (const [section, lists] of Object.entries(app)) {
      if (!isObject(lists)) continue;
      for (const [list, v] of Object.entries(lists)) {
        if (!STREAMED.has(`${section}.${list}`) || !Array.isArray(v) || v.length !== 1) continue;
        const spool = spools[v[0] as number]!;
        lists[list] = new SpooledList(spool.count, () => spool.elements()) as unknown as Json;
        placed.add(spool);
      }
    }
  }
  // A list the document does not keep (a key given twice: the last wins) is never walked: its elements are checked now.
  for (const spool of spools) if (!placed.has(spool)) for (const _ of spool.elements());
  return root;
}

/** fs.read as a promise, made when called (a module-level promisify would run in the web bundle, where node:fs is absent). */
const readAsync = (fd: number, buf: Buffer, off: number, len: number, pos: number | null) =>
  new Promise<{ bytesRead: number }>((resolve, reject) => read(fd, buf, off, len, pos, (e, bytesRead) => (e ? reject(e) : resolve({ bytesRead }))));

/** A descriptor's bytes in chunks of `size`, read again and again into one buffer (each chunk is used before the next is read); a regular file's from its start. */
async function* fileChunks(fd: number, size: number, positioned: boolean): AsyncGenerator<Uint8Array> {
  const buf = Buffer.allocUnsafe(size);
  for (let at = 0; ; ) {
    const { bytesRead } = await readAsync(fd, buf, 0, size, positioned ? at : null);
    if (bytesRead === 0) return;
    at += bytesRead;
    yield bytesRead === size ? buf : buf.subarray(0, bytesRead);
  }
}
