// The node's mempool and its check state: the txs CheckTx accepted, in arrival order, with what
// CheckTx must know of them for the next tx of the same signer (the sequence it must carry, the
// fees DeductFees already counted) and what CometBFT's mempool checks before the app (room in
// txs and bytes, its cache of hashes). Reaping a block's txs rebuilds the check state from the
// txs that wait on.

import type { VerifiedTx } from "./ante/verify.js";

/**
 * How long a broadcast that waits for its tx's block waits (the RPC's broadcast_tx_commit, REST's
 * mode block): CometBFT's timeout_broadcast_tx_commit default.
 */
export const COMMIT_TIMEOUT_MS = 10_000;

/**
 * The tx's result once a committed block includes it, or undefined if `timeoutMs` passes first
 * (the tx stays in the mempool). Rejects as `included` does (the chain halted).
 */
export async function awaitInclusion<R>(included: Promise<R>, timeoutMs = COMMIT_TIMEOUT_MS): Promise<R | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), timeoutMs)));
  try {
    return await Promise.race([included, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A tx waiting for its block, and whoever waits for its result (broadcast mode block). */
export interface Pending<R> {
  verified: VerifiedTx;
  /** Settle when the tx is in a committed block, or the chain halted first. */
  done: Array<{ resolve: (r: R) => void; reject: (e: Error) => void }>;
}

export class Mempool<R> {
  private txs: Pending<R>[] = [];
  private hashes = new Set<string>();
  private bytes = 0;
  /** Check state: the sequence the signer's next tx must carry. */
  private sequences = new Map<string, bigint>();
  /** Check state: fees of the signer's waiting txs (what DeductFees took in CheckTx). */
  private fees = new Map<string, bigint>();

  /** `feeOf`: a tx's fee in the bond denom. */
  constructor(private readonly feeOf: (tx: VerifiedTx) => bigint) {}

  get size(): number {
    return this.txs.length;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  /** The waiting txs whose fee `payer`'s allowance from `granter` pays (x/feegrant), in arrival order. */
  granted(granter: string, payer: string): VerifiedTx[] {
    return this.txs.map((p) => p.verified).filter((v) => v.feeGrant?.granter === granter && v.feeGrant.payer === payer);
  }

  /** The waiting txs' bytes, in arrival order. */
  txBytes(): Uint8Array[] {
    return this.txs.map((p) => p.verified.bytes);
  }

  has(hash: string): boolean {
    return this.hashes.has(hash);
  }

  /** The sequence the signer's next tx must carry while earlier ones wait, if any wait. */
  nextSequence(signer: string): bigint | undefined {
    return this.sequences.get(signer);
  }

  /** The fees of the signer's waiting txs. */
  owedFees(signer: string): bigint {
    return this.fees.get(signer) ?? 0n;
  }

  add(p: Pending<R>): void {
    this.txs.push(p);
    this.track(p.verified);
  }

  /**
   * The txs in arrival order while the sum of their gas limits stays within `maxGas` (< 0: no
   * limit; CometBFT's ReapMaxBytesMaxGas stops at the first that does not fit), at most `maxTxs`;
   * the rest wait, their check state kept.
   */
  reap(maxGas: bigint, maxTxs = Infinity): Pending<R>[] {
    const most = Math.min(this.txs.length, maxTxs);
    let take = most;
    if (maxGas >= 0n) {
      let sum = 0n;
      take = 0;
      for (const p of this.txs.slice(0, most)) {
        if (sum + p.verified.fee.gas > maxGas) break;
        sum += p.verified.fee.gas;
        take++;
      }
    }
    const batch = this.txs.slice(0, take);
    this.txs = this.txs.slice(take);
    this.hashes.clear();
    this.sequences.clear();
    this.fees.clear();
    this.bytes = 0;
    for (const p of this.txs) this.track(p.verified);
    return batch;
  }

  private track(v: VerifiedTx): void {
    this.hashes.add(v.txHash);
    this.bytes += v.size;
    for (const s of v.signers) this.sequences.set(s.address, s.sequence + 1n);
    this.fees.set(v.feePayer, this.owedFees(v.feePayer) + this.feeOf(v));
  }
}
