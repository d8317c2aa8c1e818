// `--mnemonic` and `--accounts` among the other flags (config.ts): dev mode's HD accounts
// (dev/accounts.ts derives, funds and prints them). A leaf: config.ts imports it.

import { validateMnemonic } from "@scure/bip39";
import { wordlist } from "@scure/bip39/wordlists/english.js";

/** Anvil's and Hardhat's default mnemonic: public, for local chains only. */
export const DEFAULT_MNEMONIC = "test test test test test test test test test test test junk";
export const DEFAULT_ACCOUNTS = 10;
export const MAX_ACCOUNTS = 1000;

export interface HdSetting {
  mnemonic: string;
  count: number;
}

/** A mnemonic checked (English word list, checksum) and normalized (one space, lower case); throws with the reason. */
export function checkMnemonic(text: string): string {
  const words = text.trim().toLowerCase().split(/\s+/).join(" ");
  if (!validateMnemonic(words, wordlist)) throw new Error("not a valid BIP-39 mnemonic (English word list, 12 to 24 words, checksum)");
  return words;
}
