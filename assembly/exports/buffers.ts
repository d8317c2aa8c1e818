// The boundary's buffers (abi/operands.ts) and the detail of the last error.

import { errorArg } from "../errors";
import { SCRATCH_BYTES, TEXT_BYTES, BUFFER_BYTES } from "../abi/operands";

const scratch: usize = memory.data(SCRATCH_BYTES, 16);
const text: usize = memory.data(TEXT_BYTES, 16);
const buffer: usize = memory.data(BUFFER_BYTES, 16);

/** Sixteen u128 slots the host may use for operands and results. */
export function scratchPtr(): usize {
  return scratch;
}

/** A byte buffer of `textCapacity()` bytes for text in and out. */
export function textPtr(): usize {
  return text;
}

export function textCapacity(): i32 {
  return TEXT_BYTES;
}

/** A general buffer of `bufferCapacity()` bytes for variable-length records (lists of powers…). */
export function bufferPtr(): usize {
  return buffer;
}

export function bufferCapacity(): i32 {
  return BUFFER_BYTES;
}

/** The detail of the last error (see errors.ts). */
export function lastErrorArg(): i64 {
  return errorArg;
}
