// The hostile runs: the lockstep run (a node under test and a control node, in process, on
// simulated clocks from the same genesis; hostile requests go to the node only; after each class
// both get the same legitimate tx and make the same blocks, and their state hashes must be equal)
// and the socket run (a node started with host/main.ts startNode on port 0, for what only a real
// client shows: bodies streamed past the limit, lying Content-Length headers, raw request paths).

import { connect } from "node:net";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { loadCore } from "../../host/core/core.js";
import { devAddress } from "../../host/app/genesis.js";
import { startNode } from "../../host/main.js";
import { lockTierMsg, delegateMsg, sendMsg } from "../helpers/dev-signer.js";
import { nodeHarness, wasm, type TestNode } from "../helpers/node.js";
import {
  ATTACKER, BODY_LIMIT, HOSTILE_CLASSES, VICTIMS, devKeys, sign, type HostileClass, type HostileContext, type HostileRequest,
} from "./classes.js";
import { Prng } from "./prng.js";

export const DEFAULT_SEED = 0x5eed_0a10;
/** Blocks both nodes make after each class. */
const BLOCKS_PER_CLASS = 2n;

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
async function bounded<T>(p: Promise<T>, ms: number): Promise<T | "timeout"> {
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

/** Sends one request to an in-process app and judges the answer. */
async function sendInProcess(node: TestNode, req: HostileRequest, timeoutMs: number, deferred = false): Promise<Outcome> {
  const headers: Record<string, string> = {};
  const ct = req.contentType === undefined ? "application/json" : req.contentType;
  if (ct !== null && req.method === "POST") headers["content-type"] = ct;
  if (req.body !== undefined) headers["content-length"] = `${typeof req.body === "string" ? Buffer.byteLength(req.body) : req.body.length}`;
  const run = async () => {
    const res = await node.app.request(req.path, { method: req.method, body: req.body as BodyInit | undefined, headers });
    return { status: res.status, text: await res.text(), ct: res.headers.get("content-type") };
  };
  let r: Awaited<ReturnType<typeof run>> | "timeout";
  try {
    r = await bounded(run(), timeoutMs);
  } catch (e) {
    return { label: "crash", failure: `the request threw: ${(e as Error).stack ?? e}` };
  }
  if (r === "timeout") return { label: "hang", failure: `no answer within ${timeoutMs} ms` };
  return judge(req, r.status, r.text, r.ct, deferred);
}

/** Codes of the ante handler's stages: a tx the node accepted at CheckTx must not fail with these in its block. */
const ANTE_CODES = new Set(["sdk/4", "sdk/8", "sdk/13", "sdk/15", "sdk/32", "sdk/2"]);

/**
 * A class's txs accepted at CheckTx (acceptedHash): each is sent to the control too (both nodes
 * then carry the same txs into their blocks, so their state hashes stay comparable), and after the
 * blocks each must have failed in its block with a message server's error, on both.
 */
async function judgeAccepted(node: TestNode, control: TestNode, accepted: { req: HostileRequest; hash: string }[], report: ClassReport): Promise<void> {
  const fail = (req: HostileRequest, label: string, why: string) => {
    report.failureCount++;
    if (report.failures.length < failureSample) report.failures.push({ note: req.note, path: `${req.method} ${req.path.slice(0, 120)}`, label, why });
  };
  for (const { req, hash } of accepted) {
    const res = await node.app.request(`/cosmos/tx/v1beta1/txs/${hash}`);
    const json = (await res.json()) as any;
    const r = json?.tx_response;
    const code = `${r?.codespace || "?"}/${r?.code}`;
    if (res.status !== 200 || typeof r?.code !== "number") fail(req, "accepted", `accepted at CheckTx, not in a block (${res.status})`);
    else if (r.code === 0) fail(req, "accepted", `accepted and succeeded in its block (tx ${hash})`);
    else if (ANTE_CODES.has(code)) fail(req, code, `accepted at CheckTx, then failed the ante handler in its block: ${r.raw_log}`);
    const c = await control.app.request(`/cosmos/tx/v1beta1/txs/${hash}`);
    const cr = ((await c.json()) as any)?.tx_response;
    if (cr?.code !== r?.code || cr?.gas_used !== r?.gas_used) fail(req, "control", `the control's result differs: ${cr?.codespace}/${cr?.code} gas ${cr?.gas_used} vs ${code} gas ${r?.gas_used}`);
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
function classSeed(seed: number, name: string): number {
  let h = seed >>> 0;
  for (const ch of name) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}

const failureSample = 5;

async function runClass(
  cls: HostileClass, ctx: HostileContext, o: RunOptions, send: (req: HostileRequest) => Promise<Outcome>,
): Promise<ClassReport> {
  const started = performance.now();
  const rng = new Prng(classSeed(o.seed ?? DEFAULT_SEED, cls.name));
  const n = o.mode === "full" ? cls.full : cls.quick;
  const report: ClassReport = { name: cls.name, requests: 0, byStatus: {}, failures: [], failureCount: 0, after: [], ms: 0 };
  for (let i = 0; i < n; i++) {
    const req = await cls.make(rng, ctx);
    const out = await send(req);
    report.requests++;
    report.byStatus[out.label] = (report.byStatus[out.label] ?? 0) + 1;
    if (out.failure !== undefined) {
      report.failureCount++;
      if (report.failures.length < failureSample) {
        report.failures.push({ note: req.note, path: `${req.method} ${req.path.slice(0, 120)}`, label: out.label, why: out.failure.slice(0, 400) });
      }
    }
  }
  report.ms = performance.now() - started;
  return report;
}

/** Posts a body to a node in process; the tx_response. */
async function postTx(node: TestNode, body: unknown): Promise<any> {
  const r = await node.post("/txs", body);
  return r.json.tx_response;
}

/** The same legitimate txs to both nodes, then one block each; the bodies (committed on both). */
async function applyToBoth(node: TestNode, control: TestNode, ctx: HostileContext, txs: { n: number; msgs: Parameters<typeof sign>[2]; memo?: string }[]): Promise<string[]> {
  const problems: string[] = [];
  for (const t of txs) {
    const body = await sign(ctx, t.n, t.msgs, { memo: t.memo });
    for (const [who, target] of [["node", node], ["control", control]] as const) {
      const r = await postTx(target, body);
      if (r?.code !== 0) problems.push(`legitimate tx of dev key ${t.n} refused by the ${who}: ${r?.codespace}/${r?.code} ${r?.raw_log}`);
    }
    ctx.committed.push(body);
  }
  return problems;
}

/**
 * The lockstep run: setup (positions, a delegation) on both nodes, then each class against the
 * node only, then the same legitimate tx and blocks on both, comparing state hashes.
 */
export async function runLockstep(o: RunOptions): Promise<ClassReport[]> {
  const log = o.log ?? (() => {});
  const timeoutMs = o.timeoutMs ?? 10_000;
  const h = await nodeHarness({ prefix: "hostile-" });
  const node = await h.open();
  const control = await h.open();
  try {
    const { signers, pubKeys } = await devKeys([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    const validators = [1, 2, 3, 4].map((n) => node.chain.directory.validatorAddress(n - 1)!);
    const ctx: HostileContext = {
      node, chainId: node.chain.chainId, signers, pubKeys, validators, positions: [], committed: [],
    };
    const setup = await applyToBoth(node, control, ctx, [
      { n: 5, msgs: [lockTierMsg(devAddress(5), 1, 10_000_000_000n, validators[0]!)] },
      { n: 6, msgs: [lockTierMsg(devAddress(6), 2, 20_000_000_000n, validators[1]!)] },
      { n: 7, msgs: [delegateMsg(devAddress(7), validators[0]!, 1_000_000_000n)] },
      { n: ATTACKER, msgs: [lockTierMsg(devAddress(ATTACKER), 1, 10_000_000_000n, validators[2]!)] },
    ]);
    if (setup.length > 0) throw new Error(`setup: ${setup.join("; ")}`);
    await node.chain.advance(1n);
    await control.chain.advance(1n);
    ctx.positions = [{ owner: 5, id: 0n }, { owner: 6, id: 1n }];
    if (node.chain.latestBlock().appHash !== control.chain.latestBlock().appHash) throw new Error("setup: the nodes differ before any hostile request");
    log(`setup: height ${node.chain.latestBlock().height}, positions 0 (dev key 5), 1 (dev key 6), 2 (dev key ${ATTACKER}); state hash ${node.chain.latestBlock().appHash.slice(0, 16)}…`);

    const reports: ClassReport[] = [];
    for (const cls of HOSTILE_CLASSES) {
      if (o.exclude?.includes(cls.name) || (o.only && !o.only.includes(cls.name))) continue;
      const accepted: { req: HostileRequest; hash: string }[] = [];
      const report = await runClass(cls, ctx, o, async (req) => {
        const out = await sendInProcess(node, req, timeoutMs, true);
        if (out.acceptedHash === undefined) return out;
        accepted.push({ req, hash: out.acceptedHash });
        const mirrored = await sendInProcess(control, req, timeoutMs, true);
        if (mirrored.acceptedHash !== out.acceptedHash) return { label: out.label, failure: `the control answered ${mirrored.label} (${mirrored.failure ?? ""})` };
        return out;
      });
      if (node.chain.pending > accepted.length) report.after.push(`${node.chain.pending - accepted.length} hostile tx(s) entered the mempool unreported`);
      // A legitimate tx on both: the node still takes the next sequence of an account the class never touched.
      report.after.push(...(await applyToBoth(node, control, ctx, [
        { n: 7, msgs: [sendMsg(devAddress(7), devAddress(5), 1n)], memo: `after ${cls.name}` },
      ])));
      await node.chain.advance(BLOCKS_PER_CLASS);
      await control.chain.advance(BLOCKS_PER_CLASS);
      if (node.chain.halted) report.after.push(`the node halted: ${node.chain.halted.message}`);
      await judgeAccepted(node, control, accepted, report);
      const a = node.chain.latestBlock();
      const b = control.chain.latestBlock();
      report.nodeHash = a.appHash;
      report.controlHash = b.appHash;
      report.hashEqual = a.appHash === b.appHash && a.height === b.height;
      const broken = node.chain.checkInvariants();
      if (broken.length > 0) report.after.push(`invariants broken: ${broken.join(", ")}`);
      reports.push(report);
      log(summaryLine(report));
    }
    return reports;
  } finally {
    await node.chain.close();
    await control.chain.close();
    await h.remove();
  }
}

export function summaryLine(r: ClassReport): string {
  const statuses = Object.entries(r.byStatus).sort((x, y) => y[1] - x[1]).map(([k, v]) => `${k}: ${v}`).join(", ");
  const hash = r.hashEqual === undefined ? "" : r.hashEqual ? "; state hash = control's" : `; STATE HASH DIFFERS (${r.nodeHash?.slice(0, 12)} vs ${r.controlHash?.slice(0, 12)})`;
  const bad = r.failureCount > 0 ? `; ${r.failureCount} FAILED` : "";
  return `${r.name.padEnd(20)} ${String(r.requests).padStart(5)} requests (${(r.ms / 1000).toFixed(1)} s) ${statuses}${hash}${bad}${r.after.length ? `; ${r.after.join("; ")}` : ""}`;
}

/** Whether a class report passed: every answer acceptable, state hash equal, nothing after. */
export const passed = (r: ClassReport) => r.failureCount === 0 && r.hashEqual !== false && r.after.length === 0;

// ---- over a real socket ------------------------------------------------------------------------

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

export { HOSTILE_CLASSES, VICTIMS };
