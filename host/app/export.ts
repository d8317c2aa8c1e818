// Export: a node's last committed state as a genesis document — the SDK's (genesis-export.ts), so
// chain-maind or another node starts from it, with `app_state.node_state` added (height, time,
// block hash, every core record, every account, x/gov's records) bound to the SDK sections by their
// digest. A node started on it (`--genesis FILE`, a new database) begins at that height with that
// exact state and state hash; without node_state (or after an edit of the SDK sections, which the
// digest refuses) it starts from the SDK sections. The records are the core's own bytes: the
// importing node must run the same core build to use them.

import type { Json } from "./genesis.js";
import { timestampString } from "../wire/gateway-json.js";
import type { NodeStore } from "../store/store.js";
import type { Core } from "../core/core.js";
import { seedHash } from "../framework/header.js";
import { exportSdkGenesis, type ExportSource } from "./genesis-export.js";
import { Deferred, LazyArray, jsonChunks, materialize, type StreamJson } from "../framework/json-stream.js";
import { createHash } from "node:crypto";
import type { Ledger } from "../core/ledger.js";

/** The chain an export reads (NodeChain). */
export interface ExportChain extends Omit<ExportSource, "core" | "store" | "inflationParams" | "minter" | "communityPool"> {
  readonly ledger: Ledger;
  inflationParams(): ExportSource["inflationParams"];
  inflation(): bigint;
  annualProvisions(): bigint;
}

/** The export as a document written piece by piece (json-stream.ts), and the end of its reads. */
export interface ExportStream {
  /** The document: node_state's records and accounts, read when written, and its SDK digest, computed when reached. */
  readonly doc: StreamJson;
  /** Ends the export's read of the database (its snapshot); the doc is not to be read after. */
  close(): void;
}

/**
 * The last committed state as a genesis document, read from one snapshot of the database (every
 * read, the records and accounts as they are written, sees the state of the same block while
 * blocks go on). The core's records and the accounts are read from SQLite a row at a time.
 */
export function exportGenesisStream(chain: ExportChain, core: Core, store: NodeStore): ExportStream {
  const snap = store.snapshot();
  try {
    return { doc: exportDoc(chain, core, snap), close: () => snap.close() };
  } catch (e) {
    snap.close();
    throw e;
  }
}

/** The whole export as one value (small chains: tests, the development chain's dumpState). */
export function exportGenesis(chain: ExportChain, core: Core, store: NodeStore): Json {
  const s = exportGenesisStream(chain, core, store);
  try {
    return materialize(s.doc)!;
  } finally {
    s.close();
  }
}

/** Standard base64 with padding (@scure/base's base64.encode), by Node's native encoder. */
const base64Of = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("base64");

function exportDoc(chain: ExportChain, core: Core, store: NodeStore): StreamJson {
  const last = store.lastBlock();
  if (!store.hasGenesis() || last === undefined) throw new Error(`${store.path}: not a node database`);
  // x/mint's Minter as the node's query shows it (derivable after a restart: the rate on the current supply)
  const minter = { inflation: chain.inflation(), annualProvisions: chain.annualProvisions() };
  const doc = exportSdkGenesis({
    genesis: chain.genesis, genesisParams: chain.genesisParams, core, store, directory: chain.directory, validators: chain.validators,
    gov: chain.gov, slashing: chain.slashing, bank: chain.bank, feegrant: chain.feegrant, params: chain.params, inflationParams: chain.inflationParams(), minter, communityPool: chain.ledger.communityPool(),
  });
  const timeNs = last.timeNs + (last.height - last.firstHeight) * last.stepNs;
  const node_state: StreamJson = {
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
    records: new LazyArray(function* () {
      for (const [table, bytes] of store.recordBytesAll()) yield [table, base64Of(bytes)];
    }, (r, inner, outer) => {
      const [table, bytes] = r as [number, string];
      return `[${inner}${table},${inner}${JSON.stringify(bytes)}${outer}]`;
    }),
    accounts: new LazyArray(function* () {
      for (const a of store.eachAccount()) {
        yield {
          id: a.id,
          address: a.address,
          sequence: `${a.sequence}`,
          ...(a.pubKey ? { pub_key: base64Of(a.pubKey) } : {}),
          number: a.number === undefined ? null : `${a.number}`, // null: no x/auth account (a burn address)
        };
      }
    }, (item, inner, outer) => {
      const a = item as { id: number; address: string; sequence: string; pub_key?: string; number: string | null };
      return `{${inner}"id": ${a.id},${inner}"address": ${JSON.stringify(a.address)},${inner}"sequence": ${JSON.stringify(a.sequence)},` +
        (a.pub_key === undefined ? "" : `${inner}"pub_key": ${JSON.stringify(a.pub_key)},`) +
        `${inner}"number": ${a.number === null ? "null" : JSON.stringify(a.number)}${outer}}`;
    }),
    // sdkDigest(doc) (genesis-sdk.ts), of the sorted text written a piece at a time.
    // A generator: it pauses every chunk, so the node serves between them.
    sdk_digest: new Deferred(function* () {
      const { node_state: _, ...sections } = doc.app_state as { [key: string]: StreamJson };
      const h = createHash("sha256");
      for (const chunk of jsonChunks({ ...doc, app_state: sections }, { sorted: true })) {
        h.update(chunk, "utf8");
        yield;
      }
      return h.digest("hex");
    }),
  };
  return { ...doc, app_state: { ...(doc.app_state as { [key: string]: StreamJson }), node_state } };
}
