// x/circuit's genesis section, `{account_permissions: [{address, permissions: {level, limit_type_urls}}],
// disabled_type_urls: []}` (cosmossdk.io/x/circuit v0.1.1 types/genesis.go, keeper/genesis.go):
// validated as ValidateGenesis does (an address, permissions present, a known level), placed on
// InitChain, and exported from the stored records in the store's orders.

import { ValidationError } from "../../errors.js";
import { canonicalAddress } from "../../wire/address.js";
import type { Json } from "../../framework/genesis-json.js";
import type { ModuleRecord } from "../../store/records.js";
import { Circuit, type Permissions } from "./keeper.js";

export interface CircuitGenesis {
  readonly accounts: readonly { address: string; permissions: Permissions }[];
  readonly disabled: readonly string[];
}

const PATH = "app_state.circuit";
const LEVELS = ["LEVEL_NONE_UNSPECIFIED", "LEVEL_SOME_MSGS", "LEVEL_ALL_MSGS", "LEVEL_SUPER_ADMIN"];

const obj = (v: Json | undefined, at: string): { [k: string]: Json } => {
  if (v === undefined || v === null) return {};
  if (typeof v !== "object" || Array.isArray(v)) throw new ValidationError("expected an object", at);
  return v as { [k: string]: Json };
};
const list = (v: Json | undefined, at: string): Json[] => {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new ValidationError("expected an array", at);
  return v;
};
const strings = (v: Json | undefined, at: string): string[] => list(v, at).map((x, i) => {
  if (typeof x !== "string") throw new ValidationError("expected a string", `${at}[${i}]`);
  return x;
});

/** A level as the JSON gives it: its enum name or number. */
function level(v: Json | undefined, at: string): number {
  if (v === undefined || v === null) return 0;
  const n = typeof v === "number" ? v : LEVELS.indexOf(String(v));
  if (!Number.isInteger(n) || n < 0 || n >= LEVELS.length) throw new ValidationError(`invalid permission level: ${JSON.stringify(v)}`, at);
  return n;
}

/** `app_state.circuit` (absent: nothing), validated as the module's ValidateGenesis. */
export function parseCircuit(v: Json | undefined, prefix: string): CircuitGenesis {
  const o = obj(v, PATH);
  const accounts = list(o.account_permissions, `${PATH}.account_permissions`).map((a, i) => {
    const at = `${PATH}.account_permissions[${i}]`;
    const x = obj(a, at);
    const text = typeof x.address === "string" ? x.address : "";
    let address: string;
    try {
      address = canonicalAddress(text, prefix);
    } catch {
      throw new ValidationError(`invalid account address: ${text}`, `${at}.address`);
    }
    if (x.permissions === undefined || x.permissions === null) throw new ValidationError(`account has empty permissions, account address: ${text}`, `${at}.permissions`);
    const p = obj(x.permissions, `${at}.permissions`);
    return { address, permissions: { level: level(p.level, `${at}.permissions.level`), limitTypeUrls: strings(p.limit_type_urls, `${at}.permissions.limit_type_urls`) } };
  });
  return { accounts, disabled: strings(o.disabled_type_urls, `${PATH}.disabled_type_urls`) };
}

/** InitGenesis. */
export function initCircuit(c: Circuit, g: CircuitGenesis): void {
  for (const a of g.accounts) c.setPermissions(a.address, a.permissions);
  for (const u of g.disabled) c.setDisabled(u, true);
}

/** ExportGenesis of a keeper. */
export function circuitJson(c: Circuit): Json {
  return {
    account_permissions: c.accounts().map((a) => ({
      address: a.address, permissions: { level: LEVELS[a.permissions.level] ?? a.permissions.level, limit_type_urls: [...a.permissions.limitTypeUrls] },
    })),
    disabled_type_urls: c.disabledList(),
  };
}

/** ExportGenesis from the stored records of the last committed block. */
export function storedCircuitJson(records: readonly ModuleRecord[], prefix: string): Json {
  const c = new Circuit(prefix);
  for (const r of records) if (Circuit.owns(r.key) && r.value !== null) c.load(r.key, r.value);
  return circuitJson(c);
}
