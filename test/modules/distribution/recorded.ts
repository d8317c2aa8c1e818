// x/distribution's user messages held to the reference chain's recording
// test/reference-chain/distribution-bank-gov (rows 20–31): a node on that recording's genesis.json,
// dev keys brought to the sequences and (dev 5) the balance they had there, then each row signed
// again by CosmJS (SIGN_MODE_DIRECT, or LEGACY_AMINO_JSON with CosmJS's own converters) with the
// recorded fee and gas, delivered, and compared with the chain.

import * as assert from "uvu/assert";
import type { EncodeObject } from "@cosmjs/proto-signing";
import { MsgDelegate } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import {
  MsgDepositValidatorRewardsPool, MsgFundCommunityPool, MsgSetWithdrawAddress, MsgWithdrawDelegatorReward,
} from "cosmjs-types/cosmos/distribution/v1beta1/tx";
import { committedTx, type TestNode } from "../../helpers/node.js";
import { devSigner, sendMsg } from "../../helpers/dev-signer.js";
import { keplrBody, protoSigner, type ProtoSigner } from "../../helpers/cosmjs.js";
import { DirectSecp256k1Wallet } from "@cosmjs/proto-signing";
import { Secp256k1Wallet } from "@cosmjs/amino";
import { SigningStargateClient } from "@cosmjs/stargate";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { devPrivateKey } from "../../../host/app/genesis.js";
import { aminoTypes, registry } from "../../../scripts/reference-chain/lib/msgs.js";
import { readReference } from "../../helpers/reference-chain.js";
import type { Outcome, WorkloadRow } from "../../helpers/reference-workload.js";

export const DIR = "distribution-bank-gov";
const results = readReference(`${DIR}/workload-results.json`).results as any[];
const txs = readReference(`${DIR}/txs-and-blocks.json`).txs as any[];

const camel = (v: any): any =>
  Array.isArray(v) ? v.map(camel)
    : v !== null && typeof v === "object" ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k.replace(/_([a-z])/g, (_, c) => c.toUpperCase()), camel(x)]))
      : v;

const TYPES: Record<string, { fromJSON(o: any): any }> = {
  "/cosmos.staking.v1beta1.MsgDelegate": MsgDelegate,
  "/cosmos.distribution.v1beta1.MsgSetWithdrawAddress": MsgSetWithdrawAddress,
  "/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward": MsgWithdrawDelegatorReward,
  "/cosmos.distribution.v1beta1.MsgFundCommunityPool": MsgFundCommunityPool,
  "/cosmos.distribution.v1beta1.MsgDepositValidatorRewardsPool": MsgDepositValidatorRewardsPool,
};

function encodeObject(m: any): EncodeObject {
  const { ["@type"]: typeUrl, ...rest } = m;
  const t = TYPES[typeUrl];
  if (t === undefined) throw new Error(`no encoder for ${typeUrl}`);
  return { typeUrl, value: t.fromJSON(camel(rest)) };
}

export interface Row {
  n: number;
  label: string;
  signer: number;
  mode: "direct" | "amino";
  chain: Outcome;
  t: any;
  queries: { path: string; status: number; body: unknown }[];
}

/** Rows (1-based) as recorded: the chain's outcome and the tx that reached the block. */
export function recordedRows(ns: number[]): Row[] {
  return ns.map((n) => {
    const r = results[n - 1];
    const t = txs.find((x) => x.hash === r.hash);
    const chain: Outcome = {
      stage: "deliver", code: r.deliver.code, codespace: r.deliver.codespace ?? "", log: r.deliver.log ?? "",
      gasWanted: BigInt(r.deliver.gas_wanted), gasUsed: BigInt(r.deliver.gas_used), events: t.tx_result.events, data: t.tx_result.data ?? "",
    };
    return {
      n, label: r.label as string, signer: Number(String(r.signer).replace("dev", "")), mode: r.mode === "amino-json" ? "amino" as const : "direct" as const,
      chain, t, queries: r.queries ?? [],
    };
  });
}

/** Dev key n brought to `sequence` (self-sends), then to `balance` (the excess burnt) if given. */
export async function bring(node: TestNode, n: number, sequence: bigint, balance?: bigint): Promise<void> {
  const s = await devSigner(n);
  const acct = () => node.chain.directory.account(s.address)!;
  while (acct().sequence < sequence - 1n) await committedTx(node, n, [sendMsg(s.address, s.address, 1n)], { advance: "chain" });
  const id = node.chain.directory.accountId(s.address)!;
  const excess = balance === undefined ? 100_000_000n : node.chain.ledger.balance(id) - 5000n - balance;
  await committedTx(node, n, [sendMsg(s.address, "cro1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqtcgxmv", excess)], { advance: "chain" });
  assert.is(acct().sequence, sequence);
  if (balance !== undefined) assert.is(node.chain.ledger.balance(id), balance);
}

/** One row signed by CosmJS with the recorded fee, broadcast as Keplr does, delivered in the next block. */
export async function deliver(node: TestNode, r: Row, before?: () => void): Promise<WorkloadRow> {
  const body = r.t.rest_get_tx.tx;
  const deposit = body.body.messages.some((m: any) => m["@type"] === "/cosmos.distribution.v1beta1.MsgDepositValidatorRewardsPool");
  const signer = deposit ? await recordingSigner(r.signer, r.mode) : await protoSigner(r.signer, r.mode);
  const account = node.chain.directory.account(signer.address)!;
  const bytes = await signer.sign(body.body.messages.map(encodeObject), {
    chainId: node.chain.chainId, accountNumber: account.accountNumber, sequence: account.sequence,
    fee: { amount: body.auth_info.fee.amount, gas: body.auth_info.fee.gas_limit }, memo: body.body.memo,
  });
  before?.();
  const sent = (await node.post("/cosmos/tx/v1beta1/txs", keplrBody(bytes))).json.tx_response;
  let got: Outcome;
  if (sent.code !== 0) {
    got = { stage: "check", code: sent.code, codespace: sent.codespace ?? "", log: sent.raw_log ?? "" };
  } else {
    await node.chain.advance(1n);
    const t = (await node.get(`/cosmos/tx/v1beta1/txs/${sent.txhash}`)).json.tx_response;
    got = { stage: "deliver", code: t.code, codespace: t.codespace ?? "", log: t.raw_log ?? "", gasWanted: BigInt(t.gas_wanted), gasUsed: BigInt(t.gas_used), events: t.events, data: t.data };
  }
  return { n: r.n, label: r.label, signer: r.signer, mode: r.mode, chain: r.chain, node: got };
}

/**
 * CosmJS with the recording's own registry and amino converters (scripts/reference-chain/lib/msgs.ts):
 * CosmJS's defaults have no MsgDepositValidatorRewardsPool (nor `cosmos-sdk/distr/MsgDepositValRewards`).
 */
async function recordingSigner(n: number, mode: "direct" | "amino"): Promise<ProtoSigner> {
  const wallet = mode === "direct" ? await DirectSecp256k1Wallet.fromKey(devPrivateKey(n), "cro") : await Secp256k1Wallet.fromKey(devPrivateKey(n), "cro");
  const [account] = await wallet.getAccounts();
  const client = await SigningStargateClient.offline(wallet, { registry: registry(), aminoTypes: aminoTypes() });
  return {
    address: account!.address,
    async sign(messages, o) {
      const raw = await client.sign(account!.address, messages, o.fee!, o.memo ?? "", {
        accountNumber: o.accountNumber, sequence: Number(o.sequence), chainId: o.chainId,
      });
      return TxRaw.encode(raw).finish();
    },
  };
}
