// Charts of `simulate --runs` (P10-P90 bands with the median), `--compare` (the scenarios' series
// overlaid) and `--sensitivity` (a tornado), drawn by the project's ECharts renderer
// (host/scenario/chart.ts renderSvg; PNG by chart-file.ts). Display only: the exact values are the
// tables'; here they become whole tokens and percentages.

import type * as echarts from "echarts";
import { renderSvg } from "./chart.js";
import { percentLabel, si } from "./chart-format.js";
import type { DecimalTable } from "./decimal-table.js";
import type { RunResult } from "./montecarlo-run.js";

const WIDTH = 1000;
const FONT = { fontFamily: "DejaVu Sans, sans-serif", fontSize: 12 };
const INK = "#222222";
const COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442"];
const PANELS = [{ legend: 78, top: 112, height: 180 }, { legend: 360, top: 394, height: 180 }, { legend: 642, top: 700, height: 190 }];
const HEIGHT = 984;
const TYPES = ["solid", "dashed", "dotted"];

/** Display numbers: whole tokens of base units, percent of a decimal fraction. */
const tokens = (v: string | null) => (v === null ? null : Number(BigInt(v) / 100_000_000n));
const pct = (v: string | null) => (v === null ? null : Number(v) * 100);
const rawPct = (v: bigint | null) => (v === null ? null : Number(v / 10n ** 10n) / 1e6);

function pageOf(title: string, notes: string[], footer: string, option: object, height = HEIGHT): string {
  return renderSvg({
    animation: false, backgroundColor: "#ffffff", textStyle: FONT,
    title: [
      { text: title, left: "center", top: 8, textStyle: { ...FONT, fontSize: 16, fontWeight: "bold", color: INK } },
      ...notes.map((text, i) => ({ text, left: "center", top: 32 + 18 * i, textStyle: { ...FONT, color: INK } })),
      { text: footer, left: "center", top: height - 20, textStyle: { ...FONT, fontSize: 11, color: "#555555" } },
    ],
    ...option,
  } as echarts.EChartsCoreOption, WIDTH, height);
}

const axes = (months: string[]) => ({
  grid: PANELS.map((p) => ({ left: 100, right: 30, top: p.top, height: p.height })),
  xAxis: PANELS.map((_, i) => ({
    type: "category", gridIndex: i, data: months, name: "month", nameLocation: "middle", nameGap: 28, nameTextStyle: FONT, boundaryGap: false, axisLabel: FONT,
  })),
  yAxis: [
    { type: "value", gridIndex: 0, scale: true, name: "supply (tokens)", nameLocation: "middle", nameRotate: 90, nameGap: 62, nameTextStyle: FONT, axisLabel: { ...FONT, formatter: (v: number) => si(v) } },
    { type: "value", gridIndex: 1, name: "rewards pool (tokens)", nameLocation: "middle", nameRotate: 90, nameGap: 62, nameTextStyle: FONT, axisLabel: { ...FONT, formatter: (v: number) => si(v) } },
    { type: "value", gridIndex: 2, name: "paid APY (% a year)", nameLocation: "middle", nameRotate: 90, nameGap: 62, nameTextStyle: FONT, axisLabel: { ...FONT, formatter: percentLabel } },
  ],
});

const legend = (i: number, names: string[]) => ({ top: PANELS[i]!.legend, left: 100, right: 30, data: names, textStyle: FONT, itemWidth: 28, itemGap: 16 });

/** P10-P90 as a shaded band (P10 stacked under P90 - P10), the median as a line. */
function band(name: string, grid: number, lo: (number | null)[], mid: (number | null)[], hi: (number | null)[], colour: string): object[] {
  const stack = `${name}-${grid}`;
  const base = { type: "line", xAxisIndex: grid, yAxisIndex: grid, showSymbol: false, stack, silent: true };
  return [
    { ...base, name: `${name} P10-P90`, data: lo, lineStyle: { opacity: 0 }, color: colour, tooltip: { show: false } },
    {
      ...base, name: `${name} P10-P90`, data: hi.map((h, i) => (h === null || lo[i] === null ? null : h - lo[i]!)),
      lineStyle: { opacity: 0 }, areaStyle: { color: colour, opacity: 0.22 }, color: colour,
    },
    { name: `${name} P50`, type: "line", xAxisIndex: grid, yAxisIndex: grid, showSymbol: false, data: mid, color: colour, lineStyle: { color: colour, width: 2 } },
  ];
}

/** `simulate --runs --chart`: supply, pool and each tier's paid APY, P10-P90 bands around the median. */
export function bandsChart(bands: DecimalTable, runway: DecimalTable, title: string, footer: string): string {
  const col = (name: string) => bands.rows.map((r) => r[bands.columns.findIndex((c) => c.name === name)] ?? null);
  const months = col("month").map((m) => m!);
  // Tiers no run measured (no positions in them) get no legend entry.
  const tiers = bands.columns.filter((c) => /^tier\d+_paid_apy_p50$/.test(c.name) && col(c.name).some((v) => v !== null)).map((c) => c.name.replace(/_paid_apy_p50$/, ""));
  const three = (name: string, f: (v: string | null) => number | null) => [10, 50, 90].map((p) => col(`${name}_p${p}`).map(f)) as [(number | null)[], (number | null)[], (number | null)[]];
  const series = [
    ...band("total supply", 0, ...three("total_supply", tokens), INK),
    ...band("rewards pool", 1, ...three("rewards_pool", tokens), COLOURS[0]!),
    ...tiers.flatMap((t, k) => band(`${t.replace("tier", "tier ")} paid`, 2, ...three(`${t}_paid_apy`, pct), COLOURS[k % COLOURS.length]!)),
  ] as { name: string; xAxisIndex: number }[];
  const names = (g: number) => [...new Set(series.filter((s) => s.xAxisIndex === g).map((s) => s.name))];
  const short = (d: string) => d.replace(/(\.\d\d)\d*$/, "$1");
  const rw = runway.rows.map((r) => `P${r[0]!.slice(1)} ${r[5] !== null ? `${short(r[5])} (${r[4]!.slice(0, 10)})` : `≥ ${short(r[6]!)} (lasted)`}`);
  const dry = runway.meta.find(([k]) => k === "runs_dry")?.[1] ?? "";
  return pageOf(title, [`Pool runway, days after the start: ${rw.join(" · ")}`, `${dry} runs ran dry within the horizon; bands: P10-P90 shaded, P50 line`], footer, {
    legend: [legend(0, names(0)), legend(1, names(1)), legend(2, names(2))], ...axes(months), series,
  });
}

/** `simulate --compare --chart`: each scenario's supply, pool and tiers' paid APYs overlaid (colour: scenario; tiers by line type). */
export function compareChart(labels: string[], results: RunResult[], title: string, footer: string): string {
  const months = results[0]!.series.months.map((m) => `${m.month}`);
  const tiers = results[0]!.series.tiers;
  const line = (name: string, grid: number, data: (number | null)[], colour: string, type = "solid") => ({
    name, type: "line", xAxisIndex: grid, yAxisIndex: grid, showSymbol: false, data, color: colour, lineStyle: { color: colour, width: 2, type },
  });
  const series = results.flatMap((r, i) => {
    const c = COLOURS[i % COLOURS.length]!;
    return [
      line(labels[i]!, 0, r.series.months.map((m) => Number(m.supply / 100_000_000n)), c),
      line(labels[i]!, 1, r.series.months.map((m) => Number(m.pool / 100_000_000n)), c),
      // A tier no position was in (nothing measured) gets no line and no legend entry.
      ...tiers.flatMap((t, k) => (r.series.months.some((m) => m.tierPaid[k] != null)
        ? [line(`${labels[i]} tier ${t}`, 2, r.series.months.map((m) => rawPct(m.tierPaid[k] ?? null)), c, TYPES[k % TYPES.length])] : [])),
    ];
  });
  const notes = results.map((r, i) => `${labels[i]}: ${r.summary.pool_dry_days !== null ? `pool dry after ${r.summary.pool_dry_days} days (${r.summary.pool_dry_time!.slice(0, 10)})` : "the pool lasts the horizon"}`);
  return pageOf(title, notes.slice(0, 3), footer, {
    legend: [legend(0, labels), legend(1, labels), legend(2, series.filter((s) => s.xAxisIndex === 2).map((s) => s.name))], ...axes(months), series,
  });
}

/** `simulate --sensitivity --chart`: a tornado, one bar pair per input (Δ at its low end, at its high end), largest swing on top. */
export function tornadoChart(table: DecimalTable, metric: string, title: string, footer: string): string {
  const rows = [...table.rows].reverse(); // ECharts' category axis draws from the bottom
  const num = (v: string | null) => (v === null ? null : metric.endsWith("_apy") ? Number(v) * 100 : metric === "runway_days" ? Number(v) : Number(BigInt(v.split(".")[0]!) / 100_000_000n));
  const unit = metric === "runway_days" ? "days" : metric.endsWith("_apy") ? "% a year" : "tokens";
  const height = Math.max(360, 160 + rows.length * 56);
  // Each bar names the input's value there; a bar too short for it has none.
  const widest = Math.max(0, ...rows.flatMap((r) => [Math.abs(num(r[7] ?? null) ?? 0), Math.abs(num(r[8] ?? null) ?? 0)]));
  const lbl = (side: number, delta: number) => ({
    show: true, position: "inside", ...FONT, color: "#ffffff",
    formatter: (p: { dataIndex: number }) => (Math.abs(num(rows[p.dataIndex]![delta] ?? null) ?? 0) > widest / 8 ? rows[p.dataIndex]![side]! : ""),
  });
  const baseValue = table.rows[0]?.[5] ?? null;
  return pageOf(title, [`Δ of ${metric.replace(/_/g, " ")} from the base run (${num(baseValue)} ${unit}) as each input alone moves to its low and high end`], footer, {
    legend: { top: 56, data: ["input at its low end", "input at its high end"], textStyle: FONT, itemGap: 40 },
    grid: { left: 230, right: 60, top: 100, bottom: 84 },
    xAxis: { type: "value", name: `Δ ${metric.replace(/_/g, " ")} (${unit})`, nameLocation: "middle", nameGap: 28, nameTextStyle: FONT, axisLabel: { ...FONT, formatter: (v: number) => si(v) } },
    yAxis: { type: "category", data: rows.map((r) => r[0]!), axisLabel: { ...FONT, width: 210, overflow: "truncate" } },
    series: [
      { name: "input at its low end", type: "bar", stack: "t", data: rows.map((r) => num(r[7] ?? null)), color: COLOURS[0], label: lbl(1, 7), barWidth: 28 },
      { name: "input at its high end", type: "bar", stack: "t", data: rows.map((r) => num(r[8] ?? null)), color: COLOURS[1], label: lbl(3, 8), barWidth: 28 },
    ],
  }, height);
}
