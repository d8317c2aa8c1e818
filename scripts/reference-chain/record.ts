// Records what the reference chain-maind answers to a workload: a fresh single-validator chain from the
// recorded genesis (BUILD.md's "Run it as the recording did"), the workload's txs signed by CosmJS and sent
// one after another, the answers written as JSON fixtures, the chain stopped. See README.md here.

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { binaryExists, chainVersion, choosePorts, initHome, start, stop } from "./lib/chain.js";
import { Recorder } from "./lib/recorder.js";
import { context, type Ctx } from "./workloads/common.js";
import * as distributionBankGov from "./workloads/distribution-bank-gov.js";
import * as authzFeegrantVesting from "./workloads/authz-feegrant-vesting.js";
import * as govParams from "./workloads/gov-params.js";
import * as aminoJson from "./workloads/amino-json.js";
import * as nft from "./workloads/nft.js";
import * as upgradeCircuit from "./workloads/upgrade-circuit.js";
import * as group from "./workloads/group.js";
import * as groupExec from "./workloads/group-exec.js";
import * as exportMix from "./workloads/export-mix.js";
import * as ibcEvidence from "./workloads/ibc-evidence.js";
import * as govSigners from "./workloads/gov-signers.js";

const WORKLOADS: Record<string, (ctx: Ctx) => Promise<void>> = {
  [distributionBankGov.NAME]: distributionBankGov.run,
  [authzFeegrantVesting.NAME]: authzFeegrantVesting.run,
  [govParams.NAME]: govParams.run,
  [aminoJson.NAME]: aminoJson.run,
  [nft.NAME]: nft.run,
  [upgradeCircuit.NAME]: upgradeCircuit.run,
  [group.NAME]: group.run,
  [groupExec.NAME]: groupExec.run,
  [exportMix.NAME]: exportMix.run,
  [ibcEvidence.NAME]: ibcEvidence.run,
  [govSigners.NAME]: govSigners.run,
};

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const HELP = `Usage: node --import tsx scripts/reference-chain/record.ts --workload NAME [options]

Starts a fresh chain-maind (single validator from dev key 1, the recorded genesis' app_state, 1 s blocks,
minimum gas price 0basecro, REST on), sends the workload with CosmJS, writes
<out>/{workload-results,txs-and-blocks,genesis}.json, stops the chain.

  --workload NAME   ${Object.keys(WORKLOADS).join(" | ")} | all
  --bin PATH        chain-maind (default .tools/chain-maind/bin/chain-maind, built by build.sh)
  --genesis PATH    genesis whose app_state and consensus params are used
                    (default /work/shared/reference-chain/genesis.json)
  --home DIR        chain home, wiped first (default .tools/chain-maind/home/<workload>)
  --out DIR         fixture folder (default test/reference-chain/<workload>)
  --port-base N     RPC N, P2P N+1, proxy_app N+2, REST N+3, gRPC N+4 (default: free ports)
  -h, --help        this text`;

const json = (v: unknown) => JSON.stringify(v, (_, x) => (typeof x === "bigint" ? x.toString() : x), 1) + "\n";

async function record(name: string, o: { bin: string; genesis: string; home?: string; out?: string; portBase?: number }): Promise<void> {
  const home = resolve(o.home ?? join(ROOT, ".tools", "chain-maind", "home", name));
  const out = resolve(o.out ?? join(ROOT, "test", "reference-chain", name));
  const reference = JSON.parse(readFileSync(o.genesis, "utf8"));
  const ports = await choosePorts(o.portBase);
  console.error(`[${name}] home ${home}, ports ${JSON.stringify(ports)}`);
  const chain = initHome(o.bin, home, reference, ports);
  const stopOnSignal = () => { void stop(chain).then(() => process.exit(130)); };
  process.once("SIGINT", stopOnSignal);
  process.once("SIGTERM", stopOnSignal);
  try {
    await start(chain);
    const r = new Recorder(chain, (s) => console.error(`[${name}] ${s}`));
    await WORKLOADS[name]!(await context(r));
    const blocks = await r.blocks();
    mkdirSync(out, { recursive: true });
    const version = JSON.parse(chainVersion(o.bin));
    const binary = { name: version.name, server_name: version.server_name, version: version.version, commit: version.commit, go: version.go, build_tags: version.build_tags };
    writeFileSync(join(out, "workload-results.json"), json({ workload: name, binary, results: r.results, ...r.extra }));
    writeFileSync(join(out, "txs-and-blocks.json"), json({ txs: r.txs, blocks }));
    writeFileSync(join(out, "genesis.json"), json(chain.genesis));
    const failed = r.results.filter((x) => x.check.code !== 0 || (x.deliver?.code ?? 0) !== 0).length;
    console.error(`[${name}] wrote ${out}: ${r.results.length} txs (${failed} refused), ${blocks.length} blocks`);
  } finally {
    process.off("SIGINT", stopOnSignal);
    process.off("SIGTERM", stopOnSignal);
    await stop(chain);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      workload: { type: "string" }, bin: { type: "string" }, genesis: { type: "string" }, home: { type: "string" },
      out: { type: "string" }, "port-base": { type: "string" }, help: { type: "boolean", short: "h" },
    },
  });
  if (values.help || !values.workload) { console.log(HELP); process.exit(values.help ? 0 : 2); }
  const bin = resolve(values.bin ?? join(ROOT, ".tools", "chain-maind", "bin", "chain-maind"));
  if (!binaryExists(bin)) throw new Error(`no chain-maind at ${bin}: run scripts/reference-chain/build.sh first`);
  const names = values.workload === "all" ? Object.keys(WORKLOADS) : [values.workload];
  for (const n of names) if (!(n in WORKLOADS)) throw new Error(`unknown workload ${n} (${Object.keys(WORKLOADS).join(", ")})`);
  if (names.length > 1 && (values.home || values.out)) throw new Error("--home and --out name one workload's folders");
  const portBase = values["port-base"] === undefined ? undefined : Number(values["port-base"]);
  for (const n of names) {
    await record(n, { bin, genesis: values.genesis ?? "/work/shared/reference-chain/genesis.json", home: values.home, out: values.out, portBase });
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
