// x/bank's params as the SDK v0.53 keeps them: `default_send_enabled` (the Params item) and a
// send-enabled flag per denom (the SendEnabled map; a denom without one follows the default).
// From the genesis (`params.default_send_enabled`, `send_enabled`), changed by governance
// (MsgUpdateParams, MsgSetSendEnabled), journaled like x/gov's records (a failed tx or proposal
// undoes its change) and committed as one module record, `b/params`, hashed with the state.

import { UndoJournal } from "../../framework/journal.js";
import type { ModuleRecord } from "../../store/records.js";

export interface SendEnabledEntry {
  readonly denom: string;
  readonly enabled: boolean;
}

export interface BankParams {
  readonly defaultSendEnabled: boolean;
  /** Denoms with a flag of their own, sorted by denom (the store's key order). */
  readonly sendEnabled: readonly SendEnabledEntry[];
}

export const DEFAULT_BANK_PARAMS: BankParams = { defaultSendEnabled: true, sendEnabled: [] };

const KEY = "b/params";

export class Bank {
  private defaultSendEnabled: boolean;
  private readonly entries = new Map<string, boolean>();
  private dirty = false;

  constructor(genesis: BankParams = DEFAULT_BANK_PARAMS, private readonly undo = new UndoJournal()) {
    this.defaultSendEnabled = genesis.defaultSendEnabled;
    for (const e of genesis.sendEnabled) this.entries.set(e.denom, e.enabled);
  }

  /** Whether a module record key is x/bank's. */
  static owns(key: string): boolean {
    return key.startsWith("b/");
  }

  params(): BankParams {
    return { defaultSendEnabled: this.defaultSendEnabled, sendEnabled: this.sendEnabledEntries() };
  }

  sendEnabledEntries(): SendEnabledEntry[] {
    return [...this.entries].map(([denom, enabled]) => ({ denom, enabled })).sort((a, b) => (a.denom < b.denom ? -1 : a.denom > b.denom ? 1 : 0));
  }

  /** getSendEnabled: the denom's own flag, if it has one. */
  entry(denom: string): boolean | undefined {
    return this.entries.get(denom);
  }

  /** IsSendEnabledDenom. */
  isSendEnabled(denom: string): boolean {
    return this.entries.get(denom) ?? this.defaultSendEnabled;
  }

  get defaultEnabled(): boolean {
    return this.defaultSendEnabled;
  }

  private change(apply: () => void): void {
    const old = { d: this.defaultSendEnabled, e: new Map(this.entries) };
    apply();
    this.dirty = true;
    this.undo.push(() => {
      this.defaultSendEnabled = old.d;
      this.entries.clear();
      for (const [k, v] of old.e) this.entries.set(k, v);
      this.dirty = true;
    });
  }

  /** SetParams (the deprecated params.send_enabled moved to the per-denom flags, as the keeper does). */
  setParams(p: BankParams): void {
    this.change(() => {
      for (const e of p.sendEnabled) this.entries.set(e.denom, e.enabled);
      this.defaultSendEnabled = p.defaultSendEnabled;
    });
  }

  /** MsgSetSendEnabled: SetAllSendEnabled, then DeleteSendEnabled. */
  setSendEnabled(set: readonly SendEnabledEntry[], useDefaultFor: readonly string[]): void {
    this.change(() => {
      for (const e of set) this.entries.set(e.denom, e.enabled);
      for (const d of useDefaultFor) this.entries.delete(d);
    });
  }

  takeDirty(): ModuleRecord[] {
    if (!this.dirty) return [];
    this.dirty = false;
    return [{ key: KEY, value: JSON.stringify({ default_send_enabled: this.defaultSendEnabled, send_enabled: this.sendEnabledEntries() }) }];
  }

  /** An exported record into a new chain (written with its first block). */
  importRecord(key: string, value: string): void {
    this.load(key, value);
    this.dirty = true;
  }

  /** A stored record back (on start): it replaces the genesis's params. */
  load(key: string, value: string): void {
    if (key !== KEY) return;
    const o = JSON.parse(value) as { default_send_enabled: boolean; send_enabled: SendEnabledEntry[] };
    this.defaultSendEnabled = o.default_send_enabled;
    this.entries.clear();
    for (const e of o.send_enabled) this.entries.set(e.denom, e.enabled);
  }
}
