// The explorer's DOM helpers: elements from text only (never innerHTML, so nothing a chain holds
// becomes markup), links inside the explorer (/explorer/...), tables with headers, amounts in
// display units with the base value in the title, and a pager.

import { displayAmount } from "./api.js";

export type Child = Node | string | null | undefined | false;

/** `<tag attrs>children</tag>`; attribute values are set as text. */
export function h(tag: string, attrs: Record<string, string | undefined> = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) el.setAttribute(k, v);
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

export const BASE = "/explorer";

/** A link to an explorer page: link("blocks/5", "5") -> <a href="/explorer/blocks/5">. */
export const link = (route: string, text: string, title?: string): HTMLElement =>
  h("a", { href: `${BASE}/${route}`.replace(/\/$/, ""), title }, text);

/** The middle of a long hash or address elided; the whole text stays in the title. */
export function short(text: string, keep = 8): string {
  return text.length <= keep * 2 + 1 ? text : `${text.slice(0, keep)}…${text.slice(-keep)}`;
}

export const blockLink = (height: string) => link(`blocks/${height}`, height);
export const txLink = (hash: string, full = false) => link(`txs/${hash}`, full ? hash : short(hash), full ? undefined : hash);
export const accountLink = (addr: string, full = false) => link(`accounts/${addr}`, full ? addr : short(addr, 10), full ? undefined : addr);
export const validatorLink = (operator: string, moniker?: string) => link(`validators/${operator}`, moniker ?? short(operator, 10), operator);

/** An amount in its display unit; the exact base value is the title. */
export function amount(value: string, denom: string): HTMLElement {
  return h("span", { class: "amount", title: `${value} ${denom}` }, displayAmount(value, denom));
}

/** Coins (or DecCoins) as one line of amounts; "none" when empty. */
export function coins(list: { denom: string; amount: string }[] | undefined): HTMLElement | string {
  if (!list || list.length === 0) return "none";
  return h("span", {}, ...list.flatMap((c, i) => [i > 0 ? ", " : "", amount(c.amount, c.denom)]));
}

/** A table with a caption (visually hidden unless `showCaption`), column headers and rows of cells. */
export function table(caption: string, headers: string[], rows: (Child[] | HTMLElement)[], o: { id?: string; showCaption?: boolean; empty?: string } = {}): HTMLElement {
  if (rows.length === 0 && o.empty) return h("p", { id: o.id, class: "empty" }, o.empty);
  return h("div", { class: "scroll" }, h("table", { id: o.id },
    h("caption", o.showCaption ? {} : { class: "sr-only" }, caption),
    h("thead", {}, h("tr", {}, ...headers.map((t) => h("th", { scope: "col" }, t)))),
    h("tbody", {}, ...rows.map((r) => (Array.isArray(r) ? row(r) : r)))));
}

export const row = (cells: Child[], attrs: Record<string, string> = {}): HTMLElement => h("tr", attrs, ...cells.map((c) => h("td", {}, c)));

/** A definition list of label / value pairs. */
export function facts(pairs: [string, Child][], id?: string): HTMLElement {
  return h("dl", { class: "facts", id }, ...pairs.flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, v)]));
}

/** Previous / next links for page `page` (1-based) of `pages` (unknown: undefined), on `route` with ?page=N. */
export function pager(route: string, page: number, pages: number | undefined, label: string): HTMLElement {
  const to = (n: number) => `${route}?page=${n}`;
  return h("nav", { class: "pager", "aria-label": `${label} pages` },
    page > 1 ? link(to(page - 1), "← Newer") : h("span", { "aria-hidden": "true" }, "← Newer"),
    h("span", { class: "page-no" }, pages === undefined ? `Page ${page}` : `Page ${page} of ${Math.max(pages, 1)}`),
    pages === undefined || page < pages ? link(to(page + 1), "Older →") : h("span", { "aria-hidden": "true" }, "Older →"));
}

export const section = (title: string, ...content: Child[]): HTMLElement => h("section", { class: "card" }, h("h2", {}, title), ...content);

/** tx message types as short names: "/cosmos.bank.v1beta1.MsgSend" or "cosmos-sdk/MsgSend" -> "MsgSend". */
export const msgTypes = (tx: any): string[] => (tx?.body?.messages ?? tx?.msg ?? []).map((m: any) => String(m["@type"] ?? m.type ?? "").split(/[./]/).pop());

export const result = (code: number): HTMLElement => h("span", { class: code === 0 ? "ok" : "failed" }, code === 0 ? "Success" : `Failed (${code})`);

/** An RFC 3339 time as "2026-01-01 00:00:35 UTC" (the node's text, reformatted; the exact text is the title). */
export const time = (t: string | undefined): HTMLElement | string => {
  if (!t) return "–";
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(\.\d+)?Z$/.exec(t);
  return m ? h("time", { datetime: t, title: t }, `${m[1]} ${m[2]} UTC`) : t;
};
