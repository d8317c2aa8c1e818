// x/staking's ExportGenesis: its validators (with their descriptions and consensus keys from the
// registry), delegations, unbonding and redelegation entries and last powers, from the core's
// records at the last committed block; and CometBFT's genesis validators, the last validator set.

import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { base64 } from "@scure/base";
import { addressOrder, addressSortKey, sortedInSteps, type Json } from "../../framework/genesis-json.js";
import { deferredOnce, type StreamJson } from "../../framework/json-stream.js";
import type { GenesisExportBase } from "../../framework/genesis-place.js";
import { ACCOUNT_PREFIX, VALIDATOR_PREFIX } from "../../framework/prefixes.js";
import { stakingJson, stakingParamsJson, type SdkEntry, type StakingParams, type StakingState } from "./genesis.js";
import type { ValidatorRegistry } from "./validators.js";

/** What x/staking's ExportGenesis reads. */
export interface StakingExportApp extends GenesisExportBase {
  readonly genesis: { readonly staking: StakingParams };
  readonly validators: ValidatorRegistry;
}

const PREFIXES = { account: ACCOUNT_PREFIX, validator: VALIDATOR_PREFIX };

export function exportStaking(app: StakingExportApp): StreamJson {
  const kept = app.kept("staking");
  const params = kept?.params ?? stakingParamsJson(app.genesis.staking, app.denom);
  // the delegations sorted when the writer reaches them, a step at a time
  return deferredOnce(function* () {
    const staking = stakingState(app);
    yield;
    if (staking.validators.length === 0 && staking.delegations.length === 0) return { ...(kept ?? {}), params };
    const vKeys = new Map<string, string>();
    const vKey = (v: string) => vKeys.get(v) ?? vKeys.set(v, addressSortKey(v, VALIDATOR_PREFIX, true)).get(v)!;
    // delegator, then validator, each length first: the keys joined keep that order
    const delegations = yield* sortedInSteps(staking.delegations, (d) => addressSortKey(d.delegator, ACCOUNT_PREFIX, true) + vKey(d.validator));
    return stakingJson(params, { ...staking, delegations }, PREFIXES, true);
  });
}

/** x/staking's state in the core and the registry, at the last committed block. */
export function stakingState(app: StakingExportApp): StakingState {
  const { core, addressOf, operatorOf } = app;
  const entries = <T extends { id: bigint }, K>(list: T[], key: (e: T) => string, make: (e: T) => K, entry: (e: T) => SdkEntry) => {
    const groups = new Map<string, { head: K; entries: SdkEntry[] }>();
    for (const e of [...list].sort((a, b) => (a.id < b.id ? -1 : 1))) {
      const k = key(e);
      if (!groups.has(k)) groups.set(k, { head: make(e), entries: [] });
      groups.get(k)!.entries.push(entry(e));
    }
    return [...groups.values()].map((x) => ({ ...x.head, entries: x.entries }));
  };
  return {
    validators: core.validators.map((v) => {
      const meta = app.validators.meta(v.id)!;
      return {
        operator: operatorOf(v.id), pub: meta.pub, jailed: v.jailed, status: v.status, tokens: v.tokens, shares: v.shares, description: meta.description,
        unbondingHeight: v.unbondingHeight, unbondingTimeNs: v.unbondingTime, rate: v.commissionRate, maxRate: meta.maxRate, maxChangeRate: meta.maxChangeRate,
        updateTimeNs: meta.updateTimeNs, minSelfDelegation: v.minSelfDelegation,
      };
    }),
    delegations: core.delegations.map((d) => ({ delegator: addressOf(d.delegator), validator: operatorOf(d.validator), shares: d.shares })),
    unbondings: entries(core.unbondings, (e) => `${e.delegator}/${e.validator}`, (e) => ({ delegator: addressOf(e.delegator), validator: operatorOf(e.validator) }),
      (e) => ({ id: e.id, height: e.height, completionNs: e.completion, initial: e.initial, amount: e.balance })),
    redelegations: entries(core.redelegations, (e) => `${e.delegator}/${e.src}/${e.dst}`, (e) => ({ delegator: addressOf(e.delegator), src: operatorOf(e.src), dst: operatorOf(e.dst) }),
      (e) => ({ id: e.id, height: e.height, completionNs: e.completion, initial: e.initial, amount: e.sharesDst })),
    lastPowers: new Map(core.validators.filter((v) => v.lastPower > 0n).map((v) => [operatorOf(v.id), v.lastPower])),
  };
}

/** CometBFT's genesis validators: the last validator set, by operator. */
export function consensusValidators(s: StakingState): Json {
  const order = addressOrder(VALIDATOR_PREFIX, true);
  return s.validators.filter((v) => (s.lastPowers.get(v.operator) ?? 0n) > 0n).sort((a, b) => order(a.operator, b.operator)).map((v) => ({
    address: bytesToHex(sha256(v.pub).subarray(0, 20)).toUpperCase(),
    pub_key: { type: "tendermint/PubKeyEd25519", value: base64.encode(v.pub) },
    power: `${s.lastPowers.get(v.operator)}`,
    name: v.description.moniker,
  }));
}
