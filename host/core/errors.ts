// The reference's messages for the core's result codes (assembly/errors.ts, generated as CoreCode).

import { LAST_TIME_TEXT, protoDurationError } from "../wire/duration.js";
import { CoreCode, TIER_CODES } from "./abi.gen.js";

/**
 * The core's result codes, generated from assembly/errors.ts (host/core/build-abi.ts): the same
 * names without ERR_, the same numbers. OVERFLOW and UNDERFLOW follow one precedence rule in every
 * operation (assembly/dec/dec.ts): magnitude first.
 */
export { CoreCode };

/** Codespace of the tier errors (REFERENCE.md §9). */
export const TIER_CODESPACE = "tieredrewards";

/** The reference's x/tieredrewards code of a core code, or undefined for other codes. */
export function tieredRewardsCode(code: number): number | undefined {
  return code > TIER_CODES && code < CoreCode.TR_INVALID_REQUEST ? code - TIER_CODES : undefined;
}

/** x/tieredrewards messages by the reference's code. */
export const TIER_MESSAGES: Record<number, string> = {
  1: "transfer delegation source validator not found",
  2: "transfer delegation destination validator not found",
  3: "too few tokens to transfer (truncates to zero tokens)",
  4: "cannot transfer delegation from the position to itself",
  5: "tier already exists",
  6: "tier has active positions",
  7: "tier is close only",
  8: "invalid amount",
  9: "min lock amount not met",
  10: "cannot transfer delegation with active incoming redelegation",
  11: "validator is not bonded",
  12: "insufficient bonus pool balance",
  13: "position is not delegated",
  14: "exit lock duration not reached",
  15: "position has triggered exit",
  16: "redelegation to same validator",
  17: "tier not found",
  18: "position not found",
  22: "position owner mismatch",
  23: "position is delegated",
  24: "exit has not been triggered",
  25: "position is unbonding",
  26: "exit lock duration has elapsed, clear position first",
  27: "tier id must be non-zero",
  30: "vesting accounts are not allowed to execute this action",
  31: "could not derive a free position delegator address",
};

export type CoreCodeName = keyof typeof CoreCode;

const NAMES = Object.fromEntries(Object.entries(CoreCode).map(([k, v]) => [v, k])) as Record<
  number,
  CoreCodeName
>;

const PRECISION = 18;

/**
 * The text the reference gives for a failure. `input` is the text that was parsed, for the parse
 * errors that quote it; `arg` is the core's error detail (lastErrorArg).
 */
export function coreMessage(code: number, input = "", arg = 0n): string {
  switch (code) {
    case CoreCode.OVERFLOW:
      return "Int overflow";
    case CoreCode.UNDERFLOW:
      return "negative result: values are non-negative";
    case CoreCode.DIVISION_BY_ZERO:
      return "division by zero";
    case CoreCode.OUT_OF_BOUNDS:
      return "out of bounds";
    case CoreCode.INT64_OUT_OF_BOUND:
      return "Int64() out of bound";
    case CoreCode.PARSE_EMPTY:
      return "decimal string cannot be empty";
    case CoreCode.PARSE_INVALID_STRING:
      return "invalid decimal string";
    case CoreCode.PARSE_INVALID_LENGTH:
      return "invalid decimal length";
    case CoreCode.PARSE_PRECISION:
      return `value '${stripMinus(input)}' exceeds max precision by ${arg} decimal places: max precision ${PRECISION}`;
    case CoreCode.PARSE_SYNTAX:
      return `failed to set decimal string with base 10: ${combinedDigits(input)}`;
    case CoreCode.PARSE_OUT_OF_RANGE:
      return "out of range: invalid decimal string";
    case CoreCode.INVALID_PARAMS:
      return PARAM_RULES[Number(arg)] ?? "invalid parameters";
    case CoreCode.INSUFFICIENT_FUNDS:
      return `insufficient funds: account ${arg}`;
    case CoreCode.NO_VALIDATOR:
      return "validator does not exist";
    case CoreCode.VALIDATOR_EXISTS:
      return "validator already exist for this operator address; must use new validator operator address";
    case CoreCode.NO_DELEGATION:
      return "no delegation for (address, validator) tuple";
    case CoreCode.NO_COMMISSION:
      return "no validator commission to withdraw";
    case CoreCode.INVALID_EX_RATE:
      return "cannot delegate to validators with invalid (zero) ex-rate";
    case CoreCode.ZERO_AMOUNT:
      return "invalid delegation amount: invalid request";
    case CoreCode.INVALID_SHARES:
      return "invalid shares amount: invalid request";
    case CoreCode.MAX_UNBONDING_ENTRIES:
      return "too many unbonding delegation entries for (delegator, validator) tuple";
    case CoreCode.INSUFFICIENT_SHARES:
      return "insufficient delegation shares";
    case CoreCode.SELF_REDELEGATION:
      return "cannot redelegate to the same validator";
    case CoreCode.BAD_REDELEGATION_DST:
      return "redelegation destination validator not found";
    case CoreCode.TRANSITIVE_REDELEGATION:
      return "redelegation to this validator already in progress; first redelegation to this validator must complete before next redelegation";
    case CoreCode.MAX_REDELEGATION_ENTRIES:
      return "too many redelegation entries for (delegator, src-validator, dst-validator) tuple";
    case CoreCode.TINY_REDELEGATION:
      return "too few tokens to redelegate (truncates to zero tokens)";
    case CoreCode.VALIDATOR_JAILED:
      return "validator for this address is currently jailed";
    case CoreCode.NOT_JAILED:
      return "validator not jailed; cannot be unjailed";
    case CoreCode.STILL_JAILED:
      return "validator still jailed; cannot be unjailed";
    case CoreCode.SELF_DELEGATION_TOO_LOW:
      return "validator's self delegation less than minimum; cannot be unjailed";
    case CoreCode.BAD_SLASH:
      return arg === 1n ? "should not be slashing unbonded validator" : "impossible attempt to slash future infraction";
    case CoreCode.NO_UNBONDING:
      return "no unbonding delegation found";
    case CoreCode.NO_UNBONDING_ENTRY:
      return `unbonding delegation entry is not found at block height ${arg}`;
    case CoreCode.UNBONDING_BALANCE:
      return "amount is greater than the unbonding delegation entry balance";
    case CoreCode.UNBONDING_PROCESSED:
      return "unbonding delegation is already processed";
    case CoreCode.INVARIANT:
      return `ledger invariant broken (${arg}): this is a bug`;
    case CoreCode.TR_INVALID_REQUEST:
      return "invalid request";
    case CoreCode.TR_INVALID_TIER:
      return arg === 1n ? "exit duration must be positive" : "bonus apy must not exceed 1.0 (100%)";
    case CoreCode.TR_EXIT_OUT_OF_RANGE:
      return protoDurationError(BigInt.asUintN(64, arg)) ?? `exit duration ${arg}s out of range`;
    case CoreCode.TR_UNLOCK_OUT_OF_RANGE:
      return `exit unlock time out of range: block time + exit duration ${BigInt.asUintN(64, arg)}s is after ${LAST_TIME_TEXT}, the last time this node represents`;
    default: {
      const tr = tieredRewardsCode(code);
      return tr !== undefined && TIER_MESSAGES[tr] !== undefined ? TIER_MESSAGES[tr] : `core error ${code}`;
    }
  }
}

/** Messages of the emission parameter rules (assembly/emission/emission.ts `configure`). */
const PARAM_RULES: Record<number, string> = {
  0: "emission parameters not configured",
  1: "decay rate too large (must be between 0 and 1 inclusive)",
  2: "inflation rate too large (must be between 0 and 1 inclusive)",
  3: "blocks per year must be positive",
  4: "community tax must be between 0 and 1 inclusive",
  5: "target base rewards rate must not exceed 1.0 (100%)",
  6: "commission cannot be more than 100%",
  7: "staking params: max validators, power reduction and unbonding time must be positive",
  8: "validator ids must be below 65536",
  9: "next_position_id is set before any position exists and never below the next id",
};

function stripMinus(s: string): string {
  return s.startsWith("-") ? s.slice(1) : s;
}

// The string the reference hands to big.Int: digits around the '.' joined, zero-padded to 18
// fraction digits (lengths in UTF-8 bytes, as Go counts them).
function combinedDigits(input: string): string {
  const s = stripMinus(input);
  const [intPart, frac = ""] = s.split(".");
  const fracBytes = new TextEncoder().encode(frac).length;
  return intPart + frac + "0".repeat(Math.max(0, PRECISION - fracBytes));
}

/** A core operation failed; `code` is one of CoreCode. */
export class CoreError extends Error {
  readonly code: number;
  readonly codeName: CoreCodeName | "UNKNOWN";
  /** The core's error argument (e.g. the account of INSUFFICIENT_FUNDS). */
  readonly arg: bigint;
  constructor(code: number, input = "", arg = 0n) {
    super(coreMessage(code, input, arg));
    this.name = "CoreError";
    this.code = code;
    this.arg = arg;
    this.codeName = NAMES[code] ?? "UNKNOWN";
  }
}
