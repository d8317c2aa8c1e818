// x/staking's genesis (`app_state.staking`) as the SDK v0.53 writes and validates it: params, and
// an exported chain's validators, delegations, unbonding and redelegation entries (with their
// unbonding ids) and last validator powers. A new chain's validators come from genutil's gentxs.

import { flatStringWriters, lazyMap, type StreamJson } from "../../framework/json-stream.js";
import { base64 } from "@scure/base";
import { ValidationError } from "../../errors.js";
import { decString } from "../../wire/gateway-json.js";
import {
  EPOCH_TIME, MAX_U64, address, addressOrder, array, bool, decimal, duration, fail, int, object, string, timestamp, uint64,
  unitInterval, type DecParser, type Json,
} from "../../framework/genesis-json.js";
import { timestampString, durationString } from "../../wire/gateway-json.js";

import type { ValidatorDescription } from "../../framework/view.js";

/** A delegation's text, compiled (json-stream.ts): 1M of them at the scale bench's 1M accounts. */
export const DELEGATION_WRITERS = flatStringWriters(["delegator_address", "validator_address", "shares"]);

export type { ValidatorDescription };

/** The SDK's Description.EnsureLength limits. */
const DESCRIPTION_LIMITS = { moniker: 70, identity: 3000, website: 140, security_contact: 140, details: 280 } as const;

export interface StakingParams {
  maxValidators: number;
  unbondingTimeNs: bigint;
}

/** An exported validator. Decs raw, times unix ns (0: none). */
export interface SdkValidator {
  operator: string;
  pub: Uint8Array;
  jailed: boolean;
  /** The core's status: 0 unbonded, 1 unbonding, 2 bonded. */
  status: number;
  tokens: bigint;
  shares: bigint;
  description: ValidatorDescription;
  unbondingHeight: bigint;
  unbondingTimeNs: bigint;
  rate: bigint;
  maxRate: bigint;
  maxChangeRate: bigint;
  updateTimeNs: bigint;
  minSelfDelegation: bigint;
}

export interface SdkEntry {
  id: bigint;
  height: bigint;
  completionNs: bigint;
  initial: bigint;
  /** Unbonding: the balance (integer); redelegation: the destination shares (raw Dec). */
  amount: bigint;
}

export interface StakingState {
  validators: SdkValidator[];
  delegations: { delegator: string; validator: string; shares: bigint }[];
  unbondings: { delegator: string; validator: string; entries: SdkEntry[] }[];
  redelegations: { delegator: string; src: string; dst: string; entries: SdkEntry[] }[];
  /** Operator → consensus power in the last validator set. */
  lastPowers: Map<string, bigint>;
}

const STATUS = ["BOND_STATUS_UNBONDED", "BOND_STATUS_UNBONDING", "BOND_STATUS_BONDED"] as const;

/** A validator's optional description: each field a string within the SDK's length limit. */
export function parseDescription(v: Json | undefined, path: string): ValidatorDescription {
  const d = v === undefined ? {} : object(v, path, Object.keys(DESCRIPTION_LIMITS));
  const field = (key: keyof typeof DESCRIPTION_LIMITS): string => {
    const text = d[key] === undefined ? "" : string(d[key], `${path}.${key}`);
    if (text.length > DESCRIPTION_LIMITS[key]) {
      throw new ValidationError(`invalid ${key} length; got: ${text.length}, max: ${DESCRIPTION_LIMITS[key]}`, `${path}.${key}`);
    }
    return text;
  };
  return {
    moniker: field("moniker"), identity: field("identity"), website: field("website"),
    securityContact: field("security_contact"), details: field("details"),
  };
}

export const descriptionJson = (d: ValidatorDescription): Json => ({
  moniker: d.moniker, identity: d.identity, website: d.website, security_contact: d.securityContact, details: d.details,
});

/** A validator's consensus key as the SDK's genesis writes it: `{"@type": "/cosmos.crypto.ed25519.PubKey", "key": base64}`. */
export function parseConsensusPubKey(v: Json, path: string): Uint8Array {
  const o = object(v, path, ["@type", "key"]);
  const type = string(o["@type"], `${path}.@type`);
  if (type !== "/cosmos.crypto.ed25519.PubKey") {
    throw new ValidationError(`validator pubkey type is not supported: got ${type}, expected /cosmos.crypto.ed25519.PubKey`, path);
  }
  let key: Uint8Array;
  try {
    key = base64.decode(string(o.key, `${path}.key`));
  } catch (e) {
    throw new ValidationError(`invalid base64: ${(e as Error).message}`, `${path}.key`);
  }
  if (key.length !== 32) throw new ValidationError(`an ed25519 public key is 32 bytes, got ${key.length}`, `${path}.key`);
  return key;
}

/** Commission rates: rate ≤ max rate ≤ 1, max change rate ≤ max rate (Commission.Validate). */
export function parseCommissionRates(v: Json | undefined, path: string, dec: DecParser): { rate: bigint; maxRate: bigint; maxChangeRate: bigint } {
  const o = object(v, path, ["rate", "max_rate", "max_change_rate"]);
  const rate = decimal(o.rate, `${path}.rate`, dec, "commission rate");
  const maxRate = decimal(o.max_rate, `${path}.max_rate`, dec, "max rate");
  const maxChangeRate = decimal(o.max_change_rate, `${path}.max_change_rate`, dec, "max change rate");
  unitInterval(maxRate, path, "commission must be positive", "commission cannot be more than 100%");
  unitInterval(rate, path, "commission must be positive", "commission cannot be more than 100%");
  if (rate > maxRate) fail("commission cannot be more than the max rate", path);
  if (maxChangeRate < 0n) fail("commission change rate must be positive", path);
  if (maxChangeRate > maxRate) fail("commission change rate cannot be more than the max rate", path);
  return { rate, maxRate, maxChangeRate };
}

/** Params (the node's bond denom, 7 entries, no minimum commission) and, for an exported chain, its state. */
export function parseStaking(
  v: Json | undefined, dec: DecParser, bondDenom: string, prefixes: { account: string; validator: string },
): { params: StakingParams; state?: StakingState } {
  const path = "app_state.staking";
  const st = object(v, path, [
    "params", "last_total_power", "last_validator_powers", "validators", "delegations", "unbonding_delegations", "redelegations", "exported",
  ]);
  const pp = `${path}.params`;
  const p = object(st.params, pp, ["unbonding_time", "max_validators", "max_entries", "historical_entries", "bond_denom", "min_commission_rate"]);
  const unbondingTimeNs = duration(p.unbonding_time, `${pp}.unbonding_time`);
  if (unbondingTimeNs <= 0n) throw new ValidationError(`unbonding time must be positive: ${unbondingTimeNs}`, pp);
  const maxValidators = uint64(p.max_validators, `${pp}.max_validators`);
  if (maxValidators === 0n || maxValidators > 0xffff_ffffn) throw new ValidationError(`max validators must be positive: ${maxValidators}`, pp);
  // max_entries other than the default 7 runs as governance's params would (modules/gov/governed-genesis.ts).
  if (p.max_entries !== undefined) {
    const n = uint64(p.max_entries, `${pp}.max_entries`);
    if (n === 0n || n > 0xffff_ffffn) throw new ValidationError(`max entries must be positive: ${n}`, pp);
  }
  if (p.historical_entries !== undefined) uint64(p.historical_entries, `${pp}.historical_entries`);
  if (p.bond_denom !== undefined && string(p.bond_denom, `${pp}.bond_denom`) !== bondDenom) {
    fail(`the bond denom must be x/mint's ${bondDenom}: the node's ledger holds one denom`, `${pp}.bond_denom`);
  }
  if (p.min_commission_rate !== undefined && decimal(p.min_commission_rate, `${pp}.min_commission_rate`, dec, "minimum commission rate") !== 0n) {
    fail("not supported by this node: must be zero", `${pp}.min_commission_rate`);
  }
  const params = { maxValidators: Number(maxValidators), unbondingTimeNs };
  const validators = array(st.validators ?? [], `${path}.validators`);
  const delegations = array(st.delegations ?? [], `${path}.delegations`);
  if (validators.length === 0 && delegations.length === 0) {
    for (const k of ["unbonding_delegations", "redelegations", "last_validator_powers"] as const) {
      if (array(st[k] ?? [], `${path}.${k}`).length > 0) fail("an exported state needs its validators", `${path}.${k}`);
    }
    return { params };
  }
  return { params, state: parseState(st, path, dec, prefixes) };
}

function parseState(st: { [k: string]: Json | undefined }, path: string, dec: DecParser, prefixes: { account: string; validator: string }): StakingState {
  const acc = (x: Json | undefined, p: string) => address(x, p, prefixes.account);
  const val = (x: Json | undefined, p: string) => address(x, p, prefixes.validator);
  const operators = new Set<string>();
  const keys = new Set<string>();
  const validators = array(st.validators, `${path}.validators`).map((x, i): SdkValidator => {
    const vp = `${path}.validators[${i}]`;
    const o = object(x, vp, [
      "operator_address", "consensus_pubkey", "jailed", "status", "tokens", "delegator_shares", "description", "unbonding_height",
      "unbonding_time", "commission", "min_self_delegation", "unbonding_on_hold_ref_count", "unbonding_ids",
    ]);
    const operator = val(o.operator_address, `${vp}.operator_address`);
    if (operators.has(operator)) fail(`duplicate validator in genesis state: moniker, address ${operator}`, vp);
    operators.add(operator);
    const pub = parseConsensusPubKey(o.consensus_pubkey ?? null, `${vp}.consensus_pubkey`);
    const k = base64.encode(pub);
    if (keys.has(k)) fail("validator already exist for this pubkey; must use new validator pubkey", `${vp}.consensus_pubkey`);
    keys.add(k);
    const statusText = string(o.status, `${vp}.status`);
    const status = STATUS.indexOf(statusText as (typeof STATUS)[number]);
    if (status < 0) fail(`unknown status ${statusText} (known: ${STATUS.join(", ")})`, `${vp}.status`);
    const jailed = bool(o.jailed ?? false, `${vp}.jailed`);
    if (jailed && status === 2) fail(`validator is bonded and jailed in genesis state: moniker, address ${operator}`, vp);
    const tokens = int(o.tokens, `${vp}.tokens`);
    const shares = decimal(o.delegator_shares, `${vp}.delegator_shares`, dec, "delegator shares");
    if (tokens < 0n || shares < 0n) fail("tokens and delegator shares cannot be negative", vp);
    if (shares === 0n && status !== 0) fail(`bonded/unbonded genesis validator cannot have zero delegator shares, validator: ${operator}`, vp);
    const cp = `${vp}.commission`;
    const c = object(o.commission, cp, ["commission_rates", "update_time"]);
    const rates = parseCommissionRates(c.commission_rates, `${cp}.commission_rates`, dec);
    const onHold = uint64(o.unbonding_on_hold_ref_count ?? "0", `${vp}.unbonding_on_hold_ref_count`);
    if (onHold !== 0n) fail("not supported by this node: must be 0 (no unbonding on hold)", `${vp}.unbonding_on_hold_ref_count`);
    return {
      operator, pub, jailed, status, tokens, shares, description: parseDescription(o.description, `${vp}.description`),
      unbondingHeight: uint64(o.unbonding_height ?? "0", `${vp}.unbonding_height`),
      unbondingTimeNs: timestamp(o.unbonding_time ?? EPOCH_TIME, `${vp}.unbonding_time`),
      ...rates, updateTimeNs: timestamp(c.update_time ?? EPOCH_TIME, `${cp}.update_time`),
      minSelfDelegation: int(o.min_self_delegation ?? "1", `${vp}.min_self_delegation`),
    };
  });
  const known = (operator: string, p: string) => {
    if (!operators.has(operator)) fail(`no validator ${operator} in app_state.staking.validators`, p);
    return operator;
  };
  const pairs = new Map<string, Set<string>>(); // validator -> delegators (their strings the parse's own: no key made per pair)
  const delegations = array(st.delegations ?? [], `${path}.delegations`).map((x, i) => {
    const p = `${path}.delegations[${i}]`;
    const o = object(x, p, ["delegator_address", "validator_address", "shares"]);
    const d = { delegator: acc(o.delegator_address, `${p}.delegator_address`), validator: known(val(o.validator_address, `${p}.validator_address`), `${p}.validator_address`), shares: decimal(o.shares, `${p}.shares`, dec, "shares") };
    if (d.shares <= 0n) fail("delegation shares must be positive", `${p}.shares`);
    let delegators = pairs.get(d.validator);
    if (delegators === undefined) pairs.set(d.validator, (delegators = new Set()));
    if (delegators.has(d.delegator)) fail("duplicate delegation", p);
    delegators.add(d.delegator);
    return d;
  });
  const ids = new Set<bigint>();
  const entries = (x: Json | undefined, p: string, amountKey: "balance" | "shares_dst"): SdkEntry[] => array(x, p).map((e, j) => {
    const ep = `${p}[${j}]`;
    const o = object(e, ep, ["creation_height", "completion_time", "initial_balance", amountKey, "unbonding_id", "unbonding_on_hold_ref_count"]);
    const id = uint64(o.unbonding_id ?? "0", `${ep}.unbonding_id`);
    if (id === 0n || ids.has(id)) fail(`unbonding id ${id} is ${id === 0n ? "missing" : "used twice"}: the node keeps entries by their ids`, `${ep}.unbonding_id`);
    ids.add(id);
    if (uint64(o.unbonding_on_hold_ref_count ?? "0", `${ep}.unbonding_on_hold_ref_count`) !== 0n) fail("not supported by this node: must be 0", `${ep}.unbonding_on_hold_ref_count`);
    const amount = amountKey === "balance" ? int(o.balance, `${ep}.balance`) : decimal(o.shares_dst, `${ep}.shares_dst`, dec, "shares");
    const initial = int(o.initial_balance, `${ep}.initial_balance`);
    if (amount < 0n || initial < 0n) fail("amounts cannot be negative", ep);
    return { id, height: uint64(o.creation_height, `${ep}.creation_height`), completionNs: timestamp(o.completion_time, `${ep}.completion_time`), initial, amount };
  });
  const unbondings = array(st.unbonding_delegations ?? [], `${path}.unbonding_delegations`).map((x, i) => {
    const p = `${path}.unbonding_delegations[${i}]`;
    const o = object(x, p, ["delegator_address", "validator_address", "entries"]);
    return {
      delegator: acc(o.delegator_address, `${p}.delegator_address`),
      validator: known(val(o.validator_address, `${p}.validator_address`), `${p}.validator_address`),
      entries: entries(o.entries, `${p}.entries`, "balance"),
    };
  });
  const redelegations = array(st.redelegations ?? [], `${path}.redelegations`).map((x, i) => {
    const p = `${path}.redelegations[${i}]`;
    const o = object(x, p, ["delegator_address", "validator_src_address", "validator_dst_address", "entries"]);
    return {
      delegator: acc(o.delegator_address, `${p}.delegator_address`),
      src: known(val(o.validator_src_address, `${p}.validator_src_address`), `${p}.validator_src_address`),
      dst: known(val(o.validator_dst_address, `${p}.validator_dst_address`), `${p}.validator_dst_address`),
      entries: entries(o.entries, `${p}.entries`, "shares_dst"),
    };
  });
  const lastPowers = new Map<string, bigint>();
  let total = 0n;
  array(st.last_validator_powers ?? [], `${path}.last_validator_powers`).forEach((x, i) => {
    const p = `${path}.last_validator_powers[${i}]`;
    const o = object(x, p, ["address", "power"]);
    const power = int(o.power, `${p}.power`);
    if (power <= 0n || power > MAX_U64) fail("must be a positive power", `${p}.power`);
    lastPowers.set(known(val(o.address, `${p}.address`), `${p}.address`), power);
    total += power;
  });
  if (st.last_total_power !== undefined && int(st.last_total_power, `${path}.last_total_power`) !== total) {
    fail(`last_total_power ${st.last_total_power} is not the sum of last_validator_powers, ${total}`, `${path}.last_total_power`);
  }
  return { validators, delegations, unbondings, redelegations, lastPowers };
}

/** `app_state.staking` of the node's state; params as the genesis had them. */
export function stakingJson(
  kept: Json | undefined, s: StakingState, prefixes: { account: string; validator: string },
  /** s.delegations already in the document's order (an export sorts them a step at a time). */
  sorted = false,
): StreamJson {
  const vOrder = addressOrder(prefixes.validator, true);
  const aOrder = addressOrder(prefixes.account, true);
  const entry = (e: SdkEntry, amountKey: "balance" | "shares_dst") => ({
    creation_height: `${e.height}`, completion_time: timestampString(e.completionNs), initial_balance: `${e.initial}`,
    [amountKey]: amountKey === "balance" ? `${e.amount}` : decString(e.amount), unbonding_id: `${e.id}`, unbonding_on_hold_ref_count: "0",
  });
  const powers = [...s.lastPowers].sort(([a], [b]) => vOrder(a, b));
  return {
    params: kept as Json,
    last_total_power: `${powers.reduce((t, [, p]) => t + p, 0n)}`,
    last_validator_powers: powers.map(([a, p]) => ({ address: a, power: `${p}` })),
    validators: [...s.validators].sort((a, b) => vOrder(a.operator, b.operator)).map((v) => ({
      operator_address: v.operator,
      consensus_pubkey: { "@type": "/cosmos.crypto.ed25519.PubKey", key: base64.encode(v.pub) },
      jailed: v.jailed, status: STATUS[v.status]!, tokens: `${v.tokens}`, delegator_shares: decString(v.shares),
      description: descriptionJson(v.description), unbonding_height: `${v.unbondingHeight}`,
      unbonding_time: timestampString(v.unbondingTimeNs),
      commission: {
        commission_rates: { rate: decString(v.rate), max_rate: decString(v.maxRate), max_change_rate: decString(v.maxChangeRate) },
        update_time: timestampString(v.updateTimeNs),
      },
      min_self_delegation: `${v.minSelfDelegation}`, unbonding_on_hold_ref_count: "0", unbonding_ids: [],
    })),
    delegations: lazyMap(sorted ? s.delegations : [...s.delegations].sort((a, b) => aOrder(a.delegator, b.delegator) || vOrder(a.validator, b.validator)),
      (d) => ({ delegator_address: d.delegator, validator_address: d.validator, shares: decString(d.shares) }), DELEGATION_WRITERS),
    unbonding_delegations: [...s.unbondings].sort((a, b) => aOrder(a.delegator, b.delegator) || vOrder(a.validator, b.validator))
      .map((u) => ({ delegator_address: u.delegator, validator_address: u.validator, entries: u.entries.map((e) => entry(e, "balance")) })),
    redelegations: [...s.redelegations].sort((a, b) => aOrder(a.delegator, b.delegator) || vOrder(a.src, b.src) || vOrder(a.dst, b.dst))
      .map((r) => ({
        delegator_address: r.delegator, validator_src_address: r.src, validator_dst_address: r.dst,
        entries: r.entries.map((e) => entry(e, "shares_dst")),
      })),
    exported: true,
  };
}

/** Params as the SDK writes them, for a genesis that has none. */
export function stakingParamsJson(p: StakingParams, bondDenom: string): Json {
  return {
    unbonding_time: durationString(p.unbondingTimeNs), max_validators: p.maxValidators, max_entries: 7, historical_entries: 10000,
    bond_denom: bondDenom, min_commission_rate: "0.000000000000000000",
  };
}
