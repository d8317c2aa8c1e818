// bonusSegment's input and output records (rewards/bonus.ts). A time is (unix seconds i64, nanos i32).

export const SEG_IN_SHARES: i32 = 0; // Dec
export const SEG_IN_TOKENS_PER_SHARE: i32 = 16; // Dec
export const SEG_IN_APY: i32 = 32; // Dec
export const SEG_IN_START_SECONDS: i32 = 48; // i64
export const SEG_IN_START_NANOS: i32 = 56; // i32
export const SEG_IN_END_SECONDS: i32 = 64; // i64
export const SEG_IN_END_NANOS: i32 = 72; // i32
export const SEG_IN_UNLOCK_SET: i32 = 76; // i32 0/1: exit triggered (else the zero time: nothing clamps)
export const SEG_IN_UNLOCK_SECONDS: i32 = 80; // i64
export const SEG_IN_UNLOCK_NANOS: i32 = 88; // i32
export const SEG_IN_SIZE: i32 = 96;

export const SEG_OUT_BONUS: i32 = 0; // integer
export const SEG_OUT_TOKENS: i32 = 16; // Dec: the segment's token value
export const SEG_OUT_SECONDS: i32 = 32; // u64 whole seconds
export const SEG_OUT_END_SECONDS: i32 = 40; // i64: the effective end
export const SEG_OUT_END_NANOS: i32 = 48; // i32
export const SEG_OUT_HAS_TOKENS: i32 = 52; // i32 0/1: the token value was reached
export const SEG_OUT_SIZE: i32 = 56;
