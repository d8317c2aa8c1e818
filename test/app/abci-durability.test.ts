// ABCI 2.0's durability contract, held in process with the ABCI server on a socket and this test
// as CometBFT: a block executed by FinalizeBlock is durable only once Commit comes. Before,
// FinalizeBlock wrote the block to SQLite, so a CometBFT killed before it saved the block's
// responses could never start again ("expected height H but last stored abci responses was at
// height H-1"): Info said H, CometBFT's store said H-1.
//
// Here: Info reports the last committed block while a block awaits its Commit; CometBFT restarted
// replays that same block and gets the same response (the block is not executed twice); a
// different block at that height halts the node (crash-only); an app stopped before Commit
// restarts at the last committed block and executes the block again to the same app hash.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { connect, type Socket } from "node:net";
import { Request, Response } from "cosmjs-types/tendermint/abci/types";
import { hex } from "@scure/base";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GOV_MODULE_ADDRESS, defaultGenesisJson, devAddress, mergeJson, type Json } from "../../host/app/genesis.js";
import { run, type RunningNode } from "../../host/main.js";
import { loadCore } from "../../host/core/core.js";
import { protoSigner } from "../helpers/cosmjs.js";
import { wasm } from "../helpers/node.js";
import { freePort } from "../helpers/ports.js";
import { writeFile } from "node:fs/promises";

const dir = await mkdtemp(join(tmpdir(), "abci-durability-"));
test.after(() => rm(dir, { recursive: true, force: true }));

const base = defaultGenesisJson() as { app_state: { genutil: { gen_txs: unknown[] } } };
const genesis = mergeJson(base as unknown as Json, { app_state: { genutil: { gen_txs: [base.app_state.genutil.gen_txs[0]] }, node: { gov_authority: GOV_MODULE_ADDRESS } } } as unknown as Json);
const genesisFile = join(dir, "genesis.json");
await writeFile(genesisFile, JSON.stringify(genesis));
const db = join(dir, "app.db");

/** The app as `npm start -- --abci` runs it; `halts` collects what it halted on. */
async function startApp(port: number): Promise<{ node: RunningNode; halts: Error[] }> {
  const halts: Error[] = [];
  const started = await run(
    ["--port", "0", "--abci", `tcp://127.0.0.1:${port}`, "--genesis", genesisFile, "--db", db], {}, { out: () => {}, err: () => {} },
    { core: await loadCore(wasm), onHalt: (e) => halts.push(e) },
  );
  if (typeof started === "number") throw new Error(`node exited ${started}`);
  return { node: started, halts };
}

/** One ABCI connection, as CometBFT opens it: length-prefixed requests answered in order. */
async function abciConnection(port: number) {
  const socket: Socket = connect(port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let pending = Buffer.alloc(0);
  const waiting: ((r: Response) => void)[] = [];
  socket.on("data", (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    for (;;) {
      let len = 0, shift = 0, at = 0;
      for (; at < pending.length; at++) {
        len += (pending[at]! & 0x7f) * 2 ** shift;
        shift += 7;
        if (pending[at]! < 0x80) break;
      }
      if (at >= pending.length || pending.length < at + 1 + len) return;
      const body = pending.subarray(at + 1, at + 1 + len);
      pending = pending.subarray(at + 1 + len);
      waiting.shift()?.(Response.decode(body));
    }
  });
  const ask = (req: Request) => new Promise<Response>((resolve) => {
    waiting.push(resolve);
    const bytes = Request.encode(req).finish();
    const prefix: number[] = [];
    let n = bytes.length;
    while (n >= 0x80) { prefix.push((n & 0x7f) | 0x80); n >>>= 7; }
    prefix.push(n);
    socket.write(Buffer.concat([Buffer.from(prefix), bytes]));
  });
  return {
    info: async () => (await ask(Request.fromPartial({ info: {} }))).info!,
    finalize: async (height: bigint, txs: Uint8Array[] = [], seconds = 1_767_225_600n + height * 5n) =>
      (await ask(Request.fromPartial({ finalizeBlock: { height, txs, time: { seconds, nanos: 0 }, decidedLastCommit: { round: 0, votes: [] }, misbehavior: [] } }))),
    commit: async () => (await ask(Request.fromPartial({ commit: {} }))).commit!,
    close: () => socket.destroy(),
  };
}

const send = async (sequence: bigint, amount: string) => {
  const signer = await protoSigner(5, "direct");
  return signer.sign([{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: devAddress(5), toAddress: devAddress(6), amount: [{ denom: "basecro", amount }] } }], {
    chainId: "chainmain-local", accountNumber: 5n, sequence,
  });
};

test("Info reports the last committed block while one awaits its Commit; the same block replayed gets the same answer", async () => {
  const port = await freePort();
  const { node, halts } = await startApp(port);
  const accountNumber = node.chain.directory.account(devAddress(5))!.accountNumber;
  assert.is(accountNumber, 5n, "the test's signer account number (x/auth's: dev key 5 is account 5, as on the chain)");
  let c = await abciConnection(port);
  assert.is((await c.info()).lastBlockHeight, 0n);
  const one = await c.finalize(1n);
  await c.commit();
  const tx = await send(0n, "7");
  const two = await c.finalize(2n, [tx]);
  assert.is(two.finalizeBlock!.txResults[0]!.code, 0, two.finalizeBlock!.txResults[0]!.log);
  // CometBFT killed here: its new connection's Info must say 1, the last block written.
  c.close();
  c = await abciConnection(port);
  const info = await c.info();
  assert.is(info.lastBlockHeight, 1n);
  assert.is(hex.encode(info.lastBlockAppHash), hex.encode(one.finalizeBlock!.appHash));
  // The handshake replays block 2: the same response, the tx not executed twice.
  const again = await c.finalize(2n, [tx]);
  assert.equal(Response.encode(again).finish(), Response.encode(two).finish());
  await c.commit();
  assert.is((await c.info()).lastBlockHeight, 2n);
  assert.is(node.chain.txResult(node.chain.blockTxs(2n)!.txs[0]!.hash)?.code, 0);
  assert.equal(halts, []);
  c.close();
  await node.close();
});

test("a different block at the height awaiting its Commit halts the app (crash-only); restarted, it is at the last committed block", async () => {
  const port = await freePort();
  const { node, halts } = await startApp(port);
  let c = await abciConnection(port);
  const h = (await c.info()).lastBlockHeight + 1n;
  await c.finalize(h, [], 1_767_225_600n + h * 5n);
  c.close();
  c = await abciConnection(port);
  assert.is((await c.info()).lastBlockHeight, h - 1n);
  // Another time: another block. The app cannot take it from its state, so it stops.
  await c.finalize(h, [], 1_767_225_600n + h * 5n + 1n);
  assert.is(halts.length, 1);
  assert.match(halts[0]!.message, `FinalizeBlock at height ${h} differs from the block executed`);
  c.close();
  await node.close();
  const restarted = await startApp(port);
  assert.is(restarted.node.chain.latest.height, h - 1n);
  c = await abciConnection(port);
  const r = await c.finalize(h, [], 1_767_225_600n + h * 5n + 1n);
  assert.ok(r.finalizeBlock, "the other block executes on the committed state");
  await c.commit();
  assert.is((await c.info()).lastBlockHeight, h);
  c.close();
  await restarted.node.close();
});

test("the app stopped between FinalizeBlock and Commit restarts at the last committed block and reaches the same app hash", async () => {
  const port = await freePort();
  const { node } = await startApp(port);
  let c = await abciConnection(port);
  const h = (await c.info()).lastBlockHeight + 1n;
  const sequence = node.chain.directory.account(devAddress(5))!.sequence;
  const tx = await send(sequence, "11");
  const first = await c.finalize(h, [tx]);
  c.close();
  await node.close(); // the process gone before Commit: nothing of block h was written
  const restarted = await startApp(port);
  assert.is(restarted.node.chain.latest.height, h - 1n);
  c = await abciConnection(port);
  assert.is((await c.info()).lastBlockHeight, h - 1n);
  const second = await c.finalize(h, [tx]);
  assert.is(hex.encode(second.finalizeBlock!.appHash), hex.encode(first.finalizeBlock!.appHash));
  await c.commit();
  c.close();
  await restarted.node.close();
});

test.run();
