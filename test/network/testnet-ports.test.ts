// The launcher's ports (host/cometbft/testnet-ports.ts): a base port whose nodes' ports reach the
// kernel's ephemeral range is refused with the range and a port that fits; the range is read from
// the system, Linux's default when it cannot be; bad launcher flags are one-line usage errors.

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

test("node i takes PORT+10i to +3: the span of N nodes", () => {
  assert.equal(portSpan(27000, 1), { low: 27000, high: 27003 });
  assert.equal(portSpan(27000, 5), { low: 27000, high: 27043 });
});

test("a span that ends below the range's start (or starts above its end) is accepted", () => {
  checkBasePort(27000, 5, LINUX);
  checkBasePort(32724, 5, LINUX); // ends at 32767
  checkBasePort(61000, 4, LINUX);
  checkBasePort(19966, 4, { low: 20000, high: 30000 });
});

test("a span reaching the range is refused, naming the range and a base port that fits", () => {
  const m = refusal(32725, 5, LINUX); // ends at 32768
  assert.match(m, "--base-port 32725");
  assert.match(m, "32725-32768");
  assert.match(m, "ephemeral port range 32768-60999");
  assert.match(m, "try --base-port 27000");
  assert.match(refusal(40000, 1, LINUX), "40000-40003");
  // A range that starts low: the largest base port below it.
  const low = refusal(19990, 4, { low: 20000, high: 30000 });
  assert.match(low, "ephemeral port range 20000-30000");
  assert.match(low, "try --base-port 19966");
  checkBasePort(19966, 4, { low: 20000, high: 30000 });
  // Nothing fits below: above it.
  assert.match(refusal(2000, 2, { low: 1030, high: 50000 }), "try --base-port 50001");
  assert.match(refusal(2000, 2, { low: 1030, high: 65530 }), "no base port fits outside it");
  assert.not.match(m, "\n");
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

test("the launcher refuses such a base port, and bad log flags, before starting anything", async () => {
  const dir = join(tmpdir(), `testnet-never-${process.pid}`);
  const { low } = readEphemeralRange();
  const r = await cli("testnet", "--validators", "2", "--base-port", String(low - 5), "--dir", dir);
  assert.is(r.code, 2, r.stderr);
  assert.match(r.stderr, /^error: --base-port \d+: the 2 nodes' ports .* reach the kernel's ephemeral port range \d+-\d+ .*; try --base-port \d+\n$/);
  for (const [flag, value] of [["--log-level", "loud"], ["--log-format", "xml"], ["--stall-timeout", "0s"], ["--start-timeout", "soon"]]) {
    const bad = await cli("testnet", flag!, value!, "--dir", dir);
    assert.is(bad.code, 2, `${flag} ${value}: ${bad.stderr}`);
    assert.match(bad.stderr, new RegExp(`^error: ${flag} "${value}": .*\\n$`));
  }
  const help = await cli("testnet", "--help");
  for (const flag of ["--keep-going", "--log-level", "--log-format", "--start-timeout", "--stall-timeout", "--until-height", "--base-port"]) {
    assert.match(help.stdout, flag);
  }
});

test.run();
