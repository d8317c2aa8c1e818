// `npm start -- --fork export.json` (dev mode): a real chain's state (chain-maind's `export`, or
// this node's) made into a local chain the node runs at once, the SDK's in-place testnet done on
// the export document before it is read:
// - every validator keeps its operator, tokens, delegations, commission and status, and gets the
//   consensus key the node derives and signs its blocks with (consensus-key.ts) in place of its
//   own, whose private key only its operator holds; consensus.validators and x/slashing's signing
//   infos and missed blocks follow the new consensus addresses. The SDK's in-place testnet
//   (cosmos-sdk PR 19280) puts one new validator of 900,000,000,000,000 power in CometBFT's set
//   and drops the others from the power index so that the one key it holds has > 2/3 of the
//   power; here the node holds every validator's new key, so each keeps its power (decision 23);
// - every account, balance, delegation, unbonding, position, proposal and F1 record is kept;
// - the dev keys (default-genesis.ts, 0-8) are topped up to `fundAmount` of the bond denom,
//   minted as the SDK's testnet funds its accounts (the supply grows by what was added), an
//   x/auth BaseAccount made for a key the chain never saw;
// - `app_state.node_state` (an export of this node) is dropped: the edited SDK sections are read.
// A streamed export (genesis-stream.ts: its long arrays SpooledLists) is forked without reading a
// list into memory: its rewrites (signing infos, the accounts and balances the dev keys add or top
// up) are lists of the same kind, made as they are walked, equal to the whole document's fork.

import { base64 } from "@scure/base";
import { ValidationError } from "../errors.js";
import { consensusAddressOf, consensusKey } from "../modules/staking/consensus-key.js";
import { BASE_ACCOUNT } from "../modules/auth/genesis.js";
import { encodeAddress } from "../wire/address.js";
import { hexToBytes } from "@noble/hashes/utils.js";
import { devAddress } from "../modules/genutil/default-genesis.js";
import { ACCOUNT_PREFIX, VALIDATOR_PREFIX, isCompleteDoc } from "../modules/genutil/genesis-sdk.js";
import { SpooledList, addressOrder, isObject, type Json } from "../framework/genesis-json.js";
import { mergedBalances, walkBalances, type BalanceWalk } from "./fork-balances.js";

type Obj = { [key: string]: Json };

/** The dev keys a fork funds (default-genesis.ts devKeys). */
const DEV_KEYS = 9;
/** What each dev key holds after a fork: 1,000,000 CRO, as `--fund-amount`'s default. */
export const FORK_FUND_AMOUNT = 100_000_000_000_000n;

export interface Fork {
  /** The document the node starts from. */
  doc: Json;
  /** What was replaced, a line each (printed at start). */
  lines: string[];
}

/** The fork of `source` (an SDK export, not yet validated: the node's parse names any bad path after). */
export function forkGenesis(source: Json, fundAmount = FORK_FUND_AMOUNT, o: { chainId?: string; accounts?: readonly string[] } = {}): Fork {
  if (!isCompleteDoc(source)) throw new ValidationError("not an SDK genesis or export: expected app_state.auth (chain-maind export, npm run export)", "app_state");
  const doc = cloneJson(source) as Obj;
  const app = doc.app_state as Obj;
  if (o.chainId !== undefined) doc.chain_id = o.chainId; // before the consensus keys, which are derived from it
  const chainId = typeof doc.chain_id === "string" ? doc.chain_id : fail("chain_id", "expected a string");
  const lines: string[] = [];
  if (app.node_state !== undefined) {
    delete app.node_state;
    lines.push("fork: app_state.node_state dropped (the node's exact records): the edited SDK sections are read");
  }
  const consRenames = replaceKeys(app, chainId, lines);
  renameConsensus(doc, consRenames);
  renameSigningInfos(app, consRenames);
  const keys = [...Array.from({ length: DEV_KEYS }, (_, n) => ({ label: `dev key ${n}`, address: devAddress(n) })),
    ...(o.accounts ?? []).map((address, i) => ({ label: `HD account ${i}`, address }))];
  fundDevKeys(app, fundAmount, keys, lines);
  return { doc, lines };
}

function fail(path: string, message: string): never {
  throw new ValidationError(message, path);
}

/** A long array: held, or spooled (a streamed document's). */
type List = Json[] | SpooledList;
const isList = (v: Json | undefined): v is Json[] => Array.isArray(v) || (v as unknown) instanceof SpooledList;
const spooled = (v: List): v is SpooledList & Json[] => (v as unknown) instanceof SpooledList;

/** A copy of a JSON document (structuredClone's), a SpooledList kept as it is (what it reads is never changed). */
function cloneJson(v: Json): Json {
  if (typeof v !== "object" || v === null || (v as unknown) instanceof SpooledList) return v;
  if (Array.isArray(v)) return v.map(cloneJson);
  const out: Obj = {};
  for (const k of Object.keys(v)) Object.defineProperty(out, k, { value: cloneJson(v[k]!), writable: true, enumerable: true, configurable: true });
  return out;
}

/** A spooled list of `length`, its elements made by `read` each time it is walked. */
const lazyList = (length: number, read: () => Iterable<Json>): Json[] => new SpooledList(length, read) as unknown as Json[];

const consBech32 = (hexAddress: string) => encodeAddress(`${VALIDATOR_PREFIX}cons`, hexToBytes(hexAddress.toLowerCase()));

/** Each validator's consensus key replaced by the node's: old consensus address (hex) -> new key. */
function replaceKeys(app: Obj, chainId: string, lines: string[]): Map<string, { hex: string; pub: Uint8Array }> {
  const renames = new Map<string, { hex: string; pub: Uint8Array }>();
  const staking = isObject(app.staking) ? app.staking : {};
  const validators = Array.isArray(staking.validators) ? staking.validators : [];
  validators.forEach((v, i) => {
    const path = `app_state.staking.validators[${i}]`;
    if (!isObject(v) || typeof v.operator_address !== "string") fail(path, "expected a validator with an operator_address");
    const key = v.consensus_pubkey;
    if (!isObject(key) || typeof key.key !== "string") fail(`${path}.consensus_pubkey`, "expected {\"@type\", key}");
    let oldPub: Uint8Array;
    try {
      oldPub = base64.decode(key.key);
    } catch {
      fail(`${path}.consensus_pubkey.key`, "not base64");
    }
    const mine = consensusKey(chainId, v.operator_address);
    v.consensus_pubkey = { "@type": "/cosmos.crypto.ed25519.PubKey", key: base64.encode(mine.pub) };
    renames.set(consensusAddressOf(oldPub), { hex: mine.address, pub: mine.pub });
    const moniker = isObject(v.description) && typeof v.description.moniker === "string" ? v.description.moniker : "";
    lines.push(`fork: validator ${v.operator_address}${moniker ? ` (${moniker})` : ""}: consensus key ${key.key} -> ${base64.encode(mine.pub)} (held by this node), ${String(v.tokens)} tokens kept`);
  });
  return renames;
}

/** CometBFT's genesis validators: the same powers under the new keys. */
function renameConsensus(doc: Obj, renames: Map<string, { hex: string; pub: Uint8Array }>): void {
  if (!isObject(doc.consensus) || !Array.isArray(doc.consensus.validators)) return;
  for (const v of doc.consensus.validators) {
    if (!isObject(v) || typeof v.address !== "string") continue;
    const to = renames.get(v.address.toUpperCase());
    if (to === undefined) continue;
    v.address = to.hex;
    v.pub_key = { type: "tendermint/PubKeyEd25519", value: base64.encode(to.pub) };
  }
}

/** x/slashing's records keyed by consensus address follow the keys. */
function renameSigningInfos(app: Obj, renames: Map<string, { hex: string; pub: Uint8Array }>): void {
  if (!isObject(app.slashing)) return;
  const byBech32 = new Map([...renames].map(([from, to]) => [consBech32(from), consBech32(to.hex)]));
  const rename = (o: Json) => {
    if (isObject(o) && typeof o.address === "string") o.address = byBech32.get(o.address) ?? o.address;
  };
  const renamed = (entry: Json) => {
    rename(entry);
    if (isObject(entry)) rename(entry.validator_signing_info);
    return entry;
  };
  const slashing = app.slashing;
  for (const key of ["signing_infos", "missed_blocks"]) {
    const list = slashing[key];
    if (!isList(list)) continue;
    if (spooled(list)) slashing[key] = lazyList(list.length, function* () {
      for (const entry of list) yield renamed(entry);
    });
    else list.forEach(renamed);
  }
}

/** Dev keys 0-8 (and the HD accounts) topped up to `amount` of the bond denom, the supply grown by what was added. */
function fundDevKeys(app: Obj, amount: bigint, keys: readonly { label: string; address: string }[], lines: string[]): void {
  const denom = isObject(app.staking) && isObject(app.staking.params) && typeof app.staking.params.bond_denom === "string" ? app.staking.params.bond_denom : "basecro";
  const auth = isObject(app.auth) ? app.auth : fail("app_state.auth", "expected an object");
  const accounts = isList(auth.accounts) ? auth.accounts : fail("app_state.auth.accounts", "expected an array");
  const bank = isObject(app.bank) ? app.bank : fail("app_state.bank", "expected an object");
  const balances = isList(bank.balances) ? bank.balances : (bank.balances = []);
  // One walk of the accounts: which of the keys have one, and the next account number.
  const wanted = new Set(keys.map((k) => k.address));
  const known = new Set<string>();
  let nextNumber = 0n;
  for (const a of accounts) {
    if (isObject(a) && typeof a.address === "string" && wanted.has(a.address)) known.add(a.address);
    const n = isObject(a) && typeof a.account_number === "string" && /^[0-9]+$/.test(a.account_number) ? BigInt(a.account_number) + 1n : 0n;
    if (n > nextNumber) nextNumber = n;
  }
  // One walk of the balances: each key's first entry (the one topped up); a spooled list's order too.
  const firsts = new Map<string, Obj>();
  const walk = spooled(balances) ? walkBalances(balances, wanted) : undefined;
  if (walk === undefined) {
    for (const b of balances) if (isObject(b) && typeof b.address === "string" && wanted.has(b.address) && !firsts.has(b.address)) firsts.set(b.address, b);
  } else for (const [address, { entry }] of walk.firsts) firsts.set(address, entry);
  const newAccounts: Obj[] = [];
  const newBalances: Obj[] = [];
  let added = 0n;
  for (const { label, address } of keys) {
    if (!known.has(address)) {
      known.add(address);
      newAccounts.push({ "@type": BASE_ACCOUNT, address, pub_key: null, account_number: `${nextNumber++}`, sequence: "0" });
    }
    let entry = firsts.get(address);
    if (entry === undefined) {
      entry = { address, coins: [] };
      firsts.set(address, entry);
      newBalances.push(entry);
    }
    const coins = Array.isArray(entry.coins) ? entry.coins : (entry.coins = []);
    const coin = coins.find((c) => isObject(c) && c.denom === denom) as Obj | undefined;
    const have = coin && typeof coin.amount === "string" && /^[0-9]+$/.test(coin.amount) ? BigInt(coin.amount) : 0n;
    if (have >= amount) continue;
    if (coin) coin.amount = `${amount}`;
    else coins.push({ denom, amount: `${amount}` });
    coins.sort((a, b) => (String((a as Obj).denom) < String((b as Obj).denom) ? -1 : 1));
    added += amount - have;
    lines.push(`fork: ${label} ${address}: ${have}${denom} -> ${amount}${denom}`);
  }
  auth.accounts = withAccounts(accounts, newAccounts);
  bank.balances = withBalances(balances, newBalances, walk);
  if (added === 0n) return;
  const supply = Array.isArray(bank.supply) ? bank.supply : (bank.supply = []);
  const total = supply.find((c) => isObject(c) && c.denom === denom) as Obj | undefined;
  if (total === undefined) supply.push({ denom, amount: `${added}` });
  else if (typeof total.amount === "string" && /^[0-9]+$/.test(total.amount)) total.amount = `${BigInt(total.amount) + added}`;
  else fail("app_state.bank.supply", `expected an amount of ${denom}`);
  lines.push(`fork: ${added}${denom} minted for the dev keys and HD accounts (supply ${String(total?.amount ?? added)}${denom})`);
}

/** The accounts with the new ones after them. */
function withAccounts(accounts: List, more: Obj[]): Json[] {
  if (!spooled(accounts)) {
    (accounts as Json[]).push(...more);
    return accounts as Json[];
  }
  if (more.length === 0) return accounts;
  return lazyList(accounts.length + more.length, function* () {
    yield* accounts;
    for (const a of more) yield structuredClone(a);
  });
}

/**
 * The balances in x/bank's order (by address bytes), the new entries among them and the topped-up
 * ones in their place: a held list sorted (stable), as ever; a spooled one merged as it is walked
 * (fork-balances.ts), the same order.
 */
function withBalances(balances: List, more: Obj[], walk: BalanceWalk | undefined): Json[] {
  if (!spooled(balances) || walk === undefined) {
    const list = balances as Json[];
    list.push(...more);
    const order = addressOrder(ACCOUNT_PREFIX, false);
    return list.sort((a, b) => order(String((a as Obj).address), String((b as Obj).address)));
  }
  return mergedBalances(balances, walk, more);
}
