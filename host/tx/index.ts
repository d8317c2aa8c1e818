// Amino-JSON signed transactions (CosmJS `signAmino` / Keplr): sign doc, keys, decoding, message
// registry and verification. See verify.ts for the order of the checks.

export * from "./errors.js";
export * from "./sign-doc.js";
export * from "./keys.js";
export * from "./coins.js";
export * from "./fields.js";
export * from "./stdtx.js";
export * from "./registry.js";
export * from "./tiers.js";
export * from "./verify.js";
export * from "./staking.js";
export * from "./gov.js";
