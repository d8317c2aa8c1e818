// The dashboard's dev tools in Debian's Chromium, on a dev node started in process: the faucet
// form, the Keplr button against a stand-in window.keplr, their links into the explorer page, and
// both absent on a production node. (The explorer itself: explorer.test.ts.)

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { devAddress } from "../../host/app/genesis.js";
import { loadCoreFromFile } from "../../host/core/node.js";
import { startNode, type RunningNode } from "../../host/main.js";
import { STEP_TIMEOUT_MS, launchChromium } from "./chromium.js";
import { nodeConfig } from "./explorer-seed.js";

const test = suite("the dashboard's dev tools, in Chromium");

let dir = "";
let node: RunningNode;
let prod: RunningNode | undefined;
let browser: Browser;
let page: Page;
const pageLog: string[] = [];

const rest = async (path: string) => (await (await fetch(`${node.url}${path}`)).json()) as any;

async function open(url: string, keplr?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  if (keplr) await context.addInitScript(keplr);
  const p = await context.newPage();
  p.setDefaultTimeout(STEP_TIMEOUT_MS);
  p.on("console", (m) => pageLog.push(`console.${m.type()}: ${m.text()}`));
  p.on("pageerror", (e) => pageLog.push(`pageerror: ${e.message}`));
  await p.goto(url);
  await p.waitForFunction(() => "__devMode" in globalThis).catch((e: Error) => {
    throw new Error(`${e.message}\npage log:\n${pageLog.join("\n")}`);
  });
  return p;
}

test.before(async () => {
  dir = await mkdtemp(join(tmpdir(), "dev-tools-"));
  node = await startNode(nodeConfig(dir, "dev.db", {}), { core: await loadCoreFromFile() });
  await fetch(`${node.url}/dev/advance?blocks=1`, { method: "POST" });
  browser = await launchChromium();
  page = await open(`${node.url}/`);
  await page.waitForFunction(() => (globalThis as Record<string, unknown>).__devToolsReady === true);
});

test.after(async () => {
  await browser?.close().catch(() => undefined);
  await node?.close();
  await prod?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const text = (id: string) => page.locator(`#${id}`).innerText();

test("the faucet form sends exact CRO and links the tx in the explorer; without Keplr its button says so", async () => {
  const to = devAddress(6);
  const before = BigInt((await rest(`/cosmos/bank/v1beta1/balances/${to}/by_denom?denom=basecro`)).balance.amount);
  await page.fill("#faucet-address", to);
  await page.fill("#faucet-amount", "12.5");
  await page.click("#faucet-send");
  await page.waitForFunction(() => document.getElementById("faucet-status")!.textContent!.startsWith("Sent"));
  assert.match(await text("faucet-status"), /^Sent 12\.5 CRO to cro1/);
  const after = BigInt((await rest(`/cosmos/bank/v1beta1/balances/${to}/by_denom?denom=basecro`)).balance.amount);
  assert.is(after - before, 1_250_000_000n);
  const href = await page.locator("#faucet-status a", { hasText: "the transaction" }).getAttribute("href");
  assert.match(href ?? "", /^\/explorer\/txs\/[0-9A-F]{64}$/);
  assert.is(await page.locator("#faucet-status a", { hasText: to }).getAttribute("href"), `/explorer/accounts/${to}`);
  await page.fill("#faucet-amount", "1.123456789");
  await page.click("#faucet-send");
  assert.match(await text("faucet-status"), /at most 8 decimals/);
  assert.is(await page.locator("#keplr-add").isDisabled(), true);
  assert.match(await text("keplr-status"), /Keplr was not found/);
  assert.is(await page.locator('a[href="/explorer"]').count(), 1, "the dashboard links the explorer");
});

test("with window.keplr the button suggests the node's chain info and fills the faucet with Keplr's account", async () => {
  const keplrAddress = devAddress(8);
  const stub = `window.__suggested = []; window.keplr = {
    experimentalSuggestChain: async (info) => { window.__suggested.push(info); },
    enable: async () => {}, getKey: async () => ({ bech32Address: ${JSON.stringify(keplrAddress)}, name: "stub" }) };`;
  const p = await open(`${node.url}/`, stub);
  await p.waitForFunction(() => (globalThis as Record<string, unknown>).__devToolsReady === true);
  await p.click("#keplr-add");
  await p.waitForFunction(() => document.getElementById("keplr-status")!.textContent!.startsWith("Keplr has"));
  const suggested = await p.evaluate(() => (globalThis as unknown as { __suggested: unknown[] }).__suggested);
  assert.equal(suggested, [await rest("/dev/keplr-chain-info")]);
  assert.is(await p.inputValue("#faucet-address"), keplrAddress);
  await p.context().close();
});

test("a production node's dashboard has no dev tools", async () => {
  prod = await startNode(nodeConfig(dir, "prod.db", { clock: "real", dev: false, blockTimeNs: 3_600_000_000_000n }), { core: await loadCoreFromFile() });
  const p = await open(`${prod.url}/`);
  assert.is(await p.evaluate(() => (globalThis as unknown as { __devMode: boolean }).__devMode), false);
  assert.is(await p.locator("#dev-tools").isHidden(), true);
  await p.context().close();
});

test.run();
