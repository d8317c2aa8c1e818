// x/bank's queries, one typed handler per method of its Query service: balances (all, spendable,
// by denom), the supply (all, of a denom), params, and the bond denom's metadata. One denom is
// held here: every other denom's balance and supply is zero. REST and abci_query render the same
// answers (framework/query-router.ts).

import { GatewayError, GrpcCode } from "../../wire/gateway-json.js";
import { pageQuery, paginateArray } from "../../wire/cosmos-pagination.js";
import { validDenom } from "./genesis.js";
import type { Query } from "../../wire/gen/cosmos/bank/v1beta1/query_pb.js";
import { MetadataSchema } from "../../wire/gen/cosmos/bank/v1beta1/query_pb.js";
import { fromJson, type JsonValue, type MessageInitShape } from "@bufbuild/protobuf";
import type { Json } from "../../framework/genesis-json.js";
import { denomMetadataJson } from "./genesis.js";
import type { Bank } from "./keeper.js";

/** A denom's metadata as the schema's Metadata (its init shape). */
export type MetadataShape = MessageInitShape<typeof MetadataSchema>;
import type { ServiceHandlers } from "../../framework/query-router.js";
import type { ChainView } from "../../framework/view.js";
import { accountText, byAddressBytes, indexKey } from "../auth/queries.js";

const invalid = (message: string) => new GatewayError(GrpcCode.INVALID_ARGUMENT, message);
const notFound = (message: string) => new GatewayError(GrpcCode.NOT_FOUND, message);

/** Decimal places of the display denom (1 cro = 10^8 basecro). */
const DISPLAY_EXPONENT = 8;

/** The SDK's SupplyOf: sdk.ValidateDenom, then the amount (0 for a denom never minted). */
export function supplyOfQuery(supplyOf: (denom: string) => bigint): ServiceHandlers<typeof Query> {
  return {
    supplyOf: (r) => {
      if (!validDenom(r.denom)) throw invalid(`invalid denom: ${r.denom}`);
      return { amount: { denom: r.denom, amount: `${supplyOf(r.denom)}` } };
    },
  };
}

/**
 * x/bank's Query service over the chain's ledger; `supplyOf` the minted supply of a denom;
 * `metadata` the genesis's denom metadata (x/bank's section: what the chain answers), else the
 * bond denom's as the node describes it.
 */
export function bankQueries(
  view: ChainView,
  options: { maxPageLimit?: number; supplyOf?: (denom: string) => bigint; metadata?: readonly MetadataShape[]; bank?: () => Bank | undefined } = {},
): ServiceHandlers<typeof Query> {
  const { ledger, directory, denom } = view;
  const bank = () => options.bank?.();
  const balanceOf = (address: string): bigint => {
    const id = directory.accountId(accountText(directory, address));
    return id === undefined ? 0n : ledger.balance(id);
  };
  const page = (coins: { denom: string; amount: string }[], r: { pagination?: Parameters<typeof pageQuery>[0] }) => {
    const { items, pagination } = paginateArray(coins, () => 0n, pageQuery(r.pagination, options.maxPageLimit));
    return { balances: items, pagination };
  };
  const balances = (r: { address: string; pagination?: Parameters<typeof pageQuery>[0] }) => {
    const amount = balanceOf(r.address);
    return page(amount === 0n ? [] : [{ denom, amount: `${amount}` }], r);
  };
  // x/bank's Balance checks the denom before the address.
  const balance = (r: { address: string; denom: string }) => {
    if (!validDenom(r.denom)) throw invalid(`invalid denom: ${r.denom}`);
    const amount = balanceOf(r.address);
    return { balance: { denom: r.denom, amount: `${r.denom === denom ? amount : 0n}` } };
  };
  // SpendableCoins: a vesting account's balance less its locked coins at the block's time; each
  // denom held is listed, a fully locked one as 0 (tier-locked tokens are delegated, not held).
  const spendableOf = (address: string): bigint => {
    const id = directory.accountId(accountText(directory, address));
    return id === undefined ? 0n : ledger.vesting.spendable(id);
  };
  const spendableBalances = (r: { address: string; pagination?: Parameters<typeof pageQuery>[0] }) =>
    page(balanceOf(r.address) === 0n ? [] : [{ denom, amount: `${spendableOf(r.address)}` }], r);
  const spendableBalanceByDenom = (r: { address: string; denom: string }) => {
    const amount = spendableOf(r.address);
    if (!validDenom(r.denom)) throw invalid(`invalid denom: ${r.denom}`);
    return { balance: { denom: r.denom, amount: `${r.denom === denom ? amount : 0n}` } };
  };
  const display = denom.startsWith("base") && denom.length > 4 ? denom.slice(4) : denom;
  const metadata = options.metadata?.find((m) => m.base === denom) ?? {
    description: `The native staking token of ${view.chainId}`,
    denomUnits: [{ denom, exponent: 0, aliases: [] }, ...(display !== denom ? [{ denom: display, exponent: DISPLAY_EXPONENT, aliases: [] }] : [])],
    base: denom, display, name: display.toUpperCase(), symbol: display.toUpperCase(), uri: "", uriHash: "",
  };
  return {
    ...supplyOfQuery(options.supplyOf ?? ((d) => (d === denom ? ledger.totalSupply() : 0n))),
    balance, allBalances: balances, spendableBalances, spendableBalanceByDenom,
    totalSupply: (r) => {
      const { items, pagination } = paginateArray([{ denom, amount: `${ledger.totalSupply()}` }], () => 0n, pageQuery(r.pagination, options.maxPageLimit));
      return { supply: items, pagination };
    },
    // Params.send_enabled is deprecated: the keeper keeps the flags in their own map (send_enabled below).
    params: () => ({ params: { sendEnabled: [], defaultSendEnabled: bank()?.defaultEnabled ?? true } }),
    denomsMetadata: (r) => {
      const { items, pagination } = paginateArray([metadata], () => 0n, pageQuery(r.pagination, options.maxPageLimit));
      return { metadatas: items, pagination };
    },
    // Every holder of the denom, in the order of their address bytes (the SDK's denom index).
    denomOwners: (r) => {
      if (!validDenom(r.denom)) throw invalid(`invalid denom: ${r.denom}`);
      const holders = r.denom !== denom ? [] : byAddressBytes(directory, directory.accountIds())
        .map(({ id, address }) => ({ address, balance: { denom, amount: `${ledger.balance(id)}` } }))
        .filter((o) => o.balance.amount !== "0");
      const { items, pagination } = paginateArray(holders, indexKey(holders), pageQuery(r.pagination, options.maxPageLimit));
      return { denomOwners: items, pagination };
    },
    // The named denoms that have a flag of their own (no pagination), or every flag, paged in the
    // store's order (by denom), as the SDK answers.
    sendEnabled: (r) => {
      const b = bank();
      if (r.denoms.length > 0) {
        return { sendEnabled: r.denoms.flatMap((d) => { const e = b?.entry(d); return e === undefined ? [] : [{ denom: d, enabled: e }]; }) };
      }
      const all = (b?.sendEnabledEntries() ?? []).map((e) => ({ denom: e.denom, enabled: e.enabled }));
      const { items, pagination } = paginateArray(all, (e) => BigInt(all.indexOf(e)), pageQuery(r.pagination, options.maxPageLimit));
      return { sendEnabled: items, pagination };
    },
    denomMetadata: (r) => {
      if (!validDenom(r.denom)) throw invalid(`invalid denom: ${r.denom}`);
      if (r.denom !== denom) throw notFound(`client metadata for denom ${r.denom}`);
      return { metadata };
    },
  };
}

/** x/bank's denom metadata as the genesis document gives it (the node answers it as given); none: undefined. */
export function denomMetadata(doc: Json): MetadataShape[] | undefined {
  const metadata = (doc as { app_state?: { bank?: { denom_metadata?: unknown } } }).app_state?.bank?.denom_metadata;
  if (!Array.isArray(metadata) || metadata.length === 0) return undefined;
  return metadata.map((m) => fromJson(MetadataSchema, denomMetadataJson(m as Json) as JsonValue));
}
