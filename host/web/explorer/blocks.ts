// The explorer's home (the chain at a glance, the latest blocks and txs, both live), the block and
// tx lists with paging, and the block and tx pages.

import { groupThousands } from "../format.js";
import { base64ToHex, bech32Decode, decPercent, getJson, proposers, q, ratio, tryJson, unitOf, validators } from "./api.js";
import {
  accountLink, amount, blockLink, coins, type Child, facts, h, link, msgTypes, pager, result, row, section, short, table, time, txLink, validatorLink,
} from "./dom.js";
import type { Ctx, Page } from "./page.js";

const LATEST = 10;
const PER_PAGE = 20;

const blockRow = async (height: string, names: Awaited<ReturnType<typeof proposers>>): Promise<HTMLElement> => {
  const b = await getJson(`/cosmos/base/tendermint/v1beta1/blocks/${height}`);
  const hdr = b.block.header;
  const prop = names.get(base64ToHex(hdr.proposer_address));
  return row([blockLink(hdr.height), time(hdr.time), prop ? validatorLink(prop.operator, prop.moniker) : short(base64ToHex(hdr.proposer_address)),
    String((b.block.data.txs ?? []).length), h("span", { class: "hash", title: base64ToHex(b.block_id.hash) }, short(base64ToHex(b.block_id.hash)))], { "data-height": hdr.height });
};
const BLOCK_HEADERS = ["Height", "Time", "Proposer", "Txs", "Hash"];

const txRow = (r: any, tx: any): HTMLElement =>
  row([txLink(r.txhash), msgTypes(tx).join(", ") || "–", result(r.code), blockLink(r.height), time(r.timestamp)], { "data-hash": r.txhash });
const TX_HEADERS = ["Hash", "Messages", "Result", "Block", "Time"];

async function searchTxs(query: string, page: number, limit: number): Promise<{ rows: HTMLElement[]; total: bigint }> {
  const r = await tryJson(`/cosmos/tx/v1beta1/txs?query=${q(query)}&order_by=ORDER_BY_DESC&limit=${limit}&page=${page}`, { tx_responses: [], txs: [], total: "0" });
  return { rows: (r.tx_responses as any[]).map((t, i) => txRow(t, r.txs[i])), total: BigInt(r.total ?? "0") };
}

/** Heights top, top-1, ... (count of them, not below 1). */
const heightsFrom = (top: bigint, count: number): string[] => {
  const out: string[] = [];
  for (let hgt = top; hgt >= 1n && out.length < count; hgt--) out.push(String(hgt));
  return out;
};

async function stats(ctx: Ctx): Promise<HTMLElement> {
  const [latest, mint, inflation, pool, community, tierPool, vals, votingNow] = await Promise.all([
    getJson("/cosmos/base/tendermint/v1beta1/blocks/latest"),
    tryJson("/cosmos/mint/v1beta1/params", { params: { mint_denom: "basecro" } }),
    tryJson("/cosmos/mint/v1beta1/inflation", { inflation: "" }),
    getJson("/cosmos/staking/v1beta1/pool"),
    tryJson("/cosmos/distribution/v1beta1/community_pool", { pool: [] }),
    tryJson(`${ctx.chain}/tieredrewards/v1/rewards_pool_balances`, { balances: [] }),
    validators(),
    tryJson("/cosmos/gov/v1/proposals?proposal_status=PROPOSAL_STATUS_VOTING_PERIOD&pagination.limit=1&pagination.count_total=true", { pagination: { total: "0" } }),
  ]);
  const denom = mint.params.mint_denom as string;
  const supply = await getJson(`/cosmos/bank/v1beta1/supply/by_denom?denom=${q(denom)}`);
  const top = BigInt(latest.block.header.height);
  // The average block time over the last 100 blocks (seconds, shown to 2 decimals).
  const back = top > 100n ? top - 100n : 1n;
  const old = top > back ? await tryJson(`/cosmos/base/tendermint/v1beta1/blocks/${back}`, null as any) : null;
  let avg = "–";
  if (old) {
    const ms = BigInt(Date.parse(latest.block.header.time) - Date.parse(old.block.header.time));
    const cs = (ms / 10n) / (top - back);
    avg = `${cs / 100n}.${(cs % 100n).toString().padStart(2, "0")} s`;
  }
  const bonded = BigInt(pool.pool.bonded_tokens);
  const unit = unitOf(denom);
  const stat = (label: string, id: string, value: Child) => h("div", {}, h("dt", {}, label), h("dd", { id }, value));
  const dec = (list: { denom: string; amount: string }[]) => coins(list.filter((c) => c.denom === denom).map((c) => ({ denom, amount: c.amount.split(".")[0]! })));
  return h("dl", { class: "stats", id: "chain-stats", "data-height": String(top) },
    stat("Height", "stat-height", blockLink(String(top))),
    stat("Latest block time", "stat-time", time(latest.block.header.time)),
    stat("Average block time", "stat-avg", avg),
    stat("Bonded ratio", "stat-bonded", ratio(bonded, BigInt(supply.amount.amount))),
    stat("Inflation", "stat-inflation", inflation.inflation ? decPercent(inflation.inflation) : "–"),
    stat(`Total supply${unit ? ` (${unit.symbol})` : ""}`, "stat-supply", amount(supply.amount.amount, denom)),
    stat("Bonded tokens", "stat-bonded-tokens", amount(String(bonded), denom)),
    stat("Community pool", "stat-community", dec(community.pool)),
    stat("Tier rewards pool", "stat-tier-pool", coins(tierPool.balances)),
    stat("Validators", "stat-validators", link("validators", `${vals.filter((v) => v.status === "bonded").length} active of ${vals.length}`)),
    stat("Proposals in voting", "stat-voting", link("proposals", String(votingNow.pagination?.total ?? "0"))));
}

export async function home(ctx: Ctx): Promise<Page> {
  const top = await ctx.top();
  const names = await proposers();
  const blocks = await Promise.all(heightsFrom(top, LATEST).map((hgt) => blockRow(hgt, names)));
  const txs = await searchTxs("tx.height>0", 1, LATEST);
  const blocksTable = table("The latest blocks, newest first", BLOCK_HEADERS, [], { id: "latest-blocks" });
  blocksTable.querySelector("tbody")!.append(...blocks);
  const txsTable = table("The latest transactions, newest first", TX_HEADERS, [], { id: "latest-txs" });
  txsTable.querySelector("tbody")!.append(...txs.rows);
  const statsBox = h("div", { id: "stats-box" }, await stats(ctx));
  const prepend = (t: HTMLElement, rows: HTMLElement[]) => {
    const body = t.querySelector("tbody")!;
    body.prepend(...rows);
    while (body.children.length > LATEST) body.lastElementChild!.remove();
  };
  return {
    title: "Overview",
    body: [section("Chain", statsBox),
      h("div", { class: "two" },
        section("Latest blocks", blocksTable, h("p", {}, link("blocks", "All blocks →"))),
        section("Latest transactions", txsTable, h("p", {}, link("txs", "All transactions →"))))],
    onBlock: async (height) => {
      if (blocksTable.querySelector(`tr[data-height="${height}"]`)) return;
      prepend(blocksTable, [await blockRow(height, await proposers())]);
      prepend(txsTable, (await searchTxs(`tx.height=${height}`, 1, 100)).rows.filter((r) => !txsTable.querySelector(`tr[data-hash="${r.dataset.hash}"]`)));
      statsBox.replaceChildren(await stats(ctx));
    },
  };
}

export async function blockList(ctx: Ctx, page: number): Promise<Page> {
  const top = await ctx.top();
  const pages = Number((top + BigInt(PER_PAGE) - 1n) / BigInt(PER_PAGE));
  const names = await proposers();
  const first = top - BigInt((page - 1) * PER_PAGE);
  const rows = await Promise.all(heightsFrom(first, PER_PAGE).map((hgt) => blockRow(hgt, names)));
  const t = table("Blocks, newest first", BLOCK_HEADERS, [], { id: "blocks" });
  t.querySelector("tbody")!.append(...rows);
  return {
    title: "Blocks",
    body: [section(`Blocks (${groupThousands(top)})`, t, pager("blocks", page, pages, "Blocks"))],
    onBlock: page === 1 ? async (height) => {
      const body = t.querySelector("tbody")!;
      if (body.querySelector(`tr[data-height="${height}"]`)) return;
      body.prepend(await blockRow(height, await proposers()));
      while (body.children.length > PER_PAGE) body.lastElementChild!.remove();
    } : undefined,
  };
}

export async function txList(_ctx: Ctx, page: number): Promise<Page> {
  const all = page > 1 ? BigInt((await tryJson(`/cosmos/tx/v1beta1/txs?query=${q("tx.height>0")}&limit=1`, { total: "0" })).total ?? "0") : undefined;
  const r = all !== undefined && all <= BigInt((page - 1) * PER_PAGE) ? { rows: [], total: all } : await searchTxs("tx.height>0", page, PER_PAGE);
  const pages = Number((r.total + BigInt(PER_PAGE) - 1n) / BigInt(PER_PAGE));
  const t = table("Transactions, newest first", TX_HEADERS, r.rows, { id: "txs", empty: "No transactions yet." });
  return {
    title: "Transactions",
    body: [section(`Transactions (${groupThousands(r.total)})`, t, pager("txs", page, pages, "Transactions"))],
    onBlock: page === 1 ? async (height) => {
      const body = t.querySelector("tbody");
      if (!body) return;
      body.prepend(...(await searchTxs(`tx.height=${height}`, 1, 100)).rows.filter((x) => !body.querySelector(`tr[data-hash="${x.dataset.hash}"]`)));
      while (body.children.length > PER_PAGE) body.lastElementChild!.remove();
    } : undefined,
  };
}

export async function block(ctx: Ctx, height: string): Promise<Page> {
  const top = await ctx.top();
  if (BigInt(height) > top) return { title: `Block ${height}`, body: [h("p", { role: "alert", class: "error" }, `Block ${height} is not committed yet: the chain is at height ${top}.`)] };
  const b = await getJson(`/cosmos/base/tendermint/v1beta1/blocks/${height}`);
  const hdr = b.block.header;
  const names = await proposers();
  const prop = names.get(base64ToHex(hdr.proposer_address));
  const txs = await searchTxs(`tx.height=${height}`, 1, 100);
  const hgt = BigInt(height);
  return {
    title: `Block ${groupThousands(hgt)}`,
    body: [section("Block",
      facts([["Height", groupThousands(hgt)], ["Time", time(hdr.time)], ["Hash", h("span", { class: "hash" }, base64ToHex(b.block_id.hash))],
        ["Proposer", prop ? validatorLink(prop.operator, prop.moniker) : base64ToHex(hdr.proposer_address)],
        ["Chain id", hdr.chain_id], ["App hash", h("span", { class: "hash" }, base64ToHex(hdr.app_hash))],
        ["Previous block", hgt > 1n ? blockLink(String(hgt - 1n)) : "–"],
        ["Next block", hgt < top ? blockLink(String(hgt + 1n)) : "not yet"],
        ["Transactions", String((b.block.data.txs ?? []).length)]], "block-facts")),
    section("Transactions", table(`Transactions of block ${height}`, TX_HEADERS, txs.rows, { id: "block-txs", empty: "No transactions in this block." }))],
  };
}

export async function tx(ctx: Ctx, hash: string): Promise<Page> {
  const found = await tryJson(`/cosmos/tx/v1beta1/txs?query=${q(`tx.hash='${hash}'`)}&limit=1`, { tx_responses: [] });
  if (found.tx_responses.length === 0) return { title: "Transaction not found", body: [h("p", { role: "alert", class: "error" }, `No transaction has the hash ${hash}.`)] };
  const got = await getJson(`/cosmos/tx/v1beta1/txs/${hash}`);
  const r = got.tx_response;
  const t = got.tx;
  // A protobuf tx renders as {body, auth_info}; a legacy amino StdTx as {msg, fee, memo}.
  const msgs: any[] = t.body?.messages ?? t.msg ?? [];
  const fee = t.auth_info?.fee ?? t.fee;
  return {
    title: `Transaction ${short(r.txhash)}`,
    body: [section("Transaction",
      facts([["Hash", h("span", { class: "hash" }, r.txhash)], ["Result", result(r.code)], ["Block", blockLink(r.height)], ["Time", time(r.timestamp)],
        ["Fee", coins(fee?.amount)], ["Gas used / wanted", `${groupThousands(BigInt(r.gas_used))} / ${groupThousands(BigInt(r.gas_wanted))}`],
        ["Memo", (t.body?.memo ?? t.memo) || "–"], ...(r.code !== 0 ? [["Error", `${r.codespace}: ${r.raw_log}`] as [string, Child]] : [])], "tx-facts")),
    section(`Messages (${msgs.length})`, h("ol", { id: "tx-messages", class: "messages" }, ...msgs.map((m) => {
      const { "@type": type, ...fields } = m;
      return h("li", {}, h("h3", {}, String(type ?? m.type)), facts(Object.entries(type ? fields : m.value ?? {}).map(([k, v]) => [k, cell(ctx, k, v)])));
    }))),
    section("Events", table("Events of the transaction", ["Event", "Attributes"], (r.events as any[]).map((e) => [e.type,
      h("dl", { class: "attrs" }, ...e.attributes.flatMap((a: any) => [h("dt", {}, a.key), h("dd", {}, cell(ctx, a.key, a.value))]))]), { id: "tx-events" })),
    section("Raw log", h("pre", { id: "tx-log", tabindex: "0" }, r.raw_log || "(empty)")),
    h("details", { class: "card" }, h("summary", {}, "Raw JSON (GET /cosmos/tx/v1beta1/txs/HASH)"), h("pre", { id: "tx-raw", tabindex: "0" }, JSON.stringify(got, null, 2)))],
  };
}

const ADDRESS = /^[a-z]{1,30}1[02-9ac-hj-np-z]{6,}$/;
const COINS = /^([0-9]+)([a-zA-Z][a-zA-Z0-9/:._-]{1,127})$/;

/** A message field or event attribute: addresses linked, amounts in display units, the rest as text. */
export function cell(ctx: Ctx, key: string, v: unknown): Child {
  if (typeof v === "string") {
    const addr = ADDRESS.test(v) ? bech32Decode(v) : undefined;
    if (addr?.prefix === ctx.prefixes.valoper) return validatorLink(v, v);
    if (addr?.prefix === ctx.prefixes.account) return accountLink(v, true);
    // chain-main's tier messages carry `amount` as an Int of the staking denom.
    if (key === "amount" && /^[0-9]+$/.test(v)) return amount(v, ctx.bondDenom);
    const parts = v.split(",");
    if (parts.every((p) => COINS.test(p)) && (key === "amount" || key === "fee" || parts.every((p) => unitOf(COINS.exec(p)![2]!)))) {
      return h("span", {}, ...parts.flatMap((p, i) => { const m = COINS.exec(p)!; return [i > 0 ? ", " : "", amount(m[1]!, m[2]!)]; }));
    }
    return v;
  }
  if (Array.isArray(v) && v.length > 0 && v.every((c) => c && typeof c === "object" && "denom" in c && "amount" in c)) return coins(v as { denom: string; amount: string }[]);
  if (v && typeof v === "object" && "denom" in v && "amount" in v) return amount(String((v as any).amount), String((v as any).denom));
  return JSON.stringify(v);
}
