// x/feegrant's EndBlocker (module/abci.go): RemoveExpiredAllowances(ctx, 200) at the block's time,
// silently (no event). A run of `blocks` empty blocks (no tx can grant or use an allowance in it)
// removes at once what its blocks would have, up to 200 a block, at the last block's time.

import type { Feegrant } from "./keeper.js";
import { END_BLOCK_LIMIT } from "./messages.js";

export function feegrantEndBlock(keeper: Feegrant, timeNs: bigint, blocks = 1n): void {
  const limit = blocks > 1_000_000n ? Number.MAX_SAFE_INTEGER : Number(blocks) * END_BLOCK_LIMIT;
  keeper.removeExpired(timeNs, limit);
}
