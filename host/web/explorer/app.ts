// The node's block explorer (GET /explorer, host/web/explorer/): pages routed by the URL's path
// (/explorer/blocks/5, /explorer/txs/HASH, /explorer/accounts/ADDR, /explorer/validators/VALOPER,
// /explorer/proposals/ID, /explorer/positions/ID, /explorer/nfts/DENOM/TOKEN, lists with ?page=N),
// links followed in the page (history.pushState), a search box that tells a height, a hash, an
// address, an operator address and a proposal id apart without a failing request, and live
// updates: new blocks over the node's websocket (a dev node's /websocket), else by polling REST.

import { getJson, HttpError, loadDenoms, loadPrefixes, tryJson } from "./api.js";
import { block, blockList, home, tx, txList } from "./blocks.js";
import { BASE, h, link } from "./dom.js";
import { collection, collections, nft, proposal, proposalList } from "./gov.js";
import type { Ctx, Page } from "./page.js";
import { RpcSocket } from "./rpc-socket.js";
import { account, pageOfAddress, position, validator, validatorList } from "./staking.js";

const $ = (id: string) => document.getElementById(id)!;
const meta = (name: string): string => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? "";
const HASH = /^(0x)?[0-9A-Fa-f]{64}$/;
const NUMBER = /^[0-9]{1,19}$/;

let latest = 0n;
let current: Page | undefined;
let rpc: RpcSocket | undefined;
const ctx: Ctx = {
  chain: `/${meta("chain-segment") || "chainmain"}`,
  prefixes: { account: "cro", valoper: "crocncl", valcons: "crocnclcons" },
  bondDenom: "basecro",
  top: async () => {
    if (latest === 0n) latest = BigInt((await getJson("/cosmos/base/tendermint/v1beta1/blocks/latest")).block.header.height);
    return latest;
  },
};

/** The page a path names (without /explorer), or undefined for no such page. */
async function pageFor(path: string[], params: URLSearchParams): Promise<Page | undefined> {
  const [kind = "", a = "", b = ""] = path;
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  if (kind === "") return home(ctx);
  if (kind === "blocks") return a ? (NUMBER.test(a) && a !== "0" ? block(ctx, a) : undefined) : blockList(ctx, page);
  if (kind === "txs") return a ? (HASH.test(a) ? tx(ctx, a.replace(/^0x/, "").toUpperCase()) : undefined) : txList(ctx, page);
  if (kind === "validators") return a ? validator(ctx, a, page) : validatorList(ctx, page);
  if (kind === "accounts" && a) return account(ctx, a, page);
  if (kind === "positions" && NUMBER.test(a)) return position(ctx, a);
  if (kind === "proposals") return a ? (NUMBER.test(a) ? proposal(ctx, a) : undefined) : proposalList(ctx, page);
  if (kind === "nfts") return b ? nft(a, b) : a ? collection(a) : collections();
  if (kind === "search") return searchPage(params.get("q") ?? "");
  return undefined;
}

async function route(focus: boolean): Promise<void> {
  const rest = location.pathname.slice(BASE.length).split("/").filter(Boolean).map(decodeURIComponent);
  const params = new URLSearchParams(location.search);
  const view = $("view");
  view.setAttribute("aria-busy", "true");
  let page: Page;
  try {
    page = (await pageFor(rest, params)) ?? { title: "Not found", body: [h("p", { role: "alert", class: "error" }, `The explorer has no page ${location.pathname}.`), h("p", {}, link("", "Back to the overview"))] };
  } catch (e) {
    page = { title: "Error", body: [h("p", { role: "alert", class: "error" }, (e as Error).message)] };
  }
  current = page;
  const heading = h("h1", { id: "page-title", tabindex: "-1" }, page.title);
  view.replaceChildren(heading, ...page.body);
  view.removeAttribute("aria-busy");
  document.title = `${page.title} · Explorer`;
  for (const a of Array.from(document.querySelectorAll<HTMLAnchorElement>("#site-nav a"))) {
    const on = a.pathname === BASE ? location.pathname === BASE : location.pathname.startsWith(a.pathname);
    if (on) a.setAttribute("aria-current", "page");
    else a.removeAttribute("aria-current");
  }
  if (focus) heading.focus();
  document.body.dataset.route = location.pathname + location.search;
}

function go(path: string): void {
  $("search-msg").textContent = "";
  history.pushState(null, "", path);
  void route(true);
}

// ---- search ----

interface Hit {
  path: string;
  label: string;
}

async function find(text: string): Promise<{ hits: Hit[]; message?: string }> {
  const s = text.trim();
  if (!s) return { hits: [], message: "Type a block height, a tx hash, an address, a validator's operator address or a proposal id." };
  const prop = /^(?:#|proposal\s*#?|p)\s*([0-9]{1,19})$/i.exec(s);
  const proposalHit = async (id: string): Promise<Hit[]> => {
    const all = await tryJson("/cosmos/gov/v1/proposals?pagination.limit=1000", { proposals: [] as any[] });
    const p = all.proposals.find((x) => x.id === id);
    return p ? [{ path: `proposals/${id}`, label: `Proposal #${id}: ${p.title || "(untitled)"}` }] : [];
  };
  if (prop) {
    const hits = await proposalHit(BigInt(prop[1]!).toString());
    return hits.length ? { hits } : { hits, message: `No proposal has the id ${prop[1]}.` };
  }
  if (NUMBER.test(s)) {
    const n = BigInt(s);
    const top = await ctx.top();
    const hits: Hit[] = n >= 1n && n <= top ? [{ path: `blocks/${n}`, label: `Block ${n}` }] : [];
    hits.push(...(await proposalHit(n.toString())));
    return hits.length ? { hits } : { hits, message: `No block ${n} yet (the chain is at ${top}) and no proposal ${n}.` };
  }
  if (HASH.test(s)) {
    const hash = s.replace(/^0x/, "").toUpperCase();
    const found = await tryJson(`/cosmos/tx/v1beta1/txs?query=${encodeURIComponent(`tx.hash='${hash}'`)}&limit=1`, { tx_responses: [] as any[] });
    if (found.tx_responses.length) return { hits: [{ path: `txs/${hash}`, label: `Transaction ${hash}` }] };
    const b = rpc ? await rpc.call("block_by_hash", { hash: `0x${hash}` }).catch(() => undefined) : undefined;
    if (b?.block) return { hits: [{ path: `blocks/${b.block.header.height}`, label: `Block ${b.block.header.height}` }] };
    return { hits: [], message: `No transaction${rpc ? " or block" : ""} has the hash ${hash}.` };
  }
  if (/^[a-z]+1[02-9ac-hj-np-z]{6,}$/i.test(s)) {
    const path = await pageOfAddress(ctx, s);
    if (path) return { hits: [{ path, label: path.startsWith("validators/") ? `Validator ${path.slice(11)}` : `Account ${s.toLowerCase()}` }] };
    return { hits: [], message: `${s} is not an address of this chain (prefixes ${ctx.prefixes.account}1…, ${ctx.prefixes.valoper}1…, ${ctx.prefixes.valcons}1…), or its checksum is wrong.` };
  }
  return { hits: [], message: `Nothing matches "${s}". Search by a block height, a tx hash (64 hex digits), an address (${ctx.prefixes.account}1…), a validator (${ctx.prefixes.valoper}1…) or a proposal id (#5).` };
}

async function searchPage(text: string): Promise<Page> {
  const r = await find(text);
  return {
    title: `Search: ${text}`,
    body: [r.hits.length ? h("ul", { id: "search-hits" }, ...r.hits.map((x) => h("li", {}, link(x.path, x.label)))) : h("p", { role: "alert", class: "error" }, r.message ?? "No match.")],
  };
}

async function search(text: string): Promise<void> {
  const out = $("search-msg");
  out.textContent = "";
  const r = await find(text);
  if (r.hits.length === 1) return go(`${BASE}/${r.hits[0]!.path}`);
  if (r.hits.length > 1) return go(`${BASE}/search?q=${encodeURIComponent(text.trim())}`);
  out.textContent = r.message ?? "No match.";
}

// ---- live updates ----

let queue = Promise.resolve();
function newBlock(height: bigint): void {
  if (height <= latest) return;
  const from = latest === 0n || height - latest > 20n ? height : latest + 1n;
  latest = height;
  for (let hgt = from; hgt <= height; hgt++) {
    const page = current;
    const at = String(hgt);
    queue = queue.then(() => page?.onBlock?.(at)).catch(() => undefined).then(() => {
      document.body.dataset.height = at;
    });
  }
}

async function startLive(): Promise<void> {
  const live = $("live");
  try {
    rpc = new RpcSocket();
    rpc.onState = (on) => {
      live.textContent = on ? "Live: new blocks appear as they are committed." : "Reconnecting to the node…";
    };
    await rpc.subscribe("tm.event='NewBlock'", (data) => newBlock(BigInt(data.value.block.header.height)));
    live.textContent = "Live: new blocks appear as they are committed.";
  } catch {
    // No websocket on this origin (a node without --dev): poll the latest block.
    rpc = undefined;
    live.textContent = "Live: polling the node every 3 seconds.";
    setInterval(() => {
      void getJson("/cosmos/base/tendermint/v1beta1/blocks/latest").then((b) => newBlock(BigInt(b.block.header.height)), () => undefined);
    }, 3000);
  }
}

async function main(): Promise<void> {
  const [prefixes, , staking] = await Promise.all([loadPrefixes(), loadDenoms(), tryJson("/cosmos/staking/v1beta1/params", { params: { bond_denom: "basecro" } })]);
  ctx.prefixes = prefixes;
  ctx.bondDenom = staking.params.bond_denom;
  document.addEventListener("click", (e) => {
    const a = (e.target as Element | null)?.closest?.("a");
    if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || a.target) return;
    if (a.origin !== location.origin || !(a.pathname === BASE || a.pathname.startsWith(`${BASE}/`))) return;
    e.preventDefault();
    go(a.pathname + a.search);
  });
  addEventListener("popstate", () => void route(true));
  $("search").addEventListener("submit", (e) => {
    e.preventDefault();
    void search(String(new FormData(e.target as HTMLFormElement).get("q") ?? ""));
  });
  await ctx.top();
  await route(false);
  await startLive();
  (globalThis as unknown as { __explorerReady: boolean }).__explorerReady = true;
}

main().catch((e: Error) => {
  $("live").textContent = `The explorer failed to start: ${e instanceof HttpError ? `the node answered ${e.status}: ` : ""}${e.message}`;
});
