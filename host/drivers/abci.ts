// The node as a CometBFT v0.38 application: an ABCI 2.0 socket server (`npm start -- --abci
// tcp://127.0.0.1:26658`). CometBFT decides the blocks; the node executes them through the same
// path as its own block producer: the driver holds the application (app/application.ts) and calls
// its ABCI methods (Info, CheckTx, FinalizeBlock: begin block, txs in order, x/gov's and x/staking's
// end blocks; Commit: one SQLite commit, the state hash as the app hash). Framing: each
// message an unsigned varint length and a tendermint.abci.Request / Response (the schema's
// protobuf-es codecs, wire/abci.ts); a connection's requests answered strictly in order. CometBFT opens four
// connections (query, snapshot, mempool, consensus); each is served on its own, and a block's
// execution is synchronous, so a query never sees half a block.

import { createServer, type Server, type Socket } from "node:net";
import { hex } from "@scure/base";
import { sha256 } from "@noble/hashes/sha2.js";
import type { Logger } from "../log.js";
import { CheckTxType, MisbehaviorType, ResponseProcessProposal_ProposalStatus } from "../wire/gen/tendermint/abci/types_pb.js";
import { BlockIDFlag } from "../wire/gen/tendermint/types/validator_pb.js";
import { decodeRequest, encodeRequest, encodeResponse, responseOf, type AbciRequest, type Response } from "../wire/abci.js";
import type { Application } from "../app/application.js";
import type { AbciQuery } from "../app/query.js";
import { TxError } from "../wire/errors.js";
import { listen } from "../listen.js";
import { AbciTimer } from "./abci-profile.js";

/** What the ABCI connections need of the node. */
export interface AbciDeps {
  /** The application CometBFT's blocks are executed by. */
  app: Application;
  query: AbciQuery;
  /** The app's version (Info). */
  version: string;
  /** Called with a fatal error (the connection is closed; CometBFT stops). */
  onError?: (e: Error) => void;
  /** Called when the app cannot go on from its state (the command line exits; a restart resumes). */
  onHalt?: (e: Error) => void;
  /** The operator's log (host/log.ts). */
  log?: Logger;
}

const NS_PER_S = 1_000_000_000n;

/**
 * The validator set CometBFT was last told of (address hex → power): FinalizeBlock returns the
 * changes the block's EndBlock made to it (x/staking's ApplyAndReturnValidatorSetUpdates).
 */
class ValidatorSet {
  private last: Map<string, bigint> | undefined;
  constructor(private readonly app: Application) {}

  updates(): { pubKey: { sum: { case: "ed25519"; value: Uint8Array } }; power: bigint }[] {
    const now = this.app.consensusValidators();
    const before = this.last ?? new Map(now.map((v) => [hex.encode(v.address), v.power]));
    const out: { pubKey: { sum: { case: "ed25519"; value: Uint8Array } }; power: bigint }[] = [];
    const seen = new Set<string>();
    for (const v of now) {
      const key = hex.encode(v.address);
      seen.add(key);
      if (before.get(key) !== v.power) out.push({ pubKey: { sum: { case: "ed25519", value: v.pub } }, power: v.power });
    }
    for (const key of before.keys()) {
      if (!seen.has(key)) {
        const pub = this.pubs.get(key);
        if (pub) out.push({ pubKey: { sum: { case: "ed25519", value: pub } }, power: 0n });
      }
    }
    for (const v of now) this.pubs.set(hex.encode(v.address), v.pub);
    this.last = new Map(now.map((v) => [hex.encode(v.address), v.power]));
    return out;
  }

  /** Before the first block of this process: the set as of the last committed block. */
  prime(): void {
    if (this.last !== undefined) return;
    const now = this.app.consensusValidators();
    for (const v of now) this.pubs.set(hex.encode(v.address), v.pub);
    this.last = new Map(now.map((v) => [hex.encode(v.address), v.power]));
  }

  private readonly pubs = new Map<string, Uint8Array>();
}

/**
 * What the server's connections share: the validator set CometBFT was told of, and the last
 * FinalizeBlock (its request's hash and its response) while its Commit has not come. CometBFT
 * restarted between the two replays that same block (its block store keeps it): the response
 * is given again rather than the block executed twice.
 */
interface ServerState {
  set: ValidatorSet;
  finalized: { height: bigint; request: string; response: Response } | undefined;
  /** Time per method (abci-profile.ts; written out with ABCI_PROFILE). */
  timer: AbciTimer;
}

/** Answer one request (the oneof field of `req` that is set), or throw (an exception response). */
async function handle(req: AbciRequest, d: AbciDeps, state: ServerState): Promise<Response> {
  const app = d.app;
  const set = state.set;
  if (req.echo) return responseOf({ echo: { message: req.echo.message } });
  if (req.flush) return responseOf({ flush: {} });
  if (req.info) {
    // The last block in the database: CometBFT's handshake replays any block after it.
    const last = app.info();
    return responseOf({
      info: {
        data: "tiered-rewards-engine", version: d.version, appVersion: 0n,
        lastBlockHeight: last.height, lastBlockAppHash: last.height === 0n ? new Uint8Array() : hex.decode(last.appHash.toLowerCase()),
      },
    });
  }
  if (req.initChain) {
    if (req.initChain.chainId !== app.chainId) {
      throw new Error(`InitChain for chain ${req.initChain.chainId}, but the app's genesis is ${app.chainId}`);
    }
    // The genesis state is the node's own (its --genesis): committed at height 0 when it opened.
    // Its bonded validators are the set (their consensus keys and powers).
    set.prime();
    const validators = app.consensusValidators().map((v) => ({ pubKey: { sum: { case: "ed25519" as const, value: v.pub } }, power: v.power }));
    return responseOf({ initChain: { appHash: hex.decode(app.latestBlock().appHash.toLowerCase()), validators } });
  }
  if (req.query) {
    const q = req.query;
    const r = await d.query(q.path, q.data, q.height);
    return responseOf({ query: { code: r.code, codespace: r.codespace, log: r.log, value: r.value, height: r.height } });
  }
  if (req.checkTx) {
    try {
      const r = app.checkTx(req.checkTx.tx, "mempool");
      return responseOf({ checkTx: { code: 0, gasWanted: r.verified.fee.gas, gasUsed: r.gasUsed } });
    } catch (e) {
      if (!(e instanceof TxError)) throw e;
      return responseOf({ checkTx: { code: e.code, codespace: e.codespace, log: e.log } });
    }
  }
  if (req.prepareProposal) {
    // The txs in order, as many as fit the block's byte limit.
    const out: Uint8Array[] = [];
    let bytes = 0n;
    for (const tx of req.prepareProposal.txs) {
      if (bytes + BigInt(tx.length) > req.prepareProposal.maxTxBytes) break;
      bytes += BigInt(tx.length);
      out.push(tx);
    }
    return responseOf({ prepareProposal: { txs: out } });
  }
  if (req.processProposal) return responseOf({ processProposal: { status: ResponseProcessProposal_ProposalStatus.ACCEPT } });
  if (req.extendVote) return responseOf({ extendVote: { voteExtension: new Uint8Array() } });
  if (req.verifyVoteExtension) return responseOf({ verifyVoteExtension: { status: 1 } });
  if (req.finalizeBlock) {
    const f = req.finalizeBlock;
    const request = hex.encode(sha256(encodeRequest(req)));
    const awaiting = app.uncommittedHeight;
    if (awaiting !== undefined) {
      const done = state.finalized;
      if (awaiting === f.height && done?.height === f.height && done.request === request) {
        d.log?.info("finalize_block replayed", { height: f.height, note: "executed before CometBFT restarted; its Commit is still to come" });
        return done.response;
      }
      // Not the block executed: the only way back is the database's state (crash-only).
      const e = new Error(`FinalizeBlock at height ${f.height} differs from the block executed at ${awaiting}, which awaits its Commit: restart the node to resume from height ${app.latestDurable().height}`);
      d.onHalt?.(e);
      throw e;
    }
    d.log?.debug("finalize_block", { height: f.height, txs: f.txs.length });
    const time = f.time ?? { seconds: 0n, nanos: 0 };
    const timeNs = time.seconds * NS_PER_S + BigInt(time.nanos);
    set.prime();
    // The last commit's votes (absent = missed) and the evidence of double signing, for x/slashing.
    const address = (a: Uint8Array) => hex.encode(a).toUpperCase();
    const consensus = {
      votes: (f.decidedLastCommit?.votes ?? []).map((v) => ({
        address: address(v.validator?.address ?? new Uint8Array()), power: v.validator?.power ?? 0n, signed: v.blockIdFlag !== BlockIDFlag.BLOCK_ID_FLAG_ABSENT,
      })),
      doubleSigns: f.misbehavior.filter((m) => m.type === MisbehaviorType.DUPLICATE_VOTE)
        .map((m) => ({
          address: address(m.validator?.address ?? new Uint8Array()), height: m.height, power: m.validator?.power ?? 0n,
          timeNs: (m.time?.seconds ?? 0n) * NS_PER_S + BigInt(m.time?.nanos ?? 0),
        })),
    };
    const txs = f.txs.map((tx) => ({ tx }));
    state.timer.profile.blockTxs += txs.length;
    const kept = consensus.votes.length > 0 || consensus.doubleSigns.length > 0 ? { consensus } : {};
    const { results, events, appHash } = app.finalizeBlock({ height: f.height, timeNs, txs, ...kept });
    const attr = (e: { type: string; attributes: { key: string; value: string; index?: boolean }[] }) => ({
      type: e.type, attributes: e.attributes.map((a) => ({ key: a.key, value: a.value, index: a.index ?? true })),
    });
    const txResults = results.map((r) => ({
      code: r.code, data: r.data, log: r.rawLog, info: "", gasWanted: r.gasWanted, gasUsed: r.gasUsed,
      events: r.events.map(attr), codespace: r.codespace,
    }));
    const consensusParams = app.params.get("consensus");
    const response = responseOf({
      finalizeBlock: {
        events: events.map(attr), txResults, validatorUpdates: set.updates(), appHash: hex.decode(appHash.toLowerCase()),
        // The consensus params governance set (x/consensus MsgUpdateParams), for CometBFT to run the next blocks with.
        ...(consensusParams === undefined ? {} : { consensusParamUpdates: consensusParams }),
      },
    });
    state.finalized = { height: f.height, request, response };
    return response;
  }
  if (req.commit) {
    app.commit();
    app.clearCheckState(); // CometBFT rechecks the txs that wait
    state.finalized = undefined;
    return responseOf({ commit: { retainHeight: 0n } });
  }
  if (req.listSnapshots) return responseOf({ listSnapshots: { snapshots: [] } });
  if (req.offerSnapshot) return responseOf({ offerSnapshot: { result: 0 } });
  if (req.loadSnapshotChunk) return responseOf({ loadSnapshotChunk: { chunk: new Uint8Array() } });
  if (req.applySnapshotChunk) return responseOf({ applySnapshotChunk: { result: 0 } });
  throw new Error("unknown ABCI request");
}

/** An unsigned varint and the bytes after it: the length prefix CometBFT writes. */
function readUvarint(buf: Uint8Array, at: number): { value: number; next: number } | undefined {
  let value = 0;
  let shift = 0;
  for (let i = at; i < buf.length && i < at + 10; i++) {
    const b = buf[i]!;
    value += (b & 0x7f) * 2 ** shift;
    if (b < 0x80) return { value, next: i + 1 };
    shift += 7;
  }
  return undefined;
}

function uvarint(n: number): Uint8Array {
  const out: number[] = [];
  while (n >= 0x80) {
    out.push((n % 0x80) | 0x80);
    n = Math.floor(n / 0x80);
  }
  out.push(n);
  return Uint8Array.from(out);
}

/** Serve one CometBFT connection: requests decoded as they arrive, answered in order. */
function serveConnection(socket: Socket, d: AbciDeps, state: ServerState): void {
  let pending: Buffer = Buffer.alloc(0);
  let queue: Promise<void> = Promise.resolve();
  const fail = (e: Error) => {
    const out = encodeResponse(responseOf({ exception: { error: e.message } }));
    socket.end(Buffer.concat([uvarint(out.length), out]));
    d.onError?.(e);
  };
  socket.on("data", (chunk: Buffer) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    // The answers to what this chunk holds go out in one write: CometBFT pipelines its requests (a
    // recheck sends every waiting tx at once), and a write per answer was a system call each. Corked
    // until the event loop's next turn, when the queued requests (answered in microtasks) are done.
    socket.cork();
    setImmediate(() => socket.uncork());
    for (;;) {
      const len = readUvarint(pending, 0);
      if (len === undefined || pending.length < len.next + len.value) break;
      const body = pending.subarray(len.next, len.next + len.value);
      pending = pending.subarray(len.next + len.value);
      let req: AbciRequest;
      try {
        req = decodeRequest(body);
      } catch (e) {
        fail(new Error(`undecodable ABCI request: ${(e as Error).message}`));
        return;
      }
      queue = queue.then(async () => {
        if (socket.destroyed) return;
        try {
          const started = performance.now();
          const res = encodeResponse(await handle(req, d, state));
          socket.write(Buffer.concat([uvarint(res.length), res]));
          const method = req.checkTx?.type === CheckTxType.RECHECK ? "recheckTx" : req.message.value.case ?? "none";
          state.timer.add(method, performance.now() - started);
          if (req.commit) state.timer.flush();
        } catch (e) {
          fail(e as Error);
        }
      });
    }
  });
  socket.on("error", () => socket.destroy());
}

/** Listen for CometBFT on `address` (tcp://HOST:PORT); resolves with the server once listening. */
export async function startAbciServer(address: string, d: AbciDeps): Promise<Server> {
  const m = /^tcp:\/\/([^:]+):([0-9]+)$/.exec(address);
  if (!m) throw new Error(`--abci ${address}: expected tcp://HOST:PORT`);
  // One validator set for the server's connections (InitChain and FinalizeBlock share the consensus one).
  const state: ServerState = { set: new ValidatorSet(d.app), finalized: undefined, timer: new AbciTimer(process.env.ABCI_PROFILE || undefined) };
  const server = createServer((socket) => serveConnection(socket, d, state));
  await listen(server, Number(m[2]), m[1]!);
  return server;
}
