// The genesis a testnet runs (host/cometbft/testnet-genesis.ts): up to 4 validators the default
// genesis's; more, a generated document whose gentxs are signed by reproducible dev keys, equal
// stakes, the supply unchanged; a given document's validators, refused when a consensus key is
// not the node's derived one. No network is started here (test/testnet-size.test.ts starts one).

import { test } from "uvu";
import * as assert from "uvu/assert";
import { bytesToHex } from "@noble/hashes/utils.js";
import { loadCoreFromFile } from "../../host/core/node.js";
import { defaultGenesisJson, devAddress, devPrivateKey, operatorOf, type Json } from "../../host/app/genesis.js";
import { consensusKey } from "../../host/modules/staking/consensus-key.js";
import {
  countValidators, generatedGenesis, operatorKeyJson, testnetValidators, validatorKeyNumber,
} from "../../host/cometbft/testnet-genesis.js";
import { UsageError } from "../../host/flags.js";
import { NodeChain } from "../../host/drivers/embedded.js";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

type Doc = { chain_id: string; app_state: any };
const supplyOf = (g: Doc) => BigInt(g.app_state.bank.supply[0].amount);
const balanceSum = (g: Doc) => (g.app_state.bank.balances as { coins: { amount: string }[] }[]).reduce((t, b) => t + BigInt(b.coins[0]!.amount), 0n);

test("up to 4 validators: the default genesis's gentxs, unchanged", () => {
  const def = defaultGenesisJson() as unknown as Doc;
  for (const n of [1, 4]) {
    const g = generatedGenesis(n) as unknown as Doc;
    assert.equal(g.app_state.genutil.gen_txs, def.app_state.genutil.gen_txs.slice(0, n));
    assert.equal(g.app_state.bank, def.app_state.bank);
    assert.is(g.app_state.node.gov_authority, "cro10d07y265gmmuvt4z0w9aw880jnsr700jzemu2z");
  }
});

test("21 validators: gentxs signed by dev keys 1-4 and 105-121, equal power, the supply unchanged", async () => {
  const g = generatedGenesis(21) as unknown as Doc;
  assert.is(g.app_state.genutil.gen_txs.length, 21);
  assert.is(balanceSum(g), supplyOf(g));
  assert.is(supplyOf(g), supplyOf(defaultGenesisJson() as unknown as Doc));
  const vs = testnetValidators(await loadCoreFromFile(), g as unknown as Json, "generated");
  assert.is(vs.length, 21);
  assert.ok(vs.every((v) => v.power === vs[0]!.power), "equal stakes");
  assert.equal(vs.map((v) => v.key), Array.from({ length: 21 }, (_, i) => validatorKeyNumber(i + 1)));
  assert.equal(vs.map((v) => v.operator), vs.map((v) => operatorOf(devAddress(v.key!))));
  for (const v of vs) assert.is(bytesToHex(v.pub), bytesToHex(consensusKey(g.chain_id, v.operator).pub));
  // the same document every time (reproducible keys and signatures)
  assert.equal(generatedGenesis(21), g as unknown as Json);
  const kept = JSON.parse(operatorKeyJson(vs[20]!)!);
  assert.is(kept.key, 121);
  assert.is(kept.private_key, bytesToHex(devPrivateKey(121)));
  assert.is(kept.operator, vs[20]!.operator);
  assert.is(countValidators(g as unknown as Json), 21);
});

test("a document whose validator has a consensus key of its own is refused, naming it", async () => {
  const g = generatedGenesis(2) as unknown as Doc;
  const tx = g.app_state.genutil.gen_txs[1];
  // Another key: the gentx's signature covers the message, so the refusal must come from the key check, not the ante.
  tx.body.messages[0].pubkey.key = "A".repeat(43) + "=";
  const e = await Promise.resolve().then(async () => testnetValidators(await loadCoreFromFile(), g as unknown as Json, "--genesis")).catch((x: Error) => x);
  assert.instance(e, UsageError);
  assert.match((e as Error).message, /^--genesis: /);
});

test("an exported chain's validators come from app_state.staking", async () => {
  const dir = await mkdtemp(join(tmpdir(), "testnet-genesis-"));
  try {
    const chain = NodeChain.open(await loadCoreFromFile(), generatedGenesis(6), { dbPath: join(dir, "x.db"), clock: "simulated", blockTimeNs: 1_000_000_000n });
    await chain.advance(2n);
    const doc = chain.exportGenesis()! as Doc;
    await chain.close();
    delete doc.app_state.node_state;
    assert.is(doc.app_state.genutil.gen_txs.length, 0);
    const vs = testnetValidators(await loadCoreFromFile(), doc as unknown as Json, "--genesis");
    assert.equal(vs.map((v) => v.key!).sort((a, b) => a - b), [1, 2, 3, 4, 105, 106]);
    assert.is(countValidators(doc as unknown as Json), 6);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test.run();
