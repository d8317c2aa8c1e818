// topUpCompute's records (rewards/topup.ts): the input, the output and one allocation per voter.

export const TOPUP_IN_TOTAL_BONDED: i32 = 0; // integer
export const TOPUP_IN_RATE: i32 = 16; // Dec
export const TOPUP_IN_FEE_COLLECTOR: i32 = 32; // integer, bond denom
export const TOPUP_IN_COMMUNITY_TAX: i32 = 48; // Dec
export const TOPUP_IN_POOL: i32 = 64; // integer, bond denom
export const TOPUP_IN_BLOCKS_PER_YEAR: i32 = 80; // u64
export const TOPUP_IN_SIZE: i32 = 96;

// Steps not reached leave their fields zero; the outcome says which were.
export const TOPUP_OUT_TARGET: i32 = 0; // Dec
export const TOPUP_OUT_DEFAULT: i32 = 16; // Dec
export const TOPUP_OUT_SHORTFALL: i32 = 32; // integer magnitude
export const TOPUP_OUT_TOTAL_POWER: i32 = 48; // integer
export const TOPUP_OUT_TOP_UP: i32 = 64; // integer
export const TOPUP_OUT_OUTCOME: i32 = 80; // i32: TOPUP_*
export const TOPUP_OUT_SHORTFALL_NEGATIVE: i32 = 84; // i32: 1 when the shortfall is negative
export const TOPUP_OUT_SIZE: i32 = 96;

// An allocation: power fraction (Dec; unused for the last voter) and reward (Dec).
export const TOPUP_ALLOC_FRACTION: i32 = 0;
export const TOPUP_ALLOC_REWARD: i32 = 16;
export const TOPUP_ALLOC_SIZE: i32 = 32;

export const TOPUP_FULL: i32 = 0;
export const TOPUP_PARTIAL: i32 = 1;
export const TOPUP_DISABLED: i32 = 2;
export const TOPUP_ZERO_BLOCKS_PER_YEAR: i32 = 3;
export const TOPUP_NO_SHORTFALL: i32 = 4;
export const TOPUP_NO_VOTING_POWER: i32 = 5;
export const TOPUP_POOL_EMPTY: i32 = 6;
