// The export's compiled item writers (json-stream.ts ItemWriters): each long SDK array's items
// (x/auth's base accounts, x/bank's balances, x/staking's delegations, x/distribution's withdraw
// addresses and starting infos) written as JSON.stringify's indented text at any depth and indent,
// and as sortedText (the SDK digest's sorted text), byte for byte; an item of another shape is
// left to the general path; and the writer uses them (the digest's pass included).

import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  LazyArray, flatStringWriters, jsonText, lazyMap, materialize, sortedText, type ItemWriters, type StreamJson,
} from "../../host/framework/json-stream.js";
import { sortedJsonStringify } from "../../host/wire/amino/sign-doc.js";
import type { Json } from "../../host/framework/genesis-json.js";
import { BALANCE_WRITERS, bankJson } from "../../host/modules/bank/genesis.js";
import { DELEGATION_WRITERS } from "../../host/modules/staking/genesis.js";
import { STARTING_INFO_WRITERS, WITHDRAW_WRITERS } from "../../host/modules/distribution/genesis.js";
import { BASE_ACCOUNT_WRITERS } from "../../host/modules/auth/genesis-export.js";
import { accountJson } from "../../host/modules/auth/genesis.js";
import { credentialKey } from "../../host/wire/credential.js";
import { encodeAddress } from "../../host/wire/address.js";

const odd = ["", "é\u2028\"\\<&>\n\t\u0001", "cro1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq", "12.000000000000000000", "-0.000000000000000001"];
const addr = (i: number) => encodeAddress("cro", new Uint8Array(20).fill(i));

/** JSON.stringify(item, null, indent) as it stands at `depth` inside a document (json-stream.ts's re-indent). */
const indentedAt = (item: Json, indent: number, depth: number) =>
  JSON.stringify(item, null, indent).replace(/\n/g, `\n${" ".repeat(indent * depth)}`);

/** Every writer of `w` on every item: the indented text at depths 1-3 and indents 1, 2, 4; the sorted text; `undefined` only for `other`. */
function check(name: string, w: ItemWriters, items: Json[], other: Json[] = []): void {
  for (const item of items) {
    for (const indent of [1, 2, 4]) {
      for (const depth of [1, 2, 3]) {
        const inner = `\n${" ".repeat(indent * (depth + 1))}`, outer = `\n${" ".repeat(indent * depth)}`;
        assert.is(w.indented!(item, inner, outer), indentedAt(item, indent, depth), `${name} indented ${indent}/${depth}: ${JSON.stringify(item)}`);
      }
    }
    assert.is(w.sorted!(item), sortedText(item), `${name} sorted: ${JSON.stringify(item)}`);
    assert.is(w.sorted!(item), sortedJsonStringify(item), `${name} sorted (CosmJS): ${JSON.stringify(item)}`);
  }
  for (const item of other) {
    assert.is(w.indented!(item, "\n    ", "\n  "), undefined, `${name}: not its shape: ${JSON.stringify(item)}`);
    assert.is(w.sorted!(item), undefined, `${name}: not its shape: ${JSON.stringify(item)}`);
  }
}

test("balances (x/bank's own items, one coin, none or several), delegations, withdraw addresses, starting infos", () => {
  const bank = materialize(bankJson(undefined, odd.map((_, i) => ({ address: addr(i), amount: 10n ** BigInt(i * 9) })), "basecro", "cro")) as { balances: Json[] };
  check("balance", BALANCE_WRITERS, [
    ...bank.balances,
    { address: odd[1]!, coins: [] },
    { address: odd[0]!, coins: [{ denom: "a", amount: "1" }, { denom: odd[1]!, amount: odd[4]! }] },
  ]);
  check("delegation", DELEGATION_WRITERS, odd.map((s, i) => ({ delegator_address: s, validator_address: odd[(i + 1) % odd.length]!, shares: odd[(i + 3) % odd.length]! })),
    [{ delegator_address: "a", validator_address: "b", shares: 1 }, { delegator_address: "a", validator_address: "b" }]);
  check("withdraw", WITHDRAW_WRITERS, odd.map((s, i) => ({ delegator_address: s, withdraw_address: odd[(i + 2) % odd.length]! })),
    [{ delegator_address: null, withdraw_address: "x" }]);
  check("starting info", STARTING_INFO_WRITERS, odd.map((s, i) => ({
    delegator_address: s, validator_address: odd[(i + 1) % odd.length]!,
    starting_info: { previous_period: `${i}`, stake: odd[(i + 3) % odd.length]!, height: odd[(i + 4) % odd.length]! },
  })));
  assert.throws(() => flatStringWriters(["a", "7"]), /integer key/);
});

test("accounts: base accounts with and without a key compiled; module accounts, vesting accounts, module credentials left to the general path", () => {
  const key = new Uint8Array(33).fill(2);
  const base = [
    accountJson({ address: addr(1), number: 0n, sequence: 0n }, undefined, "cro"),
    accountJson({ address: addr(2), number: 123456789012n, sequence: 77n, pubKey: key }, undefined, "cro"),
  ];
  const vesting = accountJson({ address: addr(3), number: 5n, sequence: 1n, pubKey: key }, undefined, "cro", {
    lock: { kind: "continuous", startTime: 1n, endTime: 2n, originalVesting: 10n, delegatedFree: 0n, delegatedVesting: 0n, periods: [] }, denom: "basecro",
  });
  const module = accountJson({ address: addr(4), number: 6n, sequence: 0n }, { name: "foreign", permissions: ["burner"] }, "cro");
  const credential = accountJson({ address: addr(5), number: 7n, sequence: 0n, pubKey: credentialKey("icahost", [new Uint8Array([1, 2])]) }, undefined, "cro");
  check("base account", BASE_ACCOUNT_WRITERS, base, [vesting, module, credential]);
});

test("the writer uses a lazy array's compiled writers (the digest's sorted pass too) and the general path where they give undefined", () => {
  const items: Json[] = [{ b: "1", a: "2" }, { b: 3, a: "4" }];
  const marked: ItemWriters = {
    indented: (item) => (typeof (item as { b: Json }).b === "string" ? `"indented"` : undefined),
    sorted: (item) => (typeof (item as { b: Json }).b === "string" ? `"sorted"` : undefined),
  };
  const doc: StreamJson = { x: lazyMap(items, (i) => i, marked), y: new LazyArray(() => items, undefined, marked.sorted) };
  assert.is(jsonText(doc, { indent: 2 }), `{\n  "x": [\n    "indented",\n    {\n      "b": 3,\n      "a": "4"\n    }\n  ],\n  "y": [\n    {\n      "b": "1",\n      "a": "2"\n    },\n    {\n      "b": 3,\n      "a": "4"\n    }\n  ]\n}`);
  assert.is(jsonText(doc, { sorted: true }), `{"x":["sorted",{"a":"4","b":3}],"y":["sorted",{"a":"4","b":3}]}`);
  assert.is(jsonText(doc), JSON.stringify({ x: items, y: items })); // unindented: JSON.stringify's own
});

test.run();
