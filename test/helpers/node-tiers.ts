// Shared by the node-tiers-*.test.ts suites (x/tieredrewards through the node): the constants, a
// tx asserted to succeed, a typed tier event's field, the tier routes' reads, and the error text of
// a failed message.

import * as assert from "uvu/assert";
import type { AminoMsg } from "@cosmjs/amino";
import { ModuleAccount } from "../../host/core/ledger.js";
import { devAddress } from "../../host/app/genesis.js";
import { FEE } from "./dev-signer.js";
import { committedTx as tx, type TestNode as Node } from "./node.js";

export const S = 1_000_000_000n;
export const FEE_AMOUNT = BigInt(FEE.amount[0]!.amount);
export const GOV = devAddress(0); // the default genesis's authority
export const TR = "/chainmain/tieredrewards/v1";
export const ZERO_TIME = "0001-01-01T00:00:00Z";
export const YEAR_SECONDS = 31_557_600n;
export const CRO = 100_000_000n;

/** As tx, asserting success. */
export async function ok(node: Node, n: number, msgs: AminoMsg[]): Promise<any> {
  const tr = await tx(node, n, msgs);
  assert.is(tr.code, 0, tr.raw_log);
  return tr;
}

/** A typed tier event's field (its attribute parsed from proto-JSON); `nth` for repeated events. */
export function field(tr: any, event: string, key: string, nth = 0): any {
  const e = tr.events.filter((x: any) => x.type === `chainmain.tieredrewards.v1.${event}`)[nth];
  const v = e?.attributes.find((a: any) => a.key === key)?.value;
  return v === undefined ? undefined : JSON.parse(v);
}

export const tierEvents = (tr: any): string[] =>
  tr.events.map((e: any) => e.type as string).filter((t: string) => t.startsWith("chainmain.tieredrewards.v1."))
    .map((t: string) => t.slice("chainmain.tieredrewards.v1.".length));

export const validator = (node: Node, id: number) => node.chain.directory.validatorAddress(id)!;
export const balanceOf = (node: Node, address: string) => node.chain.ledger.balance(node.chain.directory.accountId(address)!);
export const pool = (node: Node) => node.chain.ledger.balance(ModuleAccount.rewardsPool);
export const rate = async (node: Node) => (await node.get(`${TR}/params`)).json.params.target_base_rewards_rate as string;
export const tiersOf = async (node: Node) => (await node.get(`${TR}/tiers`)).json.tiers as any[];
export const allPositions = async (node: Node, raw = false) => (await node.get(`${TR}${raw ? "/raw" : ""}/positions`)).json;
export const ids = (r: any) => r.positions.map((p: any) => p.id);

/** The pool's decrease over one empty block: that block's base-rewards top-up. */
export async function topUpOfNextBlock(node: Node): Promise<bigint> {
  const before = pool(node);
  await node.post("/dev/advance?blocks=1");
  return before - pool(node);
}

export const tier = (id: number, exit: string, apy: string, minLock: bigint, closeOnly = false) => ({
  id, exit_duration: exit, bonus_apy: apy, min_lock_amount: `${minLock}`, close_only: closeOnly,
});
/** Decimal text as a Dec renders it: 18 decimals. */
export const dec18 = (text: string) => {
  const [int, frac = ""] = text.split(".");
  return `${int}.${frac.padEnd(18, "0")}`;
};
/** A tier as the routes and events render it. */
export const tierJson = (t: ReturnType<typeof tier>) => ({ ...t, bonus_apy: dec18(t.bonus_apy) });

export const failed = (index: number, log: string) => `failed to execute message; message index: ${index}: ${log}`;
