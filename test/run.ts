// `npm test`'s runner: uvu's own (dir, pattern) over every suite, then an exit with uvu's code.
// uvu returns when its last test ends but leaves the process to exit by itself, and a client
// library may keep a socket or timer alive past its disconnect (CosmJS's websocket client after
// a subscription): the suite would then never end under CI. What is still open is named on
// stderr, so a leak is seen, not hidden.

import os from "node:os";
import { parse } from "uvu/parse";

const started = performance.now();
const [dir = "test", pattern = "\\.test\\.ts$"] = process.argv.slice(2);
process.env.FORCE_COLOR ??= "1";
const ctx = await parse(dir, pattern, { cwd: process.cwd() });
const { run } = (await import("uvu/run")) as { run: (suites: unknown, opts: object) => Promise<void> };
await run(ctx.suites, {});
const seconds = (performance.now() - started) / 1000;
process.stdout.write(`test/run: ${ctx.suites.length} suites in ${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s (load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")})\n`);
const open = process.getActiveResourcesInfo().filter((r) => r !== "PipeWrap" && r !== "TTYWrap");
if (open.length > 0) process.stderr.write(`test/run: still open after the last test: ${open.join(", ")}\n`);
process.exit(process.exitCode ?? 0);
