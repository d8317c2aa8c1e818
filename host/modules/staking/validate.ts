// x/staking's messages as their protobuf types, checked as the SDK's msg server does before
// touching state (addresses, then the amount: valid and positive); what the handlers and gas
// models take. Whether the validator exists, the delegation holds enough, etc. is the handler's
// business (the core's codes). Also the addresses x/distribution's and x/slashing's messages read.

import type { MessageShape } from "@bufbuild/protobuf";
import { accountAddressBytes, canonicalAddress, encodeAddress } from "../../wire/address.js";
import { SdkErrors, TxError, decodeError } from "../../wire/errors.js";
import { decFromRaw } from "../../wire/amino/amino-json.js";
import { parseIntString, denomError, type Coin } from "../../wire/coins.js";
import type { CoinSchema } from "../../wire/gen/cosmos/base/v1beta1/coin_pb.js";
import type { DescriptionSchema } from "../../wire/gen/cosmos/staking/v1beta1/staking_pb.js";
import type {
  MsgBeginRedelegateSchema, MsgCancelUnbondingDelegationSchema, MsgCreateValidatorSchema, MsgDelegateSchema, MsgEditValidatorSchema,
  MsgUndelegateSchema,
} from "../../wire/gen/cosmos/staking/v1beta1/tx_pb.js";
import type { MsgSlashValidatorSchema } from "../../wire/gen/chainmain/dev/v1/tx_pb.js";
import { PubKeySchema as Ed25519PubKeySchema } from "../../wire/gen/cosmos/crypto/ed25519/keys_pb.js";
import { PubKeySchema as Secp256k1PubKeySchema } from "../../wire/gen/cosmos/crypto/secp256k1/keys_pb.js";
import { fromBinary, type DescMessage } from "@bufbuild/protobuf";
import type { ValidateContext } from "../../framework/module.js";

/** Validator operator addresses: the account prefix + `cncl` on the reference chain. */
export const validatorPrefix = (accountPrefix: string): string => `${accountPrefix}cncl`;

/** An account address as `AccAddressFromBech32` reads it, canonical; sdk 7 `<what>: <cause>` otherwise. */
export function accountAddress(text: string, prefix: string, what: string): string {
  try {
    return canonicalAddress(text, prefix);
  } catch (e) {
    throw new TxError(SdkErrors.InvalidAddress, `${what}: ${(e as Error).message}`);
  }
}

/** A `crocncl1...` operator address in canonical form; sdk 7 `invalid validator address: <cause>` otherwise. */
export function validatorAddress(text: string, prefix: string): string {
  try {
    return canonicalAddress(text, validatorPrefix(prefix));
  } catch (e) {
    throw new TxError(SdkErrors.InvalidAddress, `invalid validator address: ${(e as Error).message}`);
  }
}

/** GetSigners of a message signed by a validator's operator: the account with the operator address's bytes. */
export function operatorSigner(text: string, { prefix }: ValidateContext): string {
  return encodeAddress(prefix, accountAddressBytes(validatorAddress(text, prefix), validatorPrefix(prefix)));
}

/** A protobuf cosmos.Int field's value; an empty one is what its amino JSON writes, "0". sdk 2 for text that is no Int. */
const intOf = (text: string, path: string): bigint => parseIntString(text || "0", path);

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

/** A single coin (absent: the zero coin), valid and positive, else `invalid <what> amount` (sdk 18). */
function positiveCoin(coin: MessageShape<typeof CoinSchema> | undefined, amino: string, what: string): Coin {
  const denom = coin?.denom ?? "";
  const amount = intOf(coin?.amount ?? "", `${amino}.amount.amount`);
  if (denomError(denom) !== undefined || amount <= 0n) throw new TxError(SdkErrors.InvalidRequest, `invalid ${what} amount`);
  return { denom, amount };
}

/** MsgDelegate and MsgUndelegate: delegator, validator, then the amount (`delegation`, `shares`). */
export function delegation(
  m: MessageShape<typeof MsgDelegateSchema> | MessageShape<typeof MsgUndelegateSchema>, { prefix }: ValidateContext, amino: string, what: string,
): MsgDelegate {
  const delegator = accountAddress(m.delegatorAddress, prefix, "invalid delegator address");
  const validator = validatorAddress(m.validatorAddress, prefix);
  return { delegator, validator, amount: positiveCoin(m.amount, amino, what) };
}

export function beginRedelegate(m: MessageShape<typeof MsgBeginRedelegateSchema>, { prefix }: ValidateContext): MsgBeginRedelegate {
  const delegator = accountAddress(m.delegatorAddress, prefix, "invalid delegator address");
  const src = validatorAddress(m.validatorSrcAddress, prefix);
  const dst = validatorAddress(m.validatorDstAddress, prefix);
  return { delegator, src, dst, amount: positiveCoin(m.amount, "cosmos-sdk/MsgBeginRedelegate", "shares") };
}

export interface MsgCancelUnbonding extends MsgDelegate {
  /** The addresses as the message wrote them (the SDK's event and NotFound text quote them so). */
  readonly delegatorText: string;
  readonly validatorText: string;
  readonly creationHeight: bigint;
}

/**
 * MsgCancelUnbondingDelegation, checked as its msg server does before touching state: the
 * validator address, the delegator address, the amount (a valid coin, positive: `invalid amount`),
 * the creation height (positive: `invalid height`); the denom is the handler's (the bond denom).
 */
export function cancelUnbonding(m: MessageShape<typeof MsgCancelUnbondingDelegationSchema>, { prefix }: ValidateContext): MsgCancelUnbonding {
  const validator = validatorAddress(m.validatorAddress, prefix);
  const delegator = accountAddress(m.delegatorAddress, prefix, "invalid delegator address");
  const denom = m.amount?.denom ?? "";
  const amount = intOf(m.amount?.amount ?? "", "cosmos-sdk/MsgCancelUnbondingDelegation.amount.amount");
  if (denomError(denom) !== undefined || amount <= 0n) throw new TxError(SdkErrors.InvalidRequest, "invalid amount");
  if (m.creationHeight <= 0n) throw new TxError(SdkErrors.InvalidRequest, "invalid height");
  return {
    delegator, validator, amount: { denom, amount }, creationHeight: m.creationHeight,
    delegatorText: m.delegatorAddress, validatorText: m.validatorAddress,
  };
}

type Description = { moniker: string; identity: string; website: string; securityContact: string; details: string };

/**
 * x/staking MsgCreateValidator, read (its checks are the msg server's, in the handler: the SDK
 * v0.50+ runs them at delivery). Commission rates are LegacyDec text with 18 decimals; `pubkey`
 * is the consensus key by its amino name (`tendermint/PubKeyEd25519`) and its bytes.
 */
export interface MsgCreateValidator {
  readonly description: Description;
  readonly commission: { rate: string; maxRate: string; maxChangeRate: string };
  readonly minSelfDelegation: bigint;
  /** Deprecated in the SDK (the validator's own account delegates); "" or that account. */
  readonly delegator: string;
  readonly validator: string;
  readonly pubkey: { type: string; key: Uint8Array } | undefined;
  readonly value: Coin;
}

/** Consensus keys a MsgCreateValidator may carry: type URL → amino name and schema. */
const CONSENSUS_KEYS: Record<string, { amino: string; desc: DescMessage }> = {
  "/cosmos.crypto.ed25519.PubKey": { amino: "tendermint/PubKeyEd25519", desc: Ed25519PubKeySchema },
  "/cosmos.crypto.secp256k1.PubKey": { amino: "tendermint/PubKeySecp256k1", desc: Secp256k1PubKeySchema },
};

function consensusKey(any: { typeUrl: string; value: Uint8Array }): { type: string; key: Uint8Array } {
  const k = Object.hasOwn(CONSENSUS_KEYS, any.typeUrl) ? CONSENSUS_KEYS[any.typeUrl] : undefined;
  if (k === undefined) throw decodeError(`unable to resolve type URL ${any.typeUrl}`);
  let key: Uint8Array;
  try {
    key = (fromBinary(k.desc, any.value) as unknown as { key: Uint8Array }).key;
  } catch (e) {
    throw decodeError(`MsgCreateValidator.pubkey: cannot decode ${any.typeUrl}: ${(e as Error).message}`);
  }
  return { type: k.amino, key };
}

const descriptionOf = (d: MessageShape<typeof DescriptionSchema> | undefined): Description => ({
  moniker: d?.moniker ?? "", identity: d?.identity ?? "", website: d?.website ?? "", securityContact: d?.securityContact ?? "", details: d?.details ?? "",
});

/** Signed by the operator's account (the validator address's bytes). */
export function createValidator(m: MessageShape<typeof MsgCreateValidatorSchema>, { prefix }: ValidateContext): MsgCreateValidator {
  const amino = "cosmos-sdk/MsgCreateValidator";
  // What cannot be decoded first (the rates, the key), then the addresses. An empty rate is zero
  // (as the amino JSON a wallet signs writes it); a rate is exact LegacyDec text.
  const rate = (raw: string, name: string) => decFromRaw(raw || "0", `MsgCreateValidator.commission.${name}`);
  const c = m.commission;
  const commission = { rate: rate(c?.rate ?? "", "rate"), maxRate: rate(c?.maxRate ?? "", "max_rate"), maxChangeRate: rate(c?.maxChangeRate ?? "", "max_change_rate") };
  const pubkey = m.pubkey === undefined ? undefined : consensusKey(m.pubkey);
  const validator = validatorAddress(m.validatorAddress, prefix);
  const delegator = m.delegatorAddress === "" ? "" : accountAddress(m.delegatorAddress, prefix, "invalid delegator address");
  return {
    description: descriptionOf(m.description),
    commission,
    minSelfDelegation: intOf(m.minSelfDelegation, `${amino}.min_self_delegation`),
    delegator, validator, pubkey,
    value: { denom: m.value?.denom ?? "", amount: intOf(m.value?.amount ?? "", `${amino}.value.amount`) },
  };
}

/** x/staking MsgEditValidator: description fields (`[do-not-modify]` keeps one), a new rate and minimum, each optional. */
export interface MsgEditValidator {
  readonly description: Description;
  readonly validator: string;
  /** LegacyDec text; undefined: unchanged. */
  readonly commissionRate: string | undefined;
  readonly minSelfDelegation: bigint | undefined;
}

/** Signed by the operator's account. An empty rate or minimum (unset) leaves it unchanged. */
export function editValidator(m: MessageShape<typeof MsgEditValidatorSchema>, { prefix }: ValidateContext): MsgEditValidator {
  const commissionRate = m.commissionRate === "" ? undefined : decFromRaw(m.commissionRate, "MsgEditValidator.commission_rate");
  return {
    description: descriptionOf(m.description),
    validator: validatorAddress(m.validatorAddress, prefix),
    commissionRate,
    minSelfDelegation: m.minSelfDelegation === "" ? undefined : parseIntString(m.minSelfDelegation, "cosmos-sdk/MsgEditValidator.min_self_delegation"),
  };
}

/**
 * Ours, for local chains: misbehaviour on demand. A chain slashes on evidence (double signing) or
 * missed blocks, neither of which a single-process node has; the governance authority can sign
 * this instead, so slashing reaches positions, delegations and entries through a stored tx.
 */
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

export function devSlash(m: MessageShape<typeof MsgSlashValidatorSchema>, { prefix }: ValidateContext): MsgDevSlash {
  const slashFraction = decFromRaw(m.slashFraction, "MsgSlashValidator.slash_fraction");
  return {
    authority: accountAddress(m.authority, prefix, "invalid authority address"),
    validator: validatorAddress(m.validatorAddress, prefix),
    slashFraction,
    infractionHeight: m.infractionHeight,
    jail: m.jail,
  };
}
