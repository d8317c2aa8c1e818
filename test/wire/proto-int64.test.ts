// 64-bit integers on the wire as the SDK and CometBFT (Go, gogoproto) write them: a varint of the
// value's 64-bit two's complement, so 2^31 <= v < 2^32 takes five bytes and a negative int64 ten.
// cosmjs-types 0.11.0's writer got 2^31 <= v < 2^32 wrong (one zero byte: an ABCI response with a
// validator's power of 4,000,000,000 made CometBFT stop its node, "ValidatorUpdate: illegal tag 0");
// the host now encodes with protobuf-es from proto/ (ABCI in wire/abci.ts, the DIRECT sign doc in
// wire/tx-encode.ts, written field by field), and these hold its bytes to that rule and to
// cosmjs-types' decoder (which reads them right), and the TxRaw reader (wire/tx.ts) to ADR-027.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { create, toBinary } from "@bufbuild/protobuf";
import { Response as CosmjsResponse, ValidatorUpdate as CosmjsValidatorUpdate } from "cosmjs-types/tendermint/abci/types";
import { SignDoc as CosmjsSignDoc } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { PageRequest as CosmjsPageRequest } from "cosmjs-types/cosmos/base/query/v1beta1/pagination";
import { ExecTxResultSchema, ValidatorUpdateSchema } from "../../host/wire/gen/tendermint/abci/types_pb.js";
import { SignDocSchema } from "../../host/wire/gen/cosmos/tx/v1beta1/tx_pb.js";
import { PageRequestSchema } from "../../host/wire/gen/cosmos/base/query/v1beta1/pagination_pb.js";
import { decodeRequest, encodeResponse, responseOf } from "../../host/wire/abci.js";
import { signDocBytes } from "../../host/wire/tx-encode.js";
import { decodeTxBytes } from "../../host/wire/tx.js";

const VALUES = [0n, 1n, 127n, 128n, 2n ** 31n - 1n, 2n ** 31n, 3_000_000_000n, 4_000_000_000n, 2n ** 32n - 1n, 2n ** 32n, 10n ** 12n, 2n ** 62n, 2n ** 63n - 1n, -1n, -(2n ** 63n)];

/** Go's varint of an int64/uint64 (its 64-bit two's complement). */
function goVarint(v: bigint): number[] {
  let u = BigInt.asUintN(64, v);
  const out: number[] = [];
  while (u >= 0x80n) {
    out.push(Number(u & 0x7fn) | 0x80);
    u >>= 7n;
  }
  out.push(Number(u));
  return out;
}

const hex = (b: Uint8Array | number[]) => Buffer.from(b as Uint8Array).toString("hex");

test("ValidatorUpdate.power and ExecTxResult's gas: the Go varint at every width, read back by cosmjs-types", () => {
  const key = new Uint8Array(32).fill(7);
  for (const power of VALUES) {
    const bytes = toBinary(ValidatorUpdateSchema, create(ValidatorUpdateSchema, { pubKey: { sum: { case: "ed25519", value: key } }, power }));
    const keyField = [0x0a, 34, 0x0a, 32, ...key];
    assert.is(hex(bytes), hex(power === 0n ? keyField : [...keyField, 0x10, ...goVarint(power)]), `power ${power}`);
    assert.is(CosmjsValidatorUpdate.decode(bytes).power, power, `power ${power} read by cosmjs-types`);
    const tx = toBinary(ExecTxResultSchema, create(ExecTxResultSchema, { gasWanted: power, gasUsed: power }));
    assert.is(hex(tx), hex(power === 0n ? [] : [0x28, ...goVarint(power), 0x30, ...goVarint(power)]), `gas ${power}`);
  }
});

test("a uint64 up to 2^64 - 1 (a page limit of max uint64, as CosmJS may send) encodes as Go does", () => {
  for (const limit of [0n, 5n, 2n ** 31n, 2n ** 32n - 1n, 2n ** 63n, 2n ** 64n - 1n]) {
    const bytes = toBinary(PageRequestSchema, create(PageRequestSchema, { limit }));
    assert.is(hex(bytes), hex(limit === 0n ? [] : [0x18, ...goVarint(limit)]), `limit ${limit}`);
    assert.is(CosmjsPageRequest.decode(bytes).limit, limit);
  }
});

test("an InitChain response of 10 validators of power 4,000,000,000 decodes whole (cosmjs-types)", () => {
  const validators = Array.from({ length: 10 }, (_, i) => ({ pubKey: { sum: { case: "ed25519" as const, value: new Uint8Array(32).fill(i + 1) } }, power: 4_000_000_000n }));
  const bytes = encodeResponse(responseOf({ initChain: { validators, appHash: new Uint8Array(32) } }));
  assert.equal(CosmjsResponse.decode(bytes).initChain!.validators.map((v) => v.power), validators.map((v) => v.power));
});

test("an ABCI request is read by the name of its field", () => {
  const bytes = CosmjsResponse.encode(CosmjsResponse.fromPartial({ echo: { message: "x" } })).finish(); // Response.echo = 2 = Request.flush
  const req = decodeRequest(bytes);
  assert.ok(req.flush !== undefined);
  assert.is(req.echo, undefined);
});

test("SIGN_MODE_DIRECT's sign bytes (written field by field) are the schema's encoding at every account number", () => {
  const body = new Uint8Array(300).fill(1);
  const auth = new Uint8Array(90).fill(2);
  for (const accountNumber of [...VALUES.filter((v) => v >= 0n), 2n ** 64n - 1n]) {
    for (const [bodyBytes, authInfoBytes, chainId] of [[body, auth, "chaintest-1"], [new Uint8Array(), new Uint8Array(), ""]] as const) {
      const doc = { bodyBytes, authInfoBytes, chainId, accountNumber };
      const mine = signDocBytes(doc);
      assert.is(hex(mine), hex(toBinary(SignDocSchema, create(SignDocSchema, doc))), `account ${accountNumber}`);
      assert.is(CosmjsSignDoc.decode(mine).accountNumber, accountNumber);
    }
  }
});

test("TxRaw: anything but its canonical encoding is refused (ADR-027), before its parts are read", () => {
  const refused = (bytes: number[]) => {
    try {
      decodeTxBytes(Uint8Array.from(bytes));
      return "accepted";
    } catch (e) {
      return (e as { log?: string }).log ?? (e as Error).message;
    }
  };
  const isNonCanonical = (bytes: number[], what: string) => assert.ok(/not in canonical encoding/.test(refused(bytes)), `${what}: ${refused(bytes)}`);
  isNonCanonical([0x0a, 0x81, 0x00, 0x07], "a non-minimal length");
  isNonCanonical([0x0a, 0x00, 0x12, 0x01, 0x00], "an empty body_bytes written");
  isNonCanonical([0x12, 0x01, 0x00, 0x0a, 0x01, 0x00], "fields out of order");
  isNonCanonical([0x0a, 0x01, 0x00, 0x0a, 0x01, 0x00], "body_bytes twice");
  isNonCanonical([0x0a, 0x01, 0x00, 0x20, 0x01], "an unknown field");
  isNonCanonical([0x08, 0x01], "body_bytes as a varint");
  // Canonical: refused later, for what its parts hold (no message), not for its encoding.
  assert.is(refused([0x0a, 0x03, 0x12, 0x01, 0x61, 0x1a, 0x00]), "must contain at least one message: invalid request");
  assert.ok(/^tx_bytes: .*tx parse error$/.test(refused([0x0a, 0x05, 0x00])), "a truncated field: a parse error");
});

test.run();
