// The reference chain's recorded workload (test/reference-chain/README.md's table) replayed on a
// node started on the chain's own genesis.json: every tx signed again by CosmJS with the same dev
// key, sign mode, fee, gas limit and memo (fee "auto" by CosmJS's rule), sent when the recorded
// chain was at the same height, and what the node answered beside what the chain answered.

import { GasPrice, calculateFee, type StdFee } from "@cosmjs/stargate";
import { encodePubkey, type Registry } from "@cosmjs/proto-signing";
import { encodeSecp256k1Pubkey } from "@cosmjs/amino";
import { Secp256k1 } from "@cosmjs/crypto";
import { Tx, TxBody, AuthInfo, Fee } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { toBase64 } from "@cosmjs/encoding";
import { devPrivateKey } from "../../host/app/genesis.js";
import type { TestNode } from "./node.js";
import { chainRegistry, keplrBody, protoSigner } from "./cosmjs.js";
import { encodeObjectOf, readReference } from "./reference-chain.js";

export const SECOND = 1_000_000_000n;

export interface RecordedEvent {
  type: string;
  attributes: { key: string; value: string; index?: boolean }[];
}

/** What a tx got: refused at CheckTx (its code and log), or its block's result. */
export interface Outcome {
  stage: "check" | "deliver";
  code: number;
  codespace: string;
  log: string;
  gasWanted?: bigint;
  gasUsed?: bigint;
  events?: RecordedEvent[];
  /** The tx's response data (base64), delivered txs only. */
  data?: string;
}

export interface WorkloadRow {
  n: number;
  label: string;
  /** Dev key N, or a key the workload made (`sha256("reference-chain workload key NAME")`). */
  signer: number | string;
  mode: "direct" | "amino";
  chain: Outcome;
  node: Outcome;
}

interface Sendable {
  messages: any[];
  fee: StdFee;
  memo: string;
  /** The sequence the tx declares, relative to the account's (the wrong-sequence row: +5). */
  sequenceOffset: number;
  height: number;
}

const registry: Registry = chainRegistry();

/**
 * The txs CheckTx refused on the chain are not in its blocks: rebuilt from the README's table
 * (a MsgSend of 1 CRO each) with what made them fail: the fee, the sequence, the memo.
 */
function refusedTx(label: string, signer: string, height: number): Sendable {
  const send = { "@type": "/cosmos.bank.v1beta1.MsgSend", from_address: signer, to_address: signer, amount: [{ denom: "basecro", amount: "100000000" }] };
  const fee = { amount: [{ denom: "basecro", amount: "20000" }], gas: "800000" };
  if (label.includes("insufficient-fee-funds")) {
    return { messages: [send], fee: { ...fee, amount: [{ denom: "basecro", amount: "100000000000000000000" }] }, memo: "", sequenceOffset: 0, height };
  }
  if (label.includes("wrong-sequence")) return { messages: [send], fee, memo: "", sequenceOffset: 5, height };
  if (label.includes("memo")) return { messages: [send], fee, memo: "m".repeat(300), sequenceOffset: 0, height };
  throw new Error(`no rebuilt tx for ${label}`);
}

/** CosmJS's `fee: "auto"`: simulate the unsigned tx, ceil(gas x 1.4), 0.025basecro a unit. */
async function autoFee(node: TestNode, n: number, mode: "direct" | "amino", tx: Sendable): Promise<StdFee> {
  const pubkey = encodeSecp256k1Pubkey(Secp256k1.compressPubkey((await Secp256k1.makeKeypair(devPrivateKey(n))).pubkey));
  const account = node.chain.directory.account((await protoSigner(n, mode)).address)!;
  const simulated = Tx.fromPartial({
    authInfo: AuthInfo.fromPartial({
      fee: Fee.fromPartial({}),
      signerInfos: [{ publicKey: encodePubkey(pubkey), sequence: account.sequence, modeInfo: { single: { mode: SignMode.SIGN_MODE_UNSPECIFIED } } }],
    }),
    body: TxBody.fromPartial({ messages: tx.messages.map((m) => registry.encodeAsAny(encodeObjectOf(m))), memo: tx.memo }),
    signatures: [new Uint8Array()],
  });
  const r = await node.post("/cosmos/tx/v1beta1/simulate", { tx_bytes: toBase64(Tx.encode(simulated).finish()) });
  if (r.status !== 200) throw new Error(`simulate: ${JSON.stringify(r.json)}`);
  const fee = calculateFee(Math.ceil(Number(r.json.gas_info.gas_used) * 1.4), GasPrice.fromString("0.025basecro"));
  return { amount: [...fee.amount], gas: fee.gas };
}

/** A recorded row's outcome (workload-results.json): CheckTx's refusal, or its block's result. */
export const outcomeOf = (chain: any): Outcome => chain.deliver?.code !== undefined && chain.deliver.code !== null
  ? {
    stage: "deliver", code: chain.deliver.code, codespace: chain.deliver.codespace ?? "", log: chain.deliver.log ?? "",
    gasWanted: BigInt(chain.deliver.gas_wanted), gasUsed: BigInt(chain.deliver.gas_used),
  }
  : { stage: "check", code: chain.check.code, codespace: chain.check.codespace ?? "", log: chain.check.log ?? "" };

/** The recorded rows, in order, with the chain's outcome (events from txs-and-blocks.json) and what to send. */
export function recordedWorkload(): { n: number; label: string; signer: number; mode: "direct" | "amino"; chain: Outcome; tx: Sendable }[] {
  const results = readReference("workload-results.json").results as any[];
  const blocks = readReference("txs-and-blocks.json").txs as any[];
  let delivered = 0;
  let lastHeight = 0;
  return results.map((r, i) => {
    const signer = Number(String(r.signer).replace("dev", ""));
    const mode = r.mode === "amino-json" ? "amino" as const : "direct" as const;
    const chain = outcomeOf(r);
    let tx: Sendable;
    if (chain.stage === "deliver") {
      const t = blocks[delivered++];
      const body = t.rest_get_tx.tx;
      chain.events = t.tx_result.events;
      chain.data = t.tx_result.data ?? "";
      lastHeight = Number(t.height);
      tx = { messages: body.body.messages, fee: { amount: body.auth_info.fee.amount, gas: body.auth_info.fee.gas_limit }, memo: body.body.memo, sequenceOffset: 0, height: lastHeight };
    } else {
      tx = refusedTx(r.label, "", lastHeight + 1);
    }
    return { n: i + 1, label: r.label, signer, mode, chain, tx };
  });
}

/** Replays the workload on `node` (opened on test/reference-chain/genesis.json, 1 s blocks). */
export async function replayWorkload(node: TestNode, each: (row: WorkloadRow) => void = () => {}): Promise<WorkloadRow[]> {
  const out: WorkloadRow[] = [];
  for (const r of recordedWorkload()) {
    const behind = BigInt(r.tx.height - 1) - node.chain.latest.height;
    if (behind > 0n) await node.chain.advance(behind);
    const signer = await protoSigner(r.signer, r.mode);
    const tx = r.chain.stage === "check" ? refusedTx(r.label, signer.address, r.tx.height) : r.tx;
    const account = node.chain.directory.account(signer.address)!;
    const fee = r.label === "send-fee-auto" ? await autoFee(node, r.signer, r.mode, tx) : tx.fee;
    const bytes = await signer.sign(tx.messages.map(encodeObjectOf), {
      chainId: node.chain.chainId, accountNumber: account.accountNumber, sequence: account.sequence + BigInt(tx.sequenceOffset), fee, memo: tx.memo,
    });
    const sent = (await node.post("/cosmos/tx/v1beta1/txs", keplrBody(bytes))).json.tx_response;
    let got: Outcome;
    if (sent.code !== 0) {
      got = { stage: "check", code: sent.code, codespace: sent.codespace ?? "", log: sent.raw_log ?? "" };
    } else {
      await node.chain.advance(1n);
      const t = (await node.get(`/cosmos/tx/v1beta1/txs/${sent.txhash}`)).json.tx_response;
      got = {
        stage: "deliver", code: t.code, codespace: t.codespace ?? "", log: t.raw_log ?? "", gasWanted: BigInt(t.gas_wanted),
        gasUsed: BigInt(t.gas_used), events: t.events, data: t.data,
      };
    }
    const row: WorkloadRow = { n: r.n, label: r.label, signer: r.signer, mode: r.mode, chain: r.chain, node: got };
    each(row);
    out.push(row);
  }
  return out;
}
