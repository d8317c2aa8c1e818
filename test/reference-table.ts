// `npm run reference-table [-- --write]`: replays the reference chain's recorded workload on a
// fresh in-process node (the chain's genesis, 1 s blocks, as test/reference-workload.test.ts does)
// and prints the README's table of the 41 txs; `--write` puts it into README.md between its markers.

import { writeFileSync } from "node:fs";
import { nodeHarness } from "./helpers/node.js";
import { readReference } from "./helpers/reference-chain.js";
import { SECOND, replayWorkload } from "./helpers/reference-workload.js";
import { README, readmeWith, referenceTable } from "./helpers/reference-table.js";

const HELP = `usage: npm run reference-table [-- --write]

Replays the recorded workload of the real chain (test/reference-chain: 41 txs) on a fresh node
started on the chain's genesis.json, and prints a markdown table: per tx its code, gas on the chain
and here, and whether its events equal the chain's.

  --write   also replace the table in README.md (between its reference-table markers)
  --help    this text`;

const args = process.argv.slice(2);
if (args.includes("--help") || args.includes("-h")) {
  console.log(HELP);
  process.exit(0);
}
const unknown = args.filter((a) => a !== "--write");
if (unknown.length > 0) {
  console.error(`error: unknown argument ${unknown[0]}\n\n${HELP}`);
  process.exit(2);
}

const h = await nodeHarness({ prefix: "reference-table-" });
try {
  const node = await h.open({ genesis: readReference("genesis.json"), blockTimeNs: SECOND });
  let table: string;
  try {
    const [open, close] = process.stderr.isTTY ? ["\r", "\n"] : ["", ""];
    const rows = await replayWorkload(node, (r) => process.stderr.write(`${open}replayed ${r.n}/41 ${r.label.padEnd(60)}${open === "" ? "\n" : ""}`));
    process.stderr.write(close);
    table = referenceTable(rows);
  } finally {
    await node.chain.close();
  }
  console.log(table);
  if (args.includes("--write")) {
    writeFileSync(README, readmeWith(table));
    console.error("README.md: table written");
  }
} finally {
  await h.remove();
}
