// The benches' readings of a process from Linux's /proc: CPU time (the whole process, or by
// thread) and memory (/proc/PID/status). Elsewhere, or once the process is gone, NaN or empty.

import { readdirSync, readFileSync } from "node:fs";

/** utime + stime of a /proc `stat` line, ms (clock ticks of USER_HZ 100). */
function statCpuMs(stat: string): number {
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
}

/** A process's CPU time so far (user + system, all threads), ms; NaN without /proc or the process. */
export function processCpuMs(pid: number | undefined): number {
  try {
    return statCpuMs(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return NaN;
  }
}

/**
 * Each thread's CPU time so far (user + system), ms, keyed by `key(name, tid, isMain)` (threads with
 * one key summed); empty without /proc or the process, a thread that ended meanwhile left out.
 */
export function threadCpuMs(pid: number, key: (name: string, tid: string, isMain: boolean) => string): Map<string, number> {
  const out = new Map<string, number>();
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const tid of tids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
    } catch {
      continue;
    }
    const k = key(stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")), tid, tid === `${pid}`);
    out.set(k, (out.get(k) ?? 0) + statCpuMs(stat));
  }
  return out;
}

/** A /proc/PID/status value in kB (VmRSS, RssAnon, RssFile, …) or its count (Threads); NaN without it. */
export function statusValue(pid: number | undefined, field: string): number {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return NaN;
  }
  return Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(text)?.[1] ?? NaN);
}
