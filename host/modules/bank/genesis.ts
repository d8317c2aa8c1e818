// x/bank's genesis (`app_state.bank`): balances and supply of the bond denom (the node's ledger
// holds one denom), as the SDK v0.53 validates them (each address once, positive sorted coins, the
// supply the balances' sum; an empty supply is that sum), and its params (default_send_enabled,
// send_enabled per denom: keeper.ts keeps them). Denom metadata is kept and exported again.

import { indentUnit, lazyMap, type ItemWriters, type StreamJson } from "../../framework/json-stream.js";
import { ValidationError } from "../../errors.js";
import type { BankParams, SendEnabledEntry } from "./keeper.js";
import {
  address, addressOrder, array, bool, fail, int, object, string, type Json,
} from "../../framework/genesis-json.js";

/** A balance's text, compiled (json-stream.ts): one per account. */
type BalanceItem = { address: string; coins: { denom: string; amount: string }[] };
const J = JSON.stringify;
export const BALANCE_WRITERS: ItemWriters = {
  indented: (item, inner, outer) => {
    const b = item as BalanceItem, i2 = inner + indentUnit(inner, outer), i3 = i2 + indentUnit(inner, outer);
    const coins = b.coins.length === 0 ? "[]" : `[${b.coins.map((c) => `${i2}{${i3}"denom": ${J(c.denom)},${i3}"amount": ${J(c.amount)}${i2}}`).join(",")}${inner}]`;
    return `{${inner}"address": ${J(b.address)},${inner}"coins": ${coins}${outer}}`;
  },
  sorted: (item) => {
    const b = item as BalanceItem;
    return `{"address":${J(b.address)},"coins":[${b.coins.map((c) => `{"amount":${J(c.amount)},"denom":${J(c.denom)}}`).join(",")}]}`;
  },
};

export interface Coin {
  denom: string;
  amount: bigint;
}

export interface BankGenesis {
  /** Total supply by denom, sorted by denom; holds the bond denom. */
  supply: Coin[];
  /** Bond-denom balances, in the document's order (the order core account ids are assigned in). */
  balances: { address: string; amount: bigint }[];
  /** Params: default_send_enabled and the per-denom flags. */
  params: BankParams;
}

const MAX_U128 = (1n << 128n) - 1n;
const DENOM = /^[a-zA-Z][a-zA-Z0-9/:._-]{2,127}$/;

/** sdk.ValidateDenom. */
export function validDenom(denom: string): boolean {
  return DENOM.test(denom);
}

function coins(v: Json | undefined, path: string): Coin[] {
  const list = array(v ?? [], path).map((c, i) => {
    const p = `${path}[${i}]`;
    const o = object(c, p, ["denom", "amount"]);
    const denom = string(o.denom, `${p}.denom`);
    if (!validDenom(denom)) fail(`invalid denom: ${denom}`, `${p}.denom`);
    const amount = int(o.amount, `${p}.amount`);
    if (amount <= 0n) fail(`coin ${amount}${denom} amount is not positive`, p);
    if (amount > MAX_U128) fail("too large (at most 2^128 - 1 base units)", `${p}.amount`);
    return { denom, amount };
  });
  for (let i = 1; i < list.length; i++) {
    if (list[i]!.denom === list[i - 1]!.denom) fail(`duplicate denomination ${list[i]!.denom}`, path);
    if (list[i]!.denom < list[i - 1]!.denom) fail(`denomination ${list[i]!.denom} is not sorted`, path);
  }
  return list;
}

export function parseBank(v: Json | undefined, bondDenom: string, prefix: string): BankGenesis {
  const path = "app_state.bank";
  const bank = object(v ?? {}, path, ["params", "balances", "supply", "denom_metadata", "send_enabled"]);
  const params = parseBankParams(bank, path);
  array(bank.denom_metadata ?? [], `${path}.denom_metadata`);

  const sp = `${path}.supply`;
  const given = coins(bank.supply, sp);
  if (given.length > 0 && !given.some((c) => c.denom === bondDenom)) throw new ValidationError(`no supply of the mint denom ${bondDenom}`, sp);
  const bp = `${path}.balances`;
  const seen = new Set<string>();
  const balances = array(bank.balances ?? [], bp).map((b, i) => {
    const p = `${bp}[${i}]`;
    const o = object(b, p, ["address", "coins"]);
    const addr = address(o.address, `${p}.address`, prefix);
    if (seen.has(addr)) fail(`duplicate balance for address ${addr}`, p);
    seen.add(addr);
    const held = coins(o.coins, `${p}.coins`);
    for (const [j, c] of held.entries()) {
      if (c.denom !== bondDenom) fail(`only the bond denom ${bondDenom} can be held, got ${c.denom}`, `${p}.coins[${j}]`);
    }
    return { address: addr, amount: held.reduce((t, c) => t + c.amount, 0n) };
  });
  const total = balances.reduce((t, b) => t + b.amount, 0n);
  let supply = given;
  if (supply.length === 0) supply = total > 0n ? [{ denom: bondDenom, amount: total }] : [];
  const bond = supply.find((c) => c.denom === bondDenom);
  if (!bond) throw new ValidationError(`no supply of the mint denom ${bondDenom}`, sp);
  if (bond.amount !== total) fail(`balances add up to ${total}${bondDenom}, the supply is ${bond.amount}${bondDenom}`, bp);
  if (supply.length > 1) fail(`only the bond denom ${bondDenom} can be held`, sp);
  if (total > MAX_U128) fail("the balances add up to more than 2^128 - 1 base units", bp);
  return { supply, balances, params };
}

/** A send_enabled entry `{denom, enabled}` (SendEnabled.Validate: the denom). */
function sendEnabledEntry(v: Json, path: string): SendEnabledEntry {
  const o = object(v, path, ["denom", "enabled"]);
  const denom = o.denom === undefined ? "" : string(o.denom, `${path}.denom`);
  if (!validDenom(denom)) fail(`invalid denom: ${denom}`, `${path}.denom`);
  return { denom, enabled: o.enabled === undefined ? false : bool(o.enabled, `${path}.enabled`) };
}

/**
 * x/bank's GenesisState.Validate on its params: send_enabled not in both places, none in the
 * params (Params.Validate), each denom once and valid; then the keeper's InitGenesis (the
 * deprecated params list merged into the flags, MigrateSendEnabled).
 */
function parseBankParams(bank: { [key: string]: Json | undefined }, path: string): BankParams {
  const pp = `${path}.params`;
  const p = bank.params === undefined ? {} : object(bank.params, pp, ["send_enabled", "default_send_enabled"]);
  const inParams = array(p.send_enabled ?? [], `${pp}.send_enabled`);
  const list = array(bank.send_enabled ?? [], `${path}.send_enabled`);
  if (inParams.length > 0 && list.length > 0) fail("send_enabled defined in both the send_enabled field and in params (deprecated)", `${path}.send_enabled`);
  if (inParams.length > 0) fail("use of send_enabled in params is no longer supported", `${pp}.send_enabled`);
  const defaultSendEnabled = p.default_send_enabled === undefined ? false : bool(p.default_send_enabled, `${pp}.default_send_enabled`);
  const seen = new Set<string>();
  const sendEnabled = list.map((e, i) => {
    const entry = sendEnabledEntry(e, `${path}.send_enabled[${i}]`);
    if (seen.has(entry.denom)) fail(`duplicate send enabled found: '${entry.denom}'`, `${path}.send_enabled[${i}]`);
    seen.add(entry.denom);
    return entry;
  });
  return { defaultSendEnabled: bank.params === undefined ? true : defaultSendEnabled, sendEnabled: sendEnabled.sort((a, b) => (a.denom < b.denom ? -1 : 1)) };
}

/** `app_state.bank` of the node's balances, the rest as the genesis had it. */
export function bankJson(
  kept: { [key: string]: Json } | undefined, balances: { address: string; amount: bigint }[], denom: string, prefix: string,
  params?: BankParams,
  /** The balances already in the document's order (an export sorts them a step at a time). */
  sorted = false,
): StreamJson {
  const order = addressOrder(prefix, true);
  const total = balances.reduce((t, b) => t + b.amount, 0n);
  return {
    params: params === undefined ? kept?.params ?? { send_enabled: [], default_send_enabled: true } : { send_enabled: [], default_send_enabled: params.defaultSendEnabled },
    balances: lazyMap(sorted ? balances.filter((b) => b.amount > 0n) : balances.filter((b) => b.amount > 0n).sort((a, b) => order(a.address, b.address)),
      (b) => ({ address: b.address, coins: [{ denom, amount: `${b.amount}` }] }), BALANCE_WRITERS),
    supply: total === 0n ? [] : [{ denom, amount: `${total}` }],
    denom_metadata: Array.isArray(kept?.denom_metadata) ? kept.denom_metadata.map(denomMetadataJson) : [],
    send_enabled: params === undefined ? kept?.send_enabled ?? [] : params.sendEnabled.map((e) => ({ denom: e.denom, enabled: e.enabled })),
  };
}

/** A denom's metadata as the SDK writes it (every field, defaults included), from the genesis's. */
export function denomMetadataJson(v: Json): Json {
  const m = (v ?? {}) as { [key: string]: Json };
  const units = Array.isArray(m.denom_units) ? m.denom_units : [];
  return {
    description: m.description ?? "",
    denom_units: units.map((u) => {
      const x = (u ?? {}) as { [key: string]: Json };
      return { denom: x.denom ?? "", exponent: x.exponent ?? 0, aliases: x.aliases ?? [] };
    }),
    base: m.base ?? "", display: m.display ?? "", name: m.name ?? "", symbol: m.symbol ?? "", uri: m.uri ?? "", uri_hash: m.uri_hash ?? "",
  };
}
