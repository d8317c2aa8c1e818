// The client package's registry and amino converters (host/client/, `tiered-rewards-engine/client`)
// against three independent references: the node's own message registry (every type it executes
// is registered), cosmjs-types' encodings (same bytes for the same content, CosmJS-shaped values
// accepted), and the amino JSON a dApp developer writes by hand from WIRE.md §2
// (hand-written-amino.ts) or CosmJS's default converters (same sign doc, SDK names where CosmJS's
// differ). Each amino JSON also reads back to the same message bytes.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { create, toBinary, type DescMessage } from "@bufbuild/protobuf";
import { Registry } from "@cosmjs/proto-signing";
import { createDefaultAminoConverters, defaultRegistryTypes } from "@cosmjs/stargate";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { BasicAllowance } from "cosmjs-types/cosmos/feegrant/v1beta1/feegrant";
import { TextProposal } from "cosmjs-types/cosmos/gov/v1beta1/gov";
import { PubKey } from "cosmjs-types/cosmos/crypto/ed25519/keys";
import {
  DEV_KEY_COUNT, chainAminoConverters, chainAminoTypes, chainRegistry, devAminoWallet, devWallet, devWallets, encodeObject,
  messageSchemas, tieredrewards,
} from "../../host/client/index.js";
import { MessageRegistry } from "../../host/app/registry.js";
import { MODULES } from "../../host/modules/index.js";
import { devAddress } from "../../host/app/genesis.js";
import { sample, toCosmjs } from "../helpers/proto-sample.js";
import { handWrittenAminoConverters } from "./hand-written-amino.js";

const EXECUTED = new MessageRegistry(MODULES).typeUrls();
const SCHEMA = new Map<string, DescMessage>(messageSchemas().map((d) => [`/${d.typeName}`, d]));
/** JSON with keys sorted at every level (as the amino sign doc is serialized). */
const sortedJsonStringify = (v: unknown): string => JSON.stringify(sortKeys(v));
const sortKeys = (v: unknown): unknown =>
  Array.isArray(v) ? v.map(sortKeys) : v !== null && typeof v === "object" ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortKeys((v as Record<string, unknown>)[k])])) : v;
const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
/** Whether a message carries an Any anywhere (a sample's Anys name no real type). */
const hasAny = (d: DescMessage, seen = new Set<string>()): boolean =>
  !seen.has(d.typeName) && (seen.add(d.typeName), d.fields.some((f) => f.message !== undefined && (f.message.typeName === "google.protobuf.Any" || hasAny(f.message, seen))));

test("the registry and the amino types cover every message type the node executes, tier and inflation messages included", () => {
  assert.ok(EXECUTED.length >= 58, `${EXECUTED.length} executed types`);
  const registry = chainRegistry();
  const converters = chainAminoConverters();
  const missing = EXECUTED.filter((url) => registry.lookupType(url) === undefined || converters[url] === undefined);
  assert.equal(missing, []);
  for (const url of ["/chainmain.tieredrewards.v1.MsgLockTier", "/chainmain.tieredrewards.v1.MsgClaimTierRewards", "/chainmain.inflation.v1.MsgUpdateParams"]) {
    assert.ok(EXECUTED.includes(url) && registry.lookupType(url) !== undefined, url);
  }
  // One converter per amino name, so CosmJS's fromAmino finds exactly one.
  const names = Object.values(converters).map((c) => c.aminoType);
  assert.is(new Set(names).size, names.length, "amino names are unique");
  assert.is(converters["/chainmain.tieredrewards.v1.MsgLockTier"]!.aminoType, "chainmain/MsgLockTier");
  assert.is(converters["/chainmain.tieredrewards.v1.MsgUpdateParams"]!.aminoType, "chainmain/tieredrewards/MsgUpdateParams");
});

test("every executed message encodes a CosmJS-shaped value to the schema's bytes, and to cosmjs-types' where CosmJS has the type", () => {
  const ours = chainRegistry();
  const cosmjs = new Registry(defaultRegistryTypes);
  let compared = 0;
  for (const url of EXECUTED) {
    const d = SCHEMA.get(url)!;
    const content = sample(d, d.fields.length);
    const expected = hex(toBinary(d, create(d, content as never)));
    assert.is(hex(ours.encode({ typeUrl: url, value: toCosmjs(d, content) })), expected, url);
    assert.is(hex(ours.encode({ typeUrl: url, value: create(d, content as never) })), expected, `${url} (a protobuf-es message)`);
    if (cosmjs.lookupType(url) !== undefined) {
      assert.is(hex(cosmjs.encode({ typeUrl: url, value: toCosmjs(d, content) })), expected, `${url}: cosmjs-types`);
      compared++;
    }
  }
  assert.ok(compared >= 20, `${compared} compared with cosmjs-types`);
});

test("amino JSON: chainmain's equal the hand-written converters; the SDK's equal CosmJS's defaults but for MsgWithdrawValCommission's SDK name", () => {
  const ours = chainAminoConverters();
  const hand = handWrittenAminoConverters();
  for (const [url, conv] of Object.entries(hand)) {
    const d = SCHEMA.get(url)!;
    for (const content of [sample(d, d.fields.length), sample(d, 3)]) {
      const mine = ours[url]!;
      assert.is(mine.aminoType, conv.aminoType, url);
      assert.is(sortedJsonStringify(mine.toAmino(content)), sortedJsonStringify(conv.toAmino(create(d, content as never))), url);
    }
  }
  assert.ok(Object.keys(hand).filter((u) => u.startsWith("/chainmain.tieredrewards.")).length >= 14, "every tier message hand-written");
  const defaults = createDefaultAminoConverters();
  let same = 0;
  for (const url of EXECUTED) {
    const d = SCHEMA.get(url)!;
    const theirs = defaults[url];
    if (theirs === undefined || hasAny(d)) continue;
    const value = toCosmjs(d, sample(d, d.fields.length));
    const mine = ours[url]!.toAmino(value);
    if (url === "/ibc.applications.transfer.v1.MsgTransfer") {
      // ibc-go v10's MsgTransfer has `encoding` (field 10), which CosmJS's default converter predates
      assert.is(mine.encoding, (value as { encoding: string }).encoding);
      delete mine.encoding;
    }
    assert.is(sortedJsonStringify(mine), sortedJsonStringify(theirs.toAmino(value)), url);
    if (url === "/cosmos.distribution.v1beta1.MsgWithdrawValidatorCommission") {
      assert.is(ours[url]!.aminoType, "cosmos-sdk/MsgWithdrawValCommission"); // the SDK's amino.name
      assert.is.not(theirs.aminoType, ours[url]!.aminoType);
    } else {
      assert.is(ours[url]!.aminoType, theirs.aminoType, url);
      same++;
    }
  }
  assert.ok(same >= 12, `${same} SDK types the same as CosmJS's`);
});

test("amino JSON reads back to the same bytes (AminoTypes.fromAmino), nested Anys (proposals, authz, allowances, keys) included", () => {
  const registry = chainRegistry();
  const aminoTypes = chainAminoTypes();
  const roundTrip = (url: string, value: unknown) => {
    const amino = aminoTypes.toAmino({ typeUrl: url, value });
    const back = aminoTypes.fromAmino(amino);
    assert.is(back.typeUrl, url);
    assert.is(hex(registry.encode(back)), hex(registry.encode({ typeUrl: url, value })), url);
    return amino;
  };
  let plain = 0;
  for (const url of EXECUTED) {
    const d = SCHEMA.get(url)!;
    if (hasAny(d)) continue;
    roundTrip(url, toCosmjs(d, sample(d, d.fields.length)));
    plain++;
  }
  assert.ok(plain >= 50, `${plain} types`);
  const send = { typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: MsgSend.encode(MsgSend.fromPartial({ fromAddress: "cro1a", toAddress: "cro1b", amount: [{ denom: "basecro", amount: "5" }] })).finish() };
  const proposal = roundTrip("/cosmos.gov.v1.MsgSubmitProposal", { messages: [send], initialDeposit: [{ denom: "basecro", amount: "1" }], proposer: "cro1a", title: "t", summary: "s" });
  assert.is((proposal.value as any).messages[0].type, "cosmos-sdk/MsgSend");
  roundTrip("/cosmos.gov.v1beta1.MsgSubmitProposal", {
    content: { typeUrl: "/cosmos.gov.v1beta1.TextProposal", value: TextProposal.encode({ title: "t", description: "d" }).finish() },
    initialDeposit: [], proposer: "cro1a",
  });
  roundTrip("/cosmos.authz.v1beta1.MsgExec", { grantee: "cro1b", msgs: [send] });
  const allowance = { typeUrl: "/cosmos.feegrant.v1beta1.BasicAllowance", value: BasicAllowance.encode({ spendLimit: [{ denom: "basecro", amount: "9" }] }).finish() };
  assert.is((roundTrip("/cosmos.feegrant.v1beta1.MsgGrantAllowance", { granter: "cro1a", grantee: "cro1b", allowance }).value as any).allowance.type, "cosmos-sdk/BasicAllowance");
  roundTrip("/cosmos.staking.v1beta1.MsgCreateValidator", {
    description: { moniker: "v" }, commission: { rate: "100000000000000000", maxRate: "200000000000000000", maxChangeRate: "10000000000000000" },
    minSelfDelegation: "1", validatorAddress: "crocncl1x", value: { denom: "basecro", amount: "1" },
    pubkey: { typeUrl: "/cosmos.crypto.ed25519.PubKey", value: PubKey.encode({ key: new Uint8Array(32).fill(7) }).finish() },
  });
});

test("encodeObject types a message by its schema; the dev wallets are the genesis's accounts 0-8 in both sign modes", async () => {
  const lock = encodeObject(tieredrewards.MsgLockTierSchema, { owner: "cro1x", id: 1, amount: "10", validatorAddress: "crocncl1y" });
  assert.is(lock.typeUrl, "/chainmain.tieredrewards.v1.MsgLockTier");
  assert.is(DEV_KEY_COUNT, 9);
  const direct = await devWallets();
  const amino = await devWallets(DEV_KEY_COUNT, "amino");
  for (let n = 0; n < DEV_KEY_COUNT; n++) {
    const [a] = await direct[n]!.getAccounts();
    const [b] = await amino[n]!.getAccounts();
    assert.is(a!.address, devAddress(n));
    assert.is(b!.address, devAddress(n));
  }
  assert.is((await (await devWallet(5)).getAccounts())[0]!.address, "cro1ermmn3qz3l6rrmd2nrnz3g6ycqyq5av7h5d9r0");
  assert.is((await (await devAminoWallet(0)).getAccounts())[0]!.algo, "secp256k1");
});

test.run();
