// A restart reads the genesis's parameters only (app/genesis.ts slimGenesisDoc: kept beside the
// document at the genesis block), not its records, which the database holds: a mainnet-sized
// genesis is not parsed again on every start, nor kept in memory once its block is committed;
// the whole document is still there for whoever asks (the RPC's genesis, an export).

import { test } from "uvu";
import * as assert from "uvu/assert";
import { defaultGenesisJson, slimGenesisDoc } from "../../host/app/genesis.js";
import { NodeStore } from "../../host/store/store.js";
import { nodeHarness } from "../helpers/node.js";

const h = await nodeHarness({ prefix: "genesis-slim-" });
test.after(h.remove);

test("the slim document has the parameters and none of the records", () => {
  const doc = defaultGenesisJson() as any;
  const slim = slimGenesisDoc(doc as never) as any;
  assert.is(slim.app_state.genutil.gen_txs.length, 0);
  assert.is(slim.app_state.auth.accounts.length, 0);
  assert.equal(slim.app_state.bank.balances, [{ address: doc.app_state.bank.balances[0].address, coins: doc.app_state.bank.supply }]);
  assert.equal(slim.app_state.tieredrewards.tiers, doc.app_state.tieredrewards.tiers);
  assert.equal(slim.app_state.staking.params, doc.app_state.staking.params);
  assert.is(doc.app_state.genutil.gen_txs.length, 4, "the document itself is untouched");
});

test("a restart takes the parameters from the slim copy; the whole document stays readable", async () => {
  const dbPath = h.freshDb();
  const node = await h.open({ dbPath });
  assert.is(node.chain.genesis.balances.length, 1, "records forgotten once the genesis block is committed");
  await node.chain.advance(2n);
  const hash = node.chain.latestBlock().appHash;
  assert.match(hash, /^[0-9A-F]{64}$/);
  await node.chain.close();
  const store = new NodeStore(dbPath);
  const slim = store.genesisSlim();
  store.close();
  assert.ok(slim !== undefined && !slim.includes("gen_txs\":[{"), "kept beside the document");
  const again = await h.open({ dbPath });
  assert.is(again.chain.latestBlock().appHash, hash);
  assert.is(again.chain.genesis.balances.length, 1);
  assert.equal(again.chain.genesisDoc, defaultGenesisJson());
  await again.chain.advance(1n);
  await again.chain.close();
});

test.run();
