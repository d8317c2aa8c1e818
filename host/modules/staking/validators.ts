// x/staking's validator records beyond what the core keeps (tokens, shares, commission rate,
// status): the description, the commission's max rate, max change rate and update time, and the
// ed25519 consensus key. Every validator's record is committed with the block that made it (a
// gentx's or an exported validator's with the genesis block; stored beside x/gov's records, keys
// `val/<id>`), hashed and exported. The node signs its own blocks for a validator whose key is the
// one it derives from the chain id and the operator (consensus-key.ts).
// Changes inside a tx are journaled: a failed tx leaves no validator behind.

import { base64 } from "@scure/base";
import { accountAddressBytes } from "../../wire/address.js";
import { VALIDATOR_PREFIX } from "../../framework/prefixes.js";
import type { ValidatorDescription } from "./genesis.js";
import { consensusAddressOf, consensusKey } from "./consensus-key.js";
import type { NodeDirectory } from "../auth/directory.js";
import type { ModuleRecord } from "../../store/records.js";
import { UndoJournal } from "../../framework/journal.js";

export interface ValidatorMeta {
  operator: string;
  description: ValidatorDescription;
  /** Raw Decs. */
  maxRate: bigint;
  maxChangeRate: bigint;
  /** The commission's update time (unix ns): the block time of the validator's creation. */
  updateTimeNs: bigint;
  /** ed25519 consensus public key (32 bytes). */
  pub: Uint8Array;
}

export interface ValidatorKey {
  pub: Uint8Array;
  /** CometBFT address: upper-case hex of sha256(pub)[:20]. */
  address: string;
  /** The private key, when the node knows it (a derived one): the own block producer signs with it. */
  seed?: Uint8Array;
}

const PREFIX = "val/";

export class ValidatorRegistry {
  private readonly metas = new Map<number, ValidatorMeta>();
  private readonly keys = new Map<number, ValidatorKey>();
  private readonly byAddress = new Map<string, number>();
  private readonly dirty = new Set<number>();

  /** `undo`: the tx's undo steps (the node's, shared with x/gov's records). */
  constructor(private readonly chainId: string, private readonly directory: NodeDirectory, private readonly undo = new UndoJournal()) {}

  /** An exported validator's record at genesis (persisted with the first block). */
  place(id: number, meta: ValidatorMeta): void {
    this.put(id, meta);
    this.directory.addValidator(id, meta.operator);
    this.dirty.add(id);
  }

  /** MsgCreateValidator's record (journaled; persisted with the block). */
  create(id: number, meta: ValidatorMeta): void {
    this.put(id, meta);
    this.directory.addValidator(id, meta.operator);
    this.dirty.add(id);
    this.undo.push(() => {
      this.metas.delete(id);
      this.keys.delete(id);
      this.byAddress.delete(consensusAddressOf(meta.pub));
      this.directory.removeValidator(id);
      this.dirty.delete(id);
    });
  }

  /** MsgEditValidator's record changes (journaled; persisted with the block). */
  edit(id: number, meta: ValidatorMeta): void {
    const before = this.metas.get(id)!;
    this.metas.set(id, meta);
    const wasDirty = this.dirty.has(id);
    this.dirty.add(id);
    this.undo.push(() => {
      this.metas.set(id, before);
      if (!wasDirty) this.dirty.delete(id);
    });
  }

  private put(id: number, meta: ValidatorMeta): void {
    const address = consensusAddressOf(meta.pub);
    // The node signs its own blocks for a validator whose key is the one it derives.
    const derived = consensusKey(this.chainId, meta.operator);
    const seed = equalBytes(derived.pub, meta.pub) ? derived.seed : undefined;
    this.metas.set(id, meta);
    this.keys.set(id, { pub: meta.pub, address, ...(seed ? { seed } : {}) });
    this.byAddress.set(address, id);
  }

  meta(id: number): ValidatorMeta | undefined {
    return this.metas.get(id);
  }

  key(id: number): ValidatorKey | undefined {
    return this.keys.get(id);
  }

  /** The validator of a consensus address (upper-case hex). */
  byConsensusAddress(address: string): number | undefined {
    return this.byAddress.get(address);
  }

  /** The next validator id (ids are dense: genesis order, then creation order). */
  nextId(): number {
    let max = -1;
    for (const id of this.metas.keys()) if (id > max) max = id;
    return max + 1;
  }

  // ---- records ----

  takeDirty(): ModuleRecord[] {
    const out = [...this.dirty].sort((a, b) => a - b).map((id) => ({ key: `${PREFIX}${id}`, value: encode(this.metas.get(id)!) }));
    this.dirty.clear();
    return out;
  }

  static owns(key: string): boolean {
    return key.startsWith(PREFIX);
  }

  /** A stored record, at restart. */
  load(key: string, value: string): void {
    const id = Number(key.slice(PREFIX.length));
    const meta = decode(value);
    this.put(id, meta);
    this.directory.addValidator(id, meta.operator);
  }

  /** An exported record into a new chain (written with its first block). */
  importRecord(key: string, value: string): void {
    this.load(key, value);
    this.dirty.add(Number(key.slice(PREFIX.length)));
  }
}

const equalBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

function encode(m: ValidatorMeta): string {
  return JSON.stringify({
    operator: m.operator, description: m.description, max_rate: `${m.maxRate}`, max_change_rate: `${m.maxChangeRate}`,
    update_time_ns: `${m.updateTimeNs}`, pub: base64.encode(m.pub),
  });
}

function decode(text: string): ValidatorMeta {
  const o = JSON.parse(text) as Record<string, string> & { description: ValidatorDescription };
  return {
    operator: o.operator!, description: o.description, maxRate: BigInt(o.max_rate!), maxChangeRate: BigInt(o.max_change_rate!),
    updateTimeNs: BigInt(o.update_time_ns!), pub: base64.decode(o.pub!),
  };
}

/** Power ties break by the operator address bytes (the first 8, big-endian). */
export function orderKey(operator: string): bigint {
  const b = accountAddressBytes(operator, VALIDATOR_PREFIX);
  let k = 0n;
  for (let i = 0; i < 8; i++) k = (k << 8n) | BigInt(b[i] ?? 0);
  return k;
}
