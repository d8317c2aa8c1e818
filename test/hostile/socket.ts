// The hostile socket run (test/hostile/run.ts re-exports it): a node started with host/main.ts
// startNode on port 0, for what only a real client shows: bodies streamed past the limit, lying
// Content-Length headers, raw request paths and requests the HTTP parser itself refuses.

import { connect } from "node:net";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { loadCore } from "../../host/core/core.js";
import { startNode } from "../../host/main.js";
import { wasm } from "../helpers/node.js";
import { BODY_LIMIT } from "./context.js";
import {
  DEFAULT_SEED, bounded, classSeed, failureSample, judge, summaryLine, type ClassReport, type Outcome, type RunOptions,
} from "./judge.js";
import { Prng } from "./prng.js";

interface SocketAnswer {
  status: number;
  text: string;
  contentType: string | null;
  /** Bytes of the body the client had written when the answer began. */
  sentWhenAnswered: number;
  total: number;
}

/** An HTTP/1.1 response read off the wire: status, content type and body (de-chunked). */
function parseRawResponse(all: string): { status: number; text: string; contentType: string | null } | undefined {
  const m = /^HTTP\/1\.[01] (\d{3})/.exec(all);
  const end = all.indexOf("\r\n\r\n");
  if (!m || end < 0) return undefined;
  const head = all.slice(0, end);
  const contentType = /\r\ncontent-type: *([^\r\n]*)/i.exec(head)?.[1] ?? null;
  let body = all.slice(end + 4);
  if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
    let out = "";
    let rest = body;
    for (;;) {
      const nl = rest.indexOf("\r\n");
      const size = parseInt(rest.slice(0, nl), 16);
      if (!(size > 0)) break;
      out += rest.slice(nl + 2, nl + 2 + size);
      rest = rest.slice(nl + 2 + size + 2);
    }
    body = out;
  } else {
    const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
    if (length !== undefined) body = body.slice(0, Number(length));
  }
  return { status: Number(m[1]), text: Buffer.from(body, "latin1").toString("utf8"), contentType };
}

/**
 * POSTs a body of `total` bytes over a raw socket, as a client streaming an upload sends it:
 * Content-Length `declared`, or chunked when undefined; chunks with pauses between; stops writing
 * once the server answers. What the server wrote is read even if it then closes the connection
 * under the writes (a broken pipe after the answer is the server's prerogative on a body it refuses).
 */
function streamPost(port: number, path: string, o: { total: number; declared?: string; chunk: Buffer; pauseMs: number; timeoutMs: number }): Promise<SocketAnswer | "timeout" | { error: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    const received: Buffer[] = [];
    let sent = 0;
    let sentWhenAnswered = -1;
    let writeError: string | undefined;
    let done = false;
    const finish = (v: SocketAnswer | "timeout" | { error: string }) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(v);
    };
    const timer = setTimeout(() => finish("timeout"), o.timeoutMs);
    const tryAnswer = () => {
      const r = parseRawResponse(Buffer.concat(received).toString("latin1"));
      if (r === undefined) return false;
      finish({ ...r, sentWhenAnswered, total: o.total });
      return true;
    };
    socket.on("data", (d) => {
      if (sentWhenAnswered < 0) sentWhenAnswered = sent;
      received.push(d);
      const text = Buffer.concat(received).toString("latin1");
      const r = parseRawResponse(text);
      // complete once the declared body is in (our answers carry a Content-Length)
      const length = /\r\ncontent-length: *(\d+)/i.exec(text)?.[1];
      if (r !== undefined && length !== undefined && Buffer.byteLength(r.text) >= Number(length)) tryAnswer();
    });
    socket.on("error", (e) => {
      writeError = `${(e as NodeJS.ErrnoException).code ?? ""} ${e.message}`;
    });
    socket.on("close", () => {
      if (!tryAnswer()) finish({ error: `the connection closed without an answer${writeError ? ` (${writeError})` : ""}` });
    });
    const head =
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      (o.declared !== undefined ? `Content-Length: ${o.declared}\r\n` : "Transfer-Encoding: chunked\r\n") + "\r\n";
    const write = (b: Buffer | string) =>
      new Promise<void>((r) => {
        if (!socket.write(b)) socket.once("drain", r);
        else r();
      });
    void (async () => {
      await write(head);
      while (sent < o.total && sentWhenAnswered < 0 && !done && !socket.destroyed && writeError === undefined) {
        const piece = o.chunk.subarray(0, Math.min(o.chunk.length, o.total - sent));
        await write(o.declared !== undefined ? piece : Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")]));
        sent += piece.length;
        if (o.pauseMs > 0) await sleep(o.pauseMs);
      }
      if (o.declared === undefined && sent >= o.total && !socket.destroyed && writeError === undefined) await write("0\r\n\r\n");
    })().catch(() => {});
  });
}

/** Writes raw bytes to the server and reads until it closes (or `timeoutMs`). */
function rawRequest(port: number, bytes: Buffer, timeoutMs: number): Promise<{ status: number; text: string; contentType: string | null } | "timeout" | { error: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      resolve("timeout");
    }, timeoutMs);
    socket.on("data", (d) => chunks.push(d));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      const all = Buffer.concat(chunks).toString("latin1");
      resolve(parseRawResponse(all) ?? { error: `no HTTP answer (${JSON.stringify(all.slice(0, 80))})` });
    });
    socket.write(bytes);
  });
}

/** Raw request lines no route may answer 200 (or 5xx) to; the path goes on the wire as is. */
const RAW_PATHS = [
  "/cosmos/bank/v1beta1/balances/%ZZ", "/chainmain/tieredrewards/v1/position/%ED%A0%80", "/chainmain/tieredrewards/v1/position/\xff\xfe",
  "/cosmos/auth/v1beta1/accounts/cro1\xc3\xa9", "/../../../etc/passwd", "/cosmos/staking/v1beta1/../../../etc/passwd",
  "//cosmos//staking//v1beta1//validators//x", "/chainmain/tieredrewards/v1/position/0%00", "/cosmos/tx/v1beta1/txs/%2e%2e%2f%2e%2e",
  `/chainmain/tieredrewards/v1/position/${"9".repeat(4000)}`, "/cosmos/bank/v1beta1/supply/by_denom?denom=%ED%A0%80",
  "/chainmain/tieredrewards/v1/positions?pagination.limit=%ZZ", "/cosmos/staking/v1beta1/validators?status=%FF",
  `/chainmain/tieredrewards/v1/position/${"1".repeat(20_000)}`,
];
const wrapPath = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`;
/** Whole raw requests: every path above, and requests the HTTP parser itself refuses. */
const RAW_REQUESTS: { note: string; text: string }[] = [
  ...RAW_PATHS.map((p) => ({ note: `path ${JSON.stringify(p).slice(0, 60)}`, text: wrapPath(p) })),
  { note: "20 KiB header", text: `GET /cosmos/staking/v1beta1/pool HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\nConnection: close\r\n\r\n` },
  { note: "unknown method", text: "BREW /cosmos/staking/v1beta1/pool HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n" },
  { note: "HTTP/9.9", text: "GET /cosmos/staking/v1beta1/pool HTTP/9.9\r\nHost: x\r\nConnection: close\r\n\r\n" },
  { note: "bad chunk size", text: "POST /txs HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n" },
  { note: "Content-Length and chunked", text: "POST /txs HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n2\r\n{}\r\n0\r\n\r\n" },
  { note: "two Content-Lengths", text: "POST /txs HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\nConnection: close\r\n\r\n{}" },
  { note: "negative Content-Length", text: "POST /txs HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\nConnection: close\r\n\r\n{}" },
  { note: "header without colon", text: "GET /cosmos/staking/v1beta1/pool HTTP/1.1\r\nHost x\r\nConnection: close\r\n\r\n" },
  { note: "NUL in the request line", text: "GET /cosmos/staking/v1beta1/pool\x00 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n" },
];

/**
 * The socket run: a node started as `npm start` starts it (startNode, port 0, simulated clock),
 * bodies past the limit as a client streams them (413 before the body is all sent; other requests
 * answered meanwhile), and raw paths. Each request is one "huge-body-socket" or "raw-paths-socket"
 * outcome in the reports.
 */
export async function runSocket(o: RunOptions): Promise<ClassReport[]> {
  const log = o.log ?? (() => {});
  const timeoutMs = o.timeoutMs ?? 20_000;
  const dir = await mkdtemp(join(tmpdir(), "hostile-socket-"));
  const running = await startNode(
    { port: 0, host: "127.0.0.1", chainSegment: "chainmain", blockTimeNs: 5_000_000_000n, clock: "simulated", genesisFile: undefined, dbPath: join(dir, "node.db"), dev: true },
    { core: await loadCore(wasm), logError: (e) => log(`node error: ${(e as Error).stack ?? e}`) },
  );
  const url = running.url;
  const port = Number(new URL(url).port);
  const reports: ClassReport[] = [];
  try {
    const wanted = (name: string) => !o.exclude?.includes(name) && (!o.only || o.only.includes(name));
    if (wanted("huge-body-socket")) {
      const rng = new Prng(classSeed(o.seed ?? DEFAULT_SEED, "huge-body-socket"));
      const report: ClassReport = { name: "huge-body-socket", requests: 0, byStatus: {}, failures: [], failureCount: 0, after: [], ms: 0 };
      const started = performance.now();
      const rounds = o.mode === "full" ? 24 : 4;
      const record = (note: string, label: string, failure?: string) => {
        report.requests++;
        report.byStatus[label] = (report.byStatus[label] ?? 0) + 1;
        if (failure !== undefined) {
          report.failureCount++;
          if (report.failures.length < failureSample) report.failures.push({ note, path: "POST /txs", label, why: failure });
        }
      };
      for (let i = 0; i < rounds; i++) {
        const size = rng.pick([20 * 1024 * 1024, 8 * 1024 * 1024, BODY_LIMIT + 1, 3 * 1024 * 1024]);
        const shape = rng.int(3);
        const declared = shape === 0 ? `${size}` : shape === 1 ? undefined : rng.pick(["1000000000000", `${size}`]);
        const total = size;
        const note = `${(total / 1024 / 1024).toFixed(1)} MiB body, ${declared === undefined ? "chunked" : `Content-Length ${declared}`}`;
        const chunk = Buffer.from(`{"tx":{"memo":"${"a".repeat(64 * 1024)}`);
        // Meanwhile a query must be answered (the node is not stalled reading the body).
        const upload = streamPost(port, "/txs", { total, declared, chunk, pauseMs: 2, timeoutMs });
        await sleep(20);
        const q = await bounded(fetch(`${url}/cosmos/base/tendermint/v1beta1/blocks/latest`).then((r) => r.status), timeoutMs);
        const a = await upload;
        if (q !== 200) record(note, `query ${q}`, `a query during the upload answered ${q}`);
        if (a === "timeout") {
          record(note, "hang", `no answer within ${timeoutMs} ms`);
          continue;
        }
        if ("error" in a) {
          record(note, "reset", `the connection failed without an answer: ${a.error}`);
          continue;
        }
        const out = judge({ method: "POST", path: "/txs", note, expect: "413" }, a.status, a.text, a.contentType);
        if (out.failure !== undefined) record(note, out.label, out.failure);
        // A declared length over the limit is refused on the headers; a chunked body once the
        // limit is passed — before the end of any body of twice the limit or more.
        else if (a.sentWhenAnswered >= a.total && (declared !== undefined || a.total >= 2 * BODY_LIMIT)) {
          record(note, out.label, `answered only after the whole ${a.total}-byte body was sent`);
        } else record(note, out.label);
      }
      report.ms = performance.now() - started;
      reports.push(report);
      log(summaryLine(report));
    }
    if (wanted("raw-paths-socket")) {
      const report: ClassReport = { name: "raw-paths-socket", requests: 0, byStatus: {}, failures: [], failureCount: 0, after: [], ms: 0 };
      const started = performance.now();
      const rounds = o.mode === "full" ? 3 : 1;
      for (let i = 0; i < rounds; i++) {
        for (const raw of RAW_REQUESTS) {
          const path = raw.text.slice(raw.text.indexOf(" ") + 1, raw.text.indexOf(" HTTP/"));
          const a = await rawRequest(port, Buffer.from(raw.text, "latin1"), timeoutMs);
          let out: Outcome;
          if (a === "timeout") out = { label: "hang", failure: `no answer within ${timeoutMs} ms` };
          else if ("error" in a) out = { label: "reset", failure: a.error };
          else out = judge({ method: "GET", path, note: raw.note }, a.status, a.text, a.contentType);
          report.requests++;
          report.byStatus[out.label] = (report.byStatus[out.label] ?? 0) + 1;
          if (out.failure !== undefined) {
            report.failureCount++;
            if (report.failures.length < failureSample) report.failures.push({ note: raw.note, path: JSON.stringify(raw.text.slice(0, 100)), label: out.label, why: out.failure });
          }
        }
      }
      report.ms = performance.now() - started;
      reports.push(report);
      log(summaryLine(report));
    }
    // The node still answers and still makes blocks.
    const r = await fetch(`${url}/dev/advance?blocks=1`, { method: "POST" });
    if (r.status !== 200 && reports.length > 0) reports[reports.length - 1]!.after.push(`POST /dev/advance answered ${r.status} afterwards`);
    return reports;
  } finally {
    await running.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** The socket classes (they run on their own node, not in lockstep). */
export const SOCKET_CLASSES = ["huge-body-socket", "raw-paths-socket"] as const;
