// `simulate --chart FILE`: charts for a report, drawn by Apache ECharts' server-side SVG renderer
// (`renderer: "svg", ssr: true`: no browser, no canvas; host/scenario/chart-file.ts rasterises PNG).
// A run: three stacked panels sharing the month axis, each with its own legend row above it and
// its unit on its axis (supply in tokens, the pool in tokens with the pool-dry mark, APYs in % a
// year: base received, each tier paid solid and nominal dashed in the tier's colour); failed
// scenario txs in red under the title. A sweep: small multiples over one swept key, heat maps with
// a numbered colour scale over two. Axis labels carry SI suffixes, swept keys their names in words
// (host/scenario/chart-format.ts). Plotting is display only: values reach the chart as whole tokens and
// percentages converted from the exact bigint / Dec results.

import * as echarts from "echarts";
import { decPercent, wholeTokens } from "./numbers.js";
import { keyLabel, percentLabel, si, valueLabel } from "./chart-format.js";
import { failureReasons, monthOf } from "./simulate-output.js";
import type { Simulation } from "./sim-types.js";
import type { RunSummary } from "./sweep.js";
import type { Provenance } from "./provenance.js";
import { UsageError } from "../flags.js";
import { displayLog, wrapText } from "./chart-text.js";

export const WIDTH = 1000;
export const HEIGHT = 984;
/** The provenance footer's band at the bottom of a page. */
const FOOTER = 24;
/** Tier colours (colour-blind-safe Okabe-Ito), base APY black; paid solid, nominal dashed. */
const TIER_COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442"];
const INK = "#222222";
const FAIL = "#c00000";
const FONT = { fontFamily: "DejaVu Sans, sans-serif", fontSize: 12 };

/** The panels' vertical layout: legend row, then plot, then the month axis's labels and name. */
const PANEL = [
  { legend: 78, top: 112, height: 180 },
  { legend: 360, top: 394, height: 180 },
  { legend: 642, top: 700, height: 190 },
];

/** From one panel's slot to the next's. */
const PANEL_STEP = 282;

const tokensAxis = (grid: number, name: string, scale = false) => ({
  type: "value", gridIndex: grid, scale, name, nameLocation: "middle", nameRotate: 90, nameGap: 62,
  nameTextStyle: FONT, axisLabel: { ...FONT, formatter: (v: number) => si(v) },
});

const percentAxis = (grid: number, name: string) => ({
  type: "value", gridIndex: grid, name, nameLocation: "middle", nameRotate: 90, nameGap: 62,
  nameTextStyle: FONT, axisLabel: { ...FONT, formatter: percentLabel },
});

export function simulationChart(sim: Simulation, title = "Simulation"): string {
  const months = sim.rows.map((r) => `${r.month}`);
  const tokens = (v: bigint) => Number(wholeTokens(v));
  const pct = (v: bigint | null) => (v === null ? null : Number(decPercent(v, 4)));
  const tierIds = sim.rows[0]?.tiers.map((t) => t.tier) ?? [];
  const start = new Date(Number(sim.rows[0]!.timeNs / 1_000_000n)).toISOString().slice(0, 10);
  const xAxis = (i: number) => ({
    type: "category", gridIndex: i, data: months, name: `month after ${start} (the start)`, nameLocation: "middle", nameGap: 28,
    nameTextStyle: FONT, boundaryGap: false, axisLabel: FONT,
  });
  // Circulating equals total supply without burns: one line then, not two drawn on each other.
  const burns = sim.rows.some((r) => r.circulating !== r.totalSupply);
  const line = (name: string, grid: number, data: (number | null)[], colour: string, dashed = false) => ({
    name, type: "line", xAxisIndex: grid, yAxisIndex: grid, showSymbol: false, data, color: colour,
    lineStyle: { color: colour, width: 2, type: dashed ? "dashed" : "solid" },
  });
  const supply = burns
    ? [line("total supply", 0, sim.rows.map((r) => tokens(r.totalSupply)), INK), line("circulating supply", 0, sim.rows.map((r) => tokens(r.circulating)), TIER_COLOURS[5]!, true)]
    : [line("total supply (= circulating: nothing burned)", 0, sim.rows.map((r) => tokens(r.totalSupply)), INK)];
  const dry = sim.poolDry && sim.poolDry.month > 0 ? sim.poolDry : null;
  const pool = {
    ...line("rewards pool", 1, sim.rows.map((r) => tokens(r.pool)), TIER_COLOURS[0]!),
    ...(dry
      ? {
        markLine: {
          symbol: "none", lineStyle: { color: FAIL, type: "dotted" },
          label: { ...FONT, color: FAIL, position: "end", formatter: `pool dry: month ${dry.month}` },
          data: [{ xAxis: `${dry.month}` }],
        },
      }
      : {}),
  };
  const owed = sim.rows.some((r) => r.owedBonus > 0n) ? [line("owed bonus", 1, sim.rows.map((r) => tokens(r.owedBonus)), TIER_COLOURS[1]!, true)] : [];
  const apys = [
    line("base APY received", 2, sim.rows.map((r) => pct(r.baseApy)), INK),
    ...tierIds.flatMap((id, k) => {
      const colour = TIER_COLOURS[k % TIER_COLOURS.length]!;
      return [
        line(`tier ${id} paid`, 2, sim.rows.map((r) => pct(r.tiers[k]?.paidApy ?? null)), colour),
        line(`tier ${id} nominal`, 2, sim.rows.map((r) => pct(r.tiers[k]?.nominalApy ?? null)), colour, true),
      ];
    }),
  ];
  const legend = (i: number, names: string[]) => ({
    top: PANEL[i]!.legend, left: 100, right: 30, data: names, textStyle: FONT, itemWidth: 28, itemGap: 16,
  });
  const date = dry ? new Date(Number(dry.timeNs / 1_000_000n)).toISOString().slice(0, 10) : "";
  const outlook = dry
    ? `The rewards pool runs dry in month ${dry.month}: height ${dry.height.toLocaleString("en-US")}, ${date}, ${dry.days} days after the genesis.`
    : "The rewards pool lasts the horizon.";
  return page(title, [outlook], failureNote(sim), {
    legend: [legend(0, supply.map((s) => s.name)), legend(1, [pool.name, ...owed.map((s) => s.name)]), legend(2, apys.map((s) => s.name))],
    grid: PANEL.map((p) => ({ left: 100, right: 30, top: p.top, height: p.height })),
    xAxis: [xAxis(0), xAxis(1), xAxis(2)],
    yAxis: [tokensAxis(0, "supply (tokens)", true), tokensAxis(1, "tokens"), percentAxis(2, "APY (% a year)")],
    series: [...supply, pool, ...owed, ...apys],
  }, [], HEIGHT, chartProvenance(sim.provenance));
}

/** The provenance in a chart's footer: short hashes (the CSV and JSON carry them whole). */
export function chartProvenance(p: Pick<Provenance, "scenario_sha256" | "block_time" | "chain_id" | "genesis_sha256" | "code_version">): string {
  const h = (x: string) => (/^[0-9a-f]{64}$/.test(x) ? `${x.slice(0, 12)}…` : x);
  return `Assumptions: scenario sha256 ${h(p.scenario_sha256)} · ${p.block_time} blocks · genesis ${p.chain_id} sha256 ${h(p.genesis_sha256)} · ${p.code_version}`;
}

/** The failures for a chart's banner: how many, the commonest reason and its first month, in display units (wrapped by `page`). */
function failureNote(sim: Simulation): string[] {
  const first = failureReasons(sim.failures, 1)[0];
  if (!first) return [];
  return [`${sim.failures.length} of ${sim.txs} scenario txs FAILED; first (month ${monthOf(sim, first.first.height)}): ${displayLog(first.log)}`];
}

/** Width (px) a line of text under the title may take. */
export const TEXT_WIDTH = WIDTH - 60;
/** A note or failure banner takes at most this many lines (then " …" at a word). */
export const BANNER_LINES = 2;
/** Line heights: the notes under the title, the footer. */
const NOTE_LINE = 18;
const FOOT_LINE = 14;

/** The lines a page draws for its notes, failures and footer: wrapped at words to fit (host/scenario/chart-text.ts). */
export function pageLines(notes: string[], failures: string[], footer: string): { notes: string[]; failures: string[]; footer: string[] } {
  return {
    notes: notes.flatMap((n) => wrapText(n, TEXT_WIDTH, 12, true, BANNER_LINES)), // a title's text: bold
    failures: failures.flatMap((f) => wrapText(f, TEXT_WIDTH, 12, true, BANNER_LINES)),
    footer: wrapText(footer, TEXT_WIDTH, 11, true),
  };
}

/** Every `top` of the option's legends, grids, visual maps and titles moved down by `dy`. */
function shiftTops<T>(items: T, dy: number): T {
  if (dy === 0) return items;
  const move = (o: unknown) => (o && typeof o === "object" && typeof (o as { top?: unknown }).top === "number" ? { ...(o as object), top: (o as { top: number }).top + dy } : o);
  return (Array.isArray(items) ? items.map(move) : move(items)) as T;
}

/**
 * A chart's page as SVG: the title, then the notes in ink and the failures in bold red, each
 * wrapped at words to the page's width (two lines at most); any further titles (the panels'), the
 * option's panels (moved down when the lines under the title take more than two rows), and the
 * footer of assumptions (the provenance), wrapped too.
 */
function page(title: string, notes: string[], failures: string[], panels: echarts.EChartsCoreOption, titles: object[], height: number, footer: string): string {
  const lines = pageLines(notes, failures, footer);
  const dy = Math.max(0, lines.notes.length + lines.failures.length - 2) * NOTE_LINE;
  const total = height + dy + (lines.footer.length - 1) * FOOT_LINE;
  const foot = lines.footer.map((text, i) => ({
    text, left: "center", top: total - FOOTER + 4 - (lines.footer.length - 1 - i) * FOOT_LINE, textStyle: { ...FONT, fontSize: 11, color: "#555555" },
  }));
  const line = (text: string, i: number, style: object) => ({ text, left: "center", top: 32 + NOTE_LINE * i, textStyle: { ...FONT, ...style } });
  const moved: echarts.EChartsCoreOption = { ...panels };
  for (const k of ["legend", "grid", "visualMap"] as const) if (moved[k] !== undefined) moved[k] = shiftTops(moved[k], dy);
  return renderSvg({
    animation: false,
    backgroundColor: "#ffffff",
    textStyle: FONT,
    title: [
      { text: title, left: "center", top: 8, textStyle: { ...FONT, fontSize: 16, fontWeight: "bold", color: INK } },
      ...lines.notes.map((text, i) => line(text, i, { color: INK })),
      ...lines.failures.map((text, i) => line(text, lines.notes.length + i, { color: FAIL, fontWeight: "bold" })),
      ...shiftTops(titles, dy),
      ...foot,
    ],
    ...moved,
  }, WIDTH, total);
}

/** An ECharts option as SVG, server-side, the same bytes for the same option. */
export function renderSvg(option: echarts.EChartsCoreOption, width: number, height: number): string {
  const chart = echarts.init(null, null, { renderer: "svg", ssr: true, width, height });
  try {
    chart.setOption(option);
    // The renderer names CSS classes and clip paths by instance and a process-wide counter
    // (zr0-cls-0, zr1-cls-5, zr1-c0): renamed in order of appearance, so that the same run draws
    // the same bytes.
    const names = new Map<string, string>();
    return chart.renderToSVGString().replace(/\bzr\d+-(cls-|c)\d+\b/g, (c, kind: string) => {
      let n = names.get(c);
      if (n === undefined) names.set(c, (n = `zr-${kind}${names.size}`));
      return n;
    });
  } finally {
    chart.dispose();
  }
}

/** A sweep's key and its values, in the order the grid varies them. */
export interface SweptKey {
  key: string;
  values: string[];
}

/** Months the pool lasted: its dry month, or the horizon if it never ran dry. */
const runway = (r: RunSummary) => r.pool_dry_month ?? r.months;

/** The height of a two-key sweep's heat maps. */
export const SWEEP_HEAT_HEIGHT = 924;

export function sweepChart(rows: RunSummary[], keys: SweptKey[], title = "Sweep"): string {
  if (keys.length === 1) return sweepLines(rows, keys[0]!, title);
  if (keys.length !== 2) throw new UsageError(`--chart draws a sweep of one or two keys (small multiples, or heat maps); this one has ${keys.length}`);
  return sweepHeatMaps(rows, keys as [SweptKey, SweptKey], title);
}

const pctOf = (dec: string | null | undefined) => (dec == null ? null : Number(decPercent(decRaw(dec), 4)));

/** The failed runs as a line under a sweep chart's title (none: no line). */
function sweepFailures(rows: RunSummary[]): string[] {
  const failed = rows.filter((r) => r.failed_txs > 0);
  if (failed.length === 0) return [];
  return [`${failed.length} of ${rows.length} runs had FAILED scenario txs (marked *); first by height: ${displayLog(failed[0]!.first_failure ?? "")}`];
}

/** A series that is the same in every run: drawn as a note, not a panel. */
const flat = <T>(vals: T[]) => vals.length > 1 && vals.every((v) => v === vals[0]);

function sweepLines(rows: RunSummary[], k: SweptKey, title: string): string {
  const { label, unit } = keyLabel(k.key);
  const values = k.values.map((v) => valueLabel(unit, v));
  const tiers = Object.keys(rows[0]?.mean_tier_paid_apys ?? {});
  const line = (name: string, data: (number | null)[], colour: string, dashed = false) => ({
    name, type: "line", data, color: colour, symbolSize: 6, lineStyle: { color: colour, width: 2, type: dashed ? "dashed" : "solid" },
  });
  const apys = [
    line("mean base APY received", rows.map((r) => pctOf(r.mean_base_apy)), INK),
    ...tiers.flatMap((t, k2) => {
      const colour = TIER_COLOURS[k2 % TIER_COLOURS.length]!;
      const name = t.replace(/^tier/, "tier ");
      return [line(`${name} paid`, rows.map((r) => pctOf(r.mean_tier_paid_apys[t])), colour), line(`${name} nominal`, rows.map((r) => pctOf(r.mean_tier_nominal_apys[t])), colour, true)];
    }),
  ];
  // The panels, each kept only when its series varies over the sweep; a flat one is a note instead.
  const notes = [`over ${label}`];
  type Panel = { legend: object; yAxis: object; series: object[] };
  const panels: Panel[] = [];
  if (flat(rows.map(runway))) {
    const r0 = rows[0]!;
    notes.push(`pool runway: ${r0.pool_dry_month === null ? `it lasted the horizon (${r0.months} months)` : `dry in month ${r0.pool_dry_month}`} in every run (no panel)`);
  } else {
    notes[0] += "; green bars: the pool lasted the horizon";
    panels.push({
      legend: { data: ["pool runway (months)"] },
      yAxis: { type: "value", name: "months", nameLocation: "middle", nameRotate: 90, nameGap: 62, nameTextStyle: FONT, axisLabel: FONT, minInterval: 1 },
      series: [{
        name: "pool runway (months)", type: "bar", color: TIER_COLOURS[0],
        data: rows.map((r) => ({ value: runway(r), itemStyle: { color: r.pool_dry_month === null ? TIER_COLOURS[2] : TIER_COLOURS[0] } })),
        label: {
          show: true, position: "top", ...FONT,
          formatter: (p: { dataIndex: number }) => `${runway(rows[p.dataIndex]!)}${rows[p.dataIndex]!.failed_txs > 0 ? "*" : ""}`,
        },
      }],
    });
  }
  if (flat(rows.map((r) => r.supply_at_horizon))) {
    notes.push(`supply at the horizon: ${si(Number(wholeTokens(BigInt(rows[0]!.supply_at_horizon))))} tokens in every run (no panel)`);
  } else {
    panels.push({
      legend: { data: ["supply at the horizon"] },
      yAxis: tokensAxis(0, "tokens", true),
      series: [{ name: "supply at the horizon", type: "line", color: INK, lineStyle: { color: INK, width: 2 }, data: rows.map((r) => Number(wholeTokens(BigInt(r.supply_at_horizon)))) }],
    });
  }
  panels.push({
    legend: { right: 30, data: apys.map((a) => a.name), itemWidth: 28, itemGap: 16 },
    yAxis: percentAxis(0, "mean APY (% a year)"),
    series: apys,
  });
  // The kept panels take the first slots of the three-panel layout, the APYs' the last slot's size.
  const slots = panels.map((_, i) => (i === panels.length - 1 ? { ...PANEL[2]!, legend: PANEL[2]!.legend - (3 - panels.length) * PANEL_STEP, top: PANEL[2]!.top - (3 - panels.length) * PANEL_STEP } : PANEL[i]!));
  return page(title, notes, sweepFailures(rows), {
    legend: panels.map((p, i) => ({ top: slots[i]!.legend, left: 100, textStyle: FONT, ...p.legend })),
    grid: slots.map((p) => ({ left: 100, right: 30, top: p.top, height: p.height })),
    xAxis: panels.map((_, i) => ({
      type: "category", gridIndex: i, data: values, name: label, nameLocation: "middle", nameGap: 28, nameTextStyle: FONT, axisLabel: FONT,
    })),
    yAxis: panels.map((p, i) => ({ ...p.yAxis, gridIndex: i })),
    series: panels.flatMap((p, i) => p.series.map((x) => ({ ...x, xAxisIndex: i, yAxisIndex: i }))),
  }, [], HEIGHT - (3 - panels.length) * PANEL_STEP, sweepFooter(rows));
}

/** A sweep chart's footer: the provenance the runs share ("varies" where they differ). */
function sweepFooter(rows: RunSummary[]): string {
  const shared = (k: keyof Provenance) => {
    const vals = new Set(rows.map((r) => r.provenance[k]));
    return vals.size === 1 ? [...vals][0]! : "varies";
  };
  return chartProvenance({
    scenario_sha256: rows.length === 1 ? rows[0]!.provenance.scenario_sha256 : "per run",
    block_time: shared("block_time"), chain_id: shared("chain_id"), genesis_sha256: shared("genesis_sha256"), code_version: shared("code_version"),
  });
}

function sweepHeatMaps(rows: RunSummary[], [a, b]: [SweptKey, SweptKey], title: string): string {
  const ka = keyLabel(a.key), kb = keyLabel(b.key);
  // The grid varies the first key slowest: run i is (a[i / |b|], b[i % |b|]).
  const heat = (i: number, name: string, unit: string, value: (r: RunSummary) => number, decimals: number) => {
    const data = rows.map((r, j) => [(j / b.values.length) | 0, j % b.values.length, value(r)]);
    const vals = data.map((d) => d[2]!);
    const lo = Math.min(...vals), hi = Math.max(...vals);
    const top = 96 + i * 420;
    const step = hi > lo ? (hi - lo) / 5 : 1;
    const fmt = (v: number) => (decimals === 0 ? `${Math.round(v)}` : v.toFixed(decimals));
    // Five numbered bins: a legend that reads as a scale.
    const pieces = Array.from({ length: hi > lo ? 5 : 1 }, (_, k) => {
      const min = lo + k * step, max = k === 4 || hi === lo ? hi : lo + (k + 1) * step;
      return { min, max, label: `${fmt(min)} – ${fmt(max)} ${unit}` };
    });
    return {
      grid: { left: 150, right: 220, top, height: 300 },
      xAxis: {
        type: "category", gridIndex: i, data: a.values.map((v) => valueLabel(ka.unit, v)), name: ka.label, nameLocation: "middle", nameGap: 28,
        nameTextStyle: FONT, axisLabel: FONT, splitArea: { show: true },
      },
      yAxis: {
        type: "category", gridIndex: i, data: b.values.map((v) => valueLabel(kb.unit, v)), name: kb.label, nameLocation: "middle", nameRotate: 90,
        nameGap: 90, nameTextStyle: FONT, axisLabel: FONT, splitArea: { show: true },
      },
      visualMap: {
        type: "piecewise", seriesIndex: i, pieces, orient: "vertical", right: 20, top: top + 20, textStyle: FONT,
        inRange: { color: ["#deebf7", "#9ecae1", "#4292c6", "#2171b5", "#08306b"] },
      },
      series: {
        name, type: "heatmap", xAxisIndex: i, yAxisIndex: i, data,
        label: {
          show: data.length <= 100, ...FONT,
          formatter: (p: { dataIndex: number; value: number[] }) => `${fmt(p.value[2]!)}${rows[p.dataIndex]!.failed_txs > 0 ? "*" : ""}`,
        },
      },
      title: { text: hi === lo ? `${name}: ${fmt(lo)} ${unit} in every run` : name, left: 150, top: top - 26, textStyle: { ...FONT, fontSize: 13, fontWeight: "bold", color: INK } },
    };
  };
  const panels = [heat(0, "pool runway (months)", "months", runway, 0), heat(1, "mean base APY received (% a year)", "%", (r) => pctOf(r.mean_base_apy) ?? 0, 2)];
  return page(title, [], sweepFailures(rows), {
    grid: panels.map((p) => p.grid),
    xAxis: panels.map((p) => p.xAxis),
    yAxis: panels.map((p) => p.yAxis),
    visualMap: panels.map((p) => p.visualMap),
    series: panels.map((p) => p.series),
  }, panels.map((p) => p.title), SWEEP_HEAT_HEIGHT, sweepFooter(rows));
}

/** A non-negative decimal string ("0.03", "0.030000000000000000") as a raw Dec. */
function decRaw(text: string): bigint {
  const [int = "0", frac = ""] = text.split(".");
  return BigInt(int) * 10n ** 18n + BigInt(frac.padEnd(18, "0").slice(0, 18));
}
