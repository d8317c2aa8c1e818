// A read replica of the node's last committed state, for a query worker (server/query-pool.ts):
// the node's database opened read-only and loaded as a restart loads it (init.ts restore, in one
// read transaction, its state hash checked), then kept at the node's height by executing each
// block the node committed since, from the database's block and tx rows, as `npm run replay`
// does (every block's state hash checked against the stored one). It never writes: a block it
// executes is dropped at its commit, the node's write of it being already durable.

import type { Core } from "../core/core.js";
import type { Json } from "./genesis.js";
import { NodeStore } from "../store/store.js";
import { checkStateFormat, configure, restore } from "./init.js";
import { AppState, type AdmissionOptions } from "./state.js";
import { Application, replayBlock } from "./application.js";
import { NodeStateError } from "../framework/types.js";

export interface Replica {
  /** The application over the replica's state (its queries' ChainView). */
  readonly app: Application;
  /** Its height: the last block it holds. */
  readonly height: bigint;
  /** Execute the database's blocks after its height, up to `height` (at most): its new height. Throws NodeStateError on a diverging block. */
  catchUp(height: bigint): bigint;
  close(): void;
}

/** Open `dbPath` read-only as a replica at its last committed block. The options are the node's (headers, limits, upgrade). */
export function openReplica(core: Core, dbPath: string, options: AdmissionOptions): Replica {
  const store = new NodeStore(dbPath, { readonly: true });
  try {
    checkStateFormat(dbPath, store.stateFormat(), core);
    const s = store.readTransaction(() => {
      const slim = store.genesisSlim() ?? store.genesis();
      if (slim === undefined) throw new NodeStateError(`${dbPath}: no genesis: not a node database`);
      // No CometBFT headers made again (their precommit signatures): the stored block's hash is taken below, and
      // nothing a query reads comes from them (the position seed is the block's seed hash, made either way).
      const state = new AppState(core, JSON.parse(slim) as Json, { ...options, headers: false }, store, { restarted: true });
      configure(state);
      restore(state, store, { lean: false }); // its database runs ahead of it while it catches up: nothing read from it later
      return state;
    });
    const app = new Application(s, {});
    return {
      app,
      get height() {
        return s.last.height;
      },
      catchUp(height) {
        while (s.last.height < height) {
          const row = store.blockRowAt(s.last.height + 1n);
          if (row === undefined) break;
          replayBlock(s, row, row.txCount === 0 ? [] : store.txsAt(row.height), "at-commit");
          // The node wrote this block: the replica's copy of the write is dropped.
          const pending = s.uncommitted;
          s.uncommitted = undefined;
          if (pending !== undefined) s.durable = pending.summary;
          if (s.last.appHash !== row.appHash) {
            throw new NodeStateError(`replica diverged at height ${row.height}: state hash ${s.last.appHash}, stored ${row.appHash}`);
          }
          s.last = { ...s.last, hash: row.hash };
          s.durable = s.last;
        }
        return s.last.height;
      },
      close: () => store.close(),
    };
  } catch (e) {
    store.close();
    throw e;
  }
}
