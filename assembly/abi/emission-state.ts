// The emission state record at emissionStatePtr(): read by the host after every call, written only
// by the core (emissionSetState).

export const STATE_HEIGHT: i32 = 0; // u64: last block executed
export const STATE_TOTAL_SUPPLY: i32 = 16; // integer, bond denom, burned balances included
export const STATE_BURNED: i32 = 32; // integer: balances of the burn addresses
export const STATE_RATE: i32 = 48; // Dec: inflation of the last block
export const STATE_ANNUAL: i32 = 64; // Dec: annual provisions of the last block
export const STATE_PROVISION: i32 = 80; // integer: block provision of the last block
export const STATE_MINTED: i32 = 96; // integer: what the last block minted after the cap
export const STATE_SIZE: i32 = 112;
