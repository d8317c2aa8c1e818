// A block's last_results_hash leaves (host/framework/header.ts): ExecTxResult {code, data,
// gas_wanted, gas_used} written by hand, byte for byte what protobuf-es's reflective toBinary
// writes, over zeros, one-byte and multi-byte varints, the largest uint32 code and int64 gas, a
// negative int64 and empty or long data; and the results' merkle root is unchanged.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { execTxResultBytes, execTxResultReflective, merkleRoot, resultsHash } from "../../host/framework/header.js";

const codes = [0, 1, 5, 127, 128, 300, 2 ** 31, 2 ** 32 - 1];
const gases = [0n, 1n, 127n, 128n, 200_000n, 16_383n, 16_384n, 2n ** 53n + 1n, 2n ** 63n - 1n, -1n, -(2n ** 63n)];
const datas = [new Uint8Array(), Uint8Array.of(0), Uint8Array.from({ length: 200 }, (_, i) => (i * 7) & 0xff)];

test("execTxResultBytes equals the reflective writer over every combination", () => {
  let n = 0;
  for (const code of codes) for (const data of datas) for (const gasWanted of gases) for (const gasUsed of [0n, 1n, 73_021n, 2n ** 40n, -5n]) {
    const r = { code, data, gasWanted, gasUsed };
    assert.equal(execTxResultBytes(r), execTxResultReflective(r), JSON.stringify({ code, data: data.length, gasWanted: `${gasWanted}`, gasUsed: `${gasUsed}` }));
    n++;
  }
  assert.ok(n > 1000);
});

test("resultsHash: the merkle root of the reflective writer's leaves", () => {
  const results = Array.from({ length: 37 }, (_, i) => ({ code: i % 5 === 0 ? 11 : 0, data: datas[i % 3]!, gasWanted: 200_000n, gasUsed: BigInt(40_000 + i * 977) }));
  assert.equal(resultsHash(results), merkleRoot(results.map(execTxResultReflective)));
});

test.run();
