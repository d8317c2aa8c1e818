// x/tieredrewards' BeginBlock event (after x/mint's, before x/distribution's): when the rewards
// pool topped up the base rewards, its typed `EventBaseRewardsTopUp{top_up}`, with baseapp's
// `mode=BeginBlock`.

import { typedEvent, type TxEvent } from "../../framework/events.js";
import type { BeginBlockInfo } from "../../framework/module.js";
import { EventBaseRewardsTopUpSchema } from "../../wire/gen/chainmain/tieredrewards/v1/event_pb.js";
import { MODE } from "../mint/block-events.js";

export function tierBeginBlock(f: BeginBlockInfo): TxEvent[] {
  if (f.topUp === 0n) return [];
  const e = typedEvent(EventBaseRewardsTopUpSchema, { topUp: { denom: f.denom, amount: `${f.topUp}` } });
  return [{ type: e.type, attributes: [...e.attributes, MODE] }];
}
