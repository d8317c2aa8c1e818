// `npm test`'s runner: every suite file uvu finds (dir, pattern), one after the other. uvu's own
// runner imports every file before it runs any test, so each suite's top-level setup (servers,
// whole CometBFT networks) would run for the whole run, all at once, on a 2-core machine; here a
// suite is imported, its tests run and its `after` hooks close what it opened, then the next one
// starts. The summary is uvu's (Total, Passed, Skipped, Duration: what .ci/run reads), then the
// run's wall time and load. A client library may keep a socket or timer alive past its disconnect
// (CosmJS's websocket client after a subscription): what is still open at the end is named on
// stderr, so a leak is seen, not hidden, and the process exits anyway.

import os from "node:os";
import { parse } from "uvu/parse";

type Runner = () => Promise<[errors: string, ran: number, skipped: number, total: number]>;
const queue = ((globalThis as { UVU_QUEUE?: (string | Runner)[][] }).UVU_QUEUE ??= []);
(globalThis as { UVU_DEFER?: number }).UVU_DEFER = 1;
await import("uvu"); // after UVU_DEFER: suites queue their tests instead of running them at once

const started = performance.now();
const [dir = "test", pattern = "\\.test\\.ts$"] = process.argv.slice(2);
process.env.FORCE_COLOR ??= "1";
const ctx = await parse(dir, pattern, { cwd: process.cwd() });
const write = (text: string) => process.stdout.write(text);
const bold = (text: string) => (process.env.FORCE_COLOR === "0" ? text : `\x1b[1m\x1b[4m${text}\x1b[22m\x1b[24m`);

let total = 0;
let passed = 0;
let skipped = 0;
let failed = false;
for (const [index, suite] of ctx.suites.entries()) {
  (globalThis as { UVU_INDEX?: number }).UVU_INDEX = index;
  queue[index] = [suite.name];
  write(`${bold(suite.name)}\n`);
  const suiteStarted = performance.now();
  await import(`file://${suite.file}`);
  for (const run of queue[index]!.slice(1) as Runner[]) {
    const [errors, ran, skip, max] = await run();
    total += max;
    passed += ran;
    skipped += skip;
    if (errors.length > 0) {
      failed = true;
      write(`\n${errors}\n`);
    }
  }
  queue[index] = []; // the suite's runners and what they hold go with it
  write(` (${((performance.now() - suiteStarted) / 1000).toFixed(1)} s)\n`);
}

const seconds = (performance.now() - started) / 1000;
write(`\n  Total:     ${total}\n  Passed:    ${passed}\n  Skipped:   ${skipped}\n  Duration:  ${seconds.toFixed(2)}s\n\n`);
write(`test/run: ${ctx.suites.length} suites in ${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s (load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")})\n`);
const open = process.getActiveResourcesInfo().filter((r) => r !== "PipeWrap" && r !== "TTYWrap");
if (open.length > 0) process.stderr.write(`test/run: still open after the last test: ${open.join(", ")}\n`);
process.exit(failed ? 1 : (process.exitCode ?? 0));
