// cosmjs-types 0.11.0 wrote a 64-bit varint of 2^31 <= v < 2^32 as one zero byte; an ABCI response
// with such a number (a validator's power of 4,000,000,000 — a generated testnet of 10 validators;
// a tx's gas_wanted of 3,000,000,000) made CometBFT stop its node ("ValidatorUpdate: illegal tag 0").
// host/wire/cosmjs-int64.ts replaces the writer; every value round-trips, and the bytes are the ones
// @bufbuild/protobuf (another encoder) writes for the same message.

import { test } from "uvu";
import * as assert from "uvu/assert";
import "../../host/drivers/abci.js";
import { ExecTxResult, Response, ValidatorUpdate } from "cosmjs-types/tendermint/abci/types";
import { BinaryReader } from "@bufbuild/protobuf/wire";

const VALUES = [0n, 1n, 127n, 128n, 2n ** 31n - 1n, 2n ** 31n, 3_000_000_000n, 4_000_000_000n, 2n ** 32n - 1n, 2n ** 32n, 10n ** 12n, 2n ** 62n, 2n ** 63n - 1n, -1n];

test("ValidatorUpdate.power and ExecTxResult's gas round-trip at every width (the writer the ABCI server loads)", () => {
  for (const power of VALUES) {
    const bytes = ValidatorUpdate.encode(ValidatorUpdate.fromPartial({ pubKey: { ed25519: new Uint8Array(32).fill(7) }, power })).finish();
    assert.is(ValidatorUpdate.decode(bytes).power, power, `power ${power}`);
    if (power !== 0n) {
      // Field 2 (power) read by another decoder.
      const r = new BinaryReader(bytes);
      r.skip(r.tag()[1]);
      assert.is(r.tag()[0], 2);
      assert.is(r.int64(), power, `power ${power} read by @bufbuild/protobuf`);
    }
    const tx = ExecTxResult.encode(ExecTxResult.fromPartial({ gasWanted: power, gasUsed: power })).finish();
    const back = ExecTxResult.decode(tx);
    assert.equal([back.gasWanted, back.gasUsed], [power, power], `gas ${power}`);
  }
});

test("a uint64 up to 2^64 - 1 (a page limit of max uint64, as CosmJS may send) is written as before", async () => {
  const { PageRequest } = await import("cosmjs-types/cosmos/base/query/v1beta1/pagination");
  for (const limit of [0n, 5n, 2n ** 31n, 2n ** 32n - 1n, 2n ** 63n, 2n ** 64n - 1n]) {
    assert.is(PageRequest.decode(PageRequest.encode(PageRequest.fromPartial({ limit })).finish()).limit, limit, `limit ${limit}`);
  }
});

test("an InitChain response of 10 validators of power 4,000,000,000 decodes whole", () => {
  const validators = Array.from({ length: 10 }, (_, i) => ({ pubKey: { ed25519: new Uint8Array(32).fill(i + 1) }, power: 4_000_000_000n }));
  const bytes = Response.encode(Response.fromPartial({ initChain: { validators, appHash: new Uint8Array(32) } })).finish();
  assert.equal(Response.decode(bytes).initChain!.validators.map((v) => v.power), validators.map((v) => v.power));
});

test("an encoded message is a buffer of its own size (cosmjs-types made an 8 KiB pool for each one)", () => {
  for (const power of VALUES) {
    const bytes = ValidatorUpdate.encode(ValidatorUpdate.fromPartial({ pubKey: { ed25519: new Uint8Array(32).fill(7) }, power })).finish();
    assert.is(bytes.buffer.byteLength, bytes.length);
    assert.is(bytes.byteOffset, 0);
    assert.is(ValidatorUpdate.decode(bytes).power, power);
  }
});

test.run();
