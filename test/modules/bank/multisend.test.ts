// x/bank MsgMultiSend (and the MsgSends to module accounts beside it) held to the reference chain's
// recording test/reference-chain/distribution-bank-gov (rows 32–38): a node on that recording's
// genesis.json, dev keys 5 and 8 brought to the sequences and (dev 5) the balance they had there,
// then each row signed again by CosmJS (SIGN_MODE_DIRECT, or LEGACY_AMINO_JSON with CosmJS's own
// `cosmos-sdk/MsgMultiSend` converter) with the recorded fee and gas and compared with the chain:
// stage, code, codespace, raw log, gas within 1 %, events with their attributes, msg responses.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { MsgMultiSend, MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import type { EncodeObject } from "@cosmjs/proto-signing";
import { toBase64 } from "@cosmjs/encoding";
import { committedTx, nodeHarness, type TestNode } from "../../helpers/node.js";
import { devSigner, sendMsg } from "../../helpers/dev-signer.js";
import { keplrBody, protoSigner } from "../../helpers/cosmjs.js";
import { readReference } from "../../helpers/reference-chain.js";
import { SECOND, type Outcome, type WorkloadRow } from "../../helpers/reference-workload.js";
import { differences, gasPct, report } from "../../helpers/reference-compare.js";

const DIR = "distribution-bank-gov";
const results = readReference(`${DIR}/workload-results.json`).results as any[];
const txs = readReference(`${DIR}/txs-and-blocks.json`).txs as any[];
const h = await nodeHarness({ prefix: "bank-multisend-" });
test.after(() => h.remove());

const camel = (v: any): any =>
  Array.isArray(v) ? v.map(camel)
    : v !== null && typeof v === "object" ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k.replace(/_([a-z])/g, (_, c) => c.toUpperCase()), camel(x)]))
      : v;

function encodeObject(m: any): EncodeObject {
  const { ["@type"]: typeUrl, ...rest } = m;
  if (typeUrl === "/cosmos.bank.v1beta1.MsgMultiSend") return { typeUrl, value: MsgMultiSend.fromJSON(camel(rest)) };
  if (typeUrl === "/cosmos.bank.v1beta1.MsgSend") return { typeUrl, value: MsgSend.fromJSON(camel(rest)) };
  throw new Error(`no encoder for ${typeUrl}`);
}

/** Rows 32–38 (1-based) as recorded: the chain's outcome and the tx that reached the block. */
const ROWS = [32, 33, 34, 35, 36, 37, 38].map((n) => {
  const r = results[n - 1];
  const t = txs.find((x) => x.hash === r.hash);
  const chain: Outcome = {
    stage: "deliver", code: r.deliver.code, codespace: r.deliver.codespace ?? "", log: r.deliver.log ?? "",
    gasWanted: BigInt(r.deliver.gas_wanted), gasUsed: BigInt(r.deliver.gas_used), events: t.tx_result.events, data: t.tx_result.data ?? "",
  };
  return { n, label: r.label as string, signer: Number(String(r.signer).replace("dev", "")), mode: r.mode === "amino-json" ? "amino" as const : "direct" as const, chain, t };
});

/** dev 5's balance before row 32: the insufficient-funds log of row 35 (97,984,799,700,000 after its fee) walked back. */
const DEV5_BEFORE = 97_984_799_700_000n + 20_000n + 20_000n - 100_000_000n + 300_020_000n;

async function bring(node: TestNode, n: number, sequence: bigint, balance?: bigint): Promise<void> {
  const s = await devSigner(n);
  const acct = () => node.chain.directory.account(s.address)!;
  while (acct().sequence < sequence - 1n) await committedTx(node, n, [sendMsg(s.address, s.address, 1n)], { advance: "chain" });
  const id = node.chain.directory.accountId(s.address)!;
  const excess = balance === undefined ? 100_000_000n : node.chain.ledger.balance(id) - 5000n - balance;
  await committedTx(node, n, [sendMsg(s.address, "cro1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqtcgxmv", excess)], { advance: "chain" });
  assert.is(acct().sequence, sequence);
  if (balance !== undefined) assert.is(node.chain.ledger.balance(id), balance);
}

async function replay(): Promise<(WorkloadRow & { sameBytes: boolean })[]> {
  const node = await h.open({ genesis: readReference(`${DIR}/genesis.json`), blockTimeNs: SECOND });
  try {
    await bring(node, 5, 12n, DEV5_BEFORE);
    await bring(node, 8, 3n);
    const out: (WorkloadRow & { sameBytes: boolean })[] = [];
    for (const r of ROWS) {
      const body = r.t.rest_get_tx.tx;
      const signer = await protoSigner(r.signer, r.mode);
      const account = node.chain.directory.account(signer.address)!;
      const bytes = await signer.sign(body.body.messages.map(encodeObject), {
        chainId: node.chain.chainId, accountNumber: account.accountNumber, sequence: account.sequence,
        fee: { amount: body.auth_info.fee.amount, gas: body.auth_info.fee.gas_limit }, memo: body.body.memo,
      });
      const simulated = (await node.post("/cosmos/tx/v1beta1/simulate", { tx_bytes: toBase64(bytes) })).json;
      if (simulated.gas_info !== undefined) simulatedGas.set(r.n, BigInt(simulated.gas_info.gas_used));
      const sent = (await node.post("/cosmos/tx/v1beta1/txs", keplrBody(bytes))).json.tx_response;
      let got: Outcome;
      if (sent.code !== 0) {
        got = { stage: "check", code: sent.code, codespace: sent.codespace ?? "", log: sent.raw_log ?? "" };
      } else {
        await node.chain.advance(1n);
        const t = (await node.get(`/cosmos/tx/v1beta1/txs/${sent.txhash}`)).json.tx_response;
        got = { stage: "deliver", code: t.code, codespace: t.codespace ?? "", log: t.raw_log ?? "", gasWanted: BigInt(t.gas_wanted), gasUsed: BigInt(t.gas_used), events: t.events, data: t.data };
      }
      out.push({ n: r.n, label: r.label, signer: r.signer, mode: r.mode, chain: r.chain, node: got, sameBytes: toBase64(bytes) === r.t.tx_bytes });
    }
    return out;
  } finally {
    await node.chain.close();
  }
}

/** The signed txs' simulated gas (the passing ones), by row. */
const simulatedGas = new Map<number, bigint>();
const rows = await replay();
const gasLine = (r: WorkloadRow) => `#${r.n} ${r.label}: chain ${r.chain.gasUsed}, node ${r.node.gasUsed} (${r.node.gasUsed === undefined ? "-" : gasPct(r.node.gasUsed, r.chain.gasUsed!).toFixed(3)} %)`;
console.log(rows.map(gasLine).join("\n"));

test("CosmJS signs the very bytes the chain received (same account numbers, sequences, fee, body)", () => {
  assert.equal(rows.filter((r) => !r.sameBytes).map((r) => r.n), []);
});

test("MsgMultiSend rows 32–36 as the chain: stage, code, codespace, raw log, gas (1 %), events and attributes, msg responses", () => {
  const off = rows.filter((r) => r.n <= 36).map((r) => ({ r, d: differences(r) })).filter((x) => x.d.length > 0);
  if (off.length > 0) assert.unreachable(off.map((x) => report(x.r, x.d)).join("\n"));
});

// The chain's own simulate of a signed tx is a few units above its delivery (distribution-bank-gov
// README: a vote, 54,670 simulated, 54,655 delivered): the ante's simulate rules, not the message's.
test("simulating the signed sends gives their delivered gas, within the ante's few units (as on the chain)", () => {
  for (const n of [32, 33, 38]) {
    const d = simulatedGas.get(n)! - rows.find((r) => r.n === n)!.node.gasUsed!;
    assert.ok(d >= 0n && d <= 20n, `#${n}: simulated ${simulatedGas.get(n)}, ${d} above`);
  }
});

test("MsgSend to x/gov's account (row 37) as the chain, its gas included", () => {
  const r = rows.find((x) => x.n === 37)!;
  assert.equal(differences(r), []);
});

test("MsgSend to the rewards pool (row 38) as the chain: a plain send, no tieredrewards event", () => {
  const r = rows.find((x) => x.n === 38)!;
  assert.equal(differences(r), []);
  assert.not.ok(r.node.events!.some((e) => e.type.startsWith("chainmain.tieredrewards")), "x/bank emits no tieredrewards event");
  assert.equal(r.node.events!.map((e) => e.type), r.chain.events!.map((e) => e.type));
});
test.run();
