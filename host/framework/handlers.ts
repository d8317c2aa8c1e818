// The handlers of the messages a tx may carry, by amino type (each module registers its own), and
// how a failed message becomes the tx's result: the core's failure codes as the SDK's modules
// report them, and the `failed to execute message; message index: i: ...` log.

import type { Ledger } from "../core/ledger.js";
import { CoreCode, CoreError } from "../core/errors.js";
import { TierError } from "../core/tiers.js";
import { SdkErrors, TxError, type ErrorKind } from "../wire/errors.js";
import { create, toBinary, type DescMessage, type MessageInitShape } from "@bufbuild/protobuf";
import type { MessageOutcome } from "./context.js";
import type { TxEvent } from "./events.js";

/** A handler's outcome: its events and its typed response (the schema's response message). */
export function respond<D extends DescMessage>(schema: D, init: MessageInitShape<D>, events: TxEvent[]): MessageOutcome {
  return { events, response: { typeUrl: `/${schema.typeName}`, value: toBinary(schema, create(schema, init)) } };
}

/** The core's failure codes as the SDK's modules report them (codespace, code; assembly/errors.ts names each). */
const CORE_TX_ERRORS: Partial<Record<number, ErrorKind>> = {
  [CoreCode.INSUFFICIENT_FUNDS]: SdkErrors.InsufficientFunds,
  [CoreCode.NO_VALIDATOR]: { codespace: "staking", code: 3, description: "validator does not exist" },
  [CoreCode.VALIDATOR_JAILED]: { codespace: "staking", code: 7, description: "validator for this address is currently jailed" },
  [CoreCode.NO_DELEGATION]: { codespace: "staking", code: 19, description: "no delegation for (address, validator) tuple" },
  [CoreCode.INSUFFICIENT_SHARES]: { codespace: "staking", code: 22, description: "insufficient delegation shares" },
  [CoreCode.INVALID_SHARES]: SdkErrors.InvalidRequest,
  [CoreCode.MAX_UNBONDING_ENTRIES]: { codespace: "staking", code: 27, description: "too many unbonding delegation entries for (delegator, validator) tuple" },
  [CoreCode.SELF_REDELEGATION]: { codespace: "staking", code: 29, description: "cannot redelegate to the same validator" },
  [CoreCode.TINY_REDELEGATION]: { codespace: "staking", code: 30, description: "too few tokens to redelegate (truncates to zero tokens)" },
  [CoreCode.BAD_REDELEGATION_DST]: { codespace: "staking", code: 31, description: "redelegation destination validator not found" },
  [CoreCode.TRANSITIVE_REDELEGATION]: { codespace: "staking", code: 32, description: "redelegation to this validator already in progress; first redelegation to this validator must complete before next redelegation" },
  [CoreCode.MAX_REDELEGATION_ENTRIES]: { codespace: "staking", code: 33, description: "too many redelegation entries for (delegator, src-validator, dst-validator) tuple" },
  [CoreCode.INVALID_EX_RATE]: { codespace: "staking", code: 34, description: "cannot delegate to validators with invalid (zero) ex-rate" },
  [CoreCode.ZERO_AMOUNT]: SdkErrors.InvalidRequest,
  [CoreCode.NO_COMMISSION]: { codespace: "distribution", code: 7, description: "no validator commission to withdraw" },
  [CoreCode.NOT_JAILED]: { codespace: "slashing", code: 5, description: "validator not jailed; cannot be unjailed" },
  [CoreCode.STILL_JAILED]: { codespace: "slashing", code: 4, description: "validator still jailed; cannot be unjailed" },
  [CoreCode.SELF_DELEGATION_TOO_LOW]: { codespace: "slashing", code: 7, description: "validator's self delegation less than minimum; cannot be unjailed" },
  [CoreCode.BAD_SLASH]: { codespace: "undefined", code: 1, description: "invalid slash" },
};

/** A failed message as the tx result shows it: `failed to execute message; message index: i: ...`. */
export function messageFailure(err: unknown, index: number): TxError {
  let kind: ErrorKind;
  let detail: string;
  if (err instanceof TxError) {
    kind = err.kind;
    detail = err.log;
  } else if (err instanceof TierError) {
    kind = { codespace: err.codespace, code: err.code, description: err.message };
    detail = err.message;
  } else if (err instanceof CoreError) {
    kind = CORE_TX_ERRORS[err.code] ?? { codespace: "undefined", code: 1, description: "internal" };
    detail = err.message;
  } else {
    throw err; // a bug, not a failed message
  }
  // baseapp's ErrPanic (undefined 111222): a recovered panic, its log the panic's own text.
  if (kind.codespace === "undefined" && kind.code === 111222) return new TxError({ ...kind, description: detail }, undefined, "execute");
  return new TxError({ ...kind, description: `failed to execute message; message index: ${index}: ${detail}` }, undefined, "execute");
}

/**
 * Run a message that moves `amount` out of account `from`; the core's insufficient funds of that
 * account becomes x/bank's text (sdk 5): `spendable balance <b> is smaller than <amount>` for a
 * send, `failed to delegate; <b> is smaller than <amount>` for a delegation.
 */
export function paying<T>(ctx: { readonly ledger: Ledger; readonly denom: string }, from: number, amount: bigint, run: () => T, how: "send" | "delegate" = "send"): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof CoreError && e.code === CoreCode.INSUFFICIENT_FUNDS && e.arg === BigInt(from)) {
      const have = how === "send" ? ctx.ledger.vesting.spendable(from) : ctx.ledger.balance(from);
      const text = `${have}${ctx.denom} is smaller than ${amount}${ctx.denom}`;
      throw new TxError(SdkErrors.InsufficientFunds, how === "send" ? `spendable balance ${text}` : `failed to delegate; ${text}`);
    }
    throw e;
  }
}
