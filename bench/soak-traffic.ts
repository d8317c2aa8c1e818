// The memory soak's traffic (bench/soak.ts): the REST and RPC paths it asks over and over, signed
// txs on a fixed schedule by REST amino, REST protobuf and the RPC's broadcast_tx_sync, undecodable
// txs, and WebSocket clients that connect, subscribe, see an event and leave, over and over.

import { setTimeout as sleep } from "node:timers/promises";
import { WebSocket } from "ws";
import { QueryBalanceRequest } from "cosmjs-types/cosmos/bank/v1beta1/query";
import { QueryValidatorsRequest } from "cosmjs-types/cosmos/staking/v1beta1/query";
import { devAddress } from "../host/app/genesis.js";
import { sendMsg, withdrawMsg } from "../test/helpers/dev-signer.js";
import type { ProtoSigner } from "../test/helpers/cosmjs.js";
import { loadPaths, type LoadChain } from "./load.js";

/** The REST paths: bench/load.ts's and the paginated and searching ones. */
export function restPaths(c: LoadChain, nextKey: string, txHeight: string): string[] {
  const [v0, v1] = c.validators;
  const sender = encodeURIComponent(`message.sender='${devAddress(5)}'`);
  return [
    ...loadPaths(c.validators),
    `/cosmos/tx/v1beta1/txs?query=${sender}&limit=10&order_by=ORDER_BY_DESC`,
    `/cosmos/tx/v1beta1/txs?query=${encodeURIComponent(`tx.height=${txHeight}`)}&limit=5`,
    `/cosmos/tx/v1beta1/txs/block/${txHeight}`,
    `/chainmain/tieredrewards/v1/positions?pagination.limit=10&pagination.key=${encodeURIComponent(nextKey)}`,
    "/chainmain/tieredrewards/v1/positions?pagination.offset=50&pagination.limit=25",
    "/cosmos/staking/v1beta1/validators?pagination.limit=1&pagination.count_total=true",
    `/cosmos/staking/v1beta1/validators/${v1 ?? v0}/delegations?pagination.limit=2`,
    "/chainmain/tieredrewards/v1/positions_by_tier/1",
    `/cosmos/distribution/v1beta1/validators/${v0}/outstanding_rewards`,
    "/cosmos/slashing/v1beta1/signing_infos",
    "/cosmos/gov/v1/proposals",
    `/cosmos/auth/v1beta1/accounts/${devAddress(6)}`,
    "/cosmos/base/tendermint/v1beta1/blocks/2",
    "/cosmos/base/tendermint/v1beta1/validatorsets/latest",
  ];
}

/** The RPC's URI-form paths. */
export function rpcPaths(txHeight: string): string[] {
  const q = (s: string) => encodeURIComponent(JSON.stringify(s));
  const balance = Buffer.from(QueryBalanceRequest.encode({ address: devAddress(5), denom: "basecro" }).finish()).toString("hex");
  const validators = Buffer.from(QueryValidatorsRequest.encode({ status: "BOND_STATUS_BONDED" }).finish()).toString("hex");
  return [
    "/status",
    `/abci_query?path=${q("/cosmos.bank.v1beta1.Query/Balance")}&data=0x${balance}`,
    `/abci_query?path=${q("/chainmain.tieredrewards.v1.Query/Tiers")}`,
    `/abci_query?path=${q("/cosmos.staking.v1beta1.Query/Validators")}&data=0x${validators}`,
    `/tx_search?query=${q(`message.sender='${devAddress(6)}'`)}&per_page=10&order_by=${q("desc")}`,
    `/tx_search?query=${q(`tx.height=${txHeight}`)}`,
    "/block",
    "/block_results",
    `/block?height=${txHeight}`,
    "/blockchain",
    "/validators",
    "/num_unconfirmed_txs",
    "/abci_info",
  ];
}

/** Counters the load's parts keep. */
export interface Tally {
  txSent: number; txAccepted: number; txRefused: number; firstTxProblem?: string; hashes: string[];
  junkSent: number; junkAnswered: number;
  wsConnects: number; wsEvents: number; wsFailures: number;
}

/**
 * Signed txs, `txPerSec` in all on a fixed schedule, one lane per key, each tx after its lane's last
 * answer: lane 0 amino JSON to POST /txs, lane 1 protobuf to POST /cosmos/tx/v1beta1/txs, lanes 2
 * and 3 protobuf to the RPC's broadcast_tx_sync. Every 7th tx of a lane withdraws rewards.
 */
export async function txLanes(c: LoadChain, proto: ProtoSigner[], url: string, rpc: string, txPerSec: number, done: () => boolean, tally: Tally): Promise<void> {
  const t0 = performance.now();
  const lanes = c.signers.length;
  const lane = async (i: number) => {
    const me = c.signers[i]!.address;
    const to = c.signers[(i + 1) % lanes]!.address;
    for (let k = i, n = 0; !done(); k += lanes, n++) {
      const wait = t0 + (k * 1000) / txPerSec - performance.now();
      if (wait > 0) await sleep(wait);
      if (done()) return;
      const withdraw = n % 7 === 6;
      const a = c.accounts[i]!;
      let reply: { code?: number; hash?: string; problem?: string };
      try {
        if (i === 0) {
          const body = await c.nextSigned(i, [withdraw ? withdrawMsg(me, c.validators[0]!) : sendMsg(me, to, 1n)]);
          const r = (await (await fetch(`${url}/txs`, { method: "POST", body: JSON.stringify(body) })).json()) as any;
          reply = { code: r.tx_response?.code, hash: r.tx_response?.txhash, problem: JSON.stringify(r).slice(0, 200) };
        } else {
          const msg = withdraw
            ? { typeUrl: "/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward", value: { delegatorAddress: me, validatorAddress: c.validators[0]! } }
            : { typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: me, toAddress: to, amount: [{ denom: "basecro", amount: "1" }] } };
          const bytes = await proto[i]!.sign([msg], { chainId: c.chainId, accountNumber: a.accountNumber, sequence: a.sequence });
          a.sequence += 1n;
          const b64 = Buffer.from(bytes).toString("base64");
          if (i === 1) {
            const r = (await (await fetch(`${url}/cosmos/tx/v1beta1/txs`, { method: "POST", body: JSON.stringify({ tx_bytes: b64, mode: "BROADCAST_MODE_SYNC" }) })).json()) as any;
            reply = { code: r.tx_response?.code, hash: r.tx_response?.txhash, problem: JSON.stringify(r).slice(0, 200) };
          } else {
            const r = (await (await fetch(rpc, { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: k, method: "broadcast_tx_sync", params: { tx: b64 } }) })).json()) as any;
            reply = { code: r.result?.code, hash: r.result?.hash, problem: JSON.stringify(r).slice(0, 200) };
          }
        }
      } catch (e) {
        reply = { problem: String(e) };
      }
      tally.txSent++;
      if (reply.code === 0 && reply.hash) {
        tally.txAccepted++;
        tally.hashes.push(reply.hash);
      } else {
        tally.txRefused++;
        tally.firstTxProblem ??= reply.problem;
        a.sequence -= 1n; // a refused tx takes no sequence
      }
    }
  };
  await Promise.all(c.signers.map((_, i) => lane(i)));
}

/** Undecodable tx bytes to REST and RPC every 2 s: each must be answered with a refusal. */
export async function junkLane(url: string, rpc: string, done: () => boolean, tally: Tally): Promise<void> {
  for (let k = 0; !done(); k++) {
    const junk = Buffer.from(Array.from({ length: 40 + (k % 50) }, (_, j) => (j * 37 + k) & 0xff)).toString("base64");
    try {
      const a = (await (await fetch(`${url}/cosmos/tx/v1beta1/txs`, { method: "POST", body: JSON.stringify({ tx_bytes: junk, mode: "BROADCAST_MODE_SYNC" }) })).json()) as any;
      const b = (await (await fetch(rpc, { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: k, method: "broadcast_tx_sync", params: { tx: junk } }) })).json()) as any;
      tally.junkSent += 2;
      if ((a.tx_response?.code ?? a.code) !== 0) tally.junkAnswered++;
      if (b.error || b.result?.code !== 0) tally.junkAnswered++;
    } catch {
      tally.junkSent += 2;
    }
    await sleep(2000);
  }
}

const WS_QUERIES = ["tm.event='NewBlock'", "tm.event='Tx'", `tm.event='Tx' AND message.sender='${devAddress(5)}'`, "tm.event='NewBlockHeader'"];

/** A client that connects, subscribes, asks `status`, waits for an event (3 s at most) and leaves, over and over. */
export async function wsChurn(wsUrl: string, id: number, done: () => boolean, tally: Tally): Promise<void> {
  for (let n = 0; !done(); n++) {
    const ws = new WebSocket(wsUrl);
    const closed = new Promise<void>((r) => ws.once("close", () => r()));
    try {
      await new Promise<void>((resolve, reject) => {
        ws.once("open", () => resolve());
        ws.once("error", reject);
      });
      tally.wsConnects++;
      const event = new Promise<void>((resolve) => {
        ws.on("message", (d) => {
          if ((JSON.parse(String(d)) as any).result?.data) {
            tally.wsEvents++;
            resolve();
          }
        });
      });
      ws.send(JSON.stringify({ jsonrpc: "2.0", id: n, method: "subscribe", params: { query: WS_QUERIES[(id + n) % WS_QUERIES.length] } }));
      ws.send(JSON.stringify({ jsonrpc: "2.0", id: -n, method: "status", params: {} }));
      await Promise.race([event, sleep(3000)]);
    } catch {
      tally.wsFailures++;
    }
    if (n % 2 === 0) ws.close();
    else ws.terminate();
    await Promise.race([closed, sleep(2000)]);
    await sleep(100);
  }
}
