// `npm run testnet` supervises its network (host/cometbft/testnet-command.ts, testnet-supervise.ts),
// run as a user runs it, a child process: a node whose app cannot listen (its ABCI port held
// here) is reported with the EADDRINUSE line of its log and the launcher stops the network and
// exits 1, or with --keep-going keeps the other node running; an app killed with kill -9 is
// reported; --until-height prints the heights and fails when a node stops making blocks (its app
// SIGSTOPped); --log-level and --log-format reach every app. Every run leaves no process behind.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CLI, ROOT } from "../helpers/cli.js";

const root = await mkdtemp(join(tmpdir(), "testnet-supervise-"));
// Below the ephemeral range; two nodes take PORT..PORT+13, and each test has its own ports (a
// failed test's network, stopped only after the suite, never holds the next test's).
const firstPort = 20_000 + Math.floor(Math.random() * 1_100) * 10;
let basePort = firstPort;
test.before.each(() => {
  basePort += 20;
});
const launched: Launcher[] = [];
let runs = 0;

interface Launcher {
  child: ChildProcess;
  dir: string;
  stdout: string;
  stderr: string;
  exited: Promise<number | null>;
}

function launch(...args: string[]): Launcher {
  const dir = join(root, `net${runs++}`);
  const child = spawn(process.execPath, ["--import", "tsx", CLI, "testnet", "--dir", dir, ...args], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  const l: Launcher = { child, dir, stdout: "", stderr: "", exited: new Promise((res) => child.once("exit", (code) => res(code))) };
  child.stdout!.setEncoding("utf8").on("data", (d: string) => (l.stdout += d));
  child.stderr!.setEncoding("utf8").on("data", (d: string) => (l.stderr += d));
  launched.push(l);
  return l;
}

/** Wait (generously) until `seen` finds something in the launcher's output. */
async function waitFor<T>(l: Launcher, seen: (out: string) => T | undefined | null, what: string, ms = 180_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = seen(l.stdout + l.stderr);
    if (found !== undefined && found !== null) return found;
    if (Date.now() > until || l.child.exitCode !== null || l.child.signalCode !== null) {
      throw new Error(`${what}: not seen (exit ${l.child.exitCode ?? l.child.signalCode}); stdout:\n${l.stdout}\nstderr:\n${l.stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
const matching = (re: RegExp) => (out: string) => re.exec(out);
/** A `heights:` line with every node at `h` or above. */
const heightsAtLeast = (h: bigint) => (out: string) =>
  out.split("\n").find((line) => line.startsWith("heights: ") && line.slice(9).split(" ").every((x) => /^[0-9]+$/.test(x) && BigInt(x) >= h));

async function exitCode(l: Launcher, ms = 180_000): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, rej) => (timer = setTimeout(() => rej(new Error(`the launcher did not exit; stderr:\n${l.stderr}`)), ms)));
  try {
    return await Promise.race([l.exited, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Pids of the processes started for network `dir` (every node's command line names its directory). */
function processesOf(dir: string): number[] {
  const r = spawnSync("pgrep", ["-f", dir], { encoding: "utf8" });
  return r.stdout.split("\n").filter((s) => s !== "").map(Number);
}

function hold(port: number): Promise<Server> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once("error", rej);
    s.listen(port, "127.0.0.1", () => res(s));
  });
}

test.after(async () => {
  for (const l of launched) {
    if (l.child.exitCode === null && l.child.signalCode === null) {
      l.child.kill("SIGINT");
      await l.exited;
    }
    // Whatever a failed test left: only this suite's processes (their command lines name its directory).
    for (const pid of processesOf(l.dir)) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // Gone already.
      }
    }
  }
  await rm(root, { recursive: true, force: true });
});

test("an app that cannot listen (its ABCI port held): reported with its log's address-in-use line; the network stopped; exit 1", async () => {
  const port = basePort + 10;
  const held = await hold(port);
  try {
    const l = launch("--validators", "2", "--base-port", String(basePort), "--block-interval", "300ms");
    assert.is(await exitCode(l), 1, l.stderr);
    assert.match(l.stderr, new RegExp(`validator 1: its app \\(pid [0-9]+\\) exited with code 1; last lines of ${l.dir}/node1/app.log:\\n`));
    assert.match(l.stderr, new RegExp(`  \\| error: cannot listen on 127\\.0\\.0\\.1:${port}: address already in use\\n`));
    assert.match(l.stderr, "choose another --base-port");
    assert.not.match(l.stdout, /validator 1 .*REST/, "validator 1 is never shown as serving");
    assert.not.match(l.stderr, /validator 0:/, "validator 0 did not fail");
    assert.equal(processesOf(l.dir), [], "every process stopped");
  } finally {
    held.close();
  }
});

test("--keep-going: the same failure reported, the other node kept running until Ctrl-C; exit 1", async () => {
  const held = await hold(basePort + 10);
  try {
    const l = launch("--validators", "2", "--base-port", String(basePort), "--block-interval", "300ms", "--keep-going");
    await waitFor(l, matching(/validator 1: its app \(pid [0-9]+\) exited with code 1; last lines of .*\n  \| error: cannot listen on .*: address already in use\n/), "the report");
    await waitFor(l, matching(/1 of 2 nodes up; Ctrl-C stops them\n/), "the others up");
    assert.is(l.child.exitCode, null, "still running");
    const rest = await fetch(`http://127.0.0.1:${basePort + 3}/`);
    assert.ok(rest.status < 500, `validator 0's REST answers (${rest.status})`);
    const status = await fetch(`http://127.0.0.1:${basePort + 1}/status`);
    assert.is(status.status, 200, "validator 0's CometBFT answers");
    assert.ok(processesOf(l.dir).length >= 3, "validator 0's app and CometBFT, validator 1's CometBFT");
    l.child.kill("SIGINT");
    assert.is(await exitCode(l), 1, "a node failed");
    assert.match(l.stderr, "stopping the network");
    assert.equal(processesOf(l.dir), [], "every process stopped");
  } finally {
    held.close();
  }
});

test("kill -9 of one app of a running network: reported with its signal and its log's last lines (--log-format json); exit 1", async () => {
  const l = launch(
    "--validators", "2", "--base-port", String(basePort), "--block-interval", "300ms", "--until-height", "1000000", "--stall-timeout", "300s",
    "--log-format", "json",
  );
  const pid = Number((await waitFor(l, matching(/validator 1 \S+: REST .* pids: app ([0-9]+),/), "validator 1 up"))[1]);
  await waitFor(l, heightsAtLeast(2n), "both nodes past height 2, the heights printed");
  process.kill(pid, "SIGKILL");
  assert.is(await exitCode(l), 1, l.stderr);
  const report = new RegExp(`validator 1: its app \\(pid ${pid}\\) was killed by SIGKILL; last lines of ${l.dir}/node1/app.log:\\n((?:  \\| .*\\n)+)`).exec(l.stderr);
  assert.ok(report, l.stderr);
  const tail = report![1]!.trimEnd().split("\n");
  assert.ok(tail.length >= 1 && tail.length <= 15, `${tail.length} lines`);
  assert.match(report![1]!, /  \| \{"time":"[^"]+","level":"info","msg":"blocks?"/, "the app's block lines, as JSON");
  assert.not.match(l.stderr, /validator 0:/);
  assert.equal(processesOf(l.dir), []);
});

test("--until-height: a node that stops making blocks (its app SIGSTOPped) fails the wait with the heights; exit 1", async () => {
  const l = launch(
    "--validators", "2", "--base-port", String(basePort), "--block-interval", "300ms", "--until-height", "1000000", "--stall-timeout", "20s",
    "--log-level", "warn",
  );
  const pid = Number((await waitFor(l, matching(/validator 1 \S+: REST .* pids: app ([0-9]+),/), "validator 1 up"))[1]);
  await waitFor(l, heightsAtLeast(2n), "both nodes past height 2");
  process.kill(pid, "SIGSTOP");
  try {
    // Without validator 1's vote (half the power) no block is made: both stall.
    assert.is(await exitCode(l), 1, l.stderr);
  } finally {
    try {
      process.kill(pid, "SIGCONT");
    } catch {
      // Killed by the launcher's stop (SIGKILL once SIGTERM had no effect).
    }
  }
  // Both nodes stall (no block without half the power): whichever the launcher sees first is named.
  assert.match(l.stderr, /validator [01].*: no new block for 20s, short of height 1000000; heights: [0-9]+ [0-9]+ /, l.stderr);
  assert.not.match(l.stderr, /its app .* (exited|killed)/, "no process died on its own");
  assert.equal(processesOf(l.dir), [], "the stopped app too");
  const log = await readFile(join(l.dir, "node0", "app.log"), "utf8");
  assert.match(log, "serving http://", "the app's start line");
  assert.not.match(log, /INFO|block height=/, "--log-level warn: no block lines");
});

test.run();
