// x/distribution's genesis section from a running node at the fork height. The queries give the
// params, the community pool, each validator's outstanding rewards and accumulated commission, and
// each delegation's pending rewards; the F1 records behind them (each delegation's starting info,
// each validator's historical and current rewards, slash events, the previous proposer, withdraw
// addresses) no query lists. Two ways to them:
// - raw from the store (`/store/distribution/subspace` with each collection's prefix), exact, when
//   the node's raw reads answer at the height: checked by its outstanding rewards (which move every
//   block) read raw equalling the query's at H. chain-maind on memiavl answers raw reads from its
//   latest state whatever the height, so on a chain that moved on since H the check fails and:
// - derived, pending rewards kept: per validator, each delegation i its own historical period i of
//   ratio R - p_i / stake_i (p_i its pending rewards at H from DelegationTotalRewards, stake_i its
//   tokens = shares x tokens / delegator shares, R the largest p / stake, per denom), period n of
//   ratio R referenced by the current period n + 1 with no rewards yet; starting info (period i,
//   stake_i, height H - 1: the SDK counts nothing for a delegation started at the current height); no slash events (the pending rewards already count them); previous proposer
//   none; withdraw addresses from DelegatorWithdrawAddress. A delegation then earns p_i (to the
//   18th decimal times its stake) plus what the fork's blocks give it, as on the chain.

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

/** The section: F1 raw from the store when its reads answer at H, else derived keeping each pending reward (header). */
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
  const rawOutstanding = await source.subspace("distribution", Uint8Array.of(2));
  const atHeight = rawOutstanding !== undefined && sameOutstanding(rawOutstanding, outstanding);
  if (atHeight) {
    await rawF1(source, section, (await source.subspace("distribution", Uint8Array.of(4))) ?? []);
    progress(`fork: x/distribution's F1 records read raw from the store at ${source.height} (${(section.delegator_starting_infos as Json[]).length} starting infos)`);
    return { section, lines: [] };
  }
  const withdraw = section.delegator_withdraw_infos as Json[];
  const pending = new Map<string, Json>();
  const delegators = [...new Set(delegations.map((x) => String(x.delegator_address)))];
  for (const d of delegators) {
    const w = await source.query(DistQuery.method.delegatorWithdrawAddress, { delegatorAddress: d });
    if (w.withdraw_address !== d) withdraw.push({ delegator_address: d, withdraw_address: w.withdraw_address as Json });
    const r = await source.query(DistQuery.method.delegationTotalRewards, { delegatorAddress: d });
    for (const x of (Array.isArray(r.rewards) ? r.rewards : []) as Obj[]) pending.set(`${d}/${String(x.validator_address)}`, x.reward ?? []);
  }
  deriveF1(source.height, section, validators, delegations, pending);
  return {
    section,
    lines: [`fork: x/distribution's F1 records derived from each delegation's pending rewards at ${source.height} (${rawOutstanding === undefined ? "the node answers no raw store reads" : "its raw store reads answer a later state than the height"})`],
  };
}

/** The raw outstanding rewards (prefix 2) equal the query's at H: the raw reads are at H. */
function sameOutstanding(raw: { key: Uint8Array; value: Uint8Array }[], queried: Json[]): boolean {
  const byVal = new Map(raw.map(({ key, value }) => [valoper(lengthPrefixed(key, 1)[0]), JSON.stringify(decCoins(fields(value).get(1)))]));
  return queried.every((o) => byVal.get(String((o as Obj).validator_address)) === JSON.stringify((o as Obj).outstanding_rewards));
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

function deriveF1(height: bigint, section: Obj, validators: Obj[], delegations: Obj[], pending: Map<string, Json>): void {
  const starting: Json[] = [];
  const historical: Json[] = [];
  const current: Json[] = [];
  for (const v of validators) {
    const val = String(v.operator_address);
    const mine = delegations.filter((d) => d.validator_address === val);
    // each delegation's pending rewards per unit of stake, per denom (raw LegacyDec)
    const rows = mine.map((d) => {
      const stake = tokensFromShares(String(d.shares), String(v.tokens), String(v.delegator_shares));
      const perUnit = new Map<string, bigint>();
      for (const c of (pending.get(`${String(d.delegator_address)}/${val}`) ?? []) as Obj[]) {
        perUnit.set(String(c.denom), quo(decRaw(String(c.amount)), decRaw(stake)));
      }
      return { d, stake, perUnit };
    });
    const top = new Map<string, bigint>();
    for (const r of rows) for (const [denom, x] of r.perUnit) if (x > (top.get(denom) ?? 0n)) top.set(denom, x);
    const ratio = (m: Map<string, bigint>) => [...m].filter(([, x]) => x > 0n).sort(([a], [b]) => (a < b ? -1 : 1)).map(([denom, x]) => ({ denom, amount: decText(x) }));
    rows.forEach((r, i) => {
      const own = new Map([...top].map(([denom, x]) => [denom, x - (r.perUnit.get(denom) ?? 0n)]));
      historical.push({ validator_address: val, period: `${i}`, rewards: { cumulative_reward_ratio: ratio(own), reference_count: 1 } });
      // height H - 1: the SDK counts no rewards for a delegation that started at the current height
      starting.push({ delegator_address: r.d.delegator_address, validator_address: val, starting_info: { previous_period: `${i}`, stake: r.stake, height: `${height > 0n ? height - 1n : 0n}` } });
    });
    historical.push({ validator_address: val, period: `${rows.length}`, rewards: { cumulative_reward_ratio: ratio(top), reference_count: 1 } });
    current.push({ validator_address: val, rewards: { rewards: [], period: `${rows.length + 1}` } });
  }
  section.delegator_starting_infos = starting;
  section.validator_historical_rewards = historical;
  section.validator_current_rewards = current;
}

/** LegacyDec's Quo of raw values (banker's rounding at the 18th decimal). */
function quo(a: bigint, b: bigint): bigint {
  if (b === 0n) return 0n;
  const q = (a * ONE * ONE) / b;
  let whole = q / ONE;
  const rem = q % ONE;
  if (rem > ONE / 2n || (rem === ONE / 2n && whole % 2n === 1n)) whole += 1n;
  return whole;
}
