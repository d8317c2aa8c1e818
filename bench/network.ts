// `npm run bench -- network`: signed-tx throughput and commit-to-commit time of a 4-validator
// CometBFT network of this node (host/cometbft/testnet.ts, 1 s blocks) against the single-process node
// (its own real clock, 1 s blocks), in the same run. The same CosmJS-signed protobuf txs (keys 5-8,
// consecutive sequences) go to each one's CometBFT RPC with broadcast_tx_sync; the figure is txs
// over the time from the first send to the block that holds the last.

import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DirectSecp256k1Wallet } from "@cosmjs/proto-signing";
import { SigningStargateClient } from "@cosmjs/stargate";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { devAddress, devPrivateKey } from "../host/app/genesis.js";
import { startTestnet, cometStatus } from "../host/cometbft/testnet.js";
import { chainRegistry } from "../test/helpers/cosmjs.js";
import { loadAverage, median, progressOf } from "./stats.js";

const TXS_PER_KEY = 150;
const KEYS = [5, 6, 7, 8];
const progress = progressOf("network");
const MAIN = fileURLToPath(new URL("../host/main.ts", import.meta.url));

/** TxRaw bytes of MsgSends, per key with consecutive sequences from the account's current one. */
async function signTxs(rpc: string, chainId: string): Promise<Uint8Array[][]> {
  const out: Uint8Array[][] = [];
  for (const k of KEYS) {
    const wallet = await DirectSecp256k1Wallet.fromKey(devPrivateKey(k), "cro");
    const client = await SigningStargateClient.connectWithSigner(rpc, wallet, { registry: chainRegistry() });
    const acct = await client.getAccount(devAddress(k));
    const txs: Uint8Array[] = [];
    for (let i = 0; i < TXS_PER_KEY; i++) {
      const raw = await client.sign(devAddress(k), [{
        typeUrl: "/cosmos.bank.v1beta1.MsgSend",
        value: { fromAddress: devAddress(k), toAddress: devAddress(1), amount: [{ denom: "basecro", amount: "1" }] },
      }], { amount: [{ denom: "basecro", amount: "5000" }], gas: "200000" }, "", {
        accountNumber: acct!.accountNumber, sequence: acct!.sequence + i, chainId,
      });
      txs.push(TxRaw.encode(raw).finish());
    }
    client.disconnect();
    out.push(txs);
  }
  return out;
}

async function rpcCall(rpc: string, method: string, params: Record<string, unknown>): Promise<any> {
  const r = await fetch(rpc, { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  const body = (await r.json()) as any;
  return body.result ?? { error: body.error };
}

/** Send every tx (the keys in parallel, each key's in order); seconds to the block with the last. */
async function throughput(rpc: string, txs: Uint8Array[][]): Promise<{ seconds: number; committed: number }> {
  const started = performance.now();
  const hashes = await Promise.all(txs.map(async (list) => {
    let last = "";
    for (const tx of list) {
      const r = await rpcCall(rpc, "broadcast_tx_sync", { tx: Buffer.from(tx).toString("base64") });
      if (r?.code !== 0) throw new Error(`broadcast refused: ${JSON.stringify(r)}`);
      last = r.hash;
    }
    return last;
  }));
  for (;;) {
    const found = await Promise.all(hashes.map((h) => rpcCall(rpc, "tx", { hash: Buffer.from(h, "hex").toString("base64") }).catch(() => undefined)));
    if (found.every((f) => f?.height)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { seconds: (performance.now() - started) / 1000, committed: txs.flat().length };
}

/** Median interval (ms) between the last `n` blocks' times. */
async function blockInterval(rpc: string, n = 20): Promise<number> {
  const top = (await cometStatus(rpc))!.height;
  const times: number[] = [];
  for (let h = top - BigInt(n) > 1n ? top - BigInt(n) : 2n; h <= top; h++) {
    const r = await rpcCall(rpc, "block", { height: `${h}` });
    if (!r?.block) throw new Error(`${rpc} block ${h}: ${JSON.stringify(r)}`);
    times.push(Date.parse(r.block.header.time as string));
  }
  return median(times.slice(1).map((t, i) => t - times[i]!));
}

export async function networkMain(): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), "bench-network-"));
  let single: ChildProcess | undefined;
  const net = await startTestnet({ validators: 4, dir: join(dir, "net"), basePort: 20_000 + Math.floor(Math.random() * 1_200) * 10, blockInterval: "1s" });
  try {
    const rpc = net.nodes[0]!.rpc;
    progress("4-validator network starting");
    while (((await cometStatus(rpc))?.height ?? 0n) < 3n) await new Promise((r) => setTimeout(r, 200));
    const txs = await signTxs(rpc, "chainmain-local");
    progress(`network: ${txs.flat().length} txs (load ${loadAverage()})`);
    const n = await throughput(rpc, txs);
    const nInterval = await blockInterval(rpc);

    const port = 19_000 + Math.floor(Math.random() * 900);
    single = spawn(process.execPath, ["--import", "tsx", MAIN, "--port", `${port}`, "--rpc-port", `${port + 1}`, "--block-time", "1s", "--db", join(dir, "single.db")], { stdio: "ignore" });
    const srpc = `http://127.0.0.1:${port + 1}`;
    while (((await cometStatus(srpc))?.height ?? 0n) < 3n) await new Promise((r) => setTimeout(r, 200));
    const stxs = await signTxs(srpc, "chainmain-local");
    progress(`single node: ${stxs.flat().length} txs (load ${loadAverage()})`);
    const s = await throughput(srpc, stxs);
    const sInterval = await blockInterval(srpc);

    console.log(`network of this node under CometBFT v0.38.22 vs the single-process node (1 s blocks; load ${loadAverage()})`);
    console.log(`  4 validators: ${n.committed} signed txs in ${n.seconds.toFixed(1)} s = ${(n.committed / n.seconds).toFixed(0)} tx/s; commit-to-commit median ${nInterval} ms`);
    console.log(`  single node : ${s.committed} signed txs in ${s.seconds.toFixed(1)} s = ${(s.committed / s.seconds).toFixed(0)} tx/s; commit-to-commit median ${sInterval} ms`);
    console.log(`  ratio network / single: ${((n.committed / n.seconds) / (s.committed / s.seconds)).toFixed(2)}x`);
    return 0;
  } finally {
    single?.kill("SIGTERM");
    await net.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
