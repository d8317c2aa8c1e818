// An image of the core: its whole state, for dev mode's snapshot and revert (dev/chain.ts).
// A WebAssembly instance's state is its linear memory and its mutable globals (the core imports
// nothing but abort and has no table to write), so a copy of both, written back, is the instance
// as it was: exact by construction, whatever the core keeps and however it lays it out. asc keeps
// module-level variables in globals it does not export; `exportGlobals` adds an export for each
// mutable one to the module's bytes before it is compiled, so the host can read and write them.
// Browser-safe: bytes in, bytes out.

import { concatBytes } from "@noble/hashes/utils.js";
import type { Core } from "./core.js";

/** Exports `exportGlobals` adds: GLOBAL_EXPORT + the global's index. */
export const GLOBAL_EXPORT = "__image_global_";

export interface CoreImage {
  /** The linear memory's bytes. */
  readonly memory: Uint8Array;
  /** Each mutable global's value, in index order. */
  readonly globals: readonly (number | bigint)[];
}

const SECTION_IMPORT = 2;
const SECTION_GLOBAL = 6;
const SECTION_EXPORT = 7;
const KIND_GLOBAL = 3;

/** The module's bytes with every mutable global exported as GLOBAL_EXPORT + index. */
export function exportGlobals(wasm: Uint8Array): Uint8Array {
  if (wasm.length < 8 || wasm[0] !== 0 || wasm[1] !== 0x61 || wasm[2] !== 0x73 || wasm[3] !== 0x6d) throw new Error("not a WebAssembly module");
  const sections: { id: number; head: number; start: number; end: number }[] = [];
  for (let at = 8; at < wasm.length;) {
    const id = wasm[at]!;
    const [size, next] = readU32(wasm, at + 1);
    sections.push({ id, head: at, start: next, end: next + size });
    at = next + size;
  }
  const imported = countImportedGlobals(wasm, sections.find((s) => s.id === SECTION_IMPORT));
  const mutable = mutableGlobals(wasm, sections.find((s) => s.id === SECTION_GLOBAL)).map((i) => i + imported);
  const exportSection = sections.find((s) => s.id === SECTION_EXPORT);
  const [count, first] = exportSection ? readU32(wasm, exportSection.start) : [0, 0];
  const entries: number[] = [];
  for (const index of mutable) {
    const name = new TextEncoder().encode(`${GLOBAL_EXPORT}${index}`);
    entries.push(...u32(name.length), ...name, KIND_GLOBAL, ...u32(index));
  }
  const oldEntries = exportSection ? wasm.subarray(first, exportSection.end) : new Uint8Array();
  const head = u32(count + mutable.length);
  const bodyLength = head.length + oldEntries.length + entries.length;
  const section = concatBytes(Uint8Array.from([SECTION_EXPORT, ...u32(bodyLength), ...head]), oldEntries, Uint8Array.from(entries));
  // The export section goes where it was, or before the first section that must follow it.
  const parts: Uint8Array[] = [wasm.subarray(0, 8)];
  let placed = false;
  for (const s of sections) {
    if (!placed && (s.id === SECTION_EXPORT || (!exportSection && s.id > SECTION_EXPORT && s.id !== 0))) {
      parts.push(section);
      placed = true;
    }
    if (s.id !== SECTION_EXPORT) parts.push(wasm.subarray(s.head, s.end));
  }
  if (!placed) parts.push(section);
  return concatBytes(...parts);
}

/** Whether this core instance exports its globals (its module went through exportGlobals). */
export function imageable(core: Core): boolean {
  return globalsOf(core).length > 0;
}

/** The core's state now. */
export function captureImage(core: Core): CoreImage {
  const globals = globalsOf(core);
  if (globals.length === 0) throw new Error("this core does not export its globals (host/core/image.ts exportGlobals)");
  return { memory: new Uint8Array(core.exports.memory.buffer).slice(), globals: globals.map((g) => g.value as number | bigint) };
}

/** The core back to `image`: memory beyond the image's (it never shrinks) is zeroed, as fresh pages are. */
export function restoreImage(core: Core, image: CoreImage): void {
  const globals = globalsOf(core);
  if (globals.length !== image.globals.length) throw new Error("the image is of another core build");
  const memory = core.exports.memory;
  const missing = image.memory.length - memory.buffer.byteLength;
  if (missing > 0) memory.grow(Math.ceil(missing / 65_536));
  const bytes = new Uint8Array(memory.buffer);
  bytes.set(image.memory);
  bytes.fill(0, image.memory.length);
  globals.forEach((g, i) => (g.value = image.globals[i]!));
}

function globalsOf(core: Core): WebAssembly.Global[] {
  const x = core.exports as unknown as Record<string, unknown>;
  return Object.keys(x)
    .filter((k) => k.startsWith(GLOBAL_EXPORT))
    .sort((a, b) => Number(a.slice(GLOBAL_EXPORT.length)) - Number(b.slice(GLOBAL_EXPORT.length)))
    .map((k) => x[k] as WebAssembly.Global);
}

function countImportedGlobals(wasm: Uint8Array, s: { start: number; end: number } | undefined): number {
  if (s === undefined) return 0;
  let [n, at] = readU32(wasm, s.start);
  let globals = 0;
  for (; n > 0; n--) {
    for (let name = 0; name < 2; name++) {
      const [len, next] = readU32(wasm, at);
      at = next + len;
    }
    const kind = wasm[at++]!;
    if (kind === 0) at = readU32(wasm, at)[1]; // a function: its type index
    else if (kind === 1) at = skipLimits(wasm, at + 1); // a table: element type, limits
    else if (kind === 2) at = skipLimits(wasm, at); // a memory: limits
    else if (kind === KIND_GLOBAL) {
      at += 2; // value type, mutability
      globals++;
    } else throw new Error(`unknown import kind ${kind}`);
  }
  return globals;
}

/** Indexes (within the section) of the mutable globals the global section defines. */
function mutableGlobals(wasm: Uint8Array, s: { start: number; end: number } | undefined): number[] {
  if (s === undefined) return [];
  let [n, at] = readU32(wasm, s.start);
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    at++; // value type
    if (wasm[at++] === 1) out.push(i);
    at = skipConstExpr(wasm, at);
  }
  return out;
}

/** Past a constant expression (i32/i64/f32/f64.const, global.get, ref.null, ref.func) and its `end`. */
function skipConstExpr(wasm: Uint8Array, at: number): number {
  for (;;) {
    const op = wasm[at++]!;
    if (op === 0x0b) return at;
    if (op === 0x41 || op === 0x42) at = skipLeb(wasm, at);
    else if (op === 0x43) at += 4;
    else if (op === 0x44) at += 8;
    else if (op === 0x23 || op === 0xd2) at = readU32(wasm, at)[1];
    else if (op === 0xd0) at++;
    else throw new Error(`unsupported opcode 0x${op.toString(16)} in a global's initializer`);
  }
}

function skipLimits(wasm: Uint8Array, at: number): number {
  const flags = wasm[at++]!;
  at = readU32(wasm, at)[1];
  return flags & 1 ? readU32(wasm, at)[1] : at;
}

function skipLeb(wasm: Uint8Array, at: number): number {
  while ((wasm[at++]! & 0x80) !== 0);
  return at;
}

function readU32(wasm: Uint8Array, at: number): [number, number] {
  let result = 0;
  let shift = 0;
  for (;;) {
    const b = wasm[at++]!;
    result += (b & 0x7f) * 2 ** shift;
    if ((b & 0x80) === 0) return [result, at];
    shift += 7;
  }
}

function u32(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n = Math.floor(n / 128);
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
  return out;
}
