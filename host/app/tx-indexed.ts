// A tx search waits for the tx index's worker (host/store/tx-index.ts) before it reads: the REST
// search (server/tx-queries.ts) and the RPC's tx_search (rpc/server.ts) both.

import type { Node } from "./node-api.js";

/** How long a search waits for the tx index's worker before the main thread completes the index itself (searchTxs); tests set it. */
export const txIndexWait = { ms: 250 };

/** Until the tx index's worker has every committed tx's rows, or txIndexWait.ms: a search right after a block leaves their writing to it. */
export async function txIndexed(node: Node): Promise<void> {
  const indexed = node.txIndexed?.();
  if (indexed === undefined) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([indexed, new Promise<void>((done) => (timer = setTimeout(done, txIndexWait.ms)))]);
  clearTimeout(timer);
}
