// `--fork FILE` on a streamed export (host/dev/fork.ts, fork-load.ts): forkGenesis rewrites the
// document's long arrays as lists of the same kind (SpooledLists made as they are walked), never
// one JS array of every record, and its fork is the whole document's: the same text (JSON.stringify),
// the same lines, the same chain (state hash, export, the stored genesis bytes) — on chain-maind's
// export, a generated scale document, with HD accounts (one already in the export, one twice), on a
// document whose balances are out of address order, and with spools on disk.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { startChain } from "../helpers/fork-start.js";
import { readGenesisDoc, type Json } from "../../host/app/genesis.js";
import { genesisFileOf, readGenesisStream } from "../../host/app/genesis-stream.js";
import { SpooledList } from "../../host/framework/genesis-json.js";
import { forkGenesis } from "../../host/dev/fork.js";
import { writeForkText } from "../../host/dev/fork-text.js";
import { addressKey } from "../../host/dev/fork-balances.js";
import { compareBytes } from "../../host/framework/genesis-json.js";
import { encodeAddress } from "../../host/wire/address.js";
import { hdAccounts } from "../../host/dev/accounts.js";
import { devAddress } from "../../host/modules/genutil/default-genesis.js";
import { writeScaleGenesis } from "../../bench/scale-genesis.js";
import { REFERENCE_DIR } from "../helpers/reference-chain.js";
import { rng } from "../helpers/ledger-model.js";

const dir = mkdtempSync(join(tmpdir(), "fork-stream-"));
test.after(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

/** The chain a document starts (a new database): its first block's state hash, its export, the genesis bytes it stored. */
const start = (doc: Json) => startChain(doc, join(dir, `node-${n++}.db`));

const hd = hdAccounts({ mnemonic: "test test test test test test test test test test test junk", count: 2 }).map((a) => a.address);

/** Forks of `file` read whole and streamed (spools on disk): the same text and lines; the streamed one's lists spooled. */
async function bothForks(file: string, accounts: string[] = []) {
  const whole = forkGenesis(await readGenesisDoc(file), undefined, { accounts });
  const streamedDoc = await readGenesisStream(file, { spoolBytes: 256 });
  const streamed = forkGenesis(streamedDoc, undefined, { accounts });
  assert.equal(streamed.lines, whole.lines, file);
  assert.is(JSON.stringify(streamed.doc), JSON.stringify(whole.doc), file);
  const app = (streamed.doc as any).app_state;
  for (const [s, l] of [["auth", "accounts"], ["bank", "balances"]]) assert.ok(app[s][l] instanceof SpooledList, `${file}: ${s}.${l} stays spooled`);
  assert.equal(app.bank.balances.toArray(), app.bank.balances.toArray(), "walked again: the same");
  if (app.slashing.signing_infos.length > 0) assert.ok(app.slashing.signing_infos instanceof SpooledList, "signing infos");
  return { whole, streamed };
}

test("chain-maind's export and genesis, a generated document: the streamed fork's text and lines are the whole document's", async () => {
  const generated = join(dir, "scale-300.json");
  await writeScaleGenesis(generated, 300, () => {});
  for (const file of [join(REFERENCE_DIR, "export-height-395.json"), join(REFERENCE_DIR, "genesis.json"), generated]) {
    await bothForks(file);
    // HD accounts: one of them a dev key already funded by the fork, one given twice.
    await bothForks(file, [...hd, devAddress(3), hd[0]!]);
  }
});

test("balances out of address order (chain-maind's store order, reversed, shuffled, an address twice): sorted as the whole document's fork sorts them", async () => {
  const doc = JSON.parse(readFileSync(join(REFERENCE_DIR, "export-height-395.json"), "utf8"));
  const balances = doc.app_state.bank.balances;
  const r = rng(35);
  const orders = [
    [...balances].reverse(),
    [...balances].sort(() => r() - 0.5),
    [...balances].sort(() => r() - 0.5),
    [balances[3], ...balances, { ...balances[3], coins: [] }, balances[0]],
  ];
  for (const [i, list] of orders.entries()) {
    doc.app_state.bank.balances = list;
    const file = join(dir, `unsorted-${i}.json`);
    writeFileSync(file, JSON.stringify(doc, null, 1));
    await bothForks(file, hd);
    await bothForks(file, [...hd, devAddress(0)]);
  }
});

test("a streamed fork starts the whole fork's chain: its text file is stored as the genesis, the state hash and export are equal", async () => {
  for (const file of [join(REFERENCE_DIR, "export-height-395.json"), join(dir, "scale-300.json")]) {
    const { whole, streamed } = await bothForks(file, hd);
    writeForkText(streamed.doc);
    const text = genesisFileOf(streamed.doc)!;
    assert.is(readFileSync(text, "utf8"), JSON.stringify(whole.doc), "the fork's text is JSON.stringify's");
    const a = await start(whole.doc);
    const b = await start(streamed.doc);
    assert.is(b.appHash, a.appHash, file);
    assert.equal(b.exported, a.exported, file);
    assert.ok(b.stored.equals(a.stored), "the stored genesis bytes");
    assert.is(b.stored.toString("utf8"), JSON.stringify(whole.doc));
  }
});

test("an address's sort key (bech32 groups, no checksum) orders as its bytes do: any lengths, shared starts, upper case", () => {
  const r = rng(7);
  const made: Uint8Array[] = [];
  for (let i = 0; i < 400; i++) {
    const length = [20, 32, 20, 1 + Math.floor(r() * 40)][i % 4]!;
    const bytes = Uint8Array.from({ length }, () => Math.floor(r() * 256));
    // Some share a start with an earlier one (equal, a prefix, one byte apart).
    if (i % 5 === 0 && made.length > 0) {
      const other = made[Math.floor(r() * made.length)]!;
      bytes.set(other.subarray(0, Math.min(other.length, bytes.length)));
      if (i % 10 === 0 && bytes.length > 0) bytes[bytes.length - 1] = 0;
    }
    made.push(bytes);
  }
  const sign = (x: number) => (x > 0 ? 1 : x < 0 ? -1 : 0);
  for (let i = 0; i < made.length; i++) {
    for (let j = 0; j < made.length; j += 7) {
      const a = encodeAddress("cro", made[i]!), b = encodeAddress("cro", made[j]!);
      const want = sign(compareBytes(made[i]!, made[j]!));
      assert.is(sign(compareBytes(addressKey(a), addressKey(b))), want, `${a} ${b}`);
      assert.is(sign(compareBytes(addressKey(a.toUpperCase()), addressKey(b))), want, "upper case");
    }
  }
});

test.run();
