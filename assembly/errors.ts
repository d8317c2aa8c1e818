// Result codes of every core operation. 0 is success; the host maps each code to the reference's
// message (host/core/errors.ts), so this list and that table change together.

export const OK: i32 = 0;
/**
 * The exact result's magnitude needs more than 128 bits (the reference: `Int overflow`). Checked
 * first: a result both too large and negative is ERR_OVERFLOW, never ERR_UNDERFLOW.
 */
export const ERR_OVERFLOW: i32 = 1;
/** The exact result fits 128 bits in magnitude but is negative: the core's values are non-negative. */
export const ERR_UNDERFLOW: i32 = 2;
export const ERR_DIVISION_BY_ZERO: i32 = 3;
/** approxRoot left the reference's range on the way (the reference: `out of bounds`). */
export const ERR_OUT_OF_BOUNDS: i32 = 4;
/** truncateInt64 / roundInt64 outside the signed 64-bit range (`Int64() out of bound`). */
export const ERR_INT64_OUT_OF_BOUND: i32 = 5;
// Parsing, with the reference's messages.
export const ERR_PARSE_EMPTY: i32 = 6;
export const ERR_PARSE_INVALID_STRING: i32 = 7;
export const ERR_PARSE_INVALID_LENGTH: i32 = 8;
/** More than 18 fraction digits; `errorArg` holds the excess. */
export const ERR_PARSE_PRECISION: i32 = 9;
export const ERR_PARSE_SYNTAX: i32 = 10;
/** Outside the reference's own Dec range (|value| >= 2^256). */
export const ERR_PARSE_OUT_OF_RANGE: i32 = 11;
/** Parameters rejected by validation; `errorArg` says which rule. */
export const ERR_INVALID_PARAMS: i32 = 12;
/** A debit above the balance (sdk code 5); `errorArg` is the account id. */
export const ERR_INSUFFICIENT_FUNDS: i32 = 13;
/** No validator with that id (staking code 3). */
export const ERR_NO_VALIDATOR: i32 = 14;
/** A validator with that id exists already (staking code 4). */
export const ERR_VALIDATOR_EXISTS: i32 = 15;
/** No delegation for (delegator, validator) (staking 19). */
export const ERR_NO_DELEGATION: i32 = 16;
/** Nothing to withdraw: no accumulated commission (distribution 7). */
export const ERR_NO_COMMISSION: i32 = 17;
/** Delegating to a validator whose tokens were all slashed while shares remain (staking 34). */
export const ERR_INVALID_EX_RATE: i32 = 18;
/** An amount that must be positive is zero (sdk 18, invalid request). */
export const ERR_ZERO_AMOUNT: i32 = 19;
/** A state invariant the reference panics on (a bug, never user input); `errorArg` says which. */
export const ERR_INVARIANT: i32 = 20;
/** The amount's shares exceed the delegation's (sdk 18: invalid shares amount). */
export const ERR_INVALID_SHARES: i32 = 21;
/** Seven unbonding entries already (staking 27). */
export const ERR_MAX_UNBONDING_ENTRIES: i32 = 22;
/** Shares asked of a validator without tokens (staking 22). */
export const ERR_INSUFFICIENT_SHARES: i32 = 23;
/** Redelegation to the same validator (staking 29). */
export const ERR_SELF_REDELEGATION: i32 = 24;
/** Redelegation destination not found (staking 31). */
export const ERR_BAD_REDELEGATION_DST: i32 = 25;
/** A redelegation into the source is still maturing (staking 32). */
export const ERR_TRANSITIVE_REDELEGATION: i32 = 26;
/** Seven redelegation entries already for (delegator, src, dst) (staking 33). */
export const ERR_MAX_REDELEGATION_ENTRIES: i32 = 27;
/** The shares unbond to zero tokens (staking 30). */
export const ERR_TINY_REDELEGATION: i32 = 28;
/** Jailing a jailed validator (staking 7). */
export const ERR_VALIDATOR_JAILED: i32 = 29;
/** Unjailing a validator that is not jailed (slashing 5). */
export const ERR_NOT_JAILED: i32 = 30;
/** Unjailing before jailed_until (slashing 4). */
export const ERR_STILL_JAILED: i32 = 31;
/** Unjailing with a self-delegation below the minimum (slashing 7). */
export const ERR_SELF_DELEGATION_TOO_LOW: i32 = 32;
/** Slashing an unbonded validator, or an infraction in the future (plain errors in the SDK). */
export const ERR_BAD_SLASH: i32 = 33;
/** No unbonding delegation for (delegator, validator) (a gRPC NotFound: codespace undefined, code 1). */
export const ERR_NO_UNBONDING: i32 = 34;
/** No unbonding entry of (delegator, validator) at the creation height (sdk 38); `errorArg` is the height. */
export const ERR_NO_UNBONDING_ENTRY: i32 = 35;
/** Cancelling more than the unbonding entry's balance (sdk 18). */
export const ERR_UNBONDING_BALANCE: i32 = 36;
/** Cancelling an unbonding entry whose completion time has passed (sdk 18). */
export const ERR_UNBONDING_PROCESSED: i32 = 37;

/** Detail of the last error, where its message needs one (a count, a rule number). */
export let errorArg: i64 = 0;

export function setErrorArg(v: i64): void {
  errorArg = v;
}

// x/tieredrewards (codespace `tieredrewards`): core code = TIER_CODES + the reference's code (§9).
export const TIER_CODES: i32 = 100;
export const ERR_TR_TRANSFER_SRC_NOT_FOUND: i32 = TIER_CODES + 1;
export const ERR_TR_TRANSFER_DST_NOT_FOUND: i32 = TIER_CODES + 2;
export const ERR_TR_TOO_FEW_TOKENS: i32 = TIER_CODES + 3;
export const ERR_TR_TIER_EXISTS: i32 = TIER_CODES + 5;
export const ERR_TR_TIER_HAS_POSITIONS: i32 = TIER_CODES + 6;
export const ERR_TR_CLOSE_ONLY: i32 = TIER_CODES + 7;
export const ERR_TR_INVALID_AMOUNT: i32 = TIER_CODES + 8;
export const ERR_TR_MIN_LOCK: i32 = TIER_CODES + 9;
export const ERR_TR_ACTIVE_REDELEGATION: i32 = TIER_CODES + 10;
export const ERR_TR_NOT_BONDED: i32 = TIER_CODES + 11;
export const ERR_TR_POOL_SHORT: i32 = TIER_CODES + 12;
export const ERR_TR_NOT_DELEGATED: i32 = TIER_CODES + 13;
export const ERR_TR_NOT_ELAPSED: i32 = TIER_CODES + 14;
export const ERR_TR_EXIT_TRIGGERED: i32 = TIER_CODES + 15;
export const ERR_TR_SAME_VALIDATOR: i32 = TIER_CODES + 16;
export const ERR_TR_TIER_NOT_FOUND: i32 = TIER_CODES + 17;
export const ERR_TR_POSITION_NOT_FOUND: i32 = TIER_CODES + 18;
export const ERR_TR_OWNER_MISMATCH: i32 = TIER_CODES + 22;
export const ERR_TR_DELEGATED: i32 = TIER_CODES + 23;
export const ERR_TR_NOT_TRIGGERED: i32 = TIER_CODES + 24;
export const ERR_TR_UNBONDING: i32 = TIER_CODES + 25;
export const ERR_TR_ZERO_TIER_ID: i32 = TIER_CODES + 27;
/** A vesting account may not open a position (validateNonVestingAccount). */
export const ERR_TR_VESTING_ACCOUNT: i32 = TIER_CODES + 30;
export const ERR_TR_NO_DELEGATOR_ADDRESS: i32 = TIER_CODES + 31;
/**
 * sdk 18 (invalid request) of the tier messages; `errorArg`: 1 amount not positive, 2 no ids, 3 over
 * 300 ids, 4 a duplicate id (the id: tiersErrorAmounts' first amount).
 */
export const ERR_TR_INVALID_REQUEST: i32 = 140;
/** Tier validation (a plain error, code 1); `errorArg`: 1 exit duration not positive, 2 bonus APY above 1. */
export const ERR_TR_INVALID_TIER: i32 = 141;
/**
 * An exit triggered now would unlock after the last time the core represents (int64 ns since the
 * Unix epoch: 2262-04-11T23:47:16.854775807Z); a plain error, code 1. `errorArg`: the tier's exit
 * seconds. Never wrapped, never clamped.
 */
export const ERR_TR_UNLOCK_OUT_OF_RANGE: i32 = 142;
/**
 * A tier exit duration beyond int64 nanoseconds (above MAX_EXIT_SECONDS), refused as the
 * reference's decoder refuses it (a plain error, code 1); `errorArg`: the seconds.
 */
export const ERR_TR_EXIT_OUT_OF_RANGE: i32 = 143;
/** The longest exit duration in whole seconds: 9223372036 s x 10^9 fits int64 nanoseconds (Go's time.Duration). */
export const MAX_EXIT_SECONDS: u64 = 9_223_372_036;
