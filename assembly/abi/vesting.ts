// A vesting account's lock (x/auth/vesting's BaseVestingAccount and its kind) as ledgerVestingPtr
// points at it, after the record's key (the account id); and one period of a periodic account as
// ledgerVestingPeriodPtr points at it. Times are unix seconds; amounts integers of the bond denom.

export const VA_KIND: i32 = 0; // u32: VESTING_CONTINUOUS, VESTING_DELAYED, VESTING_PERIODIC, VESTING_PERMANENT
export const VA_PERIODS: i32 = 4; // u32: a periodic account's number of periods
export const VA_START: i32 = 8; // i64 (continuous, periodic)
export const VA_END: i32 = 16; // i64 (0 for a permanent lock)
export const VA_ORIGINAL: i32 = 24; // integer: original_vesting
export const VA_DELEGATED_FREE: i32 = 40; // integer
export const VA_DELEGATED_VESTING: i32 = 56; // integer
export const VA_SIZE: u32 = 72;

export const VP_LENGTH: i32 = 0; // i64 seconds
export const VP_AMOUNT: i32 = 8; // integer
export const VP_SIZE: u32 = 24;

export const VESTING_CONTINUOUS: u32 = 1;
export const VESTING_DELAYED: u32 = 2;
export const VESTING_PERIODIC: u32 = 3;
export const VESTING_PERMANENT: u32 = 4;
