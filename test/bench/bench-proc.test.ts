// bench/proc.ts: the benches' one reader of /proc (a process's CPU time, by thread, its status
// values): this process's own readings, and NaN or nothing for a process that is not there.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { processCpuMs, statusValue, threadCpuMs } from "../../bench/proc.js";

const linux = process.platform === "linux";
const GONE = 2 ** 22 + 1; // above Linux's pid_max ceiling: never a process

test("a process's CPU time grows with work; by thread, the main thread's key and a sum no larger", () => {
  if (!linux) return;
  const a = processCpuMs(process.pid);
  let x = 0;
  const until = performance.now() + 60;
  while (performance.now() < until) x += Math.sqrt(x + 1);
  const b = processCpuMs(process.pid);
  assert.ok(b > a, `${a} -> ${b} (${x > 0})`);
  const byThread = threadCpuMs(process.pid, (_name, _tid, isMain) => (isMain ? "main" : "other"));
  assert.ok((byThread.get("main") ?? 0) > 0);
  assert.ok([...byThread.values()].reduce((t, v) => t + v, 0) <= processCpuMs(process.pid) + 10);
  const byTid = threadCpuMs(process.pid, (name, tid) => `${name}/${tid}`);
  assert.ok([...byTid.keys()].some((k) => k.endsWith(`/${process.pid}`)), "the main thread by its tid");
});

test("status values: VmRSS in kB, Threads a count", () => {
  if (!linux) return;
  const rssKb = statusValue(process.pid, "VmRSS");
  assert.ok(rssKb * 1024 >= process.memoryUsage().heapUsed / 2, `${rssKb} kB`);
  assert.ok(statusValue(process.pid, "Threads") >= 1);
  assert.ok(Number.isNaN(statusValue(process.pid, "NoSuchField")));
});

test("a process that is not there: NaN, nothing", () => {
  assert.ok(Number.isNaN(processCpuMs(GONE)));
  assert.ok(Number.isNaN(processCpuMs(undefined)));
  assert.ok(Number.isNaN(statusValue(GONE, "VmRSS")));
  assert.is(threadCpuMs(GONE, (n) => n).size, 0);
});

test.run();
