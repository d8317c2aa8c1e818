// The emission parameters record at emissionParamsPtr(), written by the host before emissionConfigure.

export const PARAMS_BASE_RATE: i32 = 0; // Dec: x/mint inflation (min = max, as the reference pins it)
export const PARAMS_DECAY_RATE: i32 = 16; // Dec: monthly decay, in [0, 1]
export const PARAMS_MAX_SUPPLY: i32 = 32; // integer: cap on circulating supply, 0 = none
export const PARAMS_BLOCKS_PER_YEAR: i32 = 48; // u64, > 0
export const PARAMS_DECAY_EPOCH: i32 = 56; // u64 height, 0 = never set (no decay)
export const PARAMS_SIZE: i32 = 64;
