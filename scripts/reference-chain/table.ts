// Prints a recording's rows as a markdown table (for the fixture READMEs):
//   node --import tsx scripts/reference-chain/table.ts test/reference-chain/<workload>/workload-results.json

import { readFileSync } from "node:fs";

const file = process.argv[2];
if (!file || file === "--help" || file === "-h") {
  console.log("Usage: node --import tsx scripts/reference-chain/table.ts <workload-results.json>");
  process.exit(file ? 0 : 2);
}
const { results } = JSON.parse(readFileSync(file, "utf8")) as { results: any[] };
const cell = (s: string) => s.replace(/\|/g, "\\|");
console.log("| # | label | signer | mode | refused at | code | gas used / wanted |");
console.log("|---|---|---|---|---|---|---|");
results.forEach((r, i) => {
  const checkFailed = r.check.code !== 0;
  const code = checkFailed ? r.check : r.deliver;
  const stage = checkFailed ? "CheckTx" : code.code !== 0 ? "block" : "";
  const codeText = code.code === 0 ? "0" : `${code.codespace || "\"\""} ${code.code}`;
  const gas = checkFailed ? "" : `${r.deliver.gas_used} / ${r.deliver.gas_wanted}`;
  console.log(`| ${i + 1} | ${cell(r.label)} | ${r.signer} | ${r.mode === "direct" ? "direct" : "amino"} | ${stage} | ${codeText} | ${gas} |`);
});
