// x/staking MsgCreateValidator with a consensus key of its own (host/modules/staking/validator-messages.ts,
// node/validators.ts): signed by CosmJS in both sign modes and broadcast as Keplr does; the new
// validator joins the set at the block's EndBlock with the key it brought (REST, the header's
// validator set; the node cannot sign for it, so its vote in the next block's commit is absent);
// the SDK's refusals leave nothing behind; its record survives a restart (the state hash checked).
// A genesis validator's `consensus_pubkey` is used as given.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { ed25519 } from "@noble/curves/ed25519.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { utf8ToBytes } from "@noble/hashes/utils.js";
import { base64 } from "@scure/base";
import type { EncodeObject } from "@cosmjs/proto-signing";
import { consensusAddressOf } from "../../../host/modules/staking/consensus-key.js";
import { defaultGenesisJson, devAddress, devGenTx, operatorOf, mergeJson, type Json } from "../../../host/app/genesis.js";
import { chainRegistry, clientTxHash, keplrBody, protoSigner, type SignMode } from "../../helpers/cosmjs.js";
import { AminoTypes, createDefaultAminoConverters } from "@cosmjs/stargate";
import { decodeAny } from "../../../host/wire/messages.js";
import { canonicalJsonBytes } from "../../../host/wire/amino/sign-doc.js";
import { nodeHarness, wasm, type TestNode as Node } from "../../helpers/node.js";
import { loadCore } from "../../../host/core/core.js";
import { Application } from "../../../host/app/application.js";

const nodes = await nodeHarness({ prefix: "create-validator-" });
test.after(() => nodes.remove());

const CRO = 100_000_000n;
const registry = chainRegistry();
const consensusPub = (name: string) => ed25519.getPublicKey(sha256(utf8ToBytes(`test consensus key ${name}`)));

/** Close the node and open its database again: the same last state hash (opening it checks the records against it). */
async function reopened(node: Node): Promise<Node> {
  const hash = node.chain.latestBlock().appHash;
  node.chain.close();
  const again = await nodes.open({ dbPath: node.dbPath });
  assert.is(again.chain.latestBlock().appHash, hash);
  return again;
}

async function send(node: Node, n: number, mode: SignMode, messages: EncodeObject[]) {
  const signer = await protoSigner(n, mode);
  const account = node.chain.directory.account(signer.address)!;
  const txBytes = await signer.sign(messages, { chainId: node.chain.chainId, accountNumber: account.accountNumber, sequence: account.sequence });
  const r = await node.post("/cosmos/tx/v1beta1/txs", keplrBody(txBytes));
  assert.is(r.status, 200);
  assert.is(r.json.tx_response.code, 0, `refused at check: ${r.json.tx_response.raw_log}`);
  await node.post("/dev/advance?blocks=1");
  const got = await node.get(`/cosmos/tx/v1beta1/txs/${clientTxHash(txBytes)}`);
  assert.is(got.status, 200);
  return got.json.tx_response;
}

function createMsg(n: number, o: {
  pub?: Uint8Array; pubTypeUrl?: string; rate?: string; maxRate?: string; maxChange?: string; amount?: bigint; minSelf?: bigint; moniker?: string;
} = {}): EncodeObject {
  const account = devAddress(n);
  const pubValue = o.pub ?? consensusPub(`${n}`);
  // The Any CosmJS's encodePubkey makes of an ed25519 key: the PubKey message, field 1 the 32 bytes.
  const value = Uint8Array.from([0x0a, pubValue.length, ...pubValue]);
  return {
    typeUrl: "/cosmos.staking.v1beta1.MsgCreateValidator",
    value: {
      // Every field set: CosmJS's amino converter writes empty ones, the SDK's amino JSON omits them.
      description: { moniker: o.moniker ?? `validator ${n}`, identity: "ABCD1234", website: "https://example.com", securityContact: "ops@example.com", details: "a test validator" },
      // Decs as protobuf carries them: 18-decimal atomics.
      commission: { rate: o.rate ?? "100000000000000000", maxRate: o.maxRate ?? "200000000000000000", maxChangeRate: o.maxChange ?? "10000000000000000" },
      minSelfDelegation: `${o.minSelf ?? 1_000n * CRO}`,
      delegatorAddress: account,
      validatorAddress: operatorOf(account),
      pubkey: { typeUrl: o.pubTypeUrl ?? "/cosmos.crypto.ed25519.PubKey", value },
      value: { denom: "basecro", amount: `${o.amount ?? 500_000n * CRO}` },
    },
  };
}

test("amino JSON of MsgCreateValidator and MsgEditValidator: CosmJS's converters' objects (every field set), zero Decs for empty ones", () => {
  const aminoTypes = new AminoTypes(createDefaultAminoConverters());
  for (const msg of [createMsg(5), editMsg(5, { moniker: "m", rate: "20000000000000000", minSelf: 5n })]) {
    const bytes = registry.encode(msg);
    const ours = decodeAny(msg.typeUrl, bytes, "m").amino;
    assert.equal(JSON.parse(new TextDecoder().decode(canonicalJsonBytes(ours))), JSON.parse(new TextDecoder().decode(canonicalJsonBytes(aminoTypes.toAmino(msg)))));
  }
  const empty = createMsg(5);
  const zero = decodeAny(empty.typeUrl, registry.encode({ ...empty, value: { ...empty.value, commission: { rate: "", maxRate: "", maxChangeRate: "" } } }), "m").amino;
  assert.equal(zero.value.commission, { rate: "0.000000000000000000", max_rate: "0.000000000000000000", max_change_rate: "0.000000000000000000" });
});

for (const mode of ["direct", "amino"] as const) {
  test(`MsgCreateValidator (${mode}): the validator joins the set with its own consensus key; the node's headers mark its vote absent`, async () => {
    const node = await nodes.open();
    const operator = operatorOf(devAddress(5));
    const pub = consensusPub(`5-${mode}`);
    const tr = await send(node, 5, mode, [createMsg(5, { pub })]);
    assert.is(tr.code, 0, tr.raw_log);
    const created = tr.events.find((e: any) => e.type === "create_validator");
    assert.equal(created.attributes.slice(0, 2).map((a: any) => [a.key, a.value]), [["validator", operator], ["amount", `${500_000n * CRO}basecro`]]);
    const v = (await node.get(`/cosmos/staking/v1beta1/validators/${operator}`)).json.validator;
    assert.equal(v.consensus_pubkey, { "@type": "/cosmos.crypto.ed25519.PubKey", key: base64.encode(pub) });
    assert.is(v.status, "BOND_STATUS_BONDED", "bonded at the block's EndBlock");
    assert.is(v.tokens, `${500_000n * CRO}`);
    assert.is(v.description.moniker, `validator 5`);
    assert.is(v.description.website, "https://example.com");
    assert.equal(v.commission.commission_rates, { rate: "0.100000000000000000", max_rate: "0.200000000000000000", max_change_rate: "0.010000000000000000" });
    assert.is(v.commission.update_time, tr.timestamp, "the commission's update time: the block's");
    assert.is(v.min_self_delegation, `${1_000n * CRO}`);
    // In the set the next header commits to, with its key; the node holds no private key for it.
    const address = consensusAddressOf(pub);
    const set = node.chain.consensusValidators();
    assert.ok(set.some((x) => Buffer.from(x.address).toString("hex").toUpperCase() === address && x.seed === undefined));
    // One block at a time (a run of empty blocks is one row without headers).
    await node.post("/dev/advance?blocks=1");
    await node.post("/dev/advance?blocks=1");
    const h = node.chain.latestBlock().height;
    const sigs = node.chain.blockTxs(h)!.comet!.signatures;
    assert.is(sigs.length, 5, "four genesis validators and the new one");
    assert.is(sigs.filter((s) => s.block_id_flag === 1 && s.signature === null && s.validator_address === "").length, 1, "its vote absent");
    assert.is(sigs.filter((s) => s.block_id_flag === 2).length, 4);
    // A restart: the record is read back and the state hash agrees.
    const again = await reopened(node);
    try {
      const back = (await again.get(`/cosmos/staking/v1beta1/validators/${operator}`)).json.validator;
      assert.equal([back.description, back.commission, back.min_self_delegation, back.consensus_pubkey], [v.description, v.commission, v.min_self_delegation, v.consensus_pubkey]);
      // Delegating to it works like to any validator.
      const tr2 = await send(again, 6, mode, [{
        typeUrl: "/cosmos.staking.v1beta1.MsgDelegate", value: { delegatorAddress: devAddress(6), validatorAddress: operator, amount: { denom: "basecro", amount: `${10n * CRO}` } },
      }]);
      assert.is(tr2.code, 0, tr2.raw_log);
    } finally {
      again.chain.close();
    }
  });
}

test("a created validator goes with an exported state (the importer has it, the same hash) and with a replay from genesis", async () => {
  const node = await nodes.open();
  const pub = consensusPub("export");
  assert.is((await send(node, 6, "direct", [createMsg(6, { pub })])).code, 0);
  const exported = (await node.get("/dev/export")).json as Json;
  const imported = await nodes.open({ genesis: exported });
  try {
    assert.is(imported.chain.latestBlock().appHash, node.chain.latestBlock().appHash);
    const path = `/cosmos/staking/v1beta1/validators/${operatorOf(devAddress(6))}`;
    assert.equal((await imported.get(path)).json, (await node.get(path)).json);
    for (const n of [node, imported]) {
      await n.post("/dev/advance?blocks=1");
      await n.post("/dev/advance?blocks=1");
    }
    assert.is(imported.chain.latestBlock().appHash, node.chain.latestBlock().appHash, "and they go on alike");
  } finally {
    imported.chain.close();
  }
  const last = node.chain.latestBlock();
  node.chain.close();
  assert.equal(Application.replay(await loadCore(wasm), node.dbPath), last);
});

const editMsg = (n: number, o: { moniker?: string; rate?: string; minSelf?: bigint }): EncodeObject => ({
  typeUrl: "/cosmos.staking.v1beta1.MsgEditValidator",
  value: {
    description: { moniker: o.moniker ?? "[do-not-modify]", identity: "[do-not-modify]", website: "[do-not-modify]", securityContact: "[do-not-modify]", details: "[do-not-modify]" },
    validatorAddress: operatorOf(devAddress(n)), commissionRate: o.rate ?? "", minSelfDelegation: o.minSelf === undefined ? "" : `${o.minSelf}`,
  },
});

for (const mode of ["direct", "amino"] as const) {
  test(`MsgEditValidator (${mode}): description, commission (once a day, within the max rate and change) and a rising minimum; kept across a restart`, async () => {
    const node = await nodes.open();
    const operator = operatorOf(devAddress(5));
    assert.is((await send(node, 5, mode, [createMsg(5, { pub: consensusPub(`edit-${mode}`) })])).code, 0);
    const fail = async (msg: EncodeObject, code: string, log: string) => {
      const tr = await send(node, 5, mode, [msg]);
      assert.is(`${tr.codespace}/${tr.code}`, code, tr.raw_log);
      assert.match(tr.raw_log, log);
    };
    await fail(editMsg(5, { rate: "105000000000000000" }), "staking/12", "commission cannot be changed more than once in 24h");
    await node.post("/dev/advance?duration=25h");
    const tr = await send(node, 5, mode, [editMsg(5, { moniker: "renamed", rate: "105000000000000000", minSelf: 2_000n * CRO })]);
    assert.is(tr.code, 0, tr.raw_log);
    const e = tr.events.find((x: any) => x.type === "edit_validator");
    assert.equal(e.attributes.slice(0, 2).map((a: any) => a.value), ["0.105000000000000000", `${2_000n * CRO}`]);
    const v = (await node.get(`/cosmos/staking/v1beta1/validators/${operator}`)).json.validator;
    assert.equal(v.description, { moniker: "renamed", identity: "ABCD1234", website: "https://example.com", security_contact: "ops@example.com", details: "a test validator" });
    assert.is(v.commission.commission_rates.rate, "0.105000000000000000");
    assert.is(v.commission.update_time, tr.timestamp);
    assert.is(v.min_self_delegation, `${2_000n * CRO}`);
    await fail(editMsg(5, { rate: "110000000000000000" }), "staking/12", "once in 24h");
    await node.post("/dev/advance?duration=25h");
    await fail(editMsg(5, { rate: "130000000000000000" }), "staking/15", "commission cannot be changed more than max change rate");
    await fail(editMsg(5, { rate: "250000000000000000" }), "staking/11", "commission cannot be more than the max rate");
    await fail(editMsg(5, { rate: "1100000000000000000" }), "sdk/18", "commission rate must be between 0 and 1 (inclusive)");
    await fail(editMsg(5, { minSelf: 1_000n * CRO }), "staking/17", "minimum self delegation cannot be decrease");
    await fail(editMsg(5, { minSelf: 10n ** 18n }), "staking/16", "self delegation must be greater than their minimum");
    await fail({ ...editMsg(5, {}), value: { ...editMsg(5, {}).value, description: {} } }, "sdk/18", "empty description");
    await fail(editMsg(5, { moniker: "x".repeat(71) }), "sdk/18", "invalid moniker length");
    // A genesis validator (max rate = its rate, no daily change): a lower rate is allowed.
    const genesisOp = operatorOf(devAddress(2));
    const lower = await send(node, 2, mode, [editMsg(2, { rate: "10000000000000000" })]);
    assert.is(lower.code, 0, lower.raw_log);
    assert.is((await node.get(`/cosmos/staking/v1beta1/validators/${genesisOp}`)).json.validator.commission.commission_rates.rate, "0.010000000000000000");
    const again = await reopened(node);
    try {
      const back = (await again.get(`/cosmos/staking/v1beta1/validators/${operator}`)).json.validator;
      assert.is(back.description.moniker, "renamed");
      assert.is(back.commission.update_time, v.commission.update_time);
      const g = (await again.get(`/cosmos/staking/v1beta1/validators/${genesisOp}`)).json.validator;
      assert.is(g.commission.update_time, lower.timestamp, "a genesis validator's edited record is kept too");
      // Its key is still the derived one the node signs with.
      await again.post("/dev/advance?blocks=1");
      const sigs = again.chain.blockTxs(again.chain.latestBlock().height)!.comet!.signatures;
      assert.is(sigs.filter((s) => s.block_id_flag === 2).length, 4, "the four genesis validators still sign");
    } finally {
      again.chain.close();
    }
  });
}

test("MsgCreateValidator refusals (the SDK's codes and texts); a refused one leaves no validator behind", async () => {
  const node = await nodes.open();
  const taken = consensusPub("taken");
  assert.is((await send(node, 5, "direct", [createMsg(5, { pub: taken })])).code, 0);
  const fail = async (n: number, msg: EncodeObject, codespace: string, code: number, log: string) => {
    const tr = await send(node, n, "direct", [msg]);
    assert.is(`${tr.codespace}/${tr.code}`, `${codespace}/${code}`, tr.raw_log);
    assert.match(tr.raw_log, log);
  };
  await fail(5, createMsg(5, { pub: consensusPub("other") }), "staking", 4, "validator already exist for this operator address");
  await fail(6, createMsg(6, { pub: taken }), "staking", 5, "validator already exist for this pubkey");
  await fail(6, createMsg(6, { pubTypeUrl: "/cosmos.crypto.secp256k1.PubKey", pub: new Uint8Array(33).fill(2) }), "staking", 6, "validator pubkey type is not supported");
  await fail(6, createMsg(6, { rate: "300000000000000000" }), "staking", 11, "commission cannot be more than the max rate");
  await fail(6, createMsg(6, { maxRate: "2000000000000000000" }), "staking", 10, "commission cannot be more than 100%");
  await fail(6, createMsg(6, { maxChange: "300000000000000000" }), "staking", 14, "commission change rate cannot be more than the max rate");
  await fail(6, createMsg(6, { amount: 10n, minSelf: 11n }), "staking", 16, "self delegation must be greater than their minimum");
  await fail(6, createMsg(6, { minSelf: 0n }), "sdk", 18, "minimum self delegation must be a positive integer");
  await fail(6, createMsg(6, { moniker: "x".repeat(71) }), "sdk", 18, "invalid moniker length; got: 71, max: 70");
  await fail(6, createMsg(6, { amount: 2_000_000n * CRO }), "sdk", 5, "is smaller than");
  // Undecodable keys are refused at check as the SDK's decoder refuses them (sdk 2), never a crash.
  for (const pubkey of [{ typeUrl: "/cosmos.crypto.unknown.PubKey", value: new Uint8Array(34) }, { typeUrl: "/cosmos.crypto.ed25519.PubKey", value: Uint8Array.of(0x0a, 0xff, 0xff) }]) {
    const msg = createMsg(6);
    const signer = await protoSigner(6, "direct");
    const account = node.chain.directory.account(signer.address)!;
    const txBytes = await signer.sign([{ ...msg, value: { ...msg.value, pubkey } }], { chainId: node.chain.chainId, accountNumber: account.accountNumber, sequence: account.sequence });
    const r = await node.post("/cosmos/tx/v1beta1/txs", keplrBody(txBytes));
    assert.is(r.status, 200);
    assert.is(`${r.json.tx_response.codespace}/${r.json.tx_response.code}`, "sdk/2", r.json.tx_response.raw_log);
  }
  assert.is(node.chain.directory.validatorId(operatorOf(devAddress(6))), undefined, "no validator left by a refused tx");
  assert.is(node.chain.consensusValidators().length, 5);
  const list = (await node.get("/cosmos/staking/v1beta1/validators")).json.validators as any[];
  assert.is(list.length, 5);
});

test("a genesis validator's consensus_pubkey is its key (the node cannot sign for it: its vote absent)", async () => {
  const pub = consensusPub("genesis");
  const base = defaultGenesisJson() as any;
  // validator 1's gentx with that key, signed again by dev key 1
  base.app_state.genutil.gen_txs[0] = devGenTx({ chainId: base.chain_id, key: 1, selfDelegation: 10n ** 18n, consensusPubKey: pub, description: { moniker: "local-validator-1" } });
  const node = await nodes.open({ genesis: mergeJson(base as Json, {}) });
  const v = (await node.get(`/cosmos/staking/v1beta1/validators/${operatorOf(devAddress(1))}`)).json.validator;
  assert.is(v.consensus_pubkey.key, base64.encode(pub));
  await node.post("/dev/advance?blocks=1");
  await node.post("/dev/advance?blocks=1");
  const sigs = node.chain.blockTxs(node.chain.latestBlock().height)!.comet!.signatures;
  assert.is(sigs.filter((s) => s.block_id_flag === 1).length, 1);
  const bad = defaultGenesisJson() as any;
  bad.app_state.genutil.gen_txs[1].body.messages[0].pubkey = { "@type": "/cosmos.crypto.secp256k1.PubKey", key: base64.encode(pub) };
  let error = "";
  try {
    await nodes.open({ genesis: bad as Json });
  } catch (e) {
    error = (e as Error).message;
  }
  assert.match(error, "validator pubkey type is not supported");
});

test.run();
