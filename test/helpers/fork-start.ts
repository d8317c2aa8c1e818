// The chain a (forked) document starts, for the fork tests: a new database, its first block's
// state hash, its export and the genesis bytes it stored.

import { loadCoreFromFile } from "../../host/core/node.js";
import { NodeChain } from "../../host/drivers/embedded.js";
import type { Json } from "../../host/app/genesis.js";
import { NodeStore } from "../../host/store/store.js";

export async function startChain(doc: Json, dbPath: string): Promise<{ appHash: string; exported: Json; stored: Buffer }> {
  const chain = NodeChain.open(await loadCoreFromFile(), doc, { dbPath, clock: "simulated", blockTimeNs: 5_000_000_000n });
  const appHash = chain.latestBlock().appHash;
  const exported = chain.exportGenesis() as Json;
  await chain.close();
  const store = new NodeStore(dbPath, { readonly: true });
  try {
    const bytes = store.genesisBytes()!;
    return { appHash, exported, stored: Buffer.from(bytes.read(0, bytes.size)) };
  } finally {
    store.close();
  }
}
