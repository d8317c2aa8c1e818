// The client package (`tiered-rewards-engine/client`, built into build/web/client.js by
// `npm run build`): the chain's CosmJS registry and amino converters, the dev keys as wallets, and
// connect() for a ready SigningStargateClient. It runs in Node and in a browser bundle (no Node
// built-in); @cosmjs/* and @bufbuild/protobuf are the app's own (peer dependencies).
//
//   import { connect, devWallet, chainRegistry, chainAminoTypes, encodeObject, tieredrewards } from "tiered-rewards-engine/client";
//   const client = await connect("http://127.0.0.1:26657", 5);      // dev key 5
//   await client.sendTokens(client.address, to, [{ denom: "basecro", amount: "1000" }], "auto");

export { chainRegistry, encodeObject, generatedType, messageSchemas, typeUrlOf } from "./registry.js";
export { aminoConverter, chainAminoConverters, chainAminoTypes } from "./amino.js";
export { ACCOUNT_PREFIX, DEV_KEY_COUNT, devAminoWallet, devPrivateKey, devWallet, devWallets } from "./wallets.js";
export { impersonatedSigner, type ImpersonatedSigner } from "./impersonate.js";
export { DEFAULT_GAS_PRICE, FEE_DENOM, connect, nodeMinimumGasPrice, signerOf, type ChainClient, type ConnectOptions, type SignerSource } from "./connect.js";

/** chainmain.tieredrewards.v1's messages (MsgLockTierSchema, …) for encodeObject and their types. */
export * as tieredrewards from "../wire/gen/chainmain/tieredrewards/v1/tx_pb.js";
/** chainmain.inflation.v1's messages. */
export * as inflation from "../wire/gen/chainmain/inflation/v1/tx_pb.js";
