// `--fork-url`: a running chain-main node's state at one height as an SDK export document (the
// shape `chain-maind export` writes), built record by record from the chain's own queries
// (source.ts), then forked as a file is (dev/fork.ts). What each section comes from:
// - auth: Params, Accounts (paged; base, vesting and module accounts as their Any);
// - bank: Params, TotalSupply, DenomsMetadata (paged), and the balances from DenomOwners of each
//   supply denom (paged: one list per denom, not a query per account);
// - staking: Params, Validators (every status, paged), each validator's delegations, unbonding
//   delegations and redelegations (paged); last_validator_powers and last_total_power derived
//   from the bonded validators (tokens / 10^6, the SDK's default power reduction);
// - distribution: distribution.ts (queries, and the F1 records raw from the store);
// - slashing: Params, SigningInfos (paged); missed-block bitmaps are not queryable: none (each
//   signing info keeps its missed_blocks_counter);
// - gov: Params, Constitution, Proposals (paged), and the deposits and votes of proposals still
//   in their deposit or voting period; starting_proposal_id raw (gov's ProposalID sequence), else
//   the largest proposal id + 1;
// - mint: Params, Inflation and AnnualProvisions (the minter); inflation: Params, and
//   decay_epoch_start raw (the store's `decay_epoch_start` key), else left to its default;
// - tieredrewards: Params, Tiers, RawAllTierPositions, RedelegationMappings (paged), each
//   validator's ValidatorData (events); next_position_id and the events' sequences raw, else the
//   largest position id + 1 and sequences numbered back from each validator's current one;
// - authz: GranterGrants and feegrant: AllowancesByGranter of each account (paged);
// - nft (chain-main's): Denoms, and each denom's Collection (paged);
// - consensus: Params of x/consensus; the validators from the bonded ones (dev/fork.ts replaces
//   their keys).

import { Query as AuthQuery } from "../../wire/gen/cosmos/auth/v1beta1/query_pb.js";
import { Query as BankQuery } from "../../wire/gen/cosmos/bank/v1beta1/query_pb.js";
import { Query as StakingQuery } from "../../wire/gen/cosmos/staking/v1beta1/query_pb.js";
import { Query as SlashingQuery } from "../../wire/gen/cosmos/slashing/v1beta1/query_pb.js";
import { Query as GovQuery } from "../../wire/gen/cosmos/gov/v1/query_pb.js";
import { Query as MintQuery } from "../../wire/gen/cosmos/mint/v1beta1/query_pb.js";
import { Query as InflationQuery } from "../../wire/gen/chainmain/inflation/v1/query_pb.js";
import { Query as TierQuery } from "../../wire/gen/chainmain/tieredrewards/v1/query_pb.js";
import { Query as AuthzQuery } from "../../wire/gen/cosmos/authz/v1beta1/query_pb.js";
import { Query as FeegrantQuery } from "../../wire/gen/cosmos/feegrant/v1beta1/query_pb.js";
import { Query as NftQuery } from "../../wire/gen/chainmain/nft/v1/query_pb.js";
import { Query as ConsensusQuery } from "../../wire/gen/cosmos/consensus/v1/query_pb.js";
import { fromBinary } from "@bufbuild/protobuf";
import { ValidatorEventSchema } from "../../wire/gen/chainmain/tieredrewards/v1/types_pb.js";
import { gatewayJson } from "../../wire/gateway-render.js";
import { encodeAddress } from "../../wire/address.js";
import { base64 } from "@scure/base";
import { consensusAddressOf } from "../../modules/staking/consensus-key.js";
import { VALIDATOR_PREFIX } from "../../framework/prefixes.js";
import { isObject, type Json } from "../../framework/genesis-json.js";
import { all, pages, ForkUrlError, type ForkSource, type Obj } from "./source.js";
import { distributionSection } from "./distribution.js";

/** The SDK's default power reduction (chain-main keeps it): consensus power = tokens / 10^6. */
const POWER_REDUCTION = 1_000_000n;
/** Per-account queries at once. */
const CONCURRENCY = 8;

export interface ForkedDoc {
  /** An SDK export document at the height (initial_height H + 1). */
  doc: Obj;
  /** What was derived rather than read, a line each. */
  lines: string[];
}

const u64be = (b: Uint8Array): bigint => b.reduce((acc, x) => (acc << 8n) | BigInt(x), 0n);
const utf8 = (s: string) => new TextEncoder().encode(s);

/** Each of `items` through `f`, CONCURRENCY at a time, in order; `tick` hears every 1000th done. */
async function mapLimit<T, R>(items: readonly T[], f: (item: T) => Promise<R>, tick?: (done: number) => void): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await f(items[i]!);
      if (++done % 1000 === 0) tick?.(done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
  return out;
}

/** The node's state at the source's height as an SDK export; `progress` hears each step. */
export async function readState(source: ForkSource, progress: (line: string) => void): Promise<ForkedDoc> {
  const lines: string[] = [];
  const counted = (what: string, n: number) => progress(`fork: ${n} ${what} (${source.requests} requests)`);
  // chain-main's own module first: a node that is not chain-main fails here, with one line.
  const tierParams = (await source.query(TierQuery.method.params, {})).params as Json;

  const accounts: Json[] = [];
  await pages(source, AuthQuery.method.accounts, {}, "accounts", (page) => {
    accounts.push(...page);
    if (accounts.length % 1000 < page.length) counted("accounts so far", accounts.length);
  });
  counted("accounts", accounts.length);
  const addresses = accounts.map(accountAddress).filter((a): a is string => a !== undefined);

  const supply = await all(source, BankQuery.method.totalSupply, {}, "supply");
  const balances = new Map<string, Json[]>();
  for (const c of supply) {
    const denom = String((c as Obj).denom);
    await pages(source, BankQuery.method.denomOwners, { denom }, "denom_owners", (page) => {
      for (const o of page as Obj[]) {
        const list = balances.get(String(o.address)) ?? [];
        if (list.length === 0) balances.set(String(o.address), list);
        list.push(o.balance as Json);
      }
    });
  }
  counted(`balances of ${supply.length} denoms`, balances.size);
  const bank: Obj = {
    params: (await source.query(BankQuery.method.params, {})).params as Json,
    balances: [...balances].map(([address, coins]) => ({ address, coins: coins.sort((a, b) => (String((a as Obj).denom) < String((b as Obj).denom) ? -1 : 1)) })),
    supply,
    denom_metadata: await all(source, BankQuery.method.denomsMetadata, {}, "metadatas"),
    send_enabled: [],
  };

  const validators = (await all(source, StakingQuery.method.validators, {}, "validators")) as Obj[];
  const delegations: Obj[] = [];
  const unbondings: Json[] = [];
  const redelegations: Json[] = [];
  let bySource = source.kind === "rpc";
  for (const v of validators) {
    const validatorAddr = String(v.operator_address);
    await pages(source, StakingQuery.method.validatorDelegations, { validatorAddr }, "delegation_responses", (p) => {
      for (const r of p as Obj[]) delegations.push(r.delegation as Obj);
    });
    unbondings.push(...(await all(source, StakingQuery.method.validatorUnbondingDelegations, { validatorAddr }, "unbonding_responses")));
    if (bySource) {
      try {
        await pages(source, StakingQuery.method.redelegations, { srcValidatorAddr: validatorAddr }, "redelegation_responses", (p) => {
          for (const r of p as Obj[]) redelegations.push(redelegationRecord(r));
        });
      } catch (e) {
        // The source-validator form is the SDK's over gRPC only: a REST path needs a delegator, as does this node.
        if (!(e instanceof ForkUrlError) || redelegations.length > 0) throw e;
        bySource = false;
      }
    }
  }
  if (!bySource) {
    const delegators = [...new Set(delegations.map((d) => String(d.delegator_address)))];
    for (const list of await mapLimit(delegators, (delegatorAddr) => all(source, StakingQuery.method.redelegations, { delegatorAddr }, "redelegation_responses"))) {
      for (const r of list as Obj[]) redelegations.push(redelegationRecord(r));
    }
  }
  counted(`delegations to ${validators.length} validators`, delegations.length);
  const bonded = validators.filter((v) => v.status === "BOND_STATUS_BONDED");
  const powers = bonded.map((v) => ({ address: v.operator_address, power: `${BigInt(String(v.tokens)) / POWER_REDUCTION}` }));
  const staking: Obj = {
    params: (await source.query(StakingQuery.method.params, {})).params as Json,
    last_total_power: `${powers.reduce((t, p) => t + BigInt(p.power), 0n)}`,
    last_validator_powers: powers,
    validators, delegations, unbonding_delegations: unbondings, redelegations, exported: true,
  };

  const distribution = await distributionSection(source, validators, delegations, progress);
  lines.push(...distribution.lines);

  const slashing: Obj = {
    params: (await source.query(SlashingQuery.method.params, {})).params as Json,
    signing_infos: (await all(source, SlashingQuery.method.signingInfos, {}, "info")).map((i) => ({ address: (i as Obj).address as Json, validator_signing_info: i })),
    missed_blocks: [],
  };

  const gov = await govSection(source);
  const mint: Obj = {
    minter: {
      inflation: (await source.query(MintQuery.method.inflation, {})).inflation as Json,
      annual_provisions: (await source.query(MintQuery.method.annualProvisions, {})).annual_provisions as Json,
    },
    params: (await source.query(MintQuery.method.params, {})).params as Json,
  };
  const inflation: Obj = { params: (await source.query(InflationQuery.method.params, {})).params as Json };
  const decay = await source.subspace("inflation", utf8("decay_epoch_start"));
  if (decay !== undefined && decay.length > 0) inflation.decay_epoch_start = `${u64be(decay[0]!.value)}`;
  else if (decay === undefined) lines.push("fork: x/inflation's decay_epoch_start is not queryable without raw store reads: left to its default");

  const tieredrewards = await tierSection(source, tierParams, validators, lines);
  counted("tier positions", (tieredrewards.positions as Json[]).length);

  const tick = (what: string) => (done: number) => counted(`of ${addresses.length} accounts' ${what} asked`, done);
  const grants = (await mapLimit(addresses, (granter) => all(source, AuthzQuery.method.granterGrants, { granter }, "grants"), tick("authz grants"))).flat();
  const allowances = (await mapLimit(addresses, (granter) => all(source, FeegrantQuery.method.allowancesByGranter, { granter }, "allowances"), tick("fee allowances"))).flat();
  counted(`authz grants and ${allowances.length} fee allowances of ${addresses.length} granters`, grants.length);

  const collections: Json[] = [];
  for (const d of await all(source, NftQuery.method.denoms, {}, "denoms")) {
    const nfts: Json[] = [];
    await pages(source, NftQuery.method.collection, { denomId: String((d as Obj).id) }, (a) => ((a.collection as Obj | null)?.nfts ?? []) as Json, (p) => nfts.push(...p));
    collections.push({ denom: d, nfts });
  }

  const consensusParams = ((await source.query(ConsensusQuery.method.params, {})).params ?? null) as Json;
  const doc: Obj = {
    app_name: "chain-maind", app_version: "", genesis_time: source.block.time, chain_id: source.block.chainId,
    initial_height: `${source.height + 1n}`, app_hash: "",
    app_state: {
      auth: { params: (await source.query(AuthQuery.method.params, {})).params as Json, accounts },
      authz: { authorization: grants }, bank, distribution: distribution.section, feegrant: { allowances }, gov,
      inflation, mint, nft: { collections }, slashing, staking, tieredrewards,
    },
    consensus: {
      ...(isObject(consensusParams) ? { params: consensusParams } : {}),
      validators: bonded.map((v) => consensusValidator(v)),
    },
  };
  progress(`fork: read ${source.url} at height ${source.height} (${source.block.chainId}, ${source.block.time}) in ${source.requests} requests`);
  return { doc, lines };
}

function accountAddress(a: Json): string | undefined {
  if (!isObject(a)) return undefined;
  if (typeof a.address === "string") return a.address;
  for (const k of ["base_account", "base_vesting_account"]) {
    const inner = a[k];
    if (isObject(inner)) return accountAddress(inner);
  }
  return undefined;
}

/** A RedelegationResponse as the genesis Redelegation: its entries from the response's entries. */
function redelegationRecord(r: Obj): Json {
  const red = r.redelegation as Obj;
  const entries = (Array.isArray(r.entries) ? r.entries : []) as Obj[];
  return {
    delegator_address: red.delegator_address, validator_src_address: red.validator_src_address, validator_dst_address: red.validator_dst_address,
    entries: entries.map((e) => {
      const x = e.redelegation_entry as Obj;
      return {
        creation_height: String(x.creation_height), completion_time: x.completion_time, initial_balance: String(x.initial_balance),
        shares_dst: x.shares_dst, unbonding_id: String(x.unbonding_id), unbonding_on_hold_ref_count: String(x.unbonding_on_hold_ref_count),
      };
    }),
  };
}

/** CometBFT's genesis validator of a bonded validator: its key, address and power. */
function consensusValidator(v: Obj): Json {
  const key = v.consensus_pubkey as Obj;
  if (typeof key?.key !== "string") throw new ForkUrlError(`validator ${String(v.operator_address)}: no ed25519 consensus key in the answer`);
  const desc = isObject(v.description) ? v.description : {};
  return {
    address: consensusAddressOf(base64.decode(key.key)), pub_key: { type: "tendermint/PubKeyEd25519", value: key.key },
    power: `${BigInt(String(v.tokens)) / POWER_REDUCTION}`, name: typeof desc.moniker === "string" ? desc.moniker : "",
  };
}

async function govSection(source: ForkSource): Promise<Obj> {
  const proposals = (await all(source, GovQuery.method.proposals, {}, "proposals")) as Obj[];
  const deposits: Json[] = [];
  const votes: Json[] = [];
  for (const p of proposals) {
    const proposalId = BigInt(String(p.id));
    if (p.status === "PROPOSAL_STATUS_DEPOSIT_PERIOD" || p.status === "PROPOSAL_STATUS_VOTING_PERIOD") {
      deposits.push(...(await all(source, GovQuery.method.deposits, { proposalId }, "deposits")));
    }
    if (p.status === "PROPOSAL_STATUS_VOTING_PERIOD") votes.push(...(await all(source, GovQuery.method.votes, { proposalId }, "votes")));
  }
  const seq = await source.subspace("gov", Uint8Array.of(3));
  const starting = seq !== undefined && seq.length > 0 ? u64be(seq[0]!.value) : proposals.reduce((m, p) => (BigInt(String(p.id)) >= m ? BigInt(String(p.id)) + 1n : m), 1n);
  return {
    starting_proposal_id: `${starting}`, deposits, votes, proposals, deposit_params: null, voting_params: null, tally_params: null,
    params: (await source.query(GovQuery.method.params, { paramsType: "tallying" })).params as Json,
    constitution: (await source.query(GovQuery.method.constitution, {})).constitution as Json,
  };
}

async function tierSection(source: ForkSource, params: Json, validators: Obj[], lines: string[]): Promise<Obj> {
  const positions = (await all(source, TierQuery.method.rawAllTierPositions, {}, "positions")) as Obj[];
  const mappings = await all(source, TierQuery.method.redelegationMappings, {}, "redelegation_mappings");
  const next = await source.subspace("tieredrewards", Uint8Array.of(3));
  const events: Json[] = [];
  const seqs: Json[] = [];
  // The events at H from the query; their sequence numbers from raw reads (which may answer a later
  // state: an event is matched by its content), else numbered back from the current sequence.
  const raw = new Map<string, { seq: bigint; event: string }[]>();
  for (const { key, value } of (await source.subspace("tieredrewards", Uint8Array.of(7))) ?? []) {
    const n = key[1]!;
    const validator = encodeAddress(VALIDATOR_PREFIX, key.subarray(2, 2 + n));
    const list = raw.get(validator) ?? [];
    raw.set(validator, list);
    list.push({ seq: u64be(key.subarray(2 + n, 10 + n)), event: JSON.stringify(gatewayJson(ValidatorEventSchema, fromBinary(ValidatorEventSchema, value))) });
  }
  let numbered = false;
  for (const v of validators) {
    const d = await source.query(TierQuery.method.validatorData, { validator: String(v.operator_address) });
    const list = (Array.isArray(d.events) ? d.events : []) as Json[];
    const current = BigInt(String(d.event_current_seq ?? "0"));
    if (current > 0n) seqs.push({ validator: v.operator_address, current_seq: `${current}` });
    const known = raw.get(String(v.operator_address)) ?? [];
    list.forEach((event, i) => {
      const found = known.filter((k) => k.event === JSON.stringify(event) && k.seq <= current);
      const seq = found.length === 1 ? found[0]!.seq : current - BigInt(list.length - 1 - i);
      if (found.length !== 1) numbered = true;
      events.push({ validator: v.operator_address, sequence: `${seq}`, event });
    });
  }
  if (numbered) lines.push("fork: x/tieredrewards' validator events numbered back from each validator's current sequence (not found in raw store reads)");
  const maxId = positions.reduce((m, p) => (BigInt(String(p.id)) >= m ? BigInt(String(p.id)) + 1n : m), 0n);
  const nextId = next !== undefined && next.length > 0 ? u64be(next[0]!.value) : maxId;
  return {
    params, tiers: (await source.query(TierQuery.method.tiers, {})).tiers as Json, positions, next_position_id: `${nextId}`,
    redelegation_mappings: mappings, validator_events: events, validator_event_seqs: seqs,
  };
}
