// x/mint's BeginBlock event as CometBFT's `block_results.finalize_block_events` shows it
// (REFERENCE §2.4, §5.1): `mint` {bonded_ratio, inflation, annual_provisions, amount}; baseapp adds
// `mode=BeginBlock` (x/tieredrewards' top-up event follows it: modules/tieredrewards/block-events.ts).
// Not reproduced: the bank's coin_spent/coin_received/transfer of the mint and fee moves, and
// distribution's per-validator commission/rewards events.

import { decString } from "../../wire/gateway-json.js";
import type { TxEvent } from "../../framework/events.js";
import type { BeginBlockInfo } from "../../framework/module.js";

const E18 = 10n ** 18n;

const attr = (key: string, value: string) => ({ key, value, index: true });
/** baseapp's attribute on every BeginBlock event. */
export const MODE = attr("mode", "BeginBlock");

/** x/mint's BeginBlock: the mint event of the core's mint. */
export function mintBeginBlock(f: BeginBlockInfo): TxEvent[] {
  // LegacyDec.QuoInt: the raw Dec divided by the integer, truncated.
  const bondedRatio = f.supplyBefore > 0n ? (f.bondedBefore * E18) / f.supplyBefore : 0n;
  return [{
    type: "mint",
    attributes: [
      attr("bonded_ratio", decString(bondedRatio)),
      attr("inflation", decString(f.inflation)),
      attr("annual_provisions", decString(f.annualProvisions)),
      attr("amount", `${f.minted}`),
      MODE,
    ],
  }];
}
