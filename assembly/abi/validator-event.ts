// A validator's tier bookkeeping as the host reads it: tiersValidatorData's counters and a live
// validator event (ValidatorEvent) as tiersValidatorEvent writes it.

export const VD_OUT_SEQ: i32 = 0; // u64: the current event sequence (first event = 1)
export const VD_OUT_POSITIONS: i32 = 8; // u64: delegated positions
export const VD_OUT_SIZE: i32 = 16;

export const VEV_HEIGHT: i32 = 0; // u64
export const VEV_TIME: i32 = 8; // i64 ns
export const VEV_TYPE: i32 = 16; // u32: EVENT_*; 4 bytes unused after it
export const VEV_TOKENS_PER_SHARE: i32 = 24; // Dec: when it happened (before a slash)
export const VEV_REFS: i32 = 40; // u64: delegated positions that have not replayed it
export const VEV_SIZE: i32 = 48;

export const EVENT_SLASH: u32 = 1;
export const EVENT_UNBOND: u32 = 2;
export const EVENT_BOND: u32 = 3;
