// Each table's id: the first field of its records in the store and in the state hash, and the
// name host/core/memory.ts TABLE_NAMES gives it. Fixed here rather than by the order the tables are
// created (module initialisation order follows the import graph), so that moving code between
// files never renumbers a stored record: a database written before reads back into the same tables.

export const T_BALANCES: u32 = 0;
export const T_VALIDATORS: u32 = 1;
export const T_HISTORICAL: u32 = 2;
export const T_SLASH_EVENTS: u32 = 3;
export const T_LEDGER_CELLS: u32 = 4;
export const T_DELEGATIONS: u32 = 5;
export const T_DELEGATOR_LISTS: u32 = 6;
export const T_VALIDATOR_LISTS: u32 = 7;
export const T_UNBONDING_ENTRIES: u32 = 8;
export const T_UNBONDING_LISTS: u32 = 9;
export const T_UNBONDING_PAIRS: u32 = 10;
export const T_REDELEGATION_ENTRIES: u32 = 11;
export const T_REDELEGATION_LISTS: u32 = 12;
export const T_REDELEGATION_TRIPLES: u32 = 13;
export const T_REDELEGATIONS_RECEIVED: u32 = 14;
export const T_WITHDRAW_ADDRESSES: u32 = 15;
export const T_TIERS: u32 = 16;
export const T_POSITIONS: u32 = 17;
export const T_POSITION_OWNERS: u32 = 18;
export const T_POSITIONS_BY_DELEGATOR: u32 = 19;
export const T_TIER_GLOBALS: u32 = 20;
export const T_TIER_VALIDATOR_DATA: u32 = 21;
export const T_VALIDATOR_EVENTS: u32 = 22;
export const T_TIER_PARAMS: u32 = 23;
export const T_VESTING_ACCOUNTS: u32 = 24;
export const T_VESTING_PERIODS: u32 = 25;
