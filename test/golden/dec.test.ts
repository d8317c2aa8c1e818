// Every dec.json case with non-negative operands, through the core.
// In range (max_bits <= 128): the result text, or the error message, exactly as the reference.
// Beyond 128 bits: the core's overflow error. A negative exact result: the underflow error.

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { core } from "../helpers/core.js";
import { CoreError } from "../../host/core/errors.js";
import { readVectors } from "./vectors.js";

interface DecCase {
  op: string;
  a: string;
  b?: string;
  n?: string;
  result?: string;
  error?: string;
  iterations?: string;
  max_bits: string;
}

const file = readVectors<{ cases: DecCase[] }>("dec.json");
const d = core.dec;

// Operations whose result is an integer rather than a Dec.
const INT_RESULT = new Set(["truncateInt", "roundInt", "truncateInt64", "roundInt64"]);

type Outcome = { value: string } | { error: CoreError };

function run(c: DecCase): Outcome {
  try {
    if (c.op === "fromStr") return { value: d.format(d.parse(c.a)) };
    const a = d.parse(c.a);
    const dec = () => d.parse(c.b!);
    const int = () => {
      const v = BigInt(c.b!);
      core.writeU128(core.slot(15), v); // range check: throws OVERFLOW beyond 128 bits
      return v;
    };
    const n = () => BigInt(c.n!);
    let v: bigint;
    switch (c.op) {
      case "add": v = d.add(a, dec()); break;
      case "sub": v = d.sub(a, dec()); break;
      case "mul": v = d.mul(a, dec()); break;
      case "mulTruncate": v = d.mulTruncate(a, dec()); break;
      case "mulRoundUp": v = d.mulRoundUp(a, dec()); break;
      case "quo": v = d.quo(a, dec()); break;
      case "quoTruncate": v = d.quoTruncate(a, dec()); break;
      case "quoRoundUp": v = d.quoRoundUp(a, dec()); break;
      case "mulInt": v = d.mulInt(a, int()); break;
      case "quoInt": v = d.quoInt(a, int()); break;
      case "mulInt64": v = d.mulInt64(a, n()); break;
      case "quoInt64": v = d.quoInt64(a, n()); break;
      case "power": v = d.power(a, n()); break;
      case "approxRoot": v = d.approxRoot(a, n()); break;
      case "truncateInt": v = d.truncateInt(a); break;
      case "roundInt": v = d.roundInt(a); break;
      case "truncateInt64": v = d.truncateInt64(a); break;
      case "roundInt64": v = d.roundInt64(a); break;
      case "truncateDec": v = d.truncateDec(a); break;
      case "ceil": v = d.ceil(a); break;
      default: throw new Error(`unknown op ${c.op}`);
    }
    return { value: INT_RESULT.has(c.op) ? v.toString() : d.format(v) };
  } catch (e) {
    if (e instanceof CoreError) return { error: e };
    throw e;
  }
}

const negative = (s: string | undefined) => s !== undefined && s.startsWith("-");

/** In scope: non-negative Dec operands (fromStr takes any text; n may be negative). */
function inScope(c: DecCase): boolean {
  if (c.op === "fromStr") return true;
  return !negative(c.a) && !negative(c.b);
}

const U128_BITS = 128;

/** What the core must give for a case in scope: a value text, or an error name or message. */
function expectation(c: DecCase): { value: string } | { code: string } | { message: string } {
  if (c.op === "fromStr") {
    if (c.error !== undefined) return { message: c.error };
    // Magnitude first, then sign: the reference's parser checks its range before negating.
    const raw = BigInt(c.result!.replace(".", "").replace(/^-/, ""));
    if (raw >= 1n << BigInt(U128_BITS)) return { code: "OVERFLOW" };
    if (negative(c.result)) return { code: "UNDERFLOW" };
    return { value: c.result! };
  }
  if (Number(c.max_bits) > U128_BITS) return { code: "OVERFLOW" };
  if (c.error !== undefined) return { message: c.error };
  if (negative(c.result)) return { code: "UNDERFLOW" };
  return { value: c.result! };
}

function check(c: DecCase): string | undefined {
  const want = expectation(c);
  const got = run(c);
  const show = (o: Outcome) => ("value" in o ? o.value : `${o.error.codeName}: ${o.error.message}`);
  if ("value" in want) {
    if (!("value" in got) || got.value !== want.value) return `want ${want.value}, got ${show(got)}`;
    if (c.op === "approxRoot" && c.iterations !== undefined) {
      const it = String(d.rootIterations());
      if (it !== c.iterations) return `iterations: want ${c.iterations}, got ${it}`;
    }
    return undefined;
  }
  if (!("error" in got)) return `want error ${JSON.stringify(want)}, got ${got.value}`;
  if ("code" in want && got.error.codeName !== want.code) return `want ${want.code}, got ${show(got)}`;
  if ("message" in want && got.error.message !== want.message) {
    return `want error "${want.message}", got ${show(got)}`;
  }
  return undefined;
}

const Dec = suite("golden dec.json");

if (file) {
  const byOp = new Map<string, DecCase[]>();
  for (const c of file.cases) {
    if (!byOp.has(c.op)) byOp.set(c.op, []);
    byOp.get(c.op)!.push(c);
  }
  let inScopeTotal = 0;
  for (const [op, cases] of byOp) {
    const scoped = cases.filter(inScope);
    inScopeTotal += scoped.length;
    Dec(`${op}: ${scoped.length} of ${cases.length} cases in scope, all as the reference`, () => {
      const failures = scoped
        .map((c) => [c, check(c)] as const)
        .filter(([, f]) => f !== undefined)
        .map(([c, f]) => `${c.op}(${c.a}${c.b !== undefined ? ", " + c.b : ""}${c.n !== undefined ? ", n=" + c.n : ""}): ${f}`);
      assert.equal(failures, [], failures.slice(0, 10).join("\n"));
    });
  }
  Dec("most cases are in scope (guards against a filter that drops everything)", () => {
    assert.ok(inScopeTotal * 2 > file.cases.length, `${inScopeTotal} of ${file.cases.length}`);
  });
}

Dec.run();
