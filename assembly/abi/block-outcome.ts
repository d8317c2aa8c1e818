// The outcome of the last BeginBlock at ledgerBlockOutcomePtr(), for the host's events.

export const BO_MINTED: i32 = 0; // integer
export const BO_TOP_UP: i32 = 16; // integer
export const BO_FEES: i32 = 32; // integer: moved from the fee collector to distribution
export const BO_SIZE: i32 = 48;
