// `node --import tsx bench/cpuprofile-summary.ts FILE.cpuprofile [N]`: a V8 CPU profile by self time
// (function + file:line) and by subtree (total time of each function, counted once per stack).
import { readFileSync } from "node:fs";

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] }
const [file, nArg] = process.argv.slice(2);
const p = JSON.parse(readFileSync(file!, "utf8")) as { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };
const top = Number(nArg ?? 40);
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
// FROM=name: count only the samples from the first one whose stack holds a function of that name
// (e.g. FROM=flush: from the first broadcast on, the node's start left out).
const inStack = (id: number, name: string) => {
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) if (byId.get(cur)!.callFrame.functionName === name) return true;
  return false;
};
let from = 0;
if (process.env.FROM) while (from < p.samples.length && !inStack(p.samples[from]!, process.env.FROM)) from++;
const us = new Map<number, number>();
for (let i = from; i < p.samples.length; i++) us.set(p.samples[i]!, (us.get(p.samples[i]!) ?? 0) + (p.timeDeltas[i + 1] ?? 0));
const label = (n: Node) => {
  const u = n.callFrame.url.replace(/^.*\/(node_modules\/|host\/|bench\/|assembly\/)/, "$1");
  return `${n.callFrame.functionName || "(anon)"} ${u}:${n.callFrame.lineNumber + 1}`;
};
const total = [...us.values()].reduce((a, b) => a + b, 0);
const self = new Map<string, number>();
const sub = new Map<string, number>();
for (const [id, t] of us) {
  const n = byId.get(id)!;
  self.set(label(n), (self.get(label(n)) ?? 0) + t);
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const l = label(byId.get(cur)!);
    if (seen.has(l)) continue;
    seen.add(l);
    sub.set(l, (sub.get(l) ?? 0) + t);
  }
}
const idle = self.get("(idle) :0") ?? 0;
const busy = total - idle;
console.log(`total ${(total / 1e6).toFixed(2)} s, idle ${(idle / 1e6).toFixed(2)} s, busy ${(busy / 1e6).toFixed(2)} s (percentages of busy)`);
const show = (title: string, m: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [l, t] of [...m].filter(([l]) => l !== "(idle) :0" && l !== "(root) :0").sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${((100 * t) / busy).toFixed(1).padStart(5)}%  ${(t / 1000).toFixed(0).padStart(7)} ms  ${l}`);
};
show("self", self);
show("subtree", sub);

// CALLERS=name: the stacks (leaf first, 6 frames) that reach a function of that name, by time.
if (process.env.CALLERS) {
  const stacks = new Map<string, number>();
  for (const [id, t] of us) {
    const chain: string[] = [];
    let hit = false;
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const n = byId.get(cur)!;
      if (!hit && n.callFrame.functionName === process.env.CALLERS) hit = true;
      if (hit) chain.push(label(n));
      if (chain.length >= 8) break;
    }
    if (hit) stacks.set(chain.join(" < "), (stacks.get(chain.join(" < ")) ?? 0) + t);
  }
  console.log(`\ncallers of ${process.env.CALLERS}`);
  for (const [s, t] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`${(t / 1000).toFixed(0).padStart(6)} ms  ${s}`);
}

// Buckets: each sample in the first bucket one of its frames falls in (a stack read root first).
{
  const rules: [string, (n: Node) => boolean][] = [
    ["block (produceWithMempool)", (n) => n.callFrame.functionName === "produceWithMempool"],
    ["sig workers' hand-off (startVerifying)", (n) => n.callFrame.functionName === "startVerifying"],
    ["CheckTx (app checkTx)", (n) => n.callFrame.functionName === "checkTx" && n.callFrame.url.endsWith("host/app/application.ts")],
    ["RPC through Hono (the bench's status/block polls)", (n) => /node_modules\/(@hono|hono)\//.test(n.callFrame.url)],
    ["broadcast fast path (HTTP, JSON, answer)", (n) => n.callFrame.url.endsWith("host/server/tx-fast.ts")],
    ["garbage collector", (n) => n.callFrame.functionName === "(garbage collector)"],
  ];
  const buckets = new Map<string, number>();
  for (const [id, t] of us) {
    const chain: Node[] = [];
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) chain.unshift(byId.get(cur)!);
    if (chain[chain.length - 1]!.callFrame.functionName === "(idle)") continue;
    let name = "other";
    outer: for (const [b, match] of rules) for (const n of chain) if (match(n)) { name = b; break outer; }
    buckets.set(name, (buckets.get(name) ?? 0) + t);
  }
  console.log("\nbuckets (first matching rule, root first)");
  for (const [b, t] of [...buckets].sort((x, y) => y[1] - x[1])) console.log(`${((100 * t) / busy).toFixed(1).padStart(5)}%  ${(t / 1000).toFixed(0).padStart(7)} ms  ${b}`);
}

// UNDER=name: self time of the functions under a function of that name.
if (process.env.UNDER) {
  const m = new Map<string, number>();
  let all = 0;
  for (const [id, t] of us) {
    if (!inStack(id, process.env.UNDER)) continue;
    all += t;
    const l = label(byId.get(id)!);
    m.set(l, (m.get(l) ?? 0) + t);
  }
  console.log(`\nunder ${process.env.UNDER}: ${(all / 1000).toFixed(0)} ms`);
  for (const [l, t] of [...m].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${(t / 1000).toFixed(0).padStart(6)} ms  ${l}`);
}
