// `node --import tsx bench/rss-profile.ts [--rounds N] [--seconds S] [--fast] [--node-arg X] [--arg X] [--hold MS]`:
// this node as `npm run bench -- chain-maind` runs it (host/main.ts in its own process, real clock, 1 s
// blocks, or --on-demand-blocks with --fast) under that bench's load alone (no chain-maind needed): a
// warm-up round of 1,000 sends, then rounds of 16-connection queries over the 3 paths for S s (not
// with --fast) and 1,000 sends; its RSS sampled every 50 ms over the load (mean, median, max), after
// each round and after the load (anonymous / file-backed), and its CPU. --hold MS: RSS again MS later.
// (docs/performance.md, "Against chain-maind": the node's RSS after the load, by part.)
import { writeFileSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import * as m from "./chain-maind.js";
import * as l from "./load.js";
import * as g from "../host/app/genesis.js";
const argv = process.argv.slice(2);
const opt = (name: string) => { const i = argv.indexOf(name); return i >= 0 ? argv[i + 1] : undefined; };
const many = (name: string) => argv.flatMap((a, i) => (a === name ? [argv[i + 1]!] : []));
const rounds = Number(opt("--rounds") ?? 3), seconds = Number(opt("--seconds") ?? 10), hold = Number(opt("--hold") ?? 0);
const fast = argv.includes("--fast");
const rss = (pid: number) => { const s = readFileSync(`/proc/${pid}/status`, "utf8"); const f = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)![1]) / 1024; return { rss: f("VmRSS"), anon: f("RssAnon"), file: f("RssFile") }; };
const cpu = (pid: number) => { const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" "); return (Number(f[11]) + Number(f[12])) * 10; };
const dir = await mkdtemp(join(tmpdir(), "rssh-"));
const genesis = m.referenceGenesis();
const genesisFile = join(dir, "genesis.json");
writeFileSync(genesisFile, JSON.stringify(genesis));
const { child, url, rpc } = await l.startChild(join(dir, "node.db"), "1s", (x: string) => { if (!/ INFO /.test(x)) console.error(x); }, {
  args: ["--genesis", genesisFile, ...(fast ? ["--on-demand-blocks"] : []), ...many("--arg")], nodeArgs: many("--node-arg"),
});
const pid = child.pid!;
const t: m.Target = { name: "node", rest: url, rpc, pid: () => pid };
const addr = g.devAddress(2);
const paths = [`/cosmos/bank/v1beta1/balances/${addr}`, `/cosmos/auth/v1beta1/accounts/${addr}`, "/cosmos/staking/v1beta1/validators"];
const line: string[] = [];
const samples: number[] = [];
const sampler = setInterval(() => { try { samples.push(rss(pid).rss); } catch {} }, 50);
const stat = (xs: number[]) => { const a = [...xs].sort((x, y) => x - y); return `mean ${(a.reduce((x, y) => x + y, 0) / a.length).toFixed(0)} p50 ${a[a.length >> 1]!.toFixed(0)} max ${a[a.length - 1]!.toFixed(0)}`; };
try {
  console.log(`started: ${JSON.stringify(rss(pid))}`);
  await m.txRound(t, await m.signRound(t, genesis.chain_id));
  console.log(`warm-up: ${JSON.stringify(rss(pid))}`);
  for (let r = 0; r < rounds; r++) {
    let q = NaN;
    if (!fast) {
      const c0 = cpu(pid);
      const a = await autocannon({ url, connections: 16, duration: seconds, requests: paths.map((path) => ({ method: "GET", path })) });
      q = a.requests.total / seconds;
      line.push(`q ${q.toFixed(0)} req/s ${((cpu(pid) - c0) * 1000 / a.requests.total).toFixed(1)} µs CPU/req`);
    }
    const x = await m.txRound(t, await m.signRound(t, genesis.chain_id), { alignToBlock: !fast });
    line.push(`tx acc ${x.accepted.toFixed(0)} com ${x.committed.toFixed(0)} ${(x.cpuMsPerTx * 1000).toFixed(0)} µs/tx`);
    console.log(`round ${r + 1}: ${line.slice(-2).join("; ")}; ${JSON.stringify(rss(pid))}`);
  }
  const after = rss(pid);
  clearInterval(sampler);
  console.log(`SAMPLES over the load (${samples.length}): ${stat(samples)}; node CPU ${cpu(pid)} ms`);
  process.kill(pid, "SIGUSR2");
  console.log(`AFTER ${JSON.stringify(after)}`);
  if (hold) { await new Promise((r) => setTimeout(r, hold)); console.log(`after ${hold} ms: ${JSON.stringify(rss(pid))}`); }
} finally {
  child.kill("SIGTERM");
  await new Promise((r) => (child.exitCode !== null ? r(undefined) : child.once("exit", r)));
  await rm(dir, { recursive: true, force: true });
}
