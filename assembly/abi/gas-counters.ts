// storeGasCounters' record: the store's operations since the last reset (not state), which the
// host prices with the gas schedule.

export const GAS_READS: i32 = 0; // u64
export const GAS_READ_BYTES: i32 = 8; // u64
export const GAS_WRITES: i32 = 16; // u64
export const GAS_WRITE_BYTES: i32 = 24; // u64
export const GAS_DELETES: i32 = 32; // u64
export const GAS_COUNTERS_SIZE: i32 = 40;
