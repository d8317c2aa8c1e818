// x/staking's, x/distribution's and x/slashing's messages as their protobuf types (host/modules/
// staking/validate.ts and the definitions): a legacy StdTx's amino JSON converted on arrival
// (wire/messages.ts protoOfAmino) reads as the protobuf message a wallet sends, and both take the
// same checks, with the SDK's codes and texts.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { create, toBinary } from "@bufbuild/protobuf";
import { AnySchema } from "@bufbuild/protobuf/wkt";
import { base64 } from "@scure/base";
import { decodeAny, protoOfAmino } from "../../../host/wire/messages.js";
import { TxError } from "../../../host/wire/errors.js";
import { MessageRegistry } from "../../../host/app/registry.js";
import { MODULES } from "../../../host/modules/index.js";
import { devAddress, operatorOf } from "../../../host/app/genesis.js";
import { PubKeySchema as Ed25519PubKeySchema } from "../../../host/wire/gen/cosmos/crypto/ed25519/keys_pb.js";
import { MsgCreateValidatorSchema } from "../../../host/wire/gen/cosmos/staking/v1beta1/tx_pb.js";

const ctx = { prefix: "cro" };
const registry = new MessageRegistry(MODULES);
const def = (typeUrl: string) => {
  const e = registry.entry(typeUrl);
  if (e === undefined) throw new Error(`${typeUrl} is not registered`);
  return e.def;
};
const failure = (run: () => unknown): string => {
  try {
    run();
  } catch (e) {
    if (e instanceof TxError) return `${e.codespace}/${e.code} ${e.log}`;
    throw e;
  }
  return "ok";
};
const me = devAddress(5);
const op = operatorOf(devAddress(5));
const key = new Uint8Array(32).fill(9);

test("the moved messages are protobuf definitions, registered under their type URLs and amino names", () => {
  for (const url of [
    "/cosmos.staking.v1beta1.MsgDelegate", "/cosmos.staking.v1beta1.MsgUndelegate", "/cosmos.staking.v1beta1.MsgBeginRedelegate",
    "/cosmos.staking.v1beta1.MsgCreateValidator", "/cosmos.staking.v1beta1.MsgEditValidator", "/chainmain.dev.v1.MsgSlashValidator",
    "/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward", "/cosmos.distribution.v1beta1.MsgWithdrawValidatorCommission",
    "/cosmos.slashing.v1beta1.MsgUnjail",
  ]) {
    assert.is(registry.entry(url)?.typeUrl, url, url);
  }
  assert.is(registry.entryOfAmino("cosmos-sdk/MsgWithdrawDelegationReward")?.typeUrl, "/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward");
  assert.is(def("/chainmain.dev.v1.MsgSlashValidator").governance, true);
});

test("MsgCreateValidator's amino JSON (CosmJS's: a tendermint/PubKeyEd25519 key, decimal rates) is the protobuf message a wallet sends", () => {
  const amino = {
    description: { moniker: "v" }, commission: { rate: "0.1", max_rate: "0.200000000000000000", max_change_rate: "0.01" },
    min_self_delegation: "1", validator_address: op, pubkey: { type: "tendermint/PubKeyEd25519", value: base64.encode(key) },
    value: { denom: "basecro", amount: "100" },
  };
  const fromAmino = def("/cosmos.staking.v1beta1.MsgCreateValidator").validate(protoOfAmino("cosmos-sdk/MsgCreateValidator", amino).message, ctx);
  const proto = create(MsgCreateValidatorSchema, {
    description: { moniker: "v" }, commission: { rate: "100000000000000000", maxRate: "200000000000000000", maxChangeRate: "10000000000000000" },
    minSelfDelegation: "1", validatorAddress: op, value: { denom: "basecro", amount: "100" },
    pubkey: create(AnySchema, { typeUrl: "/cosmos.crypto.ed25519.PubKey", value: toBinary(Ed25519PubKeySchema, create(Ed25519PubKeySchema, { key })) }),
  });
  const decoded = decodeAny("/cosmos.staking.v1beta1.MsgCreateValidator", toBinary(MsgCreateValidatorSchema, proto), "m").message;
  assert.equal(fromAmino, def("/cosmos.staking.v1beta1.MsgCreateValidator").validate(decoded as typeof proto, ctx));
  assert.equal((fromAmino as { commission: unknown }).commission, { rate: "0.100000000000000000", maxRate: "0.200000000000000000", maxChangeRate: "0.010000000000000000" });
  assert.equal((fromAmino as { pubkey: unknown }).pubkey, { type: "tendermint/PubKeyEd25519", key });
  assert.is(def("/cosmos.staking.v1beta1.MsgCreateValidator").signer(decoded as typeof proto, ctx), me, "signed by the operator's account");
  // What the amino rules refused on arrival is still a tx parse error (sdk 2).
  assert.throws(() => protoOfAmino("cosmos-sdk/MsgCreateValidator", { ...amino, pubkey: { type: "tendermint/PubKeySr25519", value: base64.encode(key) } }));
  assert.throws(() => protoOfAmino("cosmos-sdk/MsgCreateValidator", { ...amino, commission: { rate: "", max_rate: "" } }));
});

test("MsgUnjail by its amino field name (`address`) or its proto name, not both; the signer is the operator's account", () => {
  const unjail = def("/cosmos.slashing.v1beta1.MsgUnjail");
  for (const value of [{ address: op }, { validator_addr: op }]) {
    const m = protoOfAmino("cosmos-sdk/MsgUnjail", value).message as Parameters<typeof unjail.validate>[0];
    assert.equal(unjail.validate(m, ctx), { validator: op });
    assert.is(unjail.signer(m, ctx), me);
  }
  assert.throws(() => protoOfAmino("cosmos-sdk/MsgUnjail", { address: op, validator_addr: op }), /both/);
});

test("the SDK's codes and texts, in its order: addresses, then the amount", () => {
  const delegate = def("/cosmos.staking.v1beta1.MsgDelegate");
  const read = (value: object) => failure(() => delegate.validate(protoOfAmino("cosmos-sdk/MsgDelegate", value).message as never, ctx));
  assert.is(read({ delegator_address: "cro1x", validator_address: "x", amount: { denom: "basecro", amount: "0" } }).split(":")[0], "sdk/7 invalid delegator address");
  assert.is(read({ delegator_address: me, validator_address: me, amount: { denom: "basecro", amount: "0" } }).split(":")[0], "sdk/7 invalid validator address");
  assert.is(read({ delegator_address: me, validator_address: op, amount: { denom: "basecro", amount: "0" } }), "sdk/18 invalid delegation amount: invalid request");
  assert.is(read({ delegator_address: me, validator_address: op, amount: { denom: "basecro" } }), "sdk/18 invalid delegation amount: invalid request");
  assert.throws(() => protoOfAmino("cosmos-sdk/MsgDelegate", { delegator_address: me, validator_address: op }), /coin object/);
  assert.throws(() => protoOfAmino("cosmos-sdk/MsgDelegate", { delegator_address: me, validator_address: op, amount: { denom: "basecro", amount: "" } }));
  const edit = def("/cosmos.staking.v1beta1.MsgEditValidator");
  // CosmJS writes an unset rate and minimum as "": unchanged.
  const m = protoOfAmino("cosmos-sdk/MsgEditValidator", { description: { moniker: "x" }, validator_address: op, commission_rate: "", min_self_delegation: "" }).message;
  assert.equal(edit.validate(m as never, ctx), {
    description: { moniker: "x", identity: "", website: "", securityContact: "", details: "" }, validator: op, commissionRate: undefined, minSelfDelegation: undefined,
  });
});

test.run();
