// x/staking and x/distribution messages in amino JSON, checked as the SDK's msg servers do
// before touching state (addresses, then the amount: valid and positive). Whether the validator
// exists, the delegation holds enough, etc. is the handler's business (the core's codes).

import { base64 } from "@scure/base";
import { accountAddressBytes, canonicalAddress, encodeAddress } from "../../wire/address.js";
import { SdkErrors, TxError, decodeError } from "../../wire/errors.js";
import { addressField, boolField, onlyFields, stringField, uint64Field, type JsonObject } from "../../wire/amino/fields.js";
import { parseIntString, denomError, type Coin } from "../../wire/coins.js";
import type { MessageSpec, Registrar, ValidateContext } from "../../app/module.js";

/** Validator operator addresses: the account prefix + `cncl` on the reference chain. */
export const validatorPrefix = (accountPrefix: string): string => `${accountPrefix}cncl`;

export const MSG_DELEGATE = "cosmos-sdk/MsgDelegate";
export const MSG_UNDELEGATE = "cosmos-sdk/MsgUndelegate";
export const MSG_BEGIN_REDELEGATE = "cosmos-sdk/MsgBeginRedelegate";
export const MSG_WITHDRAW_DELEGATION_REWARD = "cosmos-sdk/MsgWithdrawDelegationReward";
export const MSG_WITHDRAW_VALIDATOR_COMMISSION = "cosmos-sdk/MsgWithdrawValidatorCommission";
export const MSG_UNJAIL = "cosmos-sdk/MsgUnjail";
export const MSG_CREATE_VALIDATOR = "cosmos-sdk/MsgCreateValidator";
export const MSG_EDIT_VALIDATOR = "cosmos-sdk/MsgEditValidator";
/**
 * Ours, for local chains: misbehaviour on demand. A chain slashes on evidence (double signing) or
 * missed blocks, neither of which a single-process node has; the governance authority can sign
 * this instead, so slashing reaches positions, delegations and entries through a stored tx.
 */
export const MSG_DEV_SLASH = "chainmain-dev/MsgSlashValidator";

export interface MsgDelegate {
  readonly delegator: string;
  readonly validator: string;
  readonly amount: Coin;
}

export interface MsgBeginRedelegate {
  readonly delegator: string;
  readonly src: string;
  readonly dst: string;
  readonly amount: Coin;
}

export interface MsgWithdrawDelegationReward {
  readonly delegator: string;
  readonly validator: string;
}

export interface MsgWithdrawValidatorCommission {
  readonly validator: string;
}

/** A `crocncl1...` field in canonical form; sdk 7 `invalid validator address: <cause>` otherwise. */
function validatorField(value: JsonObject, field: string, type: string, prefix: string): string {
  const text = stringField(value, field, type);
  try {
    return canonicalAddress(text, validatorPrefix(prefix));
  } catch (e) {
    throw new TxError(SdkErrors.InvalidAddress, `invalid validator address: ${(e as Error).message}`);
  }
}

/** A single coin (amino `{denom, amount}`), valid and positive, else the SDK's texts. */
function amountField(value: JsonObject, type: string, what: string): Coin {
  const raw = value.amount;
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    throw decodeError(`${type}.amount: expected a coin object, got ${JSON.stringify(raw ?? null)}`);
  }
  const o = raw as JsonObject;
  onlyFields(o, `${type}.amount`, ["denom", "amount"]);
  const denom = stringField(o, "denom", `${type}.amount`);
  const amount = o.amount === undefined ? 0n : parseIntString(o.amount, `${type}.amount.amount`);
  if (denomError(denom) !== undefined || amount <= 0n) {
    throw new TxError(SdkErrors.InvalidRequest, `invalid ${what} amount`);
  }
  return { denom, amount };
}

const delegationSpec = (type: string, what: string): MessageSpec<MsgDelegate> => ({
  signerField: "delegator_address",
  validate(value, { prefix }) {
    onlyFields(value, type, ["delegator_address", "validator_address", "amount"]);
    const delegator = addressField(value, "delegator_address", type, prefix, "invalid delegator address");
    const validator = validatorField(value, "validator_address", type, prefix);
    return { delegator, validator, amount: amountField(value, type, what) };
  },
});

export const msgDelegateSpec = delegationSpec(MSG_DELEGATE, "delegation");
export const msgUndelegateSpec = delegationSpec(MSG_UNDELEGATE, "shares");

export const msgBeginRedelegateSpec: MessageSpec<MsgBeginRedelegate> = {
  signerField: "delegator_address",
  validate(value, { prefix }) {
    const type = MSG_BEGIN_REDELEGATE;
    onlyFields(value, type, ["delegator_address", "validator_src_address", "validator_dst_address", "amount"]);
    const delegator = addressField(value, "delegator_address", type, prefix, "invalid delegator address");
    const src = validatorField(value, "validator_src_address", type, prefix);
    const dst = validatorField(value, "validator_dst_address", type, prefix);
    return { delegator, src, dst, amount: amountField(value, type, "shares") };
  },
};

export const msgWithdrawDelegationRewardSpec: MessageSpec<MsgWithdrawDelegationReward> = {
  signerField: "delegator_address",
  validate(value, { prefix }) {
    const type = MSG_WITHDRAW_DELEGATION_REWARD;
    onlyFields(value, type, ["delegator_address", "validator_address"]);
    const delegator = addressField(value, "delegator_address", type, prefix, "invalid delegator address");
    return { delegator, validator: validatorField(value, "validator_address", type, prefix) };
  },
};

/** Signed by the operator: the account with the operator address's bytes. */
export const msgWithdrawValidatorCommissionSpec: MessageSpec<MsgWithdrawValidatorCommission> = {
  signerField: "validator_address",
  validate(value, { prefix }) {
    onlyFields(value, MSG_WITHDRAW_VALIDATOR_COMMISSION, ["validator_address"]);
    return { validator: validatorField(value, "validator_address", MSG_WITHDRAW_VALIDATOR_COMMISSION, prefix) };
  },
  signerOf(value: JsonObject, { prefix }: ValidateContext) {
    const operator = validatorField(value, "validator_address", MSG_WITHDRAW_VALIDATOR_COMMISSION, prefix);
    return encodeAddress(prefix, accountAddressBytes(operator, validatorPrefix(prefix)));
  },
};

/**
 * x/staking MsgCreateValidator, decoded (its checks are the msg server's, in the handler: the SDK
 * v0.50+ runs them at delivery). Commission rates are LegacyDec text; `pubkey` is the consensus key
 * as amino JSON names it (`tendermint/PubKeyEd25519` and its base64 bytes).
 */
export interface MsgCreateValidator {
  readonly description: { moniker: string; identity: string; website: string; securityContact: string; details: string };
  readonly commission: { rate: string; maxRate: string; maxChangeRate: string };
  readonly minSelfDelegation: bigint;
  /** Deprecated in the SDK (the validator's own account delegates); "" or that account. */
  readonly delegator: string;
  readonly validator: string;
  readonly pubkey: { type: string; key: Uint8Array } | undefined;
  readonly value: Coin;
}

const objectField = (value: JsonObject, field: string, type: string): JsonObject => {
  const raw = value[field];
  if (raw === undefined) return {};
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw decodeError(`${type}.${field}: expected an object, got ${JSON.stringify(raw)}`);
  return raw as JsonObject;
};

/** Signed by the operator's account (the validator address's bytes). */
export const msgCreateValidatorSpec: MessageSpec<MsgCreateValidator> = {
  signerField: "validator_address",
  validate(value, { prefix }) {
    const type = MSG_CREATE_VALIDATOR;
    onlyFields(value, type, ["description", "commission", "min_self_delegation", "delegator_address", "validator_address", "pubkey", "value"]);
    const validator = validatorField(value, "validator_address", type, prefix);
    const c = objectField(value, "commission", type);
    onlyFields(c, `${type}.commission`, ["rate", "max_rate", "max_change_rate"]);
    let pubkey: MsgCreateValidator["pubkey"];
    if (value.pubkey !== undefined && value.pubkey !== null) {
      const p = objectField(value, "pubkey", type);
      onlyFields(p, `${type}.pubkey`, ["type", "value"]);
      let key: Uint8Array;
      try {
        key = base64.decode(stringField(p, "value", `${type}.pubkey`));
      } catch (e) {
        throw decodeError(`${type}.pubkey.value: ${(e as Error).message}`);
      }
      pubkey = { type: stringField(p, "type", `${type}.pubkey`), key };
    }
    const delegatorText = stringField(value, "delegator_address", type);
    const delegator = delegatorText === "" ? "" : addressField(value, "delegator_address", type, prefix, "invalid delegator address");
    const v = objectField(value, "value", type);
    onlyFields(v, `${type}.value`, ["denom", "amount"]);
    return {
      description: descriptionField(value, type),
      commission: { rate: stringField(c, "rate", type), maxRate: stringField(c, "max_rate", type), maxChangeRate: stringField(c, "max_change_rate", type) },
      minSelfDelegation: value.min_self_delegation === undefined ? 0n : parseIntString(value.min_self_delegation, `${type}.min_self_delegation`),
      delegator, validator, pubkey,
      value: { denom: stringField(v, "denom", `${type}.value`), amount: v.amount === undefined ? 0n : parseIntString(v.amount, `${type}.value.amount`) },
    };
  },
  signerOf(value: JsonObject, { prefix }: ValidateContext) {
    const operator = validatorField(value, "validator_address", MSG_CREATE_VALIDATOR, prefix);
    return encodeAddress(prefix, accountAddressBytes(operator, validatorPrefix(prefix)));
  },
};

/** x/staking MsgEditValidator: description fields (`[do-not-modify]` keeps one), a new rate and minimum, each optional. */
export interface MsgEditValidator {
  readonly description: MsgCreateValidator["description"];
  readonly validator: string;
  /** LegacyDec text; undefined: unchanged. */
  readonly commissionRate: string | undefined;
  readonly minSelfDelegation: bigint | undefined;
}

const descriptionField = (value: JsonObject, type: string): MsgCreateValidator["description"] => {
  const d = objectField(value, "description", type);
  onlyFields(d, `${type}.description`, ["moniker", "identity", "website", "security_contact", "details"]);
  return {
    moniker: stringField(d, "moniker", type), identity: stringField(d, "identity", type), website: stringField(d, "website", type),
    securityContact: stringField(d, "security_contact", type), details: stringField(d, "details", type),
  };
};

/** Signed by the operator's account. */
export const msgEditValidatorSpec: MessageSpec<MsgEditValidator> = {
  signerField: "validator_address",
  validate(value, { prefix }) {
    const type = MSG_EDIT_VALIDATOR;
    onlyFields(value, type, ["description", "validator_address", "commission_rate", "min_self_delegation"]);
    const rate = stringField(value, "commission_rate", type);
    return {
      description: descriptionField(value, type),
      validator: validatorField(value, "validator_address", type, prefix),
      commissionRate: rate === "" ? undefined : rate,
      minSelfDelegation: value.min_self_delegation === undefined || value.min_self_delegation === "" ? undefined : parseIntString(value.min_self_delegation, `${type}.min_self_delegation`),
    };
  },
  signerOf(value: JsonObject, { prefix }: ValidateContext) {
    const operator = validatorField(value, "validator_address", MSG_EDIT_VALIDATOR, prefix);
    return encodeAddress(prefix, accountAddressBytes(operator, validatorPrefix(prefix)));
  },
};

export interface MsgUnjail {
  readonly validator: string;
}

export interface MsgDevSlash {
  readonly authority: string;
  readonly validator: string;
  /** Decimal text of the fraction, parsed exactly by the core. */
  readonly slashFraction: string;
  /** Height of the infraction; absent (0): the current block's. */
  readonly infractionHeight: bigint;
  /** Jail the validator too (it leaves the set at EndBlock, as after downtime). */
  readonly jail: boolean;
}

/**
 * MsgUnjail's operator field: `address` as the SDK's amino JSON names it (amino.field_name, what a
 * protobuf tx's LEGACY_AMINO_JSON doc carries), or `validator_addr` (the proto name), not both.
 */
const unjailField = (value: JsonObject): string => {
  if ("address" in value && "validator_addr" in value) throw decodeError(`${MSG_UNJAIL}: both "address" and "validator_addr"`);
  return "address" in value ? "address" : "validator_addr";
};

/** x/slashing MsgUnjail: signed by the operator's account. */
export const msgUnjailSpec: MessageSpec<MsgUnjail> = {
  signerField: "validator_addr",
  validate(value, { prefix }) {
    onlyFields(value, MSG_UNJAIL, ["validator_addr", "address"]);
    return { validator: validatorField(value, unjailField(value), MSG_UNJAIL, prefix) };
  },
  signerOf(value: JsonObject, { prefix }: ValidateContext) {
    const operator = validatorField(value, unjailField(value), MSG_UNJAIL, prefix);
    return encodeAddress(prefix, accountAddressBytes(operator, validatorPrefix(prefix)));
  },
};

export const msgDevSlashSpec: MessageSpec<MsgDevSlash> = {
  signerField: "authority",
  governance: true,
  validate(value, { prefix }) {
    const type = MSG_DEV_SLASH;
    onlyFields(value, type, ["authority", "validator_address", "slash_fraction", "infraction_height", "jail"]);
    return {
      authority: addressField(value, "authority", type, prefix, "invalid authority address"),
      validator: validatorField(value, "validator_address", type, prefix),
      slashFraction: stringField(value, "slash_fraction", type) || "0",
      infractionHeight: uint64Field(value, "infraction_height", type),
      jail: boolField(value, "jail", type),
    };
  },
};

/** Registers x/staking's and x/distribution's messages. */
export function registerStakingMessages<R extends Registrar>(registry: R): R {
  return registry
    .register(MSG_DELEGATE, msgDelegateSpec)
    .register(MSG_UNDELEGATE, msgUndelegateSpec)
    .register(MSG_BEGIN_REDELEGATE, msgBeginRedelegateSpec)
    .register(MSG_CREATE_VALIDATOR, msgCreateValidatorSpec)
    .register(MSG_EDIT_VALIDATOR, msgEditValidatorSpec)
    .register(MSG_DEV_SLASH, msgDevSlashSpec);
}
