// A failed tx changes nothing (the SDK's cached context): a withdraw address that a delegation
// change pays for the first time gets its x/auth account (x/bank's SendCoins), but when a later
// message of the same tx fails, that account, its number and the next number are undone with the
// rest. It was not: the account kept its number after the tx failed (a half-applied tx).

import { test } from "uvu";
import * as assert from "uvu/assert";
import type { EncodeObject } from "@cosmjs/proto-signing";
import { devAddress, operatorOf } from "../../../host/app/genesis.js";
import { clientTxHash, keplrBody, protoSigner } from "../../helpers/cosmjs.js";
import { nodeHarness, type TestNode as Node } from "../../helpers/node.js";

const nodes = await nodeHarness({ prefix: "withdraw-rollback-" });
test.after(() => nodes.remove());

const CRO = 100_000_000n;
const me = devAddress(5);
const val = operatorOf(devAddress(1));
// An address no account, genesis or tx has touched.
const W = "cro19pjqg0scxsz28v38urzs4z3wu99058vspmh3an";

const delegate = (amount: bigint): EncodeObject => ({
  typeUrl: "/cosmos.staking.v1beta1.MsgDelegate",
  value: { delegatorAddress: me, validatorAddress: val, amount: { denom: "basecro", amount: `${amount}` } },
});
const send = (amount: bigint): EncodeObject => ({
  typeUrl: "/cosmos.bank.v1beta1.MsgSend",
  value: { fromAddress: me, toAddress: devAddress(6), amount: [{ denom: "basecro", amount: `${amount}` }] },
});
const setWithdraw: EncodeObject = {
  typeUrl: "/cosmos.distribution.v1beta1.MsgSetWithdrawAddress",
  value: { delegatorAddress: me, withdrawAddress: W },
};

async function deliver(node: Node, messages: EncodeObject[]) {
  const signer = await protoSigner(5, "direct");
  const account = node.chain.directory.account(signer.address)!;
  const bytes = await signer.sign(messages, { chainId: node.chain.chainId, accountNumber: account.accountNumber, sequence: account.sequence });
  const r = await node.post("/cosmos/tx/v1beta1/txs", keplrBody(bytes));
  assert.is(r.json.tx_response.code, 0, r.json.tx_response.raw_log);
  await node.chain.advance(1n);
  return (await node.get(`/cosmos/tx/v1beta1/txs/${clientTxHash(bytes)}`)).json.tx_response;
}

test("a delegation that pays a new withdraw address, then a failing send, in one tx: no account for the address, the next number unchanged", async () => {
  const node = await nodes.open();
  try {
    assert.is((await deliver(node, [delegate(1_000n * CRO), setWithdraw])).code, 0);
    await node.chain.advance(10n); // rewards accrue
    assert.is(node.chain.directory.numbered(W), false, "W has no x/auth account yet");
    const nextBefore = node.chain.directory.nextAccountNumber();
    // The delegation pays W its rewards (and numbers it); the send of more than dev 5 holds fails.
    const failed = await deliver(node, [delegate(1n * CRO), send(10n ** 30n)]);
    assert.is(failed.code, 5, failed.raw_log);
    assert.is(node.chain.directory.numbered(W), false, "the failed tx left W an account number");
    assert.is(node.chain.directory.nextAccountNumber(), nextBefore);
    assert.is((await node.get(`/cosmos/auth/v1beta1/accounts/${W}`)).status, 404);
    // The same delegation alone: W gets the number the failed tx had handed out.
    assert.is((await deliver(node, [delegate(1n * CRO)])).code, 0);
    assert.is(node.chain.directory.account(W)?.accountNumber, nextBefore);
  } finally {
    await node.chain.close();
  }
});

test.run();
