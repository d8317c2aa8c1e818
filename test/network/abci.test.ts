// The node as a CometBFT application (host/abci/): a real CometBFT v0.38.22 (npm run cometbft)
// drives the node over ABCI 2.0 on loopback, one validator whose key is the node's consensus key.
// Blocks are made; CosmJS signs and sends through CometBFT's own RPC (fee "auto": simulate through
// CometBFT's abci_query into the node's query router); the node's REST sees the result; CometBFT's
// headers carry the node's state hashes; stopped and restarted, CometBFT's handshake finds the
// app at its height and the chain goes on.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DirectSecp256k1Wallet } from "@cosmjs/proto-signing";
import { GasPrice, SigningStargateClient } from "@cosmjs/stargate";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { GOV_MODULE_ADDRESS, defaultGenesisJson, devAddress, devPrivateKey, mergeJson, type Json } from "../../host/app/genesis.js";
import { run, type RunningNode } from "../../host/main.js";
import { loadCore } from "../../host/core/core.js";
import { COMETBFT, genesisValidators, writeCometHome } from "../../host/cometbft/home.js";
import { chainRegistry } from "../helpers/cosmjs.js";
import { cli } from "../helpers/cli.js";
import { wasm } from "../helpers/node.js";
import { freePort } from "../helpers/ports.js";

const dir = await mkdtemp(join(tmpdir(), "abci-"));
const [abciPort, rpcPort, p2pPort] = [await freePort(), await freePort(), await freePort()];
const rpc = `http://127.0.0.1:${rpcPort}`;

// The default genesis with its first validator (gentx) only: one CometBFT validator has all the power.
const base = defaultGenesisJson() as { app_state: { genutil: { gen_txs: { body: { messages: { validator_address: string }[] } }[] } } };
const gentx = base.app_state.genutil.gen_txs[0]!;
const validator = { operator_address: gentx.body.messages[0]!.validator_address };
const genesis = mergeJson(base as unknown as Json, { app_state: { genutil: { gen_txs: [gentx] } } } as unknown as Json);
const genesisFile = join(dir, "genesis.json");
await writeFile(genesisFile, JSON.stringify(genesis));
const home = join(dir, "cometbft");
const core = await loadCore(wasm);
await writeCometHome(home, {
  genesis, operator: validator.operator_address, validators: genesisValidators(await loadCore(wasm), genesis), // a core of its own
  abci: `tcp://127.0.0.1:${abciPort}`, rpcPort, p2pPort, blockInterval: "200ms",
});

const startApp = async (): Promise<RunningNode> => {
  const started = await run(
    ["--port", "0", "--abci", `tcp://127.0.0.1:${abciPort}`, "--comet-rpc", rpc, "--genesis", genesisFile, "--db", join(dir, "app.db")], {}, { out: () => {}, err: () => {} }, { core },
  );
  if (typeof started === "number") throw new Error(`node exited ${started}`);
  return started;
};
const log: string[] = [];
const startComet = (): ChildProcess => {
  const child = spawn(COMETBFT, ["start", "--home", home], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (d: Buffer) => log.push(d.toString()));
  child.stderr!.on("data", (d: Buffer) => log.push(d.toString()));
  return child;
};
const stopComet = (c: ChildProcess) => new Promise<void>((resolve) => {
  if (c.exitCode !== null) return resolve();
  c.once("exit", () => resolve());
  c.kill("SIGTERM");
});
const status = async () => ((await (await fetch(`${rpc}/status`)).json()) as any).result.sync_info;
const waitHeight = async (h: number) => {
  const until = Date.now() + 60_000;
  for (;;) {
    try {
      if (Number((await status()).latest_block_height) >= h) return;
    } catch { /* not up yet */ }
    if (Date.now() > until) throw new Error(`CometBFT not at height ${h} within 60 s:\n${log.slice(-20).join("")}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

let app = await startApp();
let comet = startComet();
test.after(async () => {
  await stopComet(comet);
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

test("CometBFT makes blocks with the node as its app; CosmJS sends through CometBFT's RPC; the node's state follows", async () => {
  await waitHeight(3);
  const wallet = await DirectSecp256k1Wallet.fromKey(devPrivateKey(5), "cro");
  const client = await SigningStargateClient.connectWithSigner(rpc, wallet, {
    registry: chainRegistry(), gasPrice: GasPrice.fromString("0.025basecro"), broadcastPollIntervalMs: 100,
  });
  const before = BigInt((await client.getBalance(devAddress(6), "basecro")).amount);
  const sent = await client.sendTokens(devAddress(5), devAddress(6), [{ denom: "basecro", amount: "777" }], "auto");
  assert.is(sent.code, 0, sent.rawLog);
  const rest = (await (await fetch(`${app.url}/cosmos/bank/v1beta1/balances/${devAddress(6)}/by_denom?denom=basecro`)).json()) as any;
  assert.is(BigInt(rest.balance.amount), before + 777n, "the node's REST");
  // Two txs of one signer sent back to back (sequences n and n + 1): CheckTx takes both (its
  // check state counts the first), and both land.
  const acct = (await client.getAccount(devAddress(5)))!;
  const signed = await Promise.all([0, 1].map((i) => client.sign(devAddress(5), [{
    typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: devAddress(5), toAddress: devAddress(6), amount: [{ denom: "basecro", amount: "1" }] },
  }], { amount: [{ denom: "basecro", amount: "5000" }], gas: "200000" }, "", { accountNumber: acct.accountNumber, sequence: acct.sequence + i, chainId: "chainmain-local" })));
  const hashes = [];
  for (const tx of signed) hashes.push(await client.broadcastTxSync(TxRaw.encode(tx).finish()));
  for (const h of hashes) {
    let found = null;
    for (let i = 0; i < 100 && !found; i++) {
      found = await client.getTx(h);
      if (!found) await new Promise((r) => setTimeout(r, 100));
    }
    assert.is(found?.code, 0, `both land: ${found?.rawLog}`);
  }
  // Keplr's sendTx body to the node's REST: forwarded to CometBFT's mempool, and it lands.
  const acct2 = (await client.getAccount(devAddress(5)))!;
  const keplr = await client.sign(devAddress(5), [{
    typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: devAddress(5), toAddress: devAddress(6), amount: [{ denom: "basecro", amount: "2" }] },
  }], { amount: [{ denom: "basecro", amount: "5000" }], gas: "200000" }, "", { accountNumber: acct2.accountNumber, sequence: acct2.sequence, chainId: "chainmain-local" });
  const posted = (await (await fetch(`${app.url}/cosmos/tx/v1beta1/txs`, {
    method: "POST", body: JSON.stringify({ tx_bytes: Buffer.from(TxRaw.encode(keplr).finish()).toString("base64"), mode: "BROADCAST_MODE_SYNC" }),
  })).json()) as any;
  assert.is(posted.tx_response.code, 0, posted.tx_response.raw_log);
  let landed = null;
  for (let i = 0; i < 100 && !landed; i++) {
    landed = await client.getTx(posted.tx_response.txhash);
    if (!landed) await new Promise((r) => setTimeout(r, 100));
  }
  assert.is(landed?.code, 0, "the REST-broadcast tx is in a CometBFT block");
  const legacy = await fetch(`${app.url}/txs`, { method: "POST", body: JSON.stringify({ tx: {}, mode: "sync" }) });
  assert.is(legacy.status, 400, "a legacy amino StdTx: refused with the way to send instead");
  client.disconnect();
  // CometBFT's header of block h carries the node's state hash after block h - 1.
  const h = Number((await status()).latest_block_height);
  const header = ((await (await fetch(`${rpc}/block?height=${h}`)).json()) as any).result.block.header;
  assert.is(header.app_hash, app.chain.blockTxs(BigInt(h - 1))!.appHash.toUpperCase());
  // REST's CometBFT service (blocks, node info) is CometBFT's own under --abci.
  const restBlock = (await (await fetch(`${app.url}/cosmos/base/tendermint/v1beta1/blocks/${h}`)).json()) as any;
  assert.is(restBlock.block.header.app_hash, Buffer.from(header.app_hash, "hex").toString("base64"));
  const info = (await (await fetch(`${app.url}/cosmos/base/tendermint/v1beta1/node_info`)).json()) as any;
  assert.is(info.default_node_info.version, "0.38.22", "CometBFT's node info");
});

test("npm run gov against the node under CometBFT: a proposal submitted and voted on from the command line", async () => {
  const file = join(dir, "proposal.json");
  await writeFile(file, JSON.stringify({
    messages: [{ type: "chainmain/MsgAddTier", value: { authority: GOV_MODULE_ADDRESS, tier: { id: 4, exit_duration: "15768000s", bonus_apy: "0.05", min_lock_amount: "10000000000" } } }],
    deposit: "10000", title: "A 6-month tier", summary: "5 % bonus",
  }));
  const gov = (...args: string[]) => cli("gov", ...args, "--node", app.url);
  const submitted = await gov("submit", file, "--key", "5", "--wait");
  assert.is(submitted.code, 0, submitted.stderr + submitted.stdout);
  assert.is(JSON.parse(submitted.stdout).proposal_id, "1");
  const voted = await gov("vote", "1", "yes", "--key", "1", "--wait");
  assert.is(voted.code, 0, voted.stderr + voted.stdout);
  const tally = JSON.parse((await gov("tally", "1")).stdout).tally;
  assert.ok(BigInt(tally.yes_count) > 0n, JSON.stringify(tally));
});

test("stopped and restarted: CometBFT's handshake finds the app at its height, and the chain goes on", async () => {
  await stopComet(comet);
  const height = app.chain.latest.height;
  await app.close();
  app = await startApp();
  assert.is(app.chain.latest.height, height, "the app reopened at its last block");
  comet = startComet();
  await waitHeight(Number(height) + 3);
  assert.ok(log.join("").includes("Completed ABCI Handshake"), "CometBFT's handshake");
  assert.ok(app.chain.latest.height >= height + 3n);
});

test.run();
