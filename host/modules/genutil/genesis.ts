// x/genutil's genesis (`app_state.genutil.gen_txs`): the signed transactions that create a new
// chain's validators, as `chain-maind genesis gentx` writes them (a Tx in protobuf JSON, one
// MsgCreateValidator, SIGN_MODE_DIRECT). Read into their TxRaw bytes, which InitChain delivers as
// the SDK's DeliverGenTxs does (the ante handler: signature, sequence; then the message), and into
// the validators they make (what the CLI's projections read). `genTxJson` writes one, signed with
// a key the caller holds: the node's default genesis signs its validators' with the dev keys.

import { secp256k1 } from "@noble/curves/secp256k1.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { base64 } from "@scure/base";
import { create, toBinary } from "@bufbuild/protobuf";
import { PubKeySchema as Ed25519PubKeySchema } from "../../wire/gen/cosmos/crypto/ed25519/keys_pb.js";
import { MsgCreateValidatorSchema } from "../../wire/gen/cosmos/staking/v1beta1/tx_pb.js";
import { anyOf, directAuthInfoBytes, signDocBytes, txBodyBytes, txRawBytes } from "../../wire/tx-encode.js";
import { ValidationError } from "../../errors.js";
import { decString } from "../../wire/gateway-json.js";
import { accountAddressBytes, encodeAddress } from "../../wire/address.js";
import { pubKeyAddress } from "../../wire/keys.js";
import {
  address, array, bool, fail, int, object, string, uint64, type DecParser, type Json,
} from "../../framework/genesis-json.js";
import { descriptionJson, parseCommissionRates, parseConsensusPubKey, parseDescription, type ValidatorDescription } from "../staking/genesis.js";

const CREATE_VALIDATOR = "/cosmos.staking.v1beta1.MsgCreateValidator";
const SECP256K1 = "/cosmos.crypto.secp256k1.PubKey";
const ED25519 = "/cosmos.crypto.ed25519.PubKey";

/** A validator a gentx creates. Decs raw. */
export interface GenTxValidator {
  operatorAddress: string;
  description: ValidatorDescription;
  commissionRate: bigint;
  maxRate: bigint;
  maxChangeRate: bigint;
  minSelfDelegation: bigint;
  selfDelegation: bigint;
  consensusPubKey: Uint8Array;
}

export interface GenTx {
  /** The TxRaw bytes InitChain delivers. */
  txBytes: Uint8Array;
  /** Its signer: the operator's account. */
  signer: string;
  validator: GenTxValidator;
}

/** `app_state.genutil`: `{gen_txs: [Tx]}`. */
export function parseGenutil(v: Json | undefined, dec: DecParser, bondDenom: string, prefixes: { account: string; validator: string }): GenTx[] {
  const path = "app_state.genutil";
  if (v === undefined) return [];
  const g = object(v, path, ["gen_txs"]);
  return array(g.gen_txs ?? [], `${path}.gen_txs`).map((tx, i) => parseGenTx(tx, `${path}.gen_txs[${i}]`, dec, bondDenom, prefixes));
}

function parseGenTx(v: Json, p: string, dec: DecParser, bondDenom: string, prefixes: { account: string; validator: string }): GenTx {
  const tx = object(v, p, ["body", "auth_info", "signatures"]);
  const bp = `${p}.body`;
  const body = object(tx.body, bp, ["messages", "memo", "timeout_height", "unordered", "timeout_timestamp", "extension_options", "non_critical_extension_options"]);
  const messages = array(body.messages, `${bp}.messages`);
  if (messages.length !== 1) fail("must provide genesis Tx with exactly 1 CreateValidator message", `${bp}.messages`);
  const mp = `${bp}.messages[0]`;
  const m = object(messages[0], mp, ["@type", "description", "commission", "min_self_delegation", "delegator_address", "validator_address", "pubkey", "value"]);
  if (string(m["@type"], `${mp}.@type`) !== CREATE_VALIDATOR) fail(`a gentx carries a ${CREATE_VALIDATOR}`, `${mp}.@type`);
  let operatorAddress: string;
  try {
    operatorAddress = encodeAddress(prefixes.validator, accountAddressBytes(string(m.validator_address, `${mp}.validator_address`), prefixes.validator));
  } catch (e) {
    if (e instanceof ValidationError) throw e;
    return fail(`invalid validator address: ${(e as Error).message}`, `${mp}.validator_address`);
  }
  const signer = encodeAddress(prefixes.account, accountAddressBytes(operatorAddress, prefixes.validator));
  if (m.delegator_address !== undefined && m.delegator_address !== "" && address(m.delegator_address, `${mp}.delegator_address`, prefixes.account) !== signer) {
    fail("delegator address and validator address must match", `${mp}.delegator_address`);
  }
  const description = parseDescription(m.description, `${mp}.description`);
  if (Object.values(description).every((x) => x === "")) fail("empty description", `${mp}.description`);
  const rates = parseCommissionRates(m.commission, `${mp}.commission`, dec);
  const vp = `${mp}.value`;
  const value = object(m.value, vp, ["denom", "amount"]);
  if (string(value.denom, `${vp}.denom`) !== bondDenom) fail(`invalid coin denomination: got ${value.denom}, expected ${bondDenom}`, `${vp}.denom`);
  const selfDelegation = int(value.amount, `${vp}.amount`);
  if (selfDelegation <= 0n) fail("invalid delegation amount", `${vp}.amount`);
  const minSelfDelegation = int(m.min_self_delegation ?? "1", `${mp}.min_self_delegation`);
  if (minSelfDelegation <= 0n) fail("minimum self delegation must be a positive integer", `${mp}.min_self_delegation`);
  if (selfDelegation < minSelfDelegation) fail("validator's self delegation must be greater than their minimum self delegation", `${mp}.min_self_delegation`);
  const consensusPubKey = parseConsensusPubKey(m.pubkey ?? null, `${mp}.pubkey`);
  const memo = body.memo === undefined ? "" : string(body.memo, `${bp}.memo`);
  const timeoutHeight = uint64(body.timeout_height ?? "0", `${bp}.timeout_height`);
  if (body.unordered !== undefined && bool(body.unordered, `${bp}.unordered`)) fail("not supported by this node: must be false", `${bp}.unordered`);
  if (body.timeout_timestamp !== undefined && body.timeout_timestamp !== null) fail("not supported by this node: must be null", `${bp}.timeout_timestamp`);
  for (const k of ["extension_options", "non_critical_extension_options"] as const) {
    if (array(body[k] ?? [], `${bp}.${k}`).length > 0) fail("not supported by this node: must be empty", `${bp}.${k}`);
  }
  const ap = `${p}.auth_info`;
  const auth = object(tx.auth_info, ap, ["signer_infos", "fee", "tip"]);
  const infos = array(auth.signer_infos, `${ap}.signer_infos`);
  if (infos.length !== 1) fail("a gentx has one signer", `${ap}.signer_infos`);
  const sp = `${ap}.signer_infos[0]`;
  const info = object(infos[0], sp, ["public_key", "mode_info", "sequence"]);
  const key = object(info.public_key, `${sp}.public_key`, ["@type", "key"]);
  if (string(key["@type"], `${sp}.public_key.@type`) !== SECP256K1) fail(`the signer's key must be a ${SECP256K1}`, `${sp}.public_key.@type`);
  const pub = bytes(key.key, `${sp}.public_key.key`);
  if (pub.length !== 33 || pubKeyAddress(pub, prefixes.account) !== signer) fail(`not the key of the operator's account ${signer}`, `${sp}.public_key.key`);
  const mode = object(object(info.mode_info, `${sp}.mode_info`, ["single"]).single, `${sp}.mode_info.single`, ["mode"]);
  if (string(mode.mode, `${sp}.mode_info.single.mode`) !== "SIGN_MODE_DIRECT") fail("a gentx is signed in SIGN_MODE_DIRECT", `${sp}.mode_info.single.mode`);
  const fp = `${ap}.fee`;
  const fee = object(auth.fee, fp, ["amount", "gas_limit", "payer", "granter"]);
  if (array(fee.amount ?? [], `${fp}.amount`).length > 0) fail("a gentx pays no fee", `${fp}.amount`);
  for (const k of ["payer", "granter"] as const) if (fee[k] !== undefined && fee[k] !== "") fail("not supported by this node: must be empty", `${fp}.${k}`);
  if (auth.tip !== undefined && auth.tip !== null) fail("not supported by this node: must be null", `${ap}.tip`);
  const signatures = array(tx.signatures, `${p}.signatures`);
  if (signatures.length !== 1) fail("a gentx has one signature", `${p}.signatures`);
  const validator: GenTxValidator = {
    operatorAddress, description, commissionRate: rates.rate, maxRate: rates.maxRate, maxChangeRate: rates.maxChangeRate,
    minSelfDelegation, selfDelegation, consensusPubKey,
  };
  const bodyBytes = txBodyBytes({
    messages: [{ typeUrl: CREATE_VALIDATOR, value: createValidatorBytes(validator, bondDenom, m.delegator_address ? signer : "") }],
    memo, timeoutHeight,
  });
  const authInfoBytes = directAuthInfoBytes({
    pubKey: pub,
    sequence: uint64(info.sequence ?? "0", `${sp}.sequence`),
    fee: { amount: [], gasLimit: uint64(fee.gas_limit ?? "0", `${fp}.gas_limit`) },
  });
  const txBytes = txRawBytes({ bodyBytes, authInfoBytes, signatures: [bytes(signatures[0], `${p}.signatures[0]`)] });
  return { txBytes, signer, validator };
}

function bytes(v: Json | undefined, at: string): Uint8Array {
  try {
    return base64.decode(string(v, at));
  } catch (e) {
    return fail(`invalid base64: ${(e as Error).message}`, at);
  }
}

const raw = (d: bigint) => `${d}`;

function createValidatorBytes(v: GenTxValidator, denom: string, delegator: string): Uint8Array {
  return toBinary(MsgCreateValidatorSchema, create(MsgCreateValidatorSchema, {
    description: { ...v.description },
    commission: { rate: raw(v.commissionRate), maxRate: raw(v.maxRate), maxChangeRate: raw(v.maxChangeRate) },
    minSelfDelegation: `${v.minSelfDelegation}`,
    delegatorAddress: delegator,
    validatorAddress: v.operatorAddress,
    pubkey: anyOf(Ed25519PubKeySchema, { key: v.consensusPubKey }),
    value: { denom, amount: `${v.selfDelegation}` },
  }));
}

/**
 * A gentx as `chain-maind genesis gentx` writes it, signed (SIGN_MODE_DIRECT, sequence 0, gas
 * 200,000, no fee) by the operator's key on `chainId` at account number 0 (the SDK's ante handler
 * checks a genesis block's signatures so).
 */
export function genTxJson(o: {
  chainId: string; privateKey: Uint8Array; validator: GenTxValidator; denom: string; memo?: string;
}): Json {
  const pub = secp256k1.getPublicKey(o.privateKey, true);
  const bodyBytes = txBodyBytes({
    messages: [{ typeUrl: CREATE_VALIDATOR, value: createValidatorBytes(o.validator, o.denom, "") }], memo: o.memo ?? "",
  });
  const authInfoBytes = directAuthInfoBytes({ pubKey: pub, sequence: 0n, fee: { amount: [], gasLimit: 200_000n } });
  const signBytes = signDocBytes({ bodyBytes, authInfoBytes, chainId: o.chainId, accountNumber: 0n });
  const signature = secp256k1.sign(sha256(signBytes), o.privateKey, { prehash: false, lowS: true, format: "compact" });
  const v = o.validator;
  return {
    body: {
      messages: [{
        "@type": CREATE_VALIDATOR, description: descriptionJson(v.description),
        commission: { rate: decString(v.commissionRate), max_rate: decString(v.maxRate), max_change_rate: decString(v.maxChangeRate) },
        min_self_delegation: `${v.minSelfDelegation}`, delegator_address: "", validator_address: v.operatorAddress,
        pubkey: { "@type": ED25519, key: base64.encode(v.consensusPubKey) }, value: { denom: o.denom, amount: `${v.selfDelegation}` },
      }],
      memo: o.memo ?? "", timeout_height: "0", unordered: false, timeout_timestamp: null, extension_options: [], non_critical_extension_options: [],
    },
    auth_info: {
      signer_infos: [{ public_key: { "@type": SECP256K1, key: base64.encode(pub) }, mode_info: { single: { mode: "SIGN_MODE_DIRECT" } }, sequence: "0" }],
      fee: { amount: [], gas_limit: "200000", payer: "", granter: "" },
      tip: null,
    },
    signatures: [base64.encode(signature)],
  };
}
