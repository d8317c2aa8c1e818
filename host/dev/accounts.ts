// Dev mode's HD accounts, as Anvil's: `--accounts N` (default 10) accounts of `--mnemonic` (default
// Anvil's public test mnemonic) on CRO's path m/44'/394'/0'/0/i (coin type 394, as Keplr and
// `npm run keys` derive), each holding HD_FUND_AMOUNT: in the embedded default genesis (taken from
// the reserve, dev key 0, so the supply is the same), in a fork's document (minted, as the dev keys
// are), or sent by the faucet at start when a genesis file is given. Printed at start with their
// private keys. Public keys of a public mnemonic: local chains only.

import { bytesToHex } from "@noble/hashes/utils.js";
import { mnemonicToSeedSync } from "@scure/bip39";
import { HDKey } from "@scure/bip32";
import { BASE_ACCOUNT } from "../modules/auth/genesis.js";
import { ACCOUNT_PREFIX, devAddress } from "../app/genesis.js";
import { isObject, type Json } from "../framework/genesis-json.js";
import { CRO_COIN_TYPE } from "../cli/keyring.js";
import { checkMnemonic, type HdSetting } from "./hd-flag.js";
import { pubKeyAddress } from "../wire/keys.js";

export { DEFAULT_ACCOUNTS, DEFAULT_MNEMONIC, MAX_ACCOUNTS, checkMnemonic, type HdSetting } from "./hd-flag.js";

/** What each HD account holds at start: 1,000,000 CRO. */
export const HD_FUND_AMOUNT = 100_000_000_000_000n;
/** The HD accounts' path, account i at its end. */
export const HD_PATH_PREFIX = `m/44'/${CRO_COIN_TYPE}'/0'/0/`;

export interface HdAccount {
  index: number;
  path: string;
  address: string;
  /** Hex, as Anvil prints it (0x-less: what CosmJS's DirectSecp256k1Wallet.fromKey takes, via fromHex). */
  privateKey: string;
}

/** Accounts 0..count-1 of the mnemonic on m/44'/394'/0'/0/i. */
export function hdAccounts(s: HdSetting): HdAccount[] {
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(checkMnemonic(s.mnemonic)));
  return Array.from({ length: s.count }, (_, index) => {
    const path = `${HD_PATH_PREFIX}${index}`;
    const key = root.derive(path);
    return { index, path, address: pubKeyAddress(key.publicKey!, ACCOUNT_PREFIX), privateKey: bytesToHex(key.privateKey!) };
  });
}

type Obj = { [key: string]: Json };

/**
 * The embedded default genesis with the HD accounts: each a BaseAccount numbered after the others
 * and HD_FUND_AMOUNT of basecro from the reserve (dev key 0), the supply unchanged. An account
 * that is already there (a mnemonic whose key is a dev key) is left as it is.
 */
export function addToDefaultGenesis(doc: Json, accounts: readonly HdAccount[]): void {
  const app = (doc as Obj).app_state as Obj;
  const list = (app.auth as Obj).accounts as Obj[];
  const balances = (app.bank as Obj).balances as Obj[];
  const reserve = balances.find((b) => b.address === devAddress(0))!;
  const reserveCoin = (reserve.coins as Obj[]).find((c) => c.denom === "basecro")!;
  let next = list.reduce((n, a) => (BigInt(a.account_number as string) >= n ? BigInt(a.account_number as string) + 1n : n), 0n);
  let taken = 0n;
  for (const a of accounts) {
    if (list.some((x) => x.address === a.address)) continue;
    list.push({ "@type": BASE_ACCOUNT, address: a.address, pub_key: null, account_number: `${next++}`, sequence: "0" });
    balances.push({ address: a.address, coins: [{ denom: "basecro", amount: `${HD_FUND_AMOUNT}` }] });
    taken += HD_FUND_AMOUNT;
  }
  const left = BigInt(reserveCoin.amount as string) - taken;
  if (left < 0n) throw new Error(`--accounts ${accounts.length}: the reserve cannot fund that many`);
  reserveCoin.amount = `${left}`;
}

/** The doc's chain id set (a fork's, before its keys are derived from it). */
export function setChainId(doc: Json, chainId: string | undefined): void {
  if (chainId !== undefined && isObject(doc)) (doc as Obj).chain_id = chainId;
}

/** The start's lines, as Anvil prints its accounts: addresses, private keys, the wallet. */
export function accountLines(accounts: readonly HdAccount[], s: HdSetting, chainId: string): string[] {
  if (accounts.length === 0) return [];
  const cro = `${HD_FUND_AMOUNT / 100_000_000n} CRO`;
  return [
    "", "Available Accounts", "==================",
    ...accounts.map((a) => `(${a.index}) ${a.address} (${cro})`),
    "", "Private Keys", "==================",
    ...accounts.map((a) => `(${a.index}) 0x${a.privateKey}`),
    "", "Wallet", "==================",
    `Mnemonic:          ${checkMnemonic(s.mnemonic)}`,
    `Derivation path:   ${HD_PATH_PREFIX}{0..${accounts.length - 1}} (coin type ${CRO_COIN_TYPE}, prefix ${ACCOUNT_PREFIX})`,
    `Chain ID:          ${chainId}`,
    "",
  ];
}
