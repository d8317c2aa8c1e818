// The launcher's ports (host/cometbft/testnet-ports.ts): a base port whose nodes' ports reach the
// kernel's ephemeral range is allowed with a one-line warning naming the range, the risk, a port
// that fits and --restart; one past 65535 (or below 1024) is refused; the range is read from the
// system, Linux's default when it cannot be; bad launcher flags are one-line usage errors.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { UsageError } from "../../host/flags.js";
import { DEFAULT_EPHEMERAL_RANGE, checkBasePort, portSpan, readEphemeralRange } from "../../host/cometbft/testnet-ports.js";
import { cli } from "../helpers/cli.js";

const LINUX = { low: 32768, high: 60999 };
const refusal = (basePort: number, nodes: number, range: { low: number; high: number }): string => {
  try {
    checkBasePort(basePort, nodes, range);
  } catch (e) {
    assert.instance(e, UsageError);
    return (e as Error).message;
  }
  throw new Error(`--base-port ${basePort} with ${nodes} nodes accepted in ${range.low}-${range.high}`);
};
const warning = (basePort: number, nodes: number, range: { low: number; high: number }, restartHint = false): string => {
  const w = checkBasePort(basePort, nodes, range, { restartHint });
  if (w === undefined) throw new Error(`--base-port ${basePort} with ${nodes} nodes: no warning in ${range.low}-${range.high}`);
  return w;
};

test("node i takes PORT+10i to +3: the span of N nodes", () => {
  assert.equal(portSpan(27000, 1), { low: 27000, high: 27003 });
  assert.equal(portSpan(27000, 5), { low: 27000, high: 27043 });
});

test("a span that ends below the range's start (or starts above its end) is accepted without a word", () => {
  assert.is(checkBasePort(27000, 5, LINUX), undefined);
  assert.is(checkBasePort(32724, 5, LINUX), undefined); // ends at 32767
  assert.is(checkBasePort(61000, 4, LINUX), undefined);
  assert.is(checkBasePort(19966, 4, { low: 20000, high: 30000 }), undefined);
});

test("a span reaching the range is allowed with a one-line warning: the range, the risk, a base port that fits, --restart", () => {
  const m = warning(32725, 5, LINUX); // ends at 32768
  assert.match(m, /^warning: --base-port 32725: /);
  assert.match(m, "32725-32768");
  assert.match(m, "ephemeral port range 32768-60999");
  assert.match(m, "an outgoing connection may take a node's port at random");
  assert.match(m, "--base-port 27000 fits below it");
  assert.not.match(m, "--restart", "no --restart hint unless asked");
  assert.match(warning(32725, 5, LINUX, true), /--base-port 27000 fits below it, and --restart brings back a node that dies$/);
  assert.match(warning(40000, 1, { ...LINUX, source: "/proc/x" } as typeof LINUX), "40000-40003 reach the kernel's ephemeral port range 32768-60999 (/proc/x)");
  // A range that starts low: the largest base port below it.
  const low = warning(19990, 4, { low: 20000, high: 30000 });
  assert.match(low, "ephemeral port range 20000-30000");
  assert.match(low, "--base-port 19966 fits below it");
  // Nothing fits below: above it.
  assert.match(warning(2000, 2, { low: 1030, high: 50000 }), "--base-port 50001 fits above it");
  assert.match(warning(2000, 2, { low: 1030, high: 65530 }), "no base port fits outside it");
  assert.not.match(m, "\n");
});

test("ports past 65535 or below 1024 are refused", () => {
  assert.is(checkBasePort(65532, 1, LINUX), undefined); // ends at 65535
  assert.match(refusal(65533, 1, LINUX), "--base-port 65533: 1 nodes need ports up to 65536, past 65535");
  assert.match(refusal(65510, 4, LINUX), "4 nodes need ports up to 65543");
  assert.match(refusal(1000, 1, LINUX), "--base-port 1000: below 1024");
});

test("the range is read from the system's file; Linux's default when unreadable or malformed", async () => {
  const dir = await mkdtemp(join(tmpdir(), "ephemeral-"));
  try {
    const file = join(dir, "ip_local_port_range");
    await writeFile(file, "20000\t30000\n");
    assert.equal(readEphemeralRange(file), { low: 20000, high: 30000, source: file });
    await writeFile(file, "not a range\n");
    assert.equal(readEphemeralRange(file), { ...DEFAULT_EPHEMERAL_RANGE, source: "Linux's default" });
    assert.equal(readEphemeralRange(join(dir, "missing")), { ...DEFAULT_EPHEMERAL_RANGE, source: "Linux's default" });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("the launcher refuses ports past 65535, and bad log and restart flags, before starting anything", async () => {
  const dir = join(tmpdir(), `testnet-never-${process.pid}`);
  const r = await cli("testnet", "--validators", "2", "--base-port", "65525", "--dir", dir);
  assert.is(r.code, 2, r.stderr);
  assert.is(r.stderr, "error: --base-port 65525: 2 nodes need ports up to 65538, past 65535\n");
  const bad = [["--log-level", "loud"], ["--log-format", "xml"], ["--stall-timeout", "0s"], ["--start-timeout", "soon"], ["--restart-window", "0m"], ["--restart-limit", "0"]];
  for (const [flag, value] of bad) {
    const r = await cli("testnet", "--restart", flag!, value!, "--dir", dir);
    assert.is(r.code, 2, `${flag} ${value}: ${r.stderr}`);
    assert.match(r.stderr, new RegExp(`^error: ${flag} "?${value}"?: .*\\n$`));
  }
  const noBinary = await cli("testnet", "--cometbft", join(dir, "no-such-cometbft"), "--dir", dir);
  assert.is(noBinary.code, 2, noBinary.stderr);
  assert.match(noBinary.stderr, /^error: --cometbft ".*no-such-cometbft": no such file\n$/);
  const help = await cli("testnet", "--help");
  for (const flag of ["--cometbft", "--keep-going", "--log-level", "--log-format", "--start-timeout", "--stall-timeout", "--until-height", "--base-port", "--restart", "--restart-limit", "--restart-window"]) {
    assert.match(help.stdout, flag);
  }
});

test.run();
