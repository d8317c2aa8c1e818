// The events of the last message at tiersEventsPtr(), tiersEventCount() of them (ledger/out.ts):
// x/bank's coin movements, x/distribution's, the tier events (REFERENCE.md §10): ids, account ids,
// amounts and times; the host names them and renders addresses.

export const EV_TYPE: i32 = 0; // u32: EVT_*
export const EV_TIER: i32 = 4; // u32
export const EV_POSITION: i32 = 8; // u64
export const EV_OWNER: i32 = 16; // u32 account
export const EV_VALIDATOR: i32 = 20; // u32
export const EV_DST_VALIDATOR: i32 = 24; // u32
export const EV_FLAG: i32 = 28; // u32: full exit, or the tier change action (TIER_*)
export const EV_AMOUNT: i32 = 32; // integer
export const EV_AMOUNT2: i32 = 48; // integer or Dec (shares)
export const EV_TIME: i32 = 64; // i64 ns
export const EV_PEER: i32 = 72; // u32 account: a transfer's recipient, a withdraw address
export const EV_SIZE: i32 = 80;

export const EVT_TIER_CHANGED: u32 = 1;
export const EVT_POSITION_CREATED: u32 = 2;
export const EVT_DELEGATION_COMMITTED: u32 = 3;
export const EVT_BASE_REWARDS_CLAIMED: u32 = 4;
export const EVT_BONUS_REWARDS_CLAIMED: u32 = 5;
export const EVT_POSITION_UNDELEGATED: u32 = 6;
export const EVT_POSITION_REDELEGATED: u32 = 7;
export const EVT_POSITION_AMOUNT_ADDED: u32 = 8;
export const EVT_EXIT_TRIGGERED: u32 = 9;
export const EVT_EXIT_CLEARED: u32 = 10;
export const EVT_TIER_REWARDS_CLAIMED: u32 = 11;
export const EVT_POSITION_WITHDRAWN: u32 = 12;
export const EVT_EXIT_TIER_WITH_DELEGATION: u32 = 13;
export const EVT_BONUS_OWED: u32 = 14; // ours (DESIGN.md decision 8): bonus the pool could not pay, owed (amount)
export const EVT_OWED_BONUS_PAID: u32 = 15; // ours: owed bonus paid on a claim (amount), what stays owed (amount2)
export const EVT_POOL_FUNDED: u32 = 16; // ours: a deposit into the rewards pool (owner = depositor)
// x/bank and x/distribution, as their keepers emit them inside a message:
export const EVT_COIN_TRANSFER: u32 = 17; // SendCoins: owner sends amount to peer (coin_spent, coin_received, transfer, message)
export const EVT_COIN_DELEGATION: u32 = 18; // DelegateCoins / UndelegateCoins: owner to peer (coin_spent, coin_received)
export const EVT_WITHDRAW_REWARDS: u32 = 19; // withdraw_rewards: owner = delegator, validator, amount (0 too)
export const EVT_SET_WITHDRAW_ADDRESS: u32 = 20; // set_withdraw_address: owner = delegator, peer = the address

// EV_FLAG of EVT_TIER_CHANGED.
export const TIER_NEW: u32 = 1;
export const TIER_UPDATE: u32 = 2;
export const TIER_DELETE: u32 = 3;
