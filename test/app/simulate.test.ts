// POST /cosmos/tx/v1beta1/simulate (NodeChain.simulate): the request CosmJS's own tx extension
// builds (empty signature, SIGN_MODE_UNSPECIFIED, no fee) is run on the check state and undone;
// gas by the SDK's simulate rule on the same meter as DeliverTx (the exact signed bytes simulate
// to the gas their inclusion uses; CosmJS's request has no fee, so no fee transfer, as on the
// chain: its 1.4 margin covers it); the events and message responses of the would-be result; the
// tx service's failures (gRPC Unknown with the gas used) and the gateway's 400s for bad bodies.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { toBase64 } from "@cosmjs/encoding";
import { Secp256k1 } from "@cosmjs/crypto";
import { encodeSecp256k1Pubkey } from "@cosmjs/amino";
import { QueryClient, setupTxExtension } from "@cosmjs/stargate";
import { SimulateRequest, SimulateResponse } from "cosmjs-types/cosmos/tx/v1beta1/service";
import { devAddress, devPrivateKey, operatorOf } from "../../host/app/genesis.js";
import { chainRegistry, clientTxHash, keplrBody, protoSigner } from "../helpers/cosmjs.js";
import { nodeHarness, type TestNode } from "../helpers/node.js";

const nodes = await nodeHarness({ prefix: "simulate-" });
test.after(() => nodes.remove());

const MAX_U64 = "18446744073709551615";
const coin = (amount: bigint) => ({ denom: "basecro", amount: amount.toString() });

/**
 * The SimulateRequest's tx bytes exactly as CosmJS builds them in `SigningStargateClient.simulate`
 * (its tx extension over a query client whose ABCI transport we capture instead of sending).
 */
async function cosmjsSimulateBytes(n: number, messages: { typeUrl: string; value: unknown }[], sequence: bigint, memo = ""): Promise<Uint8Array> {
  let captured: Uint8Array | undefined;
  const transport = {
    queryAbci: async (_path: string, request: Uint8Array) => {
      captured = request;
      return { key: new Uint8Array(), value: SimulateResponse.encode(SimulateResponse.fromPartial({})).finish(), height: 1 };
    },
  } as unknown as QueryClient;
  const ext = setupTxExtension(transport);
  const registry = chainRegistry();
  const anys = messages.map((m) => registry.encodeAsAny(m));
  const { pubkey } = await Secp256k1.makeKeypair(devPrivateKey(n));
  await ext.tx.simulate(anys, memo, encodeSecp256k1Pubkey(Secp256k1.compressPubkey(pubkey)), Number(sequence));
  return SimulateRequest.decode(captured!).txBytes;
}

const account = (node: TestNode, n: number) => node.chain.directory.account(devAddress(n))!;
const balance = async (node: TestNode, n: number) =>
  (await node.get(`/cosmos/bank/v1beta1/balances/${devAddress(n)}/by_denom?denom=basecro`)).json.balance.amount as string;

test("CosmJS's simulate request: gas, events and responses of the would-be result; nothing changes", async () => {
  const node = await nodes.open();
  const from = devAddress(5);
  const msgs = [
    { typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: from, toAddress: devAddress(6), amount: [coin(1234n)] } },
    { typeUrl: "/cosmos.staking.v1beta1.MsgDelegate", value: { delegatorAddress: from, validatorAddress: operatorOf(devAddress(1)), amount: coin(10n ** 8n) } },
  ];
  const before = { balance: await balance(node, 5), sequence: account(node, 5).sequence, state: JSON.stringify(node.chain.exportGenesis()) };
  const bytes = await cosmjsSimulateBytes(5, msgs, before.sequence);
  const r = await node.post("/cosmos/tx/v1beta1/simulate", { tx_bytes: toBase64(bytes) });
  assert.is(r.status, 200, JSON.stringify(r.json));
  assert.is(r.json.gas_info.gas_wanted, MAX_U64);
  const simulated = BigInt(r.json.gas_info.gas_used);
  assert.ok(simulated > 0n);
  // Ante events (no fee: no transfer), then each message's `message` event first.
  const types = r.json.result.events.map((e: any) => e.type);
  assert.equal(types.slice(0, 3), ["tx", "tx", "tx"]);
  const firstMessage = r.json.result.events[3];
  assert.is(firstMessage.type, "message");
  assert.equal(firstMessage.attributes.slice(0, 2).map((a: any) => [a.key, a.value]), [["action", "/cosmos.bank.v1beta1.MsgSend"], ["sender", from]]);
  assert.ok(types.includes("delegate"));
  assert.equal(r.json.result.msg_responses, [
    { "@type": "/cosmos.bank.v1beta1.MsgSendResponse" }, { "@type": "/cosmos.staking.v1beta1.MsgDelegateResponse" },
  ]);
  assert.ok(r.json.result.data.length > 0);
  // Undone: balance, sequence and state hash as before.
  assert.is(await balance(node, 5), before.balance);
  assert.is(account(node, 5).sequence, before.sequence);
  assert.is(JSON.stringify(node.chain.exportGenesis()), before.state);

});

test("one meter: the signed bytes simulate to the gas their inclusion uses; CosmJS's request (no fee) times 1.4 covers it", async () => {
  const node = await nodes.open();
  const from = devAddress(5);
  const msgs = [
    { typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: from, toAddress: devAddress(6), amount: [coin(1234n)] } },
  ];
  const bytes = await cosmjsSimulateBytes(5, msgs, account(node, 5).sequence);
  const r = await node.post("/cosmos/tx/v1beta1/simulate", { tx_bytes: toBase64(bytes) });
  assert.is(r.status, 200, JSON.stringify(r.json));
  const simulated = BigInt(r.json.gas_info.gas_used);
  const signer = await protoSigner(5, "direct");
  const acct = account(node, 5);
  const signed = await signer.sign(msgs, {
    chainId: node.chain.chainId, accountNumber: acct.accountNumber, sequence: acct.sequence,
    fee: { amount: [coin(5000n)], gas: ((simulated * 14n) / 10n).toString() },
  });
  // The exact signed bytes simulate to exactly what their inclusion uses.
  const exact = await node.post("/cosmos/tx/v1beta1/simulate", { tx_bytes: toBase64(signed) });
  assert.is(exact.status, 200, JSON.stringify(exact.json));
  const sent = await node.post("/cosmos/tx/v1beta1/txs", keplrBody(signed));
  assert.is(sent.json.tx_response.code, 0, sent.json.tx_response.raw_log);
  await node.post("/dev/advance?blocks=1");
  const got = await node.get(`/cosmos/tx/v1beta1/txs/${clientTxHash(signed)}`);
  assert.is(got.json.tx_response.code, 0, got.json.tx_response.raw_log);
  const delivered = BigInt(got.json.tx_response.gas_used);
  const exactGas = BigInt(exact.json.gas_info.gas_used);
  // CosmJS's request pays no fee: the SDK's simulate then makes no fee transfer (16,000 and more
  // of store gas the signed tx has), its empty signature costs the SDK's placeholder size instead.
  assert.ok(simulated < exactGas - 10_000n, `${simulated} vs ${exactGas}`);
  // The block's BeginBlock ran between simulation and inclusion (rewards, the fee collector): at
  // most one store access apart; CosmJS's 1.4 margin covers the fee transfer.
  const apart = exactGas > delivered ? exactGas - delivered : delivered - exactGas;
  assert.ok(apart <= 2_000n, `simulated ${exactGas}, delivered ${delivered}`);
  assert.ok((simulated * 14n) / 10n >= delivered);
  // The fee's transfer and the ante's events in the committed tx, in the SDK's order.
  assert.equal(got.json.tx_response.events.slice(0, 7).map((e: any) => e.type), [
    "coin_spent", "coin_received", "transfer", "message", "tx", "tx", "tx",
  ]);
  const sig = got.json.tx_response.events[6].attributes.find((a: any) => a.key === "signature").value;
  assert.is(sig, got.json.tx.signatures[0]);
});

test("failures: the tx service's gRPC Unknown with the gas used; bad bodies are 400", async () => {
  const node = await nodes.open();
  const from = devAddress(5);
  const seq = account(node, 5).sequence;
  const tooMuch = await cosmjsSimulateBytes(5, [
    { typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: from, toAddress: devAddress(6), amount: [coin(10n ** 30n)] } },
  ], seq);
  const poor = await node.post("/cosmos/tx/v1beta1/simulate", { tx_bytes: toBase64(tooMuch) });
  assert.is(poor.status, 500);
  assert.is(poor.json.code, 2);
  assert.match(poor.json.message, /insufficient funds with gas used: '[1-9][0-9]*'$/);
  const stale = await cosmjsSimulateBytes(5, [
    { typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: from, toAddress: devAddress(6), amount: [coin(1n)] } },
  ], seq + 3n);
  const wrong = await node.post("/cosmos/tx/v1beta1/simulate", { tx_bytes: toBase64(stale) });
  assert.is(wrong.status, 500);
  assert.match(wrong.json.message, `account sequence mismatch, expected ${seq}, got ${seq + 3n}`);
  for (const [body, text] of [
    [{}, "empty txBytes is not allowed"],
    [{ tx_bytes: "***" }, "tx_bytes:"],
    [{ tx_bytes: "AAAA", extra: 1 }, "unknown field"],
    [{ tx: { body: {} } }, "deprecated tx field"],
    [[1], "expected a SimulateRequest"],
  ] as const) {
    const r = await node.post("/cosmos/tx/v1beta1/simulate", body);
    assert.is(r.status, 400, JSON.stringify(body));
    assert.is(r.json.code, 3);
    assert.match(r.json.message, text);
  }
  // Undecodable tx bytes: the tx service's answer, never a crash.
  const junk = await node.post("/cosmos/tx/v1beta1/simulate", { tx_bytes: toBase64(new Uint8Array([1, 2, 3, 4, 5])) });
  assert.is(junk.status, 500);
  assert.is(junk.json.code, 2);
  assert.is(account(node, 5).sequence, seq);
});

test.run();
