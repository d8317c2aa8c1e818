// The validator record (table `validators`, key validator id) at ledgerValidatorPtr(id): x/staking's
// validator and its x/distribution accumulators.

export const V_OPERATOR: i32 = 8; // u32 account id of the operator
export const V_STATUS: i32 = 12; // u8: STATUS_*
export const V_JAILED: i32 = 13; // u8
export const V_TOKENS: i32 = 16; // integer
export const V_SHARES: i32 = 32; // Dec: delegator shares
export const V_COMMISSION_RATE: i32 = 48; // Dec
export const V_PERIOD: i32 = 64; // u64: F1 current period
export const V_CURRENT_REWARDS: i32 = 80; // Dec: rewards of the current period
export const V_COMMISSION: i32 = 96; // Dec: accumulated commission
export const V_OUTSTANDING: i32 = 112; // Dec: outstanding rewards
export const V_ORDER_KEY: i32 = 128; // u64: ties in power rank by this, then by id (the host: address bytes)
export const V_LAST_POWER: i32 = 136; // u64: consensus power in the last validator set (0: not in it)
export const V_UNBONDING_TIME: i32 = 144; // i64 ns: when an unbonding validator becomes unbonded
export const V_UNBONDING_HEIGHT: i32 = 152; // u64
export const V_MIN_SELF_DELEGATION: i32 = 160; // integer (the SDK's default for new validators: 1)
export const V_JAILED_UNTIL: i32 = 176; // i64 unix ns: x/slashing's jailed_until
export const V_SLASH_EVENTS: i32 = 184; // u64: slash events recorded (their indexes 0..n-1)
export const V_SIZE: u32 = 192;

export const STATUS_UNBONDED: u8 = 0;
export const STATUS_UNBONDING: u8 = 1;
export const STATUS_BONDED: u8 = 2;
