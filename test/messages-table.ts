// The README's table of the chain's message types (issue 33): each type URL chain-maind resolves,
// by module, whether this node executes it, and the recordings of the real chain that hold it
// (test/reference-chain/**/txs-and-blocks.json: a tx whose `message` event names it as its action).
// `node --import tsx test/messages-table.ts` prints it; test/app/messages-table.test.ts holds the
// README to it.

import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { fromBase64 } from "@cosmjs/encoding";
import { TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { messageTypeUrls } from "../host/wire/messages.js";
import { MessageRegistry } from "../host/app/registry.js";
import { MODULES } from "../host/modules/index.js";

const FIXTURES = fileURLToPath(new URL("./reference-chain/", import.meta.url));

/** The recordings under test/reference-chain/ (the folder itself is the first workload), each with the type URLs its txs ran. */
export function recordedTypeUrls(): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const read = (dir: string, name: string) => {
    const file = join(dir, "txs-and-blocks.json");
    let doc: { txs?: { tx_result?: { events?: { type: string; attributes: { key: string; value: string }[] }[] } }[] };
    try {
      doc = JSON.parse(readFileSync(file, "utf8"));
    } catch {
      return;
    }
    const urls = new Set<string>();
    for (const tx of doc.txs ?? []) {
      for (const e of tx.tx_result?.events ?? []) {
        if (e.type !== "message") continue;
        for (const a of e.attributes) if (a.key === "action" && a.value.startsWith("/")) urls.add(a.value);
      }
    }
    out.set(name, urls);
  };
  read(FIXTURES, "reference-chain");
  for (const d of readdirSync(FIXTURES).sort()) if (statSync(join(FIXTURES, d)).isDirectory()) read(join(FIXTURES, d), `reference-chain/${d}`);
  return out;
}

/**
 * The type URLs of the recorded txs the chain refused and the node refuses alike (rows of a
 * workload's expected-matches.json whose tx failed on the chain), by workload.
 */
export function refusedAlike(): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const d of readdirSync(FIXTURES).sort()) {
    const dir = join(FIXTURES, d);
    if (!statSync(dir).isDirectory() || !existsSync(join(dir, "expected-matches.json")) || !existsSync(join(dir, "workload-results.json"))) continue;
    const matched = new Set((JSON.parse(readFileSync(join(dir, "expected-matches.json"), "utf8")).matches as { label: string }[]).map((m) => m.label));
    const results = JSON.parse(readFileSync(join(dir, "workload-results.json"), "utf8")).results as { label: string; check: { code: number }; check_tx_bytes?: string }[];
    const txs = JSON.parse(readFileSync(join(dir, "txs-and-blocks.json"), "utf8")).txs as { label: string; tx_result: { code: number }; tx_bytes?: string }[];
    const urls = new Set<string>();
    const typesOf = (b64: string) => TxBody.decode(TxRaw.decode(fromBase64(b64)).bodyBytes).messages.map((m) => m.typeUrl);
    for (const r of results) {
      if (!matched.has(r.label)) continue;
      const tx = txs.find((t) => t.label === r.label);
      const failed = r.check.code !== 0 || (tx?.tx_result.code ?? 0) !== 0;
      const bytes = r.check.code !== 0 ? r.check_tx_bytes : tx?.tx_bytes;
      if (failed && bytes !== undefined) for (const u of typesOf(bytes)) urls.add(u);
    }
    out.set(`reference-chain/${d}`, urls);
  }
  return out;
}

/** `cosmos.bank.v1beta1.MsgSend` → `bank`; `ibc.core.client.v1…` → `ibc client`; `chainmain.nft.v1…` → `nft`. */
function moduleOf(typeUrl: string): string {
  const parts = typeUrl.slice(1).split(".");
  if (parts[0] === "ibc") return parts[1] === "core" ? `ibc ${parts[2]}` : parts[2] === "interchain_accounts" ? `ica ${parts[3]}` : `ibc ${parts[2]}`;
  return parts[1]!;
}

/** The README's markdown table, one row per module: executed types and the rest. */
export function messagesTable(): string {
  const registry = new MessageRegistry(MODULES);
  const recorded = recordedTypeUrls();
  const alike = refusedAlike();
  const refuses = (u: string) => registry.entry(u)?.def.refusesAll === true;
  // The node's own types (chainmain.dev: the local chain's evidence stand-in) are not the chain's.
  const urls = messageTypeUrls().filter((u) => !u.startsWith("/chainmain.dev."));
  // A module with types in two versions (gov v1 and v1beta1, IBC channel v1 and v2) names the version.
  const version = (u: string) => u.slice(1).split(".").find((p) => /^v[0-9]/.test(p)) ?? "";
  const versions = new Map<string, Set<string>>();
  for (const u of urls) versions.set(moduleOf(u), (versions.get(moduleOf(u)) ?? new Set()).add(version(u)));
  const label = (u: string) => (versions.get(moduleOf(u))!.size > 1 ? `${moduleOf(u)} ${version(u)}` : moduleOf(u));
  const byModule = new Map<string, string[]>();
  for (const u of urls) byModule.set(label(u), [...(byModule.get(label(u)) ?? []), u]);
  const name = (u: string) => u.slice(u.lastIndexOf(".") + 1);
  const short = (w: string) => w.replace("reference-chain/", "").replace("reference-chain", "main");
  let daggers = 0;
  const rows = [...byModule].map(([module, types]) => {
    const run = types.filter((u) => registry.has(u) && !refuses(u));
    const refused = types.filter((u) => refuses(u));
    const not = types.filter((u) => !registry.has(u));
    const executed = run.map((u) => {
      const where = [...recorded].filter(([, s]) => s.has(u)).map(([w]) => short(w));
      return `${name(u)}${where.length ? ` (${where.join(", ")})` : ""}`;
    });
    const same = refused.map((u) => {
      const where = [...alike].filter(([, s]) => s.has(u)).map(([w]) => short(w));
      const ranOnChain = [...recorded].some(([, s]) => s.has(u));
      if (ranOnChain) daggers++;
      return `${name(u)}${ranOnChain ? "†" : ""}${where.length ? ` (${where.join(", ")})` : " (no recording)"}`;
    });
    return `| ${module} | ${executed.join(", ") || "—"} | ${same.join(", ") || "—"} | ${not.map(name).join(", ") || "—"} |`;
  });
  const total = urls.length;
  const executedCount = urls.filter((u) => registry.has(u) && !refuses(u)).length;
  const refusedCount = urls.filter((u) => refuses(u)).length;
  return [
    `${executedCount} of the ${total} message types chain-maind resolves are executed here; ${refusedCount} fail as chain-maind fails them on a lone chain (IBC with no counterparty, x/evidence with no router: its code, codespace, log and gas; in brackets the recordings whose refusals the node matches); the others decode and are refused at CheckTx with sdk 6 \`no message handler found for <type URL>\`. In brackets under "executed": the recordings of the real chain (test/reference-chain/, \`main\` = the shared workload) whose txs ran it.`,
    "",
    "| module | executed here (recording) | failing as chain-maind fails it (recording) | not yet |",
    "|---|---|---|---|",
    ...rows,
    ...(daggers === 0 ? [] : ["", "† chain-maind also executes it where a lone chain allows (recorded in ibc-evidence); this node refuses it."]),
  ].join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(messagesTable());
