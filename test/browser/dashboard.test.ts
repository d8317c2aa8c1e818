// The dashboard at GET / of a node started in process (host/main.ts startNode, simulated clock,
// temporary database), opened in Debian's Chromium: the chain's figures as the REST routes give
// them, the staking calculator computed in the page by core.wasm and equal to the Node core's
// `estimate` (the CLI's) for the same inputs, still working with the network cut, an address's
// positions, the assets' content types and caching headers, a screenshot (test-output/), and
// axe-core with no serious or critical violation.

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createRequire } from "node:module";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { Config } from "../../host/config.js";
import { loadCoreFromFile } from "../../host/core/node.js";
import { estimate, type EstimateInputs } from "../../host/cli/estimate.js";
import { devAddress, mergeJson, operatorOf, type Json } from "../../host/app/genesis.js";
import { defaultScenarioJson, parseScenario } from "../../host/scenario/scenario.js";
import { scenarioGenesis, simulate } from "../../host/cli/simulate.js";
import { startNode, type RunningNode } from "../../host/main.js";
import { formatPercent, formatTime, formatTokens, groupThousands } from "../../host/web/format.js";
import { devSigner, lockTierMsg } from "../helpers/dev-signer.js";
import { STEP_TIMEOUT_MS, launchChromium, outputDir } from "./chromium.js";

const require = createRequire(import.meta.url);
const E18 = 10n ** 18n;

const test = suite("dashboard at GET / in Chromium");

let dir = "";
let node: RunningNode;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let positionId = "";
const pageLog: string[] = [];
const responses = new Map<string, Record<string, string>>();
const owner = devAddress(5);

test.before(async () => {
  dir = await mkdtemp(join(tmpdir(), "dashboard-"));
  const config: Config = {
    port: 0, host: "127.0.0.1", chainSegment: "chainmain", blockTimeNs: 5_000_000_000n, clock: "simulated",
    genesisFile: undefined, dbPath: join(dir, "chain.db"), dev: true,
  };
  node = await startNode(config, { core: await loadCoreFromFile() });
  // A tier position for the address list, and a few blocks.
  const signer = await devSigner(5);
  const acct = node.chain.directory.account(signer.address)!;
  const validator = operatorOf(devAddress(1));
  const body = await signer.sign([lockTierMsg(signer.address, 2, 50_000n * 10n ** 8n, validator)], {
    chainId: node.chain.chainId, accountNumber: acct.accountNumber, sequence: acct.sequence,
  });
  const sent = (await (await fetch(`${node.url}/txs`, { method: "POST", body: JSON.stringify(body) })).json()) as { tx_response: { code: number; raw_log: string } };
  assert.is(sent.tx_response.code, 0, sent.tx_response.raw_log);
  await fetch(`${node.url}/dev/advance?blocks=1`, { method: "POST" });
  await fetch(`${node.url}/dev/advance?duration=1h`, { method: "POST" });
  const positions = (await (await fetch(`${node.url}/chainmain/tieredrewards/v1/positions/${owner}`)).json()) as { positions: { id: string }[] };
  assert.is(positions.positions.length, 1);
  positionId = positions.positions[0].id;

  browser = await launchChromium();
  // bypassCSP: the page's policy allows scripts from its origin only; axe-core is injected inline.
  context = await browser.newContext({ bypassCSP: true, viewport: { width: 1100, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  page.on("console", (m) => pageLog.push(`console.${m.type()}: ${m.text()}`));
  page.on("pageerror", (e) => pageLog.push(`pageerror: ${e.message}`));
  page.on("response", (r) => responses.set(new URL(r.url()).pathname, { status: String(r.status()), ...r.headers() }));
  await page.goto(`${node.url}/`);
  await page.waitForFunction(() => (globalThis as { __dashboardReady?: boolean }).__dashboardReady === true).catch((e: Error) => {
    throw new Error(`${e.message}\npage log:\n${pageLog.join("\n")}`);
  });
});

test.after(async () => {
  await browser?.close().catch(() => undefined);
  await node?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const text = (id: string) => page.locator(`#${id}`).innerText();

test("served with content types, caching headers and a same-origin policy; no other origin asked", async () => {
  const index = responses.get("/")!;
  assert.is(index["content-type"], "text/html; charset=utf-8");
  assert.is(index["cache-control"], "no-cache");
  assert.match(index["content-security-policy"], /default-src 'self'/);
  const paths = [...responses.keys()];
  const wasm = paths.find((p) => /^\/web\/core-[0-9a-f]+\.wasm$/.test(p));
  const js = paths.find((p) => /^\/web\/app-[0-9a-f]+\.js$/.test(p));
  const css = paths.find((p) => /^\/web\/style-[0-9a-f]+\.css$/.test(p));
  assert.ok(wasm && js && css, paths.join(", "));
  assert.is(responses.get(wasm)!["content-type"], "application/wasm");
  assert.is(responses.get(js)!["content-type"], "text/javascript; charset=utf-8");
  assert.is(responses.get(css)!["content-type"], "text/css; charset=utf-8");
  for (const p of [wasm, js, css]) assert.is(responses.get(p)!["cache-control"], "public, max-age=31536000, immutable", p);
  // A revalidation of the page answers 304 on its ETag.
  const again = await fetch(`${node.url}/`, { headers: { "if-none-match": index.etag } });
  assert.is(again.status, 304);
  const missing = await fetch(`${node.url}/web/nothing.js`);
  assert.is(missing.status, 404);
  assert.equal(await missing.json(), { code: 5, message: "Not Found", details: [] });
  const requested = (await page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name))) as string[];
  assert.ok(requested.every((u) => u.startsWith(node.url)), requested.join(", "));
});

test("the chain's figures are the node's", async () => {
  assert.is(await text("height"), groupThousands(node.chain.latest.height));
  const supply = (await (await fetch(`${node.url}/cosmos/bank/v1beta1/supply/by_denom?denom=basecro`)).json()) as { amount: { amount: string } };
  assert.is(await text("supply"), `${formatTokens(BigInt(supply.amount.amount))} tokens`);
  const pool = (await (await fetch(`${node.url}/chainmain/tieredrewards/v1/rewards_pool_balances`)).json()) as { balances: { amount: string }[] };
  assert.is(await text("pool"), `${formatTokens(BigInt(pool.balances[0].amount))} tokens`);
  assert.match(await text("inflation"), /^0\.\d{4} %$/);
  // The runway is the projection's, run in the page's worker from the chain's state now.
  await page.waitForFunction(() => !/^projecting/.test(document.getElementById("runway")!.textContent ?? ""), undefined, { timeout: 120_000 });
  assert.match(await text("runway"), /^(runs dry in month \d+ \(\d{4}-\d\d-\d\d\)|lasts the 60 months projected \([\d,.]+ tokens left\))$/);
  // The scenario form starts from the chain's state: its pool balance, bonded ratio and target rate.
  assert.is(await page.inputValue("#sim-reserve"), formatTokens(BigInt(pool.balances[0].amount)).replaceAll(",", ""));
  const staking = (await (await fetch(`${node.url}/cosmos/staking/v1beta1/pool`)).json()) as { pool: { bonded_tokens: string } };
  const ratio = (BigInt(staking.pool.bonded_tokens) * E18) / BigInt(supply.amount.amount);
  assert.is(await page.inputValue("#sim-bonded"), formatPercent(ratio, 4));
  assert.is(await page.inputValue("#sim-target"), "3");
  assert.is(await text("s-start"), `height ${groupThousands(node.chain.latest.height)}, ${formatTime(node.chain.latest.timeNs)} (the chain's latest block)`);
  assert.is(await page.locator("#tiers tbody tr").count(), node.chain.genesis.tieredrewards.tiers.length);
});

/** Fill the calculator with the keyboard-reachable controls, then read the page's exact result. */
async function calculate(v: { amount: string; tier: string; commission: string; start: string; years: string; exit: "stay" | "now" }) {
  await page.fill("#amount", v.amount);
  await page.selectOption("#tier", v.tier);
  await page.fill("#commission", v.commission);
  await page.fill("#start", v.start);
  await page.fill("#years", v.years);
  await page.check(`input[name=exit][value=${v.exit}]`);
  await page.locator("#years").press("Enter"); // submit from the keyboard
  return JSON.parse((await page.locator("#result").getAttribute("data-estimate")) || "null") as Record<string, string> | null;
}

async function nodeEstimate(inputs: Omit<EstimateInputs, "tier" | "targetRate"> & { tierId: number }) {
  const core = await loadCoreFromFile();
  const g = node.chain.genesis;
  const tier = g.tieredrewards.tiers.find((t) => t.id === inputs.tierId)!;
  const { tierId: _, ...rest } = inputs;
  return estimate(core, { ...rest, tier, targetRate: g.tieredrewards.params.targetBaseRewardsRate });
}

test("the calculator's numbers equal the Node core's estimate for the same inputs", async () => {
  const cases = [
    { form: { amount: "123456.789", tier: "3", commission: "5", start: "2027-03-01", years: "5.5", exit: "now" as const },
      node: { amount: 12_345_678_900_000n, tierId: 3, commission: (5n * E18) / 100n, startNs: BigInt(Date.UTC(2027, 2, 1)) * 1_000_000n, seconds: 173_566_800n, exitNow: true } },
    { form: { amount: "1000", tier: "1", commission: "10", start: "2026-01-15", years: "1", exit: "stay" as const },
      node: { amount: 100_000_000_000n, tierId: 1, commission: E18 / 10n, startNs: BigInt(Date.UTC(2026, 0, 15)) * 1_000_000n, seconds: 31_557_600n, exitNow: false } },
  ];
  for (const c of cases) {
    const got = await calculate(c.form);
    const want = await nodeEstimate(c.node);
    assert.ok(want.bonus > 0n && want.base > 0n, "a case that can fail");
    assert.equal(got, {
      base: `${want.base}`, bonus: `${want.bonus}`, total: `${want.total}`, effectiveApy: `${want.effectiveApy}`, bonusSeconds: `${want.bonusSeconds}`,
    }, JSON.stringify(c.form));
    assert.is(await text("r-total"), `${formatTokens(want.total)} tokens`);
    assert.is(await text("calc-error"), "");
  }
  // Exit at entry stops the bonus at the tier's commitment: fewer bonus seconds than the period.
  const exitCase = await nodeEstimate(cases[0].node);
  assert.ok(exitCase.bonusSeconds < cases[0].node.seconds);
});

test("bad input is an alert, not a number", async () => {
  await page.fill("#amount", "12.123456789");
  assert.match(await text("calc-error"), /at most 8 decimals/);
  assert.is(await text("r-total"), "–");
  await page.fill("#amount", "1");
  assert.match(await text("calc-error"), /below tier \d+'s minimum lock/);
  await page.fill("#amount", "1000");
  await page.fill("#commission", "101");
  assert.match(await text("calc-error"), /at most 100 %/);
  await page.fill("#commission", "10");
  assert.is(await text("calc-error"), "");
});

test("an address's positions", async () => {
  await page.fill("#owner", owner);
  await page.locator("#owner").press("Enter");
  await page.locator("#positions tbody tr").first().waitFor();
  const cells = await page.locator("#positions tbody tr").first().locator("td").allInnerTexts();
  assert.equal(cells.slice(0, 3), [positionId, "2", "50,000 tokens"]);
  assert.is(cells[3], operatorOf(devAddress(1)));
  assert.is(await text("positions-status"), "1 position(s).");
  await page.fill("#owner", "not-an-address");
  await page.locator("#owner").press("Enter");
  await page.waitForFunction(() => document.getElementById("positions-status")!.textContent!.startsWith("Could not"));
  assert.match(await text("positions-status"), /invalid address/);
});

test("a scenario runs in the page's Web Worker with progress and a chart; the scenario it shows gives the CLI the same figures and end state hash (network cut)", async () => {
  const core = await loadCoreFromFile();
  await context.setOffline(true);
  try {
    await page.waitForFunction(() => !(document.getElementById("sim-run") as HTMLButtonElement).disabled);
    await page.fill("#sim-months", "3");
    await page.selectOption("#sim-block", "1h");
    await page.fill("#sim-reserve", "20000000");
    await page.fill("#sim-target", "5");
    await page.fill("#sim-fees", "1000000");
    await page.click("#sim-run");
    await page.waitForFunction(() => document.getElementById("sim-status")!.textContent!.startsWith("Done") || document.getElementById("sim-error")!.textContent !== "", undefined, { timeout: 120_000 });
    assert.is(await text("sim-error"), "", pageLog.join("\n"));
    // The assumptions shown are the whole scenario: run by the CLI's engine in Node, the same run.
    const shown = JSON.parse((await page.locator("#s-scenario").textContent()) ?? "{}") as Json;
    assert.equal((shown as any).start, {
      time: formatTime(node.chain.latest.timeNs), height: `${node.chain.latest.height}`, supply: formatTokens(node.chain.totalSupply()).replaceAll(",", ""),
    });
    assert.is((shown as any).pool.reserve, "20000000");
    const s = parseScenario(mergeJson(defaultScenarioJson(), shown), core.dec);
    const want = await simulate(core, s, await scenarioGenesis(core, s));
    const last = want.rows[want.rows.length - 1]!;
    assert.is(await text("s-hash"), want.appHash, "the same end state in Chromium as in Node");
    assert.is(await text("s-supply"), `${formatTokens(last.totalSupply)} tokens`);
    assert.is(await text("s-pool"), `${formatTokens(last.pool)} tokens`);
    assert.is(await text("sim-status"), `Done: ${groupThousands(last.height)} blocks, ${want.txs} transactions.`);
    assert.is(await text("s-failed"), "none");
    assert.equal(want.failures, [], "the bonded ratio and fee payments all went through");
    assert.ok(want.txs > 0, "fee payments ran as transactions");
    assert.is(await text("runway"), want.poolDry ? `runs dry in month ${want.poolDry.month} (${formatTime(want.poolDry.timeNs).slice(0, 10)})` : `lasts the 3 months projected (${formatTokens(last.pool)} tokens left)`);
    assert.is(await page.locator("#sim-progress").evaluate((el) => (el as HTMLProgressElement).value), 1000);
    const src = await page.locator("#sim-chart img").getAttribute("src");
    const svg = decodeURIComponent(src!.replace(/^data:image\/svg\+xml;charset=utf-8,/, ""));
    assert.match(svg, /^<svg/);
    assert.match(svg, /rewards pool/);
    await page.fill("#sim-months", "0");
    await page.click("#sim-run");
    assert.match(await text("sim-error"), /Months/);
    await page.fill("#sim-months", "60");
  } finally {
    await context.setOffline(false);
  }
});

test("with the network cut after load the calculator still computes (the core is in the page)", async () => {
  await context.setOffline(true);
  try {
    const got = await calculate({ amount: "250000", tier: "2", commission: "0", start: "2026-06-30", years: "3", exit: "now" });
    const want = await nodeEstimate({ amount: 25_000_000_000_000n, tierId: 2, commission: 0n, startNs: BigInt(Date.UTC(2026, 5, 30)) * 1_000_000n, seconds: 3n * 31_557_600n, exitNow: true });
    assert.is(got?.total, `${want.total}`);
    await page.click("#refresh");
    await page.waitForFunction(() => document.getElementById("status")!.textContent!.startsWith("Could not reach"));
    assert.match(await text("status"), /The calculator still works/);
  } finally {
    await context.setOffline(false);
  }
});

test("screenshot, and axe-core finds no serious or critical violation", async () => {
  await calculate({ amount: "100000", tier: "3", commission: "10", start: "2027-01-01", years: "5", exit: "now" });
  await page.fill("#owner", owner);
  await page.locator("#owner").press("Enter");
  await page.locator("#positions tbody tr").first().waitFor();
  await page.click("#refresh");
  await page.waitForFunction(() => document.getElementById("status")!.textContent!.startsWith("Up to date"));
  await page.waitForFunction(() => !/^projecting/.test(document.getElementById("runway")!.textContent ?? ""), undefined, { timeout: 120_000 });
  const shot = join(await outputDir(), "dashboard.png");
  await page.screenshot({ path: shot, fullPage: true });

  await page.addScriptTag({ path: require.resolve("axe-core/axe.min.js") });
  const violations = (await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> } }).axe;
    const r = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] } });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length }));
  })) as { id: string; impact: string; nodes: number }[];
  const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  assert.equal(bad, [], JSON.stringify(violations));
  // The checks ran: axe was there and looked at the page (a run with no rules would pass anything).
  assert.ok(await page.evaluate(() => typeof (globalThis as { axe?: unknown }).axe === "object"));
});

test("every control is reachable with the keyboard, in order", async () => {
  // The refresh above started a projection: the run button is disabled until it is done.
  await page.waitForFunction(() => !(document.getElementById("sim-run") as HTMLButtonElement).disabled, undefined, { timeout: 120_000 });
  await page.locator("#refresh").focus();
  const seen: string[] = [];
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press("Tab");
    seen.push(await page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement | null;
      return el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : el.name ? `[${el.name}]` : ""}` : "";
    }));
  }
  const order = [
    "input#amount", "select#tier", "input#commission", "input#start", "input#years", "input[exit]",
    "input#sim-months", "select#sim-block", "input#sim-reserve", "input#sim-bonded", "input#sim-target", "input#sim-fees", "button#sim-run", "input#owner",
  ];
  for (const id of order) {
    assert.ok(seen.includes(id), `${id} not reached by Tab: ${seen.join(" ")}`);
  }
  const firsts = order.map((id) => seen.indexOf(id));
  assert.equal(firsts, [...firsts].sort((a, b) => a - b), `in the page's order: ${seen.join(" ")}`);
});

test.run();
