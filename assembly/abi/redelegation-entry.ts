// A redelegation entry (x/staking RedelegationEntry) as ledgerRedelegationEntries writes it, with
// the tokens its destination shares are worth now.

export const RV_SRC: i32 = 0; // u32 source validator
export const RV_DST: i32 = 4; // u32 destination validator
export const RV_CREATION_HEIGHT: i32 = 8; // u64
export const RV_COMPLETION: i32 = 16; // i64 unix ns
export const RV_INITIAL: i32 = 24; // integer
export const RV_SHARES_DST: i32 = 40; // Dec: shares at the destination
export const RV_BALANCE: i32 = 56; // integer: tokens of those shares now
export const RV_ID: i32 = 72; // u64: the entry's id
export const RV_SIZE: u32 = 80;
