// The hostile runs: the lockstep run here (a node under test and a control node, in process, on
// simulated clocks from the same genesis; hostile requests go to the node only; after each class
// both get the same legitimate tx and make the same blocks, and their state hashes must be equal)
// and the socket run (test/hostile/socket.ts: a node started with host/main.ts startNode on port 0,
// for what only a real client shows: bodies streamed past the limit, lying Content-Length headers,
// raw request paths). Answers are judged and reported by test/hostile/judge.ts. This module is what
// test/hostile/hostile.test.ts and test/hostile/main.ts run.

import { defaultGenesisJson, devAddress, mergeJson } from "../../host/app/genesis.js";
import { lockTierMsg, delegateMsg, sendMsg } from "../helpers/dev-signer.js";
import { nodeHarness, type TestNode } from "../helpers/node.js";
import {
  ATTACKER, HOSTILE_CLASSES, VICTIMS, devKeys, sign, type HostileClass, type HostileContext, type HostileRequest, type Lockstep,
} from "./classes.js";
import { sentTypes } from "./proto.js";
import {
  DEFAULT_SEED, bounded, classSeed, failureSample, judge, summaryLine, type ClassReport, type Outcome, type RunOptions,
} from "./judge.js";
import { Prng } from "./prng.js";

export { DEFAULT_SEED, judge, passed, summaryLine, type ClassReport, type Outcome, type RunOptions } from "./judge.js";
export { SOCKET_CLASSES, runSocket } from "./socket.js";

/**
 * The lockstep genesis: the default one with x/gov's periods short enough (deposit 20 s, voting
 * 10 s, expedited 5 s) for a proposal to pass and be executed within a class.
 */
const HOSTILE_GENESIS = mergeJson(defaultGenesisJson(), {
  app_state: { gov: { params: { max_deposit_period: "20s", voting_period: "10s", expedited_voting_period: "5s" } } },
});

/** The lockstep's hands on both nodes, for the classes' setup and preludes. */
function lockstep(node: TestNode, control: TestNode, ctx: HostileContext, problems: string[]): Lockstep {
  const txResult = async (t: TestNode, hash: string) => {
    const r = ((await (await t.app.request(`/cosmos/tx/v1beta1/txs/${hash}`)).json()) as any)?.tx_response;
    return typeof r?.code === "number" ? { code: r.code as number, codespace: r.codespace as string, log: String(r.raw_log) } : undefined;
  };
  let waiting = 0;
  return {
    control,
    get waiting() {
      return waiting;
    },
    async both(req, what) {
      let hash: string | undefined;
      for (const [who, t] of [["node", node], ["control", control]] as const) {
        const out = await sendInProcess(t, req, 10_000, true);
        if (out.acceptedHash === undefined) problems.push(`${what}: refused by the ${who}: ${out.label} ${out.failure ?? ""}`);
        hash = out.acceptedHash;
      }
      if (hash !== undefined) waiting++;
      if (hash !== undefined && req.signer !== undefined) ctx.pendingSeq!.set(req.signer.n, req.signer.sequence + 1n);
      return hash;
    },
    async blocks(n) {
      waiting = 0;
      await node.chain.advance(n);
      await control.chain.advance(n);
    },
    async result(hash) {
      return { node: await txResult(node, hash), control: await txResult(control, hash) };
    },
    problem: (text) => void problems.push(text),
  };
}

/** Blocks both nodes make after each class. */
const BLOCKS_PER_CLASS = 2n;

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

/** A tx the node accepted at CheckTx; `twinHash`: the control got its twin instead (proto.ts deferred). */
interface Accepted {
  req: HostileRequest;
  hash: string;
  twinHash?: string;
}

/** Codes of the ante handler's stages: a tx the node accepted at CheckTx must not fail with these in its block. */
const ANTE_CODES = new Set(["sdk/4", "sdk/8", "sdk/13", "sdk/15", "sdk/32", "sdk/2"]);

/**
 * A class's txs accepted at CheckTx (acceptedHash): each is sent to the control too (both nodes
 * then carry the same txs into their blocks, so their state hashes stay comparable), and after the
 * blocks each must have failed in its block with a message server's error, on both.
 */
async function judgeAccepted(node: TestNode, control: TestNode, accepted: Accepted[], report: ClassReport): Promise<void> {
  const fail = (req: HostileRequest, label: string, why: string) => {
    report.failureCount++;
    if (report.failures.length < failureSample) report.failures.push({ note: req.note, path: `${req.method} ${req.path.slice(0, 120)}`, label, why });
  };
  for (const { req, hash, twinHash } of accepted) {
    const res = await node.app.request(`/cosmos/tx/v1beta1/txs/${hash}`);
    const json = (await res.json()) as any;
    const r = json?.tx_response;
    const code = `${r?.codespace || "?"}/${r?.code}`;
    if (res.status !== 200 || typeof r?.code !== "number") fail(req, "accepted", `accepted at CheckTx, not in a block (${res.status})`);
    else if (r.code === 0) fail(req, "accepted", `accepted and succeeded in its block (tx ${hash})`);
    else if (ANTE_CODES.has(code) && !(req.code === code && String(r.raw_log).startsWith("failed to execute message;"))) {
      fail(req, code, `accepted at CheckTx, then failed the ante handler in its block: ${r.raw_log}`);
    } else if (req.code !== undefined && code !== req.code) fail(req, code, `expected the chain's ${req.code} in its block, got ${code}: ${String(r.raw_log).slice(0, 300)}`);
    const c = await control.app.request(`/cosmos/tx/v1beta1/txs/${twinHash ?? hash}`);
    const cr = ((await c.json()) as any)?.tx_response;
    if (twinHash !== undefined) {
      if (typeof cr?.code !== "number" || cr.code === 0) fail(req, "twin", `its twin on the control did not fail in a block: ${cr?.code} ${cr?.raw_log ?? ""}`);
    } else if (cr?.code !== r?.code || cr?.gas_used !== r?.gas_used) fail(req, "control", `the control's result differs: ${cr?.codespace}/${cr?.code} gas ${cr?.gas_used} vs ${code} gas ${r?.gas_used}`);
  }
}

async function runClass(
  cls: HostileClass, ctx: HostileContext, o: RunOptions, send: (req: HostileRequest) => Promise<Outcome>,
): Promise<ClassReport> {
  const started = performance.now();
  const rng = new Prng(classSeed(o.seed ?? DEFAULT_SEED, cls.name));
  const n = o.mode === "full" ? cls.full : cls.quick;
  const report: ClassReport = { name: cls.name, requests: 0, byStatus: {}, failures: [], failureCount: 0, after: [], ms: 0 };
  const types = new Set<string>();
  for (let i = 0; i < n; i++) {
    const req = await cls.make(rng, ctx);
    for (const t of sentTypes(req)) types.add(t);
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
  report.types = [...types];
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
  const node = await h.open({ genesis: HOSTILE_GENESIS });
  const control = await h.open({ genesis: HOSTILE_GENESIS });
  try {
    const { signers, pubKeys } = await devKeys([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    const validators = [1, 2, 3, 4].map((n) => node.chain.directory.validatorAddress(n - 1)!);
    const ctx: HostileContext = {
      node, chainId: node.chain.chainId, signers, pubKeys, validators, positions: [], committed: [], pendingSeq: new Map(),
    };
    const problems: string[] = [];
    ctx.lockstep = lockstep(node, control, ctx, problems);
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
      const accepted: Accepted[] = [];
      problems.length = 0;
      await cls.setup?.(ctx);
      const report = await runClass(cls, ctx, o, async (req) => {
        const out = await sendInProcess(node, req, timeoutMs, true);
        if (out.acceptedHash === undefined) return out;
        if (req.signer !== undefined) ctx.pendingSeq!.set(req.signer.n, req.signer.sequence + 1n);
        if (req.twin !== undefined) {
          const twin = await sendInProcess(control, req.twin, timeoutMs, true);
          accepted.push({ req, hash: out.acceptedHash, ...(twin.acceptedHash === undefined ? {} : { twinHash: twin.acceptedHash }) });
          if (twin.acceptedHash === undefined) return { label: out.label, failure: `its twin was refused by the control: ${twin.label} (${twin.failure ?? ""})` };
          return out;
        }
        accepted.push({ req, hash: out.acceptedHash });
        const mirrored = await sendInProcess(control, req, timeoutMs, true);
        if (mirrored.acceptedHash !== out.acceptedHash) return { label: out.label, failure: `the control answered ${mirrored.label} (${mirrored.failure ?? ""})` };
        return out;
      });
      report.after.push(...problems);
      const unreported = node.chain.pending - accepted.length - ctx.lockstep.waiting;
      if (unreported > 0) report.after.push(`${unreported} hostile tx(s) entered the mempool unreported`);
      // A legitimate tx on both: the node still takes the next sequence of an account the class never touched.
      report.after.push(...(await applyToBoth(node, control, ctx, [
        { n: 7, msgs: [sendMsg(devAddress(7), devAddress(5), 1n)], memo: `after ${cls.name}` },
      ])));
      await ctx.lockstep.blocks(BLOCKS_PER_CLASS);
      for (let i = 0; i < 20 && (node.chain.pending > 0 || control.chain.pending > 0); i++) await ctx.lockstep.blocks(1n);
      if (node.chain.halted) report.after.push(`the node halted: ${node.chain.halted.message}`);
      await judgeAccepted(node, control, accepted, report);
      const a = node.chain.latestBlock();
      const b = control.chain.latestBlock();
      report.nodeHash = a.appHash;
      report.controlHash = b.appHash;
      report.hashEqual = a.appHash === b.appHash && a.height === b.height;
      problems.length = 0;
      report.after.push(...(await cls.check?.(ctx) ?? []), ...problems);
      const broken = node.chain.app.checkInvariants();
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

export { HOSTILE_CLASSES, VICTIMS };
