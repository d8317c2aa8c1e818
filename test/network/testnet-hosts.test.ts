// A network across machines (host/cometbft/testnet-hosts.ts), on loopback: `testnet init --hosts
// 127.0.0.2,…,127.0.0.5` writes one home per host (peers at each other's address, the same ports
// on every host, each validator's key), then one `testnet node --home` per host (its own process,
// as each machine would run it) makes blocks with the others; all agree on the app hash; SIGTERM
// stops each cleanly (exit 0). Bad --hosts are usage errors; a base port in the ephemeral range
// is a warning.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { cometStatus, headerAppHash } from "../../host/cometbft/testnet.js";
import { initCommand, type HostNode } from "../../host/cometbft/testnet-hosts.js";
import { readEphemeralRange } from "../../host/cometbft/testnet-ports.js";
import { consensusKey } from "../../host/modules/staking/consensus-key.js";
import { UsageError } from "../../host/flags.js";
import { base64 } from "@scure/base";

const CLI = fileURLToPath(new URL("../../host/cli.ts", import.meta.url));
const dir = await mkdtemp(join(tmpdir(), "testnet-hosts-"));
const children: ChildProcess[] = [];
test.after(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  await rm(dir, { recursive: true, force: true });
});
const hosts = ["127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"];
// Below the ephemeral range; the same ports on every host (each its own address).
const basePort = 20_000 + Math.floor(Math.random() * 1_200) * 10;

/** Run `init` in-process, its stdout captured (and its stderr, in `err`). */
let err = "";
async function init(argv: string[]): Promise<{ code: number; out: string }> {
  let out = "";
  err = "";
  const write = process.stdout.write.bind(process.stdout);
  const errWrite = process.stderr.write.bind(process.stderr);
  process.stdout.write = ((t: string) => ((out += t), true)) as typeof process.stdout.write;
  process.stderr.write = ((t: string) => ((err += t), true)) as typeof process.stderr.write;
  try {
    return { code: await initCommand(argv), out };
  } finally {
    process.stdout.write = write;
    process.stderr.write = errWrite;
  }
}

test("bad --hosts are usage errors", async () => {
  for (const [argv, why] of [
    [["--out", join(dir, "x")], /--hosts: give the machines/],
    [["--hosts", "127.0.0.2,127.0.0.2", "--out", join(dir, "x")], /named twice/],
    [["--hosts", "127.0.0.2,,127.0.0.3", "--out", join(dir, "x")], /comma-separated/],
    [["--hosts", "127.0.0.2", "--validators", "2", "--out", join(dir, "x")], /must be at most 1/],
    [["--hosts", "127.0.0.2", "--base-port", "65533", "--out", join(dir, "x")], /--base-port 65533: 1 nodes need ports up to 65536, past 65535/],
  ] as const) {
    const e = await init([...argv]).catch((x: Error) => x);
    assert.instance(e, UsageError, String(argv));
    assert.match((e as Error).message, why);
  }
  // Inside the ephemeral range: a warning (here before the next flag's error), no refusal.
  const inside = readEphemeralRange().low + 100;
  const e = await init(["--hosts", "127.0.0.2", "--validators", "2", "--base-port", `${inside}`, "--out", join(dir, "x")]).catch((x: Error) => x);
  assert.match((e as Error).message, /must be at most 1/);
  assert.match(err, new RegExp(`^warning: --base-port ${inside}: the 1 nodes' ports ${inside}-${inside + 3} reach the kernel's ephemeral port range [0-9]+-[0-9]+ .*; --base-port [0-9]+ fits below it\n$`));
});

test("init writes one home per host and prints each host's command; four hosts make blocks together", async () => {
  const out = join(dir, "net");
  const r = await init(["--hosts", hosts.join(","), "--out", out, "--base-port", `${basePort}`, "--block-interval", "300ms"]);
  assert.is(r.code, 0);
  const specs: HostNode[] = [];
  for (const [i, h] of hosts.entries()) {
    assert.ok(r.out.includes(`${h}: npm run testnet -- node --home ${join(out, h)}`), r.out);
    const spec = JSON.parse(await readFile(join(out, h, "node.json"), "utf8")) as HostNode;
    specs.push(spec);
    assert.equal(spec.ports, { abci: basePort, rpc: basePort + 1, p2p: basePort + 2, rest: basePort + 3 });
    assert.is(spec.listen.p2p, h);
    assert.is(spec.peers.length, 3);
    assert.ok(spec.peers.every((p) => p.endsWith(`:${basePort + 2}`) && !p.includes(`@${h}:`)));
    const toml = await readFile(join(out, h, "cometbft", "config", "config.toml"), "utf8");
    assert.ok(toml.includes(`laddr = "tcp://${h}:${basePort + 2}"`));
    assert.ok(toml.includes(`external_address = "${h}:${basePort + 2}"`));
    const key = JSON.parse(await readFile(join(out, h, "cometbft", "config", "priv_validator_key.json"), "utf8"));
    assert.is(key.pub_key.value, base64.encode(consensusKey("chainmain-local", spec.operator).pub), `validator ${i + 1}'s own key`);
    const op = JSON.parse(await readFile(join(out, h, "operator_key.json"), "utf8"));
    assert.is(op.key, i + 1);
  }
  assert.is(new Set(specs.map((s) => s.operator)).size, 4);
  const genesis = await Promise.all(hosts.map((h) => readFile(join(out, h, "genesis.json"), "utf8")));
  assert.ok(genesis.every((g) => g === genesis[0]), "the same genesis on every host");

  for (const h of hosts) {
    children.push(spawn(process.execPath, ["--import", "tsx", CLI, "testnet", "node", "--home", join(out, h)], { stdio: "ignore" }));
  }
  const rpcs = hosts.map((h) => `http://${h}:${basePort + 1}`);
  const until = Date.now() + 180_000;
  for (;;) {
    const heights = await Promise.all(rpcs.map(async (u) => (await cometStatus(u))?.height ?? -1n));
    if (heights.every((x) => x >= 4n)) break;
    if (children.some((c) => c.exitCode !== null)) throw new Error(`a host's node ended: ${children.map((c) => c.exitCode).join(", ")}`);
    if (Date.now() > until) throw new Error(`no height 4 on every host: ${heights.join(", ")}`);
    await new Promise((res) => setTimeout(res, 300));
  }
  const hashes = await Promise.all(rpcs.map((u) => headerAppHash(u, 4n)));
  assert.ok(hashes[0] !== undefined && hashes.every((x) => x === hashes[0]), hashes.join(", "));
  const validators = (await (await fetch(`${rpcs[0]}/validators`)).json()) as { result: { total: string } };
  assert.is(validators.result.total, "4");
  const codes = await Promise.all(children.map((c) => new Promise<number | null>((res) => {
    c.once("exit", (code) => res(code));
    c.kill("SIGTERM");
  })));
  assert.equal(codes, [0, 0, 0, 0]);
});

test.run();
