// Distributions on scenario inputs (`simulate --runs N --seed S`, `--sensitivity`): any field of a
// scenario document may be an object `{"dist": ...}` instead of its value:
//
//   {"dist": "uniform",    "min": "0.1", "max": "0.4"}
//   {"dist": "triangular", "min": "1000", "mode": "2000", "max": "4000"}
//   {"dist": "normal",     "mean": "0.25", "sd": "0.05", "min": "0", "max": "1"}   (truncated to [min, max])
//   {"dist": "choice",     "values": ["0.03", "0.05"], "weights": [3, 1]}
//
// optionally with "decimals" (the sample's decimal places; default: the most any of its numbers
// is written with) and "base" (the value the sensitivity holds it at while another input moves;
// default: uniform's midpoint, triangular's mode, normal's mean, choice's first value).
//
// Sampling is exact and deterministic: run i's samples come from a xoshiro256** stream seeded by
// splitmix64 of (seed, i) alone, so a run's inputs do not depend on the run count or the threads.
// Uniform and triangular samples are integers of 10^-decimals computed on bigints (triangular's
// inverse CDF with an integer square root); a normal's standard deviate comes from Box-Muller in
// floating point, quantized to 10^-9 before it scales the (exact) mean and sd, and the sample is
// rounded to `decimals`: what reaches the scenario is always a decimal string.

import { ValidationError } from "../errors.js";
import type { Json } from "../app/genesis.js";

type Obj = { [key: string]: Json };
const KINDS = ["uniform", "triangular", "normal", "choice"] as const;
const MAX_DECIMALS = 18;
const M64 = (1n << 64n) - 1n;

/** A fixed-point value: `units` x 10^-scale. */
interface Fixed {
  units: bigint;
  scale: number;
}

export interface Distribution {
  /** The input's --set path: `fees.growth`, `cohorts[0].amount`. */
  path: string;
  kind: (typeof KINDS)[number];
  /** The spec as written (for the outputs). */
  spec: Json;
  /** Decimal places of a sample. */
  decimals: number;
  /** Parameters as integers of 10^-decimals. */
  min: bigint | null;
  max: bigint | null;
  mode: bigint | null;
  mean: bigint | null;
  sd: bigint | null;
  values: string[];
  weights: bigint[];
  base: string;
}

const isObject = (v: Json | undefined): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

function parseFixed(v: Json | undefined, path: string): Fixed {
  const text = typeof v === "number" && Number.isSafeInteger(v) ? `${v}` : v;
  if (typeof text !== "string" || !/^-?[0-9]+(\.[0-9]+)?$/.test(text)) {
    throw new ValidationError(`expected a decimal as a string (e.g. "0.25"), got ${JSON.stringify(v)}`, path);
  }
  const [int, frac = ""] = text.replace("-", "").split(".") as [string, string?];
  const units = BigInt(int + frac) * (text.startsWith("-") ? -1n : 1n);
  return { units, scale: frac.length };
}

const rescale = (f: Fixed, scale: number): bigint => {
  if (scale >= f.scale) return f.units * 10n ** BigInt(scale - f.scale);
  const d = 10n ** BigInt(f.scale - scale);
  return roundDiv(f.units, d);
};

/** Round half away from zero. */
function roundDiv(a: bigint, b: bigint): bigint {
  const neg = (a < 0n) !== (b < 0n);
  const [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  const q = (2n * x + y) / (2n * y);
  return neg ? -q : q;
}

/** `units` x 10^-scale as decimal text. */
export function fixedText(units: bigint, scale: number): string {
  if (scale === 0) return `${units}`;
  const neg = units < 0n;
  const s = (neg ? -units : units).toString().padStart(scale + 1, "0");
  return `${neg ? "-" : ""}${s.slice(0, -scale)}.${s.slice(-scale)}`;
}

function isqrt(n: bigint): bigint {
  if (n < 2n) return n;
  let x = BigInt(Math.floor(Math.sqrt(Number(n))));
  // Newton's method from a float guess, then exact correction.
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) break;
    x = y;
  }
  while (x * x > n) x--;
  while ((x + 1n) * (x + 1n) <= n) x++;
  return x;
}

/** Every `{"dist": ...}` in a scenario document, in the document's order, validated. */
export function findDistributions(doc: Json): Distribution[] {
  const out: Distribution[] = [];
  const walk = (v: Json, path: string) => {
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}[${i}]`));
    else if (isObject(v)) {
      if ("dist" in v) out.push(parseDistribution(v, path));
      else for (const [k, x] of Object.entries(v)) walk(x, path === "" ? k : `${path}.${k}`);
    }
  };
  walk(doc, "");
  return out;
}

function parseDistribution(o: Obj, path: string): Distribution {
  const kind = o.dist as (typeof KINDS)[number];
  if (!KINDS.includes(kind)) throw new ValidationError(`unknown distribution ${JSON.stringify(o.dist)} (known: ${KINDS.join(", ")})`, `${path}.dist`);
  const known: Record<string, string[]> = {
    uniform: ["min", "max"], triangular: ["min", "mode", "max"], normal: ["mean", "sd", "min", "max"], choice: ["values", "weights"],
  };
  for (const k of Object.keys(o)) {
    if (!["dist", "decimals", "base", ...known[kind]!].includes(k)) throw new ValidationError(`unknown field of a ${kind} distribution (known: ${known[kind]!.join(", ")}, decimals, base)`, `${path}.${k}`);
  }
  const fixed = (k: string) => (o[k] === undefined ? null : parseFixed(o[k], `${path}.${k}`));
  const need = (k: string) => fixed(k) ?? (() => { throw new ValidationError(`a ${kind} distribution needs ${k}`, `${path}.${k}`); })();
  const d: Distribution = { path, kind, spec: o, decimals: 0, min: null, max: null, mode: null, mean: null, sd: null, values: [], weights: [], base: "" };
  if (kind === "choice") {
    if (!Array.isArray(o.values) || o.values.length === 0) throw new ValidationError("expected a non-empty array of values", `${path}.values`);
    d.values = o.values.map((x, i) => {
      if (typeof x === "number" && Number.isSafeInteger(x)) return `${x}`;
      if (typeof x !== "string") throw new ValidationError(`expected a value as a string, got ${JSON.stringify(x)}`, `${path}.values[${i}]`);
      return x;
    });
    const w = o.weights ?? d.values.map(() => 1);
    if (!Array.isArray(w) || w.length !== d.values.length) throw new ValidationError(`expected ${d.values.length} weights`, `${path}.weights`);
    d.weights = w.map((x, i) => {
      if (typeof x !== "number" || !Number.isSafeInteger(x) || x < 0) throw new ValidationError(`expected a non-negative integer, got ${JSON.stringify(x)}`, `${path}.weights[${i}]`);
      return BigInt(x);
    });
    if (d.weights.every((x) => x === 0n)) throw new ValidationError("the weights are all 0", `${path}.weights`);
    const base = o.base === undefined ? d.values[0]! : typeof o.base === "string" ? o.base : `${o.base as number}`;
    d.base = base;
    return d;
  }
  const params: Record<string, Fixed | null> = {};
  for (const k of known[kind]!) params[k] = kind === "normal" && (k === "min" || k === "max") ? fixed(k) : need(k);
  const baseFixed = o.base === undefined ? null : parseFixed(o.base, `${path}.base`);
  let decimals = Math.max(0, ...Object.values(params).map((f) => f?.scale ?? 0), baseFixed?.scale ?? 0);
  if (o.decimals !== undefined) {
    if (typeof o.decimals !== "number" || !Number.isSafeInteger(o.decimals) || o.decimals < 0 || o.decimals > MAX_DECIMALS) {
      throw new ValidationError(`expected an integer from 0 to ${MAX_DECIMALS}`, `${path}.decimals`);
    }
    decimals = o.decimals;
  }
  d.decimals = decimals;
  const at = (k: string) => (params[k] ? rescale(params[k]!, decimals) : null);
  d.min = at("min");
  d.max = at("max");
  d.mode = at("mode");
  d.mean = at("mean");
  d.sd = at("sd");
  if (d.min !== null && d.max !== null && d.max < d.min) throw new ValidationError("max is below min", `${path}.max`);
  if (kind === "triangular" && (d.mode! < d.min! || d.mode! > d.max!)) throw new ValidationError("mode must be within [min, max]", `${path}.mode`);
  if (kind === "normal") {
    if (d.sd! < 0n) throw new ValidationError("must not be negative", `${path}.sd`);
    if (d.min !== null && d.max !== null && (d.mean! < d.min - 4n * d.sd! || d.mean! > d.max + 4n * d.sd!)) {
      throw new ValidationError("the mean is more than 4 sd outside [min, max]: almost no sample would land in it", `${path}.mean`);
    }
  }
  let base: bigint;
  if (baseFixed !== null) base = rescale(baseFixed, decimals);
  else if (kind === "uniform") base = roundDiv(d.min! + d.max!, 2n);
  else if (kind === "triangular") base = d.mode!;
  else base = clamp(d.mean!, d.min, d.max);
  d.base = fixedText(base, decimals);
  return d;
}

const clamp = (v: bigint, lo: bigint | null, hi: bigint | null) => (lo !== null && v < lo ? lo : hi !== null && v > hi ? hi : v);

/** A run's random stream: xoshiro256** seeded by splitmix64 of (seed, run). */
export class Rng {
  private s: bigint[];
  constructor(seed: bigint, run: number) {
    let x = (seed * 0x9e3779b97f4a7c15n + BigInt(run) * 0xbf58476d1ce4e5b9n + 0x94d049bb133111ebn) & M64;
    const next = () => {
      x = (x + 0x9e3779b97f4a7c15n) & M64;
      let z = x;
      z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & M64;
      z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & M64;
      return z ^ (z >> 31n);
    };
    this.s = [next(), next(), next(), next()];
  }

  /** 64 random bits. */
  next(): bigint {
    const s = this.s;
    const rotl = (v: bigint, k: bigint) => ((v << k) | (v >> (64n - k))) & M64;
    const result = (rotl((s[1]! * 5n) & M64, 7n) * 9n) & M64;
    const t = (s[1]! << 17n) & M64;
    s[2]! ^= s[0]!;
    s[3]! ^= s[1]!;
    s[1]! ^= s[2]!;
    s[0]! ^= s[3]!;
    s[2]! ^= t;
    s[3] = rotl(s[3]!, 45n);
    return result;
  }

  /** A uniform integer in [0, n) (n > 0), by rejection: exact. */
  below(n: bigint): bigint {
    let bits = 0n;
    while ((1n << bits) < n) bits += 64n;
    const range = 1n << (bits === 0n ? 64n : bits);
    const limit = range - (range % n);
    for (;;) {
      let v = 0n;
      for (let b = 0n; b < (bits === 0n ? 64n : bits); b += 64n) v = (v << 64n) | this.next();
      if (v < limit) return v % n;
    }
  }

  /** A float in (0, 1) from 53 random bits (for the normal's deviate only). */
  open01(): number {
    return (Number(this.next() >> 11n) + 0.5) / 2 ** 53;
  }
}

/** One sample of the distribution, as decimal text. */
export function sample(d: Distribution, rng: Rng): string {
  switch (d.kind) {
    case "choice": {
      const total = d.weights.reduce((t, w) => t + w, 0n);
      let r = rng.below(total);
      for (const [i, w] of d.weights.entries()) {
        if (r < w) return d.values[i]!;
        r -= w;
      }
      return d.values[d.values.length - 1]!;
    }
    case "uniform":
      return fixedText(d.min! + rng.below(d.max! - d.min! + 1n), d.decimals);
    case "triangular": {
      // Inverse CDF on u = U / 2^64: x = a + sqrt(u (b-a)(c-a)) below the mode's share, else b - sqrt((1-u)(b-a)(b-c)).
      const [a, c, b] = [d.min!, d.mode!, d.max!];
      if (a === b) return fixedText(a, d.decimals);
      const u = rng.next();
      const two64 = 1n << 64n;
      if (u * (b - a) < (c - a) * two64) return fixedText(a + isqrt((u * (b - a) * (c - a)) / two64), d.decimals);
      return fixedText(b - isqrt(((two64 - u) * (b - a) * (b - c)) / two64), d.decimals);
    }
    case "normal": {
      for (let attempt = 0; attempt < 10_000; attempt++) {
        // Box-Muller's standard deviate, quantized to 10^-9: the only float, never a token amount.
        const z = Math.sqrt(-2 * Math.log(rng.open01())) * Math.cos(2 * Math.PI * rng.open01());
        const zq = BigInt(Math.round(z * 1e9));
        const x = d.mean! + roundDiv(d.sd! * zq, 1_000_000_000n);
        if ((d.min === null || x >= d.min) && (d.max === null || x <= d.max)) return fixedText(x, d.decimals);
      }
      throw new ValidationError("no sample within [min, max] in 10,000 draws", d.path);
    }
  }
}

/** The low and high ends the sensitivity moves an input to: min/max; a normal's mean -/+ sd (within its bounds); a choice's first and last values. */
export function range(d: Distribution): [string, string] {
  if (d.kind === "choice") return [d.values[0]!, d.values[d.values.length - 1]!];
  if (d.kind === "normal") return [fixedText(clamp(d.mean! - d.sd!, d.min, d.max), d.decimals), fixedText(clamp(d.mean! + d.sd!, d.min, d.max), d.decimals)];
  return [fixedText(d.min!, d.decimals), fixedText(d.max!, d.decimals)];
}

/** The document with each distribution replaced by a value (path -> decimal text). */
export function withValues(doc: Json, values: Map<string, string>): Json {
  const walk = (v: Json, path: string): Json => {
    if (Array.isArray(v)) return v.map((x, i) => walk(x, `${path}[${i}]`));
    if (isObject(v)) {
      if ("dist" in v) {
        const got = values.get(path);
        if (got === undefined) throw new ValidationError("no value for this distribution", path);
        return got;
      }
      const out: Obj = {};
      for (const [k, x] of Object.entries(v)) out[k] = walk(x, path === "" ? k : `${path}.${k}`);
      return out;
    }
    return v;
  };
  return walk(doc, "");
}

/** Run i's sampled inputs (path -> value, in the document's order), from (seed, i) alone. */
export function sampleRun(dists: Distribution[], seed: bigint, run: number): Map<string, string> {
  const rng = new Rng(seed, run);
  return new Map(dists.map((d) => [d.path, sample(d, rng)]));
}

/** Every input at its base value. */
export function baseValues(dists: Distribution[]): Map<string, string> {
  return new Map(dists.map((d) => [d.path, d.base]));
}
