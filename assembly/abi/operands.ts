// How values cross the boundary: a u128 (a Dec's raw value or an integer) is 16 bytes, two
// little-endian u64 limbs, low first. The host's operand slots, text buffer and general buffer.

export const U128_BYTES: i32 = 16;
export const U128_HIGH: i32 = 8; // the high limb
export const U64_BYTES: i32 = 8; // an element of a list of u64s (ids, powers)
export const U32_BYTES: i32 = 4; // an element of a list of u32s (ids)
export const SLOT_COUNT: i32 = 16; // u128 operand slots at scratchPtr()
export const SCRATCH_BYTES: i32 = SLOT_COUNT * U128_BYTES;
export const TEXT_BYTES: i32 = 4096; // UTF-8 text in and out at textPtr()
export const BUFFER_BYTES: i32 = 64 * 1024; // variable-length records at bufferPtr()
