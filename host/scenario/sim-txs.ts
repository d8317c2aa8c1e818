// The scenario's transactions, sent as a wallet sends them with CosmJS's fee "auto": each tx is
// simulated on the chain's check state (the last block plus the txs already admitted), signed with
// the gas it used times 1.4 (CosmJS's default multiplier, rounded as Math.round does), and handed
// to the node's own CheckTx; the next block delivers it. A tx whose simulation fails is not sent
// (CosmJS throws before broadcasting), and counts as a failure with the chain's reason, as does a
// tx CheckTx refuses or DeliverTx fails. Nothing fails silently: every failure is kept with its
// height, what the scenario meant by it and the chain's log.

import type { NodeChain } from "../drivers/embedded.js";
import type { TxResult } from "../framework/types.js";
import { SimulationError } from "../framework/types.js";
import { broadcastRequest } from "../wire/amino/stdtx.js";
import { TxError } from "../wire/errors.js";
import type { AminoMsg, DevKeySigner, Fee } from "./sim-signer.js";
import type { TxFailure } from "./sim-types.js";

/** CosmJS SigningStargateClient's defaultGasMultiplier for fee "auto", in tenths (1.4). */
export const GAS_MULTIPLIER_TENTHS = 14n;

/** Math.round(gasUsed x 1.4) in integers: the gas limit CosmJS signs for a simulated tx. */
export function autoGas(gasUsed: bigint): bigint {
  return (gasUsed * GAS_MULTIPLIER_TENTHS + 5n) / 10n;
}

/** One scenario action: the tx's messages and fee when its block comes (null: nothing to do; fail: it cannot be done, and why). */
export interface Plan {
  what: string;
  build(): { msgs: AminoMsg[]; fee: bigint } | { fail: string } | null;
  /** A fee payment: the blocks its lump stands for (the fees of those blocks paid at once; sim-run.ts measures what that costs the pool). */
  feeBlocks?: bigint;
  /** After the block: its result (code 0 or not). */
  after?(r: TxResult, height: bigint): void;
  /** What to send instead when this plan's tx fails its simulation (the failure is still counted). */
  fallback?: Plan;
}

export interface Sent {
  plan: Plan;
  fee: bigint;
  gas: bigint;
  included: Promise<TxResult>;
}

/** Sign, simulate and submit the plans' txs for the next block; refused ones go to `failures`. */
export function sendPlans(chain: NodeChain, signer: DevKeySigner, plans: readonly Plan[], height: bigint, failures: TxFailure[]): Sent[] {
  const acct = chain.directory.account(signer.address);
  if (!acct) {
    for (const plan of plans) failures.push({ height, what: plan.what, log: `the actor ${signer.address} has no account` });
    return [];
  }
  const denom = chain.denom;
  let seq = acct.sequence;
  const sent: Sent[] = [];
  const queue = [...plans];
  for (let i = 0; i < queue.length; i++) {
    const plan = queue[i]!;
    const built = plan.build();
    if (!built) continue;
    if ("fail" in built) {
      failures.push({ height, what: plan.what, log: built.fail });
      continue;
    }
    const amount = built.fee === 0n ? [] : [{ denom, amount: `${built.fee}` }];
    try {
      // Simulated unsigned with gas 0, as CosmJS simulates; then signed for 1.4x the gas used.
      const { gasUsed } = chain.simulate(broadcastRequest(signer.unsigned(built.msgs, { amount, gas: "0" })).tx);
      const gas = autoGas(gasUsed);
      const fee: Fee = { amount, gas: `${gas}` };
      const { included } = chain.submit(broadcastRequest(signer.sign(built.msgs, fee, chain.chainId, acct.accountNumber, seq)).tx);
      sent.push({ plan, fee: built.fee, gas, included });
      seq++;
    } catch (e) {
      if (e instanceof SimulationError) failures.push({ height, what: plan.what, log: `simulation: ${e.txError.log}` });
      else if (e instanceof TxError) failures.push({ height, what: plan.what, log: e.log });
      else throw e;
      if (plan.fallback) queue.splice(i + 1, 0, plan.fallback); // next, in the same block
    }
  }
  return sent;
}
