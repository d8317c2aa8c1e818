// x/slashing as the SDK v0.53 runs it from CometBFT's commit info and misbehaviour (the node under
// CometBFT, host/abci/): each block's votes update every bonded validator's signing info (a
// window of signed/missed blocks); a validator that missed more than the window allows is
// slashed (slash_fraction_downtime, at the infraction's distribution height), jailed until block
// time + downtime_jail_duration, and its window reset. Double-sign evidence slashes
// slash_fraction_double_sign, jails for good and tombstones. Tokens and jailing are the core's
// (Ledger.slash / jail); the signing infos are bookkeeping, committed with the block and hashed
// (stored beside x/gov's records, keys `s/…`).

import type { DecOps } from "../../core/core.js";
import type { Ledger } from "../../core/ledger.js";
import { encodeAddress } from "../../wire/address.js";
import type { NodeDirectory } from "../auth/directory.js";
import type { ModuleRecord } from "../../store/records.js";
import { event, type TxEvent } from "../../framework/events.js";
import { type SigningInfo, type SlashingParams } from "./params.js";
import type { ConsensusInfo } from "../../framework/module.js";

export { DEFAULT_SLASHING_PARAMS, type SigningInfo, type SlashingParams } from "./params.js";

/** What the slashing module asks the chain to do to a validator. */
export interface Punishment {
  /** The validator's consensus address (hex). */
  address: string;
  fraction: bigint;
  /** The height whose stake the slash applies to. */
  infractionHeight: bigint;
  power: bigint;
  jailUntilNs: bigint;
  reason: "missing_signature" | "double_sign";
}

/** The jail end of a double signer: the SDK's DoubleSignJailEndTime (9999-12-31T23:59:59Z), capped at what the core holds. */
export const FOREVER_NS = 9_223_372_036_854_775_807n;
/** DoubleSignJailEndTime as the SDK writes it. */
export const FOREVER_TEXT = "9999-12-31T23:59:59Z";
export const FOREVER_SECONDS = 253_402_300_799n;

export class Slashing {
  private readonly infos = new Map<string, SigningInfo>();
  private readonly dirty = new Set<string>();

  /** The params now: the genesis's, then what governance set (app/state.ts applyGovernedParams). */
  constructor(public params: SlashingParams, private readonly dec: DecOps) {}

  info(address: string): SigningInfo | undefined {
    return this.infos.get(address);
  }

  all(): [string, SigningInfo][] {
    return [...this.infos].sort(([a], [b]) => (a < b ? -1 : 1));
  }

  private put(address: string, info: SigningInfo): void {
    this.infos.set(address, info);
    this.dirty.add(`s/${address}`);
  }

  /**
   * HandleValidatorSignature for each vote of the last commit (bonded validators), in order:
   * the punishments to apply (downtime), and the signing infos moved on.
   */
  handleVotes(votes: readonly { address: string; power: bigint; signed: boolean; jailed: boolean }[], height: bigint, timeNs: bigint): Punishment[] {
    const p = this.params;
    const window = p.signedBlocksWindow;
    const minSigned = this.dec.roundInt64(this.dec.mulInt64(p.minSignedPerWindow, window));
    const maxMissed = window - minSigned;
    const out: Punishment[] = [];
    for (const v of votes) {
      const info = this.infos.get(v.address) ?? { startHeight: height, indexOffset: 0n, jailedUntilNs: 0n, tombstoned: false, missedBlocksCounter: 0n, missed: [] };
      const next = { ...info, missed: [...info.missed] };
      const index = Number(next.indexOffset % window);
      next.indexOffset += 1n;
      const was = next.missed.includes(index);
      if (!was && !v.signed) {
        next.missed.push(index);
        next.missed.sort((a, b) => a - b);
        next.missedBlocksCounter += 1n;
      } else if (was && v.signed) {
        next.missed = next.missed.filter((i) => i !== index);
        next.missedBlocksCounter -= 1n;
      }
      if (height > next.startHeight + window && next.missedBlocksCounter > maxMissed && !v.jailed && !next.tombstoned) {
        // ValidatorUpdateDelay (1) + 1 blocks back: the power that signed (or missed) then.
        out.push({ address: v.address, fraction: p.slashFractionDowntime, infractionHeight: height - 2n, power: v.power, jailUntilNs: timeNs + p.downtimeJailDurationNs, reason: "missing_signature" });
        next.jailedUntilNs = timeNs + p.downtimeJailDurationNs;
        next.missedBlocksCounter = 0n;
        next.missed = [];
        next.indexOffset = 0n;
      }
      this.put(v.address, next);
    }
    return out;
  }

  /** x/evidence's HandleEquivocationEvidence: slash, jail for good, tombstone (once). */
  handleDoubleSign(address: string, infractionHeight: bigint, power: bigint): Punishment | undefined {
    const info = this.infos.get(address);
    if (info?.tombstoned) return undefined;
    this.put(address, {
      ...(info ?? { startHeight: infractionHeight, indexOffset: 0n, missedBlocksCounter: 0n, missed: [] }),
      jailedUntilNs: FOREVER_NS, tombstoned: true,
    });
    return { address, fraction: this.params.slashFractionDoubleSign, infractionHeight: infractionHeight > 1n ? infractionHeight - 1n : 0n, power, jailUntilNs: FOREVER_NS, reason: "double_sign" };
  }

  takeDirty(): ModuleRecord[] {
    const out = [...this.dirty].sort().map((key) => {
      const i = this.infos.get(key.slice(2));
      return { key, value: i === undefined ? null : JSON.stringify(i, (_, v) => (typeof v === "bigint" ? `${v}n` : v)) };
    });
    this.dirty.clear();
    return out;
  }

  /** An exported record into a new chain (written with its first block). */
  importRecord(key: string, value: string): void {
    this.load(key, value);
    this.dirty.add(key);
  }

  load(key: string, value: string): void {
    const o = JSON.parse(value, (_, v) => (typeof v === "string" && /^-?\d+n$/.test(v) ? BigInt(v.slice(0, -1)) : v)) as SigningInfo;
    this.infos.set(key.slice(2), o);
  }
}

export type { ConsensusInfo };

/** A block's commit info as stored with it (bigints as decimal text). */
export const consensusInfoText = (c: ConsensusInfo): string => JSON.stringify(c, (_, v) => (typeof v === "bigint" ? `${v}` : v));

export function parseConsensusInfo(text: string): ConsensusInfo {
  const o = JSON.parse(text) as { votes: { address: string; power: string; signed: boolean }[]; doubleSigns: { address: string; height: string; power: string; timeNs?: string }[] };
  return {
    votes: o.votes.map((v) => ({ address: v.address, power: BigInt(v.power), signed: v.signed })),
    doubleSigns: o.doubleSigns.map((d) => ({ address: d.address, height: BigInt(d.height), power: BigInt(d.power), ...(d.timeNs === undefined ? {} : { timeNs: BigInt(d.timeNs) }) })),
  };
}

/**
 * x/slashing's BeginBlock under CometBFT: the votes move the signing infos; a validator down too
 * long is slashed and jailed by the core (its tier positions' bonus pauses through the core's
 * validator events). The `slash` events.
 */
export function slashingBeginBlock(
  slashing: Slashing, ledger: Ledger, directory: NodeDirectory, validatorOf: (consensusAddress: string) => number | undefined,
  c: ConsensusInfo, height: bigint, timeNs: bigint,
): TxEvent[] {
  if (c.votes.length === 0) return [];
  const votes = c.votes.flatMap((v) => {
    const id = validatorOf(v.address);
    return id === undefined ? [] : [{ ...v, jailed: ledger.validator(id)!.jailed }];
  });
  // The double signs are x/evidence's BeginBlocker's, after this one (host/modules/evidence/block.ts).
  const punishments = slashing.handleVotes(votes, height, timeNs);
  const events: TxEvent[] = [];
  for (const p of punishments) {
    const id = validatorOf(p.address);
    if (id === undefined) continue;
    const jailed = ledger.validator(id)!.jailed;
    const burned = ledger.slash(id, p.infractionHeight, p.power, p.fraction);
    if (!jailed) ledger.jail(id, p.jailUntilNs);
    const cons = encodeAddress(`${directory.validatorPrefix}cons`, Uint8Array.from(Buffer.from(p.address, "hex")));
    events.push(event("slash", { address: cons, power: `${p.power}`, reason: p.reason, jailed: cons, burned_coins: `${burned}` }));
  }
  return events;
}
