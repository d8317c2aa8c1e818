// A delegation as ledgerDelegation and the delegation pages write it, with the tokens its shares
// are worth now (TokensFromShares, truncated).

export const DV_DELEGATOR: i32 = 0; // u32 account id
export const DV_VALIDATOR: i32 = 4; // u32
export const DV_SHARES: i32 = 8; // Dec
export const DV_BALANCE: i32 = 24; // integer
export const DV_SIZE: u32 = 40;
