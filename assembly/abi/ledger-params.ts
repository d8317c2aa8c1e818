// The ledger parameters record at ledgerParamsPtr(), written by the host before ledgerConfigure.

export const LP_COMMUNITY_TAX: i32 = 0; // Dec in [0, 1]
export const LP_TARGET_RATE: i32 = 16; // Dec in [0, 1]: TargetBaseRewardsRate (0: no top-up)
export const LP_SIZE: i32 = 32;
