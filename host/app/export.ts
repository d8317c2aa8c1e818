// Export: a node's last committed state as a genesis document — the genesis it was started from
// with `app_state.node_state` (height, time, block hash, every record, every account) added. A node started
// on it (`--genesis FILE`, a new database) begins at that height with that exact state and state
// hash. The records are the core's own bytes: the importing node must run the same core build.

import { base64 } from "@scure/base";
import type { Json } from "./genesis.js";
import { timestampString } from "../wire/gateway-json.js";
import type { NodeStore } from "../store/store.js";
import { seedHash } from "./header.js";

export function exportGenesis(store: NodeStore): Json {
  const text = store.genesis();
  const last = store.lastBlock();
  if (text === undefined || last === undefined) throw new Error(`${store.path}: not a node database`);
  const doc = JSON.parse(text) as { [key: string]: Json };
  const app = doc.app_state as { [key: string]: Json };
  const node_state: Json = {
    height: `${last.height}`,
    time: timestampString(last.timeNs + (last.height - last.firstHeight) * last.stepNs),
    // The last block's id, and its seed hash: the importing node's next block seeds from it
    // (position delegator addresses), so it goes on as this chain would have.
    block_hash: last.hash,
    seed_hash: last.header === undefined
      ? last.hash
      : seedHash(doc.chain_id as string, last.height, last.timeNs + (last.height - last.firstHeight) * last.stepNs, last.appHash, store.txsAt(last.height).map((t) => t.hash)),
    gov: store.govRecords().map((g): Json => [g.key, g.value]),
    // What the records' bytes mean: a node of another format refuses them.
    state_format: store.stateFormat(),
    records: [...store.records()].map((r): Json => [r.table, base64.encode(r.bytes)]),
    accounts: store.accounts().map((a): Json => ({
      id: a.id,
      address: a.address,
      sequence: `${a.sequence}`,
      ...(a.pubKey ? { pub_key: base64.encode(a.pubKey) } : {}),
    })),
  };
  return { ...doc, app_state: { ...app, node_state } };
}
