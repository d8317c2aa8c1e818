// x/authz's authorizations as chain-main's interface registry resolves them (SDK v0.53):
// GenericAuthorization (x/authz), SendAuthorization (x/bank: spend_limit, allow_list) and
// StakeAuthorization (x/staking: max_tokens, allow_list / deny_list oneof, authorization type):
// their message type, ValidateBasic and Accept, with the SDK's texts and its gas per list step.

import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { SdkErrors, TxError, type ErrorKind } from "../../wire/errors.js";
import { coinsString, parseIntString, type Coin } from "../../wire/coins.js";
import { GenericAuthorizationSchema } from "../../wire/gen/cosmos/authz/v1beta1/authz_pb.js";
import { SendAuthorizationSchema } from "../../wire/gen/cosmos/bank/v1beta1/authz_pb.js";
import { AuthorizationType, StakeAuthorizationSchema } from "../../wire/gen/cosmos/staking/v1beta1/authz_pb.js";

/** An Any as the store keeps it. */
export interface AnyBytes {
  readonly typeUrl: string;
  readonly value: Uint8Array;
}

export type Authorization =
  | { readonly kind: "generic"; readonly msg: string }
  | { readonly kind: "send"; readonly spendLimit: readonly Coin[]; readonly allowList: readonly string[] }
  | {
    readonly kind: "stake"; readonly maxTokens?: Coin; readonly allow?: readonly string[]; readonly deny?: readonly string[];
    readonly type: AuthorizationType;
  };

export const GENERIC_URL = `/${GenericAuthorizationSchema.typeName}`;
export const SEND_URL = `/${SendAuthorizationSchema.typeName}`;
export const STAKE_URL = `/${StakeAuthorizationSchema.typeName}`;

/** x/authz's registered errors (x/authz/errors.go). */
export const AuthzErrors = {
  NoAuthorizationFound: { codespace: "authz", code: 2, description: "authorization not found" },
  InvalidExpirationTime: { codespace: "authz", code: 3, description: "expiration time of authorization should be more than current time" },
  UnknownAuthorizationType: { codespace: "authz", code: 4, description: "unknown authorization type" },
  NoGrantKeyFound: { codespace: "authz", code: 5, description: "grant key not found" },
  AuthorizationExpired: { codespace: "authz", code: 6, description: "authorization expired" },
  GranteeIsGranter: { codespace: "authz", code: 7, description: "grantee and granter should be different" },
  AuthorizationNumOfSigners: { codespace: "authz", code: 9, description: "authorization can be given to msg with only one signer" },
  NegativeMaxTokens: { codespace: "authz", code: 12, description: "max tokens should be positive" },
} as const satisfies Record<string, ErrorKind>;

/** An error the SDK returns unregistered (errors.New, fmt.Errorf): codespace undefined, code 1, its text. */
export const plainError = (text: string): TxError => new TxError({ codespace: "undefined", code: 1, description: text });

const coinOf = (c: { denom: string; amount: string }, path: string): Coin => ({ denom: c.denom, amount: parseIntString(c.amount, path) });

/** The authorization an Any holds; a type that is none: the interface registry's refusal (sdk 2). */
export function decodeAuthorization(a: AnyBytes): Authorization {
  switch (a.typeUrl) {
    case GENERIC_URL:
      return { kind: "generic", msg: fromBinary(GenericAuthorizationSchema, a.value).msg };
    case SEND_URL: {
      const m = fromBinary(SendAuthorizationSchema, a.value);
      return { kind: "send", spendLimit: m.spendLimit.map((c, i) => coinOf(c, `spend_limit[${i}].amount`)), allowList: m.allowList };
    }
    case STAKE_URL: {
      const m = fromBinary(StakeAuthorizationSchema, a.value);
      const v = m.validators;
      return {
        kind: "stake", type: m.authorizationType,
        ...(m.maxTokens === undefined ? {} : { maxTokens: coinOf(m.maxTokens, "max_tokens.amount") }),
        ...(v.case === "allowList" ? { allow: v.value.address } : v.case === "denyList" ? { deny: v.value.address } : {}),
      };
    }
    default:
      throw new TxError(SdkErrors.TxDecode, `no concrete type registered for type URL ${a.typeUrl} against interface *authz.Authorization`);
  }
}

/** The Any the keeper stores (NewAnyWithValue: the authorization marshalled again). */
export function encodeAuthorization(a: Authorization): AnyBytes {
  const coin = (c: Coin) => ({ denom: c.denom, amount: `${c.amount}` });
  switch (a.kind) {
    case "generic":
      return { typeUrl: GENERIC_URL, value: toBinary(GenericAuthorizationSchema, create(GenericAuthorizationSchema, { msg: a.msg })) };
    case "send":
      return { typeUrl: SEND_URL, value: toBinary(SendAuthorizationSchema, create(SendAuthorizationSchema, { spendLimit: a.spendLimit.map(coin), allowList: [...a.allowList] })) };
    case "stake": {
      const validators = a.allow !== undefined ? { case: "allowList" as const, value: { address: [...a.allow] } }
        : a.deny !== undefined ? { case: "denyList" as const, value: { address: [...a.deny] } } : { case: undefined };
      const m = create(StakeAuthorizationSchema, {
        authorizationType: a.type, validators, ...(a.maxTokens === undefined ? {} : { maxTokens: coin(a.maxTokens) }),
      });
      return { typeUrl: STAKE_URL, value: toBinary(StakeAuthorizationSchema, m) };
    }
  }
}

const STAKE_URLS: Partial<Record<AuthorizationType, string>> = {
  [AuthorizationType.DELEGATE]: "/cosmos.staking.v1beta1.MsgDelegate",
  [AuthorizationType.UNDELEGATE]: "/cosmos.staking.v1beta1.MsgUndelegate",
  [AuthorizationType.REDELEGATE]: "/cosmos.staking.v1beta1.MsgBeginRedelegate",
  [AuthorizationType.CANCEL_UNBONDING_DELEGATION]: "/cosmos.staking.v1beta1.MsgCancelUnbondingDelegation",
};

/** MsgTypeURL: the message type the authorization grants (a StakeAuthorization's by its type). */
export function msgTypeUrl(a: Authorization): string {
  switch (a.kind) {
    case "generic":
      return a.msg;
    case "send":
      return "/cosmos.bank.v1beta1.MsgSend";
    case "stake": {
      const url = STAKE_URLS[a.type];
      if (url === undefined) throw new TxError(AuthzErrors.UnknownAuthorizationType, "cannot normalize authz type with types.AuthorizationType");
      return url;
    }
  }
}

/** Authorization.ValidateBasic, with the SDK's errors. */
export function validateAuthorization(a: Authorization): void {
  switch (a.kind) {
    case "generic":
      if (a.msg === "") throw plainError("msg type cannot be empty");
      return;
    case "send": {
      if (a.spendLimit.length === 0) throw new TxError(SdkErrors.InvalidCoins, "spend limit cannot be nil");
      if (!a.spendLimit.every((c) => c.amount > 0n)) throw new TxError(SdkErrors.InvalidCoins, "spend limit must be positive");
      if (new Set(a.allowList).size !== a.allowList.length) throw new TxError({ codespace: "bank", code: 8, description: "duplicate entry" });
      return;
    }
    case "stake":
      if (a.maxTokens !== undefined && a.maxTokens.amount < 0n) {
        throw new TxError(AuthzErrors.NegativeMaxTokens, `negative coin amount: ${a.maxTokens.amount}${a.maxTokens.denom}`);
      }
      if (a.type === AuthorizationType.UNSPECIFIED) throw new TxError(AuthzErrors.UnknownAuthorizationType);
      return;
  }
}

/** What Accept decides: refuse (a TxError), keep as is, delete the grant, or store it updated. */
export type AcceptResult = { readonly outcome: "keep" } | { readonly outcome: "delete" } | { readonly outcome: "update"; readonly updated: Authorization };

/** What Accept reads of a message: a send's recipient and coins, a staking message's validator and coin. */
export type AcceptInput =
  | { readonly kind: "send"; readonly toAddress: string; readonly amount: readonly Coin[] }
  | { readonly kind: "stake"; readonly validator: string; readonly amount: Coin }
  | { readonly kind: "other" };

/**
 * Authorization.Accept: `charge(gas, descriptor)` for each list entry it steps over (10 gas, as
 * the SDK's ConsumeGas in its loops), then the verdict or the SDK's error.
 */
export function accept(a: Authorization, msg: AcceptInput, charge: (gas: bigint, what: string) => void): AcceptResult {
  switch (a.kind) {
    case "generic":
      return { outcome: "keep" };
    case "send": {
      if (msg.kind !== "send") throw new TxError(SdkErrors.InvalidType, "type mismatch");
      const left = subCoins(a.spendLimit, msg.amount);
      if (left.some((c) => c.amount < 0n)) throw new TxError(SdkErrors.InsufficientFunds, "requested amount is more than spend limit");
      let found = false;
      for (const addr of a.allowList) {
        charge(10n, "send authorization");
        if (addr === msg.toAddress) {
          found = true;
          break;
        }
      }
      if (a.allowList.length > 0 && !found) throw new TxError(SdkErrors.Unauthorized, `cannot send to ${msg.toAddress} address`);
      if (left.length === 0) return { outcome: "delete" };
      return { outcome: "update", updated: { kind: "send", spendLimit: left, allowList: a.allowList } };
    }
    case "stake": {
      if (msg.kind !== "stake") throw new TxError(SdkErrors.InvalidRequest, "unknown msg type");
      let found = false;
      for (const v of a.allow ?? []) {
        charge(10n, "stake authorization");
        if (v === msg.validator) {
          found = true;
          break;
        }
      }
      for (const v of a.deny ?? []) {
        charge(10n, "stake authorization");
        if (v === msg.validator) throw new TxError(SdkErrors.Unauthorized, `cannot delegate/undelegate to ${v} validator`);
      }
      if ((a.allow ?? []).length > 0 && !found) throw new TxError(SdkErrors.Unauthorized, `cannot delegate/undelegate to ${msg.validator} validator`);
      const { maxTokens: _, ...rest } = a;
      if (a.maxTokens === undefined) return { outcome: "update", updated: rest };
      if (a.maxTokens.denom !== msg.amount.denom) throw plainError(`invalid coin denoms: ${a.maxTokens.denom}, ${msg.amount.denom}`);
      const left = a.maxTokens.amount - msg.amount.amount;
      if (left < 0n) throw plainError(`negative coin amount: ${left}${a.maxTokens.denom}`);
      if (left === 0n) return { outcome: "delete" };
      return { outcome: "update", updated: { ...rest, maxTokens: { denom: a.maxTokens.denom, amount: left } } };
    }
  }
}

/** Coins.SafeSub: the difference by denom, sorted, zero amounts dropped (negative ones kept). */
function subCoins(a: readonly Coin[], b: readonly Coin[]): Coin[] {
  const by = new Map<string, bigint>();
  for (const c of a) by.set(c.denom, (by.get(c.denom) ?? 0n) + c.amount);
  for (const c of b) by.set(c.denom, (by.get(c.denom) ?? 0n) - c.amount);
  return [...by].filter(([, v]) => v !== 0n).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)).map(([denom, amount]) => ({ denom, amount }));
}

export const coinsText = coinsString;
