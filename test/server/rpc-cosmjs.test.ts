// The CometBFT RPC (host/rpc/server.ts, abci-query.ts) with the clients dApps use: CosmJS's
// StargateClient and SigningStargateClient.connectWithSigner (fee "auto" = simulate through
// abci_query, broadcast_tx_sync, inclusion found by tx_search) in both sign modes, for bank,
// staking and tier messages; Comet38Client's block, block_results, validators, tx_search; the
// JSON-RPC envelope's errors; positional params (interchainjs) and interchain's RPC query client;
// CosmJS's subscribeTx with the query the README shows.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Secp256k1Wallet } from "@cosmjs/amino";
import { DirectSecp256k1Wallet } from "@cosmjs/proto-signing";
import {
  GasPrice, SigningStargateClient, StargateClient,
} from "@cosmjs/stargate";
import { Comet38Client, connectComet } from "@cosmjs/tendermint-rpc";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { fromBinary } from "@bufbuild/protobuf";
import { QueryTotalDelegatedVotingPowerResponseSchema } from "../../host/wire/gen/chainmain/tieredrewards/v1/query_pb.js";
import { devAddress, devPrivateKey, operatorOf } from "../../host/app/genesis.js";
import { run, type RunningNode } from "../../host/main.js";
import { loadCore } from "../../host/core/core.js";
import { chainRegistry, chainAminoTypes } from "../helpers/cosmjs.js";
import { wasm } from "../helpers/node.js";
import { createRequire } from "node:module";
import type { cosmos as Cosmos } from "interchain";

// interchain's CommonJS build (its ES build imports extensionless paths, for bundlers).
const { cosmos } = createRequire(import.meta.url)("interchain") as { cosmos: typeof Cosmos };

const dir = await mkdtemp(join(tmpdir(), "rpc-cosmjs-"));
const quiet = { out: () => {}, err: () => {} };
const started = await run(
  ["--port", "0", "--clock", "real", "--block-time", "150ms", "--dev", "--db", join(dir, "chain.db")], {}, quiet, { core: await loadCore(wasm) },
);
if (typeof started === "number") throw new Error(`node exited ${started}`);
const node: RunningNode = started;
const rpc = node.rpcUrl!;
// A chain serves queries from its first block on (at height 0 CosmJS finds no query height).
while (node.chain.latest.height < 2n) await new Promise((r) => setTimeout(r, 50));
test.after(async () => {
  await node.close();
  await rm(dir, { recursive: true, force: true });
});

const rpcCall = async (method: string, params: unknown = {}) => {
  const res = await fetch(rpc, { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 7, method, params }) });
  return { status: res.status, json: (await res.json()) as any };
};
const restBalance = async (n: number) =>
  BigInt(((await (await fetch(`${node.url}/cosmos/bank/v1beta1/balances/${devAddress(n)}/by_denom?denom=basecro`)).json()) as any).balance.amount);

async function signingClient(n: number, mode: "direct" | "amino") {
  const wallet = mode === "direct" ? await DirectSecp256k1Wallet.fromKey(devPrivateKey(n), "cro") : await Secp256k1Wallet.fromKey(devPrivateKey(n), "cro");
  return SigningStargateClient.connectWithSigner(rpc, wallet, {
    registry: chainRegistry(),
    aminoTypes: chainAminoTypes(),
    gasPrice: GasPrice.fromString("0.025basecro"),
    broadcastPollIntervalMs: 100,
    broadcastTimeoutMs: 20_000,
  });
}

test("StargateClient.connect: chain id, height, balances, accounts, the same numbers as REST", async () => {
  const client = await StargateClient.connect(rpc);
  assert.is(await client.getChainId(), "chainmain-local");
  assert.ok((await client.getHeight()) >= 0);
  const balance = await client.getBalance(devAddress(5), "basecro");
  assert.is(BigInt(balance.amount), await restBalance(5));
  assert.equal(await client.getAllBalances(devAddress(5)), [balance]);
  const account = await client.getAccount(devAddress(5));
  assert.is(account?.address, devAddress(5));
  assert.is(BigInt(account!.accountNumber), node.chain.directory.account(devAddress(5))!.accountNumber);
  assert.is(await client.getAccount("cro1qqqsyqcyq5rqwzqfpg9scrgwpugpzysnzs23v4"), null, "an unknown account is null (NotFound)");
  client.disconnect();
});

for (const mode of ["direct", "amino"] as const) {
  test(`SigningStargateClient (${mode}): fee "auto" (simulate over abci_query), broadcast, inclusion, events; bank, staking, tiers`, async () => {
    const n = mode === "direct" ? 5 : 6;
    const me = devAddress(n);
    const client = await signingClient(n, mode);
    const before = await restBalance(7);
    const sent = await client.sendTokens(me, devAddress(7), [{ denom: "basecro", amount: "12345" }], "auto", "hello");
    assert.is(sent.code, 0, sent.rawLog);
    assert.ok(sent.gasUsed <= sent.gasWanted, `${sent.gasUsed} <= ${sent.gasWanted}`);
    assert.is(await restBalance(7), before + 12345n);
    const found = await client.getTx(sent.transactionHash);
    assert.is(found?.height, sent.height);
    assert.equal(found?.msgResponses.map((r) => r.typeUrl), ["/cosmos.bank.v1beta1.MsgSendResponse"]);
    const searched = await client.searchTx(`message.sender='${me}'`);
    assert.ok(searched.some((t) => t.hash === sent.transactionHash));

    const delegated = await client.delegateTokens(me, operatorOf(devAddress(1)), { denom: "basecro", amount: "100000000" }, "auto");
    assert.is(delegated.code, 0, delegated.rawLog);
    assert.ok(delegated.events.some((e) => e.type === "delegate"));

    const lock = await client.signAndBroadcast(me, [{
      typeUrl: "/chainmain.tieredrewards.v1.MsgLockTier",
      value: { owner: me, id: 1, amount: "100000000000", validatorAddress: operatorOf(devAddress(1)), triggerExitImmediately: false },
    }], "auto");
    assert.is(lock.code, 0, lock.rawLog);
    assert.equal(lock.msgResponses.map((r) => r.typeUrl), ["/chainmain.tieredrewards.v1.MsgLockTierResponse"]);
    assert.ok(lock.events.some((e) => e.type === "chainmain.tieredrewards.v1.EventPositionCreated"));

    // A tx the chain refuses at CheckTx: CosmJS's BroadcastTxError with the SDK's code.
    let refused: unknown;
    try {
      await client.sendTokens(me, devAddress(7), [{ denom: "basecro", amount: "1" }], { amount: [{ denom: "basecro", amount: "1" }], gas: "10" });
    } catch (e) {
      refused = e;
    }
    assert.match(String(refused), /out of gas/);
    assert.is((refused as { code?: number }).code, 11);
    client.disconnect();
  });
}

test("Comet38Client: status, block, block_results, validators, tx_search, abci_info", async () => {
  const comet = await connectComet(rpc);
  assert.ok(comet instanceof Comet38Client, "CosmJS picks its 0.38 client from status");
  const status = await comet.status();
  assert.is(status.nodeInfo.network, "chainmain-local");
  const height = status.syncInfo.latestBlockHeight;
  assert.ok(height > 0);
  const block = await comet.block(height);
  assert.is(block.block.header.height, height);
  assert.is(block.block.header.chainId, "chainmain-local");
  const previous = await comet.block(height - 1);
  assert.equal(block.block.header.lastBlockId?.hash, previous.blockId.hash, "blocks chain by their ids");
  const results = await comet.blockResults(height);
  assert.is(results.height, height);
  const validators = await comet.validators({});
  assert.is(validators.total, 4);
  assert.ok(validators.validators.every((v) => v.pubkey?.algorithm === "ed25519" && v.address.length === 20));
  const search = await comet.txSearch({ query: `message.action='/cosmos.bank.v1beta1.MsgSend'` });
  assert.ok(search.totalCount >= 2);
  const tx = await comet.tx({ hash: search.txs[0]!.hash });
  assert.is(tx.height, search.txs[0]!.height);
  const info = await comet.abciInfo();
  assert.ok((info.lastBlockHeight ?? 0) > 0);
  comet.disconnect();
});

test("WebSocket: Comet38Client over ws:// calls methods, subscribes to new blocks and to matching txs", async () => {
  // CosmJS appends /websocket to the base URL itself.
  const comet = await Comet38Client.connect(rpc.replace("http://", "ws://"));
  assert.is((await comet.status()).nodeInfo.network, "chainmain-local");
  const heights: number[] = [];
  const subscriptions: { unsubscribe(): void }[] = [];
  const gotBlocks = new Promise<void>((resolve, reject) => {
    subscriptions.push(comet.subscribeNewBlock().subscribe({
      next: (b) => {
        heights.push(b.header.height);
        if (heights.length === 3) resolve();
      },
      error: reject,
    }));
  });
  const me = devAddress(7);
  const gotTx = new Promise<{ hash: Uint8Array; height: number; code: number }>((resolve, reject) => {
    subscriptions.push(comet.subscribeTx(`message.sender='${me}'`).subscribe({ next: (t) => resolve({ hash: t.hash, height: t.height, code: t.result.code }), error: reject }));
  });
  await gotBlocks;
  assert.is(heights[1], heights[0]! + 1);
  assert.is(heights[2], heights[1]! + 1);
  const client = await signingClient(7, "direct");
  const sent = await client.sendTokens(me, devAddress(8), [{ denom: "basecro", amount: "1" }], "auto");
  const seen = await gotTx;
  assert.is(Buffer.from(seen.hash).toString("hex").toUpperCase(), sent.transactionHash);
  assert.is(seen.height, sent.height);
  assert.is(seen.code, 0);
  client.disconnect();
  // A live subscription keeps CosmJS's socket (and the test process) alive past disconnect().
  for (const s of subscriptions) s.unsubscribe();
  comet.disconnect();
});

test("WebSocket: subscription errors and limits as CometBFT's", async () => {
  const { WebSocket } = await import("ws");
  const ws = new WebSocket(`${rpc.replace("http://", "ws://")}/websocket`);
  await new Promise((r) => ws.once("open", r));
  const replies: any[] = [];
  ws.on("message", (d) => replies.push(JSON.parse(String(d))));
  const ask = async (id: number, method: string, params: unknown) => {
    ws.send(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
    for (let i = 0; i < 100 && !replies.some((r) => r.id === id && ("result" in r || "error" in r)); i++) await new Promise((r) => setTimeout(r, 20));
    return replies.find((r) => r.id === id);
  };
  assert.match((await ask(1, "subscribe", { query: "tm.event='Vote'" })).error.data, "not served");
  assert.match((await ask(2, "subscribe", { query: "bogus" })).error.data, "invalid query");
  for (let i = 0; i < 5; i++) assert.equal((await ask(10 + i, "subscribe", { query: `tm.event='Tx' AND tx.height>${i}` })).result, {});
  assert.match((await ask(20, "subscribe", { query: "tm.event='NewBlock'" })).error.data, "max_subscriptions_per_client 5");
  assert.equal((await ask(21, "unsubscribe_all", {})).result, {});
  // Positional params, as over HTTP: the query first.
  assert.equal((await ask(23, "subscribe", ["tm.event='NewBlock'"])).result, {});
  assert.equal((await ask(24, "unsubscribe", ["tm.event='NewBlock'"])).result, {});
  assert.match((await ask(25, "subscribe", ["tm.event='NewBlock'", "extra"])).error.data, "expected 1 parameters");
  assert.match((await ask(22, "unsubscribe", { query: "tm.event='NewBlock'" })).error.data, "subscription not found");
  ws.send("{not json");
  await new Promise((r) => setTimeout(r, 100));
  assert.ok(replies.some((r) => r.error?.code === -32700));
  ws.close();
});

test("check_tx: the app's CheckTx without the mempool; REST's CometBFT and node services show the RPC's blocks and validators", async () => {
  const client = await signingClient(4, "direct");
  const me = devAddress(4);
  const signed = await client.sign(me, [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: me, toAddress: devAddress(8), amount: [{ denom: "basecro", amount: "5" }] } }],
    { amount: [{ denom: "basecro", amount: "5000" }], gas: "200000" }, "");
  const txBytes = Buffer.from(TxRaw.encode(signed).finish());
  const ok = (await rpcCall("check_tx", { tx: txBytes.toString("base64") })).json.result;
  assert.equal([ok.code, ok.gas_wanted, ok.codespace], [0, "200000", ""]);
  assert.ok(BigInt(ok.gas_used) > 0n);
  assert.is((await rpcCall("num_unconfirmed_txs")).json.result.n_txs, "0", "checked, not queued");
  const bad = (await rpcCall("check_tx", { tx: Buffer.from(txBytes.subarray(0, txBytes.length - 3)).toString("base64") })).json.result;
  assert.ok(bad.code !== 0, JSON.stringify(bad));
  assert.is(bad.codespace, "sdk");
  client.disconnect();

  const rest = async (path: string) => {
    const res = await fetch(`${node.url}${path}`);
    return { status: res.status, json: (await res.json()) as any };
  };
  const info = (await rest("/cosmos/base/tendermint/v1beta1/node_info")).json;
  assert.is(info.default_node_info.network, "chainmain-local");
  assert.is(info.application_version.cosmos_sdk_version, "v0.53.0");
  assert.equal((await rest("/cosmos/base/tendermint/v1beta1/syncing")).json, { syncing: false });
  const h = Number((await rpcCall("status")).json.result.sync_info.latest_block_height) - 1;
  const viaRpc = (await rpcCall("block", { height: `${h}` })).json.result;
  const viaRest = (await rest(`/cosmos/base/tendermint/v1beta1/blocks/${h}`)).json;
  const b64 = (hexText: string) => Buffer.from(hexText, "hex").toString("base64");
  assert.is(viaRest.block_id.hash, b64(viaRpc.block_id.hash));
  assert.is(viaRest.block.header.height, `${h}`);
  assert.is(viaRest.block.header.app_hash, b64(viaRpc.block.header.app_hash));
  assert.is(viaRest.block.header.last_block_id.hash, b64(viaRpc.block.header.last_block_id.hash));
  assert.is(viaRest.block.header.proposer_address, b64(viaRpc.block.header.proposer_address));
  assert.match(viaRest.sdk_block.header.proposer_address, /^crocnclcons1/);
  const latest = (await rest("/cosmos/base/tendermint/v1beta1/blocks/latest")).json;
  assert.ok(Number(latest.block.header.height) > h);
  const far = await rest("/cosmos/base/tendermint/v1beta1/blocks/99999999");
  assert.equal([far.status, far.json.code], [400, 3]);
  const set = (await rest("/cosmos/base/tendermint/v1beta1/validatorsets/latest")).json;
  const rpcSet = (await rpcCall("validators")).json.result;
  assert.is(set.validators.length, rpcSet.validators.length);
  assert.equal(set.validators.map((v: any) => v.pub_key.key), rpcSet.validators.map((v: any) => v.pub_key.value));
  assert.equal(set.validators.map((v: any) => v.voting_power), rpcSet.validators.map((v: any) => v.voting_power));
  assert.ok(set.validators.every((v: any) => v.address.startsWith("crocnclcons1") && v.pub_key["@type"] === "/cosmos.crypto.ed25519.PubKey"));
  assert.is((await rest(`/cosmos/base/tendermint/v1beta1/validatorsets/${h}`)).json.block_height, `${h}`);
  assert.equal((await rest("/cosmos/base/node/v1beta1/config")).json, {
    minimum_gas_price: "", pruning_keep_recent: "0", pruning_interval: "0", halt_height: "0",
  });
  // REST's validators carry the genesis descriptions and the consensus keys the RPC's set shows.
  const staking = (await rest("/cosmos/staking/v1beta1/validators")).json.validators;
  assert.equal(staking.map((v: any) => v.description.moniker), ["local-validator-1", "local-validator-2", "local-validator-3", "local-validator-4"]);
  assert.ok(staking.every((v: any) => v.consensus_pubkey["@type"] === "/cosmos.crypto.ed25519.PubKey"));
  assert.equal(staking.map((v: any) => v.consensus_pubkey.key).sort(), rpcSet.validators.map((v: any) => v.pub_key.value).sort());
  const infos = (await rest("/cosmos/slashing/v1beta1/signing_infos")).json;
  assert.is(infos.info.length, node.chain.directory.validatorIds().length);
  for (const v of set.validators) assert.ok(infos.info.some((i: any) => i.address === v.address), "a bonded validator's consensus address");
  const one = await rest(`/cosmos/slashing/v1beta1/signing_infos/${set.validators[0].address}`);
  assert.equal([one.status, one.json.val_signing_info.tombstoned], [200, false]);
  assert.is((await rest(`/cosmos/slashing/v1beta1/signing_infos/${devAddress(1)}`)).status, 400);
  assert.is((await rest("/cosmos/slashing/v1beta1/params")).json.params.signed_blocks_window, "100");
  const st = (await rest("/cosmos/base/node/v1beta1/status")).json;
  assert.ok(Number(st.height) > h);
  // The rewards pool is a ModuleAccount (the reference converted it), CosmJS reads it as one.
  const pool = (await rest("/cosmos/auth/v1beta1/accounts/cro1ag7qj65w7882kkn8nl7hnfvfqlemxwamd5g2pr")).json.account;
  assert.equal([pool["@type"], pool.name, pool.permissions], ["/cosmos.auth.v1beta1.ModuleAccount", "rewards_pool", []]);
  const stargate = await StargateClient.connect(rpc);
  assert.is((await stargate.getAccount("cro1ag7qj65w7882kkn8nl7hnfvfqlemxwamd5g2pr"))?.address, "cro1ag7qj65w7882kkn8nl7hnfvfqlemxwamd5g2pr");
  stargate.disconnect();
});

test("block_results: each block's BeginBlock events, x/mint's mint and the rewards pool's top-up, as CosmJS reads them", async () => {
  const height = Number((await rpcCall("status")).json.result.sync_info.latest_block_height);
  const bpy = BigInt(((await (await fetch(`${node.url}/cosmos/mint/v1beta1/params`)).json()) as any).params.blocks_per_year);
  const raw = (dec: string) => BigInt(dec.replace(".", ""));
  const comet = await Comet38Client.connect(rpc);
  let topUps = 0;
  for (let h = height - 3; h <= height; h++) {
    const r = (await rpcCall("block_results", { height: `${h}` })).json.result;
    const mint = r.finalize_block_events.find((e: any) => e.type === "mint");
    const a = Object.fromEntries(mint.attributes.map((x: any) => [x.key, x.value]));
    assert.equal(Object.keys(a), ["bonded_ratio", "inflation", "annual_provisions", "amount", "mode"]);
    assert.is(a.mode, "BeginBlock");
    // x/mint: block provision = TruncateInt(annual provisions QuoInt blocks per year).
    assert.is(BigInt(a.amount), raw(a.annual_provisions) / bpy / 10n ** 18n, `height ${h}`);
    assert.ok(raw(a.inflation) > 0n && raw(a.inflation) <= 10n ** 16n, a.inflation);
    assert.ok(raw(a.bonded_ratio) > 0n && raw(a.bonded_ratio) < 10n ** 18n, a.bonded_ratio);
    const top = r.finalize_block_events.find((e: any) => e.type === "chainmain.tieredrewards.v1.EventBaseRewardsTopUp");
    if (top) {
      topUps++;
      const coin = JSON.parse(top.attributes.find((x: any) => x.key === "top_up").value);
      assert.is(coin.denom, "basecro");
      assert.ok(BigInt(coin.amount) > 0n);
    }
    const viaCosmJs = await comet.blockResults(h);
    assert.ok(viaCosmJs.finalizeBlockEvents.some((e) => e.type === "mint"));
  }
  assert.ok(topUps > 0, "the default genesis's pool tops up the base rate");
  comet.disconnect();
});

test("JSON-RPC envelope: unknown method, bad JSON, bad params, the URI form, abci_query errors", async () => {
  const unknown = await rpcCall("nosuch");
  assert.equal([unknown.status, unknown.json.id, unknown.json.error.code], [200, 7, -32601]);
  const bad = await fetch(rpc, { method: "POST", body: "{not json" });
  assert.is(bad.status, 500);
  assert.is(((await bad.json()) as any).error.code, -32700);
  const number = await rpcCall("block", { height: 1 });
  assert.is(number.json.error.code, -32602, "int64 params are strings in JSON");
  const future = await rpcCall("block", { height: "999999999" });
  assert.match(future.json.error.data, "must be less than or equal to the current blockchain height");
  const notFound = await rpcCall("tx", { hash: Buffer.alloc(32, 1).toString("base64") });
  assert.match(notFound.json.error.data, /^tx \([0-9A-F]{64}\) not found$/);
  const uri = await fetch(`${rpc}/block?height=1`);
  assert.is(uri.status, 200);
  assert.is(((await uri.json()) as any).result.block.header.height, "1");
  assert.is((await fetch(`${rpc}/nosuch`)).status, 404);
  const batch = await fetch(rpc, { method: "POST", body: JSON.stringify([{ jsonrpc: "2.0", id: 1, method: "health" }, { jsonrpc: "2.0", id: 2, method: "nosuch" }]) });
  assert.equal(((await batch.json()) as any[]).map((r) => r.id), [1, 2]);
  const path = await rpcCall("abci_query", { path: "/no.such.Query/Thing", data: "" });
  assert.equal([path.json.result.response.code, path.json.result.response.log], [6, "unknown query path: unknown request"]);
  const tiers = await rpcCall("abci_query", { path: "/chainmain.tieredrewards.v1.Query/Tiers", data: "" });
  assert.is(tiers.json.result.response.code, 0);
  assert.ok(tiers.json.result.response.value.length > 0);
  const garbage = await rpcCall("abci_query", { path: "/cosmos.bank.v1beta1.Query/Balance", data: "ffffffff" });
  assert.is(garbage.json.result.response.code, 18);
});

test("positional params as CometBFT takes them: [] for status (interchainjs), each method's arguments in order, too many refused", async () => {
  // What interchainjs' createCosmosQueryClient sends for status (and every call without params).
  const status = await rpcCall("status", []);
  assert.is(status.json.result.node_info.network, "chainmain-local", JSON.stringify(status.json.error));
  assert.equal((await rpcCall("health", [])).json.result, {});
  const block = await rpcCall("block", ["1"]);
  assert.is(block.json.result.block.header.height, "1");
  assert.equal((await rpcCall("block", [])).json.result.block.header.height, (await rpcCall("block", {})).json.result.block.header.height);
  const blockchain = await rpcCall("blockchain", ["1", "2"]);
  assert.equal(blockchain.json.result.block_metas.map((m: any) => m.header.height), ["2", "1"]);
  const search = await rpcCall("tx_search", [`message.sender='${devAddress(5)}'`, false, "1", "1", "asc"]);
  assert.equal(search.json.result, (await rpcCall("tx_search", { query: `message.sender='${devAddress(5)}'`, page: "1", per_page: "1", order_by: "asc" })).json.result);
  const query = await rpcCall("abci_query", ["/chainmain.tieredrewards.v1.Query/Tiers", "", "0", false]);
  assert.is(query.json.result.response.code, 0);
  const tooMany = await rpcCall("status", ["x"]);
  assert.equal([tooMany.json.error.code, tooMany.json.error.data], [-32602, 'error converting json params to arguments: expected 0 parameters ([]), got 1']);
  const neither = await rpcCall("status", "x");
  assert.equal([neither.json.error.code, neither.json.error.data], [-32602, "params must be an object of named arguments or an array of positional ones"]);
});

test("interchain's RPC query client connects (status) and queries through abci_query", async () => {
  const client = await cosmos.ClientFactory.createRPCQueryClient({ rpcEndpoint: rpc });
  const balance = await client.cosmos.bank.v1beta1.balance({ address: devAddress(5), denom: "basecro" });
  assert.is(BigInt(balance.balance!.amount), await restBalance(5));
});

test("CosmJS subscribeTx with the README's query (tm.event='Tx' AND …: CosmJS adds tm.event='Tx' again) gets the tx", async () => {
  const comet = await connectComet(rpc.replace("http://", "ws://"));
  const me = devAddress(8);
  const got = new Promise<{ hash: Uint8Array; code: number }>((resolve, reject) => {
    const sub = comet.subscribeTx(`tm.event='Tx' AND message.sender='${me}'`).subscribe({
      next: (t) => {
        sub.unsubscribe();
        resolve({ hash: t.hash, code: t.result.code });
      },
      error: reject,
    });
  });
  const client = await signingClient(8, "direct");
  const sent = await client.sendTokens(me, devAddress(7), [{ denom: "basecro", amount: "2" }], "auto");
  const seen = await got;
  assert.is(Buffer.from(seen.hash).toString("hex").toUpperCase(), sent.transactionHash);
  assert.is(seen.code, 0);
  client.disconnect();
  comet.disconnect();
});

test("abci_query answers are kept per height only: a tier query sees the next block's state", async () => {
  const power = async () => {
    const r = (await rpcCall("abci_query", { path: "/chainmain.tieredrewards.v1.Query/TotalDelegatedVotingPower", data: "" })).json.result.response;
    return { height: BigInt(r.height), value: fromBinary(QueryTotalDelegatedVotingPowerResponseSchema, Buffer.from(r.value ?? "", "base64")).votingPower };
  };
  // Two asks within one block (150 ms blocks: retried when a block falls between them) answer alike.
  let before = await power();
  for (let i = 0; i < 20; i++) {
    const again = await power();
    if (again.height === before.height) {
      assert.equal(again, before, "the same answer at the same height");
      break;
    }
    before = again;
    assert.ok(i < 19, "two asks within one block");
  }
  const client = await signingClient(4, "amino");
  const me = devAddress(4);
  const lock = await client.signAndBroadcast(me, [{
    typeUrl: "/chainmain.tieredrewards.v1.MsgLockTier",
    value: { owner: me, id: 1, amount: "20000000000", validatorAddress: operatorOf(devAddress(1)), triggerExitImmediately: false },
  }], "auto");
  assert.is(lock.code, 0, lock.rawLog);
  client.disconnect();
  const after = await power();
  assert.ok(after.height > before.height);
  assert.ok(BigInt(after.value) > BigInt(before.value), `${after.value} > ${before.value}`);
});

test.run();
