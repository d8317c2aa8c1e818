// `node --import tsx bench/txcost-profile.ts [--on-demand] [--rounds N] [--prof DIR]`: this node as
// `npm run bench -- chain-maind` runs it (host/main.ts in its own process, real clock, 1 s blocks, or
// --on-demand-blocks), driven by that bench's tx phase alone (no chain-maind needed): each round signs
// 1,000 sends (20 signers x 50) and sends them through broadcast_tx_sync over 20 keep-alive
// connections while the bench polls (status every 20 ms, block of each new height), then prints the
// node's CPU per tx. With --prof DIR the node runs under `node --cpu-prof --cpu-prof-dir=DIR`
// (summarise with bench/cpuprofile-summary.ts).
import { writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cpuLine, referenceGenesis, signRound, txRound, type Target } from "./chain-maind.js";
import { startChild } from "./load.js";
import { loadAverage } from "./stats.js";

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(name);
const opt = (name: string) => { const i = argv.indexOf(name); return i >= 0 ? argv[i + 1] : undefined; };
const rounds = Number(opt("--rounds") ?? 3);
const prof = opt("--prof");

const dir = await mkdtemp(join(tmpdir(), "txcost-"));
const genesis = referenceGenesis();
const genesisFile = join(dir, "genesis.json");
writeFileSync(genesisFile, JSON.stringify(genesis));
const { child, url, rpc } = await startChild(join(dir, "node.db"), "1s", (m) => { if (!/ INFO /.test(m)) console.error(m); }, {
  args: ["--genesis", genesisFile, ...(flag("--on-demand") ? ["--on-demand-blocks"] : [])],
  // --node-arg X (repeatable): a flag for the node's own node (V8's, e.g. --max-semi-space-size=32).
  nodeArgs: [...(prof ? ["--cpu-prof", `--cpu-prof-dir=${prof}`] : []), ...argv.flatMap((a, i) => (a === "--node-arg" ? [argv[i + 1]!] : []))],
});
const t: Target = { name: "node", rest: url, rpc, pid: () => child.pid! };
try {
  for (let r = 0; r < rounds; r++) {
    const queues = await signRound(t, genesis.chain_id);
    const x = await txRound(t, queues);
    console.log(`  ${cpuLine(x.cpu)}\n  ${x.blockLine}`);
    console.log(`round ${r + 1}: accepted ${x.accepted.toFixed(0)} tx/s, committed ${x.committed.toFixed(0)} tx/s, refused ${x.refused}, node CPU ${(x.cpuMsPerTx * 1000).toFixed(0)} µs/tx; load ${loadAverage()}`);
  }
} finally {
  child.kill("SIGTERM");
  await new Promise((r) => (child.exitCode !== null ? r(undefined) : child.once("exit", r)));
  await rm(dir, { recursive: true, force: true });
}
