// Where a projection comes from, carried by every output of `simulate` (docs/notebook.md,
// "Provenance"): the scenario's hash, the block time, the genesis (chain id and hash) and the code
// version. Both hashes are sha256 of texts a user can print and hash again:
//
//   scenario_sha256 = sha256 of what `simulate --print-scenario` prints: the whole scenario document
//                     (every default filled in), keys sorted, 2-space indented, newline-terminated;
//   genesis_sha256  = sha256 of what `simulate --print-genesis` prints: the genesis document the run
//                     started from (the scenario's genesis with its overrides written in), 2-space
//                     indented, newline-terminated.
//
// The runway in days is exact: the pool's dry block time less the genesis time, in days with
// RUNWAY_DAY_DECIMALS decimals, truncated, computed on bigints.

import { createHash } from "node:crypto";
import type { Json } from "../framework/genesis-json.js";
import { durationString } from "../wire/gateway-json.js";

export interface Provenance {
  /** sha256 (hex) of the canonical scenario text (`--print-scenario`). */
  scenario_sha256: string;
  /** The block interval, as Go prints a duration ("5s"). */
  block_time: string;
  chain_id: string;
  /** sha256 (hex) of the genesis text (`--print-genesis`). */
  genesis_sha256: string;
  /** The code that ran: `tiered-rewards-engine 0.1.0 (abc1234)` (host/store/release.ts). */
  code_version: string;
}

/** Provenance fields in the order every output lists them. */
export const PROVENANCE_FIELDS = ["scenario_sha256", "block_time", "chain_id", "genesis_sha256", "code_version"] as const;

/** A JSON value with every object's keys sorted (arrays keep their order). */
export function sortKeys(v: Json): Json {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v !== null && typeof v === "object") {
    const out: { [key: string]: Json } = {};
    for (const k of Object.keys(v).sort()) out[k] = sortKeys(v[k]!);
    return out;
  }
  return v;
}

/** The canonical text of a whole scenario document: what --print-scenario prints and the hash covers. */
export function canonicalScenarioText(fullDoc: Json): string {
  return JSON.stringify(sortKeys(fullDoc), null, 2) + "\n";
}

/** The genesis document's text: what --print-genesis prints and the hash covers. */
export function genesisText(doc: unknown): string {
  return JSON.stringify(doc, null, 2) + "\n";
}

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text).digest("hex") as string;
}

export function provenanceOf(fullScenarioDoc: Json, genesisDoc: unknown, chainId: string, blockTimeNs: bigint, codeVersion: string): Provenance {
  return {
    scenario_sha256: sha256Hex(canonicalScenarioText(fullScenarioDoc)),
    block_time: durationString(blockTimeNs),
    chain_id: chainId,
    genesis_sha256: sha256Hex(genesisText(genesisDoc)),
    code_version: codeVersion,
  };
}

export const DAY_NS = 86_400n * 1_000_000_000n;
/** Decimals of a runway in days (10^-6 day: under a tenth of a second). */
export const RUNWAY_DAY_DECIMALS = 6;

/** Nanoseconds as days with RUNWAY_DAY_DECIMALS decimals, truncated: 1.5 days -> "1.500000". */
export function daysText(ns: bigint): string {
  if (ns < 0n) return `-${daysText(-ns)}`;
  const scale = 10n ** BigInt(RUNWAY_DAY_DECIMALS);
  const whole = ns / DAY_NS;
  const frac = ((ns % DAY_NS) * scale) / DAY_NS;
  return `${whole}.${frac.toString().padStart(RUNWAY_DAY_DECIMALS, "0")}`;
}

/** The provenance as `key: value` lines (the CSV's `# ` comments, the table's and charts' footers). */
export function provenanceLines(p: Provenance): string[] {
  return PROVENANCE_FIELDS.map((k) => `${k}: ${p[k]}`);
}

/** The provenance in one line (a table's footer; `short`: the hashes' first 16 hex digits, for a chart's). */
export function provenanceLine(p: Provenance, short = false): string {
  const h = (x: string) => (short ? `${x.slice(0, 16)}…` : x);
  return `Provenance: scenario sha256 ${h(p.scenario_sha256)}, ${p.block_time} blocks, genesis ${p.chain_id} sha256 ${h(p.genesis_sha256)}, ${p.code_version}`;
}
