// x/staking MsgCreateValidator as the SDK v0.53 msg server runs it: the message's Validate (pubkey,
// amount, description, commission, minimum self-delegation), then the operator and the consensus
// key unused, the bond denom, the description's lengths, the key type the consensus params allow
// (ed25519); then the validator (unbonded until x/staking's EndBlock takes it into the set), its
// record (node/validators.ts: description, commission limits, consensus key) and the operator's
// self-delegation. Under CometBFT the next EndBlock's validator update tells CometBFT of its key.
// MsgEditValidator: the description (`[do-not-modify]` keeps a field), a new commission rate
// (at most once in 24 h, within the max rate and the max daily change) and a higher minimum
// self-delegation (within the validator's tokens).

import { renderMessageEvents } from "../message-events.js";
import { CoreCode, CoreError } from "../../core/errors.js";
import { SdkErrors, TxError, type ErrorKind } from "../../wire/errors.js";
import { denomError } from "../../wire/coins.js";
import { createValidator, editValidator, operatorSigner, type MsgCreateValidator, type MsgEditValidator } from "./validate.js";
import { event } from "../../framework/events.js";
import { paying, respond } from "../../framework/handlers.js";
import { message } from "../../framework/message.js";
import type { MessageContext, MessageOutcome } from "../../framework/context.js";
import {
  MsgCreateValidatorResponseSchema, MsgCreateValidatorSchema, MsgEditValidatorResponseSchema, MsgEditValidatorSchema,
} from "../../wire/gen/cosmos/staking/v1beta1/tx_pb.js";
import { msgCreateValidator } from "./gas.js";
import { decString } from "../../wire/gateway-json.js";
import { consensusAddressOf } from "./consensus-key.js";
import { orderKey } from "./validators.js";

const staking = (code: number, description: string): ErrorKind => ({ codespace: "staking", code, description });
const E = {
  ownerExists: staking(4, "validator already exist for this operator address; must use new validator operator address"),
  pubKeyExists: staking(5, "validator already exist for this pubkey; must use new validator pubkey"),
  pubKeyType: staking(6, "validator pubkey type is not supported"),
  commissionNegative: staking(9, "commission must be positive"),
  commissionHuge: staking(10, "commission cannot be more than 100%"),
  commissionGTMax: staking(11, "commission cannot be more than the max rate"),
  commissionUpdateTime: staking(12, "commission cannot be changed more than once in 24h"),
  changeRateNegative: staking(13, "commission change rate must be positive"),
  changeRateGTMax: staking(14, "commission change rate cannot be more than the max rate"),
  commissionGTMaxChange: staking(15, "commission cannot be changed more than max change rate"),
  selfDelegationBelowMin: staking(16, "validator's self delegation must be greater than their minimum self delegation"),
  minSelfDelegationDecreased: staking(17, "minimum self delegation cannot be decrease"),
  emptyPubKey: staking(39, "empty validator public key"),
};

/** The SDK's Description.EnsureLength limits. */
const LIMITS = { moniker: 70, identity: 3000, website: 140, securityContact: 140, details: 280 } as const;
const LIMIT_NAMES = { moniker: "moniker", identity: "identity", website: "website", securityContact: "security contact", details: "details" } as const;

/** Amino's name of a consensus key type (validate.ts reads the two a message may carry) → the name CometBFT's consensus params use. */
const KEY_TYPES: Record<string, string> = {
  "tendermint/PubKeyEd25519": "ed25519",
  "tendermint/PubKeySecp256k1": "secp256k1",
};

const ONE = 10n ** 18n;
const DAY_NS = 24n * 3600n * 1_000_000_000n;
/** Description.UpdateDescription's sentinel: the field keeps its value. */
const DO_NOT_MODIFY = "[do-not-modify]";

type Description = MsgCreateValidator["description"];

/** Description.EnsureLength. */
function checkLengths(d: Description): void {
  for (const [k, limit] of Object.entries(LIMITS) as [keyof typeof LIMITS, number][]) {
    if (d[k].length > limit) throw new TxError(SdkErrors.InvalidRequest, `invalid ${LIMIT_NAMES[k]} length; got: ${d[k].length}, max: ${limit}`);
  }
}

/** LegacyDec text, sign allowed, exactly (the core's parser). */
function decOf(ctx: MessageContext, text: string, what: string): bigint {
  const negative = text.trim().startsWith("-");
  try {
    const raw = ctx.parseDec(negative ? text.trim().slice(1) : text || "0");
    return negative ? -raw : raw;
  } catch (e) {
    throw new TxError(SdkErrors.InvalidRequest, `invalid ${what} ${JSON.stringify(text)}: ${(e as Error).message}`);
  }
}

function handleCreateValidator(ctx: MessageContext, msg: MsgCreateValidator): MessageOutcome {
  // MsgCreateValidator.Validate
  if (msg.pubkey === undefined) throw new TxError(E.emptyPubKey);
  if (denomError(msg.value.denom) !== undefined || msg.value.amount <= 0n) throw new TxError(SdkErrors.InvalidRequest, "invalid delegation amount");
  const d = msg.description;
  if (Object.values(d).every((x) => x === "")) throw new TxError(SdkErrors.InvalidRequest, "empty description");
  const c = msg.commission;
  if (c.rate === "" && c.maxRate === "" && c.maxChangeRate === "") throw new TxError(SdkErrors.InvalidRequest, "empty commission");
  const rate = decOf(ctx, c.rate, "commission rate");
  const maxRate = decOf(ctx, c.maxRate, "max commission rate");
  const maxChangeRate = decOf(ctx, c.maxChangeRate, "max commission change rate");
  if (maxRate < 0n) throw new TxError(E.commissionNegative);
  if (maxRate > ONE) throw new TxError(E.commissionHuge);
  if (rate < 0n) throw new TxError(E.commissionNegative);
  if (rate > maxRate) throw new TxError(E.commissionGTMax);
  if (maxChangeRate < 0n) throw new TxError(E.changeRateNegative);
  if (maxChangeRate > maxRate) throw new TxError(E.changeRateGTMax);
  if (msg.minSelfDelegation <= 0n) throw new TxError(SdkErrors.InvalidRequest, "minimum self delegation must be a positive integer");
  if (msg.value.amount < msg.minSelfDelegation) throw new TxError(E.selfDelegationBelowMin);
  // The msg server (the minimum commission rate is the SDK's default, 0).
  if (ctx.directory.validatorId(msg.validator) !== undefined) throw new TxError(E.ownerExists);
  const keyType = KEY_TYPES[msg.pubkey.type];
  if (keyType === undefined) throw new TxError(SdkErrors.InvalidType, `Expecting cryptotypes.PubKey, got ${msg.pubkey.type}`);
  if (keyType === "ed25519" && msg.pubkey.key.length !== 32) {
    throw new TxError(SdkErrors.InvalidPubKey, `invalid ed25519 public key: ${msg.pubkey.key.length} bytes, want 32`);
  }
  const address = consensusAddressOf(msg.pubkey.key);
  if (ctx.validators.byConsensusAddress(address) !== undefined) throw new TxError(E.pubKeyExists);
  if (msg.value.denom !== ctx.denom) {
    throw new TxError(SdkErrors.InvalidRequest, `invalid coin denomination: got ${msg.value.denom}, expected ${ctx.denom}`);
  }
  checkLengths(d);
  if (keyType !== "ed25519") throw new TxError(E.pubKeyType, `got: ${keyType}, expected: [ed25519]`);
  const id = ctx.validators.nextId();
  const operatorAccount = ctx.directory.ensure(ctx.signer);
  try {
    paying(ctx, operatorAccount, msg.value.amount, () => ctx.ledger.createValidatorFromTx(
      id, operatorAccount, rate, msg.value.amount, msg.minSelfDelegation, orderKey(msg.validator),
    ), "delegate");
  } catch (e) {
    if (e instanceof CoreError && e.code === CoreCode.VALIDATOR_EXISTS) throw new TxError(E.ownerExists);
    throw e;
  }
  ctx.validators.create(id, {
    operator: msg.validator, description: { ...d }, maxRate, maxChangeRate, updateTimeNs: ctx.timeNs, pub: msg.pubkey.key,
  });
  const amount = `${msg.value.amount}${ctx.denom}`;
  return respond(MsgCreateValidatorResponseSchema, {}, [
    event("message", { action: "/cosmos.staking.v1beta1.MsgCreateValidator", sender: ctx.signer, module: "staking" }),
    ...renderMessageEvents(ctx, ctx.ledger.events()),
    event("create_validator", { validator: msg.validator, amount }),
  ]);
}

function handleEditValidator(ctx: MessageContext, msg: MsgEditValidator): MessageOutcome {
  const d = msg.description;
  if (Object.values(d).every((x) => x === "")) throw new TxError(SdkErrors.InvalidRequest, "empty description");
  if (msg.minSelfDelegation !== undefined && msg.minSelfDelegation <= 0n) {
    throw new TxError(SdkErrors.InvalidRequest, "minimum self delegation must be a positive integer");
  }
  const rate = msg.commissionRate === undefined ? undefined : decOf(ctx, msg.commissionRate, "commission rate");
  if (rate !== undefined && (rate < 0n || rate > ONE)) throw new TxError(SdkErrors.InvalidRequest, "commission rate must be between 0 and 1 (inclusive)");
  const id = ctx.directory.validatorId(msg.validator);
  if (id === undefined) throw new CoreError(CoreCode.NO_VALIDATOR);
  const meta = ctx.validators.meta(id)!;
  const keep = (next: string, old: string) => (next === DO_NOT_MODIFY ? old : next);
  const description: Description = {
    moniker: keep(d.moniker, meta.description.moniker), identity: keep(d.identity, meta.description.identity),
    website: keep(d.website, meta.description.website), securityContact: keep(d.securityContact, meta.description.securityContact),
    details: keep(d.details, meta.description.details),
  };
  checkLengths(description);
  const v = ctx.ledger.validator(id)!;
  if (rate !== undefined) {
    // Commission.ValidateNewRate
    if (ctx.timeNs - meta.updateTimeNs < DAY_NS) throw new TxError(E.commissionUpdateTime);
    if (rate > meta.maxRate) throw new TxError(E.commissionGTMax);
    if (rate - v.commissionRate > meta.maxChangeRate) throw new TxError(E.commissionGTMaxChange);
  }
  if (msg.minSelfDelegation !== undefined) {
    if (msg.minSelfDelegation <= v.minSelfDelegation) throw new TxError(E.minSelfDelegationDecreased);
    if (msg.minSelfDelegation > v.tokens) throw new TxError(E.selfDelegationBelowMin);
  }
  ctx.ledger.editValidator(id, {
    ...(rate !== undefined ? { commissionRate: rate } : {}),
    ...(msg.minSelfDelegation !== undefined ? { minSelfDelegation: msg.minSelfDelegation } : {}),
  });
  ctx.validators.edit(id, { ...meta, description, updateTimeNs: rate !== undefined ? ctx.timeNs : meta.updateTimeNs });
  const after = ctx.ledger.validator(id)!;
  return respond(MsgEditValidatorResponseSchema, {}, [
    event("edit_validator", { commission_rate: decString(after.commissionRate), min_self_delegation: `${after.minSelfDelegation}` }),
    event("message", { action: "/cosmos.staking.v1beta1.MsgEditValidator", sender: ctx.signer, module: "staking" }),
  ]);
}

/** x/staking MsgCreateValidator: signed by the operator's account. */
export const msgCreateValidatorDef = message({
  schema: MsgCreateValidatorSchema,
  signer: (m, ctx) => operatorSigner(m.validatorAddress, ctx),
  validate: createValidator,
  handle: handleCreateValidator,
  gas(k, m, ctx) {
    const dec = (t: string) => ctx.parseDec(t);
    msgCreateValidator(k, {
      operator: m.validator, account: m.delegator || k.view.operatorAccount(m.validator), pubKeyLen: m.pubkey?.key.length ?? 32, description: m.description,
      rate: dec(m.commission.rate), maxRate: dec(m.commission.maxRate), maxChangeRate: dec(m.commission.maxChangeRate),
      minSelfDelegation: m.minSelfDelegation, amount: m.value.amount, denom: m.value.denom,
    });
  },
});

/** x/staking MsgEditValidator: signed by the operator's account; metered by the core's store counters. */
export const msgEditValidatorDef = message({
  schema: MsgEditValidatorSchema,
  signer: (m, ctx) => operatorSigner(m.validatorAddress, ctx),
  validate: editValidator,
  handle: handleEditValidator,
});
