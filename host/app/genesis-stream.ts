// A genesis document read as a stream (`--genesis FILE`, `--fork FILE`, the scale bench): the file
// in chunks through a byte-level splitter (genesis-split.ts), never as one string. The small parts
// (params, validators, …) are the document's "skeleton", which JSON.parse reads; each element of a
// long array (STREAMED_ARRAYS: accounts, balances, delegations, starting infos, positions, …) is
// copied, as its bytes are read and without being tokenized, to a spool of its own (in memory up to
// 4 MiB, then a file unlinked at once so that nothing is left behind) and the document holds a
// SpooledList in the array's place, which the module parsers walk element by element in
// INIT_GENESIS order, each element parsed by JSON.parse then (docs/performance.md, "Streamed
// import", "A faster reader"). The document's bytes are kept for CometBFT's `/genesis` by its file
// (GENESIS_FILE): the store copies it in chunks when the genesis block is written.

import { closeSync, openSync, readSync, statSync, unlinkSync, writeSync } from "node:fs";
import { open } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ValidationError } from "../errors.js";
import { SpooledList, isObject, materializeJson, mergeJson, type Json } from "../framework/genesis-json.js";
import { GenesisSplitter, type ElementSink } from "./genesis-split.js";
import { isCompleteDoc } from "../modules/genutil/genesis-sdk.js";
import { defaultGenesisJson } from "../modules/genutil/default-genesis.js";

/** The arrays whose elements are spooled, not held: what grows with the number of accounts. */
export const STREAMED_ARRAYS = [
  "auth.accounts", "bank.balances", "staking.delegations", "staking.unbonding_delegations", "staking.redelegations",
  "distribution.delegator_withdraw_infos", "distribution.delegator_starting_infos", "tieredrewards.positions",
  "slashing.signing_infos", "slashing.missed_blocks", "gov.votes", "gov.deposits", "node_state.records", "node_state.accounts",
].map((p) => `$.app_state.${p}.*`);
const STREAMED = new Set(STREAMED_ARRAYS.map((p) => p.slice("$.app_state.".length, -2)));

/** The file a streamed document was read from (a symbol: not a JSON key, never serialized). */
export const GENESIS_FILE = Symbol("genesis file");

/** The bytes of a streamed document, in chunks of `size` (CometBFT's `/genesis_chunked` serves 16 MiB ones). */
export function* genesisFileChunks(path: string, size = 16 * 1024 * 1024): Generator<Uint8Array> {
  const fd = openSync(path, "r");
  try {
    for (let at = 0; ; ) {
      const buf = Buffer.allocUnsafe(size);
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

const SPOOL_FLUSH = 4 * 1024 * 1024;
/** A spool's descriptor closed once nothing holds its list (its file was unlinked when opened: the space goes with it). */
const spoolFiles = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // already closed
  }
});

/**
 * One long array's elements: each element's bytes as the file has them (the splitter's ranges,
 * never tokenized here), a 4-byte length before each; held in memory up to 4 MiB, then on disk
 * (a file of its own, unlinked when opened). Read back element by element, each parsed by JSON.parse.
 */
class Spool implements ElementSink {
  private fd: number | undefined;
  private buf = Buffer.allocUnsafe(1 << 16);
  private len = 0;
  /** Where the open element's length goes in `buf`, or -1. */
  private head = -1;
  private size = 0;
  count = 0;

  constructor(
    private readonly dir: string,
    /** The list's JSON path, for an element's error. */
    private readonly path: string,
    /** Bytes held before they go to the file. */
    private readonly memory: number,
    private readonly onElement?: () => void,
  ) {}

  append(chunk: Uint8Array, start: number, end: number): void {
    if (this.head < 0) {
      this.room(4);
      this.head = this.len;
      this.len += 4;
    }
    this.room(end - start);
    this.buf.set(chunk.subarray(start, end), this.len);
    this.len += end - start;
  }

  end(): void {
    this.buf.writeUInt32LE(this.len - this.head - 4, this.head);
    this.head = -1;
    this.count++;
    if (this.len >= this.memory) this.flush();
    this.onElement?.();
  }

  private room(n: number): void {
    if (this.len + n <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.len + n));
    this.buf.copy(bigger, 0, 0, this.len);
    this.buf = bigger;
  }

  private flush(): void {
    if (this.len === 0) return;
    if (this.fd === undefined) {
      const path = join(this.dir, `genesis-spool-${process.pid}-${Math.random().toString(36).slice(2)}`);
      this.fd = openSync(path, "w+", 0o600);
      unlinkSync(path); // gone with the descriptor, whatever happens to the process
      spoolFiles.register(this, this.fd);
    }
    for (let off = 0; off < this.len; ) off += writeSync(this.fd, this.buf, off, this.len - off, this.size + off);
    this.size += this.len;
    this.len = 0;
    if (this.buf.length > this.memory * 2) this.buf = Buffer.allocUnsafe(1 << 16);
  }

  /** Once every element is in: what stays in memory is at most the last 4 MiB's worth. */
  finish(): void {
    if (this.fd !== undefined) this.flush();
    if (this.buf.length > this.len) this.buf = Buffer.from(this.buf.subarray(0, this.len));
  }

  *elements(): Generator<Json> {
    let index = 0;
    const parse = (data: Buffer, at: number, n: number): Json => {
      try {
        return JSON.parse(data.toString("utf8", at, at + n)) as Json;
      } catch (e) {
        throw new ValidationError(`not valid JSON: ${(e as Error).message}`, `${this.path}[${index}]`);
      } finally {
        index++;
      }
    };
    if (this.fd === undefined) {
      for (let at = 0; at < this.len; ) {
        const n = this.buf.readUInt32LE(at);
        yield parse(this.buf, at + 4, n);
        at += 4 + n;
      }
      return;
    }
    let data = Buffer.allocUnsafe(SPOOL_FLUSH);
    let have = 0; // bytes in `data` not yet taken
    let start = 0;
    for (let at = 0; at < this.size || have - start > 0; ) {
      // An element (with its length) whole in data[start, have): parse it; else read on.
      if (have - start >= 4) {
        const n = data.readUInt32LE(start);
        if (have - start >= 4 + n) {
          const v = parse(data, start + 4, n);
          start += 4 + n;
          yield v;
          continue;
        }
        if (4 + n > data.length) {
          const bigger = Buffer.allocUnsafe(4 + n);
          data.copy(bigger, 0, start, have);
          data = bigger;
          have -= start;
          start = 0;
        }
      }
      if (at >= this.size) throw new Error(`spool of ${this.path}: truncated`);
      if (start > 0) {
        data.copy(data, 0, start, have);
        have -= start;
        start = 0;
      }
      const got = readSync(this.fd, data, have, Math.min(data.length - have, this.size - at), at);
      if (got === 0) throw new Error(`spool of ${this.path}: truncated`);
      at += got;
      have += got;
    }
  }
}

/**
 * What importing a document of `bytes` is expected to take at its peak (RSS), from the scale
 * bench's figures (docs/performance.md, "Streamed import"): the node's fixed part and so much per
 * byte of document (the parsed records, the core's tables, the genesis block's write).
 */
export function importMemoryEstimate(bytes: number): number {
  return IMPORT_FIXED_BYTES + Math.ceil(bytes * IMPORT_BYTES_PER_DOC_BYTE);
}
const IMPORT_FIXED_BYTES = 200 * 2 ** 20;
const IMPORT_BYTES_PER_DOC_BYTE = 5.5; // 100k accounts: 681 MiB peak for 79 MB (6.3 a byte); 1M: 3,497 MiB for 794 MB (4.4 a byte)

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
  try {
    // Before reading a byte: what the import would take, from the document's size.
    const { size } = statSync(path);
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
  const doc = await readGenesisChunks(fileChunks(path, options.highWaterMark ?? 1024 * 1024), path, options);
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
  /** The bytes a spool holds in memory before it goes to a file (default 4 MiB). */
  spoolBytes?: number;
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
      const spool = new Spool(dir, `app_state.${section}.${list}`, options.spoolBytes ?? SPOOL_FLUSH, onElement);
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

/** A file's bytes in chunks of `size`, read again and again into one buffer (each chunk is used before the next is read). */
async function* fileChunks(path: string, size: number): AsyncGenerator<Uint8Array> {
  const file = await open(path, "r");
  try {
    const buf = Buffer.allocUnsafe(size);
    for (;;) {
      const { bytesRead } = await file.read(buf, 0, size, null);
      if (bytesRead === 0) return;
      yield bytesRead === size ? buf : buf.subarray(0, bytesRead);
    }
  } finally {
    await file.close();
  }
}
