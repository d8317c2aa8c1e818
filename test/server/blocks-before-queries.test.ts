// Queries yield to block production (issue 34, item 3): on a real clock the block timer's callback
// waits behind whatever requests the event loop is serving, so under a heavy query load blocks
// drifted apart (up to 2.8 s at a 1 s block time). Now a REST or RPC request that arrives after a
// block's time makes that block before it is served. The clock here is a fake one, moved by hand:
// the timer (an hour away in real time) never fires during the test.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { appFor, realClockChain } from "../helpers/server.js";
import { createRpc } from "../../host/rpc/server.js";
import { defaultGenesisJson } from "../../host/app/genesis.js";

const SECOND = 1_000_000_000n;
const HOUR = 3600n * SECOND;
const genesisNs = BigInt(Date.parse((defaultGenesisJson() as { genesis_time: string }).genesis_time)) * 1_000_000n;

test("a REST request past the block's time makes the block first; one before it does not", async () => {
  let now = genesisNs + 10n * SECOND;
  const chain = await realClockChain(HOUR, () => now);
  chain.start();
  try {
    const { call } = await appFor(chain);
    assert.is(chain.latest.height, 0n);
    now += HOUR - SECOND; // not yet due
    assert.is((await call("/cosmos/base/tendermint/v1beta1/blocks/latest")).status, 200);
    assert.is(chain.latest.height, 0n, "no block before its time");
    now += 2n * SECOND; // due
    const r = await call("/cosmos/base/tendermint/v1beta1/blocks/latest");
    assert.is(chain.latest.height, 1n, "the due block was made before the request was served");
    assert.match(r.body, '"height":"1"');
    // The next block keeps the grid: due an hour after the first one's due time, not after the request.
    now += HOUR - 2n * SECOND;
    await call("/cosmos/base/tendermint/v1beta1/blocks/latest");
    assert.is(chain.latest.height, 1n);
    now += 2n * SECOND;
    await call("/cosmos/base/tendermint/v1beta1/blocks/latest");
    assert.is(chain.latest.height, 2n);
  } finally {
    await chain.close();
  }
});

test("an RPC call past the block's time makes the block first; a stopped chain makes none", async () => {
  let now = genesisNs + 10n * SECOND;
  const chain = await realClockChain(HOUR, () => now);
  chain.start();
  const rpc = createRpc(chain, {} as Parameters<typeof createRpc>[1]);
  try {
    now += HOUR + SECOND;
    const reply = await rpc.call(1, "status", {}, "json");
    assert.is(chain.latest.height, 1n);
    assert.is((reply.result as { sync_info: { latest_block_height: string } }).sync_info.latest_block_height, "1");
  } finally {
    await chain.close();
  }
  now += 10n * HOUR;
  chain.produceIfDue();
  assert.is(chain.latest.height, 1n, "closed: no block");
});

test.run();
