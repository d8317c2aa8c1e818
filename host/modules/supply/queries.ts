// chain-main's x/supply queries (deprecated there, still served): the total supply of every coin,
// here the one denom the chain holds.

import type { Query } from "../../wire/gen/chainmain/supply/v1/query_pb.js";
import type { ServiceHandlers } from "../../framework/query-router.js";

export function supplyQueries(chain: { readonly denom: string; totalSupply(): bigint }): ServiceHandlers<typeof Query> {
  return { totalSupply: () => ({ supply: [{ denom: chain.denom, amount: `${chain.totalSupply()}` }] }) };
}
