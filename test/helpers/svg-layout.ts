// The text boxes of an ECharts SVG, for layout checks: each <text>'s position (its translate), size
// (font size; width from DejaVu Sans's advance widths, the font resvg draws with here: digits 0.64
// em, capitals 0.7, lower case 0.56, spaces and punctuation 0.32) and anchors, as a rectangle.

export interface TextBox {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const unescape = (s: string) => s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&");

/** Advance width of a string in em. */
export function emWidth(s: string): number {
  let w = 0;
  for (const ch of s) {
    if (/[0-9]/.test(ch)) w += 0.64;
    else if (/[A-Z%@#&]/.test(ch)) w += 0.72;
    else if (/[a-z]/.test(ch)) w += /[ijlft]/.test(ch) ? 0.32 : /[mw]/.test(ch) ? 0.9 : 0.58;
    else if (/[ .,:;'|!()\[\]]/.test(ch)) w += 0.34;
    else w += 0.65;
  }
  return w;
}

export function textBoxes(svg: string): TextBox[] {
  const out: TextBox[] = [];
  for (const m of svg.matchAll(/<text([^>]*)>([^<]*)<\/text>/g)) {
    const attrs = m[1]!;
    const text = unescape(m[2]!);
    if (text.trim() === "") continue;
    const t = /transform="(?:translate|matrix)\(([^)]*)\)"/.exec(attrs);
    const nums = t ? t[1]!.split(/[ ,]+/).map(Number) : [0, 0];
    // translate(x y), or matrix(a b c d e f): a rotated label (a = 0) swaps its width and height.
    const [x, y, rotated] = nums.length === 6 ? [nums[4]!, nums[5]!, Math.abs(nums[0]!) < 0.5] : [nums[0]!, nums[1]!, false];
    const dy = Number(/ y="([-0-9.]+)"/.exec(attrs)?.[1] ?? 0);
    const dx = Number(/ x="([-0-9.]+)"/.exec(attrs)?.[1] ?? 0);
    const size = Number(/font-size:([0-9.]+)px/.exec(attrs)?.[1] ?? 12);
    const anchor = /text-anchor="(\w+)"/.exec(attrs)?.[1] ?? "start";
    const baseline = /dominant-baseline="(\w+)"/.exec(attrs)?.[1] ?? "alphabetic";
    let w = emWidth(text) * size;
    let h = size * 1.15;
    let left = anchor === "middle" ? -w / 2 : anchor === "end" ? -w : 0;
    let top = baseline === "central" || baseline === "middle" ? -h / 2 : baseline === "hanging" ? 0 : -h * 0.8;
    if (rotated) {
      [w, h] = [h, w];
      [left, top] = [top, -h / 2 - (anchor === "middle" ? 0 : h / 2)];
    }
    const bx = x + (rotated ? dy : dx) + left, by = y + (rotated ? dx : dy) + top;
    out.push({ text, x0: bx, y0: by, x1: bx + w, y1: by + h });
  }
  return out;
}

/** Pairs of boxes that overlap by more than `slack` px both ways. */
export function overlaps(boxes: TextBox[], slack = 1): [TextBox, TextBox][] {
  const bad: [TextBox, TextBox][] = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!, b = boxes[j]!;
      const ox = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
      const oy = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
      if (ox > slack && oy > slack) bad.push([a, b]);
    }
  }
  return bad;
}
