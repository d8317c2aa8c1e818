// A replayed tx (helpers/reference-workload.ts) beside the chain's record: what differs, as lines a
// reader can follow (an empty list: the node behaved as the chain did). Compared exactly: the stage
// (refused at CheckTx or in a block), code, codespace, raw log, event types and attribute keys in
// order, the msg responses' type URLs; gas within a tolerance; attribute values exactly after two
// normalisations of what depends on timing: RFC3339 times (whether a fraction is present is kept)
// and 32-byte addresses (positions' delegator accounts derive from block header hashes).

import { fromBase64, fromHex } from "@cosmjs/encoding";
import { TxMsgData } from "cosmjs-types/cosmos/base/abci/v1beta1/abci";
import type { Outcome, RecordedEvent, WorkloadRow } from "./reference-workload.js";

/** Gas within 1 %: a record holding a block time is a byte longer or shorter with its nanoseconds. */
export const GAS_TOLERANCE_PCT = 1;

const TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g;
const ADDRESS_32 = /cro1[0-9a-z]{58}/g;

/** An attribute's value with times and 32-byte addresses replaced by placeholders. */
export const normalize = (value: string): string =>
  value.replace(TIME, (_, fraction) => (fraction === undefined ? "<time>" : "<time.frac>")).replace(ADDRESS_32, "<addr32>");

/** The type URLs of a tx's msg responses (its TxMsgData: base64 on CometBFT, hex on REST). */
export function responseTypes(data: string | undefined): string[] {
  if (data === undefined || data === "") return [];
  const bytes = /^[0-9A-F]+$/i.test(data) && data.length % 2 === 0 && !/[=+/]/.test(data) ? fromHex(data) : fromBase64(data);
  return TxMsgData.decode(bytes).msgResponses.map((a) => a.typeUrl);
}

/** Percent difference of node from chain. */
export const gasPct = (node: bigint, chain: bigint): number => (Number(node - chain) * 100) / Number(chain);

const typesOf = (events: RecordedEvent[] | undefined) => (events ?? []).map((e) => e.type);

/** Every difference between the node's outcome and the chain's for one row, as readable lines. */
export function differences(row: WorkloadRow): string[] {
  const { chain, node } = row;
  const out: string[] = [];
  const field = (name: string, c: unknown, n: unknown) => {
    if (c !== n) out.push(`${name}: chain ${JSON.stringify(c)}, node ${JSON.stringify(n)}`);
  };
  field("stage", chain.stage, node.stage);
  field("code", chain.code, node.code);
  field("codespace", chain.codespace, node.codespace);
  field("raw_log", chain.log, node.log);
  if (chain.stage !== "deliver" || node.stage !== "deliver") return out;
  const pct = gasPct(node.gasUsed!, chain.gasUsed!);
  if (Math.abs(pct) > GAS_TOLERANCE_PCT) out.push(`gas_used: chain ${chain.gasUsed}, node ${node.gasUsed} (${pct.toFixed(2)} %)`);
  field("gas_wanted", String(chain.gasWanted), String(node.gasWanted));
  out.push(...eventDifferences(chain, node));
  const [c, n] = [responseTypes(chain.data), responseTypes(node.data)];
  if (c.join() !== n.join()) out.push(`msg_responses: chain [${c.join(", ")}], node [${n.join(", ")}]`);
  return out;
}

function eventDifferences(chain: Outcome, node: Outcome): string[] {
  const [ce, ne] = [chain.events ?? [], node.events ?? []];
  const [ct, nt] = [typesOf(ce), typesOf(ne)];
  if (ct.join() !== nt.join()) {
    return [`event types:\n      chain ${ct.join(" ")}\n      node  ${nt.join(" ")}`];
  }
  const out: string[] = [];
  ce.forEach((c, i) => {
    const n = ne[i]!;
    const [ck, nk] = [c.attributes.map((a) => a.key), n.attributes.map((a) => a.key)];
    if (ck.join() !== nk.join()) {
      out.push(`event ${i} ${c.type} keys: chain [${ck.join(", ")}], node [${nk.join(", ")}]`);
      return;
    }
    c.attributes.forEach((a, j) => {
      const b = n.attributes[j]!;
      const [cv, nv] = [normalize(a.value), normalize(b.value)];
      if (cv !== nv) out.push(`event ${i} ${c.type}.${a.key}:\n      chain ${cv}\n      node  ${nv}`);
    });
  });
  return out;
}

/** A row's report: its number, label, and each difference indented under it. */
export const report = (row: WorkloadRow, diffs: string[]): string =>
  `#${row.n} ${row.label} (dev${row.signer}, ${row.mode}):\n${diffs.map((d) => `    ${d}`).join("\n")}`;

/** Whether the events agree (types, keys, values as normalised). */
export const eventsEqual = (row: WorkloadRow): boolean =>
  row.chain.stage === row.node.stage && eventDifferences(row.chain, row.node).length === 0;
