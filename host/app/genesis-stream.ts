// A genesis document read as a stream (`--genesis FILE`, `--fork FILE`, the scale bench): the file
// in chunks through a streaming JSON tokenizer (@streamparser/json), never as one string. The small
// parts (params, validators, …) become ordinary JS values; each element of a long array
// (STREAMED_ARRAYS: accounts, balances, delegations, starting infos, positions, …) is written, as
// it is read, to a spool file of its own (one JSON text per line, the file unlinked at once so that
// nothing is left behind) and the document holds a SpooledList in the array's place, which the
// module parsers walk element by element in INIT_GENESIS order (docs/performance.md, "Streamed
// import"). The document's bytes are kept for CometBFT's `/genesis` by its file (GENESIS_FILE):
// the store copies it in chunks when the genesis block is written.

import { closeSync, openSync, readSync, statSync, unlinkSync, writeSync, createReadStream } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Tokenizer, TokenParser } from "@streamparser/json";
import { ValidationError } from "../errors.js";
import { SpooledList, isObject, materializeJson, mergeJson, type Json } from "../framework/genesis-json.js";
import { isCompleteDoc } from "../modules/genutil/genesis-sdk.js";
import { defaultGenesisJson } from "../modules/genutil/default-genesis.js";

/** The arrays whose elements are spooled, not held: what grows with the number of accounts. */
export const STREAMED_ARRAYS = [
  "auth.accounts", "bank.balances", "staking.delegations", "staking.unbonding_delegations", "staking.redelegations",
  "distribution.delegator_withdraw_infos", "distribution.delegator_starting_infos", "tieredrewards.positions",
  "slashing.signing_infos", "slashing.missed_blocks", "gov.votes", "gov.deposits", "node_state.records", "node_state.accounts",
].map((p) => `$.app_state.${p}.*`);

/** The file a streamed document was read from (a symbol: not a JSON key, never serialized). */
export const GENESIS_FILE = Symbol("genesis file");

/**
 * The bytes of a streamed document, in chunks of `size` (CometBFT's `/genesis_chunked` serves 16 MiB
 * ones). `reuse`: every chunk in one buffer, overwritten by the next (a consumer that copies each,
 * as SQLite does: no 16 MiB of garbage per chunk at the import's peak).
 */
export function* genesisFileChunks(path: string, size = 16 * 1024 * 1024, reuse = false): Generator<Uint8Array> {
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

const SPOOL_FLUSH = 4 * 1024 * 1024;
const SPOOL_READ = 64 * 1024;
/** A spool's descriptor closed once nothing holds its list (its file was unlinked when opened: the space goes with it). */
const spoolFiles = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // already closed
  }
});

/** One long array's elements on disk: appended while reading, read back (and parsed) line by line. */
class Spool {
  private readonly fd: number;
  private pending: string[] = [];
  private pendingChars = 0;
  private size = 0;
  count = 0;

  constructor(dir: string) {
    const path = join(dir, `genesis-spool-${process.pid}-${Math.random().toString(36).slice(2)}`);
    this.fd = openSync(path, "w+", 0o600);
    unlinkSync(path); // gone with the descriptor, whatever happens to the process
    spoolFiles.register(this, this.fd);
  }

  add(v: Json): void {
    const text = JSON.stringify(v); // never holds a raw newline
    this.pending.push(text);
    this.pendingChars += text.length + 1;
    this.count++;
    if (this.pendingChars >= SPOOL_FLUSH) this.flush();
  }

  flush(): void {
    if (this.pending.length === 0) return;
    const bytes = Buffer.from(this.pending.join("\n") + "\n", "utf8");
    this.pending = [];
    this.pendingChars = 0;
    for (let off = 0; off < bytes.length; ) off += writeSync(this.fd, bytes, off, bytes.length - off, this.size + off);
    this.size += bytes.length;
  }

  *elements(): Generator<Json> {
    this.flush();
    // Read in small pieces: each piece's text is a short-lived young-generation string; a 4 MiB one
    // would be a large object, freed only by a full collection (the 1M import's heap grew by a GB of them).
    const buf = Buffer.allocUnsafe(SPOOL_READ);
    let carry: Buffer | undefined;
    for (let at = 0; at < this.size; ) {
      const n = readSync(this.fd, buf, 0, buf.length, at);
      if (n === 0) break;
      at += n;
      const data = carry === undefined ? buf.subarray(0, n) : Buffer.concat([carry, buf.subarray(0, n)]);
      const end = data.lastIndexOf(10);
      if (end < 0) {
        carry = Buffer.from(data);
        continue;
      }
      const lines = data.toString("utf8", 0, end).split("\n");
      carry = end + 1 < data.length ? Buffer.from(data.subarray(end + 1)) : undefined;
      for (const line of lines) yield JSON.parse(line) as Json;
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
// docs/performance.md, "Placing records as they are read": 100k accounts peak 422-446 MiB for a 79 MB
// document, 1M 1,727 MiB for 794 MB; the line through both (the node's own ~170 MiB is in the fixed part).
const IMPORT_FIXED_BYTES = 300 * 2 ** 20;
const IMPORT_BYTES_PER_DOC_BYTE = 1.9;

const gib = (n: number) => `${(n / 2 ** 30).toFixed(1)} GiB`;

/**
 * A genesis JSON file read as a stream (as readGenesisDoc reads it whole; the same errors): a
 * complete document keeps its long arrays spooled (SpooledList); anything else is small, and is laid
 * over the default genesis as readGenesisDoc does. Not yet validated; errors name the file.
 */
export async function readGenesisStream(
  path: string,
  options: { highWaterMark?: number; spoolDir?: string; onSpooled?: (elements: number) => void; memoryLimit?: number } = {},
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
  const dir = options.spoolDir ?? tmpdir();
  const tokenizer = new Tokenizer();
  const parser = new TokenParser({ paths: STREAMED_ARRAYS, keepStack: true });
  const spools = new Map<Json[], Spool>();
  let spooled = 0;
  let root: Json | undefined;
  tokenizer.onToken = (t) => {
    parser.write(t);
    root ??= (parser as unknown as { value: Json | undefined }).value;
  };
  parser.onValue = ({ value, parent }) => {
    // An element of a long array: off the array (which stays empty) and into its spool.
    const list = parent as Json[];
    list.length -= 1;
    let spool = spools.get(list);
    if (spool === undefined) spools.set(list, (spool = new Spool(dir)));
    spool.add(value as Json);
    options.onSpooled?.(++spooled);
  };
  try {
    for await (const chunk of createReadStream(path, { highWaterMark: options.highWaterMark ?? 1024 * 1024 })) tokenizer.write(chunk as Buffer);
    tokenizer.end();
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code !== undefined && err.syscall !== undefined) throw new ValidationError(`cannot read: ${err.message}`, path);
    throw new ValidationError(`not valid JSON: ${(e as Error).message}`, path);
  }
  if (root === undefined || !parser.isEnded) throw new ValidationError("not valid JSON: Unexpected end of JSON input", path);
  if (!isObject(root)) throw new ValidationError("must be a JSON object", path);
  // Each spooled array, in its place in the document, as a SpooledList.
  const replace = (v: Json): Json => {
    if (Array.isArray(v)) {
      const spool = spools.get(v);
      if (spool !== undefined) {
        spool.flush();
        return new SpooledList(spool.count, () => spool.elements()) as unknown as Json;
      }
      return v.map(replace);
    }
    if (isObject(v)) {
      for (const k of Object.keys(v)) v[k] = replace(v[k]!);
    }
    return v;
  };
  const doc = replace(root) as { [key: string]: Json };
  if (!isCompleteDoc(doc)) return mergeJson(defaultGenesisJson(), materializeJson(doc));
  Object.defineProperty(doc, GENESIS_FILE, { value: path, enumerable: false });
  return doc;
}
