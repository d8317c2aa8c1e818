// Issue 33's differences held to chain-maind itself: the workload of test/helpers/issue33-workload.ts
// as chain-maind answered it (test/reference-chain-issue33, README there), replayed on the node from
// the same genesis at the same heights, each tx signed again by CosmJS (SIGN_MODE_DIRECT; `fee:
// "auto"` by CosmJS's rule: the node's simulate x 1.4): the same code, codespace, log, simulated
// gas and gas used. On the chain too, "auto" on a MsgVote runs out of gas: its simulation carries no
// fee, so it does not pay the fee's transfer, and that is more than 40 % of a vote's gas.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { encodePubkey } from "@cosmjs/proto-signing";
import { encodeSecp256k1Pubkey } from "@cosmjs/amino";
import { Secp256k1 } from "@cosmjs/crypto";
import { GasPrice, calculateFee } from "@cosmjs/stargate";
import { Tx, TxBody, AuthInfo, Fee } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { toBase64 } from "@cosmjs/encoding";
import { devPrivateKey } from "../../host/app/genesis.js";
import { nodeHarness } from "../helpers/node.js";
import { chainRegistry, keplrBody, protoSigner } from "../helpers/cosmjs.js";
import { ROOT } from "../helpers/cli.js";
import { issue33Workload } from "../helpers/issue33-workload.js";

const DIR = join(ROOT, "test", "reference-chain-issue33");
const read = (file: string) => JSON.parse(readFileSync(join(DIR, file), "utf8"));
const recorded = read("results.json").results as { label: string; height: number; code: number; codespace: string; log: string; gas_wanted: string; gas_used: string; simulated?: string }[];
const h = await nodeHarness({ prefix: "reference-issue33-" });
const registry = chainRegistry();

interface Got { label: string; code: number; codespace: string; log: string; gasWanted: string; gasUsed: string; simulated?: string }

async function replay(): Promise<Got[]> {
  // The chain's block times carry nanoseconds above 2^28 (a timestamp's 5 bytes; its genesis time,
  // in the validator's commission, none): blocks 1.06 s apart have them from the fifth block on.
  const node = await h.open({ genesis: read("genesis.json"), blockTimeNs: 1_060_000_000n });
  const out: Got[] = [];
  try {
    const steps = issue33Workload();
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i]!;
      const behind = BigInt(recorded[i]!.height - 1) - node.chain.latest.height;
      if (behind > 0n) await node.chain.advance(behind);
      const signer = await protoSigner(step.signer, "direct");
      const account = node.chain.directory.account(signer.address)!;
      let fee = step.fee;
      let simulated: string | undefined;
      if (fee === "auto") {
        // CosmJS's simulate: no fee, an empty signature under the signer's key
        const pubkey = encodeSecp256k1Pubkey(Secp256k1.compressPubkey((await Secp256k1.makeKeypair(devPrivateKey(step.signer))).pubkey));
        const unsigned = Tx.encode(Tx.fromPartial({
          authInfo: AuthInfo.fromPartial({
            fee: Fee.fromPartial({}),
            signerInfos: [{ publicKey: encodePubkey(pubkey), sequence: account.sequence, modeInfo: { single: { mode: SignMode.SIGN_MODE_UNSPECIFIED } } }],
          }),
          body: TxBody.fromPartial({ messages: step.messages.map((m) => registry.encodeAsAny(m)), memo: "" }),
          signatures: [new Uint8Array()],
        })).finish();
        const r = await node.post("/cosmos/tx/v1beta1/simulate", { tx_bytes: toBase64(unsigned) });
        assert.is(r.status, 200, JSON.stringify(r.json));
        simulated = r.json.gas_info.gas_used;
        const f = calculateFee(Math.ceil(Number(simulated) * 1.4), GasPrice.fromString("0.025basecro"));
        fee = { amount: [...f.amount], gas: f.gas };
      }
      const bytes = await signer.sign(step.messages, { chainId: node.chain.chainId, accountNumber: account.accountNumber, sequence: account.sequence, fee });
      const sent = (await node.post("/cosmos/tx/v1beta1/txs", keplrBody(bytes))).json.tx_response;
      assert.is(sent.code, 0, `${step.label}: refused at CheckTx: ${sent.raw_log}`);
      await node.chain.advance(1n);
      const t = (await node.get(`/cosmos/tx/v1beta1/txs/${sent.txhash}`)).json.tx_response;
      out.push({ label: step.label, code: t.code, codespace: t.codespace, log: t.raw_log, gasWanted: t.gas_wanted, gasUsed: t.gas_used, ...(simulated ? { simulated } : {}) });
    }
  } finally {
    await node.chain.close();
  }
  return out;
}

const got = await replay();

test("the recording and the workload are the same txs", () => {
  assert.equal(recorded.map((r) => r.label), issue33Workload().map((s) => s.label));
});

test("every tx: the chain's code, codespace and log", () => {
  assert.equal(got.map((g) => [g.label, g.code, g.codespace, g.log]), recorded.map((r) => [r.label, r.code, r.codespace, r.log]));
});

test("every tx: the chain's gas (its simulation for fee auto, gas wanted and used)", () => {
  // The proposal's record holds its block's time, a byte or two longer with the chain's nanoseconds: 1 %.
  const timed = new Set(["submit a proposal (no messages, metadata)"]);
  const off = got.map((g, i) => [g, recorded[i]!] as const).filter(([g, r]) =>
    g.simulated !== r.simulated || g.gasWanted !== r.gas_wanted ||
    (timed.has(r.label) ? Math.abs(Number(g.gasUsed) - Number(r.gas_used)) > Number(r.gas_used) / 100 : g.gasUsed !== r.gas_used));
  assert.equal(off.map(([g, r]) => `${r.label}: node ${g.simulated ?? "-"}/${g.gasWanted}/${g.gasUsed}, chain ${r.simulated ?? "-"}/${r.gas_wanted}/${r.gas_used}`), []);
});

test.after(() => h.remove());
test.run();
