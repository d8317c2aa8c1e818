// Tx search: CometBFT's event query language (the `query` of `GET /cosmos/tx/v1beta1/txs` and of
// the RPC's `tx_search`) over the node's index of tx event attributes (store.ts `tx_attrs`).
//
//   query     := condition ("AND" condition)*
//   condition := key op operand | key "EXISTS"
//   key       := `<event type>.<attribute key>`, or `tx.height` / `tx.hash` (the indexer's own)
//   op        := = | < | <= | > | >= | CONTAINS
//   operand   := 'text' (single quotes) | integer
//
// `=` and CONTAINS compare text; <, <=, >, >= compare integers (attribute values that are not
// integers do not match), exactly, as BigInt. DATE and TIME operands are refused (400).

import { ValidationError } from "../errors.js";

export type SearchOp = "=" | "<" | "<=" | ">" | ">=" | "CONTAINS" | "EXISTS";

export interface SearchCondition {
  readonly key: string;
  readonly op: SearchOp;
  /** Text for = and CONTAINS; an integer (as text) for the comparisons; "" for EXISTS. */
  readonly operand: string;
  /** Whether the operand was a number (`tx.height=5`) rather than text (`tx.height='5'`). */
  readonly numeric: boolean;
}

/** CometBFT's limit on a query's length. */
export const MAX_QUERY_LENGTH = 512;

const TOKEN = /\s*(?:(AND)\b|(EXISTS)\b|(CONTAINS)\b|(<=|>=|=|<|>)|'((?:[^'\\]|\\.)*)'|(-?[0-9]+)(?![0-9A-Za-z_.])|([A-Za-z_][A-Za-z0-9_.\-/]*))/y;

/** Parses a query; throws ValidationError (HTTP 400) naming what is wrong. */
export function parseTxQuery(query: string): SearchCondition[] {
  if (query.trim() === "") throw new ValidationError("query cannot be empty");
  if (query.length > MAX_QUERY_LENGTH) throw new ValidationError(`query is too long: ${query.length} characters (max: ${MAX_QUERY_LENGTH})`);
  type Tok = { kind: "and" | "exists" | "contains" | "op" | "text" | "number" | "key"; text: string; at: number };
  const toks: Tok[] = [];
  let at = 0;
  TOKEN.lastIndex = 0;
  while (at < query.length) {
    if (/^\s*$/.test(query.slice(at))) break;
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(query);
    if (!m) throw new ValidationError(`invalid query ${JSON.stringify(query)}: unexpected text at position ${at}: ${JSON.stringify(query.slice(at, at + 20))}`);
    const kind: Tok["kind"] = m[1] ? "and" : m[2] ? "exists" : m[3] ? "contains" : m[4] ? "op" : m[5] !== undefined ? "text" : m[6] ? "number" : "key";
    toks.push({ kind, text: m[1] ?? m[2] ?? m[3] ?? m[4] ?? (m[5] !== undefined ? m[5].replace(/\\(.)/g, "$1") : undefined) ?? m[6] ?? m[7]!, at });
    at = TOKEN.lastIndex;
  }
  const conditions: SearchCondition[] = [];
  let i = 0;
  const fail = (what: string): never => {
    throw new ValidationError(`invalid query ${JSON.stringify(query)}: ${what}`);
  };
  for (;;) {
    const key = toks[i++];
    if (key === undefined || key.kind !== "key") fail(`expected an event key (type.attribute) at condition ${conditions.length + 1}`);
    if (!key!.text.includes(".")) fail(`key ${JSON.stringify(key!.text)} is not of the form type.attribute`);
    const op = toks[i++];
    if (op === undefined) fail(`missing operator after ${key!.text}`);
    if (op!.kind === "exists") {
      conditions.push({ key: key!.text, op: "EXISTS", operand: "", numeric: false });
    } else {
      if (op!.kind !== "op" && op!.kind !== "contains") fail(`expected an operator after ${key!.text}, got ${JSON.stringify(op!.text)}`);
      const operand = toks[i++];
      if (operand === undefined || (operand.kind !== "text" && operand.kind !== "number")) {
        fail(`expected a quoted string or an integer after ${key!.text} ${op!.text}`);
      }
      const opText = (op!.kind === "contains" ? "CONTAINS" : op!.text) as SearchOp;
      const numeric = operand!.kind === "number";
      if (opText === "CONTAINS" && numeric) fail("CONTAINS takes a quoted string");
      if (opText !== "=" && opText !== "CONTAINS") {
        const text = numeric ? operand!.text : operand!.text.trim();
        if (!/^-?[0-9]+$/.test(text)) fail(`${opText} compares integers; got ${JSON.stringify(operand!.text)}`);
        conditions.push({ key: key!.text, op: opText, operand: text, numeric: true });
      } else {
        conditions.push({ key: key!.text, op: opText, operand: operand!.text, numeric });
      }
    }
    const next = toks[i++];
    if (next === undefined) break;
    if (next.kind !== "and") fail(`expected AND, got ${JSON.stringify(next.text)}`);
  }
  return conditions;
}

/** Whether an attribute value satisfies a comparison (`=`/CONTAINS as text, the rest as integers). */
export function valueMatches(value: string, c: SearchCondition): boolean {
  switch (c.op) {
    case "EXISTS":
      return true;
    case "CONTAINS":
      return value.includes(c.operand);
    case "=":
      if (!c.numeric) return value === c.operand;
      return /^-?[0-9]+$/.test(value) && BigInt(value) === BigInt(c.operand);
    default: {
      if (!/^-?[0-9]+$/.test(value)) return false;
      const v = BigInt(value);
      const o = BigInt(c.operand);
      return c.op === "<" ? v < o : c.op === "<=" ? v <= o : c.op === ">" ? v > o : v >= o;
    }
  }
}

/** The indexed attributes of a tx's events: `type.key` → values (the attributes marked index). */
export function indexedAttributes(eventsJson: string): { key: string; value: string }[] {
  return indexedAttributesOf(JSON.parse(eventsJson) as IndexableEvent[]);
}

/** An event as the tx index reads it. */
export interface IndexableEvent { type: string; attributes: readonly { key: string; value: string; index?: boolean }[] }

/** indexedAttributes of the events themselves (a block's write has them: no JSON read back). */
export function indexedAttributesOf(events: readonly IndexableEvent[]): { key: string; value: string }[] {
  const out: { key: string; value: string }[] = [];
  for (const e of events) {
    for (const a of e.attributes) if (a.index !== false) out.push({ key: `${e.type}.${a.key}`, value: a.value });
  }
  return out;
}
