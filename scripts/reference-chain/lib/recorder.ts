// Sends txs one after another and records what the chain answered, in the shape of
// /work/shared/reference-chain/{workload-results,txs-and-blocks}.json: per tx the CheckTx answer
// (RPC broadcast_tx_sync), the block's result (RPC tx), the REST GetTx answer, and REST queries of
// the state the tx created; at the end the finalize_block_events of the blocks that matter.

import { Secp256k1Wallet, makeSignDoc, serializeSignDoc } from "@cosmjs/amino";
import { sha256 } from "@cosmjs/crypto";
import { fromBase64, fromUtf8, toBase64, toHex } from "@cosmjs/encoding";
import { DirectSecp256k1Wallet, encodePubkey, type EncodeObject } from "@cosmjs/proto-signing";
import { SigningStargateClient, type StdFee } from "@cosmjs/stargate";
import { encodeSecp256k1Pubkey } from "@cosmjs/amino";
import { TxRaw, Tx, AuthInfo, TxBody } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { TxMsgData } from "cosmjs-types/cosmos/base/abci/v1beta1/abci";
import { Secp256k1 } from "@cosmjs/crypto";
import { CHAIN_ID, latestHeight, type Chain } from "./chain.js";
import { addressOf } from "./keys.js";
import { aminoTypes, registry } from "./msgs.js";

export const FEE_AMOUNT = "20000";
export const GAS = 800_000n;
export const fee = (gas: bigint = GAS, extra: Partial<StdFee> = {}): StdFee =>
  ({ amount: [{ denom: "basecro", amount: FEE_AMOUNT }], gas: `${gas}`, ...extra });

export type Mode = "direct" | "amino-json";
export interface Signer { name: string; address: string; privateKey: Uint8Array; pubkey: Uint8Array; direct: SigningStargateClient; amino: SigningStargateClient }
export interface Query { path: string; status: number; body: unknown }
export interface TxOptions { mode?: Mode; fee?: StdFee; memo?: string; queries?: string[] | ((sent: Sent) => string[]); note?: string }
export interface Row {
  label: string; signer: string; mode: Mode; note?: string;
  check: { code: number; codespace: string; log: string };
  deliver?: { code: number; codespace: string; log: string; gas_wanted: string; gas_used: string; events: string[] };
  height?: string; hash: string; data?: string; msg_responses?: { type_url: string; value: string }[];
  simulate?: unknown; queries?: Query[];
  /** LEGACY_AMINO_JSON rows: the exact sign bytes signed (the serialized StdSignDoc). */
  amino_sign_doc?: string;
  /** Rows CheckTx refused: the tx sent (base64), so a replay can send it verbatim (it reached no block). */
  check_tx_bytes?: string;
}
/** What a test of the workload reads back: the row, the block result's events in full, the decoded data. */
export interface Sent { row: Row; ok: boolean; events: any[]; height: number }

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class Recorder {
  readonly results: Row[] = [];
  readonly txs: any[] = [];
  readonly extra: Record<string, unknown> = {};
  private readonly signers = new Map<string, Signer>();
  private readonly aminoTypes = aminoTypes();
  private lastSignDoc: string | undefined;

  constructor(readonly chain: Chain, readonly log: (s: string) => void = console.error) {}

  async signer(name: string, privateKey: Uint8Array): Promise<Signer> {
    const known = this.signers.get(name);
    if (known) return known;
    const options = { registry: registry(), aminoTypes: aminoTypes() };
    const direct = await SigningStargateClient.offline(await DirectSecp256k1Wallet.fromKey(privateKey, "cro"), options);
    const amino = await SigningStargateClient.offline(await Secp256k1Wallet.fromKey(privateKey, "cro"), options);
    const { pubkey } = await Secp256k1.makeKeypair(privateKey);
    const s: Signer = { name, address: await addressOf(privateKey), privateKey, pubkey: Secp256k1.compressPubkey(pubkey), direct, amino };
    this.signers.set(name, s);
    return s;
  }

  async rpc(method: string, params: Record<string, unknown>): Promise<any> {
    const res = await fetch(this.chain.rpc, {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    });
    return res.json();
  }

  async query(path: string): Promise<Query> {
    const res = await fetch(`${this.chain.rest}${path}`);
    const text = await res.text();
    let body: unknown = text;
    try { body = JSON.parse(text); } catch { /* keep text */ }
    return { path, status: res.status, body };
  }

  async account(address: string): Promise<{ accountNumber: bigint; sequence: bigint }> {
    const q = await this.query(`/cosmos/auth/v1beta1/account_info/${address}`);
    const info = (q.body as any)?.info;
    if (q.status !== 200 || !info) throw new Error(`account ${address}: ${q.status} ${JSON.stringify(q.body)}`);
    return { accountNumber: BigInt(info.account_number), sequence: BigInt(info.sequence) };
  }

  async sign(s: Signer, msgs: EncodeObject[], o: TxOptions & { sequence?: bigint }): Promise<Uint8Array> {
    const acc = await this.account(s.address);
    const client = o.mode === "amino-json" ? s.amino : s.direct;
    const sequence = o.sequence ?? acc.sequence;
    this.lastSignDoc = o.mode === "amino-json"
      ? fromUtf8(serializeSignDoc(makeSignDoc(msgs.map((m) => this.aminoTypes.toAmino(m)), o.fee ?? fee(), CHAIN_ID, o.memo ?? "", acc.accountNumber.toString(), sequence.toString())))
      : undefined;
    const raw = await client.sign(s.address, msgs, o.fee ?? fee(), o.memo ?? "", {
      accountNumber: acc.accountNumber, sequence: Number(sequence), chainId: CHAIN_ID,
    });
    return TxRaw.encode(raw).finish();
  }

  /** REST simulate of the tx CosmJS's `simulate` builds: empty signature, SIGN_MODE_UNSPECIFIED, no fee. */
  async simulate(s: Signer, msgs: EncodeObject[], memo = ""): Promise<Query> {
    const acc = await this.account(s.address);
    const reg = registry();
    const tx = Tx.fromPartial({
      body: TxBody.fromPartial({ messages: msgs.map((m) => reg.encodeAsAny(m)), memo }),
      authInfo: AuthInfo.fromPartial({
        fee: {},
        signerInfos: [{ publicKey: encodePubkey(encodeSecp256k1Pubkey(s.pubkey)), sequence: acc.sequence, modeInfo: { single: { mode: SignMode.SIGN_MODE_UNSPECIFIED } } }],
      }),
      signatures: [new Uint8Array()],
    });
    const res = await fetch(`${this.chain.rest}/cosmos/tx/v1beta1/simulate`, {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ tx_bytes: toBase64(Tx.encode(tx).finish()) }),
    });
    return { path: "POST /cosmos/tx/v1beta1/simulate", status: res.status, body: await res.json() };
  }

  /** REST simulate of the tx exactly as it will be sent (signed, with its fee). */
  async simulateSigned(s: Signer, msgs: EncodeObject[], o: TxOptions = {}): Promise<Query> {
    const bytes = await this.sign(s, msgs, o);
    const res = await fetch(`${this.chain.rest}/cosmos/tx/v1beta1/simulate`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ tx_bytes: toBase64(bytes) }),
    });
    return { path: "POST /cosmos/tx/v1beta1/simulate", status: res.status, body: await res.json() };
  }

  /** Signs, broadcasts (sync), waits for the block, records. */
  async tx(label: string, s: Signer, msgs: EncodeObject[], o: TxOptions = {}): Promise<Sent> {
    const bytes = await this.sign(s, msgs, o);
    const sent = await this.broadcast(label, s, bytes, o);
    if (this.lastSignDoc !== undefined) sent.row.amino_sign_doc = this.lastSignDoc;
    return sent;
  }

  async broadcast(label: string, s: Signer, bytes: Uint8Array, o: TxOptions = {}): Promise<Sent> {
    const hash = toHex(sha256(bytes)).toUpperCase();
    const b = await this.rpc("broadcast_tx_sync", { tx: toBase64(bytes) });
    if (b.error) throw new Error(`broadcast ${label}: ${JSON.stringify(b.error)}`);
    const row: Row = {
      label, signer: s.name, mode: o.mode ?? "direct", ...(o.note ? { note: o.note } : {}),
      check: { code: b.result.code, codespace: b.result.codespace ?? "", log: b.result.log ?? "" }, hash,
    };
    this.results.push(row);
    if (b.result.code !== 0) {
      row.check_tx_bytes = toBase64(bytes);
      this.log(`${label}: CheckTx ${b.result.codespace}/${b.result.code} ${b.result.log}`);
      return { row, ok: false, events: [], height: await latestHeight(this.chain) };
    }
    let found: any;
    for (let i = 0; i < 120 && !found; i++) {
      await sleep(250);
      const t = await this.rpc("tx", { hash: toBase64(fromHexUpper(hash)), prove: false });
      if (t.result) found = t.result;
    }
    if (!found) throw new Error(`${label}: tx ${hash} not in a block after 30 s`);
    const r = found.tx_result;
    row.deliver = {
      code: r.code, codespace: r.codespace ?? "", log: r.log ?? "", gas_wanted: r.gas_wanted, gas_used: r.gas_used,
      events: (r.events ?? []).map((e: any) => e.type),
    };
    row.height = found.height;
    if (r.data) {
      row.data = r.data;
      row.msg_responses = TxMsgData.decode(fromBase64(r.data)).msgResponses.map((a) => ({ type_url: a.typeUrl, value: toBase64(a.value) }));
    }
    const rest = await this.query(`/cosmos/tx/v1beta1/txs/${hash}`);
    this.txs.push({ label, height: found.height, index: found.index, hash, tx_result: r, rest_get_tx: rest.body, tx_bytes: toBase64(bytes) });
    const sent: Sent = { row, ok: r.code === 0, events: r.events ?? [], height: Number(found.height) };
    const paths = typeof o.queries === "function" ? o.queries(sent) : o.queries ?? [];
    if (paths.length > 0) row.queries = await Promise.all(paths.map((p) => this.query(p)));
    this.log(`${label}: h${found.height} ${r.code === 0 ? "ok" : `${r.codespace}/${r.code} ${r.log}`} gas ${r.gas_used}/${r.gas_wanted}`);
    return sent;
  }

  /** finalize_block_events of: height 1, every height with a recorded tx, every height with an event type height 2 lacks. */
  async blocks(): Promise<any[]> {
    const last = await latestHeight(this.chain);
    const txHeights = new Set(this.txs.map((t) => Number(t.height)));
    const results: any[] = [];
    for (let h = 1; h <= last; h++) {
      const r = await this.rpc("block_results", { height: `${h}` });
      if (r.result) results.push(r.result);
    }
    // the event types every block has (mint, distribution, the pool's top-up): those of height 2, before the first tx
    const usual = new Set<string>((results.find((r) => Number(r.height) === 2)?.finalize_block_events ?? []).map((e: any) => e.type));
    return results
      .filter((r) => Number(r.height) === 1 || txHeights.has(Number(r.height)) || (r.finalize_block_events ?? []).some((e: any) => !usual.has(e.type)))
      .map((r) => ({
        height: Number(r.height), finalize_block_events: r.finalize_block_events ?? [], validator_updates: r.validator_updates ?? null,
        consensus_param_updates: r.consensus_param_updates ?? null, app_hash: r.app_hash,
      }));
  }

  /** Waits until the chain's latest height is at least `h`. */
  async untilHeight(h: number): Promise<void> {
    while ((await latestHeight(this.chain)) < h) await sleep(200);
  }

  async sleep(ms: number): Promise<void> { await sleep(ms); }

  /** The latest block's time (RFC 3339) as seconds since the epoch. */
  async blockTime(): Promise<bigint> {
    const q = await this.query("/cosmos/base/tendermint/v1beta1/blocks/latest");
    return BigInt(Math.floor(Date.parse((q.body as any).block.header.time) / 1000));
  }
}

function fromHexUpper(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}
