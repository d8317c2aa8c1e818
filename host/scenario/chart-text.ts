// Text on a chart that fits: lines wrapped at words (never cut mid-word) to a width measured with
// ECharts' own text metrics (echarts.format.getTextRect), scaled up to DejaVu Sans, the font the
// PNG is drawn in (resvg), which is wider than ECharts' built-in width table; and the chain's logs
// in display units (CRO) instead of base units.

import * as echarts from "echarts";
import { UNITS_PER_TOKEN, groupThousands } from "./numbers.js";

/** DejaVu Sans against ECharts' width table, measured with resvg (regular 1.11-1.13, bold 1.23-1.27) and rounded up. */
const DEJAVU = { regular: 1.16, bold: 1.3 };

/** The drawn width (px) of `text` at `size` px. */
export function textWidth(text: string, size: number, bold = false): number {
  const w = echarts.format.getTextRect(text, `${bold ? "bold " : ""}${size}px DejaVu Sans`).width;
  return w * (bold ? DEJAVU.bold : DEJAVU.regular);
}

/**
 * `text` in lines of at most `width` px, broken at spaces; a word wider than a line is broken
 * where it must. At most `maxLines`: the last line then ends at a word with " …".
 */
export function wrapText(text: string, width: number, size: number, bold = false, maxLines = Infinity): string[] {
  const fits = (s: string) => textWidth(s, size, bold) <= width;
  const lines: string[] = [];
  let cur = "";
  for (let word of text.split(/\s+/).filter((w) => w !== "")) {
    const joined = cur === "" ? word : `${cur} ${word}`;
    if (fits(joined)) {
      cur = joined;
      continue;
    }
    if (cur !== "") lines.push(cur);
    // A word wider than a whole line (a hash): broken by characters.
    while (!fits(word)) {
      let n = word.length - 1;
      while (n > 1 && !fits(word.slice(0, n))) n--;
      lines.push(word.slice(0, n));
      word = word.slice(n);
    }
    cur = word;
  }
  if (cur !== "") lines.push(cur);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const words = kept[maxLines - 1]!.split(" ");
  while (words.length > 1 && !fits(`${words.join(" ")} …`)) words.pop();
  kept[maxLines - 1] = `${words.join(" ")} …`;
  return kept;
}

/** A base-unit amount as tokens for a chart: grouped, 2 decimals when not whole (truncated), "CRO". */
export function chartTokens(units: bigint, denom = "CRO"): string {
  const whole = units / UNITS_PER_TOKEN;
  // Below a hundredth of a token: every decimal, not "0 CRO".
  if (units > 0n && units < UNITS_PER_TOKEN / 100n) return `0.${units.toString().padStart(8, "0").replace(/0+$/, "")} ${denom}`;
  const cents = (units % UNITS_PER_TOKEN) / (UNITS_PER_TOKEN / 100n);
  return `${groupThousands(whole)}${cents > 0n ? `.${cents.toString().padStart(2, "0")}` : ""} ${denom}`;
}

/**
 * A chain log in display units: `5000basecro` and the tier module's `bonus: N` / `pool balance: N`
 * amounts (base units) as CRO; the SDK's "failed to execute message; message index: 0: " prefix dropped.
 */
export function displayLog(log: string): string {
  return log
    .replace(/(^|: )simulation: /g, "$1")
    .replace(/(^|: )failed to execute message; message index: \d+: /g, "$1")
    .replace(/\b(\d+)basecro\b/g, (_, n: string) => chartTokens(BigInt(n)))
    .replace(/\b(bonus|pool balance|balance|amount|owed): (\d+)\b/g, (_, k: string, n: string) => `${k}: ${chartTokens(BigInt(n))}`);
}
