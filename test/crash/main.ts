// `npm run test:crash [-- --kills N --seed S --block-time D]`: the full crash suite (test/crash/driver.ts):
// 150 SIGKILLs of a node under a continuous load of signed txs: 100 at random instants (during
// load or startup) and 50 inside a block's SQLite commit; prints the summary; exit code 0 when
// nothing was lost and replay matched every state hash, 1 otherwise.

import { parseArgs } from "node:util";
import { formatSummary, runCrash } from "./driver.js";

const HELP = `Usage: npm run test:crash -- [--kills N] [--seed S] [--block-time D]

SIGKILLs a node (real clock, its own temporary database) N times under a continuous load of
signed txs: a third of the kills inside a block's SQLite commit, the rest at random instants of
load or startup. After every restart it checks that no committed tx was lost or changed and the
height never went back; at the end replay must match every state hash. Exit 0 when nothing was
lost, 1 otherwise, 2 on a bad flag.

  --kills N          how many kills (default 150)
  --seed S           the fixed seed of the kill instants and the tx mix (default 20261123)
  --block-time D     the node's block time (default 200ms)
  -h, --help         this text`;

let parsed;
try {
  parsed = parseArgs({
    options: {
      kills: { type: "string", default: "150" },
      seed: { type: "string", default: "20261123" },
      "block-time": { type: "string", default: "200ms" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
} catch (e) {
  process.stderr.write(`error: ${(e as Error).message}\n`);
  process.exit(2);
}
const { values } = parsed;
if (values.help) {
  process.stdout.write(`${HELP}\n`);
  process.exit(0);
}
if (!/^[0-9]+$/.test(values.kills) || !/^[0-9]+$/.test(values.seed)) {
  process.stderr.write("error: --kills and --seed take non-negative integers\n");
  process.exit(2);
}
const kills = Number(values.kills);
// Interrupted: exit, so that the driver's exit handler kills the node and removes its directory.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(130));
const summary = await runCrash({
  kills,
  seed: BigInt(values.seed),
  blockTime: values["block-time"],
  log: (line) => process.stderr.write(`${line}\n`),
});
process.stdout.write(`crash suite (seed ${values.seed}, block time ${values["block-time"]}):\n${formatSummary(summary)}\n`);
const ok = summary.violations.length === 0 && summary.lost === 0 && summary.kills >= kills && summary.replay !== "";
process.exitCode = ok ? 0 : 1;
