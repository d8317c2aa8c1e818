// A JSON document written piece by piece: the text JSON.stringify would give (or, `sorted`, the
// text of CosmJS's sortedJsonStringify), without ever holding the whole text or every record. A
// document is plain JSON whose objects may hold, as property values, a LazyArray (its items read
// when the writer reaches it, once per pass: a SQLite cursor, a walk of the core) or a Deferred
// (a value computed when reached, e.g. a digest of what was written before it). Plain arrays and
// everything below them, and a lazy array's items, are plain JSON, written by JSON.stringify.

import { sortedJsonStringify } from "../wire/amino/sign-doc.js";
import type { Json } from "./genesis-json.js";

/**
 * An indented item's text as JSON.stringify(item, null, indent) gives it at its depth: `inner` is
 * a newline and the indentation of the item's members, `outer` of the item's closing bracket (a
 * compiled writer for a long array's items of one shape, cheaper than the stringify and its re-indent).
 */
export type IndentedWriter = (item: Json, inner: string, outer: string) => string | undefined;

/**
 * An item's sortedText (the SDK digest's form: keys sorted, no spaces), by a compiled writer of its
 * shape: about 3× cheaper than sortedText's walk. `undefined`: not its shape (sortedText then).
 */
export type SortedWriter = (item: Json) => string | undefined;

/** A long array's compiled writers for its items' shape (each may give `undefined` for an item of another shape: the general path then). */
export interface ItemWriters {
  readonly indented?: IndentedWriter;
  readonly sorted?: SortedWriter;
}

/** An array whose items are read when the writer reaches it; `items` is called once per pass. */
export class LazyArray {
  constructor(readonly items: () => Iterable<Json>, readonly indented?: IndentedWriter, readonly sorted?: SortedWriter) {}
}

/** `items` mapped by `f` as they are written: no array of the mapped items is held. */
export function lazyMap<T>(items: Iterable<T>, f: (item: T) => Json, writers: ItemWriters = {}): LazyArray {
  return new LazyArray(function* () {
    for (const x of items) yield f(x);
  }, writers.indented, writers.sorted);
}

/** One indentation step of an IndentedWriter's item (its members' indentation past its closing bracket's). */
export const indentUnit = (inner: string, outer: string): string => inner.slice(outer.length);

/**
 * A value computed when the writer reaches it (after everything before it is written). A long
 * computation is a generator: each `yield` is a pause (an empty piece: the chunks end there, so
 * a stream's reader gets its turn), its return the value.
 */
export class Deferred {
  constructor(readonly value: () => StreamJson | Generator<void, StreamJson, undefined>) {}
}

/**
 * A Deferred computed once (the first pass that reaches it, its pauses given there) and the same
 * value in every later pass (the digest's, a second reader's): a section whose making is long.
 */
export function deferredOnce(make: () => Generator<void, StreamJson, undefined>): Deferred {
  let made: { value: StreamJson } | undefined;
  return new Deferred(function* () {
    if (made === undefined) made = { value: yield* make() };
    return made.value;
  });
}

const isGenerator = (v: unknown): v is Generator<void, StreamJson, undefined> =>
  typeof v === "object" && v !== null && typeof (v as Generator).next === "function" && typeof (v as Generator).throw === "function";

/** A deferred value computed at once (its pauses skipped). */
function computed(d: Deferred): StreamJson {
  const v = d.value();
  if (!isGenerator(v)) return v;
  for (;;) {
    const r = v.next();
    if (r.done) return r.value;
  }
}

export type StreamJson = Json | LazyArray | Deferred | { [key: string]: StreamJson | undefined };

export interface JsonTextOptions {
  /** JSON.stringify's `space` as a number of spaces (0 or absent: none). */
  indent?: number;
  /** Object keys sorted as sortedJsonStringify sorts them (the SDK digest's form). */
  sorted?: boolean;
}

const isPlainObject = (v: unknown): v is { [key: string]: StreamJson | undefined } =>
  typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof LazyArray) && !(v instanceof Deferred);

const INDEX_KEY = /^(?:0|[1-9]\d{0,8})$/;

/**
 * sortedJsonStringify's text (CosmJS: keys sorted, then in the engine's order, integer keys
 * first) without its sorted copy of every object.
 */
export function sortedText(v: Json | undefined): string | undefined {
  if (typeof v !== "object" || v === null) return JSON.stringify(v) as string | undefined;
  if (Array.isArray(v)) {
    let s = "[";
    for (let i = 0; i < v.length; i++) s += (i === 0 ? "" : ",") + (sortedText(v[i]) ?? "null");
    return s + "]";
  }
  const keys = Object.keys(v).sort();
  if (keys.some((k) => INDEX_KEY.test(k))) return sortedJsonStringify(v);
  let s = "{";
  let first = true;
  for (const k of keys) {
    const t = sortedText(v[k]);
    if (t === undefined) continue;
    s += (first ? "" : ",") + JSON.stringify(k) + ":" + t;
    first = false;
  }
  return s + "}";
}

/** The text of `value` in pieces, in order: their concatenation is the whole text. */
export function* jsonPieces(value: StreamJson, options: JsonTextOptions = {}): Generator<string, void, undefined> {
  const indent = options.indent ?? 0;
  const sorted = options.sorted ?? false;
  const plain = (v: Json, depth: number): string | undefined => {
    if (sorted) return sortedText(v);
    const s = JSON.stringify(v, null, indent || undefined) as string | undefined;
    // A nested value's lines carry its depth's indentation (a JSON string holds no raw newline).
    return s === undefined || indent === 0 || depth === 0 ? s : s.replace(/\n/g, `\n${" ".repeat(indent * depth)}`);
  };
  const open = (depth: number) => (indent === 0 ? "" : `\n${" ".repeat(indent * depth)}`);
  const keyOf = (k: string) => JSON.stringify(k) + (indent === 0 ? ":" : ": ");

  function* write(v: StreamJson | undefined, depth: number): Generator<string, boolean, undefined> {
    if (v instanceof Deferred) {
      const x = v.value();
      if (!isGenerator(x)) return yield* write(x, depth);
      for (;;) {
        const r = x.next();
        if (r.done) return yield* write(r.value, depth);
        yield ""; // a pause
      }
    }
    if (v instanceof LazyArray) {
      let first = true;
      const w = sorted || indent === 0 ? undefined : v.indented;
      const sw = sorted ? v.sorted : undefined;
      const inner = open(depth + 2), outer = open(depth + 1);
      for (const item of v.items()) {
        const t = w !== undefined ? w(item, inner, outer) : sw !== undefined ? sw(item) : undefined;
        yield (first ? "[" : ",") + outer + ((t === undefined ? plain(item, depth + 1) : t) ?? "null");
        first = false;
      }
      yield first ? "[]" : `${open(depth)}]`;
      return true;
    }
    if (isPlainObject(v)) {
      let keys = Object.keys(v);
      if (sorted) {
        // Key order as sortedObject leaves it: sorted, then the engine's own order (integer keys first).
        const o: Record<string, true> = {};
        for (const k of keys.sort()) o[k] = true;
        keys = Object.keys(o);
      }
      let first = true;
      for (const k of keys) {
        const x = v[k];
        if (x === undefined || typeof x === "function" || typeof x === "symbol") continue;
        yield (first ? "{" : ",") + open(depth + 1) + keyOf(k);
        first = false;
        yield* write(x, depth + 1);
      }
      yield first ? "{}" : `${open(depth)}}`;
      return true;
    }
    const s = plain(v as Json, depth);
    if (s === undefined) return false;
    yield s;
    return true;
  }
  yield* write(value, 0);
}

/** The pieces joined into chunks of about `size` characters (fewer, larger writes); a pause (an empty piece) ends a chunk and is an empty chunk. */
export function* jsonChunks(value: StreamJson, options: JsonTextOptions = {}, size = 1 << 16): Generator<string, void, undefined> {
  let buf = "";
  for (const p of jsonPieces(value, options)) {
    if (p === "") {
      // a pause: what is gathered goes first, then the pause itself (an empty chunk: the reader's turn)
      if (buf !== "") yield buf;
      buf = "";
      yield "";
      continue;
    }
    buf += p;
    if (buf.length >= size) {
      yield buf;
      buf = "";
    }
  }
  if (buf !== "") yield buf;
}

/** The whole text at once (tests; small documents): JSON.stringify(materialize(value), null, indent). */
export function jsonText(value: StreamJson, options: JsonTextOptions = {}): string {
  let s = "";
  for (const p of jsonPieces(value, options)) s += p;
  return s;
}

/** The plain JSON value (every lazy array read, every deferred value computed). */
export function materialize(value: StreamJson | undefined): Json | undefined {
  if (value instanceof Deferred) return materialize(computed(value));
  if (value instanceof LazyArray) return [...value.items()];
  if (isPlainObject(value)) {
    const o: { [key: string]: Json } = {};
    for (const [k, x] of Object.entries(value)) {
      const m = materialize(x);
      if (m !== undefined) o[k] = m;
    }
    return o;
  }
  return value as Json;
}

/**
 * A byte stream of `chunks` that reads the next chunk only when the reader asks for it (an HTTP
 * response's backpressure); `end` runs once, when the chunks are done, fail, or the reader
 * cancels (a client that went away). An empty chunk is a pause: the event loop gets a turn
 * (blocks, other requests) before the next, which a reader that never waits would not give it;
 * so does every `turnEvery`-th chunk.
 */
export function readableOf(chunks: Iterator<string>, end: () => void, turnEvery = 16): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let ended = false;
  let made = 0;
  const finish = () => {
    if (ended) return;
    ended = true;
    try {
      chunks.return?.();
    } finally {
      end();
    }
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        // A turn every `turnEvery` chunks too (1 MiB): a reader whose socket never fills waits for nothing.
        if (++made % turnEvery === 0) {
          await new Promise((r) => setImmediate(r));
          if (ended) return;
        }
        for (;;) {
          const next = chunks.next();
          if (next.done) {
            finish();
            controller.close();
          } else if (next.value === "") {
            await new Promise((r) => setImmediate(r));
            if (ended) return;
            continue;
          } else controller.enqueue(encoder.encode(next.value));
          return;
        }
      } catch (e) {
        finish();
        controller.error(e);
      }
    },
    cancel() {
      finish();
    },
  }, { highWaterMark: 1 });
}

/**
 * Compiled writers of objects whose members are exactly `keys`, all strings, in the order they are made
 * (JSON.stringify's order): the indented text and the sorted text. An item with a member that
 * is not a string (absent, null, a number) is left to the general path.
 */
export function flatStringWriters(keys: readonly string[]): ItemWriters {
  const sortedKeys = [...keys].sort();
  if (keys.some((k) => INDEX_KEY.test(k))) throw new Error("flatStringWriters: an integer key is written first by the engine");
  const named = keys.map((k) => JSON.stringify(k) + ": ");
  const sortedNamed = sortedKeys.map((k, i) => (i === 0 ? "{" : ",") + JSON.stringify(k) + ":");
  const allStrings = (o: { [key: string]: Json }) => {
    for (const k of keys) if (typeof o[k] !== "string") return false;
    return true;
  };
  return {
    indented: (item, inner, outer) => {
      const o = item as { [key: string]: Json };
      if (!allStrings(o)) return undefined;
      let s = "{";
      for (let i = 0; i < keys.length; i++) s += (i === 0 ? inner : "," + inner) + named[i] + JSON.stringify(o[keys[i]!]);
      return s + outer + "}";
    },
    sorted: (item) => {
      const o = item as { [key: string]: Json };
      if (!allStrings(o)) return undefined;
      let s = "";
      for (let i = 0; i < sortedKeys.length; i++) s += sortedNamed[i] + JSON.stringify(o[sortedKeys[i]!]);
      return s + "}";
    },
  };
}
