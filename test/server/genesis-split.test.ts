// The streamed reader's byte-level splitter (host/app/genesis-split.ts, through genesis-stream.ts's
// readGenesisChunks): on valid JSON, whatever the chunks (split at every byte, a byte at a time, at
// random), the document read is JSON.parse's, its long arrays spooled (SpooledList) element by
// element — strings holding brackets, commas, quotes and backslash runs, \u escapes, multi-byte
// UTF-8, nested elements, escaped and duplicate keys, every kind of whitespace; spools held in memory
// or on disk. On malformed JSON (truncated anywhere, randomly mutated) it is a ValidationError
// "not valid JSON", from the reader or, for an element's own text, when its list is walked.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtempSync, openSync, rmSync, writeFileSync, appendFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { readGenesisChunks, readGenesisStream, type SpoolOptions } from "../../host/app/genesis-stream.js";
import { SourceFile } from "../../host/app/genesis-spool.js";
import { SpooledList, materializeJson, type Json } from "../../host/framework/genesis-json.js";
import { ValidationError } from "../../host/errors.js";
import { rng } from "../helpers/ledger-model.js";

const dir = mkdtempSync(join(tmpdir(), "genesis-split-"));
test.after(() => rmSync(dir, { recursive: true, force: true }));

/** Documents that try the splitter: what JSON.parse makes of them is the answer. */
const DOCS: string[] = [
  // strings that hold what ends an element or an array, escapes of every kind, multi-byte UTF-8
  `{"app_state":{"auth":{"accounts":["a]b","c,d","{[}]","q\\"uote","bs\\\\","bs\\\\\\"q\\\\","\\u005d\\u0022\\u005c","é€𝄞","",
  "\\n\\t\\/\\b\\f\\r"]}}}`,
  // nested elements, numbers, literals, empty containers; whitespace of every kind between everything
  ` \t\r\n{ "app_state" :\n\t{ "bank" : { "balances" : [ {"address":"x","coins":[{"denom":"d","amount":"1"},[],{}]} ,\r\n 12.5e-3 , -0 , true,false , null ,[[[]]], {"a":{"b":[1,{"c":"]"}]}} ] ,
   "supply":[{"denom":"d","amount":"9"}]},
   "staking":{"delegations":[],"validators":[{"x":[1,2,3]}],"params":{"bond_denom":"basecro"}} } , "chain_id":"c" } \n`,
  // keys written with escapes, a duplicate list (the last wins), a streamed name at the wrong depth
  `{"app\\u005fstate":{"auth":{"accounts":[1,2],"accounts":[3],"params":{"accounts":[4]}},"gov":{"votes":[{"v":"\\\\"}],"deposits":[ ]}},
  "accounts":[5],"app_state_x":{"auth":{"accounts":[6]}}}`,
  // a list that is not an array, a section that is not an object, lists past the first
  `{"app_state":{"auth":{"accounts":{"0":1}},"bank":[1,2],"node_state":{"records":[[7,"AAEC"],[8,"//79"]],"accounts":[{"id":0}]},
  "distribution":{"delegator_starting_infos":[{"a":"1"}],"delegator_withdraw_infos":[{"a":"2"}]},"tieredrewards":{"positions":[{"p":[]}]},
  "slashing":{"signing_infos":[{"address":"x"}],"missed_blocks":[{"address":"y","missed_blocks":[]}]}}}`,
];

let files = 0;

/**
 * The document as the streamed reader reads `text` cut at `cuts` (byte offsets), every spooled
 * list read back: copied (spools in memory or on disk), or (`fromFile`) read again from a file of the text.
 */
async function read(text: Buffer, cuts: number[], options: SpoolOptions & { fromFile?: boolean } = {}): Promise<{ doc: Json; plain: Json }> {
  if (options.fromFile) {
    const file = join(dir, `doc-${files++}.json`);
    writeFileSync(file, text);
    options = { ...options, source: new SourceFile(openSync(file, "r"), file) };
  }
  const chunks: Uint8Array[] = [];
  let at = 0;
  for (const c of [...cuts, text.length]) {
    // Each chunk a copy in a buffer of its own, reused by nothing.
    chunks.push(new Uint8Array(text.subarray(at, c)));
    at = c;
  }
  const doc = await readGenesisChunks(chunks, "doc.json", { spoolDir: dir, ...options });
  return { doc, plain: materializeJson(doc) };
}

test("valid JSON split at every byte (two chunks), a byte at a time, and at random: JSON.parse's document", async () => {
  const r = rng(35);
  for (const source of DOCS) {
    const text = Buffer.from(source, "utf8");
    const want = JSON.parse(source);
    for (const fromFile of [false, true]) {
      for (let p = 0; p <= text.length; p++) assert.equal((await read(text, [p], { fromFile, spoolBytes: 1 + (p % 40) })).plain, want, `split at ${p}: ${source.slice(0, 40)}`);
      assert.equal((await read(text, Array.from({ length: text.length }, (_, i) => i), { fromFile })).plain, want, "a byte at a time");
    }
    for (let k = 0; k < 50; k++) {
      const cuts = Array.from({ length: 1 + Math.floor(r() * 6) }, () => Math.floor(r() * text.length)).sort((a, b) => a - b);
      assert.equal((await read(text, cuts, { spoolBytes: 1 + Math.floor(r() * 64), fromFile: k % 2 === 0 })).plain, want, `cuts ${cuts}`);
    }
  }
});

test("the long arrays are SpooledLists (copied on disk or in memory, or read from the file), read back as often as walked; the rest plain values", async () => {
  for (const options of [{ spoolBytes: 1 }, { spoolBytes: 16 }, {}, { fromFile: true }]) {
    const { doc } = await read(Buffer.from(DOCS[0]! + " "), [7, 30], options);
    const accounts = (doc as any).app_state.auth.accounts;
    assert.ok(accounts instanceof SpooledList);
    assert.is(accounts.length, 10);
    assert.equal(accounts.toArray(), JSON.parse(DOCS[0]!).app_state.auth.accounts);
    assert.equal(accounts.toArray(), accounts.toArray(), "walked again");
    assert.is(accounts.first(), "a]b");
  }
  const { doc } = await read(Buffer.from(DOCS[2]!), []);
  const app = (doc as any).app_state;
  assert.ok(app.auth.accounts instanceof SpooledList, "the last of two");
  assert.equal(app.auth.accounts.toArray(), [3]);
  assert.equal(app.auth.params.accounts, [4], "too deep: not spooled");
  assert.ok(app.gov.votes instanceof SpooledList);
  assert.ok(Array.isArray(app.gov.deposits) && app.gov.deposits.length === 0, "empty: a plain array");
  assert.equal((doc as any).accounts, [5]);
  const other = (await read(Buffer.from(DOCS[3]!), [])).doc as any;
  assert.equal(other.app_state.auth.accounts, { "0": 1 }, "not an array: as it is");
  assert.equal(other.app_state.bank, [1, 2]);
  for (const [s, l] of [["node_state", "records"], ["node_state", "accounts"], ["distribution", "delegator_starting_infos"], ["distribution", "delegator_withdraw_infos"], ["tieredrewards", "positions"], ["slashing", "signing_infos"], ["slashing", "missed_blocks"]]) {
    assert.ok(other.app_state[s][l] instanceof SpooledList, `${s}.${l}`);
  }
});

test("a file read for its lists: chunks of any size, and a file written after it was read is refused when walked", async () => {
  for (const source of DOCS.filter((d) => d.includes('"auth"'))) {
    const file = join(dir, `whole-${files++}.json`);
    writeFileSync(file, source);
    for (const highWaterMark of [1, 2, 3, 7, 64, 1 << 20]) {
      assert.equal(materializeJson(await readGenesisStream(file, { highWaterMark })), JSON.parse(source), `${highWaterMark}`);
    }
    const doc = (await readGenesisStream(file)) as any;
    if (!(doc.app_state.auth.accounts instanceof SpooledList)) continue;
    appendFileSync(file, " ");
    const e = (() => {
      try {
        doc.app_state.auth.accounts.toArray();
      } catch (x) {
        return x as Error;
      }
    })();
    assert.ok(e instanceof ValidationError);
    assert.match(e.message, /: the file changed after it was read/);
  }
});

/** What reading `text` (and walking every list) throws, or undefined. */
async function failure(text: Buffer, cuts: number[] = [], fromFile = false): Promise<Error | undefined> {
  try {
    await read(text, cuts, { fromFile });
    return undefined;
  } catch (e) {
    return e as Error;
  }
}

test("truncated anywhere, it is 'not valid JSON' from the reader (never a document)", async () => {
  for (const source of DOCS) {
    const text = Buffer.from(source.trimEnd(), "utf8");
    for (let p = 0; p < text.length; p++) {
      const prefix = text.subarray(0, p);
      let valid = true;
      try {
        JSON.parse(prefix.toString("utf8"));
      } catch {
        valid = false;
      }
      if (valid) continue;
      const e = await failure(prefix, [Math.floor(p / 2)]);
      assert.ok(e instanceof ValidationError, `cut at ${p}: ${e?.message}`);
      assert.match(e!.message, /^doc\.json: not valid JSON: /, `cut at ${p}`);
    }
  }
});

test("malformed arrays and elements: the splitter's own errors name the byte; an element's, its path when walked", async () => {
  const cases: [string, RegExp][] = [
    [`{"app_state":{"auth":{"accounts":[1,,2]}}}`, /^doc\.json: not valid JSON: Unexpected ',' at byte 36 of the file$/],
    [`{"app_state":{"auth":{"accounts":[,1]}}}`, /^doc\.json: not valid JSON: Unexpected ',' at byte 34 of the file$/],
    [`{"app_state":{"auth":{"accounts":[1, ]}}}`, /^doc\.json: not valid JSON: Unexpected '\]' after ',' at byte 37 of the file$/],
    [`{"app_state":{"auth":{"accounts":[1}]}}}`, /^doc\.json: not valid JSON: Unexpected '}' in an array at byte 35 of the file$/],
    [`{"app_state":{"auth":{"accounts":[1]}}}}`, /^doc\.json: not valid JSON: Unexpected '}' at byte 39 of the file$/],
    [`{"app_state":{"auth":{"accounts":["x]}}}`, /^doc\.json: not valid JSON: Unexpected end of JSON input at byte 40 of the file$/],
    [`{"app_state":{"auth":{"accounts":[1,2],"x":1,}}}`, /^doc\.json: not valid JSON: Expected double-quoted property name in JSON at byte 45 of the file$/],
    [`{"app_state":{"auth":{"accounts":[1 2],"accounts":[3]}}}`, /^app_state\.auth\.accounts\[0\]: not valid JSON: /],
    [`{"app_state":{"auth":{"accounts":[1 2]}}}`, /^app_state\.auth\.accounts\[0\]: not valid JSON: /],
    [`{"app_state":{"auth":{"accounts":[1,{]}]}}}`, /^doc\.json: not valid JSON: Unexpected '}' in an array at byte 38 of the file$/],
    [`{"app_state":{"auth":{"accounts":[1,{]]}}}`, /^app_state\.auth\.accounts\[1\]: not valid JSON: /],
    [`{"app_state":{"auth":{"accounts":["a\\x"]}}}`, /^app_state\.auth\.accounts\[0\]: not valid JSON: /],
    [`{"app_state":{"auth":{"accounts":["a\tb"]}}}`, /^app_state\.auth\.accounts\[0\]: not valid JSON: /],
  ];
  for (const [source, want] of cases) {
    assert.throws(() => JSON.parse(source), undefined, source);
    for (const fromFile of [false, true]) {
      const e = await failure(Buffer.from(source), [], fromFile);
      assert.ok(e instanceof ValidationError, source);
      assert.match(e!.message, want, source);
    }
  }
});

test("randomly mutated documents: read as JSON.parse reads them, or refused as 'not valid JSON' (reader or walk)", async () => {
  const r = rng(3535);
  const alphabet = Buffer.from(`{}[]",:\\ \n0123456789abcdeu-.`);
  let refused = 0;
  let read_ = 0;
  for (let k = 0; k < 1500; k++) {
    const text = Buffer.from(DOCS[k % DOCS.length]!, "utf8");
    const bytes = [...text];
    for (let m = 1 + Math.floor(r() * 3); m > 0; m--) {
      const at = Math.floor(r() * bytes.length);
      const op = r();
      const b = alphabet[Math.floor(r() * alphabet.length)]!;
      if (op < 0.33) bytes.splice(at, 1);
      else if (op < 0.66) bytes.splice(at, 0, b);
      else bytes[at] = b;
    }
    const mutated = Buffer.from(bytes);
    let want: Json | undefined;
    try {
      want = JSON.parse(mutated.toString("utf8"));
    } catch {
      want = undefined;
    }
    const cuts = [Math.floor(r() * mutated.length)];
    if (want === undefined) {
      const e = await failure(mutated, cuts, k % 2 === 0);
      assert.ok(e instanceof ValidationError && / ?not valid JSON: /.test(e.message), `${mutated}: ${e?.message ?? "read"}`);
      refused++;
    } else if (want !== null && typeof want === "object" && !Array.isArray(want)) {
      assert.equal((await read(mutated, cuts, { fromFile: k % 2 === 1 })).plain, want, mutated.toString());
      read_++;
    }
  }
  assert.ok(refused > 500 && read_ > 100, `${refused} refused, ${read_} read`);
});

test.run();
