// CheckTx and the ante handler: what a tx must pass before any message runs. At CheckTx, against
// the check state (the last block plus the txs admitted since): CometBFT's mempool checks (size,
// room, cache), the decoding and signature verification (ante/verify.ts), the fee in the bond
// denom, the gas checks, and DeductFees on what the signer's waiting txs left; in a block, the
// ante's events (the fee's transfer, the tx's fee, sequences and signatures).

import { distributionParams } from "../modules/distribution/update-params.js";
import { authLimits } from "../modules/auth/update-params.js";
import { SdkErrors, TxError } from "../wire/errors.js";
import { coinsString, type Coin } from "../wire/coins.js";
import { moduleAddress } from "../wire/keys.js";
import { ACCOUNT_PREFIX } from "./genesis.js";
import { verifyDecodedTx, type AccountInfo, type VerifiedTx } from "./ante/verify.js";
import { outOfGasDetail, requiredFees } from "../framework/gas.js";
import { OutOfGas, TxGas, anteTxOf } from "./gas/tx-gas.js";
import { nodeView } from "./gas/node-view.js";
import { event, type TxEvent } from "../framework/events.js";
import type { DecodedTx } from "../wire/amino/stdtx.js";
import type { AppState } from "./state.js";
import { coreMemory, mib } from "../core/memory.js";
import { useGrantedFees, type GrantUse } from "../modules/feegrant/use.js";

/**
 * CheckTx of a decoded tx against the check state. `forMempool`: it is to wait in the mempool
 * (its room and cache checked); else CometBFT's `check_tx` RPC alone. Throws TxError.
 */
export function checkTx(s: AppState, decoded: DecodedTx, forMempool: boolean): { verified: VerifiedTx; gasUsed: bigint } {
  const limits = s.limits;
  // CometBFT's mempool before the app: the tx's size, room in the mempool, its cache.
  if (decoded.size > limits.maxTxBytes) {
    throw new TxError(SdkErrors.TxTooLarge, `tx bytes ${decoded.size} (max: ${limits.maxTxBytes})`);
  }
  const { size, totalBytes } = s.mempool;
  if (forMempool && (size + 1 > limits.mempoolMaxTxs || totalBytes + decoded.size > limits.mempoolMaxBytes)) {
    throw new TxError(
      SdkErrors.MempoolIsFull,
      `number of txs ${size} (max: ${limits.mempoolMaxTxs}), total txs bytes ${totalBytes} (max: ${limits.mempoolMaxBytes})`,
    );
  }
  if (forMempool && s.mempool.has(decoded.hash)) throw new TxError(SdkErrors.TxInMempoolCache);
  checkMemoryRoom(s);
  // Before any message is validated: a tx of more messages than the node takes costs nothing more.
  if (decoded.msgs.length > limits.maxMsgsPerTx) {
    throw new TxError(SdkErrors.InvalidRequest, `too many messages: ${decoded.msgs.length} (max: ${limits.maxMsgsPerTx})`);
  }
  const verified = verifyDecodedTx(decoded, verifyContext(s, true));
  checkFeeDenoms(s, verified);
  // x/feegrant's UseGrantedFees on the check state: the allowance as the waiting txs it pays left it
  const grant = grantUse(s, verified, s.last.timeNs, true);
  const gasUsed = checkGas(s, verified, grant);
  // The ante handler's DeductFees against the check state: the balance less the fees of this
  // signer's txs already in the mempool. A tx whose fee cannot be paid never enters a block.
  checkFeePayable(s, verified.feePayer, s.bondFee(verified), s.mempool.owedFees(verified.feePayer));
  return { verified, gasUsed };
}

/**
 * The state's room in the core's memory: a block cannot be refused, so a tx is, once the state
 * and the next growth of its tables (each a doubling into a fresh block) would pass the ceiling.
 */
export function checkMemoryRoom(s: AppState): void {
  // The core's memory changes with blocks only: measured once per block.
  let room = memoryRoom.get(s);
  if (room === undefined || room.height !== s.last.height) {
    const m = coreMemory(s.core, s.limits.coreMemoryBytes);
    room = {
      height: s.last.height,
      refusal: m.used + m.growth + m.margin <= m.ceiling ? undefined
        : `the state is at the core's memory bound: ${mib(m.used)} used, ${mib(m.growth + m.margin)} kept for its tables' next growth, ` +
          `ceiling ${mib(m.ceiling)} (--core-memory-limit); no tx is admitted (docs/operator.md, "Bounds")`,
    };
    memoryRoom.set(s, room);
  }
  if (room.refusal !== undefined) throw new TxError(SdkErrors.MempoolIsFull, room.refusal);
}

const memoryRoom = new WeakMap<AppState, { height: bigint; refusal: string | undefined }>();

/** Fees in the bond denom only (another denom is refused unless zero). */
export function checkFeeDenoms(s: AppState, tx: VerifiedTx): void {
  for (const c of tx.fee.amount) {
    if (c.denom !== s.denom && c.amount !== 0n) {
      throw new TxError(SdkErrors.InsufficientFee, `fee denom ${c.denom} is not accepted; pay in ${s.denom}`);
    }
  }
}

/**
 * The ante handler's gas checks at CheckTx: the gas limit within the block's (consensus
 * max_gas: sdk 41), the size and signature gas within the limit (sdk 11), and the fee at least
 * the node's minimum gas prices times the limit (sdk 13; CheckTx only, as in the SDK).
 */
function checkGas(s: AppState, tx: VerifiedTx, grant: GrantUse | undefined): bigint {
  const gas = tx.fee.gas;
  const maxGas = s.maxGas();
  if (maxGas >= 0n && gas > maxGas) {
    throw new TxError(SdkErrors.InvalidGasLimit, `tx gas limit ${gas} exceeds block max gas ${maxGas}`);
  }
  let used: bigint;
  try {
    used = anteGas(s, tx, gas, grant);
  } catch (e) {
    if (!(e instanceof OutOfGas)) throw e;
    throw new TxError(SdkErrors.OutOfGas, outOfGasDetail(e.descriptor, gas, e.used));
  }
  const required = requiredFees(s.minGasPrices, gas);
  if (required.length === 0) return used;
  const paid = (denom: string) => tx.fee.amount.filter((c) => c.denom === denom).reduce((t, c) => t + c.amount, 0n);
  if (!required.some((r) => paid(r.denom) >= r.amount)) {
    throw new TxError(
      SdkErrors.InsufficientFee,
      `insufficient fees; got: ${coinsString(tx.fee.amount.filter((c) => c.amount !== 0n))} required: ${coinsString(required)}`,
    );
  }
  return used;
}

/** A tx's gas meter over the node's state as the SDK's keepers see it (framework/gas/ and the modules' models, docs/gas.md). */
export function txGas(s: AppState, height: bigint, timeNs: bigint, limit: bigint): TxGas {
  const view = nodeView({
    core: s.core, ledger: s.ledger, tiers: s.tiers, directory: s.directory, validators: s.validators,
    denom: s.denom, communityTax: distributionParams(s.params, s.genesis.distribution.communityTax).communityTax, genesisTimeNs: s.genesis.genesisTimeNs,
  });
  return new TxGas(view, { height, timeNs }, limit);
}

/** The ante handler's gas at CheckTx (the next block's height and time); throws OutOfGas past `limit`. */
export function anteGas(s: AppState, tx: VerifiedTx, limit: bigint, grant?: GrantUse): bigint {
  const gas = txGas(s, s.last.height + 1n, s.last.timeNs, limit);
  gas.ante(anteTxOf(tx, s.bondFee(tx), grant?.gas), false);
  return gas.consumed;
}

/**
 * The ante's fee-granter path (x/auth DeductFeeDecorator, modules/feegrant/use.ts): a tx whose
 * fee.granter is not its payer has the granter's allowance accept its fee and messages at
 * `timeNs`; then the granter must hold an account. Undefined without a grant; throws the refusal.
 */
export function grantUse(s: AppState, tx: VerifiedTx, timeNs: bigint, check = false): GrantUse | undefined {
  if (tx.feeGrant === undefined) return undefined;
  const { granter, payer } = tx.feeGrant;
  const use = grantOf(s, granter, payer, tx.fee.amount, tx.msgs.map((m) => m.typeUrl), timeNs, check);
  if (s.directory.account(tx.feePayer) === undefined) throw new TxError(SdkErrors.UnknownAddress, `fee payer address: ${tx.feePayer} does not exist`);
  return use;
}

/** UseGrantedFees; `check`: on the check state (the allowance as the mempool's waiting txs it pays leave it). */
function grantOf(s: AppState, granter: string, payer: string, fee: readonly Coin[], typeUrls: readonly string[], timeNs: bigint, check: boolean): GrantUse {
  const paid = (coins: readonly Coin[]) => coins.filter((c) => c.amount !== 0n);
  const waiting = check ? s.mempool.granted(granter, payer).map((t) => ({ fee: paid(t.fee.amount), typeUrls: t.msgs.map((m) => m.typeUrl) })) : [];
  return useGrantedFees(s.feegrant, ACCOUNT_PREFIX, granter, payer, paid(fee), typeUrls, timeNs, waiting);
}

/** x/auth DeductFees: sdk 5 when the spendable balance less `owed` cannot pay `fee`. */
export function checkFeePayable(s: AppState, signer: string, fee: bigint, owed: bigint): void {
  if (fee === 0n) return;
  const id = s.directory.accountId(signer);
  const balance = id === undefined ? 0n : s.ledger.vesting.spendable(id);
  const spendable = balance > owed ? balance - owed : 0n;
  if (spendable < fee) {
    throw new TxError(
      SdkErrors.InsufficientFunds,
      `spendable balance ${spendable}${s.denom} is smaller than ${fee}${s.denom}: insufficient funds`,
    );
  }
}

/** What signature verification reads: the chain, the accounts (at CheckTx, the check state's sequences). */
export function verifyContext(s: AppState, check: boolean) {
  const f = contextFunctions(s);
  // The node's admission limits apply at CheckTx; a block's txs are not judged by them again.
  // x/auth's params as governance set them replace the node's limits.
  const auth = check ? authLimits(s.params) : undefined;
  const ctx = {
    chainId: s.genesis.chainId,
    registry: s.registry,
    prefix: ACCOUNT_PREFIX,
    height: s.last.height + 1n,
    getAccount: check ? f.checkAccount : f.account,
    impersonated: f.impersonated,
    msgAllowed: f.msgAllowed,
    autoImpersonate: s.autoImpersonate,
    maxMemoCharacters: check ? (auth?.maxMemoCharacters ?? s.limits.maxMemoCharacters) : Number.MAX_SAFE_INTEGER,
    txSigLimit: check ? (auth?.txSigLimit ?? s.limits.txSigLimit) : Number.MAX_SAFE_INTEGER,
  };
  // CheckTx: the fee granter's allowance before the signatures, as the SDK's DeductFeeDecorator
  return check ? { ...ctx, useFeeGrant: f.useFeeGrant } : ctx;
}

/**
 * The verify context's functions of a state, made once per state (each reads the state when
 * called): a CheckTx made five closures a tx for them.
 */
function contextFunctions(s: AppState): ContextFunctions {
  let f = CONTEXT_FUNCTIONS.get(s);
  if (f === undefined) {
    const account = (address: string, check: boolean) => {
      const a = s.directory.account(address);
      if (!a) return undefined;
      return { accountNumber: a.accountNumber, sequence: (check && s.mempool.nextSequence(address)) || a.sequence, ...(a.pubKey ? { pubKey: a.pubKey } : {}) };
    };
    f = {
      account: (address) => account(address, false),
      checkAccount: (address) => account(address, true),
      impersonated: (address) => s.impersonated.has(address),
      msgAllowed: (typeUrl) => s.circuit.isAllowed(typeUrl),
      useFeeGrant: (granter, payer, fee, urls) => void grantOf(s, granter, payer, fee, urls, s.last.timeNs, true),
    };
    CONTEXT_FUNCTIONS.set(s, f);
  }
  return f;
}

interface ContextFunctions {
  account(address: string): AccountInfo | undefined;
  checkAccount(address: string): AccountInfo | undefined;
  impersonated(address: string): boolean;
  msgAllowed(typeUrl: string): boolean;
  useFeeGrant(granter: string, payer: string, fee: readonly Coin[], urls: readonly string[]): void;
}

const CONTEXT_FUNCTIONS = new WeakMap<AppState, ContextFunctions>();

/**
 * The ante handler's events, in the SDK's order: the fee's transfer to the fee collector
 * (`coin_spent`, `coin_received`, `transfer`; none for a zero fee), `tx` {fee, fee_payer}, then
 * per signer `tx` {acc_seq} and `tx` {signature}.
 */
export function anteEvents(s: AppState, tx: VerifiedTx, fee: bigint): TxEvent[] {
  const amount = fee === 0n ? "" : `${fee}${s.denom}`;
  const events: TxEvent[] = [];
  if (fee !== 0n) {
    const collector = moduleAddress("fee_collector", ACCOUNT_PREFIX);
    events.push(
      event("coin_spent", { spender: tx.feePayer, amount }),
      event("coin_received", { receiver: collector, amount }),
      event("transfer", { recipient: collector, sender: tx.feePayer, amount }),
      event("message", { sender: tx.feePayer }),
    );
  }
  events.push(event("tx", { fee: amount, fee_payer: tx.feePayer }));
  for (const sig of tx.signers) events.push(event("tx", { acc_seq: `${sig.address}/${sig.sequence}` }), event("tx", { signature: sig.signature }));
  return events;
}
