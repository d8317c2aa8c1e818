// The explorer's data: the node's REST routes (JSON), the chain's denom metadata for display units,
// its bech32 prefixes, and small pure helpers (bech32 decoding with its checksum, base64 -> hex).
// Amounts stay strings and bigints; nothing numeric goes through a JS number.

import { groupThousands } from "../format.js";

export class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

export async function getJson<T = any>(path: string): Promise<T> {
  const r = await fetch(path, { headers: { accept: "application/json" } });
  const body = await r.json().catch(() => null);
  if (!r.ok) throw new HttpError(r.status, (body as { message?: string } | null)?.message ?? `HTTP ${r.status}`);
  return body as T;
}

/** GET that answers `fallback` instead of failing (a section of a page that may not apply). */
export const tryJson = <T = any>(path: string, fallback: T): Promise<T> => getJson<T>(path).catch(() => fallback);

export const q = (s: string) => encodeURIComponent(s);

// ---- display units (x/bank denom metadata: base basecro, display cro = 10^8) ----

export interface Unit {
  display: string;
  symbol: string;
  exponent: number;
}

const units = new Map<string, Unit>();

export async function loadDenoms(): Promise<void> {
  const r = await tryJson<{ metadatas: any[] }>("/cosmos/bank/v1beta1/denoms_metadata?pagination.limit=200", { metadatas: [] });
  for (const m of r.metadatas) {
    const display = (m.denom_units as { denom: string; exponent: number }[]).find((u) => u.denom === m.display);
    if (display) units.set(m.base, { display: m.display, symbol: m.symbol || m.display.toUpperCase(), exponent: display.exponent });
  }
}

export const unitOf = (denom: string): Unit | undefined => units.get(denom);

/** Base units of `denom` in its display unit, every digit kept: ("150000000", "basecro") -> "1.5 CRO". */
export function displayAmount(value: string, denom: string): string {
  const m = /^(-?)([0-9]+)(?:\.([0-9]+))?$/.exec(value);
  if (!m) return `${value} ${denom}`;
  const u = units.get(denom);
  if (!u) return `${m[1]}${groupThousands(BigInt(m[2]!))}${m[3] && /[1-9]/.test(m[3]) ? `.${m[3].replace(/0+$/, "")}` : ""} ${denom}`;
  // A DecCoin's fraction of a base unit is below the display precision's last digit: dropped here, kept in the title.
  const digits = m[2]!.padStart(u.exponent + 1, "0");
  const whole = digits.slice(0, digits.length - u.exponent);
  const frac = digits.slice(digits.length - u.exponent).replace(/0+$/, "");
  return `${m[1]}${groupThousands(BigInt(whole))}${frac ? `.${frac}` : ""} ${u.symbol}`;
}

/** A Dec ("0.100000000000000000") as a percentage with `places` decimals, truncated: "10.00 %". */
export function decPercent(dec: string, places = 2): string {
  const m = /^(-?)([0-9]+)(?:\.([0-9]*))?$/.exec(dec);
  if (!m) return dec;
  const raw = BigInt(m[2]! + (m[3] ?? "").padEnd(18, "0").slice(0, 18));
  const scaled = raw / 10n ** BigInt(16 - places);
  const s = scaled.toString().padStart(places + 1, "0");
  return `${m[1]}${groupThousands(BigInt(s.slice(0, -places)))}.${s.slice(-places)} %`;
}

/** part / whole as a percentage with 2 decimals, truncated (bigints). */
export function ratio(part: bigint, whole: bigint): string {
  if (whole === 0n) return "–";
  const bp = (part * 10_000n) / whole;
  return `${bp / 100n}.${(bp % 100n).toString().padStart(2, "0")} %`;
}

// ---- bech32 (BIP-173): prefixes, checksum ----

const CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";

function polymod(values: number[]): number {
  const G = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const b = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((b >>> i) & 1) chk ^= G[i]!;
  }
  return chk;
}

/** `prefix1data` -> its prefix and bytes, or undefined when it is not valid bech32. */
export function bech32Decode(text: string): { prefix: string; bytes: Uint8Array } | undefined {
  const s = text.toLowerCase();
  const sep = s.lastIndexOf("1");
  if (sep < 1 || sep + 7 > s.length || s.length > 120 || text !== s && text !== text.toUpperCase()) return undefined;
  const prefix = s.slice(0, sep);
  const data: number[] = [];
  for (const c of s.slice(sep + 1)) {
    const v = CHARSET.indexOf(c);
    if (v < 0) return undefined;
    data.push(v);
  }
  const expanded = [...[...prefix].map((c) => c.charCodeAt(0) >> 5), 0, ...[...prefix].map((c) => c.charCodeAt(0) & 31)];
  if (polymod([...expanded, ...data]) !== 1) return undefined;
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  for (const v of data.slice(0, -6)) {
    acc = (acc << 5) | v;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 0xff);
    }
  }
  return { prefix, bytes: Uint8Array.from(out) };
}

export function base64ToHex(b64: string): string {
  const bin = atob(b64);
  let hex = "";
  for (let i = 0; i < bin.length; i++) hex += bin.charCodeAt(i).toString(16).padStart(2, "0");
  return hex.toUpperCase();
}

export const bytesToHex = (b: Uint8Array): string => [...b].map((x) => x.toString(16).padStart(2, "0")).join("").toUpperCase();

/** The chain's address prefixes (the SDK's: account, valoper, valcons). */
export interface Prefixes {
  account: string;
  valoper: string;
  valcons: string;
}

export async function loadPrefixes(): Promise<Prefixes> {
  const r = await tryJson<{ bech32_prefix: string }>("/cosmos/auth/v1beta1/bech32", { bech32_prefix: "cro" });
  const account = r.bech32_prefix;
  // chain-main's operator prefix is not `${account}valoper`: read it from a validator when there is one.
  const v = await tryJson<{ validators: { operator_address: string }[] }>("/cosmos/staking/v1beta1/validators?pagination.limit=1", { validators: [] });
  const op = v.validators[0]?.operator_address;
  const valoper = op ? op.slice(0, op.lastIndexOf("1")) : `${account}valoper`;
  const valcons = valoper.endsWith("valoper") ? `${valoper.slice(0, -4)}cons` : `${valoper}cons`;
  return { account, valoper, valcons };
}

// ---- the chain's validators, for monikers everywhere ----

export interface Validator {
  operator: string;
  moniker: string;
  tokens: bigint;
  status: string;
  jailed: boolean;
  commission: string;
  /** The consensus pubkey (base64): the key to signing infos and block proposers. */
  consKey: string;
  raw: any;
}

let validatorCache: { at: number; list: Validator[] } | undefined;

/** Every validator, by voting power (tokens) descending; cached for 3 s. */
export async function validators(): Promise<Validator[]> {
  if (validatorCache && Date.now() - validatorCache.at < 3000) return validatorCache.list;
  const r = await getJson<{ validators: any[] }>("/cosmos/staking/v1beta1/validators?pagination.limit=1000");
  const list = r.validators.map((v) => ({
    operator: v.operator_address as string,
    moniker: (v.description?.moniker as string) || "(no moniker)",
    tokens: BigInt(v.tokens),
    status: String(v.status).replace("BOND_STATUS_", "").toLowerCase(),
    jailed: Boolean(v.jailed),
    commission: String(v.commission?.commission_rates?.rate ?? "0"),
    consKey: String(v.consensus_pubkey?.key ?? ""),
    raw: v,
  })).sort((a, b) => (a.tokens === b.tokens ? a.operator.localeCompare(b.operator) : a.tokens > b.tokens ? -1 : 1));
  validatorCache = { at: Date.now(), list };
  return list;
}

/** Consensus address (hex) -> validator, from the latest validator set's valcons addresses and pubkeys. */
export async function proposers(): Promise<Map<string, Validator>> {
  const [vals, set] = await Promise.all([validators(), tryJson<{ validators: any[] }>("/cosmos/base/tendermint/v1beta1/validatorsets/latest?pagination.limit=1000", { validators: [] })]);
  const byKey = new Map(vals.map((v) => [v.consKey, v]));
  const out = new Map<string, Validator>();
  for (const s of set.validators) {
    const d = bech32Decode(s.address);
    const v = byKey.get(s.pub_key?.key);
    if (d && v) out.set(bytesToHex(d.bytes), v);
  }
  return out;
}
