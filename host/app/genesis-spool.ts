// Where a streamed document's long arrays are kept (genesis-stream.ts): each element's bytes as
// the document has them, found by the splitter (genesis-split.ts) and never tokenized here, read
// back one element at a time, each parsed by JSON.parse, every time its SpooledList is walked.
// - A document read from a regular file is its own spool (RangeSpool): a list is its elements'
//   byte ranges in that file (4 bytes an element: the distance from one separator to the next),
//   read from it again through a descriptor held open, the file checked unchanged at each walk.
// - Anything else (a pipe, chunks in memory) is copied (CopySpool): in memory up to 4 MiB, then to
//   a file of its own, unlinked when opened so that nothing is left behind whatever happens.

import { closeSync, fstatSync, openSync, readSync, unlinkSync, writeSync } from "node:fs";
import { join } from "node:path";
import { ValidationError } from "../errors.js";
import type { Json } from "../framework/genesis-json.js";
import type { ElementSink } from "./genesis-split.js";

export const SPOOL_BYTES = 4 * 1024 * 1024;

/** A list's elements, appended by the splitter, then read back. */
export interface Spool extends ElementSink {
  readonly count: number;
  /** Once every element is in. */
  finish(): void;
  elements(): Generator<Json>;
}

/** A descriptor closed once nothing holds what uses it. */
const descriptors = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // already closed
  }
});

/** An element's text parsed; a malformed one a ValidationError at its path. */
function parseElement(data: Buffer, start: number, end: number, path: string, index: number): Json {
  try {
    return JSON.parse(data.toString("utf8", start, end)) as Json;
  } catch (e) {
    throw new ValidationError(`not valid JSON: ${(e as Error).message}`, `${path}[${index}]`);
  }
}

/** The document's file, held open (the same file whatever is renamed over its path), for its lists to be read from again. */
export class SourceFile {
  private readonly stamp: string;
  constructor(
    readonly fd: number,
    readonly path: string,
  ) {
    this.stamp = SourceFile.stampOf(fd);
    descriptors.register(this, fd);
  }
  private static stampOf(fd: number): string {
    const s = fstatSync(fd);
    return `${s.size}:${s.mtimeMs}:${s.ino}`;
  }
  /** Refuses a file written since it was read (its lists would not be what was read). */
  check(): void {
    if (SourceFile.stampOf(this.fd) !== this.stamp) {
      throw new ValidationError("the file changed after it was read (a streamed document's long arrays are read from it again when walked): start again", this.path);
    }
  }
}

/** A list read from the document's own file: the distance from each element's separator to the next. */
export class RangeSpool implements Spool {
  /** The file offset before the first element (where its `[` is); each element ends at a separator. */
  private base = -1;
  private last = -1;
  private lastEnd = -1;
  private ends = new Uint32Array(1 << 10);
  count = 0;

  constructor(
    private readonly source: SourceFile,
    private readonly path: string,
    /** The bytes read from the file at a time. */
    private readonly readBytes: number,
    private readonly onElement?: () => void,
  ) {}

  append(_chunk: Uint8Array, start: number, end: number, at: number): void {
    if (this.base < 0) this.base = this.lastEnd = at - 1;
    this.last = at + (end - start);
  }

  end(): void {
    if (this.count === this.ends.length) {
      const bigger = new Uint32Array(this.ends.length * 2);
      bigger.set(this.ends);
      this.ends = bigger;
    }
    this.ends[this.count++] = this.last - this.lastEnd;
    this.lastEnd = this.last;
    this.onElement?.();
  }

  finish(): void {
    this.ends = this.ends.slice(0, this.count);
  }

  *elements(): Generator<Json> {
    this.source.check();
    let data = Buffer.allocUnsafe(Math.min(this.readBytes, Math.max(this.lastEnd - this.base, 1)));
    let dataAt = this.base + 1; // the file offset of data[0]
    let have = 0;
    let cur = this.base; // the separator before the next element
    for (let i = 0; i < this.count; i++) {
      const start = cur + 1;
      const end = cur + this.ends[i]!;
      if (end > dataAt + have) {
        // Read on: what is left of data first (none when the separator was its last byte), then the file from where it ends.
        const keep = Math.max(dataAt + have - start, 0);
        if (end - start > data.length) {
          const bigger = Buffer.allocUnsafe(end - start);
          if (keep > 0) data.copy(bigger, 0, start - dataAt, have);
          data = bigger;
        } else if (keep > 0) data.copy(data, 0, start - dataAt, have);
        dataAt = start;
        have = keep;
        while (dataAt + have < end) {
          const want = Math.min(data.length - have, this.lastEnd - (dataAt + have));
          const got = readSync(this.source.fd, data, have, want, dataAt + have);
          if (got === 0) throw new ValidationError("the file is shorter than when it was read: start again", this.source.path);
          have += got;
        }
      }
      yield parseElement(data, start - dataAt, end - dataAt, this.path, i);
      cur = end;
    }
  }
}

/** A list copied: a 4-byte length and the bytes of each element, in memory up to `memory` bytes, then in a file of its own. */
export class CopySpool implements Spool {
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
      descriptors.register(this, this.fd);
    }
    for (let off = 0; off < this.len; ) off += writeSync(this.fd, this.buf, off, this.len - off, this.size + off);
    this.size += this.len;
    this.len = 0;
    if (this.buf.length > this.memory * 2) this.buf = Buffer.allocUnsafe(1 << 16);
  }

  /** What stays in memory is at most the last `memory` bytes' worth. */
  finish(): void {
    if (this.fd !== undefined) this.flush();
    if (this.buf.length > this.len) this.buf = Buffer.from(this.buf.subarray(0, this.len));
  }

  *elements(): Generator<Json> {
    let index = 0;
    if (this.fd === undefined) {
      for (let at = 0; at < this.len; ) {
        const n = this.buf.readUInt32LE(at);
        yield parseElement(this.buf, at + 4, at + 4 + n, this.path, index++);
        at += 4 + n;
      }
      return;
    }
    let data = Buffer.allocUnsafe(SPOOL_BYTES);
    let have = 0; // bytes in `data` not yet taken
    let start = 0;
    for (let at = 0; at < this.size || have - start > 0; ) {
      // An element (with its length) whole in data[start, have): parse it; else read on.
      if (have - start >= 4) {
        const n = data.readUInt32LE(start);
        if (have - start >= 4 + n) {
          const v = parseElement(data, start + 4, start + 4 + n, this.path, index++);
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
