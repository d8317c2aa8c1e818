// The ante handler's gas (chain-main app/ante.go over SDK v0.53 x/auth/ante): the circuit
// breaker per message, the memo's and the tx size's params, the bytes, the fee's transfer, the
// signers' keys, sequences and signature costs, in the decorators' order.

import { AUTH_GAS, GasDesc } from "../../framework/gas/meter.js";
import { authParams, getAccount, sendFromAccountToModule, setAccount } from "../../modules/bank/gas.js";
import { Key } from "../../framework/gas/records.js";
import type { Sim } from "../../framework/gas/sim.js";

export interface AnteTx {
  /** Type URLs of the messages. */
  typeUrls: readonly string[];
  memo: string;
  /** The tx bytes the SDK meters (TxRaw). */
  size: number;
  feePayer: string;
  fee: bigint;
  /** x/feegrant's UseGrantedFees in DeductFeeDecorator, for a tx paid by a fee granter (`feePayer`). */
  grant?: (k: Sim) => void;
  signers: readonly { address: string; pubKey: Uint8Array; sequence: bigint; emptySignature: boolean }[];
}

/** legacy amino StdSignature{secp256k1 pubkey, 64-byte signature} + 6: what simulate adds per empty signature. */
const SIM_SIGNATURE_BYTES = 106n + 6n;

/** The ante handler; `simulate` as the SDK's simulate mode (empty signatures sized, not verified). */
export function ante(k: Sim, tx: AnteTx, simulate: boolean): void {
  for (const url of tx.typeUrls) k.meter.has("circuit", Key.circuit(url), "CircuitBreakerDecorator");
  if (tx.memo.length > 0) authParams(k, "ValidateMemoDecorator");
  authParams(k, "ConsumeTxSizeGasDecorator");
  k.meter.charge(AUTH_GAS.txSizeCostPerByte * BigInt(tx.size), GasDesc.txSize);
  if (simulate) {
    for (const s of tx.signers) {
      if (!s.emptySignature) continue;
      getAccount(k, s.address, "ConsumeTxSizeGasDecorator (simulate)");
      k.meter.charge(AUTH_GAS.txSizeCostPerByte * SIM_SIGNATURE_BYTES, GasDesc.txSize);
    }
  }
  tx.grant?.(k);
  getAccount(k, tx.feePayer, "DeductFeeDecorator");
  k.check("sdk:9", k.account(tx.feePayer) === undefined);
  if (tx.fee > 0n) sendFromAccountToModule(k, tx.feePayer, "fee_collector", tx.fee);
  for (const s of tx.signers) {
    const a = getAccount(k, s.address, "SetPubKeyDecorator");
    if (a !== undefined && a.pubKey === undefined) setAccount(k, { ...a, pubKey: s.pubKey }, "SetPubKeyDecorator");
  }
  authParams(k, "ValidateSigCountDecorator");
  authParams(k, "SigGasConsumeDecorator");
  for (const s of tx.signers) {
    getAccount(k, s.address, "SigGasConsumeDecorator");
    k.meter.charge(AUTH_GAS.sigVerifySecp256k1, GasDesc.sigSecp256k1);
  }
  for (const s of tx.signers) getAccount(k, s.address, "SigVerificationDecorator");
  for (const s of tx.signers) {
    const a = getAccount(k, s.address, "IncrementSequenceDecorator");
    if (a !== undefined) setAccount(k, { ...a, sequence: a.sequence + 1n }, "IncrementSequenceDecorator");
  }
}

export { routeMessage } from "../../framework/gas/sim.js";
