// The crash suite's driver (issue 10, "Deliver 5"): a node on a real clock with a short block time
// in a child process (`node --import tsx host/main.ts`), signed txs sent to it continuously by the
// dev keys, and the node killed with SIGKILL again and again; after every restart the driver
// checks that nothing it saw committed was lost or changed, that no block is half there and that
// the height never went below what was reported committed; at the end `replay` re-executes the
// database and must match every state hash.
//
// Kills come in three kinds, chosen with a fixed-seed generator (as are the instants and every
// tx): during load at a random instant; during startup (restore) at a random instant; and inside
// a block's SQLite transaction, through the store's test hook (STAKING_ENGINE_CRASH_IN_COMMIT=N:
// the node kills itself between the statements of its N-th block commit), after which the restart
// must be exactly at the block before.
//
// What the driver knows as committed: `mode: "block"` responses, and txs accepted by CheckTx (or
// whose request died with the node) found afterwards by GET /cosmos/tx/v1beta1/txs/{hash}. After
// each restart: every unresolved tx is looked up (found: committed; absent: it died in the
// mempool), every signer's sequence must be its initial one plus the txs of its own that were
// committed past the ante checks (their `acc_seq` events: exactly the sequences s0 .. S-1), every
// committed tx must be in the database at its height with its code (all of them, read from the
// SQLite file), and over HTTP the new ones and a sample of the old (all of them after the last
// restart). Used by `npm run test:crash` (test/crash/main.ts, ≥ 100 kills) and test/crash/crash.test.ts
// (a quick variant in `npm test`).
//
// Its parts: the node in its child process (test/crash/node-process.ts), the load's txs and seeded
// streams (test/crash/load.ts), the options and the summary (test/crash/summary.ts).

import { rmSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import Database from "better-sqlite3";
import { broadcastRequest, decodeTx as decodeTxBytes } from "../../host/wire/amino/stdtx.js";
import { rng, within } from "../helpers/checks.js";
import { cli } from "../helpers/cli.js";
import { devSigner } from "../helpers/dev-signer.js";
import {
  CRASH_FEE, between, hasAccSeq, int, pickTx, result, seedOf, type Committed, type Sent, type SignerState, type TxResponse,
} from "./load.js";
import { killNode, spawnNode, type NodeRun } from "./node-process.js";
import type { CrashOptions, CrashSummary } from "./summary.js";

export { CRASH_FEE } from "./load.js";
export { formatSummary, type CrashOptions, type CrashSummary } from "./summary.js";

/** A POSTed body's tx decoded, as the node takes it. */
const decodeTx = (body: unknown) => decodeTxBytes(broadcastRequest(body).tx);

const REQUEST_TIMEOUT_MS = 15_000;
const STARTUP_TIMEOUT_MS = 60_000;
/** Older committed txs looked up over HTTP after each restart (besides the new ones). */
const HTTP_SAMPLE = 50;

export async function runCrash(o: CrashOptions): Promise<CrashSummary> {
  const started = Date.now();
  const blockTime = o.blockTime ?? "200ms";
  const inCommitEvery = o.inCommitEvery ?? 3;
  const startupPerMille = o.startupPerMille ?? 150;
  const [aliveLo, aliveHi] = o.aliveMs ?? [200, 1500];
  const [commitLo, commitHi] = o.commitBlocks ?? [3, 8];
  const timeoutMs = o.timeoutMs ?? 30 * 60_000;
  const log = o.log ?? (() => {});
  const signerKeys = o.signers ?? [5, 6, 7, 8];
  const schedule = rng(seedOf(o.seed, 0n));
  const sampling = rng(seedOf(o.seed, 1n));

  const s: CrashSummary = {
    kills: 0, killsInCommit: 0, killsInStartup: 0, killsDuringLoad: 0, restarts: 0, txsSent: 0, txsAcceptedAtCheck: 0,
    txsRefusedAtCheck: 0, txsCommitted: 0, codes: {}, txsDropped: 0, txChecks: 0, lost: 0, changed: 0, topHeight: 0n, blocksWithTxs: 0, replay: "",
    violations: [], wallMs: 0,
  };
  const violation = (text: string) => {
    s.violations.push(text);
    log(`VIOLATION: ${text}`);
  };
  const committed = new Map<string, Committed>();
  /** Sent and not known to be committed: accepted at check, or unanswered. */
  const unresolved = new Map<string, Sent>();
  /** Committed since the last HTTP check. */
  let fresh: string[] = [];
  let reported = 0n; // the highest height any response called committed

  const signers: SignerState[] = [];
  for (const n of signerKeys) {
    signers.push({
      n, signer: await devSigner(n), accountNumber: -1n, initialSequence: -1n, next: 0n, gen: rng(seedOf(o.seed, BigInt(n) + 2n)), counter: 0,
    });
  }
  const users = signers.map((x) => x.signer.address);

  const record = (sent: Sent, tr: TxResponse) => {
    const height = BigInt(tr.height);
    if (height > reported) reported = height;
    const prev = committed.get(sent.hash);
    if (prev) {
      if (prev.height !== height || result(prev) !== result(tr)) {
        s.changed++;
        violation(`tx ${sent.hash} reported at height ${prev.height} ${result(prev)}, now at ${height} ${result(tr)}`);
      }
      return;
    }
    committed.set(sent.hash, { ...sent, height, code: tr.code, codespace: tr.codespace, bumped: hasAccSeq(tr.events) });
    unresolved.delete(sent.hash);
    fresh.push(sent.hash);
  };

  const dir = await mkdtemp(join(tmpdir(), "crash-suite-"));
  const dbPath = join(dir, "chain.db");
  let run: NodeRun | undefined;
  // Should the driver itself exit (process.exit, a signal handled by exiting): no node left behind.
  const onExit = () => {
    if (run?.alive()) run.child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  };
  process.once("exit", onExit);
  const overtime = () => Date.now() - started > timeoutMs;

  const http = async (url: string, init?: RequestInit): Promise<{ status: number; json: any }> => {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    return { status: res.status, json: await res.json() };
  };

  /** GET a tx by hash: its response, or undefined when absent. */
  const getTx = async (url: string, hash: string) => {
    const r = await http(`${url}/cosmos/tx/v1beta1/txs/${hash}`);
    if (r.status === 404) return undefined;
    if (r.status !== 200) throw new Error(`GET tx ${hash}: HTTP ${r.status} ${JSON.stringify(r.json)}`);
    return r.json.tx_response as TxResponse;
  };

  /** The checks after a restart; `expectHeight` after a kill inside a commit. */
  const afterRestart = async (node: { url: string; height: bigint }, expectHeight: bigint | undefined, everything: boolean) => {
    if (node.height < reported) violation(`restarted at height ${node.height}, below the reported committed height ${reported}`);
    if (expectHeight !== undefined && node.height !== expectHeight) {
      violation(`killed inside the commit of block ${expectHeight + 1n}, restarted at height ${node.height} (expected ${expectHeight})`);
    }
    // Unresolved txs: committed (found) or died in the mempool (absent).
    for (const [hash, sent] of [...unresolved]) {
      const tr = await getTx(node.url, hash);
      if (tr === undefined) s.txsDropped++;
      else record(sent, tr);
      unresolved.delete(hash);
    }
    // No tx of a block past the restored one (a half-applied block's).
    for (const c of committed.values()) {
      if (c.height > node.height) violation(`tx ${c.hash} found at height ${c.height}, above the restored height ${node.height}`);
    }
    // Sequences: exactly the committed txs past the ante checks, s0 .. S-1.
    for (const x of signers) {
      const a = (await http(`${node.url}/cosmos/auth/v1beta1/accounts/${x.signer.address}`)).json.account;
      const seq = BigInt(a.sequence);
      if (x.accountNumber < 0n) {
        x.accountNumber = BigInt(a.account_number);
        x.initialSequence = seq;
      }
      const seqs = [...committed.values()].filter((c) => c.signer === x.n && c.bumped).map((c) => c.sequence).sort((p, q) => (p < q ? -1 : 1));
      const expected = Array.from({ length: Number(seq - x.initialSequence) }, (_, i) => x.initialSequence + BigInt(i));
      if (seqs.join(",") !== expected.join(",")) {
        violation(`signer ${x.n}: sequence ${seq} after restart, committed txs past ante at sequences [${seqs.join(",")}]`);
      }
      x.next = seq;
    }
    // Every committed tx in the database, at its height with its code.
    const db = new Database(dbPath, { readonly: true });
    try {
      const rows = db.prepare("SELECT hash, height, code, codespace FROM txs").all() as { hash: string; height: number; code: number; codespace: string }[];
      const stored = new Map(rows.map((r) => [`${r.hash}@${r.height}`, result(r)]));
      for (const c of committed.values()) {
        s.txChecks++;
        const code = stored.get(`${c.hash}@${c.height}`);
        if (code === undefined) {
          s.lost++;
          violation(`tx ${c.hash} committed at height ${c.height} is not in the database after restart ${s.restarts}`);
        } else if (code !== result(c)) {
          s.changed++;
          violation(`tx ${c.hash} at height ${c.height}: ${result(c)} committed, ${code} in the database`);
        }
      }
      if (rows.length !== committed.size) violation(`the database holds ${rows.length} txs, the driver knows ${committed.size} committed`);
    } finally {
      db.close();
    }
    // Over HTTP: the new ones and a sample of the old (all at the end).
    const isFresh = new Set(fresh);
    const old = [...committed.keys()].filter((h) => !isFresh.has(h));
    const sample = everything ? old : Array.from({ length: Math.min(HTTP_SAMPLE, old.length) }, () => old[int(sampling, old.length)]!);
    for (const hash of [...fresh, ...sample]) {
      const c = committed.get(hash)!;
      const tr = await getTx(node.url, hash);
      s.txChecks++;
      if (tr === undefined) {
        s.lost++;
        violation(`tx ${hash} committed at height ${c.height} answers 404 after restart ${s.restarts}`);
      } else if (BigInt(tr.height) !== c.height || result(tr) !== result(c)) {
        s.changed++;
        violation(`tx ${hash}: committed at height ${c.height} ${result(c)}, served at ${tr.height} ${result(tr)}`);
      }
    }
    fresh = [];
    const latest = BigInt((await http(`${node.url}/cosmos/base/tendermint/v1beta1/blocks/latest`)).json.block.header.height);
    if (latest < reported) violation(`latest height ${latest} below the reported committed height ${reported}`);
  };

  /** Send txs from every signer and follow them until `stop` resolves. */
  const load = async (node: { url: string; chainId: string }, stop: Promise<unknown>) => {
    let stopped = false;
    void stop.then(() => (stopped = true));
    const worker = async (x: SignerState) => {
      while (!stopped) {
        const { msgs, mode } = pickTx(x, users);
        const body = await x.signer.sign(msgs, {
          chainId: node.chainId, accountNumber: x.accountNumber, sequence: x.next, fee: CRASH_FEE, mode, memo: `crash ${x.n}/${x.counter++}`,
        });
        const sent: Sent = { hash: decodeTx(body).hash, signer: x.n, sequence: x.next };
        if (stopped) return;
        s.txsSent++;
        unresolved.set(sent.hash, sent);
        let r: { status: number; json: any };
        try {
          r = await http(`${node.url}/txs`, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });
        } catch {
          return; // the node died: the tx stays unresolved until the restart
        }
        const tr = r.json?.tx_response;
        if (r.status !== 200 || tr === undefined || tr.txhash !== sent.hash) {
          violation(`POST /txs ${sent.hash}: HTTP ${r.status} ${JSON.stringify(r.json).slice(0, 300)}`);
          unresolved.delete(sent.hash);
          return;
        }
        if (mode === "block" && tr.height !== "0") {
          s.txsAcceptedAtCheck++;
          record(sent, tr);
          x.next++;
        } else if (tr.code === 0 && mode !== "block") {
          s.txsAcceptedAtCheck++;
          x.next++;
        } else {
          // Refused at check: nothing queued; the sequence is read again after the restart.
          s.txsRefusedAtCheck++;
          unresolved.delete(sent.hash);
          log(`refused at check (signer ${x.n}, sequence ${sent.sequence}): code ${tr.code} ${tr.raw_log}`);
          return;
        }
      }
    };
    const poller = async () => {
      while (!stopped) {
        await Promise.race([sleep(100), stop]);
        try {
          for (const [hash, sent] of [...unresolved]) {
            if (stopped) return;
            const tr = await getTx(node.url, hash);
            if (tr !== undefined) record(sent, tr);
          }
          const h = BigInt((await http(`${node.url}/cosmos/base/tendermint/v1beta1/blocks/latest`)).json.block.header.height);
          if (h > reported) reported = h;
        } catch {
          return; // the node died
        }
      }
    };
    await Promise.all([...signers.map(worker), poller()]);
  };

  try {
    let expectHeight: bigint | undefined; // after a kill inside a commit: the restart's height
    for (let k = 0; k <= o.kills; k++) {
      if (overtime()) {
        violation(`gave up after ${timeoutMs} ms at kill ${k}`);
        break;
      }
      const last = k === o.kills;
      const inCommit = !last && inCommitEvery > 0 && k % inCommitEvery === inCommitEvery - 1;
      const commitN = inCommit ? between(schedule, commitLo, commitHi) : 0;
      const atStartup = !last && !inCommit && int(schedule, 1000) < startupPerMille;
      const startupDelay = atStartup ? between(schedule, 0, 2000) : 0;
      const aliveFor = between(schedule, aliveLo, aliveHi);
      run = spawnNode(dbPath, blockTime, commitN);
      const current = run;

      if (atStartup) {
        const serving = await Promise.race([current.ready.then(() => true, () => false), sleep(startupDelay).then(() => false)]);
        if (!serving) {
          if (!current.alive()) {
            violation(`restart failed: ${current.stderr().trim()}`);
            break;
          }
          await killNode(current);
          s.kills++;
          s.killsInStartup++;
          log(`kill ${s.kills}: during startup after ${startupDelay} ms`);
          continue;
        }
      }
      let node: { url: string; chainId: string; height: bigint };
      try {
        node = await within(current.ready, STARTUP_TIMEOUT_MS, "startup line");
      } catch (e) {
        violation(`restart failed: ${(e as Error).message}`);
        break;
      }
      s.restarts++;
      if (node.height > s.topHeight) s.topHeight = node.height;
      let checked = true;
      try {
        await afterRestart(node, expectHeight, last);
      } catch (e) {
        if (inCommit) await within(current.exited, 5_000, "exit").catch(() => undefined);
        if (!(inCommit && !current.alive())) {
          violation(`checks after restart ${s.restarts} failed: ${(e as Error).message}`);
          break;
        }
        checked = false; // the hook fired before the checks were done: they run again after the next restart
      }
      expectHeight = undefined;
      if (/chain halted/.test(current.stderr())) {
        violation(`the chain halted: ${current.stderr().trim()}`);
        break;
      }
      if (last) break;

      if (inCommit) {
        // The node kills itself in its commitN-th block's commit; load until then.
        const ended = within(current.exited, STARTUP_TIMEOUT_MS, "exit").catch(() => "timeout" as const);
        if (checked) await load(node, ended);
        const how = await ended;
        if (how === "timeout") {
          violation(`STAKING_ENGINE_CRASH_IN_COMMIT=${commitN} did not kill the node`);
          break;
        }
        if (how.signal !== "SIGKILL") {
          violation(`the node ended with code ${how.code}, signal ${how.signal} instead of its commit hook's SIGKILL: ${current.stderr().trim()}`);
          break;
        }
        expectHeight = node.height + BigInt(commitN) - 1n;
        s.kills++;
        s.killsInCommit++;
        log(`kill ${s.kills}: inside the commit of block ${expectHeight + 1n}`);
      } else {
        // SIGKILL at the instant, while the txs are in flight; the load runs until the node is gone.
        let byUs = false;
        const timer = sleep(aliveFor).then(() => {
          if (current.alive()) {
            byUs = true;
            current.child.kill("SIGKILL");
          }
        });
        await load(node, current.exited);
        await timer;
        if (!byUs) {
          violation(`the node died by itself: ${current.stderr().trim()}`);
          break;
        }
        s.kills++;
        s.killsDuringLoad++;
        log(`kill ${s.kills}: during load after ${aliveFor} ms`);
      }
    }
    // A clean stop, then replay from genesis.
    if (run?.alive()) {
      run.child.kill("SIGTERM");
      const end = await run.exited;
      if (end.code !== 0) violation(`clean stop: code ${end.code}, signal ${end.signal}: ${run.stderr().trim()}`);
    }
    const db = new Database(dbPath, { readonly: true });
    const top = (db.prepare("SELECT MAX(height) AS h FROM blocks").get() as { h: number }).h;
    s.blocksWithTxs = (db.prepare("SELECT COUNT(*) AS n FROM blocks WHERE tx_count > 0").get() as { n: number }).n;
    db.close();
    if (BigInt(top) > s.topHeight) s.topHeight = BigInt(top);
    const replayed = await cli("replay", "--db", dbPath);
    const line = replayed.stdout.trim();
    if (replayed.code !== 0 || !line.includes(`replay: ${top} blocks`) || !line.includes("every state hash matches")) {
      violation(`replay: code ${replayed.code}: ${line} ${replayed.stderr.trim().slice(-2000)}`);
    } else {
      s.replay = line;
    }
  } finally {
    process.off("exit", onExit);
    if (run) await killNode(run);
    await rm(dir, { recursive: true, force: true });
  }
  s.txsCommitted = committed.size;
  for (const c of committed.values()) s.codes[result(c)] = (s.codes[result(c)] ?? 0) + 1;
  s.wallMs = Date.now() - started;
  return s;
}
