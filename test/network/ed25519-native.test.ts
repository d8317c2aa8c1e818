// The embedded node's precommits signed by Node's native ed25519 (host/drivers/ed25519-native.ts)
// are the very bytes @noble's gives (ed25519 is deterministic), so blocks, their stored headers and
// a replay are the same whichever signs them.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { ed25519 } from "@noble/curves/ed25519.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { utf8ToBytes } from "@noble/hashes/utils.js";
import { precommitSigner } from "../../host/framework/header.js";
import { useNativeEd25519 } from "../../host/drivers/ed25519-native.js";
import { nodeHarness } from "../helpers/node.js";

const h = await nodeHarness({ prefix: "ed25519-native-" });
test.after(h.remove);
const noble = precommitSigner.sign;

test("native signatures are @noble's, byte for byte, and verify", () => {
  useNativeEd25519();
  try {
    for (let i = 0; i < 50; i++) {
      const seed = sha256(utf8ToBytes(`seed ${i}`));
      const msg = utf8ToBytes(`message ${i} `.repeat(i));
      const sig = precommitSigner.sign(msg, seed);
      assert.equal(sig, ed25519.sign(msg, seed));
      assert.ok(ed25519.verify(sig, msg, ed25519.getPublicKey(seed)));
    }
  } finally {
    precommitSigner.sign = noble;
  }
});

test("the same blocks, headers and signatures either way", async () => {
  const headersOf = async (native: boolean) => {
    if (native) useNativeEd25519();
    let calls = 0;
    const inner = precommitSigner.sign;
    precommitSigner.sign = (m, k) => (calls++, inner(m, k));
    try {
      const node = await h.open();
      for (let i = 0; i < 3; i++) await node.chain.advance(1n); // one by one: a run of empty blocks is one row, unsigned
      const blocks = [1n, 2n, 3n].map((n) => node.chain.blockTxs(n)!.comet);
      await node.chain.close();
      assert.ok(calls >= 3 * 4, `${calls} precommits signed`);
      return JSON.stringify(blocks);
    } finally {
      precommitSigner.sign = noble;
    }
  };
  const a = await headersOf(false);
  assert.ok(a.includes("signature"));
  assert.is(await headersOf(true), a);
});

test.run();
