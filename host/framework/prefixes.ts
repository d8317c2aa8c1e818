// The chain's address prefixes and the module accounts the node names (chain-main's, REFERENCE §1).

/** Bech32 prefix of account addresses (REFERENCE §1). */
export const ACCOUNT_PREFIX = "cro";
/** Bech32 prefix of validator operator addresses. */
export const VALIDATOR_PREFIX = "crocncl";
/** The rewards pool's module address (REFERENCE §1). */
export const REWARDS_POOL_ADDRESS = "cro1ag7qj65w7882kkn8nl7hnfvfqlemxwamd5g2pr";
/** The x/gov module account: the reference's governance authority (REFERENCE §1). */
export const GOV_MODULE_ADDRESS = "cro10d07y265gmmuvt4z0w9aw880jnsr700jzemu2z";
