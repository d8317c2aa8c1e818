// Issue 25, "Deliver 2": the chain's gas. The recorded workload of the reference chain
// (test/reference-chain) replayed on the node from the chain's own genesis.json, each tx signed
// again by CosmJS (the same dev key, sign mode, fee, gas limit and memo; fee "auto" by CosmJS's
// simulate rule) and included at its recorded height: gas_used per tx against the chain's. One
// state difference remains, block times: a record holding a block time (a position, a proposal,
// an unbonding) is a byte longer or shorter with its nanoseconds, as a rerun of the chain itself
// shows (README): for those txs 1 % is the tolerance, the others are exact. Out of gas
// (MsgDelegate with 60,000): code 11 at the access the chain stopped at (the ReadFlat of a
// historical rewards record), its log.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { GasPrice, calculateFee } from "@cosmjs/stargate";
import { encodePubkey, Registry } from "@cosmjs/proto-signing";
import { encodeSecp256k1Pubkey } from "@cosmjs/amino";
import { Secp256k1 } from "@cosmjs/crypto";
import { Tx, TxBody, AuthInfo, Fee } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { toBase64 } from "@cosmjs/encoding";
import { gasTrace } from "../../host/app/gas/tx-gas.js";
import type { Access } from "../../host/framework/gas/meter.js";
import { devPrivateKey } from "../../host/app/genesis.js";
import { nodeHarness, type TestNode } from "../helpers/node.js";
import { chainRegistry, keplrBody, protoSigner } from "../helpers/cosmjs.js";
import { encodeObjectOf, readReference, recordedTxs, type RecordedTx } from "../helpers/reference-chain.js";
import { EXTRA_FEE, extraWorkload, type ExtraTx } from "../helpers/extra-workload.js";

const h = await nodeHarness({ prefix: "gas-chain-" });
const SECOND = 1_000_000_000n;
const registry: Registry = chainRegistry();

/** CosmJS's `fee: "auto"`: simulate the unsigned tx it builds, ceil(gas x 1.4), 0.025basecro a unit. */
async function autoFee(node: TestNode, n: number, tx: RecordedTx): Promise<{ amount: { denom: string; amount: string }[]; gas: string }> {
  const pubkey = encodeSecp256k1Pubkey(Secp256k1.compressPubkey((await Secp256k1.makeKeypair(devPrivateKey(n))).pubkey));
  const account = node.chain.directory.account((await protoSigner(n, tx.mode)).address)!;
  const simulated = Tx.fromPartial({
    authInfo: AuthInfo.fromPartial({
      fee: Fee.fromPartial({}),
      signerInfos: [{ publicKey: encodePubkey(pubkey), sequence: account.sequence, modeInfo: { single: { mode: SignMode.SIGN_MODE_UNSPECIFIED } } }],
    }),
    body: TxBody.fromPartial({ messages: tx.messages.map((m) => registry.encodeAsAny(encodeObjectOf(m))), memo: tx.memo }),
    signatures: [new Uint8Array()],
  });
  const r = await node.post("/cosmos/tx/v1beta1/simulate", { tx_bytes: toBase64(Tx.encode(simulated).finish()) });
  assert.is(r.status, 200, JSON.stringify(r.json));
  const gas = Math.ceil(Number(r.json.gas_info.gas_used) * 1.4);
  const fee = calculateFee(gas, GasPrice.fromString("0.025basecro"));
  return { amount: [...fee.amount], gas: fee.gas };
}

interface Replayed {
  tx: Pick<RecordedTx, "label" | "gasUsed" | "code" | "log">;
  code: number;
  gasUsed: bigint;
  gasWanted: bigint;
  log: string;
  trace: Access[];
  /** One of the txs after the recorded workload (helpers/extra-workload.ts). */
  extra?: boolean;
}

/**
 * The txs whose records hold no block time whose size differs between the run recorded and a
 * rerun (positions, proposals, unbondings written at the nanoseconds of that block): exact. Not
 * clear-position: 42 gas short, one byte of val2's historical-rewards record (its ratio has 11
 * digits by the chain's own BeginBlock events; the chain charged 12: test/reference/reference-workload.test.ts).
 */
const EXACT = new Set([
  "send", "send-fee-auto", "send-amino", "delegate", "delegate-amino", "undelegate", "withdraw-rewards", "lock-tier1",
  "add-to-position", "claim-rewards", "trigger-exit", "INVALID exit-before-commitment (tier-undelegate)",
  "INVALID exit-with-delegation before commitment", "delegate (for commit)", "commit-delegation-tier2",
  "INVALID unknown-tier", "INVALID below-tier-min", "INVALID unknown-position claim",
  "INVALID insufficient-funds send", "INVALID bad-denom send (no balance)", "INVALID bad-denom delegate", "INVALID out-of-gas (gas 60000)",
  "gov-vote validator", "gov-vote tier owner", "INVALID zero-amount send", "INVALID zero-amount lock", "INVALID gov-msg not authority",
  // after the workload
  "send to a new account", "send + delegate, memo", "withdraw rewards from val2", "withdraw the validator's commission",
]);

/** The workload on a fresh node: every recorded tx at its recorded height. */
async function replay(): Promise<Replayed[]> {
  const node = await h.open({ genesis: readReference("genesis.json"), blockTimeNs: SECOND });
  const out: Replayed[] = [];
  let trace: Access[] = [];
  gasTrace.sink = (a) => trace.push(...a);
  try {
    for (const tx of recordedTxs()) {
      const behind = BigInt(tx.height - 1) - node.chain.latest.height;
      if (behind > 0n) await node.chain.advance(behind);
      const signer = await protoSigner(tx.signer, tx.mode);
      const account = node.chain.directory.account(signer.address)!;
      const fee = tx.label === "send-fee-auto" ? await autoFee(node, tx.signer, tx) : tx.fee;
      const bytes = await signer.sign(tx.messages.map(encodeObjectOf), {
        chainId: node.chain.chainId, accountNumber: account.accountNumber, sequence: account.sequence, fee, memo: tx.memo,
      });
      const sent = await node.post("/cosmos/tx/v1beta1/txs", keplrBody(bytes));
      const r = sent.json.tx_response;
      if (r.code !== 0) {
        out.push({ tx, code: r.code, gasUsed: -1n, gasWanted: BigInt(fee.gas), log: `refused at CheckTx: ${r.raw_log}`, trace: [] });
        continue;
      }
      // the accesses of its delivery alone (CheckTx's ante runs are not the tx's gas)
      trace = [];
      await node.chain.advance(1n);
      const delivered = trace;
      trace = [];
      const got = (await node.get(`/cosmos/tx/v1beta1/txs/${r.txhash}`)).json.tx_response;
      out.push({ tx, code: got.code, gasUsed: BigInt(got.gas_used), gasWanted: BigInt(got.gas_wanted), log: got.raw_log, trace: delivered });
    }
    for (const x of extraWorkload()) {
      const behind = BigInt(x.height - 1) - node.chain.latest.height;
      if (behind > 0n) await node.chain.advance(behind);
      trace = [];
      out.push({ ...(await included(node, x)), extra: true });
    }
  } finally {
    delete gasTrace.sink;
    await node.chain.close();
  }
  return out;
}

/** One of the extra txs, signed in SIGN_MODE_DIRECT, through its block. */
async function included(node: TestNode, x: ExtraTx): Promise<Replayed> {
  const signer = await protoSigner(x.signer, "direct");
  const account = node.chain.directory.account(signer.address)!;
  const bytes = await signer.sign(x.messages.map(encodeObjectOf), {
    chainId: node.chain.chainId, accountNumber: account.accountNumber, sequence: account.sequence, fee: EXTRA_FEE, memo: x.memo,
  });
  const r = (await node.post("/cosmos/tx/v1beta1/txs", keplrBody(bytes))).json.tx_response;
  const tx = { label: x.label, gasUsed: x.chainGas, code: 0, log: "" };
  if (r.code !== 0) return { tx, code: r.code, gasUsed: -1n, gasWanted: 0n, log: `refused at CheckTx: ${r.raw_log}`, trace: [] };
  await node.chain.advance(1n);
  const got = (await node.get(`/cosmos/tx/v1beta1/txs/${r.txhash}`)).json.tx_response;
  return { tx, code: got.code, gasUsed: BigInt(got.gas_used), gasWanted: BigInt(got.gas_wanted), log: got.raw_log, trace: [] };
}

const pct = (a: bigint, b: bigint) => (Number(a - b) * 100) / Number(b);
const results = await replay();

if (process.env.GAS_TABLE) {
  for (const r of results) {
    console.log(`${r.tx.label.padEnd(50)} chain ${String(r.tx.gasUsed).padStart(7)} node ${String(r.gasUsed).padStart(7)} ${pct(r.gasUsed, r.tx.gasUsed).toFixed(3).padStart(8)}% code ${r.tx.code}/${r.code} wanted ${r.gasWanted}`);
    if (process.env.GAS_TRACE && r.gasUsed !== r.tx.gasUsed) {
      for (const a of r.trace) console.log(`   ${String(a.gas).padStart(6)} ${a.store.padEnd(13)} ${a.op.padEnd(4)} k${a.key} v${a.value} ${a.what}`);
    }
  }
}

test("every recorded tx that reached a block uses the chain's gas, within 1 %; the same codes", () => {
  const compared = results.filter((r) => !r.extra);
  assert.is(compared.length, recordedTxs().length);
  assert.equal(compared.filter((r) => r.code !== r.tx.code).map((r) => `${r.tx.label}: code ${r.code}, chain ${r.tx.code}`), []);
  const off = compared.filter((r) => r.gasUsed < 0n || Math.abs(pct(r.gasUsed, r.tx.gasUsed)) > 1);
  assert.equal(off.map((r) => `${r.tx.label}: chain ${r.tx.gasUsed}, node ${r.gasUsed} (${r.log})`), []);
});

test("the txs after the workload (a new account, two messages and a memo, whole and repeated undelegations, a full exit, a withdrawal): the chain's gas, within 1 %", () => {
  const extra = results.filter((r) => r.extra);
  assert.is(extra.length, extraWorkload().length);
  assert.equal(extra.filter((r) => r.code !== 0).map((r) => `${r.tx.label}: ${r.log}`), []);
  assert.equal(extra.filter((r) => Math.abs(pct(r.gasUsed, r.tx.gasUsed)) > 1).map((r) => `${r.tx.label}: chain ${r.tx.gasUsed}, node ${r.gasUsed}`), []);
});

test("exact where no block time's size differs: the chain's gas to the unit", () => {
  const exact = results.filter((r) => EXACT.has(r.tx.label));
  assert.is(exact.length, EXACT.size);
  assert.equal(exact.filter((r) => r.gasUsed !== r.tx.gasUsed).map((r) => `${r.tx.label}: chain ${r.tx.gasUsed}, node ${r.gasUsed}`), []);
});

test("out of gas stops at the access the chain stopped at: MsgDelegate with a limit of 60,000", () => {
  const r = results.find((x) => x.tx.label.startsWith("INVALID out-of-gas"))!;
  assert.is(r.code, 11);
  assert.is(r.gasWanted, 60_000n);
  assert.is(r.gasUsed, r.tx.gasUsed);
  assert.is(r.log, r.tx.log);
  assert.match(r.log, /^out of gas in location: ReadFlat; gasWanted: 60000, gasUsed: \d+: out of gas$/);
  // The chain stops at the flat charge of the previous period's historical rewards (IncrementValidatorPeriod).
  const last = r.trace[r.trace.length - 1]!;
  assert.equal([last.store, last.op, last.gas, last.what], ["distribution", "get", 1000n, "IncrementValidatorPeriod"]);
});

test.after(() => h.remove());
test.run();
