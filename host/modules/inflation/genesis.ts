// chain-main's x/inflation genesis (`app_state.inflation`, REFERENCE §2.1, §2.6): the supply cap,
// the burn addresses and the monthly decay, and the block the decay counts from.

import { ValidationError } from "../../errors.js";
import { accountAddressBytes } from "../../wire/address.js";
import { decString } from "../../wire/gateway-json.js";
import { ONE, array, decimal, fail, int, object, uint64, type DecParser, type Json } from "../../framework/genesis-json.js";

const MAX_U128 = (1n << 128n) - 1n;

/** x/inflation params (REFERENCE §2.1). */
export interface InflationParams {
  /** Cap on circulating supply in base units; 0 = unlimited. */
  maxSupply: bigint;
  burnedAddresses: string[];
  /** Monthly decay, raw Dec in [0, 1]. */
  decayRate: bigint;
}

/**
 * x/inflation Params.Validate (REFERENCE §2.1), first failure wins: the genesis's params and
 * MsgUpdateParams's. Throws ValidationError (the reference's plain error texts).
 */
export function inflationParamsFrom(v: Json | undefined, dec: DecParser, pp: string, prefix = "cro"): InflationParams {
  const p = object(v, pp, ["max_supply", "burned_addresses", "decay_rate"]);

  if (p.max_supply === undefined || p.max_supply === null) throw new ValidationError("max supply cannot be nil", pp);
  const maxSupply = int(p.max_supply, `${pp}.max_supply`);
  if (maxSupply < 0n) throw new ValidationError(`max supply cannot be negative: ${maxSupply}`, pp);
  if (maxSupply > MAX_U128) throw new ValidationError("max supply too large (at most 2^128 - 1 base units)", pp);

  const burnedAddresses = array(p.burned_addresses ?? [], `${pp}.burned_addresses`).map((a, i) =>
    typeof a === "string" ? a : fail(`must be a string`, `${pp}.burned_addresses[${i}]`),
  );
  const seen = new Set<string>();
  burnedAddresses.forEach((addr, i) => {
    try {
      accountAddressBytes(addr, prefix);
    } catch (e) {
      throw new ValidationError(`invalid burned address at index ${i}: ${addr}, error: ${(e as Error).message}`, pp);
    }
    if (seen.has(addr)) throw new ValidationError(`duplicate burned address found: ${addr}`, pp);
    seen.add(addr);
  });

  if (p.decay_rate === undefined || p.decay_rate === null) throw new ValidationError("decay rate cannot be nil", pp);
  const decayRate = decimal(p.decay_rate, `${pp}.decay_rate`, dec, "decay rate");
  if (decayRate < 0n) {
    throw new ValidationError(
      `decay rate cannot be negative (must be between 0 and 1 inclusive, got: ${decString(decayRate)})`,
      pp,
    );
  }
  if (decayRate > ONE) {
    throw new ValidationError(`decay rate too large (must be between 0 and 1 inclusive, got: ${decString(decayRate)})`, pp);
  }

  return { maxSupply, burnedAddresses, decayRate };
}

export function parseInflation(v: Json | undefined, dec: DecParser): { params: InflationParams; decayEpochStart: bigint } {
  const path = "app_state.inflation";
  const infl = object(v, path, ["params", "decay_epoch_start"]);
  const { maxSupply, burnedAddresses, decayRate } = inflationParamsFrom(infl.params, dec, `${path}.params`);
  const decayEpochStart =
    infl.decay_epoch_start === undefined ? 0n : uint64(infl.decay_epoch_start, `${path}.decay_epoch_start`);
  if (decayRate <= 0n && decayEpochStart !== 0n) {
    throw new ValidationError("decay_epoch_start must be zero when decay is disabled", path);
  }
  return { params: { maxSupply, burnedAddresses, decayRate }, decayEpochStart };
}

export function inflationJson(params: InflationParams, decayEpochStart: bigint): Json {
  return {
    params: { max_supply: `${params.maxSupply}`, burned_addresses: [...params.burnedAddresses], decay_rate: decString(params.decayRate) },
    decay_epoch_start: `${decayEpochStart}`,
  };
}
