// The byte-level splitter of a streamed genesis document (genesis-stream.ts): it reads the file's
// bytes in chunks and finds, without tokenizing them, the long arrays (`app_state.<section>.<list>`
// of a given set) and each element's byte range, which it hands to a sink as raw bytes (an element
// may arrive in pieces: chunks end anywhere). It parses nothing: it tracks only the nesting depth,
// strings (to their closing quote: a quote ends a string unless an odd run of backslashes precedes
// it) and, in the first three levels of objects, the keys. Everything outside those arrays' elements
// is kept as the document's "skeleton" text, each spooled array written `[id]` (the id of its sink),
// which JSON.parse reads natively (so the small parts are validated as the whole reader validates
// them); each element's text is JSON.parse'd when its spool is read back.
//
// On valid JSON its answer is exact; on anything else it, the skeleton's JSON.parse or an element's
// JSON.parse says so ("not valid JSON: …", with the byte of the file where it can).

/** Where an element's bytes go: `append` its pieces in order (`at`: the file offset of chunk[start]), then `end`. */
export interface ElementSink {
  append(chunk: Uint8Array, start: number, end: number, at: number): void;
  end(): void;
}

/** Malformed input the splitter itself sees (the caller words it "not valid JSON: …"). */
export class SplitError extends Error {}

const QUOTE = 0x22, BACKSLASH = 0x5c, COMMA = 0x2c, COLON = 0x3a;
const OPEN_OBJ = 0x7b, CLOSE_OBJ = 0x7d, OPEN_ARR = 0x5b, CLOSE_ARR = 0x5d;
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** A key's state in an object of the first three levels. */
const EXPECT_KEY = 0, KEY_READ = 1, VALUE = 2;

export class GenesisSplitter {
  /** The sinks, by the id written in the skeleton's `[id]`. */
  readonly sinks: ElementSink[] = [];
  private depth = 0;
  private readonly isObj: boolean[] = [false, false, false, false];
  private readonly keyState: number[] = [0, 0, 0, 0];
  private readonly keys: string[] = ["", "", "", ""];
  private inString = false;
  /** Backslashes that end what has been read of the current string (their parity is what counts). */
  private bsCarry = 0;
  /** A key being read (its bytes so far), or undefined. */
  private keyParts: Buffer[] | undefined;
  private skel = Buffer.allocUnsafe(1 << 16);
  private skelLen = 0;
  /** [skeleton offset, file offset] where the skeleton's text jumps over a spooled array's elements. */
  private readonly cuts: number[] = [0, 0];
  /** File offset of the chunk being read. */
  private offset = 0;
  /** The spooled array being read: its sink (once it has an element), element nesting, state. */
  private arr: { sink: ElementSink | undefined; id: number; depth: number; started: boolean; comma: boolean } | undefined;

  /** `spooled(section, list)`: whether `app_state.<section>.<list>`'s elements go to a sink; `open`: its sink (at its first element). */
  constructor(
    private readonly spooled: (section: string, list: string) => boolean,
    private readonly open: (section: string, list: string) => ElementSink,
  ) {}

  write(buf: Uint8Array): void {
    const len = buf.length;
    let i = 0;
    let seg = 0; // outside a spooled array: the skeleton's bytes from here are not yet copied
    let elem = this.arr?.started ? 0 : -1; // in one: where the current element's bytes start in this chunk
    while (i < len) {
      if (this.inString) {
        const q = this.stringEnd(buf, i);
        if (this.keyParts !== undefined) this.keyParts.push(Buffer.from(buf.subarray(i, q < 0 ? len : q)));
        if (q < 0) break;
        this.inString = false;
        if (this.keyParts !== undefined) this.keyRead();
        i = q + 1;
        continue;
      }
      const arr = this.arr;
      if (arr !== undefined) {
        // In a spooled array: only element boundaries matter (depth, strings, commas).
        let d = arr.depth;
        let started = arr.started;
        for (; i < len; i++) {
          const c = buf[i]!;
          if (c === QUOTE) {
            if (!started) (started = true), (elem = i);
            this.inString = true;
            i++;
            break;
          }
          if (isSpace(c)) continue;
          if (c === OPEN_OBJ || c === OPEN_ARR) {
            if (!started) (started = true), (elem = i);
            d++;
          } else if (c === CLOSE_OBJ || c === CLOSE_ARR) {
            if (d > 0) {
              d--;
              continue;
            }
            if (c === CLOSE_OBJ) this.fail("Unexpected '}' in an array", i);
            if (started) this.endElement(arr, buf, elem, i);
            else if (arr.comma) this.fail("Unexpected ']' after ','", i);
            // The array in the skeleton: `[id]`, or `[]` when it was empty.
            if (arr.sink !== undefined) this.skeleton(Buffer.from(`${arr.id}`));
            this.cuts.push(this.skelLen, this.offset + i);
            this.arr = undefined;
            seg = i;
            elem = -1;
            i++;
            break;
          } else if (c === COMMA) {
            if (d > 0) continue;
            if (!started) this.fail("Unexpected ','", i);
            this.endElement(arr, buf, elem, i);
            started = false;
            elem = -1;
            arr.comma = true;
          } else if (!started) (started = true), (elem = i);
        }
        if (this.arr !== undefined) {
          arr.depth = d;
          arr.started = started;
        }
        continue;
      }
      // Outside: the keys of the first three levels, and the spooled arrays' openings.
      for (; i < len; i++) {
        const c = buf[i]!;
        if (c === QUOTE) {
          const d = this.depth;
          this.inString = true;
          if (d <= 3 && this.isObj[d] && this.keyState[d] === EXPECT_KEY) this.keyParts = [];
          i++;
          break;
        }
        if (c === OPEN_OBJ) {
          const d = ++this.depth;
          if (d <= 3) (this.isObj[d] = true), (this.keyState[d] = EXPECT_KEY);
        } else if (c === OPEN_ARR) {
          if (this.depth === 3 && this.opensSpooled()) {
            this.skeleton(buf, seg, i + 1);
            this.cuts.push(this.skelLen, this.offset + i + 1);
            this.arr = { sink: undefined, id: -1, depth: 0, started: false, comma: false };
            i++;
            break;
          }
          const d = ++this.depth;
          if (d <= 3) this.isObj[d] = false;
        } else if (c === CLOSE_OBJ || c === CLOSE_ARR) {
          if (this.depth === 0) this.fail(`Unexpected '${String.fromCharCode(c)}'`, i);
          this.depth--;
        } else if (c === COMMA) {
          if (this.depth <= 3 && this.isObj[this.depth]) this.keyState[this.depth] = EXPECT_KEY;
        } else if (c === COLON) {
          if (this.depth <= 3 && this.isObj[this.depth] && this.keyState[this.depth] === KEY_READ) this.keyState[this.depth] = VALUE;
        }
      }
    }
    if (this.arr !== undefined) {
      if (this.arr.started && elem >= 0) this.sinkOf(this.arr).append(buf, elem, len, this.offset + elem);
    } else if (seg < len) this.skeleton(buf, seg, len);
    this.offset += len;
  }

  /** The document's skeleton text, once every byte has been written. */
  end(): string {
    if (this.inString || this.arr !== undefined) this.fail("Unexpected end of JSON input", 0, this.offset);
    return this.skel.toString("utf8", 0, this.skelLen);
  }

  /** A JSON.parse error's "position N" of the skeleton as the byte of the file. */
  fileByte(skeletonOffset: number): number {
    let k = 0;
    while (k + 2 < this.cuts.length && this.cuts[k + 2]! <= skeletonOffset) k += 2;
    return this.cuts[k + 1]! + (skeletonOffset - this.cuts[k]!);
  }

  /** The index of the quote that closes the string read from `from` (its opening quote before it, or in an earlier chunk when 0), or -1. */
  private stringEnd(buf: Uint8Array, from: number): number {
    for (let j = from; ; ) {
      const q = buf.indexOf(QUOTE, j);
      const stop = q < 0 ? buf.length : q;
      let k = stop - 1;
      while (k >= j && buf[k] === BACKSLASH) k--;
      // The run of backslashes before the quote; at the chunk's start it goes on from the last chunk.
      const run = stop - 1 - k + (k < j && j === 0 ? this.bsCarry : 0);
      if (q < 0) {
        this.bsCarry = run;
        return -1;
      }
      this.bsCarry = 0;
      if ((run & 1) === 0) return q;
      j = q + 1;
    }
  }

  private keyRead(): void {
    const raw = Buffer.concat(this.keyParts!);
    this.keyParts = undefined;
    const d = this.depth;
    // A key with an escape is decoded as JSON.parse decodes it (a bad escape fails in the skeleton's parse).
    let key: string;
    if (raw.includes(BACKSLASH)) {
      try {
        key = JSON.parse(`"${raw.toString("utf8")}"`) as string;
      } catch {
        key = "";
      }
    } else key = raw.toString("utf8");
    this.keys[d] = key;
    this.keyState[d] = KEY_READ;
  }

  /** A `[` at depth 3 that is `app_state.<section>.<list>`'s value, of a spooled list. */
  private opensSpooled(): boolean {
    return this.isObj[1]! && this.isObj[2]! && this.isObj[3]! && this.keyState[1] === VALUE && this.keyState[2] === VALUE && this.keyState[3] === VALUE &&
      this.keys[1] === "app_state" && this.spooled(this.keys[2]!, this.keys[3]!);
  }

  private sinkOf(arr: NonNullable<GenesisSplitter["arr"]>): ElementSink {
    if (arr.sink === undefined) {
      arr.sink = this.open(this.keys[2]!, this.keys[3]!);
      arr.id = this.sinks.push(arr.sink) - 1;
    }
    return arr.sink;
  }

  private endElement(arr: NonNullable<GenesisSplitter["arr"]>, buf: Uint8Array, elem: number, at: number): void {
    const sink = this.sinkOf(arr);
    if (elem >= 0) sink.append(buf, elem, at, this.offset + elem);
    sink.end();
  }

  private skeleton(buf: Uint8Array, start = 0, end = buf.length): void {
    const n = end - start;
    if (this.skelLen + n > this.skel.length) {
      const bigger = Buffer.allocUnsafe(Math.max(this.skel.length * 2, this.skelLen + n));
      this.skel.copy(bigger, 0, 0, this.skelLen);
      this.skel = bigger;
    }
    this.skel.set(buf.subarray(start, end), this.skelLen);
    this.skelLen += n;
  }

  private fail(what: string, at: number, offset = this.offset): never {
    throw new SplitError(`${what} at byte ${offset + at} of the file`);
  }
}
