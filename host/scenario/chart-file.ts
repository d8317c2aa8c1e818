// `--chart FILE`: an ECharts SVG written as it is (.svg), or rasterised to PNG (.png) by resvg
// (@resvg/resvg-js: Rust's resvg with its prebuilt binding; no browser), at 2x for print.

import { writeFile } from "node:fs/promises";
import { UsageError } from "../flags.js";

const KINDS = /\.(svg|png)$/i;

/** A chart file name is checked before any simulation runs. */
export function checkChartFile(file: string): void {
  if (file.trim() === "") throw new UsageError("--chart: empty file name");
  if (!KINDS.test(file)) throw new UsageError(`--chart ${file}: the file must end in .svg or .png`);
}

/** PNG bytes of an SVG: resvg at `zoom` (2: 1920 px wide for a 960 px chart), on a white background. */
export async function svgToPng(svg: string, zoom = 2): Promise<Uint8Array> {
  const { Resvg } = await import("@resvg/resvg-js");
  const r = new Resvg(svg, {
    background: "#ffffff",
    fitTo: { mode: "zoom", value: zoom },
    font: { loadSystemFonts: true, defaultFontFamily: "DejaVu Sans", sansSerifFamily: "DejaVu Sans" },
  });
  return r.render().asPng();
}

export async function writeChart(file: string, svg: string): Promise<void> {
  const bytes = /\.png$/i.test(file) ? await svgToPng(svg) : svg;
  try {
    await writeFile(file, bytes);
  } catch (e) {
    throw new UsageError(`--chart ${file}: cannot write: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}
