// `simulate --chart FILE.svg`: the run's supply, rewards pool and APYs over time as an SVG drawn by
// Apache ECharts' server-side renderer (`renderer: "svg", ssr: true`): no browser, no canvas, the
// same library a dashboard can use. Three stacked panels sharing the month axis; the pool-dry
// month marked. With `--sweep`: one swept key draws small multiples over its values (runway,
// supply at the horizon, mean APYs); two draw heat maps (runway and mean base APY) over the grid. Plotting is display only: values reach the chart as whole tokens (truncated) and
// percentages with 4 decimals (truncated), converted from the exact bigint / Dec results.

import * as echarts from "echarts";
import { decPercent, wholeTokens } from "./common.js";
import type { Simulation } from "./sim-types.js";
import type { RunSummary } from "./sweep.js";
import { UsageError } from "./common.js";

const WIDTH = 960;
const HEIGHT = 900;

export function simulationChart(sim: Simulation, title = "Simulation"): string {
  const months = sim.rows.map((r) => `${r.month}`);
  const tokens = (v: bigint) => Number(wholeTokens(v));
  const pct = (v: bigint | null) => (v === null ? null : Number(decPercent(v, 4)));
  const tierIds = sim.rows[0]?.tiers.map((t) => t.tier) ?? [];
  const panel = (i: number) => ({ left: 110, right: 40, top: 70 + i * 280, height: 190 });
  const xAxis = (i: number) => ({
    type: "category", gridIndex: i, data: months, name: "month", nameLocation: "middle", nameGap: 25, boundaryGap: false,
  });
  const series: object[] = [
    { name: "total supply", type: "line", xAxisIndex: 0, yAxisIndex: 0, showSymbol: false, data: sim.rows.map((r) => tokens(r.totalSupply)) },
    { name: "circulating", type: "line", xAxisIndex: 0, yAxisIndex: 0, showSymbol: false, data: sim.rows.map((r) => tokens(r.circulating)) },
    {
      name: "rewards pool", type: "line", xAxisIndex: 1, yAxisIndex: 1, showSymbol: false, data: sim.rows.map((r) => tokens(r.pool)),
      ...(sim.poolDry && sim.poolDry.month > 0
        ? { markLine: { symbol: "none", label: { formatter: `pool dry: month ${sim.poolDry.month}` }, data: [{ xAxis: `${sim.poolDry.month}` }] } }
        : {}),
    },
    { name: "base APY", type: "line", xAxisIndex: 2, yAxisIndex: 2, showSymbol: false, data: sim.rows.map((r) => pct(r.baseApy)) },
    ...tierIds.flatMap((id, k) => [{
      name: `tier ${id} paid APY`, type: "line", xAxisIndex: 2, yAxisIndex: 2, showSymbol: false,
      data: sim.rows.map((r) => pct(r.tiers[k]?.paidApy ?? null)),
    }, {
      name: `tier ${id} nominal APY`, type: "line", xAxisIndex: 2, yAxisIndex: 2, showSymbol: false, lineStyle: { type: "dashed" },
      data: sim.rows.map((r) => pct(r.tiers[k]?.nominalApy ?? null)),
    }]),
  ];
  return renderSvg(threePanels(title, [panel(0), panel(1), panel(2)], [xAxis(0), xAxis(1), xAxis(2)], [
    { type: "value", gridIndex: 0, name: "supply (tokens)", scale: true },
    { type: "value", gridIndex: 1, name: "rewards pool (tokens)" },
    { type: "value", gridIndex: 2, name: "APY (%)" },
  ], series), WIDTH, HEIGHT);
}

/** Three stacked panels under a title and one legend. */
function threePanels(title: string, grid: object[], xAxis: object[], yAxis: object[], series: object[]): echarts.EChartsCoreOption {
  return {
    animation: false,
    backgroundColor: "#ffffff",
    title: { text: title, left: "center", top: 5 },
    legend: { top: 32, type: "plain" },
    grid, xAxis, yAxis, series,
  };
}

/** An ECharts option as SVG, server-side, the same bytes for the same option. */
function renderSvg(option: echarts.EChartsCoreOption, width: number, height: number): string {
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

export function sweepChart(rows: RunSummary[], keys: SweptKey[], title = "Sweep"): string {
  const pct = (dec: string) => Number(decPercent(decRaw(dec), 4));
  if (keys.length === 1) {
    const [k] = keys as [SweptKey];
    const tierNames = Object.keys(rows[0]?.mean_tier_paid_apys ?? {});
    const panel = (i: number) => ({ left: 110, right: 40, top: 95 + i * 270, height: 180 });
    const xAxis = (i: number) => ({ type: "category", gridIndex: i, data: k.values, name: k.key, nameLocation: "middle", nameGap: 25 });
    return renderSvg(threePanels(title, [panel(0), panel(1), panel(2)], [xAxis(0), xAxis(1), xAxis(2)], [
      { type: "value", gridIndex: 0, name: "pool runway (months)" },
      { type: "value", gridIndex: 1, name: "supply at horizon (tokens)", scale: true },
      { type: "value", gridIndex: 2, name: "mean APY (%)" },
    ], [
      {
        name: "pool runway", type: "bar", xAxisIndex: 0, yAxisIndex: 0,
        data: rows.map((r) => ({ value: runway(r), itemStyle: r.pool_dry_month === null ? { color: "#91cc75" } : undefined })),
        label: { show: true, position: "top", formatter: (p: { dataIndex: number }) => (rows[p.dataIndex]!.pool_dry_month === null ? "lasted" : "") },
      },
      { name: "supply at horizon", type: "line", xAxisIndex: 1, yAxisIndex: 1, data: rows.map((r) => Number(wholeTokens(BigInt(r.supply_at_horizon)))) },
      { name: "mean base APY", type: "line", xAxisIndex: 2, yAxisIndex: 2, data: rows.map((r) => pct(r.mean_base_apy)) },
      ...tierNames.map((t) => ({
        name: `mean ${t} paid APY`, type: "line", xAxisIndex: 2, yAxisIndex: 2, data: rows.map((r) => pct(r.mean_tier_paid_apys[t] ?? "0")),
      })),
    ]), WIDTH, HEIGHT);
  }
  if (keys.length !== 2) throw new UsageError(`--chart draws a sweep of one or two keys (small multiples, or heat maps); this one has ${keys.length}`);
  const [a, b] = keys as [SweptKey, SweptKey];
  // The grid varies the first key slowest: run i is (a[i / |b|], b[i % |b|]).
  const cells = (value: (r: RunSummary) => number) => rows.map((r, i) => [i / b.values.length | 0, i % b.values.length, value(r)]);
  const heat = (i: number, name: string, value: (r: RunSummary) => number) => {
    const data = cells(value);
    const vals = data.map((d) => d[2]!);
    return {
      grid: { left: 130, right: 130, top: 80 + i * 400, height: 300 },
      xAxis: { type: "category", gridIndex: i, data: a.values, name: a.key, nameLocation: "middle", nameGap: 28, splitArea: { show: true } },
      yAxis: { type: "category", gridIndex: i, data: b.values, name: b.key, splitArea: { show: true } },
      visualMap: {
        seriesIndex: i, min: Math.min(...vals), max: Math.max(...vals), calculable: false, orient: "vertical",
        right: 40, top: 100 + i * 400, itemHeight: 200, inRange: { color: ["#f7fbff", "#08306b"] },
      },
      series: { name, type: "heatmap", xAxisIndex: i, yAxisIndex: i, data, label: { show: data.length <= 100 } },
    };
  };
  const panels = [heat(0, "pool runway (months)", runway), heat(1, "mean base APY (%)", (r) => pct(r.mean_base_apy))];
  return renderSvg({
    animation: false,
    backgroundColor: "#ffffff",
    title: [
      { text: title, left: "center", top: 5 },
      { text: "pool runway (months)", left: "center", top: 45, textStyle: { fontSize: 13 } },
      { text: "mean base APY (%)", left: "center", top: 445, textStyle: { fontSize: 13 } },
    ],
    grid: panels.map((p) => p.grid),
    xAxis: panels.map((p) => p.xAxis),
    yAxis: panels.map((p) => p.yAxis),
    visualMap: panels.map((p) => p.visualMap),
    series: panels.map((p) => p.series),
  }, 960, 860);
}

/** A non-negative decimal string ("0.03", "0.030000000000000000") as a raw Dec. */
function decRaw(text: string): bigint {
  const [int = "0", frac = ""] = text.split(".");
  return BigInt(int) * 10n ** 18n + BigInt(frac.padEnd(18, "0").slice(0, 18));
}
