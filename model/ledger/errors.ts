// Every error the ledger model can return, with the codespace, code and message the chain
// registers for it: cosmos-sdk types/errors ("sdk"), x/staking/types/errors.go ("staking"),
// x/distribution/types/errors.go ("distribution"), x/slashing/types/errors.go ("slashing").
// Errors the SDK raises with fmt.Errorf (no registered code) use codespace "undefined", code 1,
// as ABCI reports them.

import { E18 } from "../dec-bigint.js";

export interface ErrorDef {
  readonly codespace: string;
  readonly code: number;
  readonly message: string;
}

const def = (codespace: string, code: number, message: string): ErrorDef => ({ codespace, code, message });

export const Errors = {
  // cosmos-sdk types/errors/errors.go
  InsufficientFunds: def("sdk", 5, "insufficient funds"),
  InvalidAddress: def("sdk", 7, "invalid address"),
  InvalidRequest: def("sdk", 18, "invalid request"),
  NotFound: def("sdk", 38, "not found"),

  // x/staking/types/errors.go
  NoValidatorFound: def("staking", 3, "validator does not exist"),
  ValidatorOwnerExists: def(
    "staking", 4, "validator already exist for this operator address; must use new validator operator address",
  ),
  ValidatorJailed: def("staking", 7, "validator for this address is currently jailed"),
  BadRemoveValidator: def("staking", 8, "failed to remove validator"),
  CommissionNegative: def("staking", 9, "commission must be positive"),
  CommissionHuge: def("staking", 10, "commission cannot be more than 100%"),
  CommissionGTMaxRate: def("staking", 11, "commission cannot be more than the max rate"),
  CommissionChangeRateNegative: def("staking", 13, "commission change rate must be positive"),
  CommissionChangeRateGTMaxRate: def("staking", 14, "commission change rate cannot be more than the max rate"),
  SelfDelegationBelowMinimum: def(
    "staking", 16, "validator's self delegation must be greater than their minimum self delegation",
  ),
  NoDelegation: def("staking", 19, "no delegation for (address, validator) tuple"),
  NoDelegatorForAddress: def("staking", 21, "delegator does not contain delegation"),
  InsufficientShares: def("staking", 22, "insufficient delegation shares"),
  NotEnoughDelegationShares: def("staking", 24, "not enough delegation shares"),
  NoUnbondingDelegation: def("staking", 26, "no unbonding delegation found"),
  MaxUnbondingDelegationEntries: def(
    "staking", 27, "too many unbonding delegation entries for (delegator, validator) tuple",
  ),
  NoRedelegation: def("staking", 28, "no redelegation found"),
  SelfRedelegation: def("staking", 29, "cannot redelegate to the same validator"),
  TinyRedelegationAmount: def("staking", 30, "too few tokens to redelegate (truncates to zero tokens)"),
  BadRedelegationDst: def("staking", 31, "redelegation destination validator not found"),
  TransitiveRedelegation: def(
    "staking", 32,
    "redelegation to this validator already in progress; first redelegation to this validator must complete before next redelegation",
  ),
  MaxRedelegationEntries: def(
    "staking", 33, "too many redelegation entries for (delegator, src-validator, dst-validator) tuple",
  ),
  DelegatorShareExRateInvalid: def("staking", 34, "cannot delegate to validators with invalid (zero) ex-rate"),
  CommissionLTMinRate: def("staking", 40, "commission cannot be less than min rate"),
  BadRedelegationSrc: def("staking", 44, "redelegation source validator not found"),

  // x/distribution/types/errors.go
  EmptyDelegationDistInfo: def("distribution", 5, "no delegation distribution info"),
  NoValidatorDistInfo: def("distribution", 6, "no validator distribution info"),
  NoValidatorCommission: def("distribution", 7, "no validator commission to withdraw"),
  NoValidatorExists: def("distribution", 12, "validator does not exist"),
  NoDelegationExists: def("distribution", 13, "delegation does not exist"),

  // x/slashing/types/errors.go
  NoValidatorForAddress: def("slashing", 2, "address is not associated with any known validator"),
  ValidatorStillJailed: def("slashing", 4, "validator still jailed; cannot be unjailed"),
  ValidatorNotJailed: def("slashing", 5, "validator not jailed; cannot be unjailed"),
  MissingSelfDelegation: def("slashing", 6, "validator has no self-delegation; cannot be unjailed"),
  SelfDelegationTooLowToUnjail: def("slashing", 7, "validator's self delegation less than minimum; cannot be unjailed"),
} as const;

/** fmt.Errorf-style errors: no registered code. */
const PLAIN: ErrorDef = def("undefined", 1, "");

export interface TxResult<T = void> {
  /** 0 on success. */
  code: number;
  codespace: string;
  log: string;
  /** The message's response, on success. */
  value?: T;
}

/** A failed message: the registered error, wrapped as errorsmod.Wrap(f) renders it. */
export class LedgerError extends Error {
  constructor(
    readonly def: ErrorDef,
    readonly wrap?: string,
  ) {
    super(!def.message ? wrap ?? "" : wrap ? `${wrap}: ${def.message}` : def.message);
    this.name = "LedgerError";
  }

  static plain(message: string): LedgerError {
    return new LedgerError(PLAIN, message);
  }

  toResult<T>(): TxResult<T> {
    return { code: this.def.code, codespace: this.def.codespace, log: this.message };
  }
}

/** A state the SDK treats as impossible (its `panic`): a bug in the model or its caller. */
export class LedgerPanic extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LedgerPanic";
  }
}

/** LegacyDec.String(): always 18 decimals. */
export function formatDec(raw: bigint): string {
  const neg = raw < 0n;
  const a = neg ? -raw : raw;
  const frac = (a % E18).toString().padStart(18, "0");
  return `${neg ? "-" : ""}${a / E18}.${frac}`;
}

/** sdk.Coin.String(). */
export const formatCoin = (amount: bigint, denom: string) => `${amount}${denom}`;
