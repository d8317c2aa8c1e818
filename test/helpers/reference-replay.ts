// The workloads recorded on chain-maind (test/reference-chain/<workload>/, README there) replayed
// on a node opened on that workload's own genesis.json (chain id chainmain-local, 1 s blocks): each tx
// that reached a block is sent as its recorded tx_bytes, verbatim, when the node is at the height
// before the recorded one, so it lands at the same height (a MsgCancelUnbondingDelegation's
// creation_height stays right). A tx is signed again (same key, body and fee) only where sending
// it verbatim would test something else than the message:
// - its messages carry a recorded time (authz/feegrant expirations, a PeriodicAllowance's
//   period_reset, vesting start/end times): each is moved by whole seconds, by as much as the
//   replay's block time of that height differs from the recorded one, in the body's protobuf (the
//   varint, the same length) and, for amino rows, in the recorded sign doc (`amino_sign_doc`);
// - the node's account number or sequence of the signer differs from the recorded tx's (an earlier
//   tx the node does not execute yet): the node's are used, so one missing message fails its rows only.
// The txs CheckTx refused on the chain: sent as the recorder kept them (`check_tx_bytes`, the nft
// workload on), or, in the recordings made before it kept them, rebuilt from the workload code
// (scripts/reference-chain/workloads/*.ts) by CHECKTX_REFUSED below.

import { Secp256k1, sha256 } from "@cosmjs/crypto";
import { encodeSecp256k1Pubkey, rawSecp256k1PubkeyToRawAddress } from "@cosmjs/amino";
import { encodePubkey } from "@cosmjs/proto-signing";
import { fromBase64, toBase64, toBech32, toUtf8 } from "@cosmjs/encoding";
import { AuthInfo, SignDoc, TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { MsgDelegate } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { devPrivateKey } from "../../host/app/genesis.js";
import type { TestNode } from "./node.js";
import { keplrBody } from "./cosmjs.js";
import { REFERENCE_DIR } from "./reference-chain.js";
import { outcomeOf, type Outcome, type WorkloadRow } from "./reference-workload.js";

export const WORKLOADS = ["distribution-bank-gov", "authz-feegrant-vesting", "gov-params", "amino-json", "nft", "upgrade-circuit", "group", "group-exec", "ibc-evidence", "gov-signers"] as const;
export type Workload = (typeof WORKLOADS)[number];

export const workloadDir = (w: Workload): string => join(REFERENCE_DIR, w);
export const readWorkload = (w: Workload, file: string): any => JSON.parse(readFileSync(join(workloadDir(w), file), "utf8"));

/** A replayed row: the comparison's row, and how it was sent. */
export interface ReplayRow extends WorkloadRow {
  /** Why it was signed again ("" = sent verbatim), or why it should be and could not be. */
  resigned: string;
  /** Its times could not be moved: the verbatim tx was sent (the report says "needs re-signing"). */
  needsResigning?: string;
  /** The recorded height and the node's (delivered rows). */
  heights: { chain?: number; node?: number };
}

interface RecordedRow {
  n: number;
  label: string;
  signer: number | string;
  mode: "direct" | "amino";
  chain: Outcome;
  height: number;
  /** Delivered rows: the recorded tx, its block time (s), its messages' REST JSON. */
  txBytes?: Uint8Array;
  blockTime?: bigint;
  messages?: any[];
  aminoSignDoc?: string;
}

/** The recorded rows, in order, each with the chain's outcome (events from txs-and-blocks.json). */
export function recordedRows(w: Workload): RecordedRow[] {
  const results = readWorkload(w, "workload-results.json").results as any[];
  const txs = readWorkload(w, "txs-and-blocks.json").txs as any[];
  let delivered = 0;
  let lastHeight = 1;
  return results.map((r, i) => {
    const signer = /^dev\d+$/.test(r.signer) ? Number(r.signer.slice(3)) : String(r.signer);
    const mode = r.mode === "amino-json" ? "amino" as const : "direct" as const;
    const chain = outcomeOf(r);
    const row: RecordedRow = { n: i + 1, label: r.label, signer, mode, chain, height: lastHeight + 1, aminoSignDoc: r.amino_sign_doc };
    if (chain.stage === "deliver") {
      const t = txs[delivered++];
      if (t.label !== r.label) throw new Error(`${w}: row ${i + 1} ${r.label} has block tx ${t.label}`);
      chain.events = t.tx_result.events;
      chain.data = t.tx_result.data ?? "";
      lastHeight = row.height = Number(t.height);
      row.txBytes = fromBase64(t.tx_bytes);
      row.blockTime = BigInt(Math.floor(Date.parse(t.rest_get_tx.tx_response.timestamp) / 1000));
      row.messages = t.rest_get_tx.tx.body.messages;
    } else if (r.check_tx_bytes !== undefined) {
      row.txBytes = fromBase64(r.check_tx_bytes); // the recorder kept the refused tx (nft and later workloads)
    }
    return row;
  });
}

export const privateKeyOf = (signer: number | string): Uint8Array =>
  typeof signer === "number" ? devPrivateKey(signer) : sha256(toUtf8(`reference-chain workload key ${signer}`));

async function keyOf(signer: number | string) {
  const privkey = privateKeyOf(signer);
  const pubkey = Secp256k1.compressPubkey((await Secp256k1.makeKeypair(privkey)).pubkey);
  return { privkey, pubkey, address: toBech32("cro", rawSecp256k1PubkeyToRawAddress(pubkey)) };
}

async function signature(bytes: Uint8Array, privkey: Uint8Array): Promise<Uint8Array> {
  const s = await Secp256k1.createSignature(sha256(bytes), privkey);
  return new Uint8Array([...s.r(32), ...s.s(32)]);
}

/** Every recorded time a message carries (its seconds): expirations, period_reset, vesting start/end. */
export function recordedTimes(messages: any[]): bigint[] {
  const out = new Set<bigint>();
  const walk = (v: any) => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (v === null || typeof v !== "object") return;
    for (const [k, x] of Object.entries(v)) {
      if ((k === "expiration" || k === "period_reset") && typeof x === "string") {
        const seconds = BigInt(Math.floor(Date.parse(x) / 1000));
        if (seconds > 0n) out.add(seconds); // not the zero Timestamp (1970) nor Go's zero time (0001)
      } else if ((k === "start_time" || k === "end_time") && typeof x === "string" && /^[1-9]\d*$/.test(x)) {
        out.add(BigInt(x));
      } else walk(x);
    }
  };
  walk(messages);
  return [...out];
}

const varint = (n: bigint): number[] => {
  const out: number[] = [];
  let v = BigInt.asUintN(64, n);
  do {
    const b = Number(v & 0x7fn);
    v >>= 7n;
    out.push(v > 0n ? b | 0x80 : b);
  } while (v > 0n);
  return out;
};

/** `bytes` with every occurrence of `from` replaced by `to` (the same length), and how many there were. */
function replaceBytes(bytes: Uint8Array, from: number[], to: number[]): [Uint8Array, number] {
  const out = Uint8Array.from(bytes);
  let count = 0;
  for (let i = 0; i + from.length <= out.length; i++) {
    if (from.every((b, j) => out[i + j] === b)) {
      out.set(to, i);
      count++;
      i += from.length - 1;
    }
  }
  return [out, count];
}

const rfc3339Seconds = (s: bigint) => new Date(Number(s) * 1000).toISOString().slice(0, 19);

/** The body with each time moved by `delta` s, and the amino sign doc likewise; an error text if one cannot be. */
export function moveTimes(body: Uint8Array, doc: string | undefined, times: bigint[], delta: bigint): { body: Uint8Array; doc?: string; error?: string } {
  let [b, d] = [body, doc];
  for (const t of times) {
    const [from, to] = [varint(t), varint(t + delta)];
    if (from.length !== to.length) return { body, doc, error: `time ${t} → ${t + delta} changes its varint's length` };
    const [patched, count] = replaceBytes(b, from, to);
    if (count === 0) return { body, doc, error: `time ${t} not found in the body` };
    b = patched;
    if (d !== undefined) {
      const before = d;
      d = d.split(`"${rfc3339Seconds(t)}`).join(`"${rfc3339Seconds(t + delta)}`).split(`"${t}"`).join(`"${t + delta}"`);
      if (d === before) return { body, doc, error: `time ${t} not found in the amino sign doc` };
    }
  }
  return { body: b, doc: d };
}

/**
 * The bytes to send for a delivered row on `node`: verbatim, or signed again (times moved by
 * `delta` seconds; the node's account number and sequence), with why.
 */
async function bytesFor(node: TestNode, r: RecordedRow, nextBlockTime: bigint): Promise<{ bytes: Uint8Array; resigned: string; needsResigning?: string; moved?: bigint }> {
  const raw = TxRaw.decode(r.txBytes!);
  const authInfo = AuthInfo.decode(raw.authInfoBytes);
  const key = await keyOf(r.signer);
  const signerInfo = authInfo.signerInfos[0]!;
  const recordedPub = PubKey.decode(signerInfo.publicKey!.value).key;
  if (toBase64(recordedPub) !== toBase64(key.pubkey)) throw new Error(`row ${r.n}: the signer's key is not ${r.signer}'s`);
  const account = node.chain.directory.account(key.address);
  const why: string[] = [];
  const times = recordedTimes(r.messages ?? []);
  const delta = r.blockTime === undefined ? 0n : nextBlockTime - r.blockTime;
  let body = raw.bodyBytes;
  let doc = r.aminoSignDoc;
  let needsResigning: string | undefined;
  let movedBy: bigint | undefined;
  if (times.length > 0 && delta !== 0n) {
    const moved = moveTimes(body, doc, times, delta);
    if (moved.error !== undefined) needsResigning = moved.error;
    else {
      [body, doc] = [moved.body, moved.doc];
      why.push(`times moved ${delta > 0n ? "+" : ""}${delta} s`);
      movedBy = delta;
    }
  }
  const recordedSeq = signerInfo.sequence;
  let accountNumber: bigint | undefined;
  if (r.mode === "amino") {
    const m = /"account_number":"(\d+)"/.exec(doc ?? "");
    accountNumber = m === null ? undefined : BigInt(m[1]!);
  }
  if (account !== undefined && account.sequence !== recordedSeq) {
    why.push(`sequence ${recordedSeq} → ${account.sequence}`);
    signerInfo.sequence = account.sequence;
    if (doc !== undefined) doc = doc.replace(`"sequence":"${recordedSeq}"`, `"sequence":"${account.sequence}"`);
  }
  if (account !== undefined && accountNumber !== undefined && account.accountNumber !== accountNumber) {
    why.push(`account number ${accountNumber} → ${account.accountNumber}`);
    doc = doc!.replace(`"account_number":"${accountNumber}"`, `"account_number":"${account.accountNumber}"`);
  }
  if (why.length === 0) return { bytes: r.txBytes!, resigned: "", needsResigning };
  const authInfoBytes = AuthInfo.encode(authInfo).finish();
  let signBytes: Uint8Array;
  if (r.mode === "amino") {
    if (doc === undefined) return { bytes: r.txBytes!, resigned: "", needsResigning: "an amino row without its sign doc" };
    signBytes = toUtf8(doc);
  } else {
    const number = account?.accountNumber ?? 0n;
    signBytes = SignDoc.encode({ bodyBytes: body, authInfoBytes, chainId: node.chain.chainId, accountNumber: number }).finish();
  }
  const bytes = TxRaw.encode({ bodyBytes: body, authInfoBytes, signatures: [await signature(signBytes, key.privkey)] }).finish();
  return { bytes, resigned: why.join("; "), needsResigning, ...(movedBy === undefined ? {} : { moved: movedBy }) };
}

/** The chain's log as it reads for times moved by `delta` seconds: its RFC 3339 times (whole seconds) moved too. */
export function movedLog(log: string, delta: bigint): string {
  return log.replace(/\b(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)Z/g, (_, t: string) => `${new Date(Date.parse(`${t}Z`) + Number(delta) * 1000).toISOString().slice(0, 19)}Z`);
}

const CRO = 100_000_000n;
const coin = (amount: bigint) => ({ denom: "basecro", amount: `${amount}` });

/** The txs CheckTx refused on the chain that were recorded without their bytes (authz-feegrant-vesting's fee-grant rows), from its workload code. */
/** `sleep`: the workload slept that many seconds before sending it (the replay makes as many 1 s blocks first). */
const CHECKTX_REFUSED: Record<string, { signer: number; msg: (a: Record<string, string>) => { typeUrl: string; value: Uint8Array }; fee: bigint; sleep?: bigint }> = {
  "INVALID fee above the allowance's remaining spend limit": { signer: 8, msg: (a) => send(a.d8!, a.d7!), fee: 2n * CRO },
  "INVALID fee above the period's remaining limit (periodic)": { signer: 7, msg: (a) => send(a.d7!, a.d8!), fee: 90_000n },
  "INVALID fee granter pays for a message outside the allowed list (MsgDelegate)": {
    signer: 6, fee: 20_000n,
    msg: (a) => ({ typeUrl: "/cosmos.staking.v1beta1.MsgDelegate", value: MsgDelegate.encode({ delegatorAddress: a.d6!, validatorAddress: a.val1!, amount: coin(CRO) }).finish() }),
  },
  "INVALID fee granter without an allowance": { signer: 2, msg: (a) => send(a.d2!, a.d7!), fee: 20_000n },
  "INVALID tx paid by an expired allowance (x/feegrant's EndBlocker already removed it)": { signer: 2, msg: (a) => send(a.d2!, a.d7!), fee: 20_000n, sleep: 5n },
};
const send = (from: string, to: string) =>
  ({ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: MsgSend.encode({ fromAddress: from, toAddress: to, amount: [coin(CRO)] }).finish() });

async function refusedBytes(node: TestNode, r: RecordedRow): Promise<Uint8Array> {
  const spec = CHECKTX_REFUSED[r.label];
  if (spec === undefined) throw new Error(`no rebuilt tx for the CheckTx-refused row ${r.label}`);
  if (spec.sleep !== undefined) await node.chain.advance(spec.sleep);
  const a: Record<string, string> = {};
  for (const n of [2, 5, 6, 7, 8]) a[`d${n}`] = (await keyOf(n)).address;
  a.val1 = toBech32("crocncl", rawSecp256k1PubkeyToRawAddress((await keyOf(1)).pubkey));
  const key = await keyOf(spec.signer);
  const account = node.chain.directory.account(key.address);
  const bodyBytes = TxBody.encode(TxBody.fromPartial({ messages: [spec.msg(a)], memo: "" })).finish();
  const authInfoBytes = AuthInfo.encode(AuthInfo.fromPartial({
    signerInfos: [{ publicKey: encodePubkey(encodeSecp256k1Pubkey(key.pubkey)), modeInfo: { single: { mode: SignMode.SIGN_MODE_DIRECT } }, sequence: account?.sequence ?? 0n }],
    fee: { amount: [coin(spec.fee)], gasLimit: 800_000n, granter: a.d5! },
  })).finish();
  const signBytes = SignDoc.encode({ bodyBytes, authInfoBytes, chainId: node.chain.chainId, accountNumber: account?.accountNumber ?? 0n }).finish();
  return TxRaw.encode({ bodyBytes, authInfoBytes, signatures: [await signature(signBytes, key.privkey)] }).finish();
}

/**
 * The chain's outcome as it would be for the bytes sent instead of the recorded ones (a tx signed
 * again): its `tx` event's `acc_seq` and `signature` are those of the sent tx; nothing else changes.
 */
export function asSent(chain: Outcome, recorded: Uint8Array, sent: Uint8Array): Outcome {
  const [a, b] = [TxRaw.decode(recorded), TxRaw.decode(sent)];
  const [seqA, seqB] = [AuthInfo.decode(a.authInfoBytes).signerInfos[0]!.sequence, AuthInfo.decode(b.authInfoBytes).signerInfos[0]!.sequence];
  const [sigA, sigB] = [toBase64(a.signatures[0]!), toBase64(b.signatures[0]!)];
  const out = structuredClone(chain);
  for (const e of out.events ?? []) {
    if (e.type !== "tx") continue;
    for (const x of e.attributes) {
      if (x.key === "acc_seq" && x.value.endsWith(`/${seqA}`)) x.value = `${x.value.slice(0, x.value.lastIndexOf("/"))}/${seqB}`;
      if (x.key === "signature" && x.value === sigA) x.value = sigB;
    }
  }
  return out;
}

/** Replays workload `w` on `node` (opened on its genesis.json with 1 s blocks), row by row. */
export async function replayRecorded(w: Workload, node: TestNode, each: (row: ReplayRow) => void = () => {}, stopBefore?: string): Promise<ReplayRow[]> {
  const out: ReplayRow[] = [];
  for (const r of recordedRows(w)) {
    if (r.label === stopBefore) break;
    const behind = BigInt(r.height - 1) - node.chain.latest.height;
    if (behind > 0n) await node.chain.advance(behind);
    const nextSeconds = node.chain.nextBlockTime() / 1_000_000_000n;
    const sent = r.chain.stage === "deliver" || r.txBytes !== undefined
      ? await bytesFor(node, r, nextSeconds)
      : { bytes: await refusedBytes(node, r), resigned: "rebuilt (CheckTx-refused: no tx_bytes)" };
    const answer = (await node.post("/cosmos/tx/v1beta1/txs", keplrBody(sent.bytes))).json.tx_response;
    let got: Outcome;
    let nodeHeight: number | undefined;
    if (answer.code !== 0) {
      got = { stage: "check", code: answer.code, codespace: answer.codespace ?? "", log: answer.raw_log ?? "" };
    } else {
      await node.chain.advance(1n);
      const t = (await node.get(`/cosmos/tx/v1beta1/txs/${answer.txhash}`)).json.tx_response;
      nodeHeight = Number(t.height);
      got = {
        stage: "deliver", code: t.code, codespace: t.codespace ?? "", log: t.raw_log ?? "", gasWanted: BigInt(t.gas_wanted),
        gasUsed: BigInt(t.gas_used), events: t.events, data: t.data,
      };
    }
    let chain = sent.resigned !== "" && r.txBytes !== undefined ? asSent(r.chain, r.txBytes, sent.bytes) : r.chain;
    if ("moved" in sent && sent.moved !== undefined && chain.log !== undefined) chain = { ...chain, log: movedLog(chain.log, sent.moved) };
    const row: ReplayRow = {
      n: r.n, label: r.label, signer: r.signer, mode: r.mode, chain, node: got, resigned: sent.resigned,
      heights: { chain: r.chain.stage === "deliver" ? r.height : undefined, node: nodeHeight },
      ...("needsResigning" in sent && sent.needsResigning !== undefined ? { needsResigning: sent.needsResigning } : {}),
    };
    each(row);
    out.push(row);
  }
  return out;
}
