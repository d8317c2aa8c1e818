// x/evidence's genesis section: `{"evidence": [Any]}`, each an Equivocation ({"@type":
// "/cosmos.evidence.v1beta1.Equivocation", height, time, power, consensus_address}); read into the
// keeper at InitGenesis and written back from the stored records in the store's order (by hash).

import type { Json } from "../../framework/genesis-json.js";
import { array, fail, int, object, string, timestamp } from "../../framework/genesis-json.js";
import type { ModuleRecord } from "../../store/records.js";
import { timestampString } from "../../wire/gateway-json.js";
import { Evidence, type Equivocation } from "./keeper.js";

const EQUIVOCATION = "/cosmos.evidence.v1beta1.Equivocation";

export function parseEvidence(v: Json | undefined): Equivocation[] {
  if (v === undefined) return [];
  const o = object(v, "app_state.evidence", ["evidence"]);
  return array(o.evidence ?? [], "app_state.evidence.evidence").map((e, i) => {
    const p = `app_state.evidence.evidence[${i}]`;
    const x = object(e, p, ["@type", "height", "time", "power", "consensus_address"]);
    if (string(x["@type"], `${p}.@type`) !== EQUIVOCATION) fail(`unknown evidence type ${String(x["@type"])}`, `${p}.@type`);
    return {
      height: int(x.height ?? "0", `${p}.height`), timeNs: timestamp(x.time, `${p}.time`), power: int(x.power ?? "0", `${p}.power`),
      consensusAddress: string(x.consensus_address ?? "", `${p}.consensus_address`),
    };
  });
}

export const equivocationJson = (e: Equivocation): Json => ({
  "@type": EQUIVOCATION, height: `${e.height}`, time: timestampString(e.timeNs), power: `${e.power}`, consensus_address: e.consensusAddress,
});

/** The section from the last committed block's records. */
export function storedEvidenceJson(records: readonly ModuleRecord[]): Json {
  const k = new Evidence();
  for (const r of records) if (Evidence.owns(r.key) && r.value !== null) k.load(r.key, r.value);
  return { evidence: k.all().map(([, e]) => equivocationJson(e)) };
}
