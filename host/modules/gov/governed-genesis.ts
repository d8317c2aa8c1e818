// The params a new chain's genesis gives that the node runs as governed params (governed-params.ts)
// rather than from its parsed genesis: x/staking's max_entries, x/auth's memo and signature limits,
// x/distribution's withdraw_addr_enabled and deprecated proposer rewards, when they differ from
// the SDK's defaults the node otherwise assumes (an export of a chain whose governance changed
// them: genesis both ways). Seeded at InitChain as the first block's records; none for a genesis
// at the defaults, so such a chain's state (and its hash) is as before.

import { fromJson, type DescMessage, type JsonValue } from "@bufbuild/protobuf";
import { rawDecs } from "../../wire/proto-json.js";
import type { Json } from "../../framework/genesis-json.js";
import { PARAMS_SCHEMAS, type GovernedModule, type GovernedParams } from "./governed-params.js";

type Obj = { [key: string]: Json };
const isObj = (v: Json | undefined): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** Whether the section's params differ from the defaults the node runs without a record. */
const DIFFERS: Partial<Record<GovernedModule, (p: Obj) => boolean>> = {
  staking: (p) => p.max_entries !== undefined && `${p.max_entries}` !== "7",
  auth: (p) => (p.max_memo_characters !== undefined && `${p.max_memo_characters}` !== "256") || (p.tx_sig_limit !== undefined && `${p.tx_sig_limit}` !== "7"),
  distribution: (p) =>
    p.withdraw_addr_enabled === false || [p.base_proposer_reward, p.bonus_proposer_reward].some((d) => typeof d === "string" && !/^0(\.0*)?$/.test(d)),
};

/** Seed `params` from the genesis document's sections (validated already by the genesis parsers). */
export function seedGovernedParams(params: GovernedParams, doc: Json): void {
  const app = isObj(doc) && isObj(doc.app_state) ? doc.app_state : {};
  for (const [module, differs] of Object.entries(DIFFERS) as [GovernedModule, (p: Obj) => boolean][]) {
    const section = app[module];
    const p = isObj(section) && isObj(section.params) ? section.params : undefined;
    if (p === undefined || !differs(p)) continue;
    const schema = PARAMS_SCHEMAS[module] as DescMessage;
    params.seed(module, fromJson(schema, rawDecs(schema, p as JsonValue), { ignoreUnknownFields: true }) as never);
  }
}
