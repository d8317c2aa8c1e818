// The tier record (table `tiers`, key tier id) at tiersTierPtr(id).

export const T_EXIT: i32 = 8; // u64 seconds
export const T_APY: i32 = 16; // Dec
export const T_MIN_LOCK: i32 = 32; // integer
export const T_CLOSE_ONLY: i32 = 48; // u8
export const T_COUNT: i32 = 56; // u64 positions (undelegated included)
export const T_HEAD: i32 = 64; // u64 position id + 1 (0: none): the tier's list
export const T_TAIL: i32 = 72;
export const T_SIZE: u32 = 80;
