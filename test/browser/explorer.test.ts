// The dashboard's explorer and dev tools in Debian's Chromium, on a dev node started in process
// (simulated clock, a faucet send, a delegation, a tier position, a proposal with a vote): the
// latest blocks and txs as the node has them and new ones arriving live over the websocket, the
// block, tx, account, validators, proposals and NFT pages against the REST answers, search by height,
// hash and address, the faucet form, the Keplr button against a stand-in window.keplr, both
// absent on a production node, and axe-core on every page with no serious or critical violation.

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createRequire } from "node:module";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import type { Config } from "../../host/config.js";
import { loadCoreFromFile } from "../../host/core/node.js";
import { devAddress, operatorOf } from "../../host/app/genesis.js";
import { startNode, type RunningNode } from "../../host/main.js";
import { formatTokens, groupThousands } from "../../host/web/format.js";
import { delegateMsg, devSigner, lockTierMsg } from "../helpers/dev-signer.js";
import { STEP_TIMEOUT_MS, launchChromium, outputDir } from "./chromium.js";

const require = createRequire(import.meta.url);
const test = suite("the explorer and dev tools on the dashboard, in Chromium");

let dir = "";
let node: RunningNode;
let prod: RunningNode;
let browser: Browser;
let page: Page;
const pageLog: string[] = [];
const user = devAddress(5);
const validator = operatorOf(devAddress(1));
const hashes: Record<string, string> = {};

const rest = async (path: string) => (await (await fetch(`${node.url}${path}`)).json()) as any;
const post = async (path: string, body?: unknown) => (await (await fetch(`${node.url}${path}`, { method: "POST", body: body === undefined ? undefined : JSON.stringify(body) })).json()) as any;

async function send(msgs: Parameters<Awaited<ReturnType<typeof devSigner>>["sign"]>[0]): Promise<string> {
  const signer = await devSigner(5);
  const acct = node.chain.directory.account(signer.address)!;
  const body = await signer.sign(msgs, { chainId: node.chain.chainId, accountNumber: acct.accountNumber, sequence: acct.sequence });
  const r = await post("/txs", body);
  assert.is(r.tx_response.code, 0, r.tx_response.raw_log);
  await post("/dev/advance?blocks=1");
  return r.tx_response.txhash;
}

const config = (db: string, o: Partial<Config>): Config => ({
  port: 0, host: "127.0.0.1", chainSegment: "chainmain", blockTimeNs: 5_000_000_000n, clock: "simulated",
  genesisFile: undefined, dbPath: join(dir, db), dev: true, rpcPort: 0, rpcHost: "127.0.0.1", ...o,
});

async function open(url: string, keplr?: string): Promise<Page> {
  // bypassCSP: axe-core is injected inline; the page's own policy is what dashboard.test.ts checks.
  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1100, height: 900 } });
  if (keplr) await context.addInitScript(keplr);
  const p = await context.newPage();
  p.setDefaultTimeout(STEP_TIMEOUT_MS);
  p.on("console", (m) => pageLog.push(`console.${m.type()}: ${m.text()}`));
  p.on("pageerror", (e) => pageLog.push(`pageerror: ${e.message}`));
  await p.goto(url);
  return p;
}

const ready = (p: Page, flag: string) => p.waitForFunction((f) => (globalThis as Record<string, unknown>)[f] === true, flag).catch((e: Error) => {
  throw new Error(`${e.message}\npage log:\n${pageLog.join("\n")}`);
});

test.before(async () => {
  dir = await mkdtemp(join(tmpdir(), "explorer-"));
  node = await startNode(config("dev.db", {}), { core: await loadCoreFromFile() });
  await post("/dev/advance?blocks=1");
  hashes.faucet = (await post("/dev/faucet", { address: devAddress(7), amount: "250000000basecro" })).txhash;
  hashes.delegate = await send([delegateMsg(user, validator, 3_000_000_000_000n)]);
  hashes.lock = await send([lockTierMsg(user, 2, 50_000n * 10n ** 8n, validator)]);
  const proposal = { type: "cosmos-sdk/v1/MsgSubmitProposal", value: { messages: [], initial_deposit: [{ denom: "basecro", amount: "1000000000000" }], proposer: user, metadata: "ipfs://explorer-text-proposal", title: "A text proposal", summary: "For the explorer" } };
  hashes.proposal = await send([proposal]);
  hashes.vote = await send([{ type: "cosmos-sdk/v1/MsgVote", value: { proposal_id: "1", voter: user, option: 1, metadata: "" } }]);
  browser = await launchChromium();
  page = await open(`${node.url}/`);
  await ready(page, "__explorerReady");
});

test.after(async () => {
  await browser?.close().catch(() => undefined);
  await node?.close();
  await prod?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const text = (id: string) => page.locator(`#${id}`).innerText();
const go = async (route: string) => {
  await page.evaluate((r) => (location.hash = r), route);
  await page.waitForFunction((r) => document.getElementById("explorer")!.dataset.route === r, route);
};

async function axe(p: Page, what: string): Promise<void> {
  if (!(await p.evaluate(() => "axe" in globalThis))) await p.addScriptTag({ path: require.resolve("axe-core/axe.min.js") });
  const violations = (await p.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(ctx: Element, o: object): Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> } }).axe;
    const r = await axe.run(document.getElementById("explorer")!.parentElement!, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] } });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length }));
  })) as { id: string; impact: string; nodes: number }[];
  const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  assert.equal(bad, [], `${what}: ${JSON.stringify(violations)}`);
}

test("the latest blocks and txs are the node's; a new block and tx arrive live over the websocket", async () => {
  const latest = node.chain.latest.height;
  assert.is(await page.locator("#latest-blocks tbody tr").first().getAttribute("data-height"), `${latest}`);
  const listed = await page.locator("#latest-txs tbody tr").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-hash")));
  assert.equal(listed.slice(0, 5), [hashes.vote, hashes.proposal, hashes.lock, hashes.delegate, hashes.faucet]);
  const sent = await post("/dev/faucet", { address: devAddress(8), amount: "1basecro" });
  await page.locator(`#latest-blocks tr[data-height="${sent.height}"]`).waitFor();
  await page.locator(`#latest-txs tr[data-hash="${sent.txhash}"]`).waitFor();
  assert.match(await page.locator(`#latest-txs tr[data-hash="${sent.txhash}"]`).innerText(), /MsgSend/);
  assert.match(await text("explorer-live"), /^Live/);
  await axe(page, "latest");
});

test("a block page: its header as the RPC has it, its txs, reached from the latest list", async () => {
  const height = (await rest(`/cosmos/tx/v1beta1/txs/${hashes.delegate}`)).tx_response.height as string;
  await go("#/");
  await page.locator(`#latest-blocks tr[data-height="${height}"] a`).click();
  await page.waitForFunction((h) => document.getElementById("explorer")!.dataset.route === `#/block/${h}`, height);
  const rpc = (await (await fetch(`${node.rpcUrl}/block?height=${height}`)).json()) as any;
  const facts = await text("block-facts");
  assert.ok(facts.includes(rpc.result.block_id.hash), facts);
  assert.ok(facts.includes(rpc.result.block.header.app_hash), facts);
  assert.match(await text("block-txs"), new RegExp(`${hashes.delegate}\\s+MsgDelegate\\s+ok`));
  await axe(page, "block");
});

test("a tx page: messages decoded, events, gas, and the raw JSON equal to REST's", async () => {
  const got = await rest(`/cosmos/tx/v1beta1/txs/${hashes.delegate}`);
  await go(`#/tx/${hashes.delegate}`);
  const msgs = await text("tx-messages");
  assert.match(msgs, /^cosmos-sdk\/MsgDelegate/, "a legacy amino tx shows its amino type");
  assert.ok(msgs.includes(validator));
  assert.ok(msgs.includes("30,000 CRO"), msgs);
  assert.ok((await text("tx-facts")).includes(`${groupThousands(BigInt(got.tx_response.gas_used))} / ${groupThousands(BigInt(got.tx_response.gas_wanted))}`));
  assert.match(await text("tx-events"), /delegate\s+validator=crocncl/);
  assert.equal(JSON.parse(await page.locator("#tx-raw").textContent() ?? ""), got);
  await axe(page, "tx");
  // A protobuf tx (the faucet's): its Any decoded by the node's REST.
  await go(`#/tx/${hashes.faucet}`);
  const send = await text("tx-messages");
  assert.match(send, /^\/cosmos\.bank\.v1beta1\.MsgSend/);
  assert.ok(send.includes(devAddress(7)) && send.includes("2.5 CRO"), send);
});

test("an account page: balances, delegations, positions, rewards and txs as REST has them", async () => {
  await go(`#/account/${user}`);
  const balance = (await rest(`/cosmos/bank/v1beta1/balances/${user}/by_denom?denom=basecro`)).balance.amount as string;
  assert.match(await text("acct-balances"), new RegExp(`basecro\\s+${formatTokens(BigInt(balance)).replaceAll(".", "\\.")} CRO`));
  assert.match(await text("acct-delegations"), new RegExp(`${validator}\\s+[\\d,]+ CRO`));
  const positions = (await rest(`/chainmain/tieredrewards/v1/positions/${user}`)).positions as { id: string }[];
  assert.match(await text("acct-positions"), new RegExp(`${positions[0]!.id}\\s+2\\s+50,000 CRO`));
  assert.match(await text("acct-rewards"), /^Total: [\d,.]+ CRO$/);
  const txs = await text("acct-txs");
  for (const k of ["delegate", "lock", "proposal", "vote"]) assert.ok(txs.includes(hashes[k]!), `${k} missing: ${txs}`);
  await axe(page, "account");
});

test("validators and proposals with their tally", async () => {
  await go("#/validators");
  assert.is(await page.locator("#validators tbody tr").count(), 4);
  assert.match(await text("validators"), /local-validator-1\s+crocncl1/);
  await go("#/proposals");
  const tally = (await rest("/cosmos/gov/v1/proposals/1/tally")).tally;
  assert.ok(BigInt(tally.yes_count) > 0n, "the vote counts");
  assert.match(await text("proposals"), new RegExp(`1\\s+A text proposal\\s+voting period`));
  assert.ok((await text("proposals")).includes(`yes ${formatTokens(BigInt(tally.yes_count))} CRO`));
  await axe(page, "proposals");
});

test("search by height, tx hash, block hash and address; anything else is an alert", async () => {
  const search = async (q: string, route: string) => {
    await page.fill("#explorer-q", q);
    await page.locator("#explorer-q").press("Enter");
    await page.waitForFunction((r) => document.getElementById("explorer")!.dataset.route === r, route);
  };
  await search("3", "#/block/3");
  await search(hashes.lock!.toLowerCase(), `#/tx/${hashes.lock}`);
  const blockHash = ((await (await fetch(`${node.rpcUrl}/block?height=2`)).json()) as any).result.block_id.hash as string;
  await search(blockHash, "#/block/2");
  await search(user, `#/account/${user}`);
  await page.fill("#explorer-q", "not a thing");
  await page.locator("#explorer-q").press("Enter");
  await page.waitForFunction(() => document.getElementById("explorer-search-error")!.textContent !== "");
  assert.match(await text("explorer-search-error"), /Search by a block height/);
  await page.fill("#explorer-q", "AB".repeat(32));
  await page.locator("#explorer-q").press("Enter");
  await page.waitForFunction(() => document.getElementById("explorer-search-error")!.textContent!.startsWith("No tx"));
});

test("the faucet form sends exact CRO and links the tx; without Keplr its button says so", async () => {
  const to = devAddress(6);
  const before = BigInt((await rest(`/cosmos/bank/v1beta1/balances/${to}/by_denom?denom=basecro`)).balance.amount);
  await page.fill("#faucet-address", to);
  await page.fill("#faucet-amount", "12.5");
  await page.click("#faucet-send");
  await page.waitForFunction(() => document.getElementById("faucet-status")!.textContent!.startsWith("Sent"));
  assert.match(await text("faucet-status"), /^Sent 12\.5 CRO to cro1/);
  const after = BigInt((await rest(`/cosmos/bank/v1beta1/balances/${to}/by_denom?denom=basecro`)).balance.amount);
  assert.is(after - before, 1_250_000_000n);
  await page.fill("#faucet-amount", "1.123456789");
  await page.click("#faucet-send");
  assert.match(await text("faucet-status"), /at most 8 decimals/);
  assert.is(await page.locator("#keplr-add").isDisabled(), true);
  assert.match(await text("keplr-status"), /Keplr was not found/);
  await page.screenshot({ path: join(await outputDir(), "explorer.png"), fullPage: true });
});

test("with window.keplr the button suggests the node's chain info and fills the faucet with Keplr's account", async () => {
  const keplrAddress = devAddress(8);
  const stub = `window.__suggested = []; window.keplr = {
    experimentalSuggestChain: async (info) => { window.__suggested.push(info); },
    enable: async () => {}, getKey: async () => ({ bech32Address: ${JSON.stringify(keplrAddress)}, name: "stub" }) };`;
  const p = await open(`${node.url}/`, stub);
  await ready(p, "__explorerReady");
  await p.click("#keplr-add");
  await p.waitForFunction(() => document.getElementById("keplr-status")!.textContent!.startsWith("Keplr has"));
  const suggested = await p.evaluate(() => (globalThis as unknown as { __suggested: unknown[] }).__suggested);
  assert.equal(suggested, [await rest("/dev/keplr-chain-info")]);
  assert.is(await p.inputValue("#faucet-address"), keplrAddress);
  await p.context().close();
});

test("chain-main's x/nft: the collections, a collection and an NFT as REST has them, linked from the owner's account", async () => {
  const nft = (m: string, value: Record<string, string>) => ({ type: `/chainmain.nft.v1.${m}`, value });
  await send([nft("MsgIssueDenom", { id: "kittens", name: "Kittens", schema: '{"type":"object"}', sender: user, uri: "ipfs://kittens" })]);
  await send([nft("MsgMintNFT", { id: "tom", denom_id: "kittens", name: "Tom", uri: "ipfs://tom", data: "grey", sender: user, recipient: devAddress(6) }),
    nft("MsgMintNFT", { id: "felix", denom_id: "kittens", name: "Felix", sender: user, recipient: user })]);
  await go("#/nfts");
  assert.match(await text("nft-collections"), new RegExp(`kittens\\s+Kittens\\s+${user}\\s+2`));
  await page.locator("#nft-collections a", { hasText: "kittens" }).click();
  await page.waitForFunction(() => document.getElementById("explorer")!.dataset.route === "#/collection/kittens");
  assert.match(await text("collection-facts"), /ipfs:\/\/kittens/);
  assert.match(await text("collection-nfts"), new RegExp(`felix\\s+Felix\\s+${user}[\\s\\S]*tom\\s+Tom\\s+${devAddress(6)}\\s+ipfs://tom`));
  await axe(page, "collection");
  await page.locator("#collection-nfts a", { hasText: "tom" }).click();
  await page.waitForFunction(() => document.getElementById("explorer")!.dataset.route === "#/nft/kittens/tom");
  const facts = await text("nft-facts");
  const rest_ = (await rest("/chainmain/nft/nfts/kittens/tom")).nft;
  for (const v of [rest_.name, rest_.owner, rest_.uri, rest_.data]) assert.ok(facts.includes(v), `${v} missing: ${facts}`);
  await axe(page, "nft");
  await go(`#/account/${user}`);
  assert.match(await text("acct-nfts"), /kittens\s+felix/);
});

test("a production node's dashboard has no explorer and no dev tools", async () => {
  prod = await startNode(config("prod.db", { clock: "real", dev: false, blockTimeNs: 3_600_000_000_000n }), { core: await loadCoreFromFile() });
  const p = await open(`${prod.url}/`);
  await p.waitForFunction(() => "__devMode" in globalThis);
  assert.is(await p.evaluate(() => (globalThis as unknown as { __devMode: boolean }).__devMode), false);
  assert.is(await p.locator("#explorer").isHidden(), true);
  assert.is(await p.locator("#dev-tools").isHidden(), true);
  await p.context().close();
});

test.run();
