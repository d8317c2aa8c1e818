// x/mint's genesis (`app_state.mint`): params as the SDK v0.53 validates them, with this node's
// rule that the rate is pinned (inflation_min = inflation_max, the reference's v7 setting), and the
// minter. The minter is derived state (the last block's rate and annual provisions): read, and
// written again as read until the chain makes a block.

import { ValidationError } from "../../errors.js";
import { decString } from "../../wire/gateway-json.js";
import { ONE, decimal, object, string, uint64, unitInterval, type DecParser, type Json } from "../../framework/genesis-json.js";
import { validDenom } from "../bank/genesis.js";

/** x/mint params. Decs are raw (value x 10^18). */
export interface MintParams {
  mintDenom: string;
  inflationRateChange: bigint;
  inflationMax: bigint;
  inflationMin: bigint;
  goalBonded: bigint;
  blocksPerYear: bigint;
}

export interface MintGenesis {
  params: MintParams;
  /** The minter as the document gives it (raw Decs). */
  minter?: { inflation: bigint; annualProvisions: bigint };
}

/** SDK x/mint Params.Validate, plus this engine's rule that inflation_min = inflation_max. */
export function parseMint(v: Json | undefined, dec: DecParser): MintGenesis {
  const path = "app_state.mint";
  const mint = object(v, path, ["params", "minter"]);
  const pp = `${path}.params`;
  const p = object(mint.params, pp, [
    "mint_denom", "inflation_rate_change", "inflation_max", "inflation_min", "goal_bonded", "blocks_per_year",
  ]);
  const mintDenom = string(p.mint_denom, `${pp}.mint_denom`);
  if (mintDenom.trim() === "") throw new ValidationError("mint denom cannot be blank", pp);
  if (!validDenom(mintDenom)) throw new ValidationError(`invalid denom: ${mintDenom}`, pp);
  const rateChange = decimal(p.inflation_rate_change, `${pp}.inflation_rate_change`, dec, "inflation rate change");
  unitInterval(rateChange, pp, "inflation rate change cannot be negative", "inflation rate change too large");
  const inflationMax = decimal(p.inflation_max, `${pp}.inflation_max`, dec, "max inflation");
  unitInterval(inflationMax, pp, "max inflation cannot be negative", "max inflation too large");
  const inflationMin = decimal(p.inflation_min, `${pp}.inflation_min`, dec, "min inflation");
  unitInterval(inflationMin, pp, "min inflation cannot be negative", "min inflation too large");
  const goalBonded = decimal(p.goal_bonded, `${pp}.goal_bonded`, dec, "goal bonded");
  if (goalBonded <= 0n) throw new ValidationError(`goal bonded must be positive: ${decString(goalBonded)}`, pp);
  if (goalBonded > ONE) throw new ValidationError(`goal bonded too large: ${decString(goalBonded)}`, pp);
  const blocksPerYear = uint64(p.blocks_per_year, `${pp}.blocks_per_year`);
  if (blocksPerYear === 0n) throw new ValidationError(`blocks per year must be positive: ${blocksPerYear}`, pp);
  if (inflationMax < inflationMin) {
    throw new ValidationError(
      `max inflation (${decString(inflationMax)}) must be greater than or equal to min inflation (${decString(inflationMin)})`,
      pp,
    );
  }
  if (inflationMax !== inflationMin) {
    // The engine follows the reference's v7 setting: with min = max the x/mint rate is that value
    // at every block, whatever the bonded ratio. A moving rate would need staking state.
    throw new ValidationError(
      `inflation_min must equal inflation_max: this node pins the x/mint rate (got min ${decString(inflationMin)}, max ${decString(inflationMax)})`,
      pp,
    );
  }
  const params = { mintDenom, inflationRateChange: rateChange, inflationMax, inflationMin, goalBonded, blocksPerYear };
  if (mint.minter === undefined) return { params };
  const mp = `${path}.minter`;
  const m = object(mint.minter, mp, ["inflation", "annual_provisions"]);
  const inflation = decimal(m.inflation, `${mp}.inflation`, dec, "inflation");
  unitInterval(inflation, `${mp}.inflation`, "mint parameter Inflation should be positive", "mint parameter Inflation must be <= 1");
  const annualProvisions = decimal(m.annual_provisions, `${mp}.annual_provisions`, dec, "annual provisions");
  if (annualProvisions < 0n) throw new ValidationError(`annual provisions should be positive, is ${decString(annualProvisions)}`, mp);
  return { params, minter: { inflation, annualProvisions } };
}

export function mintJson(params: MintParams, minter: { inflation: bigint; annualProvisions: bigint }): Json {
  return {
    minter: { inflation: decString(minter.inflation), annual_provisions: decString(minter.annualProvisions) },
    params: {
      mint_denom: params.mintDenom,
      inflation_rate_change: decString(params.inflationRateChange),
      inflation_max: decString(params.inflationMax),
      inflation_min: decString(params.inflationMin),
      goal_bonded: decString(params.goalBonded),
      blocks_per_year: `${params.blocksPerYear}`,
    },
  };
}
