// The params governance sets (SDK v0.53: each module's `Params` item, written by its msg server's
// UpdateParams): auth, staking, distribution, mint, slashing, gov and consensus. Until a passed
// proposal changes a module's params they are the genesis's (each module reads those as it always
// did); from then on its record here holds them: the module's own protobuf `Params` message (the
// consensus module's `tendermint.types.ConsensusParams`), journaled like x/gov's records (a failed
// tx or proposal undoes the change), committed as a module record `x/<module>` (its protobuf bytes,
// base64) into the state hash, loaded back on a restart and carried by an export.

import { fromBinary, toBinary, type DescMessage, type MessageShape } from "@bufbuild/protobuf";
import { base64 } from "@scure/base";
import { UndoJournal } from "../../framework/journal.js";
import type { ModuleRecord } from "../../store/records.js";
import { ParamsSchema as AuthParamsSchema } from "../../wire/gen/cosmos/auth/v1beta1/query_pb.js";
import { ParamsSchema as StakingParamsSchema } from "../../wire/gen/cosmos/staking/v1beta1/staking_pb.js";
import { ParamsSchema as DistributionParamsSchema } from "../../wire/gen/cosmos/distribution/v1beta1/query_pb.js";
import { ParamsSchema as MintParamsSchema } from "../../wire/gen/cosmos/mint/v1beta1/query_pb.js";
import { ParamsSchema as SlashingParamsSchema } from "../../wire/gen/cosmos/slashing/v1beta1/query_pb.js";
import { ParamsSchema as GovParamsSchema } from "../../wire/gen/cosmos/gov/v1/gov_pb.js";
import { ConsensusParamsSchema } from "../../wire/gen/tendermint/types/params_pb.js";

/** Each governed module's params type. */
export const PARAMS_SCHEMAS = {
  auth: AuthParamsSchema,
  staking: StakingParamsSchema,
  distribution: DistributionParamsSchema,
  mint: MintParamsSchema,
  slashing: SlashingParamsSchema,
  gov: GovParamsSchema,
  consensus: ConsensusParamsSchema,
} as const;

export type GovernedModule = keyof typeof PARAMS_SCHEMAS;
export type ParamsOf<M extends GovernedModule> = MessageShape<(typeof PARAMS_SCHEMAS)[M]>;

const PREFIX = "x/";

export class GovernedParams {
  private readonly values = new Map<GovernedModule, unknown>();
  private readonly dirty = new Set<GovernedModule>();
  /** Bumped on every change (a change undone too): readers cache what they derive by it. */
  private version = 0;

  constructor(private readonly undo = new UndoJournal()) {}

  /** Whether a module record key is one of these params'. */
  static owns(key: string): boolean {
    return key.startsWith(PREFIX);
  }

  /** A change counter: equal counters, equal params. */
  get revision(): number {
    return this.version;
  }

  /** The module's params as governance last set them; undefined: the genesis's still. */
  get<M extends GovernedModule>(module: M): ParamsOf<M> | undefined {
    return this.values.get(module) as ParamsOf<M> | undefined;
  }

  /** The msg server's `Params.Set` (validated by the caller). */
  set<M extends GovernedModule>(module: M, params: ParamsOf<M>): void {
    const had = this.values.has(module);
    const old = this.values.get(module);
    this.values.set(module, params);
    this.dirty.add(module);
    this.version++;
    this.undo.push(() => {
      if (had) this.values.set(module, old);
      else this.values.delete(module);
      this.dirty.add(module);
      this.version++;
    });
  }

  /** A genesis's params (InitChain, governed-genesis.ts): written with the first block, not journaled. */
  seed<M extends GovernedModule>(module: M, params: ParamsOf<M>): void {
    this.values.set(module, params);
    this.dirty.add(module);
    this.version++;
  }

  takeDirty(): ModuleRecord[] {
    const out = [...this.dirty].sort().map((m) => {
      const v = this.values.get(m);
      const schema = PARAMS_SCHEMAS[m] as DescMessage;
      return { key: `${PREFIX}${m}`, value: v === undefined ? null : base64.encode(toBinary(schema, v as never)) };
    });
    this.dirty.clear();
    return out;
  }

  /** An exported record into a new chain (written with its first block). */
  importRecord(key: string, value: string): void {
    this.load(key, value);
    this.dirty.add(key.slice(PREFIX.length) as GovernedModule);
  }

  /** A stored record back (on start). */
  load(key: string, value: string): void {
    const m = key.slice(PREFIX.length);
    if (!(m in PARAMS_SCHEMAS)) throw new Error(`module record ${key}: no governed params of that module`);
    const module = m as GovernedModule;
    this.values.set(module, fromBinary(PARAMS_SCHEMAS[module] as DescMessage, base64.decode(value)));
    this.version++;
  }
}
