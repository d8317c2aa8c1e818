// How the hostile runs (test/hostile/run.ts) judge and report: one answer judged acceptable or not,
// a class's report and its summary line, whether it passed, the runs' options and seeds, and a
// promise bounded in time.

import type { HostileRequest } from "./context.js";

export const DEFAULT_SEED = 0x5eed_0a10;

export interface Outcome {
  /** "400", "413", "200 sdk/4", "hang", "crash", "500", ... */
  label: string;
  /** Why it is not an acceptable answer, if it is not. */
  failure?: string;
  /**
   * A tx accepted at CheckTx whose fault only its message's server sees (the SDK v0.53 checks a
   * message's fields in its server, in the block, not in CheckTx): its hash, to be judged by its
   * block's result (it must fail there, past the ante handler).
   */
  acceptedHash?: string;
}

export interface ClassReport {
  name: string;
  requests: number;
  byStatus: Record<string, number>;
  failures: { note: string; path: string; label: string; why: string }[];
  failureCount: number;
  /** Lockstep classes: the state hashes after the class's blocks, and whether they match. */
  nodeHash?: string;
  controlHash?: string;
  hashEqual?: boolean;
  /** What else went wrong after the class (the legitimate tx refused, a tx left in the mempool, a halt). */
  after: string[];
  /** The executed message types its requests carried (proto.ts sentTypes). */
  types?: string[];
  ms: number;
}

const TX_ROUTES = new Set(["/txs", "/cosmos/tx/v1beta1/txs"]);

/**
 * Judges one answer: a 4xx with the gateway's error body, 501 Unimplemented (code 12) for a path
 * or method the gateway does not route, (tx routes) 200 with a non-zero tx code, or (a GET) the
 * chain's 500 Unknown (code 2) for a codec's or module's error passed through (decisions.md 6).
 */
export function judge(req: HostileRequest, status: number, text: string, contentType: string | null, deferred = false): Outcome {
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if ((status >= 400 && status < 500) || (status === 501 && json?.code === 12) || (status === 500 && req.method === "GET" && json?.code === 2)) {
    const label = `${status}`;
    const isJson = contentType?.includes("application/json") ?? false;
    const ok = isJson && json !== null && typeof json === "object" && typeof json.code === "number" && json.code !== 0 &&
      typeof json.message === "string" && Array.isArray(json.details);
    if (!ok) return { label, failure: `not a gateway error body: ${text.slice(0, 120)}` };
    if (req.expect === "413" && status !== 413) return { label, failure: `expected 413, got ${status}: ${json.message.slice(0, 120)}` };
    if (req.code !== undefined) return { label, failure: `expected the chain's ${req.code}, got HTTP ${status}: ${json.message.slice(0, 120)}` };
    return { label };
  }
  if (status === 200 && req.method === "POST" && TX_ROUTES.has(req.path)) {
    const r = json?.tx_response;
    if (!r || typeof r.code !== "number") return { label: "200", failure: `no tx_response: ${text.slice(0, 120)}` };
    const label = `200 ${r.codespace || "?"}/${r.code}`;
    if (r.code === 0) {
      return deferred ? { label: "200 accepted, to fail in its block", acceptedHash: r.txhash } : { label: "200 accepted", failure: `accepted (code 0, tx ${r.txhash})` };
    }
    if (req.expect === "413") return { label, failure: `expected 413, got 200 ${r.codespace}/${r.code}: ${String(r.raw_log).slice(0, 100)}` };
    if (req.code !== undefined && `${r.codespace}/${r.code}` !== req.code) return { label, failure: `expected the chain's ${req.code} at CheckTx or in its block, got ${r.codespace}/${r.code} at CheckTx: ${String(r.raw_log).slice(0, 200)}` };
    return { label };
  }
  // A path whose dot segments resolve to `/` (`/dev/..`) is the dashboard's, as any URL parser reads it.
  if (status === 200 && req.method === "GET" && resolvesToRoot(req.path) && (contentType?.includes("text/html") ?? false)) {
    return { label: "200 dashboard" };
  }
  return { label: `${status}`, failure: `HTTP ${status}: ${text.slice(0, 160)}` };
}

function resolvesToRoot(path: string): boolean {
  try {
    return new URL(path, "http://node.invalid").pathname === "/";
  } catch {
    return false;
  }
}

/** Resolves with the promise's value, or "timeout" after ms. */
export async function bounded<T>(p: Promise<T>, ms: number): Promise<T | "timeout"> {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), ms);
  });
  try {
    return await Promise.race([p, t]);
  } finally {
    clearTimeout(timer);
  }
}

export interface RunOptions {
  seed?: number;
  mode: "quick" | "full";
  /** Class names not to run (the quick variant's pending ones). */
  exclude?: readonly string[];
  /** Only these classes (all when omitted). */
  only?: readonly string[];
  /** Bound on one request, ms. */
  timeoutMs?: number;
  log?: (line: string) => void;
}

/** A per-class seed: one class's requests do not depend on which other classes run. */
export function classSeed(seed: number, name: string): number {
  let h = seed >>> 0;
  for (const ch of name) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}

export const failureSample = 5;

export function summaryLine(r: ClassReport): string {
  const statuses = Object.entries(r.byStatus).sort((x, y) => y[1] - x[1]).map(([k, v]) => `${k}: ${v}`).join(", ");
  const hash = r.hashEqual === undefined ? "" : r.hashEqual ? "; state hash = control's" : `; STATE HASH DIFFERS (${r.nodeHash?.slice(0, 12)} vs ${r.controlHash?.slice(0, 12)})`;
  const bad = r.failureCount > 0 ? `; ${r.failureCount} FAILED` : "";
  return `${r.name.padEnd(20)} ${String(r.requests).padStart(5)} requests (${(r.ms / 1000).toFixed(1)} s) ${statuses}${hash}${bad}${r.after.length ? `; ${r.after.join("; ")}` : ""}`;
}

/** Whether a class report passed: every answer acceptable, state hash equal, nothing after. */
export const passed = (r: ClassReport) => r.failureCount === 0 && r.hashEqual !== false && r.after.length === 0;
