// A tier position: the stored record (table `positions`, key position id) and its view as
// tiersPosition writes it. The view's first PV_RECORD_BYTES are the record's own (REFERENCE.md §3.4).

// The stored record. Times are unix ns, 0 = the zero time; links hold id + 1 (0: none).
export const P_ID: i32 = 0; // u64: the key
export const P_OWNER: i32 = 8; // u32 account
export const P_TIER: i32 = 12; // u32
export const P_DELEGATOR: i32 = 16; // u32 account: the position's own delegator
export const P_VALIDATOR: i32 = 20; // u32: the validator of its delegation (kept once undelegated: its unbonding)
export const P_LAST_ACCRUAL: i32 = 24; // i64 ns: last_bonus_accrual
export const P_LAST_SEQ: i32 = 32; // u64: last_event_seq
export const P_BONDED: i32 = 40; // u8: last_known_bonded
export const P_TRIGGERED: i32 = 48; // i64 ns: exit_triggered_at, 0 = not exiting
export const P_UNLOCK: i32 = 56; // i64 ns: exit_unlock_at
export const P_HEIGHT: i32 = 64; // u64: created_at_height
export const P_TIME: i32 = 72; // i64 ns: created_at_time
export const P_OWNER_PREV: i32 = 80; // u64 links of the owner's list
export const P_OWNER_NEXT: i32 = 88;
export const P_TIER_PREV: i32 = 96; // u64 links of the tier's list
export const P_TIER_NEXT: i32 = 104;
export const P_ALL_PREV: i32 = 112; // u64 links of the list of all positions
export const P_ALL_NEXT: i32 = 120;
export const P_SIZE: u32 = 128;

// The view: the record's fields up to created_at_time, then the live delegation.
export const PV_RECORD_BYTES: i32 = 80; // copied from the record: id .. created_at_time
export const PV_DELEGATED: i32 = 41; // u8: the position's delegator has a delegation (P_VALIDATOR is its validator)
export const PV_UNBONDING: i32 = 42; // u8: its tokens are unbonding
export const PV_AMOUNT: i32 = 80; // integer: the tokens its delegation, unbonding or balance holds now
export const PV_SHARES: i32 = 96; // Dec: the delegation's shares (0 when undelegated)
export const PV_SIZE: u32 = 112;

// The lists tiersList walks (its `kind`).
export const LIST_ALL: i32 = 0;
export const LIST_OF_OWNER: i32 = 1;
export const LIST_OF_TIER: i32 = 2;
