// The crash suite's load (test/crash/driver.ts): what it knows of a tx (sent, committed, each
// signer's state), the seeded streams the kill schedule and every tx come from, the next tx of a
// signer, and a tx's result as one comparable text.

import type { AminoMsg, StdFee } from "@cosmjs/amino";
import { devAddress, operatorOf } from "../../host/app/genesis.js";
import { delegateMsg, lockTierMsg, sendMsg, undelegateMsg, withdrawMsg, type DevSigner } from "../helpers/dev-signer.js";

/** A generous gas limit (a gas meter may come) at 0.025 basecro per gas. */
export const CRASH_FEE: StdFee = { amount: [{ denom: "basecro", amount: "25000" }], gas: "1000000" };

export interface Committed {
  hash: string;
  signer: number;
  sequence: bigint;
  height: bigint;
  code: number;
  codespace: string;
  /** Whether the tx got past the ante checks (its sequence moved): an acc_seq event. */
  bumped: boolean;
}

export interface Sent {
  hash: string;
  signer: number;
  sequence: bigint;
}

export interface SignerState {
  n: number;
  signer: DevSigner;
  accountNumber: bigint;
  initialSequence: bigint;
  next: bigint;
  gen: () => bigint;
  counter: number;
}

const VALIDATORS = [1, 2, 3, 4].map((n) => operatorOf(devAddress(n)));

/** A non-zero 64-bit seed for stream `k` of the run's seed. */
export const seedOf = (seed: bigint, k: bigint): bigint => ((seed * 0x9e3779b97f4a7c15n + k * 0xbf58476d1ce4e5b9n) & 0xffff_ffff_ffff_ffffn) | 1n;

export const int = (gen: () => bigint, n: number): number => Number(gen() % BigInt(n));
export const between = (gen: () => bigint, lo: number, hi: number): number => lo + int(gen, hi - lo + 1);

/** The next tx of a signer: its messages and broadcast mode, from the signer's own generator. */
export function pickTx(s: SignerState, users: string[]): { msgs: AminoMsg[]; mode: string } {
  const g = s.gen;
  const me = s.signer.address;
  const val = VALIDATORS[int(g, VALIDATORS.length)]!;
  const other = users.filter((u) => u !== me)[int(g, users.length - 1)]!;
  const r = int(g, 100);
  let msgs: AminoMsg[];
  if (r < 30) msgs = [sendMsg(me, other, BigInt(between(g, 1, 1_000_000)))];
  else if (r < 50) msgs = [delegateMsg(me, val, BigInt(between(g, 1, 100)) * 1_000_000n)];
  else if (r < 58) msgs = [undelegateMsg(me, val, BigInt(between(g, 1, 1000)))]; // may fail: no delegation, too many entries
  else if (r < 68) msgs = [withdrawMsg(me, val)]; // fails without a delegation
  else if (r < 73) msgs = [lockTierMsg(me, between(g, 1, 3), 10_000_000_000n, val)];
  else if (r < 80) msgs = [sendMsg(me, other, 10n ** 30n)]; // fails in the message: insufficient funds
  else if (r < 90) msgs = [sendMsg(me, other, BigInt(between(g, 1, 1000))), delegateMsg(me, val, 1_000_000n)];
  else msgs = [delegateMsg(me, val, 2_000_000n), withdrawMsg(me, val)];
  return { msgs, mode: int(g, 100) < 15 ? "block" : "sync" };
}

export interface TxResponse {
  height: string;
  code: number;
  codespace: string;
  events?: unknown;
}

/** A tx's result as one comparable text: `ok` or `codespace/code`. */
export const result = (r: { code: number; codespace: string }): string => (r.code === 0 ? "ok" : `${r.codespace}/${r.code}`);

export function hasAccSeq(events: unknown): boolean {
  if (!Array.isArray(events)) return false;
  return events.some((e: { attributes?: { key: string }[] }) => e.attributes?.some((a) => a.key === "acc_seq"));
}
