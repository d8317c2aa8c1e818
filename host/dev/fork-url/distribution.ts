// x/distribution's genesis section from a running node at the fork height. The queries give the
// params, the community pool, each validator's outstanding rewards and accumulated commission;
// what the F1 accounting needs beyond them (each delegation's starting info, each validator's
// historical and current rewards, slash events with their heights, the previous proposer,
// withdraw addresses) no query lists, so they are read raw from the store
// (`/store/distribution/subspace` with the collection's prefix, decoded by the schema's types), as
// chain-maind answers at a height. A node that answers no raw reads (this node, or a REST URL):
// - withdraw addresses: DelegatorWithdrawAddress for each delegator;
// - F1 restarted at the fork height: each validator's current period 1 with no rewards yet and a
//   historical period 0 of zero ratio, referenced by the current period and each delegation; each
//   delegation's starting info (period 0, its tokens = shares x tokens / delegator shares, height
//   H); no slash events. Rewards delegators had not withdrawn by H stay in the outstanding rewards
//   but no delegation can claim them (the fork says how much), commission is kept whole.

import { BinaryReader } from "@bufbuild/protobuf/wire";
import { Query as DistQuery } from "../../wire/gen/cosmos/distribution/v1beta1/query_pb.js";
import { encodeAddress } from "../../wire/address.js";
import type { Json } from "../../framework/genesis-json.js";
import { type ForkSource, type Obj } from "./source.js";
import { ACCOUNT_PREFIX, VALIDATOR_PREFIX } from "../../framework/prefixes.js";

const ONE = 10n ** 18n;

/** What the distribution section was made from: raw F1 records, or restarted (the lines say). */
export interface DistributionResult {
  section: Obj;
  lines: string[];
}

/** A length-prefixed address at `at`: [address bytes, the offset after it]. */
function lengthPrefixed(key: Uint8Array, at: number): [Uint8Array, number] {
  const n = key[at]!;
  return [key.subarray(at + 1, at + 1 + n), at + 1 + n];
}

const u64le = (b: Uint8Array): bigint => b.reduceRight((acc, x) => (acc << 8n) | BigInt(x), 0n);
const u64be = (b: Uint8Array): bigint => b.reduce((acc, x) => (acc << 8n) | BigInt(x), 0n);
const valoper = (b: Uint8Array) => encodeAddress(VALIDATOR_PREFIX, b);
const acc = (b: Uint8Array) => encodeAddress(ACCOUNT_PREFIX, b);

/** A LegacyDec's text (18 decimals) as its raw integer (x 10^18). */
export function decRaw(text: string): bigint {
  const [i, f = ""] = text.split(".");
  return BigInt(i!) * ONE + BigInt((f + "0".repeat(18)).slice(0, 18));
}

/** A raw LegacyDec as 18-decimal text. */
export function decText(raw: bigint): string {
  const neg = raw < 0n;
  const a = neg ? -raw : raw;
  return `${neg ? "-" : ""}${a / ONE}.${(a % ONE).toString().padStart(18, "0")}`;
}

/** x/staking's TokensFromShares: shares x tokens / delegator shares, LegacyDec's Quo (banker's rounding). */
export function tokensFromShares(shares: string, tokens: string, delegatorShares: string): string {
  const den = decRaw(delegatorShares);
  if (den === 0n) return decText(0n);
  const q = (decRaw(shares) * BigInt(tokens) * ONE * ONE) / den; // Quo: times the precision squared, truncated
  let whole = q / ONE; // chopPrecisionAndRound: half to even
  const rem = q % ONE;
  if (rem > ONE / 2n || (rem === ONE / 2n && whole % 2n === 1n)) whole += 1n;
  return decText(whole);
}

/** The section, from raw store reads when the node answers them, else restarted at H (header). */
export async function distributionSection(
  source: ForkSource, validators: Obj[], delegations: Obj[], progress: (line: string) => void,
): Promise<DistributionResult> {
  const params = (await source.query(DistQuery.method.params, {})).params as Obj;
  const pool = (await source.query(DistQuery.method.communityPool, {})).pool as Json[];
  const outstanding: Json[] = [];
  const commissions: Json[] = [];
  for (const v of validators) {
    const validator_address = String(v.operator_address);
    const o = await source.query(DistQuery.method.validatorOutstandingRewards, { validatorAddress: validator_address });
    outstanding.push({ validator_address, outstanding_rewards: ((o.rewards as Obj | null)?.rewards ?? []) as Json });
    const c = await source.query(DistQuery.method.validatorCommission, { validatorAddress: validator_address });
    commissions.push({ validator_address, accumulated: { commission: ((c.commission as Obj | null)?.commission ?? []) as Json } });
  }
  const section: Obj = {
    params, fee_pool: { community_pool: pool }, delegator_withdraw_infos: [], previous_proposer: "",
    outstanding_rewards: outstanding, validator_accumulated_commissions: commissions,
    validator_historical_rewards: [], validator_current_rewards: [], delegator_starting_infos: [], validator_slash_events: [],
  };
  const raw = await source.subspace("distribution", Uint8Array.of(4));
  if (raw !== undefined) {
    await rawF1(source, section, raw);
    progress(`fork: x/distribution's F1 records read raw from the store at ${source.height} (${(section.delegator_starting_infos as Json[]).length} starting infos)`);
    return { section, lines: [] };
  }
  const withdraw = section.delegator_withdraw_infos as Json[];
  for (const d of new Set(delegations.map((x) => String(x.delegator_address)))) {
    const w = await source.query(DistQuery.method.delegatorWithdrawAddress, { delegatorAddress: d });
    if (w.withdraw_address !== d) withdraw.push({ delegator_address: d, withdraw_address: w.withdraw_address as Json });
  }
  return { section, lines: restartF1(source.height, section, validators, delegations) };
}

/** A protobuf message's fields by number (the last of a scalar, every one of a repeated field). */
function fields(bytes: Uint8Array): Map<number, (bigint | Uint8Array)[]> {
  const out = new Map<number, (bigint | Uint8Array)[]>();
  const r = new BinaryReader(bytes);
  while (r.pos < r.len) {
    const [no, wire] = r.tag();
    const v = wire === 0 ? r.uint64() : wire === 2 ? r.bytes() : (r.skip(wire), undefined);
    if (v === undefined) continue;
    out.set(no, [...(out.get(no) ?? []), typeof v === "string" ? BigInt(v) : v]);
  }
  return out;
}
const text = (v: bigint | Uint8Array | undefined) => (v instanceof Uint8Array ? new TextDecoder().decode(v) : "");
const num = (v: bigint | Uint8Array | undefined) => `${typeof v === "bigint" ? v : 0n}`;
const rawDec = (v: bigint | Uint8Array | undefined) => decText(BigInt(text(v) || "0"));
/** repeated DecCoin{denom = 1, amount = 2 (a LegacyDec's raw integer)}. */
const decCoins = (list: (bigint | Uint8Array)[] | undefined): Json[] =>
  (list ?? []).map((c) => {
    const f = fields(c as Uint8Array);
    return { denom: text(f.get(1)?.at(-1)), amount: rawDec(f.get(2)?.at(-1)) };
  });

/** The store's values in the genesis JSON of their types (x/distribution's distribution.proto). */
const STORED = {
  startingInfo: (b: Uint8Array): Obj => {
    const f = fields(b);
    return { previous_period: num(f.get(1)?.at(-1)), stake: rawDec(f.get(2)?.at(-1)), height: num(f.get(3)?.at(-1)) };
  },
  historical: (b: Uint8Array): Obj => {
    const f = fields(b);
    return { cumulative_reward_ratio: decCoins(f.get(1)), reference_count: Number(num(f.get(2)?.at(-1))) };
  },
  current: (b: Uint8Array): Obj => {
    const f = fields(b);
    return { rewards: decCoins(f.get(1)), period: num(f.get(2)?.at(-1)) };
  },
  slash: (b: Uint8Array): Obj => {
    const f = fields(b);
    return { validator_period: num(f.get(1)?.at(-1)), fraction: rawDec(f.get(2)?.at(-1)) };
  },
};

async function rawF1(source: ForkSource, section: Obj, starting: { key: Uint8Array; value: Uint8Array }[]): Promise<void> {
  section.delegator_starting_infos = starting.map(({ key, value }) => {
    const [val, at] = lengthPrefixed(key, 1);
    const [del] = lengthPrefixed(key, at);
    return { delegator_address: acc(del), validator_address: valoper(val), starting_info: STORED.startingInfo(value) };
  });
  section.validator_historical_rewards = ((await source.subspace("distribution", Uint8Array.of(5))) ?? []).map(({ key, value }) => {
    const [val, at] = lengthPrefixed(key, 1);
    return { validator_address: valoper(val), period: `${u64le(key.subarray(at, at + 8))}`, rewards: STORED.historical(value) };
  });
  section.validator_current_rewards = ((await source.subspace("distribution", Uint8Array.of(6))) ?? []).map(({ key, value }) => {
    const [val] = lengthPrefixed(key, 1);
    return { validator_address: valoper(val), rewards: STORED.current(value) };
  });
  section.validator_slash_events = ((await source.subspace("distribution", Uint8Array.of(8))) ?? []).map(({ key, value }) => {
    const [val, at] = lengthPrefixed(key, 1);
    const event = STORED.slash(value);
    return { validator_address: valoper(val), height: `${u64be(key.subarray(at, at + 8))}`, period: String(event.validator_period), validator_slash_event: event };
  });
  section.delegator_withdraw_infos = ((await source.subspace("distribution", Uint8Array.of(3))) ?? []).map(({ key, value }) => {
    const [del] = lengthPrefixed(key, 1);
    return { delegator_address: acc(del), withdraw_address: acc(value) };
  });
  const proposer = (await source.subspace("distribution", Uint8Array.of(1))) ?? [];
  if (proposer.length > 0 && proposer[0]!.value.length > 0) section.previous_proposer = encodeAddress(`${VALIDATOR_PREFIX}cons`, proposer[0]!.value);
}

function restartF1(height: bigint, section: Obj, validators: Obj[], delegations: Obj[]): string[] {
  const byVal = new Map(validators.map((v) => [String(v.operator_address), v]));
  const refs = new Map<string, number>();
  const starting: Json[] = [];
  for (const d of delegations) {
    const v = byVal.get(String(d.validator_address));
    if (!v) continue;
    refs.set(String(d.validator_address), (refs.get(String(d.validator_address)) ?? 0) + 1);
    starting.push({
      delegator_address: d.delegator_address, validator_address: d.validator_address,
      starting_info: { previous_period: "0", stake: tokensFromShares(String(d.shares), String(v.tokens), String(v.delegator_shares)), height: `${height}` },
    });
  }
  section.delegator_starting_infos = starting;
  section.validator_historical_rewards = validators.map((v) => ({
    validator_address: v.operator_address, period: "0",
    rewards: { cumulative_reward_ratio: [], reference_count: 1 + (refs.get(String(v.operator_address)) ?? 0) },
  }));
  section.validator_current_rewards = validators.map((v) => ({ validator_address: v.operator_address, rewards: { rewards: [], period: "1" } }));
  return [
    `fork: the node answers no raw store reads (/store/distribution/subspace): x/distribution's F1 records restarted at height ${height} ` +
      "(each delegation's rewards count from the fork; rewards not withdrawn by then stay in the outstanding rewards, unclaimable; commission kept)",
  ];
}
