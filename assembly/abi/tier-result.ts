// Two amounts at the host's pointer: the last tier message's (tiersResult), the amounts its error
// quotes (tiersErrorAmounts), or what a claim would pay (tiersEstimate).

export const AMOUNT_A: i32 = 0; // integer
export const AMOUNT_B: i32 = 16; // integer or Dec
export const AMOUNTS_SIZE: i32 = 32;
