// `simulate --chart FILE.svg`: the run's supply, rewards pool and APYs over time as an SVG drawn by
// Apache ECharts' server-side renderer (`renderer: "svg", ssr: true`): no browser, no canvas, the
// same library a dashboard can use. Three stacked panels sharing the month axis; the pool-dry
// month marked. Plotting is display only: values reach the chart as whole tokens (truncated) and
// percentages with 4 decimals (truncated), converted from the exact bigint / Dec results.

import * as echarts from "echarts";
import { decPercent, wholeTokens } from "./common.js";
import type { Simulation } from "./simulate.js";

const WIDTH = 960;
const HEIGHT = 900;

export function simulationChart(sim: Simulation, title = "Simulation"): string {
  const months = sim.rows.map((r) => `${r.month}`);
  const tokens = (v: bigint) => Number(wholeTokens(v));
  const pct = (v: bigint | null) => (v === null ? null : Number(decPercent(v, 4)));
  const tierIds = sim.rows[0]?.tierApys.map((t) => t.tier) ?? [];
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
    ...tierIds.map((id, k) => ({
      name: `tier ${id} total APY`, type: "line", xAxisIndex: 2, yAxisIndex: 2, showSymbol: false,
      data: sim.rows.map((r) => pct(r.tierApys[k]?.totalApy ?? null)),
    })),
  ];
  const chart = echarts.init(null, null, { renderer: "svg", ssr: true, width: WIDTH, height: HEIGHT });
  try {
    chart.setOption({
      animation: false,
      backgroundColor: "#ffffff",
      title: { text: title, left: "center", top: 5 },
      legend: { top: 32, type: "plain" },
      grid: [panel(0), panel(1), panel(2)],
      xAxis: [xAxis(0), xAxis(1), xAxis(2)],
      yAxis: [
        { type: "value", gridIndex: 0, name: "supply (tokens)", scale: true },
        { type: "value", gridIndex: 1, name: "rewards pool (tokens)" },
        { type: "value", gridIndex: 2, name: "APY (%)" },
      ],
      series,
    });
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
