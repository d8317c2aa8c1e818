// x/mint's queries, one typed handler per method of its Query service: the params, the inflation
// rate and the annual provisions (LegacyDecs in bytes: the 18-decimal integer's text on the wire).
// The chain's emission engine computes them; REST and abci_query render the same answers.

import { utf8ToBytes } from "@noble/hashes/utils.js";
import type { MintGenesis } from "./genesis.js";
import type { GovernedParams } from "../gov/governed-params.js";
import { mintParams } from "./update-params.js";
import type { Query } from "../../wire/gen/cosmos/mint/v1beta1/query_pb.js";
import type { ServiceHandlers } from "../../framework/query-router.js";

/** What x/mint's queries read: the genesis's params, the rate and the provisions (raw Decs). */
export interface MintView {
  readonly genesis: { readonly mint: MintGenesis };
  /** The params governance set (absent: the genesis's). */
  readonly params?: GovernedParams;
  inflation(): bigint;
  annualProvisions(): bigint;
}

const decBytes = (raw: bigint) => utf8ToBytes(`${raw}`);

export function mintQueries(chain: MintView): ServiceHandlers<typeof Query> {
  return {
    params: () => {
      const p = mintParams(chain.params, chain.genesis.mint.params);
      return {
        params: {
          mintDenom: p.mintDenom, inflationRateChange: `${p.inflationRateChange}`, inflationMax: `${p.inflationMax}`,
          inflationMin: `${p.inflationMin}`, goalBonded: `${p.goalBonded}`, blocksPerYear: p.blocksPerYear,
        },
      };
    },
    inflation: () => ({ inflation: decBytes(chain.inflation()) }),
    annualProvisions: () => ({ annualProvisions: decBytes(chain.annualProvisions()) }),
  };
}
