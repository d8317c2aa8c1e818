// Issue 33: simulate runs the gas path delivery runs. Every tx of the recorded workload
// (test/reference-chain) and of the txs after it (helpers/extra-workload.ts), signed by CosmJS,
// simulated as signed (POST /cosmos/tx/v1beta1/simulate with its own bytes) on the check state and
// then delivered in the next block: the same gas, a failure the same log and gas. The next block's
// BeginBlock changes what the tx reads (the mint and the pool's top-up reach the validators'
// current rewards, the block's fees sit in the fee collector, a bonus counts the block's second),
// on the chain as here, so the chain's genesis runs with those at zero: no mint, no top-up, no
// bonus, no fees. What a wallet simulates (CosmJS: an empty signature, and for `fee: "auto"` no
// fee) charges the SDK's placeholder signature instead: never less than delivery, so "auto" (x 1.4)
// never runs out. With a fee, delivery also moves it (x/auth DeductFees); a fee-less simulation does
// not, on the chain as here: the recorded send-fee-auto simulated 52,054 and delivered 68,466.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { encodePubkey, type EncodeObject } from "@cosmjs/proto-signing";
import { encodeSecp256k1Pubkey } from "@cosmjs/amino";
import { Secp256k1 } from "@cosmjs/crypto";
import { Tx, TxBody, AuthInfo, Fee } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { toBase64 } from "@cosmjs/encoding";
import { devPrivateKey, mergeJson, type Json } from "../../host/app/genesis.js";
import { nodeHarness, type TestNode } from "../helpers/node.js";
import { chainRegistry, keplrBody, protoSigner, type SignMode as Mode } from "../helpers/cosmjs.js";
import { encodeObjectOf, readReference, recordedTxs } from "../helpers/reference-chain.js";
import { extraWorkload } from "../helpers/extra-workload.js";

const h = await nodeHarness({ prefix: "simulate-gas-" });
const registry = chainRegistry();

interface Row {
  label: string;
  code: number;
  log: string;
  delivered: bigint;
  /** The signed tx's simulation: its gas, or its failure's code. */
  simulated: { gas: bigint } | { code: number; log: string };
  /** The same body with an empty signature and no fee (CosmJS's simulate for `fee: "auto"`). */
  unsigned?: bigint;
}

async function simulateBytes(node: TestNode, bytes: Uint8Array): Promise<Row["simulated"]> {
  const r = await node.post("/cosmos/tx/v1beta1/simulate", { tx_bytes: toBase64(bytes) });
  return r.status === 200 ? { gas: BigInt(r.json.gas_info.gas_used) } : { code: r.json.code, log: r.json.message };
}

/** The body with an empty signature and no fee, as CosmJS simulates for `fee: "auto"` (a SIGN_MODE_UNSPECIFIED signer info). */
async function unsignedBytes(node: TestNode, n: number, mode: Mode, messages: EncodeObject[], memo: string) {
  const pubkey = encodeSecp256k1Pubkey(Secp256k1.compressPubkey((await Secp256k1.makeKeypair(devPrivateKey(n))).pubkey));
  const account = node.chain.directory.account((await protoSigner(n, mode)).address)!;
  return Tx.encode(Tx.fromPartial({
    authInfo: AuthInfo.fromPartial({
      fee: Fee.fromPartial({}),
      signerInfos: [{ publicKey: encodePubkey(pubkey), sequence: account.sequence, modeInfo: { single: { mode: SignMode.SIGN_MODE_UNSPECIFIED } } }],
    }),
    body: TxBody.fromPartial({ messages: messages.map((m) => registry.encodeAsAny(m)), memo }),
    signatures: [new Uint8Array()],
  })).finish();
}

const ZERO = "0.000000000000000000";
/** The chain's genesis with a BeginBlock that moves nothing: no mint, no base-rewards top-up, tiers without bonus. */
function quietGenesis(): Json {
  const g = readReference("genesis.json");
  return mergeJson(g, {
    app_state: {
      mint: { minter: { inflation: ZERO }, params: { inflation_max: ZERO, inflation_min: ZERO } },
      tieredrewards: { params: { target_base_rewards_rate: ZERO }, tiers: g.app_state.tieredrewards.tiers.map((t: any) => ({ ...t, bonus_apy: ZERO })) },
    },
  });
}
const NO_FEE = { amount: [], gas: "800000" };

async function run(): Promise<Row[]> {
  const node = await h.open({ genesis: quietGenesis(), blockTimeNs: 1_000_000_000n });
  const rows: Row[] = [];
  const txs = [
    ...recordedTxs().map((t) => ({ ...t, extra: false })),
    ...extraWorkload().map((x) => ({ label: x.label, signer: x.signer, mode: "direct" as const, height: x.height, messages: x.messages, memo: x.memo, extra: true })),
  ];
  try {
    for (const t of txs) {
      const behind = BigInt(t.height - 1) - node.chain.latest.height;
      if (behind > 0n) await node.chain.advance(behind);
      const signer = await protoSigner(t.signer, t.mode);
      const account = node.chain.directory.account(signer.address)!;
      const messages = t.messages.map(encodeObjectOf);
      const fee = t.label.includes("out-of-gas") ? { amount: [], gas: "60000" } : NO_FEE;
      const bytes = await signer.sign(messages, { chainId: node.chain.chainId, accountNumber: account.accountNumber, sequence: account.sequence, fee, memo: t.memo });
      const simulated = await simulateBytes(node, bytes);
      const blank = await simulateBytes(node, await unsignedBytes(node, t.signer, t.mode, messages, t.memo));
      const sent = (await node.post("/cosmos/tx/v1beta1/txs", keplrBody(bytes))).json.tx_response;
      assert.is(sent.code, 0, `${t.label}: refused at CheckTx: ${sent.raw_log}`);
      await node.chain.advance(1n);
      const got = (await node.get(`/cosmos/tx/v1beta1/txs/${sent.txhash}`)).json.tx_response;
      rows.push({ label: t.label, code: got.code, log: got.raw_log, delivered: BigInt(got.gas_used), simulated, ...("gas" in blank ? { unsigned: blank.gas } : {}) });
    }
  } finally {
    await node.chain.close();
  }
  return rows;
}

const rows = await run();
// SIM_TABLE=1: each tx's delivered gas, its simulation, and what CosmJS's "auto" simulation adds.
if (process.env.SIM_TABLE) {
  for (const r of rows) console.log(`${r.label.padEnd(55)} code ${r.code} delivered ${r.delivered} simulated ${"gas" in r.simulated ? r.simulated.gas : `fails (${r.simulated.code})`} auto +${r.unsigned === undefined ? "-" : r.unsigned - r.delivered}`);
}

test("every recorded tx, simulated as signed, uses the gas its delivery uses", () => {
  assert.ok(rows.filter((r) => r.code === 0).length >= 30, `${rows.length} rows`);
  const off = rows.filter((r) => r.code === 0 && (!("gas" in r.simulated) || r.simulated.gas !== r.delivered));
  assert.equal(off.map((r) => `${r.label}: simulated ${JSON.stringify(r.simulated, (_, v) => (typeof v === "bigint" ? `${v}` : v))}, delivered ${r.delivered}`), []);
});

test("a tx that fails in its block fails its simulation with the same log, charged the same gas", () => {
  const failing = rows.filter((r) => r.code !== 0 && !r.label.includes("out-of-gas"));
  assert.ok(failing.length >= 10);
  const off = failing.filter((r) => !("log" in r.simulated) || r.simulated.log !== `${r.log} with gas used: '${r.delivered}'`);
  assert.equal(off.map((r) => `${r.label}: ${JSON.stringify(r.simulated)}, delivered ${r.delivered}: ${r.log}`), []);
});

test("CosmJS's fee: \"auto\" simulation (no signature, no fee): the SDK's placeholder signature, never below delivery", () => {
  const ok = rows.filter((r) => r.code === 0);
  // the signer's account read and 10 x 112 placeholder bytes, less the 64 signature bytes the tx lacks
  const off = ok.filter((r) => r.unsigned === undefined || r.unsigned < r.delivered || r.unsigned - r.delivered > 2100n);
  assert.equal(off.map((r) => `${r.label}: unsigned ${r.unsigned}, delivered ${r.delivered}`), []);
});

test.after(() => h.remove());
test.run();
