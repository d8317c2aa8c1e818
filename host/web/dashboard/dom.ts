// Small DOM helpers for the dashboard's dev tools: elements from text only (never innerHTML, so
// nothing a chain holds can become markup), and links into the explorer page (GET /explorer).

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
