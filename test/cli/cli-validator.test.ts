// `npm run validator`: x/staking's validator messages from the command line against a running node
// (a child process, as a user runs it): a dev key's account made a validator with its own
// consensus key, edited a day later, shown; the usage errors.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { ed25519 } from "@noble/curves/ed25519.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { utf8ToBytes } from "@noble/hashes/utils.js";
import { base64 } from "@scure/base";
import { cli } from "../helpers/cli.js";
import { servedNode } from "../helpers/node.js";

const served = await servedNode("cli-validator-");
const { node } = served;
test.after(() => served.close());
const advance = (q: string) => fetch(`${node.url}/dev/advance?${q}`, { method: "POST" });
const validator = (...args: string[]) => cli("validator", ...args, "--node", node.url);
const pub = base64.encode(ed25519.getPublicKey(sha256(utf8ToBytes("cli validator key"))));

test("create with a consensus key, show it bonded, edit its name and commission a day later", async () => {
  const created = await validator("create", "--key", "6", "--pubkey", pub, "--amount", "500000", "--moniker", "six", "--commission", "0.05");
  assert.is(created.code, 0, created.stderr + created.stdout);
  assert.is(JSON.parse(created.stdout).code, 0, created.stdout);
  await advance("blocks=1");
  const shown = JSON.parse((await validator("show", "--key", "6")).stdout).validator;
  assert.is(shown.status, "BOND_STATUS_BONDED");
  assert.equal(shown.consensus_pubkey, { "@type": "/cosmos.crypto.ed25519.PubKey", key: pub });
  assert.is(shown.tokens, "50000000000000");
  assert.is(shown.description.moniker, "six");
  assert.equal(shown.commission.commission_rates, { rate: "0.050000000000000000", max_rate: "0.200000000000000000", max_change_rate: "0.010000000000000000" });
  const early = await validator("edit", "--key", "6", "--commission", "0.06");
  assert.is(JSON.parse(early.stdout).code, 0, "accepted at check");
  await advance("blocks=1");
  const failed = (await (await fetch(`${node.url}/cosmos/tx/v1beta1/txs/${JSON.parse(early.stdout).txhash}`)).json()) as any;
  assert.is(`${failed.tx_response.codespace}/${failed.tx_response.code}`, "staking/12", "once in 24 h");
  await advance("duration=25h");
  const edited = await validator("edit", "--key", "6", "--moniker", "six-renamed", "--commission", "0.06");
  assert.is(edited.code, 0, edited.stderr + edited.stdout);
  await advance("blocks=1");
  const after = JSON.parse((await validator("show", "--key", "6")).stdout).validator;
  assert.is(after.description.moniker, "six-renamed");
  assert.is(after.commission.commission_rates.rate, "0.060000000000000000");
});

test("usage errors exit 2 with one line", async () => {
  for (const [args, text] of [
    [["create", "--key", "6"], "--pubkey BASE64"],
    [["create", "--key", "6", "--pubkey", pub, "--commission", "1.5"], "--commission: a rate from 0 to 1"],
    [["edit", "--key", "6"], "nothing to change"],
    [["show"], "--key N"],
    [["bogus", "--key", "1"], "unknown action"],
  ] as const) {
    const r = await validator(...args);
    assert.is(r.code, 2, `${args.join(" ")}: ${r.stderr}`);
    assert.match(r.stderr, text);
    assert.is(r.stderr.trim().split("\n").length, 1);
  }
  assert.is((await cli("validator", "--help")).code, 0);
});

test.run();
