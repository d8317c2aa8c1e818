// chain-main's x/inflation query: its params now (the genesis's, or what governance set).

import type { InflationParams } from "./genesis.js";
import type { Query } from "../../wire/gen/chainmain/inflation/v1/query_pb.js";
import type { ServiceHandlers } from "../../framework/query-router.js";

export interface InflationView {
  /** The genesis's section (the application's parsed genesis has it). */
  readonly genesis: { readonly inflation: { readonly params: InflationParams } };
  /** The params now; the genesis's when absent (the emission-only chain). */
  inflationParams?(): InflationParams;
}

export function inflationQueries(chain: InflationView): ServiceHandlers<typeof Query> {
  return {
    params: () => {
      const p = chain.inflationParams?.() ?? chain.genesis.inflation.params;
      return { params: { maxSupply: `${p.maxSupply}`, burnedAddresses: [...p.burnedAddresses], decayRate: `${p.decayRate}` } };
    },
  };
}
