// The core's exported API. Numeric only: integers, pointers to fixed records in linear memory
// (their layouts in abi/), and a byte buffer for text. A u128 (a Dec's raw value or an integer) is
// 16 bytes, two little-endian u64 limbs, low first. Every operation returns a result code
// (errors.ts); results are written only on success. The exports live in exports/, by concern.

export * from "./exports/buffers";
export * from "./exports/dec";
export * from "./exports/emission";
export * from "./exports/rewards";
export * from "./exports/store";
export { storeTxBegin, storeTxCommit, storeTxAbort, storeSavepoint, storeRollbackTo, storeReleaseSavepoint } from "./exports/transaction";
export * from "./exports/ledger";
export * from "./exports/ledger-messages";
export * from "./exports/ledger-queries";
export * from "./exports/tier-messages";
export * from "./exports/tier-queries";
export * from "./exports/vesting";
export * from "./genesis/place"; // an export's records placed (a genesis from another chain)
