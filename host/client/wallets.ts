// The dev keys as ready CosmJS wallets (cro prefix): key N = sha256("staking-engine dev key N")
// (wire/dev-keys.ts), the default genesis funding keys 0-8 as accounts 0-8. Public keys: local
// chains only.

import { Secp256k1Wallet } from "@cosmjs/amino";
import { DirectSecp256k1Wallet } from "@cosmjs/proto-signing";
import { DEV_KEY_COUNT, devPrivateKey } from "../wire/dev-keys.js";

export { DEV_KEY_COUNT, devPrivateKey };

/** The chain's account address prefix. */
export const ACCOUNT_PREFIX = "cro";

/** Dev key N as a SIGN_MODE_DIRECT wallet. */
export function devWallet(n: number): Promise<DirectSecp256k1Wallet> {
  return DirectSecp256k1Wallet.fromKey(devPrivateKey(n), ACCOUNT_PREFIX);
}

/** Dev key N as a SIGN_MODE_LEGACY_AMINO_JSON wallet (as a Ledger signs). */
export function devAminoWallet(n: number): Promise<Secp256k1Wallet> {
  return Secp256k1Wallet.fromKey(devPrivateKey(n), ACCOUNT_PREFIX);
}

/** Dev keys 0..count-1 as wallets of the sign mode given. */
export function devWallets(count?: number, mode?: "direct"): Promise<DirectSecp256k1Wallet[]>;
export function devWallets(count: number | undefined, mode: "amino"): Promise<Secp256k1Wallet[]>;
export function devWallets(count = DEV_KEY_COUNT, mode: "direct" | "amino" = "direct"): Promise<(DirectSecp256k1Wallet | Secp256k1Wallet)[]> {
  return Promise.all(Array.from({ length: count }, (_, n) => (mode === "direct" ? devWallet(n) : devAminoWallet(n))));
}
