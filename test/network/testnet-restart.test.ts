// `npm run testnet -- --restart` (host/cometbft/testnet-command.ts, testnet-supervise.ts), run as a
// user runs it, a child process, on a base port inside the kernel's ephemeral range (allowed, with
// a one-line warning): validator 1's app killed with kill -9 is reported with its log's last lines,
// then validator 1 is brought back (a new app and a new CometBFT) instead of the network being
// stopped; both nodes go on to later blocks with one app hash. Killed again, Ctrl-C during that
// restart still stops every process, exit 0 (no node failed for good).

import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawn, spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cometStatus, headerAppHash } from "../../host/cometbft/testnet.js";
import { readEphemeralRange } from "../../host/cometbft/testnet-ports.js";
import { CLI, ROOT } from "../helpers/cli.js";

const root = await mkdtemp(join(tmpdir(), "testnet-restart-"));
const dir = join(root, "net");
let stdout = "";
let stderr = "";
let child: ReturnType<typeof spawn> | undefined;

/** Pids of the processes started for the network (every node's command line names its directory). */
function processesOf(d: string): number[] {
  return spawnSync("pgrep", ["-f", d], { encoding: "utf8" }).stdout.split("\n").filter((s) => s !== "").map(Number);
}

const free = (port: number) => new Promise<boolean>((res) => {
  const s = createServer();
  s.once("error", () => res(false));
  s.listen(port, "127.0.0.1", () => s.close(() => res(true)));
});

/** A base port whose two nodes' ports (PORT..PORT+13) lie inside the ephemeral range and are free now. */
async function ephemeralBasePort(): Promise<number> {
  const { low, high } = readEphemeralRange();
  for (let tries = 0; tries < 50; tries++) {
    const base = low + 100 + Math.floor(Math.random() * ((high - low - 200) / 10)) * 10;
    let ok = true;
    for (let p = base; p < base + 14 && ok; p++) ok = await free(p);
    if (ok) return base;
  }
  throw new Error("no free ports in the ephemeral range");
}

async function waitFor<T>(what: string, seen: () => T | undefined | null | Promise<T | undefined | null>, ms = 180_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = await seen();
    if (found !== undefined && found !== null && found !== false) return found;
    if (Date.now() > until || child!.exitCode !== null || child!.signalCode !== null) {
      throw new Error(`${what}: not seen (exit ${child!.exitCode ?? child!.signalCode}); stdout:\n${stdout}\nstderr:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

test.after(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill("SIGINT");
    await new Promise((r) => child!.once("exit", r));
  }
  for (const pid of processesOf(dir)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Gone already.
    }
  }
  await rm(root, { recursive: true, force: true });
});

test("--restart: a validator's app killed with kill -9 is reported, restarted with its CometBFT, and catches up; Ctrl-C during a restart stops it all", async () => {
  const basePort = await ephemeralBasePort();
  child = spawn(process.execPath, [
    "--import", "tsx", CLI, "testnet", "--dir", dir, "--validators", "2", "--base-port", String(basePort), "--block-interval", "300ms",
    "--restart", "--restart-limit", "3",
  ], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.setEncoding("utf8").on("data", (d: string) => (stdout += d));
  child.stderr!.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  const exited = new Promise<number | null>((res) => child!.once("exit", (code) => res(code)));

  const up = await waitFor("validator 1 up", () => /validator 1 \S+: REST .* pids: app ([0-9]+), cometbft ([0-9]+)\n/.exec(stdout));
  const [appPid, cometPid] = [Number(up[1]), Number(up[2])];
  // Allowed inside the ephemeral range, with the warning first (no --restart hint: it is given).
  assert.match(stderr, new RegExp(`^warning: --base-port ${basePort}: the 2 nodes' ports ${basePort}-${basePort + 13} reach the kernel's ephemeral port range [0-9]+-[0-9]+ .*; --base-port [0-9]+ fits below it\n`));
  const rpc = [1, 11].map((d) => `http://127.0.0.1:${basePort + d}`);
  const heights = async () => Promise.all(rpc.map(async (r) => (await cometStatus(r))?.height ?? -1n));
  await waitFor("both nodes at height 2", async () => (await heights()).every((h) => h >= 2n));

  process.kill(appPid, "SIGKILL");
  const killedAt = (await heights()).reduce((a, b) => (a > b ? a : b));
  const report = new RegExp(`validator 1: its app \\(pid ${appPid}\\) was killed by SIGKILL; last lines of ${dir}/node1/app.log:\n(?:  \\| .*\n)+`);
  const restarted = await waitFor("the restart", () => /validator 1: restarted \(1 of 3\); pids: app ([0-9]+), cometbft ([0-9]+)\n/.exec(stderr));
  assert.match(stderr, report);
  assert.ok(stderr.indexOf("validator 1: restarted") > stderr.search(report), "the report comes first");
  const [newApp, newComet] = [Number(restarted[1]), Number(restarted[2])];
  assert.ok(newApp !== appPid && newComet !== cometPid, "a new app and a new CometBFT");
  assert.not.match(stderr, /validator 0:/, "validator 0 untouched");
  assert.not.match(stderr, "a node failed");

  // Both nodes make later blocks (two validators: none without validator 1) with one app hash.
  const target = killedAt + 3n;
  await waitFor(`both nodes past height ${target}`, async () => (await heights()).every((h) => h > target));
  const hashes = await Promise.all(rpc.map((r) => headerAppHash(r, target + 1n)));
  assert.ok(hashes[0] !== undefined && /^[0-9A-F]{64}$/.test(hashes[0]), `${hashes[0]}`);
  assert.is(hashes[1], hashes[0], `height ${target}: one app hash`);
  process.kill(newApp, 0); // still running: supervised, not replaced again
  assert.is((await readFile(join(dir, "node1", "app.log"), "utf8")).match(/serving http:\/\//g)?.length, 2, "validator 1's app started twice");

  // Killed again: Ctrl-C while it is being brought back still stops every process.
  process.kill(newApp, "SIGKILL");
  await waitFor("the second report", () => stderr.includes(`validator 1: its app (pid ${newApp}) was killed by SIGKILL`));
  child.kill("SIGINT");
  assert.is(await exited, 0, stderr);
  assert.match(stderr, "stopping the network");
  assert.equal(processesOf(dir), [], "every process stopped");
});

test.run();
