// The finalize-block events of a block's BeginBlock that this node reproduces, as CometBFT's
// `block_results.finalize_block_events` shows them (REFERENCE §2.4, §5.1): x/mint's `mint`
// {bonded_ratio, inflation, annual_provisions, amount} and, when the pool paid one,
// x/tieredrewards' typed `EventBaseRewardsTopUp{top_up}`; baseapp adds `mode=BeginBlock` to each.
// Not reproduced: the bank's coin_spent/coin_received/transfer of the mint and fee moves, and
// distribution's per-validator commission/rewards events.

import { decString } from "../wire/gateway-json.js";
import type { TxEvent } from "../framework/events.js";
import { typedEvent } from "../framework/events.js";
import { EventBaseRewardsTopUpSchema } from "../wire/gen/chainmain/tieredrewards/v1/event_pb.js";

const E18 = 10n ** 18n;

export interface BeginBlockFacts {
  /** Bonded tokens and the bond denom's total supply before this block's mint (x/mint's BondedRatio). */
  bondedBefore: bigint;
  supplyBefore: bigint;
  /** The minter after this block: inflation and annual provisions (raw Decs), the units minted. */
  inflation: bigint;
  annualProvisions: bigint;
  minted: bigint;
  /** Units the rewards pool topped up (0: none, and no event). */
  topUp: bigint;
  denom: string;
}

const attr = (key: string, value: string) => ({ key, value, index: true });
const MODE = attr("mode", "BeginBlock");

export function beginBlockEvents(f: BeginBlockFacts): TxEvent[] {
  // LegacyDec.QuoInt: the raw Dec divided by the integer, truncated.
  const bondedRatio = f.supplyBefore > 0n ? (f.bondedBefore * E18) / f.supplyBefore : 0n;
  const events: TxEvent[] = [{
    type: "mint",
    attributes: [
      attr("bonded_ratio", decString(bondedRatio)),
      attr("inflation", decString(f.inflation)),
      attr("annual_provisions", decString(f.annualProvisions)),
      attr("amount", `${f.minted}`),
      MODE,
    ],
  }];
  if (f.topUp > 0n) {
    const e = typedEvent(EventBaseRewardsTopUpSchema, { topUp: { denom: f.denom, amount: `${f.topUp}` } });
    events.push({ type: e.type, attributes: [...e.attributes, MODE] });
  }
  return events;
}
