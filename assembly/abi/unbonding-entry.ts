// An unbonding entry (x/staking UnbondingDelegationEntry) as ledgerUnbondingEntries writes it.

export const UV_VALIDATOR: i32 = 0; // u32; 4 bytes unused after it
export const UV_CREATION_HEIGHT: i32 = 8; // u64
export const UV_COMPLETION: i32 = 16; // i64 unix ns
export const UV_INITIAL: i32 = 24; // integer
export const UV_BALANCE: i32 = 40; // integer
export const UV_ID: i32 = 56; // u64: the entry's id (the SDK's unbonding id)
export const UV_SIZE: u32 = 64;
