// Export: a node's last committed state as a genesis document — the SDK's (genesis-export.ts), so
// chain-maind or another node starts from it, with `app_state.node_state` added (height, time,
// block hash, every core record, every account, x/gov's records) bound to the SDK sections by their
// digest. A node started on it (`--genesis FILE`, a new database) begins at that height with that
// exact state and state hash; without node_state (or after an edit of the SDK sections, which the
// digest refuses) it starts from the SDK sections. The records are the core's own bytes: the
// importing node must run the same core build to use them.

import { base64 } from "@scure/base";
import type { Json } from "./genesis.js";
import { timestampString } from "../wire/gateway-json.js";
import type { NodeStore } from "../store/store.js";
import type { Core } from "../core/core.js";
import { seedHash } from "../framework/header.js";
import { exportSdkGenesis, sdkDigest, type ExportSource } from "./genesis-export.js";
import type { Ledger } from "../core/ledger.js";

/** The chain an export reads (NodeChain). */
export interface ExportChain extends Omit<ExportSource, "core" | "store" | "inflationParams" | "minter" | "communityPool"> {
  readonly ledger: Ledger;
  inflationParams(): ExportSource["inflationParams"];
  inflation(): bigint;
  annualProvisions(): bigint;
}

export function exportGenesis(chain: ExportChain, core: Core, store: NodeStore): Json {
  const last = store.lastBlock();
  if (store.genesis() === undefined || last === undefined) throw new Error(`${store.path}: not a node database`);
  // x/mint's Minter as the node's query shows it (derivable after a restart: the rate on the current supply)
  const minter = { inflation: chain.inflation(), annualProvisions: chain.annualProvisions() };
  const doc = exportSdkGenesis({
    genesis: chain.genesis, genesisDoc: chain.genesisDoc, core, store, directory: chain.directory, validators: chain.validators,
    gov: chain.gov, slashing: chain.slashing, bank: chain.bank, feegrant: chain.feegrant, params: chain.params, inflationParams: chain.inflationParams(), minter, communityPool: chain.ledger.communityPool(),
  }) as { [key: string]: Json };
  const timeNs = last.timeNs + (last.height - last.firstHeight) * last.stepNs;
  const node_state: Json = {
    height: `${last.height}`,
    time: timestampString(timeNs),
    // The last block's id, and its seed hash: the importing node's next block seeds from it
    // (position delegator addresses), so it goes on as this chain would have.
    block_hash: last.hash,
    seed_hash: last.header === undefined
      ? last.hash
      : seedHash(doc.chain_id as string, last.height, timeNs, last.appHash, store.txsAt(last.height).map((t) => t.hash)),
    gov: store.govRecords().map((g): Json => [g.key, g.value]),
    // What the records' bytes mean: a node of another format refuses them.
    state_format: store.stateFormat(),
    records: [...store.records()].map((r): Json => [r.table, base64.encode(r.bytes)]),
    accounts: store.accounts().map((a): Json => ({
      id: a.id,
      address: a.address,
      sequence: `${a.sequence}`,
      ...(a.pubKey ? { pub_key: base64.encode(a.pubKey) } : {}),
      number: a.number === undefined ? null : `${a.number}`, // null: no x/auth account (a burn address)
    })),
    sdk_digest: sdkDigest(doc),
  };
  return { ...doc, app_state: { ...(doc.app_state as { [key: string]: Json }), node_state } };
}
