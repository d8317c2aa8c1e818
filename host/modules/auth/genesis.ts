// x/auth's genesis (`app_state.auth`): params and accounts as the SDK v0.53 writes them
// (BaseAccount, ModuleAccount; a secp256k1 public key or none). Account numbers are the SDK's:
// SanitizeGenesisAccounts gives every duplicate number (chain-maind's genesis.json numbers every
// account 0) the lowest unused one, in document order, then InitGenesis takes them in number
// order; the module accounts the genesis lacks get the next numbers in the order chain-main's
// InitGenesis creates them. A vesting account's lock is x/auth/vesting's (host/modules/vesting/genesis.ts).

import { MODULE_CREDENTIAL, credentialKey, credentialOf, isCredential } from "../../wire/credential.js";
import { base64 } from "@scure/base";
import { fail, object, string, uint64, array, address, type Json } from "../../framework/genesis-json.js";
import { moduleAddress } from "../../wire/keys.js";
import { MODULE_ACCOUNTS, MODULE_PERMISSIONS } from "./directory.js";
import { isVestingType, parseVestingAccount, vestingAccountJson, type GenesisVesting } from "../vesting/genesis.js";
import type { VestingLock } from "../../core/vesting.js";

export const BASE_ACCOUNT = "/cosmos.auth.v1beta1.BaseAccount";
export const MODULE_ACCOUNT = "/cosmos.auth.v1beta1.ModuleAccount";
export const SECP256K1 = "/cosmos.crypto.secp256k1.PubKey";

/** The order chain-main's InitGenesis creates its module accounts in (x/auth's fee collector first). */
export const MODULE_ACCOUNT_ORDER = [
  "fee_collector", "distribution", "bonded_tokens_pool", "not_bonded_tokens_pool", "gov", "mint", "tieredrewards", "rewards_pool",
] as const;

/** What the node's gas and admission follow: the SDK's default x/auth params. */
export const AUTH_PARAMS = {
  max_memo_characters: "256", tx_sig_limit: "7", tx_size_cost_per_byte: "10", sig_verify_cost_ed25519: "590", sig_verify_cost_secp256k1: "1000",
} as const;

export interface GenesisAccount {
  address: string;
  number: bigint;
  sequence: bigint;
  pubKey?: Uint8Array;
  /** A module account's name and permissions. */
  module?: { name: string; permissions: string[] };
  /** A vesting account's lock. */
  vesting?: GenesisVesting;
}

export interface AuthGenesis {
  /** In account-number order, numbers unique. */
  accounts: GenesisAccount[];
}

/** `app_state.auth`: params (the node's schedule: the SDK's defaults) and accounts. */
export function parseAuth(v: Json | undefined, prefix: string): AuthGenesis {
  const path = "app_state.auth";
  if (v === undefined) return { accounts: [] };
  const o = object(v, path, ["params", "accounts"]);
  if (o.params !== undefined) {
    const pp = `${path}.params`;
    const p = object(o.params, pp, Object.keys(AUTH_PARAMS));
    for (const [k, want] of Object.entries(AUTH_PARAMS)) {
      if (p[k] === undefined) continue;
      const got = uint64(p[k], `${pp}.${k}`);
      if (got === 0n) fail(`invalid ${k.replaceAll("_", " ")}: ${got}`, `${pp}.${k}`);
      // The two admission limits run as governance's params would (modules/gov/governed-genesis.ts); the gas schedule's stay.
      if (k === "max_memo_characters" || k === "tx_sig_limit") continue;
      if (`${got}` !== want) fail(`this node's gas and admission follow the SDK's default ${k} ${want} (got ${got})`, `${pp}.${k}`);
    }
  }
  const seen = new Set<string>();
  const list = array(o.accounts ?? [], `${path}.accounts`).map((a, i) => {
    const account = parseAccount(a, `${path}.accounts[${i}]`, prefix);
    if (seen.has(account.address)) fail(`duplicate account found in genesis state; address: ${account.address}`, `${path}.accounts[${i}]`);
    seen.add(account.address);
    return account;
  });
  return { accounts: sanitize(list) };
}

function parseAccount(v: Json, p: string, prefix: string): GenesisAccount {
  const o = object(v, p, ["@type", "address", "pub_key", "account_number", "sequence", "base_account", "name", "permissions",
    "original_vesting", "delegated_free", "delegated_vesting", "end_time", "base_vesting_account", "start_time", "vesting_periods"]);
  const type = string(o["@type"], `${p}.@type`);
  if (type === BASE_ACCOUNT) return baseAccount(o, p, prefix, ["@type", "address", "pub_key", "account_number", "sequence"]);
  if (type === MODULE_ACCOUNT) {
    object(v, p, ["@type", "base_account", "name", "permissions"]);
    const bp = `${p}.base_account`;
    const base = baseAccount(object(o.base_account, bp, ["address", "pub_key", "account_number", "sequence"]), bp, prefix, ["address", "pub_key", "account_number", "sequence"]);
    const name = string(o.name, `${p}.name`);
    if (name.trim() === "") fail("module account name cannot be blank", `${p}.name`);
    if (base.address !== moduleAddress(name, prefix)) fail(`address ${base.address} cannot be derived from the module name '${name}'`, bp);
    const permissions = array(o.permissions ?? [], `${p}.permissions`).map((x, j) => string(x, `${p}.permissions[${j}]`));
    const known = MODULE_PERMISSIONS[name];
    if (known !== undefined && [...permissions].sort().join(",") !== [...known].sort().join(",")) {
      fail(`module account ${name} has permissions [${permissions.join(", ")}]; this node's are [${known.join(", ")}]`, `${p}.permissions`);
    }
    return { ...base, module: { name, permissions } };
  }
  if (isVestingType(type)) {
    const { base, baseAt, vesting } = parseVestingAccount(o, p);
    const keys = ["address", "pub_key", "account_number", "sequence"];
    return { ...baseAccount(object(base, baseAt, keys), baseAt, prefix, keys), vesting };
  }
  return fail(`unknown account type ${type} (known: ${BASE_ACCOUNT}, ${MODULE_ACCOUNT}, the vesting accounts)`, `${p}.@type`);
}

function baseAccount(o: { [k: string]: Json | undefined }, p: string, prefix: string, keys: string[]): GenesisAccount {
  for (const k of Object.keys(o)) if (!keys.includes(k)) fail(`unknown field ${JSON.stringify(k)} (known: ${keys.join(", ")})`, p);
  const account: GenesisAccount = {
    address: address(o.address, `${p}.address`, prefix),
    number: uint64(o.account_number ?? "0", `${p}.account_number`),
    sequence: uint64(o.sequence ?? "0", `${p}.sequence`),
  };
  if (o.pub_key !== undefined && o.pub_key !== null) {
    const kp = `${p}.pub_key`;
    const credential = moduleCredential(o.pub_key, kp);
    if (credential !== undefined) {
      account.pubKey = credential;
      return account;
    }
    const k = object(o.pub_key, kp, ["@type", "key"]);
    const type = string(k["@type"], `${kp}.@type`);
    if (type !== SECP256K1) fail(`account key type ${type} is not supported by this node (${SECP256K1} only)`, `${kp}.@type`);
    let key: Uint8Array;
    try {
      key = base64.decode(string(k.key, `${kp}.key`));
    } catch (e) {
      return fail(`invalid base64: ${(e as Error).message}`, `${kp}.key`);
    }
    if (key.length !== 33) fail(`a compressed secp256k1 key is 33 bytes, got ${key.length}`, `${kp}.key`);
    account.pubKey = key;
  }
  return account;
}

/** A ModuleCredential key (x/group's policy accounts), as the node keeps it (wire/credential.ts); undefined for another type. */
function moduleCredential(v: Json, p: string): Uint8Array | undefined {
  if (v === null || typeof v !== "object" || Array.isArray(v) || v["@type"] !== MODULE_CREDENTIAL) return undefined;
  const k = object(v, p, ["@type", "module_name", "derivation_keys"]);
  const keys = k.derivation_keys === undefined || k.derivation_keys === null ? [] : k.derivation_keys;
  if (!Array.isArray(keys)) return fail("expected an array", `${p}.derivation_keys`);
  return credentialKey(string(k.module_name ?? "", `${p}.module_name`), keys.map((x, i) => {
    try {
      return base64.decode(string(x, `${p}.derivation_keys[${i}]`));
    } catch (e) {
      return fail(`invalid base64: ${(e as Error).message}`, `${p}.derivation_keys[${i}]`);
    }
  }));
}

/** An account key as `pub_key` writes it. */
function keyJson(key: Uint8Array | undefined): Json {
  if (key === undefined) return null;
  if (!isCredential(key)) return { "@type": SECP256K1, key: base64.encode(key) };
  const c = credentialOf(key);
  return { "@type": MODULE_CREDENTIAL, module_name: c.moduleName, derivation_keys: c.derivationKeys.map((d) => base64.encode(d)) };
}

/** SanitizeGenesisAccounts: duplicate numbers renumbered to the lowest unused, in order; sorted by number. */
function sanitize(accounts: GenesisAccount[]): GenesisAccount[] {
  const seen = new Set<bigint>();
  const duplicates = new Map<bigint, GenesisAccount[]>();
  for (const a of accounts) {
    if (!seen.has(a.number)) seen.add(a.number);
    else duplicates.set(a.number, [...(duplicates.get(a.number) ?? []), a]);
  }
  let next = 0n;
  for (const n of [...duplicates.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
    for (const a of duplicates.get(n)!) {
      while (seen.has(next)) next++;
      a.number = next;
      seen.add(next);
    }
  }
  return [...accounts].sort((a, b) => (a.number < b.number ? -1 : a.number > b.number ? 1 : 0));
}

/**
 * The numbers of the module accounts a genesis lacks, after its highest: chain-main's InitGenesis
 * order. A module account present keeps its own.
 */
export function moduleAccountNumbers(auth: AuthGenesis, prefix: string): Map<string, bigint> {
  const present = new Set(auth.accounts.map((a) => a.address));
  let next = auth.accounts.reduce((m, a) => (a.number + 1n > m ? a.number + 1n : m), 0n);
  const out = new Map<string, bigint>();
  for (const name of MODULE_ACCOUNT_ORDER) {
    const addr = moduleAddress(name, prefix);
    if (!present.has(addr)) out.set(addr, next++);
  }
  return out;
}

/** An account as `app_state.auth.accounts` writes it: a module account (the node's, or one the genesis named), a vesting account or a BaseAccount. */
export function accountJson(
  a: { address: string; number: bigint; sequence: bigint; pubKey?: Uint8Array }, foreignModule: { name: string; permissions: string[] } | undefined, prefix: string,
  vesting?: { lock: VestingLock; denom: string },
): Json {
  const base = {
    address: a.address,
    pub_key: keyJson(a.pubKey),
    account_number: `${a.number}`,
    sequence: `${a.sequence}`,
  };
  const own = moduleAccountNames(prefix).get(a.address);
  const module = own !== undefined ? { name: own, permissions: [...MODULE_PERMISSIONS[own]!] } : foreignModule;
  if (module === undefined && vesting !== undefined) return vestingAccountJson(vesting.lock, base, vesting.denom);
  if (module === undefined) return { "@type": BASE_ACCOUNT, ...base };
  return { "@type": MODULE_ACCOUNT, base_account: base, name: module.name, permissions: module.permissions };
}

/** The node's module accounts' names by their addresses with `prefix` (derived once per prefix, not once per account exported). */
const moduleNames = new Map<string, Map<string, string>>();
function moduleAccountNames(prefix: string): Map<string, string> {
  let m = moduleNames.get(prefix);
  if (m === undefined) {
    m = new Map();
    for (const [name] of MODULE_ACCOUNTS) if (!m.has(moduleAddress(name, prefix))) m.set(moduleAddress(name, prefix), name);
    moduleNames.set(prefix, m);
  }
  return m;
}

/** The genesis's own module accounts the node does not know (kept as such on export). */
export function foreignModules(auth: AuthGenesis): Map<string, { name: string; permissions: string[] }> {
  return new Map(auth.accounts.flatMap((a) => (a.module && MODULE_PERMISSIONS[a.module.name] === undefined ? [[a.address, a.module] as const] : [])));
}
