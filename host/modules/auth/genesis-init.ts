// x/auth's InitGenesis: the accounts with their numbers, in the order the node always gave core ids
// (balances, then other accounts, then the burn addresses, then the module accounts); and, once
// every module placed its records, the addresses they named without an account, numbered as the
// SDK would on first use.

import type { NodeDirectory } from "./directory.js";
import { moduleAccountNumbers, type AuthGenesis } from "./genesis.js";
import { ACCOUNT_PREFIX } from "../../framework/prefixes.js";

/** What x/auth's InitGenesis reads and writes. */
export interface AuthInitApp {
  readonly genesis: {
    readonly sdk: { readonly auth: AuthGenesis };
    readonly balances: readonly { address: string }[];
    readonly inflation: { readonly params: { readonly burnedAddresses: readonly string[] } };
  };
  readonly directory: NodeDirectory;
  /** The burned addresses' core ids (x/inflation's), set here as their accounts are made. */
  burnIds: number[];
}

/**
 * Core ids in the order the node always gave them (balances, then other accounts, then burn
 * addresses); x/auth numbers as the SDK's InitGenesis gives them: the genesis's, then the module
 * accounts it lacks, then (leniently) a balance without an account. A burn address without
 * either has no account.
 */
export function initAuth(app: AuthInitApp): void {
  const { genesis: g, directory } = app;
  // The ids first (balances', then the other accounts'), then each account's fields: no map of the
  // accounts by address beside the directory's (a mainnet-sized genesis's import peaks here).
  for (const b of g.balances) directory.genesisAccount(b.address);
  for (const a of g.sdk.auth.accounts) directory.genesisAccount(a.address, { number: a.number, sequence: a.sequence, ...(a.pubKey ? { pubKey: a.pubKey } : {}) });
  app.burnIds = g.inflation.params.burnedAddresses.map((a) => directory.genesisAccount(a));
  for (const [address, number] of moduleAccountNumbers(g.sdk.auth, ACCOUNT_PREFIX)) directory.genesisAccount(address, { number });
  for (const b of g.balances) if (!directory.numbered(b.address)) directory.genesisAccount(b.address, { number: directory.nextAccountNumber() });
}

/** An address's core id, an account without a number if it is new (numbered after all: numberNamedAccounts). */
export function idOf(directory: NodeDirectory, address: string): number {
  return directory.accountId(address) ?? directory.genesisAccount(address);
}

/** What the genesis named without an account (a delegator, an owner): numbered as the SDK would on first use; burn addresses get none. */
export function numberNamedAccounts(directory: NodeDirectory, burnIds: readonly number[]): void {
  const burn = new Set(burnIds);
  for (const a of directory.accounts()) {
    if (a.number === undefined && a.id >= 16 && !burn.has(a.id)) directory.genesisAccount(a.address, { number: directory.nextAccountNumber() });
  }
}
