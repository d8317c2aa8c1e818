// The sections of `npm run bench` that run alone (`npm run bench -- <section>`), its --help, and
// the check of its arguments. Without an argument the full run (index.ts) goes on.

import { loadMain } from "./load.js";
import { sigMain } from "./sig.js";
import { rpcMain } from "./rpc.js";
import { scenarioMain } from "./scenario.js";
import { montecarloMain } from "./montecarlo.js";
import { networkMain } from "./network.js";
import { scaleMain } from "./scale.js";
import { decodeMain } from "./decode.js";
import { snapshotMain } from "./snapshot.js";
import { soakMain, soakOptions } from "./soak.js";
import { renderMain } from "./render.js";
import { maindMain } from "./chain-maind.js";

/**
 * `--help`, or the one section named in `sectionArgs` (the process exits with its code); an
 * unknown name exits 2. Returns only when no section was named: the full run goes on.
 */
export async function standaloneSection(sectionArgs: string[]): Promise<void> {
  if (sectionArgs.includes("--help") || sectionArgs.includes("-h")) {
    console.log(
      "Usage: npm run bench [-- load|sig|rpc|scenario|montecarlo|network|scale|decode|snapshot|render|chain-maind|soak [--minutes N]]\n\n" +
        "Without an argument: every section (core arithmetic, emission, ledger and tier loops against their\n" +
        "BigInt baselines, the node, and the load section), medians and ratios, results under bench/results/.\n" +
        "  load   only section h: 50 connections for 30 s against a real-clock node with a trickle of\n" +
        "         signed txs (req/s, p50/p99, errors, RSS over time, block interval drift)\n" +
        "  sig    only the signature section: libsecp256k1 vs @noble verify rate, CosmJS-signed protobuf\n" +
        "         txs ingested through CheckTx and through HTTP, a block commit of 1,000 records\n" +
        "         (BENCH_SIG_WARMUP: uncounted CheckTx rounds of each kind first, default 2)\n" +
        "  rpc    only the RPC section: abci_query vs the REST route of the same query (tiers, a balance),\n" +
        "         and 100 WebSocket subscribers' NewBlock delays\n" +
        "  scenario  only the scenario engine: a 5-year, 100-validator scenario with tier cohorts against the\n" +
        "         same chain with an empty scenario, and a 10-point sweep on threads against one thread\n" +
        "  montecarlo  only issue 37's done-when: 100 Monte-Carlo runs of the 5-year default with 1-minute blocks on the\n" +
        "         cores (target <= 120 s) against one run alone, and one run's cost with 5 s blocks\n" +
        "  network   only the 4-validator CometBFT network of this node against the single-process node:\n" +
        "         signed-tx throughput and commit-to-commit time at 1 s blocks\n" +
        "         (BENCH_NETWORK_SIZES, BENCH_NETWORK_TXS per sender, BENCH_NETWORK_WARMUP uncounted txs per sender first,\n" +
        "         BENCH_NETWORK_SPREAD=0 skips the senders-spread figure, BENCH_NETWORK_COMETBFT another CometBFT binary)\n" +
        "  scale     only the mainnet-sized state: genesis documents of 10k, 100k and 1M accounts (100 validators,\n" +
        "         a delegation each, a tier position per 10; BENCH_SCALE_SIZES=10000,100000 for others): import,\n" +
        "         restart, RSS, core memory and bytes per record, empty and 1,000-tx blocks, query p50/p99, SQLite size\n" +
        "  decode    only the tx decoder: proposals nested N = 5 … 1,000 deep against a one-message tx\n" +
        "  render    only the answers' rendering: the load's GET answers and abci_query's validators, reflective\n" +
        "         gateway JSON vs the compiled writers vs protobuf-es toJson, and toBinary, µs per answer (chain in memory)\n" +
        "  chain-maind  this node against the reference chain-maind (.tools/chain-maind/bin/chain-maind or BENCH_CHAIN_MAIND;\n" +
        "         skipped without it) on the same genesis, alternating rounds (BENCH_MAIND_ROUNDS, default 3): 16 connections\n" +
        "         over 3 REST query paths, 1,000 pre-signed sends through broadcast_tx_sync (accepted/s, committed/s), RSS\n" +
        "         after the load; ratios against issue 35's done-when (queries >= 5x, txs >= 2x, RSS <= 1x)\n" +
        "         (BENCH_MAIND_CADENCE=1s|fast|both, BENCH_MAIND_WARMUP uncounted rounds, default 1; the chain not measured\n" +
        "         is stopped during the other's tx round unless BENCH_MAIND_PAUSE=0; BENCH_MAIND_ALIGN=0: rounds not started at a block)\n" +
        "  snapshot  only dev mode's snapshot and revert on 100,000 accounts (BENCH_ACCOUNTS), against a restart's restore\n" +
        "  soak      only the memory soak (bench/soak.ts; never in the full run): N minutes (--minutes N or BENCH_SOAK_MINUTES,\n" +
        "         default 30) of REST and RPC queries, signed txs, junk txs and WebSocket clients coming and going on a\n" +
        "         real-clock node; RSS, V8 heap, WASM memory sampled: start / max / end, the slope, a verdict (exit 1: grows),\n" +
        "         samples in bench/results/soak-*.csv",
    );
    process.exit(0);
  }
  if (sectionArgs[0] === "soak") {
    let options;
    try {
      options = soakOptions(sectionArgs, process.env);
    } catch (e) {
      console.error(`error: ${(e as Error).message}`);
      process.exit(2);
    }
    process.exit(await soakMain(options));
  }
  for (const a of sectionArgs) {
    const known = ["load", "sig", "rpc", "scenario", "montecarlo", "network", "scale", "decode", "snapshot", "render", "chain-maind"];
    if (!known.includes(a)) {
      console.error(`error: unknown bench section ${JSON.stringify(a)} (known: ${known.join(", ")})`);
      process.exit(2);
    }
  }
  if (sectionArgs.includes("load")) process.exit(await loadMain());
  if (sectionArgs.includes("sig")) process.exit(await sigMain());
  if (sectionArgs.includes("rpc")) process.exit(await rpcMain());
  if (sectionArgs.includes("scenario")) process.exit(await scenarioMain());
  if (sectionArgs.includes("montecarlo")) process.exit(await montecarloMain());
  if (sectionArgs.includes("network")) process.exit(await networkMain());
  if (sectionArgs.includes("scale")) process.exit(await scaleMain());
  if (sectionArgs.includes("decode")) process.exit(await decodeMain());
  if (sectionArgs.includes("snapshot")) process.exit(await snapshotMain());
  if (sectionArgs.includes("render")) process.exit(await renderMain());
  if (sectionArgs.includes("chain-maind")) process.exit(await maindMain());
}
