// Tx search in SQLite (tx-search.ts's conditions over store.ts's `txs` and `tx_attrs`): each
// condition an index range, or a scan through the registered function MATCH_FUNCTION (valueMatches:
// CONTAINS, integer comparisons), intersected, counted and paged by SQLite. A search hands
// JavaScript only the page it answers, never the chain's tx history.

import type Database from "better-sqlite3";
import { valueMatches, type SearchCondition } from "./tx-search.js";

/** The SQL function matching tx_attrs / txs values with valueMatches. */
export const MATCH_FUNCTION = "tx_value_matches";

/** Registers MATCH_FUNCTION(value, op, operand, numeric) on a connection. */
export function registerMatchFunction(db: Database.Database): void {
  db.function(MATCH_FUNCTION, { deterministic: true }, (value, op, operand, numeric) =>
    valueMatches(String(value), { key: "", op: op as SearchCondition["op"], operand: String(operand), numeric: numeric === 1 }) ? 1 : 0);
}

/** An integer SQLite and a JS number hold exactly. */
const SAFE_INT = /^-?[0-9]{1,15}$/;

/**
 * The SQL selecting the (height, idx) of the txs meeting every condition, and its arguments: one
 * index range (or a MATCH_FUNCTION scan) per condition, intersected. The SQL text depends on the
 * conditions' keys and operators only, so a query shape is prepared once.
 */
export function matchingTxsSql(conditions: readonly SearchCondition[]): { sql: string; args: (string | number)[] } {
  const parts: string[] = [];
  const args: (string | number)[] = [];
  const matches = (column: string, c: SearchCondition, operand: string, numeric: boolean) => {
    args.push(c.op, operand, numeric ? 1 : 0);
    return `${MATCH_FUNCTION}(${column}, ?, ?, ?)`;
  };
  for (const c of conditions) {
    if (c.key === "tx.height") {
      // The height compares as an integer however its operand was written (`tx.height=5`, `tx.height='5'`);
      // `tx.height='x'` matches nothing.
      if (c.op === "=" && !/^-?[0-9]+$/.test(c.operand)) parts.push("SELECT height, idx FROM txs WHERE 0");
      else if (c.op !== "CONTAINS" && c.op !== "EXISTS" && SAFE_INT.test(c.operand)) {
        parts.push(`SELECT height, idx FROM txs WHERE height ${c.op} ?`);
        args.push(Number(c.operand));
      } else parts.push(`SELECT height, idx FROM txs WHERE ${matches("CAST(height AS TEXT)", c, c.operand, true)}`);
    } else if (c.key === "tx.hash") {
      const operand = c.operand.toUpperCase();
      if (c.op === "=" && !c.numeric) {
        parts.push("SELECT height, idx FROM txs WHERE hash = ?");
        args.push(operand);
      } else parts.push(`SELECT height, idx FROM txs WHERE ${matches("hash", c, operand, c.numeric)}`);
    } else if (c.op === "=" && !c.numeric) {
      parts.push("SELECT height, idx FROM tx_attrs WHERE key = ? AND value = ?");
      args.push(c.key, c.operand);
    } else {
      args.push(c.key);
      parts.push(`SELECT height, idx FROM tx_attrs WHERE key = ? AND ${matches("value", c, c.operand, c.numeric)}`);
    }
  }
  // INTERSECT yields each row once; a lone condition needs DISTINCT (a key can match twice in one tx).
  const sql = parts.length === 1 ? parts[0]!.replace("SELECT ", "SELECT DISTINCT ") : parts.join(" INTERSECT ");
  return { sql, args };
}
