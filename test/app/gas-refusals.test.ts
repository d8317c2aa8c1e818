// Issue 33: a message the chain refuses is charged the store accesses its keeper made before it
// refused (host/app/gas/): MsgSend to a blocked module account (x/gov's) after the bank params and
// the send-enabled read (BlockedAddr is a map in memory); MsgUnjail of a validator that is not
// jailed after the validator and its operator's self-delegation. Each sent by CosmJS
// (SIGN_MODE_DIRECT); the message's accesses read from the gas trace.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { GOV_MODULE_ADDRESS, devAddress, operatorOf } from "../../host/app/genesis.js";
import { gasTrace } from "../../host/app/gas/tx-gas.js";
import type { Access } from "../../host/framework/gas/meter.js";
import { keplrBody, protoSigner } from "../helpers/cosmjs.js";
import { nodeHarness, type TestNode } from "../helpers/node.js";

const h = await nodeHarness({ prefix: "gas-refusals-" });
test.after(h.remove);

/** Dev key n's tx by CosmJS, its block made: the tx_response and the accesses of its delivery, the ante's first. */
async function delivered(node: TestNode, n: number, messages: { typeUrl: string; value: unknown }[]): Promise<{ tx: any; traces: Access[][] }> {
  const signer = await protoSigner(n, "direct");
  const a = node.chain.directory.account(signer.address)!;
  const bytes = await signer.sign(messages, { chainId: node.chain.chainId, accountNumber: a.accountNumber, sequence: a.sequence });
  const r = await node.post("/cosmos/tx/v1beta1/txs", keplrBody(bytes));
  assert.is(r.json.tx_response.code, 0, r.json.tx_response.raw_log);
  const traces: Access[][] = [];
  gasTrace.sink = (t) => traces.push([...t]);
  try {
    await node.chain.advance(1n);
  } finally {
    delete gasTrace.sink;
  }
  return { tx: (await node.get(`/cosmos/tx/v1beta1/txs/${r.json.tx_response.txhash}`)).json.tx_response, traces };
}

const ops = (t: readonly Access[]) => t.map((a) => `${a.op} ${a.store} ${a.what}`);

test("MsgSend to x/gov's module account: sdk 4, charged the bank params and the send-enabled read", async () => {
  const node = await h.open();
  const me = devAddress(5);
  const { tx, traces } = await delivered(node, 5, [{
    typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: me, toAddress: GOV_MODULE_ADDRESS, amount: [{ denom: "basecro", amount: "100000000" }] },
  }]);
  assert.equal([tx.code, tx.codespace, tx.raw_log], [4, "sdk", `failed to execute message; message index: 0: ${GOV_MODULE_ADDRESS} is not allowed to receive funds: unauthorized`]);
  const [ante, message] = [traces[0]!, traces[1]!];
  assert.equal(ops(message), ["has circuit circuit breaker", "get bank bank params", "has bank SendEnabled"]);
  const sum = (t: readonly Access[]) => t.reduce((n, a) => n + a.gas, 0n);
  assert.is(BigInt(tx.gas_used), sum(ante) + sum(message));
  assert.is(sum(message), 1000n + 1009n + 1000n, "Has; Get of the 1-byte key's 2-byte params; Has");
  // Another denom to it: still BlockedAddr first (SendCoins would say insufficient funds).
  const foo = await delivered(node, 5, [{
    typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: me, toAddress: GOV_MODULE_ADDRESS, amount: [{ denom: "foo", amount: "1" }] },
  }]);
  assert.equal([foo.tx.code, foo.tx.codespace], [4, "sdk"], foo.tx.raw_log);
  node.chain.close();
});

test("MsgUnjail of a validator that is not jailed: slashing 5, charged the validator and its self-delegation", async () => {
  const node = await h.open();
  const op = operatorOf(devAddress(1));
  const { tx, traces } = await delivered(node, 1, [{ typeUrl: "/cosmos.slashing.v1beta1.MsgUnjail", value: { validatorAddr: op } }]);
  assert.equal([tx.code, tx.codespace, tx.raw_log], [5, "slashing", "failed to execute message; message index: 0: validator not jailed; cannot be unjailed"]);
  const message = traces[1]!;
  assert.equal(ops(message), ["has circuit circuit breaker", "get staking Unjail: Validator", "get staking Unjail: Delegation"]);
  assert.is(BigInt(tx.gas_used), [...traces[0]!, ...message].reduce((n, a) => n + a.gas, 0n));
  node.chain.close();
});

test.run();
