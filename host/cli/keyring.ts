// The local keyring of `npm run keys`: BIP-39 mnemonics derived as Keplr derives a CRO account
// (BIP-44 m/44'/394'/0'/0/0, secp256k1, the SDK's address of the compressed public key), kept in
// the clear in one JSON file (default ./keyring.json, mode 0600, git-ignored). For local chains
// only: like the SDK's `--keyring-backend test`, nothing here is encrypted.

import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { generateMnemonic, mnemonicToSeedSync, validateMnemonic } from "@scure/bip39";
import { wordlist } from "@scure/bip39/wordlists/english.js";
import { HDKey } from "@scure/bip32";
import { base64 } from "@scure/base";
import { ACCOUNT_PREFIX } from "../app/genesis.js";
import { pubKeyAddress } from "../wire/keys.js";

/** CRO's SLIP-44 coin type, as Keplr's chain info for Crypto.org declares it. */
export const CRO_COIN_TYPE = 394;
/** The path Keplr derives account 0 of a mnemonic on for coin type 394. */
export const CRO_HD_PATH = `m/44'/${CRO_COIN_TYPE}'/0'/0/0`;
/** Where `npm run keys` keeps keys unless --keyring says otherwise. */
export const DEFAULT_KEYRING = "./keyring.json";

export interface KeyEntry {
  name: string;
  address: string;
  /** The compressed secp256k1 public key, base64 (as the SDK's PubKey JSON shows it). */
  pubkey: string;
  hd_path: string;
  mnemonic: string;
  created: string;
}

interface KeyringFile {
  version: 1;
  warning: string;
  keys: KeyEntry[];
}

const WARNING = "Local development keys: the mnemonics are in the clear. Never commit this file; never hold real funds with these keys.";
const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** Account 0 of a mnemonic on CRO's path: its private key, compressed public key and address. */
export function deriveKey(mnemonic: string, path = CRO_HD_PATH, prefix = ACCOUNT_PREFIX): { privateKey: Uint8Array; publicKey: Uint8Array; address: string } {
  const normalized = normalizeMnemonic(mnemonic);
  if (!validateMnemonic(normalized, wordlist)) throw new Error("not a valid BIP-39 mnemonic (English word list, 12 to 24 words, checksum)");
  const key = HDKey.fromMasterSeed(mnemonicToSeedSync(normalized)).derive(path);
  const publicKey = key.publicKey!;
  return { privateKey: key.privateKey!, publicKey, address: pubKeyAddress(publicKey, prefix) };
}

/** One space between words, lower case: the form whose seed every wallet computes. */
export function normalizeMnemonic(text: string): string {
  return text.trim().toLowerCase().split(/\s+/).join(" ");
}

/** A fresh 24-word mnemonic (256 bits of entropy from the system's CSPRNG). */
export function newMnemonic(): string {
  return generateMnemonic(wordlist, 256);
}

export function validKeyName(name: string): boolean {
  return NAME.test(name);
}

/** The keyring's keys; none when the file does not exist. Throws naming the file when it is not a keyring. */
export function readKeyring(path: string): KeyEntry[] {
  if (!existsSync(path)) return [];
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(path, "utf8"));
  } catch (e) {
    throw new Error(`${path}: not a keyring (JSON): ${(e as Error).message}`);
  }
  const keys = (doc as Partial<KeyringFile> | null)?.keys;
  if (!Array.isArray(keys)) throw new Error(`${path}: not a keyring: no "keys" list`);
  for (const [i, k] of keys.entries()) {
    const e = k as Partial<KeyEntry> | null;
    if (typeof e?.name !== "string" || typeof e.address !== "string" || typeof e.mnemonic !== "string") {
      throw new Error(`${path}: keys[${i}]: expected name, address and mnemonic`);
    }
  }
  return keys as KeyEntry[];
}

/** Write the keyring whole (a temporary file renamed over it), readable by its owner only. */
export function writeKeyring(path: string, keys: KeyEntry[]): void {
  const doc: KeyringFile = { version: 1, warning: WARNING, keys };
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(doc, null, 2) + "\n", { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, path);
}

/** Add a key (a new mnemonic, or the one given); refuses a name or address already there. */
export function addKey(path: string, name: string, mnemonic?: string): KeyEntry {
  if (!validKeyName(name)) throw new Error(`key name ${JSON.stringify(name)}: letters, digits, '.', '_', '-' (at most 64, starting with a letter or digit)`);
  const keys = readKeyring(path);
  if (keys.some((k) => k.name === name)) throw new Error(`a key named ${JSON.stringify(name)} is already in ${path}`);
  const words = mnemonic === undefined ? newMnemonic() : normalizeMnemonic(mnemonic);
  const { publicKey, address } = deriveKey(words);
  const same = keys.find((k) => k.address === address);
  if (same) throw new Error(`that mnemonic's address ${address} is already in ${path} as ${JSON.stringify(same.name)}`);
  const entry: KeyEntry = { name, address, pubkey: base64.encode(publicKey), hd_path: CRO_HD_PATH, mnemonic: words, created: new Date().toISOString() };
  writeKeyring(path, [...keys, entry]);
  return entry;
}

export function deleteKey(path: string, name: string): KeyEntry {
  const keys = readKeyring(path);
  const found = keys.find((k) => k.name === name);
  if (!found) throw new Error(`no key named ${JSON.stringify(name)} in ${path}`);
  writeKeyring(path, keys.filter((k) => k !== found));
  return found;
}

/** The addresses of a keyring's keys, each re-derived from its mnemonic (a hand-edited address is caught). */
export function keyringAddresses(path: string): { name: string; address: string }[] {
  return readKeyring(path).map((k) => {
    let address: string;
    try {
      address = deriveKey(k.mnemonic, k.hd_path ?? CRO_HD_PATH).address;
    } catch (e) {
      throw new Error(`${path}: key ${JSON.stringify(k.name)}: ${(e as Error).message}`);
    }
    if (address !== k.address) throw new Error(`${path}: key ${JSON.stringify(k.name)}: its mnemonic derives ${address}, not the ${k.address} written beside it`);
    return { name: k.name, address };
  });
}
