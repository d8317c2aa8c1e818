// Dev mode's cheat codes as state changes of a block (dev/chain.ts decides them), made in order
// before the block's BeginBlock: a balance set (the supply following it), an account's sequence
// set, a delegation set (MsgDelegate of what it lacks, its tokens minted first; MsgUndelegate of
// what it has over), and a message run as a signer without a tx (module params as the governance
// authority, a tier position opened or raised with its tokens minted first); and the signers whose
// txs were admitted unsigned (impersonated). Each is a `cheat` event of the block's finalize-block
// events, and a replay (Application.replay) reads them back from there: the same block, the same
// state. A cheat never fails a block: one that cannot be made is left out, its event saying why.

import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { base64 } from "@scure/base";
import { FIRST_USER_ACCOUNT } from "../core/ledger.js";
import { U128_MAX } from "../core/core.js";
import { event, type TxEvent } from "../framework/events.js";
import { ACCOUNT_PREFIX } from "../framework/prefixes.js";
import type { VerifiedTx } from "./ante/verify.js";
import type { AppState } from "./state.js";

/** A bank balance of the bond denom set to `amount` (minted or burned: the supply follows). */
export interface BalanceCheat {
  address: string;
  amount: bigint;
}

/** A state change a block makes before its BeginBlock (dev mode's setters). */
export type StateCheat =
  | ({ kind: "balance" } & BalanceCheat)
  | { kind: "sequence"; address: string; sequence: bigint }
  | { kind: "delegation"; delegator: string; validator: string; amount: bigint }
  /** A message (its type URL and protobuf bytes) run as `signer`, `mint` of the bond denom credited to it first. */
  | { kind: "message"; signer: string; typeUrl: string; value: Uint8Array; mint: bigint };

/** The cheats a block carries. */
export interface BlockCheats {
  changes?: readonly StateCheat[];
  /** Signers of the block's txs admitted without a signature check (replay: known before the txs run). */
  unsigned?: readonly string[];
}

export const CHEAT_EVENT = "cheat";

/** The state changes, in order, before BeginBlock; their events (and those of the messages they ran). */
export function applyStateCheats(s: AppState, changes: readonly StateCheat[], height: bigint, timeNs: bigint): TxEvent[] {
  return changes.flatMap((c) => {
    switch (c.kind) {
      case "balance": return [applyBalance(s, c)];
      case "sequence": return [applySequence(s, c.address, c.sequence)];
      case "delegation": return applyDelegation(s, c, height, timeNs);
      case "message": return applyMessage(s, c, height, timeNs);
    }
  });
}

function applyBalance(s: AppState, { address, amount }: BalanceCheat): TxEvent {
  const id = s.directory.ensure(address);
  const previous = s.ledger.balance(id);
  const attrs = { action: "set_balance", address, amount: `${amount}${s.denom}`, previous: `${previous}${s.denom}` };
  const supply = s.emission.last();
  if (id < FIRST_USER_ACCOUNT) return event(CHEAT_EVENT, { ...attrs, error: "a module account's balance is its module's" });
  if (supply.totalSupply - previous + amount > U128_MAX) return event(CHEAT_EVENT, { ...attrs, error: "the supply would overflow" });
  if (amount > previous) mint(s, id, amount - previous);
  else if (amount < previous) s.ledger.burn(id, previous - amount);
  return event(CHEAT_EVENT, attrs);
}

/** `amount` of the bond denom credited to account `id`, the supply grown by as much. */
function mint(s: AppState, id: number, amount: bigint): void {
  const supply = s.emission.last();
  s.ledger.genesisBalance(id, amount);
  s.emission.setState({ height: supply.height, totalSupply: supply.totalSupply + amount, burned: s.burned });
}

function applySequence(s: AppState, address: string, sequence: bigint): TxEvent {
  const previous = s.directory.record(address)?.sequence ?? 0n;
  const attrs = { action: "set_sequence", address, sequence: `${sequence}`, previous: `${previous}` };
  if (!s.directory.numbered(address)) return event(CHEAT_EVENT, { ...attrs, error: "no such account: it has neither received coins nor sent a tx" });
  s.directory.genesisAccount(address, { sequence });
  return event(CHEAT_EVENT, attrs);
}

/** The delegation's tokens made `amount`: MsgDelegate of what it lacks (minted to the delegator first), MsgUndelegate of the excess. */
function applyDelegation(s: AppState, c: { delegator: string; validator: string; amount: bigint }, height: bigint, timeNs: bigint): TxEvent[] {
  const validator = s.directory.validatorId(c.validator);
  const delegatorId = s.directory.accountId(c.delegator);
  const previous = validator === undefined || delegatorId === undefined ? 0n : (s.ledger.delegation(delegatorId, validator)?.balance ?? 0n);
  const attrs = { action: "set_delegation", delegator: c.delegator, validator: c.validator, amount: `${c.amount}${s.denom}`, previous: `${previous}${s.denom}` };
  if (validator === undefined) return [event(CHEAT_EVENT, { ...attrs, error: "no such validator" })];
  if (delegatorId !== undefined && delegatorId < FIRST_USER_ACCOUNT) return [event(CHEAT_EVENT, { ...attrs, error: "a module account cannot delegate" })];
  if (c.amount === previous) return [event(CHEAT_EVENT, attrs)];
  const raise = c.amount > previous;
  const typeUrl = raise ? "/cosmos.staking.v1beta1.MsgDelegate" : "/cosmos.staking.v1beta1.MsgUndelegate";
  const delta = raise ? c.amount - previous : previous - c.amount;
  const msg = { delegatorAddress: c.delegator, validatorAddress: c.validator, amount: { denom: s.denom, amount: `${delta}` } };
  const r = runMessage(s, c.delegator, typeUrl, msg, raise ? delta : 0n, height, timeNs);
  return [event(CHEAT_EVENT, r.error === undefined ? attrs : { ...attrs, error: r.error }), ...r.events];
}

function applyMessage(s: AppState, c: Extract<StateCheat, { kind: "message" }>, height: bigint, timeNs: bigint): TxEvent[] {
  const attrs = { action: "message", signer: c.signer, type_url: c.typeUrl, msg: base64.encode(c.value), mint: `${c.mint}${s.denom}` };
  const entry = s.registry.entry(c.typeUrl);
  if (entry === undefined) return [event(CHEAT_EVENT, { ...attrs, error: `no message ${c.typeUrl}` })];
  let msg: unknown;
  try {
    msg = fromBinary(entry.def.schema, c.value);
  } catch (e) {
    return [event(CHEAT_EVENT, { ...attrs, error: (e as Error).message })];
  }
  const r = runMessage(s, c.signer, c.typeUrl, msg, c.mint, height, timeNs);
  return [event(CHEAT_EVENT, r.error === undefined ? attrs : { ...attrs, error: r.error }), ...r.events];
}

/** The protobuf bytes of `typeUrl`'s message made from `init` (what a `message` cheat carries); throws on a bad one. */
export function messageBytes(s: AppState, typeUrl: string, init: unknown): Uint8Array {
  const entry = s.registry.entry(typeUrl);
  if (entry === undefined) throw new Error(`no message ${typeUrl}`);
  return toBinary(entry.def.schema, create(entry.def.schema, init as never));
}

/**
 * A message run as `signer` without a tx (no fee, no sequence, no signature, no authority check):
 * its module's own stateless checks and handler, `mint` credited to the signer first, all in one
 * store transaction, undone whole on failure.
 */
function runMessage(
  s: AppState, signer: string, typeUrl: string, init: unknown, mintAmount: bigint, height: bigint, timeNs: bigint,
): { events: TxEvent[]; error?: string } {
  const entry = s.registry.entry(typeUrl);
  if (entry === undefined) return { events: [], error: `no message ${typeUrl}` };
  const x = s.core.exports;
  const accountsMark = s.directory.mark();
  x.storeTxBegin();
  s.txJournal.begin();
  try {
    const msg = create(entry.def.schema, init as never);
    const parsed = entry.def.validate(msg, { prefix: ACCOUNT_PREFIX, messages: s.registry });
    if (mintAmount > 0n) {
      const id = s.directory.ensure(signer);
      if (id < FIRST_USER_ACCOUNT) throw new Error("a module account's balance is its module's");
      if (s.emission.last().totalSupply + mintAmount > U128_MAX) throw new Error("the supply would overflow");
      mint(s, id, mintAmount);
    }
    const out = entry.def.handle(s.messageContext(signer, height, timeNs), parsed);
    x.storeTxCommit();
    s.txJournal.release();
    return { events: out.events };
  } catch (e) {
    x.storeTxAbort();
    s.txJournal.rollback();
    s.directory.rollbackTo(accountsMark);
    const log = (e as { log?: string }).log;
    return { events: [], error: typeof log === "string" ? log : (e as Error).message };
  }
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

const amountOf = (text: string) => BigInt(/^[0-9]+/.exec(text)![0]);

/** The cheats a stored block's finalize-block events record (replay), or undefined. */
export function blockCheatsOf(eventsJson: string | undefined): BlockCheats | undefined {
  if (eventsJson === undefined || !eventsJson.includes(`"${CHEAT_EVENT}"`)) return undefined;
  const changes: StateCheat[] = [];
  const unsigned: string[] = [];
  for (const e of JSON.parse(eventsJson) as TxEvent[]) {
    if (e.type !== CHEAT_EVENT) continue;
    const a: Record<string, string | undefined> = Object.fromEntries(e.attributes.map((x) => [x.key, x.value]));
    // One that was refused is asked again: it is refused again, for the same reason.
    switch (a.action) {
      case "impersonated":
        if (a.address !== undefined) unsigned.push(a.address);
        break;
      case "set_balance":
        changes.push({ kind: "balance", address: a.address!, amount: amountOf(a.amount!) });
        break;
      case "set_sequence":
        changes.push({ kind: "sequence", address: a.address!, sequence: BigInt(a.sequence!) });
        break;
      case "set_delegation":
        changes.push({ kind: "delegation", delegator: a.delegator!, validator: a.validator!, amount: amountOf(a.amount!) });
        break;
      case "message":
        changes.push({ kind: "message", signer: a.signer!, typeUrl: a.type_url!, value: base64.decode(a.msg!), mint: amountOf(a.mint!) });
        break;
    }
  }
  return { changes, unsigned };
}
