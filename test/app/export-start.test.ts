// The start of an export (host/app/genesis-export.ts): it reads no core record and no account (the
// sections made of them are made when the writer reaches them, a step at a time, so a node serving
// GET /dev/export makes blocks meanwhile), and what it takes of the live state then is the export's:
// blocks committed between the start and the writing of those sections are not in it.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { jsonChunks, jsonText } from "../../host/framework/json-stream.js";
import { NodeStore } from "../../host/store/store.js";
import { devAddress } from "../../host/app/genesis.js";
import { delegateMsg, sendMsg } from "../helpers/dev-signer.js";
import { nodeHarness, signedBy, type TestNode } from "../helpers/node.js";
import { validator } from "../helpers/node-suite.js";

const h = await nodeHarness({ prefix: "export-start-" });
test.after(() => h.remove());

async function activity(node: TestNode, n: number): Promise<void> {
  await node.post("/txs", await signedBy(node, 5, [delegateMsg(devAddress(5), validator(node, n % 4), 1_000_000_000n)]));
  await node.post("/txs", await signedBy(node, 6, [sendMsg(devAddress(6), devAddress(100 + n), 1_000n)]));
  await node.post("/dev/advance?blocks=2");
}

test("the start of an export reads no core record and no account; the writer reads them, with pauses", async () => {
  const node = await h.open();
  const proto = NodeStore.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
  const calls = { records: 0, accounts: 0 };
  const originals = { recordBytesAll: proto.recordBytesAll!, eachAccount: proto.eachAccount! };
  proto.recordBytesAll = function (this: unknown, ...a: unknown[]) { calls.records++; return originals.recordBytesAll.apply(this, a); };
  proto.eachAccount = function (this: unknown, ...a: unknown[]) { calls.accounts++; return originals.eachAccount.apply(this, a); };
  try {
    await activity(node, 1);
    const s = node.chain.exportGenesisStream()!;
    try {
      assert.equal(calls, { records: 0, accounts: 0 }, "nothing read at the start");
      const chunks = [...jsonChunks(s.doc)];
      const firstSection = chunks.findIndex((c) => c.includes('"auth":'));
      assert.ok(firstSection >= 0);
      assert.ok(chunks.slice(firstSection).includes(""), "a pause (the event loop's turn) while the records are read");
      assert.ok(calls.records >= 2 && calls.accounts >= 2, "the core's records and the accounts are read as written (sections, node_state)");
    } finally {
      s.close();
    }
  } finally {
    proto.recordBytesAll = originals.recordBytesAll;
    proto.eachAccount = originals.eachAccount;
    await node.chain.close();
  }
});

test("blocks committed after the start, before a section is written, are not in it: the text is the export's at the start", async () => {
  const node = await h.open();
  try {
    await activity(node, 2);
    const before = node.chain.exportGenesisStream()!;
    let expected: string;
    try {
      expected = jsonText(before.doc, { indent: 2 });
    } finally {
      before.close();
    }
    const s = node.chain.exportGenesisStream()!;
    try {
      // delegations, a new account, a validator's tokens and the bank's balances move on
      await activity(node, 3);
      await activity(node, 4);
      assert.is(jsonText(s.doc, { indent: 2 }), expected);
    } finally {
      s.close();
    }
    const after = node.chain.exportGenesisStream()!;
    try {
      assert.is.not(jsonText(after.doc, { indent: 2 }), expected, "the chain did move on");
    } finally {
      after.close();
    }
  } finally {
    await node.chain.close();
  }
});

test.run();
