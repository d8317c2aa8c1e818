// x/staking validators and their x/distribution accumulators, one record per validator id
// (the host maps operator addresses to dense ids).

import { OK, ERR_INVALID_PARAMS, ERR_VALIDATOR_EXISTS, setErrorArg } from "../errors";
import { POW18 } from "../math/limbs";
import { Table } from "../store/table";
import {
  V_OPERATOR, V_COMMISSION_RATE, V_PERIOD, V_ORDER_KEY, V_MIN_SELF_DELEGATION, V_SIZE,
} from "../abi/validator";
import { T_HISTORICAL, T_SLASH_EVENTS, T_VALIDATORS } from "../store/table-ids";

export const validators = new Table(V_SIZE, T_VALIDATORS);
/** Validator ids fit 16 bits, so (delegator, source, destination) keys fit one u64. */
export const MAX_VALIDATOR_ID: u32 = 1 << 16;

// F1 historical rewards: key validator << 40 | period; cumulative reward ratio (Dec) and the
// number of delegations (and the current period) that still refer to it.
export const H_RATIO: i32 = 8;
export const H_REFERENCES: i32 = 24;
export const historical = new Table(32, T_HISTORICAL);

// F1 slash events: key validator << 40 | index; the height, the period it ended, the fraction.
export const E_HEIGHT: i32 = 8;
export const E_PERIOD: i32 = 16;
export const E_FRACTION: i32 = 24; // Dec
export const slashEvents = new Table(40, T_SLASH_EVENTS);

// @ts-ignore: decorator
@inline
export function historicalKey(validator: u32, period: u64): u64 {
  return (<u64>validator << 40) | period;
}

/**
 * A new validator (x/staking CreateValidator's record, and x/distribution's initializeValidator:
 * historical period 0 with a zero ratio referenced once, current rewards in period 1, no
 * commission or outstanding rewards). Status unbonded until the validator set takes it in.
 */
export function createValidator(id: u32, operator: u32, rateLo: u64, rateHi: u64, orderKey: u64): i32 {
  if (id >= MAX_VALIDATOR_ID) {
    setErrorArg(8);
    return ERR_INVALID_PARAMS;
  }
  if (validators.find(<u64>id) >= 0) return ERR_VALIDATOR_EXISTS;
  if (rateHi != 0 || rateLo > POW18) {
    setErrorArg(6);
    return ERR_INVALID_PARAMS;
  }
  const p = validators.ptr(validators.upsert(<u64>id));
  store<u32>(p, operator, V_OPERATOR);
  store<u64>(p, rateLo, V_COMMISSION_RATE);
  store<u64>(p, orderKey, V_ORDER_KEY);
  store<u64>(p, 1, V_MIN_SELF_DELEGATION);
  store<u64>(p, 1, V_PERIOD);
  const h = historical.ptr(historical.upsert(historicalKey(id, 0)));
  store<u32>(h, 1, H_REFERENCES);
  return OK;
}
