// Shared by the tx-*.test.ts suites (amino-JSON signed transactions against the real client): the
// keys CosmJS derives from a fixed test mnemonic, a verify context with two accounts and a
// governance-only message type, a tx signed by CosmJS as a POST delivers it, and the checks of a
// refusal's exact codespace, code and log.

import * as assert from "uvu/assert";
import {
  Secp256k1HdWallet,
  makeSignDoc as cosmjsMakeSignDoc,
  makeStdTx,
  type AminoMsg as CosmjsAminoMsg,
  type StdFee as CosmjsStdFee,
} from "@cosmjs/amino";
import { stringToPath } from "@cosmjs/crypto";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { hex } from "@scure/base";
import { MessageRegistry } from "../../host/app/registry.js";
import { bankModule } from "../../host/modules/bank/module.js";

export const MSG_SEND = "cosmos-sdk/MsgSend";
import { TxError } from "../../host/wire/errors.js";
import { broadcastRequest, decodeTx as decodeTxBytes } from "../../host/wire/amino/stdtx.js";
import { verifyTx, type AccountInfo, type VerifyContext } from "../../host/app/ante/verify.js";

/** A POSTed body's tx decoded, as the node takes it. */
export const decodeTx = (body: unknown) => decodeTxBytes(broadcastRequest(body).tx);

/** The BIP-39 all-zero-entropy 24-word vector: a fixed, public, test-only mnemonic. */
const MNEMONIC = `${"abandon ".repeat(23)}art`;
/** Cronos POS coin type 394. */
const path = (i: number) => stringToPath(`m/44'/394'/0'/0/${i}`);

const wallet = await Secp256k1HdWallet.fromMnemonic(MNEMONIC, { prefix: "cro", hdPaths: [path(0), path(1), path(2)] });
export const [alice, bob, carol] = await wallet.getAccounts();
export const A = alice!.address;
export const B = bob!.address;
export const C = carol!.address; // never funded: no account

export const CHAIN_ID = "chainmain-1";
export const GOV = "cro10d07y265gmmuvt4z0w9aw880jnsr700jzemu2z";
/** A governance-only message (x/bank MsgSetSendEnabled: signed by the chain's authority). */
export const GOV_TYPE = "cosmos-sdk/MsgSetSendEnabled";

export const FEE: CosmjsStdFee = { amount: [{ denom: "basecro", amount: "5000" }], gas: "200000" };

export interface Fixture {
  accounts: Map<string, AccountInfo>;
  ctx: VerifyContext;
}

export function fixture(): Fixture {
  const registry = new MessageRegistry([bankModule]);
  const accounts = new Map<string, AccountInfo>([
    [A, { accountNumber: 7n, sequence: 3n }],
    [B, { accountNumber: 12n, sequence: 0n }],
  ]);
  return { accounts, ctx: { chainId: CHAIN_ID, registry, getAccount: (a) => accounts.get(a) } };
}

export const send = (from: string, to: string, amount: unknown = [{ denom: "basecro", amount: "100" }]): CosmjsAminoMsg => ({
  type: MSG_SEND,
  value: { from_address: from, to_address: to, amount },
});

export interface SignOptions {
  msgs?: CosmjsAminoMsg[];
  fee?: CosmjsStdFee;
  memo?: string;
  chainId?: string;
  accountNumber?: number;
  sequence?: number;
  signer?: string;
}

/** Signs with CosmJS and returns the POST body `{tx: StdTx, mode}`. */
export async function signed(o: SignOptions = {}): Promise<{ tx: Record<string, any>; mode: string }> {
  const signer = o.signer ?? A;
  const doc = cosmjsMakeSignDoc(
    o.msgs ?? [send(signer, B)],
    o.fee ?? FEE,
    o.chainId ?? CHAIN_ID,
    o.memo ?? "",
    o.accountNumber ?? 7,
    o.sequence ?? 3,
  );
  const { signed: signedDoc, signature } = await wallet.signAmino(signer, doc);
  // Round-trip through JSON: exactly what a POST delivers.
  return JSON.parse(JSON.stringify({ tx: makeStdTx(signedDoc, signature), mode: "sync" }));
}

export function rejects(f: () => unknown, codespace: string, code: number, log: string): TxError {
  try {
    f();
  } catch (e) {
    if (!(e instanceof TxError)) throw e;
    assert.is(e.log, log);
    assert.is(e.message, log);
    assert.is(e.codespace, codespace);
    assert.is(e.code, code);
    return e;
  }
  assert.unreachable(`expected ${codespace} ${code}: ${log}`);
  throw new Error("unreachable");
}

export const rejectsTx = (body: unknown, ctx: VerifyContext, codespace: string, code: number, log: string) =>
  rejects(() => verifyTx(body, ctx), codespace, code, log);

/**
 * Admitted at CheckTx (no message keeps a ValidateBasic in SDK v0.53): its server refuses the
 * message in the block, with this error (deliver.ts), after the fee and sequence.
 */
export function failsInBlock(body: unknown, ctx: VerifyContext, codespace: string, code: number, log: string): TxError {
  const v = verifyTx(body, ctx);
  const invalid = v.msgs.find((m) => m.invalid !== undefined)?.invalid;
  if (invalid === undefined) {
    assert.unreachable(`expected a message its server refuses with ${codespace} ${code}: ${log}`);
    throw new Error("unreachable");
  }
  return rejects(() => { throw invalid; }, codespace, code, log);
}

export const decodeFails = (body: unknown, detail: string) => rejects(() => decodeTx(body), "sdk", 2, `${detail}: tx parse error`);

export const sigFailed = (accountNumber: bigint, sequence: bigint, chainId = CHAIN_ID) =>
  `signature verification failed; please verify account number (${accountNumber}), sequence (${sequence}) ` +
  `and chain-id (${chainId}): unauthorized`;

/** (r, n - s): the malleated twin of a signature. */
export function highS(sig: Uint8Array): Uint8Array {
  const n = secp256k1.Point.Fn.ORDER;
  const s = BigInt(`0x${hex.encode(sig.slice(32))}`);
  assert.ok(s <= n / 2n, "CosmJS signs low S");
  const out = new Uint8Array(64);
  out.set(sig.slice(0, 32));
  out.set(hex.decode((n - s).toString(16).padStart(64, "0")), 32);
  return out;
}

/** The message `f` throws (it must throw). */
export function thrownBy(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error("expected a throw");
}
