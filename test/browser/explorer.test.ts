// The explorer page (GET /explorer, host/web/explorer/) in Debian's Chromium, on a dev node started
// in process with state (test/browser/explorer-seed.ts: a faucet send, a delegation, a tier position,
// a proposal with a vote, an undelegation, then 25 empty blocks): the overview against the REST
// answers and live on a new block, navigation by links (block -> tx -> validator -> account ->
// position) and deep links, paging, display units with the base value in the title, search for
// each kind with no failing request, validators, proposals and NFTs, a node without --dev (polling),
// and axe-core on every page with no serious or critical violation.

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createRequire } from "node:module";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { devAddress } from "../../host/app/genesis.js";
import { loadCoreFromFile } from "../../host/core/node.js";
import { startNode, type RunningNode } from "../../host/main.js";
import { formatTokens, groupThousands } from "../../host/web/format.js";
import { FEE } from "../helpers/dev-signer.js";
import { STEP_TIMEOUT_MS, launchChromium, outputDir } from "./chromium.js";
import { nodeConfig, seededNode, type Seeded } from "./explorer-seed.js";

const require = createRequire(import.meta.url);
const test = suite("the explorer page, in Chromium");

let s: Seeded;
let prod: RunningNode | undefined;
let browser: Browser;
let page: Page;
const pageLog: string[] = [];
/** Every response of 400 or more the page got (the explorer's searches and pages must cause none). */
const failed: string[] = [];

const rest = async (path: string) => (await (await fetch(`${s.node.url}${path}`)).json()) as any;
const post = async (path: string, body?: unknown) => (await (await fetch(`${s.node.url}${path}`, { method: "POST", body: body === undefined ? undefined : JSON.stringify(body) })).json()) as any;
const text = (sel: string) => page.locator(sel).innerText();
const routed = (p: Page, route: string) => p.waitForFunction((r) => document.body.dataset.route === r, route);

async function open(url: string): Promise<Page> {
  // bypassCSP: axe-core is injected inline; the page's own policy is the dashboard's (dashboard.test.ts).
  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1200, height: 900 } });
  const p = await context.newPage();
  p.setDefaultTimeout(STEP_TIMEOUT_MS);
  p.on("console", (m) => pageLog.push(`console.${m.type()}: ${m.text()}`));
  p.on("pageerror", (e) => pageLog.push(`pageerror: ${e.message}`));
  p.on("response", (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  await p.goto(url);
  await p.waitForFunction(() => (globalThis as Record<string, unknown>).__explorerReady === true).catch((e: Error) => {
    throw new Error(`${e.message}\npage log:\n${pageLog.join("\n")}`);
  });
  return p;
}

async function axe(p: Page, what: string): Promise<void> {
  if (!(await p.evaluate(() => "axe" in globalThis))) await p.addScriptTag({ path: require.resolve("axe-core/axe.min.js") });
  const violations = (await p.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> } }).axe;
    const r = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] } });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length }));
  })) as { id: string; impact: string; nodes: number }[];
  const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  assert.equal(bad, [], `${what}: ${JSON.stringify(violations)}`);
}

/** Click the link with `name` inside `scope` and wait for the page it leads to. */
async function follow(scope: string, name: string | RegExp, route: string): Promise<void> {
  await page.locator(scope).getByRole("link", { name, exact: typeof name === "string" }).first().click();
  await routed(page, route);
}

test.before(async () => {
  s = await seededNode();
  await post("/dev/advance?blocks=25");
  browser = await launchChromium();
  page = await open(`${s.node.url}/explorer`);
});

test.after(async () => {
  await browser?.close().catch(() => undefined);
  await s?.node.close();
  await prod?.close();
  if (s?.dir) await rm(s.dir, { recursive: true, force: true });
});

test("the overview: the chain's figures and the latest blocks and txs as REST has them; a new block arrives live", async () => {
  const top = s.node.chain.latest.height;
  assert.is(await text("#stat-height"), `${top}`);
  const supply = (await rest("/cosmos/bank/v1beta1/supply/by_denom?denom=basecro")).amount.amount as string;
  assert.is(await text("#stat-supply"), `${formatTokens(BigInt(supply))} CRO`);
  assert.is(await page.locator("#stat-supply .amount").getAttribute("title"), `${supply} basecro`, "the base value is the title");
  assert.match(await text("#stat-bonded"), /^[0-9]+\.[0-9]{2} %$/);
  assert.match(await text("#stat-inflation"), /^[0-9]+\.[0-9]{2} %$/);
  assert.is(await text("#stat-validators"), "4 active of 4");
  assert.is(await text("#stat-voting"), "1");
  assert.is(await page.locator("#latest-blocks tbody tr").first().getAttribute("data-height"), `${top}`);
  assert.match(await page.locator("#latest-blocks tbody tr").first().innerText(), /local-validator-\d/, "the proposer's moniker");
  const listed = await page.locator("#latest-txs tbody tr").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-hash")));
  const h = s.hashes;
  assert.equal(listed.slice(0, 6), [h.undelegate, h.vote, h.proposal, h.lock, h.delegate, h.faucet]);
  await axe(page, "overview");
  const sent = await post("/dev/faucet", { address: devAddress(8), amount: "1basecro" });
  await page.locator(`#latest-blocks tr[data-height="${sent.height}"]`).waitFor();
  await page.locator(`#latest-txs tr[data-hash="${sent.txhash}"]`).waitFor();
  assert.match(await page.locator(`#latest-txs tr[data-hash="${sent.txhash}"]`).innerText(), /MsgSend\s+Success/);
  await page.waitForFunction((hgt) => document.getElementById("stat-height")?.textContent === hgt, `${sent.height}`);
  assert.match(await text("#live"), /^Live/);
});

test("navigation by links: block -> tx -> validator -> account -> position, and back", async () => {
  const height = (await rest(`/cosmos/tx/v1beta1/txs/${s.hashes.delegate}`)).tx_response.height as string;
  await follow("#site-nav", "Blocks", "/explorer/blocks");
  const pages = Number((s.node.chain.latest.height - BigInt(height)) / 20n) + 1;
  for (let n = 2; n <= pages; n++) await follow("main", "Older →", `/explorer/blocks?page=${n}`);
  await follow("#blocks", height, `/explorer/blocks/${height}`);
  const rpc = (await (await fetch(`${s.node.rpcUrl}/block?height=${height}`)).json()) as any;
  const facts = await text("#block-facts");
  assert.ok(facts.includes(rpc.result.block_id.hash) && facts.includes(rpc.result.block.header.app_hash), facts);
  assert.match(await text("#block-txs"), /MsgDelegate\s+Success/);
  await axe(page, "block");
  await follow("#block-txs", s.hashes.delegate!.slice(0, 8) + "…" + s.hashes.delegate!.slice(-8), `/explorer/txs/${s.hashes.delegate}`);
  const got = await rest(`/cosmos/tx/v1beta1/txs/${s.hashes.delegate}`);
  const tx = await text("#tx-facts");
  assert.ok(tx.includes(`${groupThousands(BigInt(got.tx_response.gas_used))} / ${groupThousands(BigInt(got.tx_response.gas_wanted))}`), tx);
  assert.ok(tx.includes(`${formatTokens(BigInt(FEE.amount[0]!.amount))} CRO`), `the fee in CRO: ${tx}`);
  const msgs = await text("#tx-messages");
  assert.match(msgs, /^cosmos-sdk\/MsgDelegate/);
  assert.ok(msgs.includes("30,000 CRO"), msgs);
  assert.match(await text("#tx-events"), /delegate\s+validator\s+crocncl1/);
  assert.is(await text("#tx-log"), got.tx_response.raw_log || "(empty)");
  assert.equal(JSON.parse((await page.locator("#tx-raw").textContent()) ?? ""), got);
  await axe(page, "tx");
  await follow("#tx-messages", s.validator, `/explorer/validators/${s.validator}`);
  assert.match(await text("#validator-facts"), /local-validator-1[\s\S]*bonded[\s\S]*10\.00 % \(max 20\.00 %[\s\S]*Uptime\s+100\.00 %/);
  assert.ok((await text("#validator-delegators")).includes(s.user));
  assert.match(await text("#validator-positions"), new RegExp(`#0\\s+${s.user}\\s+2\\s+50,000 CRO\\s+not triggered`));
  await axe(page, "validator");
  await follow("#validator-delegators", s.user, `/explorer/accounts/${s.user}`);
  await page.goBack();
  await routed(page, `/explorer/validators/${s.validator}`);
  await page.goForward();
  await routed(page, `/explorer/accounts/${s.user}`);
  await follow("#acct-positions", "#0", "/explorer/positions/0");
  assert.match(await text("#position-facts"), /Tier\s+2\s+Amount\s+50,000 CRO\s+Validator\s+local-validator-1/);
});

test("an account: balances in CRO with basecro in the title, delegations, unbonding, positions, txs", async () => {
  await page.goto(`${s.node.url}/explorer/accounts/${s.user}`);
  await routed(page, `/explorer/accounts/${s.user}`);
  const balance = (await rest(`/cosmos/bank/v1beta1/balances/${s.user}/by_denom?denom=basecro`)).balance.amount as string;
  assert.match(await text("#acct-balances"), new RegExp(`CRO \\(basecro\\)\\s+${formatTokens(BigInt(balance)).replaceAll(".", "\\.")} CRO`));
  assert.is(await page.locator("#acct-balances .amount").first().getAttribute("title"), `${balance} basecro`);
  assert.match(await text("#acct-delegations"), /local-validator-1\s+29,000 CRO/);
  const summary = await text("#acct-facts");
  assert.match(summary, /Account number \/ sequence\s+5 \/ \d+/);
  assert.match(summary, /Delegated\s+29,000 CRO\s+Unbonding\s+1,000 CRO\s+Staking rewards\s+[\d,.]+ CRO\s+In tier positions\s+50,000 CRO/);
  const rewards = String((await rest(`/cosmos/distribution/v1beta1/delegators/${s.user}/rewards`)).total.find((c: any) => c.denom === "basecro")?.amount ?? "0").split(".")[0]!;
  const total = BigInt(balance) + (29_000n + 1_000n + 50_000n) * 10n ** 8n + BigInt(rewards);
  assert.match(summary, new RegExp(`Total\\s+${formatTokens(total).replaceAll(".", "\\.")} CRO`));
  assert.match(await text("#acct-unbonding"), /local-validator-1\s+1,000 CRO\s+\d{4}-/);
  assert.match(await text("#acct-positions"), /#0\s+2\s+50,000 CRO\s+local-validator-1\s+not triggered/);
  const txs = await text("#acct-txs");
  for (const k of ["delegate", "lock", "proposal", "vote", "undelegate"]) assert.ok(txs.includes(s.hashes[k]!.slice(0, 8)), `${k} missing: ${txs}`);
  await axe(page, "account");
  // The tier message's Int amount in CRO; an event's "address/sequence" is text, not a broken link.
  await follow("#acct-txs", `${s.hashes.lock!.slice(0, 8)}…${s.hashes.lock!.slice(-8)}`, `/explorer/txs/${s.hashes.lock}`);
  assert.match(await text("#tx-messages"), /^chainmain\/MsgLockTier[\s\S]*amount\s+50,000 CRO/);
  assert.is(await page.locator("#tx-events a", { hasText: "/" }).count(), 0);
  assert.match(await text("#tx-events"), /acc_seq\s+cro1[0-9a-z]+\/\d+/);
});

test("paging: blocks 20 a page from the top, txs with the node's total", async () => {
  await page.goto(`${s.node.url}/explorer/blocks`);
  await routed(page, "/explorer/blocks");
  const top = BigInt(await page.locator("#blocks tbody tr").first().getAttribute("data-height") ?? "0");
  assert.ok(top >= 30n, `${top}`);
  assert.is(await page.locator("#blocks tbody tr").count(), 20);
  await follow("main", "Older →", "/explorer/blocks?page=2");
  assert.is(await page.locator("#blocks tbody tr").first().getAttribute("data-height"), `${top - 20n}`);
  assert.match(await text("main nav.pager"), new RegExp(`Page 2 of ${(top + 19n) / 20n}`));
  await axe(page, "blocks page 2");
  await follow("main", "← Newer", "/explorer/blocks?page=1");
  await follow("#site-nav", "Transactions", "/explorer/txs");
  const total = (await rest("/cosmos/tx/v1beta1/txs?query=tx.height%3E0&limit=1")).total as string;
  assert.match(await text("main h2"), new RegExp(`Transactions \\(${total}\\)`));
  assert.is(await page.locator("#txs tbody tr").count(), Math.min(20, Number(total)));
  await axe(page, "txs");
});

test("validators by voting power with monikers and commission; proposals with status and tally, votes and deposits", async () => {
  await page.goto(`${s.node.url}/explorer/validators`);
  await routed(page, "/explorer/validators");
  assert.is(await page.locator("#validators tbody tr").count(), 4);
  assert.match(await page.locator("#validators tbody tr").first().innerText(), /^1\s+local-validator-1\s+10,000,079,000 CRO\s+25\.00 %\s+25\.00 %\s+10\.00 %\s+bonded$/);
  assert.match(await page.locator("#validators tbody tr").last().innerText(), /^4\s+local-validator-\d\s+10,000,000,000 CRO\s+24\.99 %\s+100\.00 %/);
  await axe(page, "validators");
  await follow("#site-nav", "Proposals", "/explorer/proposals");
  assert.match(await text("#proposals"), /#1\s+A text proposal\s+voting period\s+[0-9-]+ [0-9:]+ UTC\s+Yes 100\.00 %/);
  await axe(page, "proposals");
  await follow("#proposals", "A text proposal", "/explorer/proposals/1");
  const tally = (await rest("/cosmos/gov/v1/proposals/1/tally")).tally;
  assert.match(await text("#proposal-tally"), new RegExp(`Yes\\s+${formatTokens(BigInt(tally.yes_count))} CRO\\s+100\\.00 %`));
  assert.match(await text("#proposal-votes"), new RegExp(`${s.user}\\s+yes`));
  assert.match(await text("#proposal-deposits"), new RegExp(`${s.user}\\s+10,000 CRO`));
  assert.match(await text("#proposal-facts"), /A text proposal[\s\S]*voting period/);
  await axe(page, "proposal");
});

test("search: a height, a tx hash, a block hash, an account, a validator (operator and consensus), a proposal id; no failing request", async () => {
  failed.length = 0;
  const search = async (q: string, route: string) => {
    await page.fill("#q", q);
    await page.locator("#q").press("Enter");
    await routed(page, route);
  };
  const alert = async (q: string, pattern: RegExp) => {
    await page.fill("#q", q);
    await page.locator("#q").press("Enter");
    await page.waitForFunction(() => document.getElementById("search-msg")!.textContent !== "");
    assert.match(await text("#search-msg"), pattern);
  };
  await search("3", "/explorer/blocks/3");
  await search(s.hashes.lock!.toLowerCase(), `/explorer/txs/${s.hashes.lock}`);
  const blockHash = ((await (await fetch(`${s.node.rpcUrl}/block?height=2`)).json()) as any).result.block_id.hash as string;
  await search(blockHash, "/explorer/blocks/2");
  await search(s.user, `/explorer/accounts/${s.user}`);
  await search(s.validator, `/explorer/validators/${s.validator}`);
  const cons = (await rest("/cosmos/base/tendermint/v1beta1/validatorsets/latest")).validators as { address: string; pub_key: { key: string } }[];
  const key = (await rest(`/cosmos/staking/v1beta1/validators/${s.validator}`)).validator.consensus_pubkey.key;
  await search(cons.find((c) => c.pub_key.key === key)!.address, `/explorer/validators/${s.validator}`);
  await search("#1", "/explorer/proposals/1");
  // "1" is both block 1 and proposal 1: both are offered.
  await search("1", "/explorer/search?q=1");
  assert.match(await text("#search-hits"), /Block 1\s+Proposal #1: A text proposal/);
  await axe(page, "search results");
  await alert("99999999", /No block 99999999 yet/);
  await alert("AB".repeat(32), /^No transaction or block has the hash/);
  await alert(`${s.validator.slice(0, -1)}x`, /not an address of this chain/);
  await alert("not a thing", /Search by a block height/);
  assert.equal(failed, [], "a search made a request fail");
});

test("deep links load on their own; an unknown page or id says so", async () => {
  const p = await open(`${s.node.url}/explorer/proposals/1`);
  assert.match(await p.locator("h1").innerText(), /Proposal #1: A text proposal/);
  await p.goto(`${s.node.url}/explorer/proposals/77`);
  await routed(p, "/explorer/proposals/77");
  assert.match(await p.locator("#view").innerText(), /No proposal has the id 77/);
  // Pages past the end: an empty page, and no request the node refuses (its tx search answers 400 past its last page).
  const before = failed.length;
  await p.goto(`${s.node.url}/explorer/txs?page=99`);
  await routed(p, "/explorer/txs?page=99");
  assert.match(await p.locator("#view").innerText(), /No transactions yet|Page 99 of 1/);
  await p.goto(`${s.node.url}/explorer/accounts/${s.user}?page=2`);
  await routed(p, `/explorer/accounts/${s.user}?page=2`);
  assert.match(await p.locator("#acct-txs").innerText(), /No transactions/);
  await p.goto(`${s.node.url}/explorer/blocks?page=999`);
  await routed(p, "/explorer/blocks?page=999");
  assert.equal(failed.slice(before), []);
  await p.goto(`${s.node.url}/explorer/nonsense`);
  await routed(p, "/explorer/nonsense");
  assert.match(await p.locator("#view").innerText(), /no page \/explorer\/nonsense/);
  await p.context().close();
  const home = await (await fetch(`${s.node.url}/`)).text();
  assert.match(home, /<a href="\/explorer">/, "the dashboard links the explorer");
});

test("chain-main's x/nft: the collections, a collection and an NFT, linked from the owner's account", async () => {
  const failedBefore = failed.length;
  const nft = (m: string, value: Record<string, string>) => ({ type: `/chainmain.nft.v1.${m}`, value });
  const { devSigner } = await import("../helpers/dev-signer.js");
  const signer = await devSigner(5);
  const send = async (msgs: any[]) => {
    const acct = s.node.chain.directory.account(signer.address)!;
    const r = await post("/txs", await signer.sign(msgs, { chainId: s.node.chain.chainId, accountNumber: acct.accountNumber, sequence: acct.sequence }));
    assert.is(r.tx_response.code, 0, r.tx_response.raw_log);
    await post("/dev/advance?blocks=1");
  };
  await send([nft("MsgIssueDenom", { id: "kittens", name: "Kittens", schema: '{"type":"object"}', sender: s.user, uri: "ipfs://kittens" })]);
  await send([nft("MsgMintNFT", { id: "tom", denom_id: "kittens", name: "Tom", uri: "ipfs://tom", data: "grey", sender: s.user, recipient: devAddress(6) }),
    nft("MsgMintNFT", { id: "felix", denom_id: "kittens", name: "Felix", sender: s.user, recipient: s.user })]);
  await follow("#site-nav", "NFTs", "/explorer/nfts");
  assert.match(await text("#nft-collections"), new RegExp(`kittens\\s+Kittens\\s+${s.user}\\s+2`));
  await follow("#nft-collections", "kittens", "/explorer/nfts/kittens");
  assert.match(await text("#collection-facts"), /ipfs:\/\/kittens/);
  assert.match(await text("#collection-nfts"), new RegExp(`felix\\s+Felix\\s+${s.user}[\\s\\S]*tom\\s+Tom\\s+${devAddress(6)}\\s+ipfs://tom`));
  await axe(page, "collection");
  await follow("#collection-nfts", "tom", "/explorer/nfts/kittens/tom");
  const t = (await rest("/chainmain/nft/nfts/kittens/tom")).nft;
  const facts = await text("#nft-facts");
  for (const v of [t.name, t.owner, t.uri, t.data]) assert.ok(facts.includes(v), `${v} missing: ${facts}`);
  await axe(page, "nft");
  await page.goto(`${s.node.url}/explorer/accounts/${s.user}`);
  await routed(page, `/explorer/accounts/${s.user}`);
  assert.match(await text("#acct-nfts"), /kittens\s+felix/);
  assert.equal(failed.slice(failedBefore), []);
  await page.screenshot({ path: join(await outputDir(), "explorer.png"), fullPage: true });
});

test("a node without --dev: the explorer loads, and new blocks arrive by polling", async () => {
  prod = await startNode(nodeConfig(s.dir, "prod.db", { clock: "real", dev: false, blockTimeNs: 1_000_000_000n }), { core: await loadCoreFromFile() });
  const p = await open(`${prod.url}/explorer`);
  assert.match(await p.locator("#live").innerText(), /polling/);
  // A node without --dev makes its first block on its clock: the page may open at height 0.
  const height = () => p.evaluate(() => { const t = document.getElementById("stat-height")?.textContent ?? ""; return /^\d+$/.test(t) ? t : "0"; });
  await p.waitForFunction(() => /^[1-9]\d*$/.test(document.getElementById("stat-height")?.textContent ?? ""));
  const shown = BigInt(await height());
  assert.ok(shown >= 1n);
  await p.waitForFunction((hgt) => /^\d+$/.test(document.getElementById("stat-height")?.textContent ?? "") && BigInt(document.getElementById("stat-height")!.textContent!) > BigInt(hgt), `${shown}`);
  // The latest-blocks table follows the height (rendered after it: waited for, not raced).
  await p.waitForFunction((hgt) => BigInt(document.querySelector("#latest-blocks tbody tr")?.getAttribute("data-height") ?? "0") > BigInt(hgt), `${shown}`);
  const top = await p.locator("#latest-blocks tbody tr").first().getAttribute("data-height");
  assert.ok(BigInt(top ?? "0") > shown, `a new block row: ${top}`);
  assert.equal(failed.filter((f) => f.includes(prod!.url)), []);
  await p.context().close();
});

test.run();
