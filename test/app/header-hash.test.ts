// The header hash a block's message contexts carry (host/app/state.ts headerHash: the seed of
// position delegator addresses, REFERENCE §3.3) is made once a block, not once a tx: the same
// inputs give the same bytes without hashing again, and any input changed gives the new hash.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { sha256 } from "@noble/hashes/sha2.js";
import { utf8ToBytes } from "@noble/hashes/utils.js";
import { defaultGenesisJson } from "../../host/app/genesis.js";
import { memoryState } from "../../host/app/application.js";
import { loadCore } from "../../host/core/core.js";
import { wasm } from "../helpers/node.js";

test("a block's header hash: made once for its inputs, made anew when one changes", async () => {
  const s = memoryState(await loadCore(wasm), defaultGenesisJson());
  const expected = (height: bigint, timeNs: bigint) => sha256(utf8ToBytes(`${s.genesis.chainId}|${height}|${timeNs}|${s.lastSeed}`));
  const first = s.headerHash(5n, 1_000n);
  assert.equal(first, expected(5n, 1_000n));
  // Every tx of the block gets the hash already made (the same bytes, not hashed again).
  assert.ok(s.headerHash(5n, 1_000n) === first);
  assert.ok(s.messageContext("cro1x", 5n, 1_000n).headerHash === first);
  // Another height, time or previous block: another hash.
  assert.equal(s.headerHash(6n, 1_000n), expected(6n, 1_000n));
  assert.equal(s.headerHash(6n, 2_000n), expected(6n, 2_000n));
  s.lastSeed = "AB".repeat(32);
  const next = s.headerHash(6n, 2_000n);
  assert.equal(next, expected(6n, 2_000n));
  assert.not.equal(next, first);
  assert.equal(s.headerHash(5n, 1_000n), expected(5n, 1_000n));
});

test.run();
