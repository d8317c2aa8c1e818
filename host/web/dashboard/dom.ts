// Small DOM helpers for the dashboard's explorer and dev tools: elements from text only (never
// innerHTML, so nothing a chain holds can become markup), tables with column headers, and amounts
// as exact token text.

import { formatTokens } from "../format.js";

type Child = Node | string | null | undefined | false;

/** `<tag attrs>children</tag>`; attribute values are set as text. */
export function h(tag: string, attrs: Record<string, string | undefined> = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) el.setAttribute(k, v);
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

/** A link to a page of the explorer (GET /explorer/...): link("txs/HASH", "the transaction"). */
export const link = (route: string, text: string): HTMLElement => h("a", { href: `/explorer/${route}` }, text);

/** A table with a caption (visually hidden when `hideCaption`), column headers and rows of cells. */
export function table(caption: string, headers: string[], rows: Child[][], o: { id?: string; hideCaption?: boolean } = {}): HTMLElement {
  return h("table", { id: o.id },
    h("caption", o.hideCaption === false ? {} : { class: "sr-only" }, caption),
    h("thead", {}, h("tr", {}, ...headers.map((t) => h("th", { scope: "col" }, t)))),
    h("tbody", {}, ...rows.map((r) => h("tr", {}, ...r.map((c) => h("td", {}, c))))));
}

/** A definition list of label / value pairs. */
export function facts(pairs: [string, Child][], id?: string): HTMLElement {
  return h("dl", { class: "facts", id }, ...pairs.flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, v)]));
}

/** An amount of a denom: CRO for basecro (exact, 8 decimals), base units otherwise. */
export function amount(value: string, denom: string): string {
  if (!/^-?[0-9]+$/.test(value)) return `${value} ${denom}`;
  return denom === "basecro" ? `${formatTokens(BigInt(value))} CRO` : `${value} ${denom}`;
}

/** A DecCoin's amount (`123.450000000000000000`) truncated to whole base units, then as amount(). */
export function decAmount(value: string, denom: string): string {
  return amount(value.split(".")[0] || "0", denom);
}

/** Coins as one line: `1,000 CRO, 5 uatom`; "none" when empty. */
export function coins(list: { denom: string; amount: string }[] | undefined, dec = false): string {
  if (!list || list.length === 0) return "none";
  return list.map((c) => (dec ? decAmount(c.amount, c.denom) : amount(c.amount, c.denom))).join(", ");
}

/** The middle of a long hash or address elided for a table cell; the whole text stays in the title. */
export function short(text: string, keep = 10): string {
  return text.length <= keep * 2 + 1 ? text : `${text.slice(0, keep)}…${text.slice(-keep)}`;
}
