// End to end: the real server (host/main.ts startNode) on a loopback port with its SQLite
// database, transactions signed by CosmJS with a dev key and POSTed over HTTP: delegate, a day of
// blocks, withdraw the rewards; the server restarted mid-way keeps everything committed.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadCoreFromFile } from "../host/core/node.js";
import { startNode, type RunningNode } from "../host/main.js";
import { devAddress } from "../host/genesis.js";
import type { Config } from "../host/config.js";
import { devSigner, delegateMsg, withdrawMsg } from "./helpers/dev-signer.js";

const DIR = await mkdtemp(join(tmpdir(), "e2e-"));

const config = (dbPath: string): Config => ({
  port: 0, host: "127.0.0.1", chainSegment: "chainmain", blockTimeNs: 5_000_000_000n, clock: "simulated",
  genesisFile: undefined, dbPath,
});

async function call(node: RunningNode, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${node.url}${path}`, body === undefined && !path.startsWith("/dev/") ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  assert.is(res.status, 200, JSON.stringify(json));
  return json;
}

async function broadcast(node: RunningNode, n: number, msgs: Parameters<Awaited<ReturnType<typeof devSigner>>["sign"]>[0]) {
  const signer = await devSigner(n);
  const acct = node.chain.directory.account(signer.address)!;
  const body = await signer.sign(msgs, { chainId: node.chain.chainId, accountNumber: acct.accountNumber, sequence: acct.sequence });
  const r = await call(node, "/cosmos/tx/v1beta1/txs", body);
  assert.is(r.tx_response.code, 0, r.tx_response.raw_log);
  return r.tx_response.txhash as string;
}

const attr = (tr: any, type: string, key: string) =>
  tr.events.find((e: any) => e.type === type)?.attributes.find((a: any) => a.key === key)?.value;

test("CosmJS-signed delegate -> a day of blocks -> server restart -> withdraw rewards, over HTTP", async () => {
  const dbPath = join(DIR, "chain.db");
  const user = devAddress(7);
  let node = await startNode(config(dbPath), { core: await loadCoreFromFile() });
  let restarted = false;
  try {
    const val = node.chain.directory.validatorAddress(2)!;
    const id = node.chain.directory.accountId(user)!;
    const start = node.chain.ledger.balance(id);

    const delegation = await broadcast(node, 7, [delegateMsg(user, val, 2_000_000_000_000n)]);
    await call(node, "/dev/advance?blocks=1");
    const d = (await call(node, `/cosmos/tx/v1beta1/txs/${delegation}`)).tx_response;
    assert.is(d.height, "1");
    assert.is(attr(d, "delegate", "amount"), "2000000000000basecro");
    assert.is(node.chain.ledger.balance(id), start - 2_000_000_000_000n - 5000n);

    const day = await call(node, "/dev/advance?duration=24h");
    assert.is(day.blocks, "17280");
    const committed = node.chain.latestBlock();
    const pending = node.chain.ledger.pendingRewards(id, 2);
    assert.ok(pending > 0n, "a day of rewards");

    await node.close();
    node = await startNode(config(dbPath), { core: await loadCoreFromFile() });
    restarted = true;
    assert.equal(node.chain.latestBlock(), committed, "nothing committed is lost; the state hash matches");
    assert.is(node.chain.ledger.pendingRewards(id, 2), pending);

    const before = node.chain.ledger.balance(id);
    const withdrawal = await broadcast(node, 7, [withdrawMsg(user, val)]);
    await call(node, "/dev/advance?blocks=1");
    const w = (await call(node, `/cosmos/tx/v1beta1/txs/${withdrawal}`)).tx_response;
    assert.is(w.code, 0);
    const paid = BigInt(attr(w, "withdraw_rewards", "amount").replace("basecro", ""));
    assert.ok(paid >= pending / 10n ** 18n, "at least what was pending a block earlier");
    assert.is(node.chain.ledger.balance(id), before + paid - 5000n);
    // About 3 % a year on 20,000 CRO after 10 % commission: ~1.48 CRO a day.
    assert.ok(paid > 140_000_000n && paid < 155_000_000n, `a day's reward: ${paid}`);
    assert.equal(node.chain.checkInvariants(), []);
  } finally {
    await node.close();
  }
  assert.ok(restarted);
});

test.after(() => rm(DIR, { recursive: true, force: true }));

test.run();
