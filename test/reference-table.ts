// `npm run reference-table [-- --write]`: replays the reference chain's recorded workload on a
// fresh in-process node (the chain's genesis, 1 s blocks, as test/reference/reference-workload.test.ts does)
// and prints the README's table of the 41 txs; `--write` puts it into docs/exactness.md between its markers.
//
// `npm run reference-table -- --workload <name|all> [--update]`: replays one of the four workloads
// recorded beside it (test/reference-chain/<workload>/, as test/reference/reference-replay.test.ts does) and
// prints per tx matched / differs (its first difference) / not executed, and the counts; `--update`
// rewrites each replayed workload's expected-matches.json (the ratchet's list) from this replay.

import { writeFileSync } from "node:fs";
import { nodeHarness } from "./helpers/node.js";
import { readReference } from "./helpers/reference-chain.js";
import { SECOND, replayWorkload } from "./helpers/reference-workload.js";
import { README, readmeWith, referenceTable } from "./helpers/reference-table.js";
import { WORKLOADS, readWorkload, replayRecorded, type Workload } from "./helpers/reference-replay.js";
import { counts, expectedPath, workloadReport, writeExpected } from "./helpers/reference-ratchet.js";

const HELP = `usage: npm run reference-table [-- --write]
       npm run reference-table -- --workload <${WORKLOADS.join("|")}|all> [--update]

Replays the recorded workload of the real chain (test/reference-chain: 41 txs) on a fresh node
started on the chain's genesis.json, and prints a markdown table: per tx its code, gas on the chain
and here, and whether its events equal the chain's.

  --write              also replace the table in docs/exactness.md (between its reference-table markers)
  --workload <name>    replay instead one of the workloads recorded in test/reference-chain/<name>/
                       (or all four): per tx matched / differs (first difference) / not executed
  --update             with --workload: rewrite its expected-matches.json (the txs that match now)
  --help               this text`;

const args = process.argv.slice(2);
if (args.includes("--help") || args.includes("-h")) {
  console.log(HELP);
  process.exit(0);
}
const at = args.indexOf("--workload");
const chosen = at < 0 ? undefined : args[at + 1];
const rest = args.filter((a, i) => a !== "--write" && a !== "--update" && i !== at && !(at >= 0 && i === at + 1));
if (rest.length > 0 || (at >= 0 && (chosen === undefined || (chosen !== "all" && !(WORKLOADS as readonly string[]).includes(chosen))))) {
  console.error(`error: ${rest.length > 0 ? `unknown argument ${rest[0]}` : `--workload needs one of ${WORKLOADS.join(", ")}, all`}\n\n${HELP}`);
  process.exit(2);
}
if (args.includes("--update") && chosen === undefined) {
  console.error(`error: --update goes with --workload\n\n${HELP}`);
  process.exit(2);
}

const [open, close] = process.stderr.isTTY ? ["\r", "\n"] : ["", ""];
const progress = (total: number) => (r: { n: number; label: string }) =>
  process.stderr.write(`${open}replayed ${r.n}/${total} ${r.label.slice(0, 60).padEnd(60)}${open === "" ? "\n" : ""}`);

const h = await nodeHarness({ prefix: "reference-table-" });
try {
  if (chosen !== undefined) {
    const summary: string[] = [];
    for (const w of (chosen === "all" ? WORKLOADS : [chosen as Workload])) {
      const node = await h.open({ genesis: readWorkload(w, "genesis.json"), blockTimeNs: SECOND });
      try {
        const rows = await replayRecorded(w, node, progress(readWorkload(w, "workload-results.json").results.length));
        process.stderr.write(close);
        console.log(`${workloadReport(w, rows)}\n`);
        const c = counts(rows);
        summary.push(`| ${w} | ${c.matched} | ${c.differs} | ${c.notExecuted} | ${c.total} |`);
        if (args.includes("--update")) {
          writeExpected(w, rows);
          console.error(`${expectedPath(w)}: ${c.matched} txs written`);
        }
      } finally {
        await node.chain.close();
      }
    }
    console.log(["| workload | matched | differs | not executed | txs |", "|---|---:|---:|---:|---:|", ...summary].join("\n"));
  } else {
    const node = await h.open({ genesis: readReference("genesis.json"), blockTimeNs: SECOND });
    let table: string;
    try {
      const rows = await replayWorkload(node, progress(41));
      process.stderr.write(close);
      table = referenceTable(rows);
    } finally {
      await node.chain.close();
    }
    console.log(table);
    if (args.includes("--write")) {
      writeFileSync(README, readmeWith(table));
      console.error("docs/exactness.md: table written");
    }
  }
} finally {
  await h.remove();
}
