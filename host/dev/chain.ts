// Dev mode's chain (--dev or --clock simulated): the cheat codes a dApp's tests use, as Anvil and
// Hardhat have them for Ethereum, over the embedded driver it holds (`node`, drivers/embedded.ts)
// and that driver's application (`app`); REST (dev/cheats.ts) and JSON-RPC (dev/rpc.ts) call them.
// A cheat is queued behind the clock's blocks (node.enqueue) and changes the application's state
// only through its seams (state, guard, replaceState).
//
// - snapshot / revert: a snapshot is a copy of the database (blocks, txs, tx index, records,
//   accounts), an image of the core (core/image.ts: its memory and globals), the accounts, a
//   mark in the state hash and the mempool's txs. A revert puts the copy in place of the
//   database and builds the application's state again from the image, the accounts, the module
//   records and the hash taken back to its mark: O(state) copies, no record re-read or re-hashed
//   (a restart's restore re-hashes every record: seconds at 100k accounts). The snapshot reverted
//   to and every later one are gone after, as in Anvil.
// - the simulated clock: mine(blocks, interval); advanceTime(duration), the blocks that time stands
//   for (each mints and pays as the chain's would); setNextBlockTime, a jump without blocks.
// - setBalance: a balance set by the next block before its BeginBlock, the supply following
//   (app/cheats.ts: an event of the block, so a replay makes it again); impersonate /
//   stopImpersonating: txs of those addresses are admitted without a signature check.
// - dumpState / loadState (decision 23): the state as the SDK export `npm run export` writes (with
//   the node's exact records in app_state.node_state); a state loaded is a new chain from that
//   document at its height, as `--genesis FILE` on a new database starts one: the document is
//   first loaded whole into a core of its own (a document the node refuses leaves the chain as it
//   was), then the database is replaced by a new one made from it on the node's core, taken back
//   to the image it had before its genesis; snapshots, the mempool, pending cheats and
//   impersonations are gone.

import { mkdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Core } from "../core/core.js";
import { captureImage, imageable, restoreImage, type CoreImage } from "../core/image.js";
import { FIRST_USER_ACCOUNT } from "../core/ledger.js";
import { MAX_DURATION_NS, LAST_TIME_TEXT } from "../wire/duration.js";
import { ValidationError } from "../errors.js";
import type { Json } from "../app/genesis.js";
import { memoryState, openState, type Application } from "../app/application.js";
import { isCompleteDoc } from "../modules/genutil/genesis-sdk.js";
import { isObject } from "../framework/genesis-json.js";
import { loadCoreFromFile } from "../core/node.js";
import { AppState } from "../app/state.js";
import { configure, loadModuleRecord } from "../app/init.js";
import { storeSource } from "../app/commit.js";
import type { StateCheat } from "../app/cheats.js";
import type { AccountRecord } from "../modules/auth/directory.js";
import { NodeStore } from "../store/store.js";
import { ChainStateError, NodeStateError } from "../framework/types.js";
import { NodeChain, openUnlessUpgradeDue, type Advanced, type NodeChainOptions } from "../drivers/embedded.js";
import { CheatError, MAX_MINE_BLOCKS } from "./cheat-input.js";

interface Snapshot {
  readonly id: string;
  readonly file: string;
  readonly image: CoreImage;
  readonly hashMark: number;
  readonly accounts: AccountRecord[];
  readonly fields: Pick<AppState, "last" | "durable" | "lastSeed" | "headerCarry" | "burnIds" | "burned" | "appliedInflation" | "lastCommit">;
  readonly mempool: Uint8Array[];
  readonly nextTimeNs: bigint | undefined;
  readonly pendingCheats: StateCheat[];
}

export class DevChain {
  /** The application the cheats change. */
  readonly app: Application;
  private readonly snapshots: Snapshot[] = [];
  private snapshotCount = 0;
  private readonly dbPath: string;
  private readonly options: NodeChainOptions;
  /** What start set up, made again by reset: auto-impersonation (--auto-impersonate), and the start's work after genesis (block 1, funding). */
  readonly startup: {
    autoImpersonate: boolean;
    afterReset?: () => Promise<void>;
    /** `--fork-url`'s reader (main.ts): the forked document of `url` (default: the start's) at `height` (default: its latest). */
    fork?: (url: string | undefined, height: bigint | undefined) => Promise<{ doc: Json; url: string; height: bigint }>;
    /** Started with --fork-url (a fork_height alone names a height of that node). */
    forkUrl?: string;
  } = { autoImpersonate: false };

  /** The node's database as NodeChain.open opens it; the core must export its globals (core/node.ts loadCoreFromFile). */
  static open(core: Core, genesisDoc: Json, options: NodeChainOptions): DevChain {
    if (!imageable(core)) throw new Error("dev mode's snapshots need a core that exports its globals: load it with loadCoreFromFile (core/image.ts)");
    const pristine = captureImage(core); // before any genesis: what loadState starts a new chain from
    return new DevChain(new NodeChain(openUnlessUpgradeDue(core, genesisDoc, options), options), options, pristine);
  }

  /** `node`: the embedded driver whose clock the cheats move, holding the application they change. */
  private constructor(readonly node: NodeChain, options: NodeChainOptions, private readonly pristine: CoreImage) {
    this.app = node.app;
    this.options = options;
    this.dbPath = options.dbPath;
    rmSync(this.snapshotDir, { recursive: true, force: true }); // a previous run's, never reverted to
  }

  private get snapshotDir(): string {
    return `${this.dbPath}.snapshots`;
  }

  // ---- snapshot / revert ----

  /** The whole chain now (state, blocks, tx index, mempool, pending cheats): its id, "0x1" first. */
  snapshot(): Promise<{ id: string; height: bigint }> {
    return this.node.enqueue(() => {
      this.app.assertLive();
      const s = this.app.state;
      mkdirSync(this.snapshotDir, { recursive: true });
      const n = ++this.snapshotCount;
      const file = join(this.snapshotDir, `${n}.db`);
      s.store!.copyTo(file);
      this.snapshots.push({
        id: `0x${n.toString(16)}`, file, image: captureImage(s.core), hashMark: s.hash.mark(),
        accounts: s.directory.unwritten(), // the others are in the snapshot's database
        fields: {
          last: s.last, durable: s.durable, lastSeed: s.lastSeed, headerCarry: s.headerCarry, burnIds: s.burnIds, burned: s.burned,
          appliedInflation: s.appliedInflation, lastCommit: s.lastCommit,
        },
        mempool: s.mempool.txBytes(), nextTimeNs: this.node.nextTimeNs, pendingCheats: [...this.node.pendingCheats],
      });
      return { id: `0x${n.toString(16)}`, height: s.last.height };
    });
  }

  /**
   * The chain back to snapshot `id`: that snapshot and the later ones are used up. The mempool is
   * the snapshot's (its txs checked again); txs waiting since are dropped, their waiters told so.
   */
  revert(id: string): Promise<{ height: bigint; mempool: number }> {
    return this.node.enqueue(() => {
      this.app.assertLive();
      const at = this.snapshots.findIndex((x) => x.id === id);
      if (at < 0) throw new CheatError("not-found", `no snapshot ${id}: never taken, or used up by a revert to it or to an earlier one`);
      const [snap, ...later] = this.snapshots.splice(at);
      for (const x of later) rmSync(x.file, { force: true });
      const dropped = this.app.state.mempool.reap(-1n);
      this.app.guard(() => this.app.replaceState(this.fromSnapshot(snap!)));
      const gone = new ChainStateError(`the chain was reverted to snapshot ${id} before this tx was in a block`);
      for (const p of dropped) p.done.forEach((f) => f.reject(gone));
      this.node.nextTimeNs = snap!.nextTimeNs;
      this.node.pendingCheats = [...snap!.pendingCheats];
      for (const tx of snap!.mempool) {
        try {
          this.app.checkTx(tx, "mempool");
        } catch {
          // checked at the snapshot against the same state: only a changed node limit refuses it
        }
      }
      return { height: this.app.latest.height, mempool: this.app.pending };
    });
  }

  /** The state of a snapshot: its database in place, the core from its image, the host's parts rebuilt. */
  private fromSnapshot(snap: Snapshot): AppState {
    const old = this.app.state;
    const params = old.genesisParams; // read while its database is open: the new state's document (routes and the export read it)
    old.store!.close();
    this.adoptFile(snap.file);
    const store = new NodeStore(this.dbPath);
    old.hash.undoTo(snap.hashMark);
    // The same directory object, emptied: query routes hold it (the keepers over the core hold only the core).
    old.directory.reset();
    // The document itself is the database's (restarted): its parameters and the parsed genesis are carried over.
    const next = new AppState(old.core, params, this.options, store, { genesis: old.genesis, hash: old.hash, directory: old.directory, restarted: true });
    next.hash.settle(storeSource(next)); // the snapshot's database holds the state at the mark
    next.directory.settle(store); // and the accounts
    configure(next);
    next.ibc.useQueries(old.ibc.queries); // the query router ICA host's MsgModuleQuerySafe asks
    // What configure wrote into the core is in the image too: the image is the core's whole state.
    restoreImage(old.core, snap.image);
    for (const a of snap.accounts) next.directory.load(a);
    for (const g of store.govRecords()) loadModuleRecord(next, g.key, g.value, false);
    Object.assign(next, snap.fields);
    next.genesisCommitted = true;
    for (const a of old.impersonated) next.impersonated.add(a);
    next.autoImpersonate = old.autoImpersonate;
    if (next.hash.hex() !== next.last.appHash) {
      throw new NodeStateError(`snapshot ${snap.id}: state hash ${next.hash.hex()} after the revert differs from block ${next.last.height}'s ${next.last.appHash}`);
    }
    return next;
  }

  /** `file` becomes the database (the old one's WAL removed first: SQLite would apply it to the new file). */
  private adoptFile(file: string): void {
    for (const suffix of ["-wal", "-shm"]) rmSync(`${this.dbPath}${suffix}`, { force: true });
    renameSync(file, this.dbPath);
  }

  // ---- dumpState / loadState ----

  /** The last committed state as the SDK's export with the node's records (what `npm run export` writes). */
  dumpState(): Promise<Json> {
    return this.node.enqueue(() => {
      this.app.assertLive();
      return this.app.exportGenesis()!;
    });
  }

  /** A new chain from `doc` (an SDK export) at its height in place of this one; a document the node refuses changes nothing. */
  async loadState(doc: unknown): Promise<{ height: bigint; appHash: string; chainId: string }> {
    if (!isObject(doc as Json) || !isCompleteDoc(doc as Json)) {
      throw new CheatError("invalid", "state: expected an SDK genesis document with app_state.auth (GET /dev/dump-state, npm run export, chain-maind export)");
    }
    try {
      memoryState(await loadCoreFromFile(), doc as Json, { limits: this.options.limits });
    } catch (e) {
      throw new CheatError("invalid", `state: ${(e as Error).message}`);
    }
    return this.node.enqueue(() => {
      this.app.assertLive();
      const dropped = this.app.state.mempool.reap(-1n);
      for (const x of this.snapshots.splice(0)) rmSync(x.file, { force: true });
      this.app.guard(() => this.app.replaceState(this.fromDocument(doc as Json)));
      const gone = new ChainStateError("the node's state was replaced (loadState) before this tx was in a block");
      for (const p of dropped) p.done.forEach((f) => f.reject(gone));
      this.node.nextTimeNs = undefined;
      this.node.pendingCheats = [];
      this.app.state.autoImpersonate = this.startup.autoImpersonate;
      return { height: this.app.state.last.height, appHash: this.app.state.last.appHash, chainId: this.app.chainId };
    });
  }

  /**
   * The chain back to its genesis document (Anvil's anvil_reset): the default or --genesis one,
   * the fork point of --fork, the state loadState loaded last; blocks, snapshots, the mempool,
   * pending cheats and impersonations gone (auto-impersonation as at start), then what the node
   * does at start again (block 1 under --dev, the HD accounts and keyring funded).
   */
  async reset(): Promise<{ height: bigint; appHash: string; chainId: string }> {
    await this.node.enqueue(() => {
      this.app.assertLive();
      const doc = this.app.genesisDoc;
      const dropped = this.app.state.mempool.reap(-1n);
      for (const x of this.snapshots.splice(0)) rmSync(x.file, { force: true });
      this.app.guard(() => this.app.replaceState(this.fromDocument(doc)));
      const gone = new ChainStateError("the chain was reset (dev_reset) before this tx was in a block");
      for (const p of dropped) p.done.forEach((f) => f.reject(gone));
      this.node.nextTimeNs = undefined;
      this.node.pendingCheats = [];
      this.app.state.autoImpersonate = this.startup.autoImpersonate;
    });
    await this.startup.afterReset?.();
    return { height: this.app.state.last.height, appHash: this.app.state.last.appHash, chainId: this.app.chainId };
  }

  /** reset with fork_url / fork_height (Anvil's anvil_reset with forking): a new fork, which a later plain reset returns to. */
  async refork(url: string | undefined, height: bigint | undefined): Promise<{ height: bigint; appHash: string; chainId: string; url: string; forkHeight: bigint }> {
    if (this.startup.fork === undefined) throw new CheatError("invalid", "fork_url: this node cannot read a fork");
    if (url === undefined && height !== undefined && !this.startup.forkUrl) throw new CheatError("invalid", "fork_height: this node was not started with --fork-url: give fork_url too");
    let read: { doc: Json; url: string; height: bigint };
    try {
      read = await this.startup.fork(url, height);
    } catch (e) {
      throw new CheatError("invalid", (e as Error).message);
    }
    const r = await this.loadState(read.doc);
    await this.startup.afterReset?.();
    return { ...r, height: this.app.state.last.height, appHash: this.app.state.last.appHash, url: read.url, forkHeight: read.height };
  }

  /** A new database from `doc` on the core as it was before any genesis; the directory object kept (query routes hold it). */
  private fromDocument(doc: Json): AppState {
    const old = this.app.state;
    old.store!.close();
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${this.dbPath}${suffix}`, { force: true });
    restoreImage(old.core, this.pristine);
    old.directory.reset();
    const next = openState(old.core, doc, this.options, { directory: old.directory });
    next.ibc.useQueries(old.ibc.queries); // the query router ICA host's MsgModuleQuerySafe asks
    return next;
  }

  // ---- the simulated clock ----

  /** `blocks` blocks (default 1), the first at the next block time, then `intervalNs` apart (default: the block time). */
  async mine(blocks: bigint, intervalNs?: bigint): Promise<Advanced> {
    this.requireSimulated("mine");
    if (intervalNs !== undefined && intervalNs <= 0n) throw new CheatError("invalid", "interval: must be positive");
    return this.node.advance(blocks, intervalNs).catch((e: unknown) => {
      throw e instanceof ValidationError ? new CheatError("invalid", e.message) : e;
    });
  }

  /** The next block's time (after the last block's); later blocks follow it a block time apart. */
  async setNextBlockTime(timeNs: bigint): Promise<{ nextBlockTimeNs: bigint }> {
    this.requireSimulated("setNextBlockTime");
    return this.node.enqueue(() => {
      if (timeNs <= this.app.latest.timeNs) {
        throw new CheatError("invalid", `time: ${timeNs} ns is not after the last block's time (${this.app.latest.timeNs} ns, height ${this.app.latest.height})`);
      }
      return { nextBlockTimeNs: this.setNext(timeNs) };
    });
  }

  /**
   * The chain lives `durationNs` on: the blocks it stands for at the block time, a block time
   * apart, then the remainder added to the next block's time (which comes `durationNs` later than
   * it would have). Each block mints, pays base rewards and runs its BeginBlock and EndBlock, as a
   * chain's would over that time; setNextBlockTime is the jump without blocks.
   */
  async advanceTime(durationNs: bigint): Promise<Advanced & { nextBlockTimeNs: bigint }> {
    this.requireSimulated("advanceTime");
    const blocks = this.node.blocksIn(durationNs);
    if (blocks > MAX_MINE_BLOCKS) {
      throw new CheatError("invalid", `duration: ${blocks} blocks at the block time of ${this.node.blockTimeNs / 1_000_000n} ms, at most ${MAX_MINE_BLOCKS} per call: ` +
        "advance in several calls, or jump without blocks with setNextBlockTime");
    }
    return this.node.advanceTime(durationNs).catch((e: unknown) => {
      throw e instanceof ValidationError ? new CheatError("invalid", e.message) : e;
    });
  }

  private setNext(timeNs: bigint): bigint {
    if (timeNs > MAX_DURATION_NS) throw new CheatError("invalid", `time: past the last time the chain can hold (${LAST_TIME_TEXT})`);
    this.node.nextTimeNs = timeNs;
    return timeNs;
  }

  private requireSimulated(cheat: string): void {
    if (this.node.clock !== "simulated") throw new CheatError("unavailable", `${cheat}: blocks are made by the real clock; start the node with --clock simulated`);
  }

  // ---- accounts ----

  /**
   * The bond denom balance of `address` set to `amount` by the next block (the supply adjusted);
   * `mine`: that block made now (on a real clock too, at the wall clock's time). Resolves to the
   * height of the block (undefined when not mined).
   */
  async setBalance(address: string, amount: bigint, mine: boolean): Promise<bigint | undefined> {
    const id = this.app.directory.accountId(address);
    if (id !== undefined && id < FIRST_USER_ACCOUNT) throw new CheatError("invalid", `address ${address} is a module account: its balance is its module's`);
    return this.queueCheat({ kind: "balance", address, amount }, mine);
  }

  /**
   * A state change made by the next block before its BeginBlock (app/cheats.ts: a `cheat` event a
   * replay makes again); `mine`: that block made now. Resolves to its height (undefined when not mined).
   */
  queueCheat(cheat: StateCheat, mine: boolean): Promise<bigint | undefined> {
    return this.queueCheatWithErrors(cheat, mine).then((r) => r.height);
  }

  /** queueCheat, and when mined the errors its block's `cheat` events name (a change the block could not make). */
  queueCheatWithErrors(cheat: StateCheat, mine: boolean): Promise<{ height?: bigint; errors: string[] }> {
    return this.node.enqueue(async () => {
      this.app.assertLive();
      this.node.pendingCheats.push(cheat);
      if (!mine) return { errors: [] };
      const errors: string[] = [];
      const off = this.app.onCommit((b) => {
        for (const e of b.events) {
          const error = e.type === "cheat" ? e.attributes.find((x) => x.key === "error")?.value : undefined;
          if (error !== undefined) errors.push(error);
        }
      });
      try {
        this.node.blockNow();
        await new Promise<void>((resolve) => queueMicrotask(resolve)); // the commit's listeners run in a microtask queued before this one
      } finally {
        off();
      }
      return { height: this.app.latest.height, errors };
    });
  }

  /**
   * Waiting txs dropped from the mempool (Anvil's anvil_dropTransaction; all of them without
   * `hashes`), their waiters told so. The txs left are checked again in order: one that no longer
   * fits (a later sequence of a dropped tx's signer) is dropped too. Resolves to the hashes dropped.
   */
  dropTransactions(hashes?: ReadonlySet<string>): Promise<string[]> {
    return this.node.enqueue(() => {
      this.app.assertLive();
      const mempool = this.app.state.mempool;
      for (const h of hashes ?? []) if (!mempool.has(h)) throw new CheatError("not-found", `no tx ${h} waiting in the mempool`);
      const dropped: string[] = [];
      const gone = (why: string) => new ChainStateError(`dropped from the mempool before it was in a block: ${why}`);
      for (const p of mempool.reap(-1n)) {
        const hash = p.verified.txHash;
        if (hashes === undefined || hashes.has(hash)) {
          dropped.push(hash);
          p.done.forEach((f) => f.reject(gone("dropTransaction")));
          continue;
        }
        try {
          this.app.checkTx(p.verified.bytes, "mempool").pending!.done.push(...p.done);
        } catch (e) {
          dropped.push(hash);
          p.done.forEach((f) => f.reject(gone(`no longer admitted after the drop: ${(e as Error).message}`)));
        }
      }
      return dropped;
    });
  }

  /** Txs of `address` are admitted unsigned (any key, any or an empty signature); fees and sequences still apply. */
  impersonate(address: string): string[] {
    this.app.state.impersonated.add(address);
    return this.impersonating();
  }

  /** Whether `address` was impersonated; its txs need signatures again. */
  stopImpersonating(address: string): boolean {
    return this.app.state.impersonated.delete(address);
  }

  impersonating(): string[] {
    return [...this.app.state.impersonated];
  }

  /** Auto-impersonation on or off (Anvil's anvil_autoImpersonateAccount): any signer's tx admitted, unsigned when its signature does not verify. */
  setAutoImpersonate(enabled: boolean): boolean {
    this.app.state.autoImpersonate = enabled;
    return enabled;
  }

  get autoImpersonating(): boolean {
    return this.app.state.autoImpersonate;
  }

  /** Stop the clock, close the database, and remove the snapshots. */
  async close(): Promise<void> {
    await this.node.close();
    rmSync(this.snapshotDir, { recursive: true, force: true });
  }
}
