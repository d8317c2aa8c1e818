// The GET fast path (host/server/get-fast.ts): a hot query's answer kept for the latest block is
// written before the Hono app with the same bytes and headers as the app's route, for each of the
// load bench's 14 paths, before and after a new block (the block's answers, never the last one's);
// what it does not take (HEAD, a height-pinned request, a Host the adapter rewrites, --cors-origins) goes on
// to the app, whose answer is unchanged.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { connect } from "node:net";
import type { AminoMsg } from "@cosmjs/amino";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { devAddress } from "../../host/app/genesis.js";
import { fastGetCounts } from "../../host/server/get-fast.js";
import { loadPaths } from "../../bench/load.js";
import { devSigner, lockTierMsg, sendMsg } from "../helpers/dev-signer.js";
import { dev, get, startNode } from "../helpers/dev-node.js";

const dir = await mkdtemp(join(tmpdir(), "get-fast-"));
const node = await startNode(["--clock", "simulated", "--db", join(dir, "chain.db")]);
const cors = await startNode(["--clock", "simulated", "--db", join(dir, "cors.db"), "--cors-origins", "*"]);
test.after(async () => {
  await node.close();
  await cors.close();
  await rm(dir, { recursive: true, force: true });
});

/** One raw HTTP/1.1 exchange on a connection of its own: the answer's head (Date's value blanked) and body, as sent. */
function raw(url: string, path: string, o: { method?: string; headers?: Record<string, string> } = {}): Promise<{ head: string; body: Buffer }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(u.port), u.hostname, () => {
      const headers = { Host: u.host, ...o.headers };
      socket.write(`${o.method ?? "GET"} ${path} HTTP/1.1\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join("")}\r\n`);
    });
    let got = Buffer.alloc(0);
    socket.on("data", (d: Buffer) => {
      got = Buffer.concat([got, d]);
      const end = got.indexOf("\r\n\r\n");
      if (end < 0) return;
      const head = got.subarray(0, end).toString("latin1");
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? 0);
      const bodyLength = o.method === "HEAD" ? 0 : length;
      if (got.length < end + 4 + bodyLength) return;
      socket.destroy();
      resolve({ head: head.replace(/\r\nDate: [^\r]*/, "\r\nDate: -"), body: got.subarray(end + 4, end + 4 + bodyLength) });
    });
    socket.on("error", reject);
  });
}

const signers = await Promise.all([5, 6, 7, 8].map((n) => devSigner(n)));
let chainId = "";
const sequences = new Map<string, bigint>();
async function tx(i: number, msg: (address: string) => AminoMsg): Promise<void> {
  const s = signers[i]!;
  const a = (await get(node, `/cosmos/auth/v1beta1/accounts/${s.address}`)).account;
  const sequence = sequences.get(s.address) ?? BigInt(a.sequence);
  sequences.set(s.address, sequence + 1n);
  const body = await s.sign([msg(s.address)], { chainId, accountNumber: BigInt(a.account_number), sequence });
  const r = (await (await fetch(`${node.url}/txs`, { method: "POST", body: JSON.stringify(body) })).json()) as any;
  assert.is(r.tx_response?.code, 0, JSON.stringify(r));
}

let paths: string[] = [];

test("setup: positions and a delegation, as the load bench's chain", async () => {
  await dev(node, "advance?blocks=1");
  chainId = (await get(node, "/cosmos/base/tendermint/v1beta1/blocks/latest")).block.header.chain_id;
  const validators = ((await get(node, "/cosmos/staking/v1beta1/validators")).validators as { operator_address: string }[]).map((v) => v.operator_address);
  paths = loadPaths(validators);
  for (let k = 0; k < 4; k++) await tx(k, (a) => lockTierMsg(a, 1 + (k % 3), 10_000_000_000n + BigInt(k), validators[k % validators.length]!));
  await dev(node, "advance?blocks=1");
  assert.is(paths.length, 14);
});

/** Each path twice: the app's answer (kept by the route), then the fast path's; the same head and bytes. */
async function bothWays(): Promise<Map<string, string>> {
  const bodies = new Map<string, string>();
  for (const path of paths) {
    const before = { ...fastGetCounts };
    const app = await raw(node.url, path);
    assert.is(fastGetCounts.answered, before.answered, `${path}: the first asking at a block goes to the app`);
    const fast = await raw(node.url, path);
    assert.is(fastGetCounts.answered, before.answered + 1, `${path}: the second is the fast path's`);
    assert.ok(app.head.startsWith("HTTP/1.1 200 OK\r\n"), `${path}: ${app.head}`);
    assert.is(fast.head, app.head, path);
    assert.ok(fast.body.equals(app.body), path);
    bodies.set(path, app.body.toString("utf8"));
  }
  return bodies;
}

test("each load path: the same head and bytes from the app and the fast path, before and after a new block", async () => {
  const first = await bothWays();
  await tx(0, (a) => sendMsg(a, devAddress(8), 7n)); // dev key 8's balance (a load path) changes
  await dev(node, "advance?blocks=1");
  const second = await bothWays();
  const balance = paths.find((p) => p.startsWith("/cosmos/bank/v1beta1/balances/"))!;
  assert.is.not(second.get(balance), first.get(balance), "the new block's balance, not the kept one");
  const latest = "/cosmos/base/tendermint/v1beta1/blocks/latest";
  assert.is.not(second.get(latest), first.get(latest), "the new block");
  assert.is(JSON.parse(second.get(latest)!).block.header.height, `${node.chain.latest.height}`);
});

test("what goes on to the app: HEAD, a pinned height, a Host the adapter rewrites; their answers unchanged", async () => {
  const path = "/chainmain/tieredrewards/v1/tiers";
  const kept = await raw(node.url, path);
  await raw(node.url, path);
  const before = fastGetCounts.answered;
  const pinned = await raw(node.url, path, { headers: { "x-cosmos-block-height": `${node.chain.latest.height}` } });
  assert.ok(pinned.body.equals(kept.body));
  const upper = await raw(node.url, path, { headers: { Host: new URL(node.url).host.toUpperCase().replace("127.0.0.1", "LOCALHOST") } });
  assert.ok(upper.body.equals(kept.body));
  const head = await raw(node.url, path, { method: "HEAD" });
  assert.is(head.body.length, 0);
  const badHost = await raw(node.url, path, { headers: { Host: "a.example/x" } });
  assert.ok(badHost.head.startsWith("HTTP/1.1 400"), badHost.head);
  assert.is(fastGetCounts.answered, before, "none of them by the fast path");
});

test("with --cors-origins: every request is the app's (its CORS headers, with or without an Origin)", async () => {
  await dev(cors, "advance?blocks=1");
  const path = "/cosmos/bank/v1beta1/supply";
  const before = fastGetCounts.answered;
  const first = await raw(cors.url, path);
  const second = await raw(cors.url, path);
  const withOrigin = await raw(cors.url, path, { headers: { Origin: "http://localhost:5173" } });
  assert.is(fastGetCounts.answered, before);
  for (const a of [first, second, withOrigin]) {
    assert.match(a.head, /\r\nAccess-Control-Allow-Origin: \*/i);
    assert.ok(a.body.equals(first.body));
  }
});

test.run();
