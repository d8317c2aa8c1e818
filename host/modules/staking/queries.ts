// x/staking's queries, one typed handler per method of its Query service, over the ledger: the
// validators (the core's record, the description, consensus key and commission limits beside
// it), delegations with their balances, unbondings and redelegations grouped per pair as the SDK
// does, the pool and the params. Lists come from the ledger in ascending id order (account or
// validator id, not address bytes as the SDK's stores); `next_key` is that id, 8 bytes
// big-endian. An account address that does not decode is 400 code 3; a validator address that
// does not decode is the address codec's own error, which the SDK's queries return as it is (gRPC
// Unknown: 500 code 2); an unknown validator or delegation is 404 code 5. REST and abci_query
// render the same answers (framework/query-router.ts).

import type { Params } from "../../wire/gen/cosmos/staking/v1beta1/staking_pb.js";
import { hex } from "@scure/base";
import { accountAddressBytes, encodeAddress } from "../../wire/address.js";
import { sdkAny } from "../../wire/any.js";
import { GatewayError, GrpcCode } from "../../wire/gateway-json.js";
import { allPages, pageQuery, paginateArray, paginateCore } from "../../wire/cosmos-pagination.js";
import { duration, timestamp } from "../../wire/timestamp.js";
import type { DelegationInfo, UnbondingEntry, ValidatorRecord } from "../../core/ledger.js";
import { PubKeySchema } from "../../wire/gen/cosmos/crypto/ed25519/keys_pb.js";
import type { Query } from "../../wire/gen/cosmos/staking/v1beta1/query_pb.js";
import type { ServiceHandlers } from "../../framework/query-router.js";
import type { ChainView } from "../../framework/view.js";
import { accountText } from "../auth/queries.js";

/** x/staking's DefaultMaxEntries (the core's MAX_ENTRIES). */
const MAX_ENTRIES = 7;

const STATUS_NAMES = ["BOND_STATUS_UNBONDED", "BOND_STATUS_UNBONDING", "BOND_STATUS_BONDED"] as const;

const invalid = (message: string) => new GatewayError(GrpcCode.INVALID_ARGUMENT, message);
const notFound = (message: string) => new GatewayError(GrpcCode.NOT_FOUND, message);

/** A validator operator address that must exist: its core id (500 for text the codec refuses, 404 for unknown). */
export function validatorIdOf(view: ChainView, text: string): number {
  const dir = view.directory;
  let bytes: Uint8Array;
  try {
    bytes = accountAddressBytes(text, dir.validatorPrefix);
  } catch (e) {
    throw new GatewayError(GrpcCode.UNKNOWN, (e as Error).message);
  }
  const id = dir.validatorId(encodeAddress(dir.validatorPrefix, bytes));
  if (id === undefined || view.ledger.validator(id) === undefined) throw notFound(`validator ${text} not found`);
  return id;
}

/** A validator as x/staking stores it. */
export function validatorMessage(view: ChainView, id: number, v: ValidatorRecord) {
  const info = view.validatorInfo?.(id);
  const d = info?.description;
  return {
    operatorAddress: view.directory.validatorAddress(id) ?? "",
    consensusPubkey: info ? sdkAny(PubKeySchema, { key: info.consensusPubKey }) : undefined,
    jailed: v.jailed,
    status: v.status + 1, // the core's 0..2 are the schema's BOND_STATUS_UNBONDED..BONDED
    tokens: `${v.tokens}`,
    delegatorShares: `${v.delegatorShares}`,
    description: { moniker: d?.moniker ?? "", identity: d?.identity ?? "", website: d?.website ?? "", securityContact: d?.securityContact ?? "", details: d?.details ?? "" },
    unbondingHeight: v.unbondingHeight,
    unbondingTime: timestamp(v.unbondingTime),
    // No commission-change message (MsgEditValidator) yet: the rate stays what it was made with.
    commission: {
      commissionRates: { rate: `${v.commissionRate}`, maxRate: `${info?.maxRate ?? v.commissionRate}`, maxChangeRate: `${info?.maxChangeRate ?? 0n}` },
      updateTime: timestamp(info?.updateTimeNs ?? 0n),
    },
    minSelfDelegation: `${v.minSelfDelegation}`,
    unbondingOnHoldRefCount: 0n,
    unbondingIds: [],
  };
}

/** A stored block's header (CometBFT's JSON: hashes as hex), for x/staking's HistoricalInfo. */
export type BlockHeaderAt = (height: bigint) => { chainId: string; timeNs: bigint; appHash?: string; nextValidatorsHash?: string; proposer?: string } | undefined;

/** x/staking's Query service over the chain's ledger; `blockHeader` the node's stored blocks. */
/** `historicalEntries`: x/staking's param as the genesis gives it (the ledger keeps no historical info). */
export function stakingQueries(
  view: ChainView, options: { maxPageLimit?: number; blockHeader?: BlockHeaderAt; historicalEntries?: number; governed?: () => Params | undefined } = {},
): ServiceHandlers<typeof Query> {
  const { ledger, directory: dir, denom } = view;
  const page = (p: Parameters<typeof pageQuery>[0]) => pageQuery(p, options.maxPageLimit);
  /** An account address: canonical text and core id (undefined: never seen on the chain). */
  const account = (text: string): { address: string; id?: number } => {
    const address = accountText(dir, text);
    return { address, id: dir.accountId(address) };
  };
  const validator = (text: string) => validatorIdOf(view, text);
  const accountAddress = (id: number): string => dir.accountAddress(id) ?? "";
  const validatorAddress = (id: number): string => dir.validatorAddress(id) ?? "";
  const validatorOf = (id: number) => validatorMessage(view, id, ledger.validator(id)!);

  const delegationResponse = (d: DelegationInfo) => ({
    delegation: { delegatorAddress: accountAddress(d.delegator), validatorAddress: validatorAddress(d.validator), shares: `${d.shares}` },
    balance: { denom, amount: `${d.balance}` },
  });
  const unbondingEntry = (e: UnbondingEntry) => ({
    creationHeight: e.creationHeight, completionTime: timestamp(e.completionTime), initialBalance: `${e.initialBalance}`,
    balance: `${e.balance}`, unbondingId: e.id, unbondingOnHoldRefCount: 0n,
  });
  const delegationsOf = (id: number) => allPages((start, limit) => ledger.delegatorDelegations(id, { start, limit }), ledger.maxPage);

  return {
    validators: (r) => {
      const wanted = r.status === "" ? undefined : STATUS_NAMES.indexOf(r.status as (typeof STATUS_NAMES)[number]);
      if (wanted === -1) throw invalid(`invalid validator status ${r.status}`);
      const all = ledger.validatorIds().map((id) => ({ id, v: ledger.validator(id)! }));
      const chosen = wanted === undefined ? all : all.filter((x) => x.v.status === wanted);
      const { items, pagination } = paginateArray(chosen, (x) => BigInt(x.id), page(r.pagination));
      return { validators: items.map((x) => validatorMessage(view, x.id, x.v)), pagination };
    },
    validator: (r) => ({ validator: validatorOf(validator(r.validatorAddr)) }),
    validatorDelegations: (r) => {
      const id = validator(r.validatorAddr);
      const { items, pagination } = paginateCore(
        page(r.pagination), (start, limit) => ledger.validatorDelegations(id, { start, limit }), (d) => BigInt(d.delegator), ledger.maxPage,
      );
      return { delegationResponses: items.map(delegationResponse), pagination };
    },
    delegation: (r) => {
      const id = validator(r.validatorAddr);
      const who = account(r.delegatorAddr);
      const d = who.id === undefined ? undefined : ledger.delegation(who.id, id);
      if (d === undefined) throw notFound(`delegation with delegator ${who.address} not found for validator ${r.validatorAddr}`);
      return { delegationResponse: delegationResponse(d) };
    },
    delegatorDelegations: (r) => {
      const { id } = account(r.delegatorAddr);
      const q = page(r.pagination);
      if (id === undefined) return { delegationResponses: [], pagination: paginateArray([], () => 0n, q).pagination };
      const { items, pagination } = paginateCore(q, (start, limit) => ledger.delegatorDelegations(id, { start, limit }), (d) => BigInt(d.validator), ledger.maxPage);
      return { delegationResponses: items.map(delegationResponse), pagination };
    },
    delegatorUnbondingDelegations: (r) => {
      const who = account(r.delegatorAddr);
      const groups = groupBy(who.id === undefined ? [] : ledger.unbondingEntries(who.id), (e) => e.validator);
      const { items, pagination } = paginateArray(groups, (g) => BigInt(g.key), page(r.pagination));
      return {
        unbondingResponses: items.map((g) => ({ delegatorAddress: who.address, validatorAddress: validatorAddress(g.key), entries: g.items.map(unbondingEntry) })),
        pagination,
      };
    },
    redelegations: (r) => {
      const who = account(r.delegatorAddr);
      let entries = who.id === undefined ? [] : ledger.redelegationEntries(who.id);
      if (r.srcValidatorAddr !== "" && r.dstValidatorAddr !== "") {
        // the SDK's single-redelegation form: that one, or NotFound
        const src = validator(r.srcValidatorAddr);
        const dst = validator(r.dstValidatorAddr);
        entries = entries.filter((e) => e.src === src && e.dst === dst);
        if (entries.length === 0) throw notFound(`redelegation not found for delegator address ${who.address} from validator address ${r.srcValidatorAddr}`);
      }
      const groups = groupBy(entries, (e) => e.src * 0x10000 + e.dst);
      const { items, pagination } = paginateArray(groups, (g) => BigInt(g.key), page(r.pagination));
      return {
        redelegationResponses: items.map((g) => ({
          redelegation: { delegatorAddress: who.address, validatorSrcAddress: validatorAddress(g.items[0]!.src), validatorDstAddress: validatorAddress(g.items[0]!.dst), entries: [] },
          entries: g.items.map((e) => ({
            redelegationEntry: {
              creationHeight: e.creationHeight, completionTime: timestamp(e.completionTime), initialBalance: `${e.initialBalance}`,
              sharesDst: `${e.sharesDst}`, unbondingId: e.id, unbondingOnHoldRefCount: 0n,
            },
            balance: `${e.balance}`,
          })),
        })),
        pagination,
      };
    },
    delegatorValidators: (r) => {
      const { id } = account(r.delegatorAddr);
      const { items, pagination } = paginateArray(id === undefined ? [] : delegationsOf(id), (d) => BigInt(d.validator), page(r.pagination));
      return { validators: items.map((d) => validatorOf(d.validator)), pagination };
    },
    delegatorValidator: (r) => {
      const who = account(r.delegatorAddr);
      const val = validator(r.validatorAddr);
      if (who.id === undefined || ledger.delegation(who.id, val) === undefined) throw notFound("no delegation for (address, validator) tuple");
      return { validator: validatorOf(val) };
    },
    unbondingDelegation: (r) => {
      const val = validator(r.validatorAddr);
      const who = account(r.delegatorAddr);
      const entries = who.id === undefined ? [] : ledger.unbondingEntries(who.id).filter((e) => e.validator === val);
      if (entries.length === 0) throw notFound(`unbonding delegation with delegator ${who.address} not found for validator ${validatorAddress(val)}`);
      return { unbond: { delegatorAddress: who.address, validatorAddress: validatorAddress(val), entries: entries.map(unbondingEntry) } };
    },
    validatorUnbondingDelegations: (r) => {
      const val = validator(r.validatorAddr);
      // Entries are indexed by delegator in the core: walk every account with an entry (an
      // unbonding may outlive its delegation).
      const responses: { delegator: number; entries: UnbondingEntry[] }[] = [];
      for (const accountId of dir.accountIds()) {
        const entries = ledger.unbondingEntries(accountId).filter((e) => e.validator === val);
        if (entries.length > 0) responses.push({ delegator: accountId, entries });
      }
      const { items, pagination } = paginateArray(responses, (x) => BigInt(x.delegator), page(r.pagination));
      return {
        unbondingResponses: items.map((x) => ({ delegatorAddress: accountAddress(x.delegator), validatorAddress: validatorAddress(val), entries: x.entries.map(unbondingEntry) })),
        pagination,
      };
    },
    // The header as the SDK stores it (baseapp's partial header: chain id, height, time, the
    // next validators, the app hash and the proposer). The node keeps no past validator sets
    // (historical_entries 0): the set is empty.
    historicalInfo: (r) => {
      if (r.height < 0n) throw invalid("height cannot be negative");
      const h = r.height === 0n ? undefined : options.blockHeader?.(r.height);
      if (h === undefined) throw notFound(`historical info for height ${r.height} not found`);
      const bytes = (hexText: string | undefined) => (hexText === undefined || hexText === "" ? new Uint8Array() : hex.decode(hexText.toLowerCase()));
      return {
        hist: {
          header: {
            version: {}, chainId: h.chainId, height: r.height, time: timestamp(h.timeNs), lastBlockId: { partSetHeader: {} },
            nextValidatorsHash: bytes(h.nextValidatorsHash), appHash: bytes(h.appHash), proposerAddress: bytes(h.proposer),
          },
          valset: [],
        },
      };
    },
    pool: () => {
      const p = ledger.pool();
      return { pool: { notBondedTokens: `${p.notBonded}`, bondedTokens: `${p.bonded}` } };
    },
    params: () => {
      const governed = options.governed?.();
      if (governed !== undefined) return { params: governed };
      const p = ledger.stakingParams();
      return {
        params: {
          unbondingTime: duration(p.unbondingTimeNs), maxValidators: p.maxValidators, maxEntries: MAX_ENTRIES,
          historicalEntries: options.historicalEntries ?? 0,
          bondDenom: denom, minCommissionRate: "0",
        },
      };
    },
  };
}

/** Consecutive runs of equal keys (the input is sorted by key). */
function groupBy<T>(xs: readonly T[], keyOf: (t: T) => number): { key: number; items: T[] }[] {
  const groups: { key: number; items: T[] }[] = [];
  for (const x of xs) {
    const k = keyOf(x);
    const last = groups[groups.length - 1];
    if (last !== undefined && last.key === k) last.items.push(x);
    else groups.push({ key: k, items: [x] });
  }
  return groups;
}
