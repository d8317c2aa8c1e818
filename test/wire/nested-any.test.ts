// Anys inside messages (a proposal's messages holding proposals) are bounded as the SDK bounds them
// (MaxUnpackAnyRecursionDepth 10, MaxUnpackAnySubCalls 100 per message the tx carries) and each is
// decoded once: the work of decoding a tx is linear in its bytes at any nesting. Before, each
// level decoded its messages twice (gateway JSON and amino JSON), so 16 levels (684 bytes) took
// 12 s of one event loop and two such txs stopped a 4-validator network.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toBase64 } from "@cosmjs/encoding";
import { AuthInfo, TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { MsgSubmitProposal } from "cosmjs-types/cosmos/gov/v1/tx";
import type { Any } from "cosmjs-types/google/protobuf/any";
import { decodeTxBytes } from "../../host/wire/tx.js";
import { MAX_UNPACK_ANY_CALLS, MAX_UNPACK_ANY_DEPTH, anyDecodeWork } from "../../host/wire/messages.js";
import { TxError } from "../../host/wire/errors.js";
import { run, type RunningNode } from "../../host/main.js";
import { loadCore } from "../../host/core/core.js";
import { rng } from "../helpers/checks.js";
import { wasm } from "../helpers/node.js";

const PROPOSAL = "/cosmos.gov.v1.MsgSubmitProposal";

/** A proposal tree: a proposal whose messages are its children. */
interface Tree {
  children: Tree[];
}

function encode(t: Tree): Any {
  const msg = MsgSubmitProposal.fromPartial({ messages: t.children.map(encode), proposer: "cro1proposer", title: "t", summary: "s" });
  return { typeUrl: PROPOSAL, value: MsgSubmitProposal.encode(msg).finish() };
}

function txOf(messages: Any[]): Uint8Array {
  const body = TxBody.encode(TxBody.fromPartial({ messages })).finish();
  return TxRaw.encode(TxRaw.fromPartial({ bodyBytes: body, authInfoBytes: AuthInfo.encode(AuthInfo.fromPartial({})).finish(), signatures: [] })).finish();
}

const chain = (n: number): Tree => (n <= 1 ? { children: [] } : { children: [chain(n - 1)] });
const countAnys = (t: Tree): number => 1 + t.children.reduce((s, c) => s + countAnys(c), 0);
const height = (t: Tree): number => 1 + Math.max(0, ...t.children.map(height));

/**
 * The SDK's verdict on one tx message's tree, by its unpacker's rules (codec/types/
 * interface_registry.go): each direct child is unpacked by the registry with a fresh budget
 * (depth 10, 100 calls); below it the budget passes down, depth first checked, then calls.
 */
function sdkVerdict(top: Tree): "ok" | "max depth exceeded" | "call limit exceeded" {
  const walk = (t: Tree, depth: number, calls: { left: number }): "ok" | "max depth exceeded" | "call limit exceeded" => {
    if (depth === 0) return "max depth exceeded";
    if (calls.left === 0) return "call limit exceeded";
    calls.left--;
    for (const c of t.children) {
      const v = walk(c, depth - 1, calls);
      if (v !== "ok") return v;
    }
    return "ok";
  };
  for (const c of top.children) {
    const v = walk(c, MAX_UNPACK_ANY_DEPTH, { left: MAX_UNPACK_ANY_CALLS });
    if (v !== "ok") return v;
  }
  return "ok";
}

/** Decode a tx; its outcome and the Any decodes it cost. */
function decode(tx: Uint8Array): { outcome: string; calls: number; bytes: number } {
  const before = { ...anyDecodeWork };
  let outcome = "ok";
  try {
    decodeTxBytes(tx);
  } catch (e) {
    if (!(e instanceof TxError)) throw e;
    outcome = `${e.codespace} ${e.code}: ${e.log}`;
  }
  return { outcome, calls: anyDecodeWork.calls - before.calls, bytes: anyDecodeWork.bytes - before.bytes };
}

const refusal = (why: string) => `sdk 2: unable to convert messagev2 to messagev1: ${why}: tx parse error`;

test("a proposal holding proposals 10 deep decodes; 11 deep is the SDK's max depth exceeded (sdk 2)", () => {
  assert.is(decode(txOf([encode(chain(1 + MAX_UNPACK_ANY_DEPTH))])).outcome, "ok");
  assert.is(decode(txOf([encode(chain(2 + MAX_UNPACK_ANY_DEPTH))])).outcome, refusal("max depth exceeded"));
});

test("more than 100 Anys under one of a message's messages is the SDK's call limit exceeded; 100 decode", () => {
  const wide = (n: number): Tree => ({ children: [{ children: Array.from({ length: n }, () => ({ children: [] })) }] });
  assert.is(decode(txOf([encode(wide(MAX_UNPACK_ANY_CALLS - 1))])).outcome, "ok");
  assert.is(decode(txOf([encode(wide(MAX_UNPACK_ANY_CALLS))])).outcome, refusal("call limit exceeded"));
  // Each of a message's own messages has its budget, as the registry gives each a fresh unpacker.
  const twice: Tree = { children: [wide(MAX_UNPACK_ANY_CALLS - 1).children[0]!, wide(MAX_UNPACK_ANY_CALLS - 1).children[0]!] };
  assert.is(decode(txOf([encode(twice)])).outcome, "ok");
});

test("property: any nesting gets the SDK's verdict, each Any decoded at most once, work linear in the bytes", () => {
  const next = rng(0x5eedn);
  const pick = (n: number) => Number(next() % BigInt(n));
  // Trees of at most ~250 proposals: chains up to 40 deep, bushes up to 60 wide.
  const grow = (depth: number, room: { left: number }): Tree => {
    if (depth === 0 || room.left <= 0 || pick(5) === 0) return { children: [] };
    const width = Math.min(room.left, pick(8) === 0 ? pick(60) : pick(2) + 1);
    room.left -= width;
    return { children: Array.from({ length: width }, () => grow(depth - 1, room)) };
  };
  for (let i = 0; i < 300; i++) {
    const messages = Array.from({ length: pick(3) + 1 }, () => grow(pick(40) + 1, { left: 250 }));
    const tx = txOf(messages.map(encode));
    const got = decode(tx);
    const verdicts = messages.map(sdkVerdict);
    const expected = verdicts.find((v) => v !== "ok");
    assert.is(got.outcome, expected === undefined ? "ok" : refusal(expected), `tree ${i}, heights ${messages.map(height)}`);
    assert.ok(got.calls <= messages.reduce((s, t) => s + countAnys(t), 0), `tree ${i}: ${got.calls} Any decodes`);
    // Every decoded value lies inside the tx; no byte is inside more than 12 decoded values (the depth bound).
    assert.ok(got.bytes <= (MAX_UNPACK_ANY_DEPTH + 2) * tx.length, `tree ${i}: ${got.bytes} bytes decoded for a ${tx.length}-byte tx`);
  }
});

test("N = 5 … 1,000 nested proposals: the decode work stays flat past the depth bound", () => {
  const work: number[] = [];
  for (const n of [5, 12, 16, 18, 50, 200, 1000]) {
    const got = decode(txOf([encode(chain(n))]));
    assert.is(got.outcome, n <= 1 + MAX_UNPACK_ANY_DEPTH ? "ok" : refusal("max depth exceeded"));
    work.push(got.calls);
  }
  // The tx's message and the 10 levels below it; the 11th is refused before it is decoded.
  assert.equal(work, [5, 11, 11, 11, 11, 11, 11]);
});

// The served node: REST's broadcast and the RPC's broadcast_tx_sync answer at once, and the node
// keeps answering other requests (before: one such tx blocked its event loop for seconds).
const dir = await mkdtemp(join(tmpdir(), "nested-any-"));
const started = await run(
  ["--port", "0", "--rpc-port", "0", "--clock", "simulated", "--db", join(dir, "c.db")], {}, { out: () => {}, err: () => {} }, { core: await loadCore(wasm) },
);
if (typeof started === "number") throw new Error(`node exited ${started}`);
const node: RunningNode = started;
test.after(async () => {
  await node.close();
  await rm(dir, { recursive: true, force: true });
});

test("POST /cosmos/tx/v1beta1/txs and RPC broadcast_tx_sync refuse 18- and 1,000-deep proposals with sdk 2", async () => {
  for (const n of [18, 1000]) {
    const tx = txOf([encode(chain(n))]);
    const rest = await fetch(`${node.url}/cosmos/tx/v1beta1/txs`, {
      method: "POST", body: JSON.stringify({ tx_bytes: toBase64(tx), mode: "BROADCAST_MODE_SYNC" }),
    });
    const r = ((await rest.json()) as any).tx_response;
    assert.is(r.code, 2);
    assert.is(r.codespace, "sdk");
    assert.is(r.raw_log, "unable to convert messagev2 to messagev1: max depth exceeded: tx parse error");
    const rpc = await fetch(node.rpcUrl!, {
      method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "broadcast_tx_sync", params: { tx: toBase64(tx) } }),
    });
    const j = ((await rpc.json()) as any).result;
    assert.is(j.code, 2);
    assert.is(j.log, "unable to convert messagev2 to messagev1: max depth exceeded: tx parse error");
  }
  const status = await fetch(`${node.url}/cosmos/base/tendermint/v1beta1/blocks/latest`);
  assert.is(status.status, 200);
});

test.run();
