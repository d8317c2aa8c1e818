// `npm run test:hostile [-- --seed N --only a,b --quick]`: every hostile class at full size
// (≥ 10,000 requests) against a node and a control node in lockstep, then the socket classes;
// prints requests by class and status, and exits 1 if any answer, state hash or check failed.

import { parseArgs } from "node:util";
import { DEFAULT_SEED, passed, runLockstep, runSocket, type ClassReport } from "./run.js";

const HELP = `Usage: npm run test:hostile -- [--seed N] [--only CLASS,...] [--quick]

Sends every hostile class (≥ 10,000 requests: broken and deep JSON, huge bodies, wrong types, bad
amounts, unknown messages, bad bech32, forged and replayed signatures, wrong chain ids, other
owners' positions, path injection, huge pagination, unicode memos, bad fees, ...) to a node in
lockstep with a control node, then the socket classes to a node on a real port. Prints requests
by class and status; exit 0 when every answer was a clean refusal and the state hashes stayed
equal, 1 otherwise, 2 on a bad flag.

  --seed N           the generator's seed (default ${DEFAULT_SEED})
  --only A,B         run only these classes
  --quick            the small variant npm test runs
  -h, --help         this text`;

let parsed;
try {
  parsed = parseArgs({
    options: {
      seed: { type: "string" },
      only: { type: "string" },
      quick: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
} catch (e) {
  console.error(`error: ${(e as Error).message}`);
  process.exit(2);
}
const { values } = parsed;
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
const seed = values.seed === undefined ? DEFAULT_SEED : Number(values.seed);
if (!Number.isInteger(seed) || seed < 0 || seed > 0xffff_ffff) {
  console.error(`error: --seed ${JSON.stringify(values.seed)}: an integer from 0 to 4294967295`);
  process.exit(2);
}
const only = values.only?.split(",").map((s) => s.trim()).filter((s) => s !== "");
const mode = values.quick ? "quick" : "full";

const crashes: string[] = [];
process.on("uncaughtException", (e) => crashes.push(`uncaught exception: ${e.stack ?? e}`));
process.on("unhandledRejection", (e) => crashes.push(`unhandled rejection: ${(e as Error)?.stack ?? e}`));

const started = performance.now();
const log = (line: string) => console.log(line);
console.log(`hostile requests, seed ${seed} (0x${seed.toString(16)}), ${mode}`);
console.log("lockstep: node under test and control node (in process, simulated clocks, same genesis)");
const reports: ClassReport[] = [...(await runLockstep({ seed, mode, only, log }))];
console.log("socket: a node from host/main.ts startNode on port 0");
reports.push(...(await runSocket({ seed, mode, only, log })));

const total = reports.reduce((t, r) => t + r.requests, 0);
const byStatus: Record<string, number> = {};
for (const r of reports) for (const [k, v] of Object.entries(r.byStatus)) byStatus[k] = (byStatus[k] ?? 0) + v;
console.log("");
console.log(`total ${total} requests in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
  Object.entries(byStatus).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k}: ${v}`).join(", "));
const lockstep = reports.filter((r) => r.hashEqual !== undefined);
console.log(`state hash equal to the control's after ${lockstep.filter((r) => r.hashEqual).length} of ${lockstep.length} lockstep classes`);
const failed = reports.filter((r) => !passed(r));
for (const r of failed) {
  console.log(`FAILED ${r.name}: ${r.failureCount} of ${r.requests} answers${r.hashEqual === false ? ", state hash differs" : ""}${r.after.length ? `; ${r.after.join("; ")}` : ""}`);
  for (const f of r.failures) console.log(`  - ${f.note}: ${f.path}: ${f.label}: ${f.why}`);
}
for (const c of crashes) console.log(`CRASH ${c}`);
console.log(failed.length === 0 && crashes.length === 0 ? "hostile: PASS" : `hostile: FAIL (${failed.map((r) => r.name).join(", ")})`);
process.exitCode = failed.length === 0 && crashes.length === 0 ? 0 : 1;
