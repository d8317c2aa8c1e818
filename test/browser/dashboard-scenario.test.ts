// The dashboard and the CLI on the same scenario file (issue 37 item 5): the page (GET / of a node
// started in process, in Debian's Chromium) loads a scenario file with cohorts, phases and
// governance, runs it in its worker, and its runway (block, date, days) and every monthly value
// equal `npm run simulate -- --scenario FILE --csv`'s; its calculator's paid APY on that
// projection equals `npm run estimate -- --scenario FILE`'s, below the promise once the pool runs
// dry; Save scenario gives the file back; the default form's projection runs clean (no failed tx).

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import type { Config } from "../../host/config.js";
import { loadCoreFromFile } from "../../host/core/node.js";
import { startNode, type RunningNode } from "../../host/main.js";
import { cli } from "../helpers/cli.js";
import { STEP_TIMEOUT_MS, launchChromium } from "./chromium.js";

const test = suite("dashboard = CLI on the same scenario file");

/** docs/notebook.md's "The dashboard on the same file": its commands, run here as written (outputs into a temporary folder). */
async function guideCommands(): Promise<string[][]> {
  const doc = await readFile(new URL("../../docs/notebook.md", import.meta.url), "utf8");
  const section = doc.split(/^## /m).find((x) => x.startsWith("The dashboard on the same file"))!;
  const block = /```sh\n([\s\S]*?)```/.exec(section)![1]!;
  return block.split("\n").filter((l) => l.startsWith("npm run -s ")).map((l) => l.replace(/^npm run -s /, "").split(/\s+/).filter((w) => w !== "--"));
}

const EXAMPLE = fileURLToPath(new URL("../../examples/scenario-proposal.json", import.meta.url));

let dir = "";
let file = "";
let node: RunningNode;
let browser: Browser;
let page: Page;
const pageLog: string[] = [];

test.before(async () => {
  dir = await mkdtemp(join(tmpdir(), "dashboard-scenario-"));
  file = join(dir, "proposal.json");
  await writeFile(file, await readFile(EXAMPLE, "utf8"));
  const config: Config = {
    port: 0, host: "127.0.0.1", chainSegment: "chainmain", blockTimeNs: 5_000_000_000n, clock: "simulated",
    genesisFile: undefined, dbPath: join(dir, "chain.db"), dev: false,
  };
  node = await startNode(config, { core: await loadCoreFromFile() });
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1100, height: 900 }, acceptDownloads: true })).newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  page.on("pageerror", (e) => pageLog.push(`pageerror: ${e.message}`));
  await page.goto(`${node.url}/`);
  await page.waitForFunction(() => (globalThis as { __dashboardReady?: boolean }).__dashboardReady === true);
});

test.after(async () => {
  await browser?.close().catch(() => undefined);
  await node?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const text = (id: string) => page.locator(`#${id}`).innerText();

/** Waits for the projection of `source` ("form" or a file's name) to be done. */
async function projected(source: string): Promise<void> {
  await page.waitForFunction((s) => {
    const r = document.getElementById("sim-result")!;
    return (r.dataset.source === s && document.getElementById("sim-status")!.textContent!.startsWith("Done")) || document.getElementById("sim-error")!.textContent !== "";
  }, source, { timeout: 300_000 });
  assert.is(await text("sim-error"), "", pageLog.join("\n"));
}

/** The CSV's `# key: value` lines and rows as {column: value|null}. */
function csvRows(csv: string): { meta: Record<string, string>; rows: Record<string, string | null>[] } {
  const lines = csv.trimEnd().split("\n");
  const meta = Object.fromEntries(lines.filter((l) => l.startsWith("# ")).map((l) => [l.slice(2, l.indexOf(": ")), l.slice(l.indexOf(": ") + 2)]));
  const body = lines.filter((l) => !l.startsWith("# "));
  const header = body[0]!.split(",");
  const rows = body.slice(1).map((l) => Object.fromEntries(l.split(",").map((c, i) => [header[i]!, c === "" ? null : c.replace(/^"(.*)"$/, "$1")])));
  return { meta, rows };
}

test("the default form's projection runs clean: no failed tx (the bonded ratio as the chain has it, not rounded down)", async () => {
  await projected("form");
  assert.is(await text("s-failed"), "none");
  const shown = JSON.parse(await page.locator("#s-scenario").textContent() ?? "{}") as { bonded_ratio: unknown[] };
  assert.equal(shown.bonded_ratio, [], "the ratio left as shown: the chain's own, no delegation moved");
});

test("the guide's commands and the page on the same file: runway and every monthly value equal", async () => {
  const [sim, est] = await guideCommands();
  assert.equal(sim!.slice(0, 3), ["simulate", "--scenario", "examples/scenario-proposal.json"]);
  const args = sim!.map((a, i) => (sim![i - 1] === "--out" ? join(dir, a) : a));
  const r = await cli(...args);
  assert.is(r.code, 0, r.stderr);
  assert.is(est![0], "estimate");
  const e = await cli(...est!);
  assert.is(e.code, 0, e.stderr);
  guideEstimate = { text: e.stdout, args: est! };
  const want = csvRows(await readFile(join(dir, "proposal.csv"), "utf8"));
  assert.ok((await readFile(join(dir, "proposal.parquet"))).length > 0 && (await readFile(join(dir, "proposal.png"))).length > 0);

  await page.setInputFiles("#sim-file", file);
  await projected("proposal.json");
  const rows = JSON.parse((await page.locator("#sim-result").getAttribute("data-rows"))!) as Record<string, string | null>[];
  const runway = JSON.parse((await page.locator("#sim-result").getAttribute("data-runway"))!) as { height: string; time: string; days: string } | null;
  assert.is(rows.length, 19);
  assert.equal(rows, want.rows, "every month, every column, exactly");
  assert.ok(runway !== null, "the pool runs dry within the horizon");
  assert.equal(runway, { height: want.meta.pool_dry_height!, month: Number(want.meta.pool_dry_month), time: want.meta.pool_dry_time!, days: want.meta.pool_dry_days! });
  assert.match(await text("s-runway"), new RegExp(`${want.meta.pool_dry_days!.replace(".", "\\.")} days`));
  assert.match(await text("sim-source"), /proposal\.json/);
});

let guideEstimate: { text: string; args: string[] } | undefined;

test("the calculator's paid APY is the projection's (estimate --scenario's), below the promise once the pool runs dry", async () => {
  await page.fill("#amount", "100000");
  await page.selectOption("#tier", "3");
  await page.fill("#commission", "10");
  await page.fill("#start", "2026-01-01");
  await page.fill("#years", "1");
  await page.locator("#years").dispatchEvent("input");
  await page.waitForFunction(() => (document.getElementById("r-paid-apy")!.dataset.value ?? "") !== "");
  const paid = BigInt((await page.locator("#r-paid-apy").getAttribute("data-value"))!);
  const r = await cli(...guideEstimate!.args, "--json");
  assert.is(r.code, 0, r.stderr);
  assert.match(guideEstimate!.text, new RegExp(`effective APY  ${(await text("r-paid-apy")).split(" ")[0]!.replace(".", "\\.")}%`), "the guide's estimate line says the page's paid APY");
  const want = JSON.parse(r.stdout) as { effective_apy: string };
  const dec = (s: string) => BigInt(s.replace(".", ""));
  assert.is(paid, dec(want.effective_apy), `page ${paid} = CLI ${want.effective_apy}`);
  const promised = JSON.parse((await page.locator("#result").getAttribute("data-estimate"))!) as { effectiveApy: string };
  assert.ok(paid < BigInt(promised.effectiveApy), "paid below the promise: the pool ran dry");
  assert.match(await text("r-paid-apy"), /of the bonus promised/);
});

test("Save scenario gives the file's scenario back; Save CSV the CLI's rows", async () => {
  const [saved] = await Promise.all([page.waitForEvent("download"), page.click("#sim-save")]);
  assert.is(saved.suggestedFilename(), "proposal.json");
  assert.equal(JSON.parse(await readFile((await saved.path())!, "utf8")), JSON.parse(await readFile(EXAMPLE, "utf8")));
  const [csv] = await Promise.all([page.waitForEvent("download"), page.click("#sim-csv")]);
  assert.is(csv.suggestedFilename(), "proposal.csv");
  const r = await cli("simulate", "--scenario", file, "--csv");
  assert.equal(csvRows(await readFile((await csv.path())!, "utf8")).rows, csvRows(r.stdout).rows);
});

test.run();
