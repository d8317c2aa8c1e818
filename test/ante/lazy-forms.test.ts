// The JSON forms of a protobuf tx's messages made when read, not at decode (docs/performance.md,
// "Ingest and CheckTx"): a SIGN_MODE_DIRECT CheckTx of a send makes neither its amino JSON nor its
// gateway JSON; a type whose forms could refuse the tx (a Dec, an Any, a Duration…) still makes
// them at decode; what is read later is what the eager decoder gave.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { create, toBinary } from "@bufbuild/protobuf";
import { MsgSend as CosmjsMsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { decodeAny, lazyFormsMade, totalJson } from "../../host/wire/messages.js";
import { MsgSendSchema, MsgMultiSendSchema } from "../../host/wire/gen/cosmos/bank/v1beta1/tx_pb.js";
import { MsgCreateValidatorSchema, MsgDelegateSchema, MsgEditValidatorSchema } from "../../host/wire/gen/cosmos/staking/v1beta1/tx_pb.js";
import { MsgSubmitProposalSchema } from "../../host/wire/gen/cosmos/gov/v1/tx_pb.js";
import { MsgExecSchema, MsgGrantSchema } from "../../host/wire/gen/cosmos/authz/v1beta1/tx_pb.js";
import { MsgUpdateParamsSchema as StakingParamsSchema } from "../../host/wire/gen/cosmos/staking/v1beta1/tx_pb.js";
import { TxRawSchema, TxBodySchema } from "../../host/wire/gen/cosmos/tx/v1beta1/tx_pb.js";
import { fromBinary } from "@bufbuild/protobuf";
import { devAddress } from "../../host/app/genesis.js";
import { nodeHarness } from "../helpers/node.js";
import { protoSigner } from "../helpers/cosmjs.js";

const h = await nodeHarness({ prefix: "lazy-forms-test-" });
test.after(h.remove);
const node = await h.open();

const SEND = "/cosmos.bank.v1beta1.MsgSend";
const from = devAddress(6), to = devAddress(1);

async function signedSend(mode: "direct" | "amino", amount = "1"): Promise<Uint8Array> {
  const s = await protoSigner(6, mode);
  const acct = node.chain.directory.account(s.address)!;
  return s.sign([{ typeUrl: SEND, value: { fromAddress: s.address, toAddress: to, amount: [{ denom: "basecro", amount }] } }], {
    chainId: node.chain.chainId, accountNumber: acct.accountNumber, sequence: acct.sequence,
  });
}

test("lazy only for types whose JSON forms cannot refuse the tx", () => {
  for (const d of [MsgSendSchema, MsgMultiSendSchema, MsgDelegateSchema]) assert.is(totalJson(d), true, d.typeName);
  // A Dec (checked text), an Any, a Duration inside params, a oneof/Any below: made at decode.
  for (const d of [MsgCreateValidatorSchema, MsgEditValidatorSchema, MsgSubmitProposalSchema, MsgExecSchema, MsgGrantSchema, StakingParamsSchema]) {
    assert.is(totalJson(d), false, d.typeName);
  }
});

test("a SIGN_MODE_DIRECT send's CheckTx makes neither JSON form; read later, they are the eager ones", async () => {
  const tx = await signedSend("direct");
  const before = { ...lazyFormsMade };
  const { verified } = node.chain.app.checkTx(tx, "check");
  assert.equal(lazyFormsMade, before, "no amino or gateway JSON made at CheckTx");
  // Read now: made once, what the decoder made eagerly before.
  const value = { from_address: from, to_address: to, amount: [{ denom: "basecro", amount: "1" }] };
  assert.equal(verified.msgs[0]!.value, value);
  assert.equal(verified.tx.msg, [{ type: "cosmos-sdk/MsgSend", value }]);
  assert.is(lazyFormsMade.amino, before.amino + 1);
  assert.equal(verified.tx.fee, { amount: [{ denom: "basecro", amount: "5000" }], gas: "2000000" });
  assert.is(verified.tx.signatures.length, 1);
  assert.is(lazyFormsMade.amino, before.amino + 1, "kept once made");
  const body = fromBinary(TxBodySchema, fromBinary(TxRawSchema, tx).bodyBytes);
  assert.equal(decodeAny(SEND, body.messages[0]!.value, "m").json, value);
  assert.is(lazyFormsMade.json, before.json + 1);
});

test("LEGACY_AMINO_JSON still signs over the messages' amino JSON (made for its sign doc)", async () => {
  const tx = await signedSend("amino", "2");
  const before = lazyFormsMade.amino;
  const { verified } = node.chain.app.checkTx(tx, "check");
  assert.is(verified.proto?.signMode, "amino-json");
  assert.is(lazyFormsMade.amino, before + 1);
  // A corrupted amount in the signed bytes' message no longer matches the amino doc signed.
  const raw = fromBinary(TxRawSchema, tx);
  const body = fromBinary(TxBodySchema, raw.bodyBytes);
  const msg = CosmjsMsgSend.decode(body.messages[0]!.value);
  msg.amount[0]!.amount = "3";
  body.messages[0]!.value = CosmjsMsgSend.encode(msg).finish();
  const forged = toBinary(TxRawSchema, create(TxRawSchema, { ...raw, bodyBytes: toBinary(TxBodySchema, body) }));
  assert.throws(() => node.chain.app.checkTx(forged, "check"), (e: { code?: number }) => e.code === 4);
});

test("a protobuf string cannot hold a lone surrogate (why a protobuf tx's amino JSON is not scanned)", () => {
  // from_address given the UTF-8-like bytes of a lone surrogate (ED A0 80): decoded as well-formed text, or refused.
  const good = CosmjsMsgSend.encode({ fromAddress: "x", toAddress: to, amount: [] }).finish();
  const bad = new Uint8Array([0x0a, 0x03, 0xed, 0xa0, 0x80, ...good.subarray(3)]);
  let value: Record<string, unknown> | undefined;
  try {
    value = decodeAny(SEND, bad, "m").amino.value;
  } catch {
    return; // refused at decode: nothing to scan
  }
  const text = value.from_address as string & { isWellFormed(): boolean };
  assert.is(typeof text, "string");
  assert.ok(text.isWellFormed(), JSON.stringify(text));
});

test.run();
