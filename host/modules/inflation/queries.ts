// chain-main's x/inflation query: its params now (the genesis's, or what governance set).

import type { Genesis } from "../../app/genesis.js";
import type { Query } from "../../wire/gen/chainmain/inflation/v1/query_pb.js";
import type { ServiceHandlers } from "../../app/query-router.js";

export interface InflationView {
  readonly genesis: Genesis;
  /** The params now; the genesis's when absent (the emission-only chain). */
  inflationParams?(): Genesis["inflation"]["params"];
}

export function inflationQueries(chain: InflationView): ServiceHandlers<typeof Query> {
  return {
    params: () => {
      const p = chain.inflationParams?.() ?? chain.genesis.inflation.params;
      return { params: { maxSupply: `${p.maxSupply}`, burnedAddresses: [...p.burnedAddresses], decayRate: `${p.decayRate}` } };
    },
  };
}
