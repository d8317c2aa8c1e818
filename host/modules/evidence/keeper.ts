// x/evidence's store (cosmossdk.io/x/evidence v0.1.1 as chain-main 1ac014c6 runs it): the
// equivocations handled, by their hash (sha256 of the Equivocation's protobuf bytes, as gogoproto
// writes them: the time always present). Records `ev/<HASH>` beside the other modules', journaled
// with the block's changes.

import { create, toBinary } from "@bufbuild/protobuf";
import { createHash } from "node:crypto";
import { UndoJournal, setJournaled } from "../../framework/journal.js";
import type { ModuleRecord } from "../../store/records.js";
import { EquivocationSchema } from "../../wire/gen/cosmos/evidence/v1beta1/evidence_pb.js";

/** An Equivocation: the double sign's height, time (unix ns), power and the validator's consensus address (bech32). */
export interface Equivocation {
  height: bigint;
  timeNs: bigint;
  power: bigint;
  consensusAddress: string;
}

const NS = 1_000_000_000n;

/** Its protobuf bytes as gogoproto marshals them (non-nullable time: always written). */
export function equivocationBytes(e: Equivocation): Uint8Array {
  const seconds = e.timeNs >= 0n ? e.timeNs / NS : -((-e.timeNs + NS - 1n) / NS);
  const nanos = Number(e.timeNs - seconds * NS);
  return toBinary(EquivocationSchema, create(EquivocationSchema, { height: e.height, time: { seconds, nanos }, power: e.power, consensusAddress: e.consensusAddress }));
}

/** Evidence.Hash(): tmhash (sha256) of its bytes, as upper-case hex (the form the queries and events use). */
export const evidenceHash = (e: Equivocation): string => createHash("sha256").update(equivocationBytes(e)).digest("hex").toUpperCase();

const PREFIX = "ev/";
const text = (e: Equivocation) => JSON.stringify({ ...e, height: `${e.height}`, timeNs: `${e.timeNs}`, power: `${e.power}` });

export class Evidence {
  private readonly byHash = new Map<string, Equivocation>();
  private readonly dirty = new Set<string>();

  constructor(private readonly undo = new UndoJournal()) {}

  static owns(key: string): boolean {
    return key.startsWith(PREFIX);
  }

  get(hash: string): Equivocation | undefined {
    return this.byHash.get(hash.toUpperCase());
  }

  /** Every evidence, in the store's order (by hash bytes = by upper-case hex). */
  all(): [string, Equivocation][] {
    return [...this.byHash].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /** Evidences.Set. */
  set(e: Equivocation): string {
    const hash = evidenceHash(e);
    setJournaled(this.byHash, hash, e, this.undo, () => this.dirty.add(hash));
    return hash;
  }

  takeDirty(): ModuleRecord[] {
    const out = [...this.dirty].sort().map((h) => {
      const e = this.byHash.get(h);
      return { key: `${PREFIX}${h}`, value: e === undefined ? null : text(e) };
    });
    this.dirty.clear();
    return out;
  }

  importRecord(key: string, value: string): void {
    this.load(key, value);
    this.dirty.add(key.slice(PREFIX.length));
  }

  load(key: string, value: string): void {
    const o = JSON.parse(value) as Record<string, string>;
    this.byHash.set(key.slice(PREFIX.length), { height: BigInt(o.height!), timeNs: BigInt(o.timeNs!), power: BigInt(o.power!), consensusAddress: o.consensusAddress! });
  }
}
