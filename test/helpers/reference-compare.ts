// A replayed tx (helpers/reference-workload.ts) beside the chain's record: what differs, as lines a
// reader can follow (an empty list: the node behaved as the chain did). Compared exactly: the stage
// (refused at CheckTx or in a block), code, codespace, raw log, event types and attribute keys in
// order, the msg responses' type URLs and then their values (normalised as attributes are); gas
// within a tolerance; attribute values exactly after two
// normalisations of what depends on timing: RFC3339 times (whether a fraction is present is kept)
// and 32-byte addresses (positions' delegator accounts derive from block header hashes).

import { fromBase64, fromHex, toHex } from "@cosmjs/encoding";
import { msgDataJson, msgResponsesOf } from "../../host/wire/responses.js";
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

/**
 * The msg responses of a tx's `data`, each as one comparable line: its gateway JSON (host's renderer)
 * with times and 32-byte addresses normalised, or, for a type the renderer does not know, its type
 * URL and value bytes (hex).
 */
export function responseValues(data: string | undefined): string[] {
  if (data === undefined || data === "") return [];
  const bytes = /^[0-9A-F]+$/i.test(data) && data.length % 2 === 0 && !/[=+/]/.test(data) ? fromHex(data) : fromBase64(data);
  const rendered = msgDataJson(bytes).msg_responses as Record<string, unknown>[];
  return msgResponsesOf(bytes).map((any, i) => {
    const json = rendered[i]!;
    return Object.keys(json).length > 1 ? normalize(JSON.stringify(json)) : `${any.typeUrl} ${toHex(any.value)}`;
  });
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
  else {
    const [cv, nv] = [responseValues(chain.data), responseValues(node.data)];
    cv.forEach((v, i) => {
      if (v !== nv[i]) out.push(`msg_responses[${i}]:\n      chain ${v}\n      node  ${nv[i]}`);
    });
  }
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

/** A row's signer as the recordings name it: devN, or the workload key's name. */
export const signerName = (signer: number | string): string => (typeof signer === "number" ? `dev${signer}` : signer);

/** A row's report: its number, label, and each difference indented under it. */
export const report = (row: WorkloadRow, diffs: string[]): string =>
  `#${row.n} ${row.label} (${signerName(row.signer)}, ${row.mode}):\n${diffs.map((d) => `    ${d}`).join("\n")}`;

/**
 * The node does not execute the tx's message (yet): it refused at CheckTx, where the chain did not,
 * with the SDK's "unknown request" (6: a type the chain resolves, no module here executes) or its
 * tx parse error (2: a type URL it cannot resolve); or it refused a fee granter's tx as fee grants
 * are not enabled here, whatever the chain answered.
 */
export const notExecuted = (row: WorkloadRow): boolean =>
  row.node.stage === "check" && row.node.codespace === "sdk" &&
  ((row.chain.stage === "deliver" && (row.node.code === 6 || row.node.code === 2)) || /^fee grants are not enabled/.test(row.node.log));

/** Gas to the unit (a row that reached a block on both sides), or true where neither has gas. */
export const gasExact = (row: WorkloadRow): boolean =>
  row.chain.stage !== "deliver" || row.node.stage !== "deliver" || row.chain.gasUsed === row.node.gasUsed;

/** Whether the events agree (types, keys, values as normalised). */
export const eventsEqual = (row: WorkloadRow): boolean =>
  row.chain.stage === row.node.stage && eventDifferences(row.chain, row.node).length === 0;
