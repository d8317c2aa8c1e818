// The verify context's functions made once per state (docs/performance.md, "Ingest and CheckTx"):
// a CheckTx made five closures a tx for them. Each still reads the state when called: the check
// state's sequences at CheckTx, the committed ones in a block; the limits as they are now.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { verifyContext } from "../../host/app/ante.js";
import { devAddress } from "../../host/app/genesis.js";
import { nodeHarness } from "../helpers/node.js";
import { protoSigner } from "../helpers/cosmjs.js";

const h = await nodeHarness({ prefix: "verify-context-test-" });
test.after(h.remove);
const node = await h.open();

test("the context's functions are made once per state, and read it when called", async () => {
  const s = node.chain.app.state;
  const a = verifyContext(s, true), b = verifyContext(s, true), d = verifyContext(s, false);
  assert.is(a.getAccount, b.getAccount);
  assert.is(a.msgAllowed, d.msgAllowed);
  assert.is(a.impersonated, d.impersonated);
  assert.ok("useFeeGrant" in a && typeof a.useFeeGrant === "function");
  assert.not.ok("useFeeGrant" in d, "a block's txs: no CheckTx fee-grant step");
  assert.is(d.maxMemoCharacters, Number.MAX_SAFE_INTEGER);
  assert.is(a.height, s.last.height + 1n);

  // A send waiting in the mempool: CheckTx's account is at the next sequence, the block's is not.
  const signer = await protoSigner(7, "direct");
  const acct = node.chain.directory.account(signer.address)!;
  const tx = await signer.sign([{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: signer.address, toAddress: devAddress(1), amount: [{ denom: "basecro", amount: "1" }] } }], {
    chainId: node.chain.chainId, accountNumber: acct.accountNumber, sequence: acct.sequence,
  });
  node.chain.submit(tx);
  assert.is(a.getAccount(signer.address)!.sequence, acct.sequence + 1n, "the check state's, through the kept function");
  assert.is(d.getAccount(signer.address)!.sequence, acct.sequence);
  assert.is(a.getAccount("cro1nosuchaccount"), undefined);
  // Made anew for the next block's height, the same functions.
  await node.chain.advance(1n);
  const c = verifyContext(node.chain.app.state, true);
  assert.is(c.height, node.chain.app.state.last.height + 1n);
  assert.is(c.getAccount, a.getAccount);
  assert.is(c.getAccount(signer.address)!.sequence, acct.sequence + 1n);
});

test.run();
