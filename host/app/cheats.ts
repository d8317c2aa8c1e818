// Dev mode's cheat codes as state changes of a block (drivers/cheats.ts decides them): a balance
// set before the block's BeginBlock, the supply following it, and the signers whose txs were
// admitted unsigned (impersonated). Each is a `cheat` event of the block's finalize-block events,
// and a replay (Application.replay) reads them back from there: the same block, the same state.

import { FIRST_USER_ACCOUNT } from "../core/ledger.js";
import { U128_MAX } from "../core/core.js";
import { event, type TxEvent } from "../framework/events.js";
import type { VerifiedTx } from "./ante/verify.js";
import type { AppState } from "./state.js";

/** A bank balance of the bond denom set to `amount` (minted or burned: the supply follows). */
export interface BalanceCheat {
  address: string;
  amount: bigint;
}

/** The cheats a block carries. */
export interface BlockCheats {
  balances?: readonly BalanceCheat[];
  /** Signers of the block's txs admitted without a signature check (replay: known before the txs run). */
  unsigned?: readonly string[];
}

export const CHEAT_EVENT = "cheat";

/**
 * Set the balances, in order, before BeginBlock; their events. A module account, or a balance
 * that would take the supply past 128 bits, is left as it is (the event says why): a cheat never
 * fails a block.
 */
export function applyBalanceCheats(s: AppState, balances: readonly BalanceCheat[]): TxEvent[] {
  return balances.map(({ address, amount }) => {
    const id = s.directory.ensure(address);
    const previous = s.ledger.balance(id);
    const attrs = { action: "set_balance", address, amount: `${amount}${s.denom}`, previous: `${previous}${s.denom}` };
    const supply = s.emission.last();
    if (id < FIRST_USER_ACCOUNT) return event(CHEAT_EVENT, { ...attrs, error: "a module account's balance is its module's" });
    if (supply.totalSupply - previous + amount > U128_MAX) return event(CHEAT_EVENT, { ...attrs, error: "the supply would overflow" });
    if (amount > previous) {
      s.ledger.genesisBalance(id, amount - previous);
      s.emission.setState({ height: supply.height, totalSupply: supply.totalSupply + amount - previous, burned: s.burned });
    } else if (amount < previous) {
      s.ledger.burn(id, previous - amount);
    }
    return event(CHEAT_EVENT, attrs);
  });
}

/** The signers of a block's txs admitted unsigned, each once, in order of appearance. */
export function unsignedSigners(txs: readonly ({ verified: VerifiedTx } | { tx: Uint8Array })[]): string[] {
  const out = new Set<string>();
  for (const t of txs) {
    if ("verified" in t) for (const signer of t.verified.signers) if (signer.unsigned) out.add(signer.address);
  }
  return [...out];
}

export function unsignedEvents(addresses: readonly string[]): TxEvent[] {
  return addresses.map((address) => event(CHEAT_EVENT, { action: "impersonated", address }));
}

/** `run` with `addresses` impersonated too (a replayed block's txs verified as at delivery). */
export function withUnsigned<T>(s: AppState, addresses: readonly string[], run: () => T): T {
  const added = addresses.filter((a) => !s.impersonated.has(a));
  for (const a of added) s.impersonated.add(a);
  try {
    return run();
  } finally {
    for (const a of added) s.impersonated.delete(a);
  }
}

/** The cheats a stored block's finalize-block events record (replay), or undefined. */
export function blockCheatsOf(eventsJson: string | undefined): BlockCheats | undefined {
  if (eventsJson === undefined || !eventsJson.includes(`"${CHEAT_EVENT}"`)) return undefined;
  const balances: BalanceCheat[] = [];
  const unsigned: string[] = [];
  for (const e of JSON.parse(eventsJson) as TxEvent[]) {
    if (e.type !== CHEAT_EVENT) continue;
    const a = Object.fromEntries(e.attributes.map((x) => [x.key, x.value]));
    if (a.action === "impersonated" && a.address !== undefined) unsigned.push(a.address);
    if (a.action === "set_balance" && a.address !== undefined && a.amount !== undefined) {
      // One that was refused is asked again: it is refused again, for the same reason.
      balances.push({ address: a.address, amount: BigInt(/^[0-9]+/.exec(a.amount)![0]) });
    }
  }
  return { balances, unsigned };
}
