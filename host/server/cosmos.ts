// The Cosmos SDK (v0.50) query paths a wallet or explorer asks first — x/bank, x/staking,
// x/distribution, x/auth — over a ChainView, rendered as the gRPC-gateway does (gateway.ts):
// snake_case, Int/Dec/uint64 as strings, `{denom, amount}` coins, `{next_key, total}` pagination,
// errors `{code, message, details}` (a bad address: 400 code 3; an unknown validator or
// delegation: 404 code 5, DESIGN.md decision 6).
//
// Lists come from the ledger's owner lists in ascending id order (account or validator id, not
// address bytes as the SDK's stores), paged in the core; `next_key` is that id, 8 bytes big-endian
// in base64. A page holds at most `Ledger.maxPage` records.

import type { Context, Hono } from "hono";
import { base64 } from "@scure/base";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { DEFAULT_LIMITS } from "../limits.js";
import { accountAddressBytes, encodeAddress } from "../wire/address.js";
import { type DelegationInfo, type UnbondingEntry, type ValidatorRecord } from "../core/ledger.js";
import { validDenom } from "../app/genesis.js";
import { FIRST_USER_ACCOUNT } from "../core/ledger.js";
import { MODULE_ACCOUNTS, MODULE_PERMISSIONS } from "../modules/auth/directory.js";
import { GasSchedule } from "../app/gas.js";
import { GatewayError, GrpcCode, coin, decString, errorBody, intString, durationString, timestampString } from "../wire/gateway-json.js";
import type { ChainView } from "../app/view.js";
import { allPages, pageQuery, paginateArray, paginateCore } from "../wire/cosmos-pagination.js";

/** x/staking's DefaultMaxEntries (the core's MAX_ENTRIES). */
const MAX_ENTRIES = 7;

const STATUS_NAMES = ["BOND_STATUS_UNBONDED", "BOND_STATUS_UNBONDING", "BOND_STATUS_BONDED"] as const;

/** A path parameter (always present on a matched route). */
const param = (c: Context, name: string): string => c.req.param(name) ?? "";
const invalid = (message: string) => new GatewayError(GrpcCode.INVALID_ARGUMENT, message);
const notFound = (message: string) => new GatewayError(GrpcCode.NOT_FOUND, message);

/** The x/auth params the node's ante handler applies (host/app/gas.ts; the SDK's defaults). */
const AUTH_PARAMS = {
  max_memo_characters: "256",
  tx_sig_limit: "7",
  tx_size_cost_per_byte: `${GasSchedule.txSizeCostPerByte}`,
  sig_verify_cost_ed25519: "590",
  sig_verify_cost_secp256k1: `${GasSchedule.sigVerifyCostSecp256k1}`,
};

/** Decimal places of the display denom (1 cro = 10^8 basecro). */
const DISPLAY_EXPONENT = 8;

export interface CosmosRouteOptions {
  maxPageLimit?: number;
  /** x/distribution's community tax (raw Dec); 0 if not given. */
  communityTax?: bigint;
  /** The genesis's x/bank denom metadata (as given); absent: the node's own for the bond denom. */
  denomMetadata?: readonly unknown[];
  /** The genesis's x/staking historical_entries (kept, not used: the node keeps no historical info). */
  historicalEntries?: number;
}

export function registerCosmosRoutes(app: Hono, view: ChainView, options: CosmosRouteOptions = {}): void {
  const maxPageLimit = options.maxPageLimit ?? DEFAULT_LIMITS.maxPageLimit;
  const { ledger, directory: dir, denom } = view;
  const paths: string[] = [];
  const get = (path: string, handler: (c: Context) => unknown): void => {
    app.get(path, (c) => {
      try {
        return c.json(handler(c) as object);
      } catch (e) {
        if (!(e instanceof GatewayError)) throw e; // the app's error handler maps the rest
        return c.json(errorBody(e.code, e.message), e.status as ContentfulStatusCode);
      }
    });
    paths.push(path);
  };

  /** An account address: canonical text and core id (undefined: never seen on the chain). */
  const account = (text: string): { address: string; id?: number } => {
    let bytes: Uint8Array;
    try {
      bytes = accountAddressBytes(text, dir.accountPrefix);
    } catch (e) {
      throw invalid(`invalid address: ${(e as Error).message}`);
    }
    const address = encodeAddress(dir.accountPrefix, bytes);
    return { address, id: dir.accountId(address) };
  };
  /** A validator operator address that must exist: its core id. */
  const validator = (text: string): number => {
    let bytes: Uint8Array;
    try {
      bytes = accountAddressBytes(text, dir.validatorPrefix);
    } catch (e) {
      throw invalid(`invalid validator address: ${(e as Error).message}`);
    }
    const id = dir.validatorId(encodeAddress(dir.validatorPrefix, bytes));
    if (id === undefined || ledger.validator(id) === undefined) throw notFound(`validator ${text} not found`);
    return id;
  };
  const accountText = (id: number): string => dir.accountAddress(id) ?? "";
  const validatorText = (id: number): string => dir.validatorAddress(id) ?? "";
  const decCoins = (raw: bigint) => (raw === 0n ? [] : [{ denom, amount: decString(raw) }]);

  const validatorJson = (id: number, v: ValidatorRecord) => {
    const info = view.validatorInfo?.(id);
    const d = info?.description;
    return {
      operator_address: validatorText(id),
      consensus_pubkey: info ? { "@type": "/cosmos.crypto.ed25519.PubKey", key: base64.encode(info.consensusPubKey) } : null,
      jailed: v.jailed,
      status: STATUS_NAMES[v.status],
      tokens: intString(v.tokens),
      delegator_shares: decString(v.delegatorShares),
      description: {
        moniker: d?.moniker ?? "", identity: d?.identity ?? "", website: d?.website ?? "",
        security_contact: d?.securityContact ?? "", details: d?.details ?? "",
      },
      unbonding_height: intString(v.unbondingHeight),
      unbonding_time: timestampString(v.unbondingTime),
      // No commission-change message (MsgEditValidator) yet: the rate stays what it was made with.
      commission: {
        commission_rates: {
          rate: decString(v.commissionRate),
          max_rate: decString(info?.maxRate ?? v.commissionRate),
          max_change_rate: decString(info?.maxChangeRate ?? 0n),
        },
        update_time: timestampString(info?.updateTimeNs ?? 0n),
      },
      min_self_delegation: intString(v.minSelfDelegation),
      unbonding_on_hold_ref_count: "0",
      unbonding_ids: [],
    };
  };
  const delegationJson = (d: DelegationInfo) => ({
    delegation: {
      delegator_address: accountText(d.delegator),
      validator_address: validatorText(d.validator),
      shares: decString(d.shares),
    },
    balance: coin(denom, d.balance),
  });

  const unbondingEntryJson = (e: UnbondingEntry) => ({
    creation_height: intString(e.creationHeight),
    completion_time: timestampString(e.completionTime),
    initial_balance: intString(e.initialBalance),
    balance: intString(e.balance),
    unbonding_id: intString(e.id),
    unbonding_on_hold_ref_count: "0",
  });

  // ---- x/bank ----
  // No vesting accounts: every balance is spendable (tier-locked tokens are delegated, not held),
  // so spendable_balances answers as balances.
  for (const kind of ["balances", "spendable_balances"]) {
    get(`/cosmos/bank/v1beta1/${kind}/:address`, (c) => {
      const { id } = account(param(c, "address"));
      const amount = id === undefined ? 0n : ledger.balance(id);
      const { items, pagination } = paginateArray(amount === 0n ? [] : [coin(denom, amount)], () => 0n, pageQuery(c, maxPageLimit));
      return { balances: items, pagination };
    });
    get(`/cosmos/bank/v1beta1/${kind}/:address/by_denom`, (c) => {
      const { id } = account(param(c, "address"));
      const asked = c.req.query("denom") ?? "";
      if (!validDenom(asked)) throw invalid(`invalid denom: ${asked}`);
      const amount = id === undefined || asked !== denom ? 0n : ledger.balance(id);
      return { balance: coin(asked, amount) };
    });
  }
  get("/cosmos/bank/v1beta1/supply", (c) => {
    const { items, pagination } = paginateArray([coin(denom, ledger.totalSupply())], () => 0n, pageQuery(c, maxPageLimit));
    return { supply: items, pagination };
  });

  // ---- x/staking ----
  get("/cosmos/staking/v1beta1/validators", (c) => {
    const status = c.req.query("status") ?? "";
    const wanted = status === "" ? undefined : STATUS_NAMES.indexOf(status as (typeof STATUS_NAMES)[number]);
    if (wanted === -1) throw invalid(`invalid validator status ${status}`);
    const all = ledger.validatorIds().map((id) => ({ id, v: ledger.validator(id)! }));
    const chosen = wanted === undefined ? all : all.filter((x) => x.v.status === wanted);
    const { items, pagination } = paginateArray(chosen, (x) => BigInt(x.id), pageQuery(c, maxPageLimit));
    return { validators: items.map((x) => validatorJson(x.id, x.v)), pagination };
  });
  get("/cosmos/staking/v1beta1/validators/:validator_addr", (c) => {
    const id = validator(param(c, "validator_addr"));
    return { validator: validatorJson(id, ledger.validator(id)!) };
  });
  get("/cosmos/staking/v1beta1/validators/:validator_addr/delegations", (c) => {
    const id = validator(param(c, "validator_addr"));
    const { items, pagination } = paginateCore(
      pageQuery(c, maxPageLimit), (start, limit) => ledger.validatorDelegations(id, { start, limit }), (d) => BigInt(d.delegator), ledger.maxPage,
    );
    return { delegation_responses: items.map(delegationJson), pagination };
  });
  get("/cosmos/staking/v1beta1/validators/:validator_addr/delegations/:delegator_addr", (c) => {
    const id = validator(param(c, "validator_addr"));
    const who = account(param(c, "delegator_addr"));
    const d = who.id === undefined ? undefined : ledger.delegation(who.id, id);
    if (d === undefined) {
      throw notFound(`delegation with delegator ${who.address} not found for validator ${param(c, "validator_addr")}`);
    }
    return { delegation_response: delegationJson(d) };
  });
  get("/cosmos/staking/v1beta1/delegations/:delegator_addr", (c) => {
    const { id } = account(param(c, "delegator_addr"));
    const q = pageQuery(c, maxPageLimit);
    if (id === undefined) return { delegation_responses: [], pagination: paginateArray([], () => 0n, q).pagination };
    const { items, pagination } = paginateCore(
      q, (start, limit) => ledger.delegatorDelegations(id, { start, limit }), (d) => BigInt(d.validator), ledger.maxPage,
    );
    return { delegation_responses: items.map(delegationJson), pagination };
  });
  get("/cosmos/staking/v1beta1/delegators/:delegator_addr/unbonding_delegations", (c) => {
    const who = account(param(c, "delegator_addr"));
    const entries = who.id === undefined ? [] : ledger.unbondingEntries(who.id);
    const groups = groupBy(entries, (e) => e.validator);
    const { items, pagination } = paginateArray(groups, (g) => BigInt(g.key), pageQuery(c, maxPageLimit));
    return {
      unbonding_responses: items.map((g) => ({
        delegator_address: who.address,
        validator_address: validatorText(g.key),
        entries: g.items.map(unbondingEntryJson),
      })),
      pagination,
    };
  });
  get("/cosmos/staking/v1beta1/delegators/:delegator_addr/redelegations", (c) => {
    const who = account(param(c, "delegator_addr"));
    const srcText = c.req.query("src_validator_addr") ?? "";
    const dstText = c.req.query("dst_validator_addr") ?? "";
    let entries = who.id === undefined ? [] : ledger.redelegationEntries(who.id);
    if (srcText !== "" && dstText !== "") {
      // the SDK's single-redelegation form: that one, or NotFound
      const src = validator(srcText);
      const dst = validator(dstText);
      entries = entries.filter((e) => e.src === src && e.dst === dst);
      if (entries.length === 0) {
        throw notFound(`redelegation not found for delegator address ${who.address} from validator address ${srcText}`);
      }
    }
    const groups = groupBy(entries, (e) => e.src * 0x10000 + e.dst);
    const { items, pagination } = paginateArray(groups, (g) => BigInt(g.key), pageQuery(c, maxPageLimit));
    return {
      redelegation_responses: items.map((g) => ({
        redelegation: {
          delegator_address: who.address,
          validator_src_address: validatorText(g.items[0].src),
          validator_dst_address: validatorText(g.items[0].dst),
          entries: [],
        },
        entries: g.items.map((e) => ({
          redelegation_entry: {
            creation_height: intString(e.creationHeight),
            completion_time: timestampString(e.completionTime),
            initial_balance: intString(e.initialBalance),
            shares_dst: decString(e.sharesDst),
            unbonding_id: intString(e.id),
            unbonding_on_hold_ref_count: "0",
          },
          balance: intString(e.balance),
        })),
      })),
      pagination,
    };
  });
  get("/cosmos/staking/v1beta1/pool", () => {
    const p = ledger.pool();
    return { pool: { not_bonded_tokens: intString(p.notBonded), bonded_tokens: intString(p.bonded) } };
  });
  get("/cosmos/staking/v1beta1/params", () => {
    const p = ledger.stakingParams();
    return {
      params: {
        unbonding_time: durationString(p.unbondingTimeNs),
        max_validators: p.maxValidators,
        max_entries: MAX_ENTRIES,
        historical_entries: options.historicalEntries ?? 0, // the genesis's; the ledger keeps no historical info
        bond_denom: denom,
        min_commission_rate: decString(0n),
      },
    };
  });

  // ---- x/distribution ----
  get("/cosmos/distribution/v1beta1/delegators/:delegator_address/rewards", (c) => {
    const { id } = account(param(c, "delegator_address"));
    const delegations = id === undefined ? [] : allPages((start, limit) => ledger.delegatorDelegations(id, { start, limit }), ledger.maxPage);
    let total = 0n;
    const rewards = delegations.map((d) => {
      const r = ledger.pendingRewards(d.delegator, d.validator);
      total += r;
      return { validator_address: validatorText(d.validator), reward: decCoins(r) };
    });
    return { rewards, total: decCoins(total) };
  });
  get("/cosmos/distribution/v1beta1/delegators/:delegator_address/rewards/:validator_address", (c) => {
    const val = validator(param(c, "validator_address"));
    const who = account(param(c, "delegator_address"));
    if (who.id === undefined || ledger.delegation(who.id, val) === undefined) throw notFound("delegation does not exist");
    return { rewards: decCoins(ledger.pendingRewards(who.id, val)) };
  });
  get("/cosmos/distribution/v1beta1/community_pool", () => ({ pool: decCoins(ledger.communityPool()) }));
  get("/cosmos/distribution/v1beta1/validators/:validator_address/commission", (c) => {
    const id = validator(param(c, "validator_address"));
    return { commission: { commission: decCoins(ledger.validator(id)!.accumulatedCommission) } };
  });

  /** A module account as x/auth renders it (the rewards pool is one: REFERENCE §11). */
  const moduleAccountJson = (id: number) => {
    const name = MODULE_ACCOUNTS.find(([, x]) => x === id)?.[0];
    const address = dir.accountAddress(id);
    const a = address === undefined ? undefined : dir.account(address);
    if (name === undefined || a === undefined) return undefined;
    return {
      "@type": "/cosmos.auth.v1beta1.ModuleAccount",
      base_account: { address, pub_key: null, account_number: intString(a.accountNumber), sequence: intString(a.sequence) },
      name,
      permissions: [...MODULE_PERMISSIONS[name]!],
    };
  };

  // ---- x/auth ----
  get("/cosmos/auth/v1beta1/accounts/:address", (c) => {
    const { address } = account(param(c, "address"));
    const a = dir.account(address);
    if (a === undefined) throw notFound(`account ${address} not found`);
    const id = dir.accountId(address);
    if (id !== undefined && id < FIRST_USER_ACCOUNT) {
      const m = moduleAccountJson(id);
      if (m !== undefined) return { account: m };
    }
    return {
      account: {
        "@type": "/cosmos.auth.v1beta1.BaseAccount",
        address,
        pub_key:
          a.pubKey === undefined
            ? null
            : { "@type": "/cosmos.crypto.secp256k1.PubKey", key: Buffer.from(a.pubKey).toString("base64") },
        account_number: intString(a.accountNumber),
        sequence: intString(a.sequence),
      },
    };
  });

  // ---- more of x/bank ----
  get("/cosmos/bank/v1beta1/params", () => ({ params: { send_enabled: [], default_send_enabled: true } }));
  const display = denom.startsWith("base") && denom.length > 4 ? denom.slice(4) : denom;
  const given = options.denomMetadata?.find((m) => (m as { base?: string }).base === denom);
  const metadata = given ?? {
    description: `The native staking token of ${view.chainId}`,
    denom_units: [
      { denom, exponent: 0, aliases: [] },
      ...(display !== denom ? [{ denom: display, exponent: DISPLAY_EXPONENT, aliases: [] }] : []),
    ],
    base: denom,
    display,
    name: display.toUpperCase(),
    symbol: display.toUpperCase(),
    uri: "",
    uri_hash: "",
  };
  get("/cosmos/bank/v1beta1/denoms_metadata", (c) => {
    const { items, pagination } = paginateArray([metadata], () => 0n, pageQuery(c, maxPageLimit));
    return { metadatas: items, pagination };
  });
  get("/cosmos/bank/v1beta1/denoms_metadata/:denom", (c) => {
    const asked = param(c, "denom");
    if (!validDenom(asked)) throw invalid(`invalid denom: ${asked}`);
    if (asked !== denom) throw notFound(`client metadata for denom ${asked}`);
    return { metadata };
  });

  // ---- more of x/staking ----
  get("/cosmos/staking/v1beta1/delegators/:delegator_addr/validators", (c) => {
    const { id } = account(param(c, "delegator_addr"));
    const q = pageQuery(c, maxPageLimit);
    const delegations = id === undefined ? [] : allPages((start, limit) => ledger.delegatorDelegations(id, { start, limit }), ledger.maxPage);
    const { items, pagination } = paginateArray(delegations, (d) => BigInt(d.validator), q);
    return { validators: items.map((d) => validatorJson(d.validator, ledger.validator(d.validator)!)), pagination };
  });
  get("/cosmos/staking/v1beta1/delegators/:delegator_addr/validators/:validator_addr", (c) => {
    const who = account(param(c, "delegator_addr"));
    const val = validator(param(c, "validator_addr"));
    if (who.id === undefined || ledger.delegation(who.id, val) === undefined) throw notFound("no delegation for (address, validator) tuple");
    return { validator: validatorJson(val, ledger.validator(val)!) };
  });
  get("/cosmos/staking/v1beta1/validators/:validator_addr/delegations/:delegator_addr/unbonding_delegation", (c) => {
    const val = validator(param(c, "validator_addr"));
    const who = account(param(c, "delegator_addr"));
    const entries = who.id === undefined ? [] : ledger.unbondingEntries(who.id).filter((e) => e.validator === val);
    if (entries.length === 0) {
      throw notFound(`unbonding delegation with delegator ${who.address} not found for validator ${validatorText(val)}`);
    }
    return { unbond: { delegator_address: who.address, validator_address: validatorText(val), entries: entries.map(unbondingEntryJson) } };
  });
  get("/cosmos/staking/v1beta1/validators/:validator_addr/unbonding_delegations", (c) => {
    const val = validator(param(c, "validator_addr"));
    // Entries are indexed by delegator in the core: walk the validator's delegators and every
    // account with an entry (an unbonding may outlive its delegation).
    const responses: { delegator: number; entries: UnbondingEntry[] }[] = [];
    for (const accountId of dir.accountIds()) {
      const entries = ledger.unbondingEntries(accountId).filter((e) => e.validator === val);
      if (entries.length > 0) responses.push({ delegator: accountId, entries });
    }
    const { items, pagination } = paginateArray(responses, (r) => BigInt(r.delegator), pageQuery(c, maxPageLimit));
    return {
      unbonding_responses: items.map((r) => ({
        delegator_address: accountText(r.delegator),
        validator_address: validatorText(val),
        entries: r.entries.map(unbondingEntryJson),
      })),
      pagination,
    };
  });

  // ---- more of x/distribution ----
  get("/cosmos/distribution/v1beta1/params", () => ({
    params: {
      community_tax: decString(options.communityTax ?? 0n),
      base_proposer_reward: decString(0n),
      bonus_proposer_reward: decString(0n),
      withdraw_addr_enabled: true,
    },
  }));
  get("/cosmos/distribution/v1beta1/delegators/:delegator_address/withdraw_address", (c) => {
    const who = account(param(c, "delegator_address"));
    return { withdraw_address: who.id === undefined ? who.address : accountText(ledger.withdrawAddress(who.id)) };
  });
  get("/cosmos/distribution/v1beta1/delegators/:delegator_address/validators", (c) => {
    const { id } = account(param(c, "delegator_address"));
    const delegations = id === undefined ? [] : allPages((start, limit) => ledger.delegatorDelegations(id, { start, limit }), ledger.maxPage);
    return { validators: delegations.map((d) => validatorText(d.validator)) };
  });
  get("/cosmos/distribution/v1beta1/validators/:validator_address/outstanding_rewards", (c) => {
    const id = validator(param(c, "validator_address"));
    return { rewards: { rewards: decCoins(ledger.validator(id)!.outstanding) } };
  });
  get("/cosmos/distribution/v1beta1/validators/:validator_address", (c) => {
    const id = validator(param(c, "validator_address"));
    const v = ledger.validator(id)!;
    return {
      operator_address: accountText(v.operator),
      self_bond_rewards: decCoins(ledger.delegation(v.operator, id) === undefined ? 0n : ledger.pendingRewards(v.operator, id)),
      commission: decCoins(v.accumulatedCommission),
    };
  });

  // ---- more of x/auth ----
  get("/cosmos/auth/v1beta1/params", () => ({ params: AUTH_PARAMS }));
  get("/cosmos/auth/v1beta1/bech32", () => ({ bech32_prefix: dir.accountPrefix }));
  get("/cosmos/auth/v1beta1/account_info/:address", (c) => {
    const { address } = account(param(c, "address"));
    const a = dir.account(address);
    if (a === undefined) throw notFound(`account ${address} not found`);
    return {
      info: {
        address,
        pub_key: a.pubKey === undefined ? null : { "@type": "/cosmos.crypto.secp256k1.PubKey", key: Buffer.from(a.pubKey).toString("base64") },
        account_number: intString(a.accountNumber),
        sequence: intString(a.sequence),
      },
    };
  });
  get("/cosmos/auth/v1beta1/module_accounts", () => ({
    accounts: MODULE_ACCOUNTS.map(([, id]) => moduleAccountJson(id)).filter((a) => a !== undefined),
  }));
  get("/cosmos/auth/v1beta1/module_accounts/:name", (c) => {
    const m = MODULE_ACCOUNTS.find(([name]) => name === param(c, "name"));
    const a = m === undefined ? undefined : moduleAccountJson(m[1]);
    if (a === undefined) throw notFound(`account ${param(c, "name")} not found`);
    return { account: a };
  });
  get("/cosmos/auth/v1beta1/address_by_id/:id", (c) => {
    const text = param(c, "id");
    if (!/^-?[0-9]+$/.test(text)) throw invalid(`type mismatch, parameter: id, error: strconv.ParseInt: parsing ${JSON.stringify(text)}: invalid syntax`);
    const n = BigInt(text);
    if (n < 0n) throw invalid("invalid account number");
    const address = n < BigInt(Number.MAX_SAFE_INTEGER) ? dir.accountAddress(Number(n)) : undefined;
    if (address === undefined || dir.account(address) === undefined) throw notFound(`account address not found for account number ${n}`);
    return { account_address: address };
  });

  // A known path asked with another method: grpc-gateway v1 answers Unimplemented (HTTP 501).
  for (const path of paths) {
    app.all(path, (c) => c.json(errorBody(GrpcCode.UNIMPLEMENTED, "Method Not Allowed"), 501));
  }
}

/** Consecutive runs of equal keys (the input is sorted by key). */
function groupBy<T>(xs: readonly T[], keyOf: (t: T) => number): { key: number; items: T[] }[] {
  const groups: { key: number; items: T[] }[] = [];
  for (const x of xs) {
    const k = keyOf(x);
    if (groups.length > 0 && groups[groups.length - 1].key === k) groups[groups.length - 1].items.push(x);
    else groups.push({ key: k, items: [x] });
  }
  return groups;
}
