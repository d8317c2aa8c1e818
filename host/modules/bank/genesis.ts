// x/bank's genesis (`app_state.bank`): balances and supply of the bond denom (the node's ledger
// holds one denom), as the SDK v0.53 validates them (each address once, positive sorted coins, the
// supply the balances' sum; an empty supply is that sum). Params with every denom sendable, denom
// metadata and send_enabled do not change what the node does: they are kept and exported again.

import { ValidationError } from "../../errors.js";
import {
  address, addressOrder, array, bool, fail, int, object, string, type Json,
} from "../../app/genesis-json.js";

export interface Coin {
  denom: string;
  amount: bigint;
}

export interface BankGenesis {
  /** Total supply by denom, sorted by denom; holds the bond denom. */
  supply: Coin[];
  /** Bond-denom balances, in the document's order (the order core account ids are assigned in). */
  balances: { address: string; amount: bigint }[];
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
  if (bank.params !== undefined) {
    const pp = `${path}.params`;
    const p = object(bank.params, pp, ["send_enabled", "default_send_enabled"]);
    if (p.default_send_enabled !== undefined && !bool(p.default_send_enabled, `${pp}.default_send_enabled`)) {
      fail("not supported by this node: every denom is sendable", `${pp}.default_send_enabled`);
    }
    if (array(p.send_enabled ?? [], `${pp}.send_enabled`).length > 0) fail("not supported by this node: must be empty", `${pp}.send_enabled`);
  }
  if (array(bank.send_enabled ?? [], `${path}.send_enabled`).length > 0) fail("not supported by this node: must be empty", `${path}.send_enabled`);
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
  return { supply, balances };
}

/** `app_state.bank` of the node's balances, the rest as the genesis had it. */
export function bankJson(
  kept: { [key: string]: Json } | undefined, balances: { address: string; amount: bigint }[], denom: string, prefix: string,
): Json {
  const order = addressOrder(prefix, true);
  const total = balances.reduce((t, b) => t + b.amount, 0n);
  return {
    params: kept?.params ?? { send_enabled: [], default_send_enabled: true },
    balances: balances.filter((b) => b.amount > 0n).sort((a, b) => order(a.address, b.address))
      .map((b) => ({ address: b.address, coins: [{ denom, amount: `${b.amount}` }] })),
    supply: total === 0n ? [] : [{ denom, amount: `${total}` }],
    denom_metadata: Array.isArray(kept?.denom_metadata) ? kept.denom_metadata.map(denomMetadataJson) : [],
    send_enabled: kept?.send_enabled ?? [],
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
