// Labels for report-ready charts (host/scenario/chart.ts): numbers with thousands separators or SI
// suffixes ("98.5 B", "525 K"), and scenario keys as words with their unit ("cohort 1: tokens
// locked"). Display only: the exact values stay in the table, CSV and JSON.

/** A number with an SI suffix and at most `digits` significant digits: 98500000000 -> "98.5 B". */
export function si(v: number, digits = 3): string {
  const a = Math.abs(v);
  const units: [number, string][] = [[1e12, " T"], [1e9, " B"], [1e6, " M"], [1e3, " K"]];
  for (const [size, suffix] of units) {
    if (a >= size) return `${trim((v / size).toPrecision(digits))}${suffix}`;
  }
  return trim(a >= 1 || a === 0 ? v.toPrecision(Math.max(digits, `${Math.trunc(a)}`.length)) : v.toPrecision(digits));
}

/** "12.50" -> "12.5", "3.00" -> "3", "1.2e+3" kept. */
function trim(s: string): string {
  return s.includes("e") || !s.includes(".") ? s : s.replace(/\.?0+$/, "");
}

/** Thousands separators: 1234567 -> "1,234,567". */
export function grouped(v: number): string {
  return Math.round(v).toLocaleString("en-US");
}

/** A percentage axis label: 4.5 -> "4.5 %". */
export function percentLabel(v: number): string {
  return `${trim(v.toFixed(2))} %`;
}

export type KeyUnit = "tokens" | "ratio" | "rate" | "months" | "count" | "text";

/** A swept scenario key in words, and what its values are. */
export function keyLabel(key: string): { label: string; unit: KeyUnit } {
  const parts = key.replace(/\[(\d+)\]/g, ".$1").split(".");
  const nth = (i: string) => `${Number(i) + 1}`;
  const [a, b, c] = parts;
  switch (a) {
    case "months": return { label: "horizon (months)", unit: "months" };
    case "block_time": return { label: "block time", unit: "text" };
    case "target_rate": return { label: "target base rewards rate", unit: "rate" };
    case "pool":
      if (b === "reserve") return { label: "rewards pool at start (tokens)", unit: "tokens" };
      if (b === "inflows" && parts[3] === "amount") return { label: `deposit ${nth(c!)} into the pool (tokens)`, unit: "tokens" };
      if (b === "inflows" && parts[3] === "month") return { label: `deposit ${nth(c!)}: month`, unit: "months" };
      break;
    case "fees":
      if (b === "per_year") return { label: "fee revenue a year (tokens)", unit: "tokens" };
      if (b === "growth") return { label: "fee growth a year", unit: "rate" };
      if (b === "payments_per_month") return { label: "fee payments a month", unit: "count" };
      break;
    case "bonded_ratio":
      if (parts[2] === "ratio") return { label: `bonded ratio${b === "0" ? "" : ` (change ${nth(b!)})`}`, unit: "ratio" };
      if (parts[2] === "month") return { label: `bonded ratio change ${nth(b!)}: month`, unit: "months" };
      break;
    case "cohorts": {
      const what: Record<string, [string, KeyUnit]> = {
        amount: ["tokens locked", "tokens"], tier: ["tier", "count"], month: ["month of entry", "months"],
        exit: ["exit", "text"], validator: ["validator", "count"], on_unlock: ["at unlock", "text"],
      };
      const w = what[parts[2] ?? ""];
      if (w) return { label: `cohort ${nth(b!)}: ${w[0]}`, unit: w[1] };
      break;
    }
    case "phases":
      if (parts[2] === "revenue_per_month") return { label: `phase ${nth(b!)}: revenue a month (tokens)`, unit: "tokens" };
      if (parts[2] === "month") return { label: `phase ${nth(b!)}: start month`, unit: "months" };
      break;
    case "governance":
      if (parts[2] === "target_rate") return { label: `governance change ${nth(b!)}: target rate`, unit: "rate" };
      if (parts[2] === "bonus_apy") return { label: `governance change ${nth(b!)}: tier bonus APY`, unit: "rate" };
      if (parts[2] === "month") return { label: `governance change ${nth(b!)}: month`, unit: "months" };
      break;
    case "claims":
      if (b === "every_months") return { label: "claims every (months)", unit: "months" };
      break;
    case "validators":
      if (b === "count") return { label: "validators", unit: "count" };
      if (b === "self_delegation") return { label: "new validators' self-delegation (tokens)", unit: "tokens" };
      break;
  }
  return { label: parts.map((p) => (/^\d+$/.test(p) ? nth(p) : p.replace(/_/g, " "))).join(" "), unit: "text" };
}

/** A swept value as a reader wants it: tokens with an SI suffix, ratios and rates as percentages. */
export function valueLabel(unit: KeyUnit, value: string): string {
  if (!/^[0-9]+(\.[0-9]+)?$/.test(value)) return value;
  const n = Number(value);
  if (unit === "tokens") return si(n);
  if (unit === "ratio" || unit === "rate") return `${trim((n * 100).toPrecision(4))} %`;
  return value;
}
