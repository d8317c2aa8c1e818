// CheckTx's non-verify costs cut (docs/performance.md, "Ingest and CheckTx"): an account's stored
// size measured once per fields object (the ante reads its signer's account five to seven times),
// sha256 by Node's one-shot digest, signatures' base64 by Buffer. Each gives what it replaced.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { base64 } from "@scure/base";
import { sha256 as nobleSha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { accountSize, accountSizeCounts } from "../../host/modules/bank/gas.js";
import { Sim } from "../../host/framework/gas/sim.js";
import { GasMeter } from "../../host/framework/gas/meter.js";
import { accountValue, moduleAccountValue } from "../../host/framework/gas/records.js";
import { txGas } from "../../host/app/ante.js";
import { moduleAddress } from "../../host/wire/keys.js";
import { ACCOUNT_PREFIX, devAddress } from "../../host/app/genesis.js";
import { ONE_SHOT_SHA256, sha256, sha256Buffer, sha256Hex } from "../../host/wire/digest.js";
import { NATIVE_BASE64, base64Text } from "../../host/wire/base64-text.js";
import { decodeAny } from "../../host/wire/messages.js";
import { mayHoldAny } from "../../host/wire/any-walk.js";
import { MsgSendSchema, MsgMultiSendSchema } from "../../host/wire/gen/cosmos/bank/v1beta1/tx_pb.js";
import { MsgGrantSchema, MsgExecSchema } from "../../host/wire/gen/cosmos/authz/v1beta1/tx_pb.js";
import { MsgSubmitProposalSchema } from "../../host/wire/gen/cosmos/gov/v1/tx_pb.js";
import { CoinSchema } from "../../host/wire/gen/cosmos/base/v1beta1/coin_pb.js";
import { MsgSend as CosmjsMsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { nodeHarness } from "../helpers/node.js";
import { protoSigner } from "../helpers/cosmjs.js";

const h = await nodeHarness({ prefix: "checktx-costs-test-" });
test.after(h.remove);
const node = await h.open();

function sim(): Sim {
  const s = node.chain.app.state;
  const gas = txGas(s, s.last.height + 1n, s.last.timeNs, 10n ** 9n);
  return new Sim((gas as unknown as { view: Sim["view"] }).view, new GasMeter(), { height: s.last.height + 1n, timeNs: s.last.timeNs });
}

test("an account's size is measured once per fields object, and is the record's size", () => {
  const k = sim();
  const address = devAddress(5);
  const a = k.account(address)!;
  const before = accountSizeCounts.measured;
  const first = accountSize(k, address, a);
  for (let i = 0; i < 6; i++) assert.is(accountSize(k, address, a), first);
  assert.is(accountSizeCounts.measured, before + 1, "kept after the first measure");
  assert.is(first, accountValue(a));
  // A changed account is a new object: measured anew, with its own size.
  const bumped = { ...a, sequence: a.sequence + 1_000_000n };
  const size = accountSize(k, address, bumped);
  assert.is(accountSizeCounts.measured, before + 2);
  assert.is(size, accountValue(bumped));
  assert.ok(size > first, "a longer sequence varint");
  // A module account: a ModuleAccount's size, also kept.
  const collector = moduleAddress("fee_collector", ACCOUNT_PREFIX);
  const m = k.account(collector)!;
  const info = k.view.moduleAccount("fee_collector");
  assert.is(accountSize(k, collector, m), moduleAccountValue(collector, info.number, "fee_collector", info.permissions));
  assert.is(accountSize(k, collector, m), moduleAccountValue(collector, info.number, "fee_collector", info.permissions));
  assert.is(accountSizeCounts.measured, before + 3);
});

test("a send's CheckTx measures each account object once", async () => {
  const s = await protoSigner(6, "direct");
  const to = (await protoSigner(1, "direct")).address;
  const acct = node.chain.directory.account(s.address)!;
  const tx = await s.sign([{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: s.address, toAddress: to, amount: [{ denom: "basecro", amount: "1" }] } }], {
    chainId: node.chain.chainId, accountNumber: acct.accountNumber, sequence: acct.sequence,
  });
  const before = accountSizeCounts.measured;
  const { gasUsed } = node.chain.app.checkTx(tx, "check");
  // The signer as read, with its key set, with its sequence bumped; the fee collector: at most 4
  // (the ante reads the signer's account 5 times and writes it twice; unkept, 11 measures).
  const measured = accountSizeCounts.measured - before;
  assert.ok(measured >= 2 && measured <= 4, `measured ${measured}`);
  assert.ok(gasUsed > 0n);
});

test("sha256 by the one-shot digest equals @noble's, views included", () => {
  assert.ok(ONE_SHOT_SHA256, "Node 20.12+ has crypto.hash");
  const big = new Uint8Array(1000).map((_, i) => (i * 31 + 7) & 255);
  for (const bytes of [new Uint8Array(0), big.subarray(0, 1), big.subarray(3, 314), big.subarray(500), big]) {
    const want = nobleSha256(bytes);
    assert.equal([...sha256(bytes)], [...want]);
    assert.equal([...sha256Buffer(bytes)], [...want]);
    assert.is(sha256Hex(bytes), bytesToHex(want).toUpperCase());
  }
});

test("base64 text by Buffer equals @scure's, views included", () => {
  assert.ok(NATIVE_BASE64);
  const big = new Uint8Array(200).map((_, i) => (i * 53 + 11) & 255);
  for (let len = 0; len <= 70; len++) {
    for (const off of [0, 1, 5]) {
      const view = big.subarray(off, off + len);
      assert.is(base64Text(view), base64.encode(view));
    }
  }
});

test("the Any walk is skipped only for messages that cannot hold an Any", () => {
  for (const d of [MsgSendSchema, MsgMultiSendSchema, CoinSchema]) assert.is(mayHoldAny(d), false, d.typeName);
  // Directly (MsgExec's msgs, a proposal's messages) and one level down (MsgGrant's grant.authorization).
  for (const d of [MsgExecSchema, MsgSubmitProposalSchema, MsgGrantSchema]) assert.is(mayHoldAny(d), true, d.typeName);
  // A send decodes as before: its amino value and gateway JSON.
  const from = devAddress(5), to = devAddress(1);
  const bytes = CosmjsMsgSend.encode({ fromAddress: from, toAddress: to, amount: [{ denom: "basecro", amount: "12" }] }).finish();
  const d = decodeAny("/cosmos.bank.v1beta1.MsgSend", bytes, "m");
  assert.equal(d.amino, { type: "cosmos-sdk/MsgSend", value: { from_address: from, to_address: to, amount: [{ denom: "basecro", amount: "12" }] } });
  assert.equal(d.json, { from_address: from, to_address: to, amount: [{ denom: "basecro", amount: "12" }] });
});

test.run();
