// A last-commit vote as ledgerBeginBlock takes them and ledgerLastCommitVotes writes them, in
// commit order (BeginBlock's own scratch keeps a validator's slot where the id is).

export const VOTE_VALIDATOR: i32 = 0; // u32 validator id; 4 bytes unused after it
export const VOTE_POWER: i32 = 8; // u64 consensus power
export const VOTE_SIZE: i32 = 16;
