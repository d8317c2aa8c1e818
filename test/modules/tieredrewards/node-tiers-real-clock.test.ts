// Issue 33: on a real-clock node (1 s blocks), a tier bonus claimed one block after its position
// changed pays that block's second, as on the chain: CometBFT waits timeout_commit after each
// commit, so its headers are never closer than the block time, and the bonus counts whole seconds
// (x/tieredrewards computeSegmentBonus). The node's timer kept a wall-clock grid, and a late block
// followed by an on-time one were less than a second apart: no bonus. The clock here lags 30 ms in
// every even second, so that happens every other block without the fix. CosmJS signs (SIGN_MODE_DIRECT).

import { test } from "uvu";
import * as assert from "uvu/assert";
import { loadCore } from "../../../host/core/core.js";
import { NodeChain, wallClockNs } from "../../../host/drivers/embedded.js";
import { defaultGenesisJson, devAddress, operatorOf, REWARDS_POOL_ADDRESS } from "../../../host/app/genesis.js";
import type { TxResult } from "../../../host/framework/types.js";
import { protoSigner } from "../../helpers/cosmjs.js";
import { wasm } from "../../helpers/node.js";

const S = 1_000_000_000n;
const T = "/chainmain.tieredrewards.v1.";
/** A wall clock 30 ms behind in even seconds: one block's timer late against the next's. */
const jittery = () => {
  const now = wallClockNs();
  return (now / S) % 2n === 0n ? now - 30_000_000n : now;
};

test("1 s real-clock blocks are at least 1 s apart; a claim a block after MsgAddToTierPosition pays that second's bonus", async () => {
  const chain = NodeChain.inMemory(await loadCore(wasm), defaultGenesisJson(), S, { clock: "real", now: jittery });
  const times: bigint[] = [];
  chain.onCommit((b) => times.push(b.timeNs));
  chain.start();
  try {
    const me = devAddress(5);
    const signer = await protoSigner(5, "direct");
    const send = async (typeUrl: string, value: unknown): Promise<TxResult> => {
      const a = chain.directory.account(me)!;
      const bytes = await signer.sign([{ typeUrl, value }], { chainId: chain.chainId, accountNumber: a.accountNumber, sequence: a.sequence });
      const r = await chain.submit(bytes).included;
      assert.is(r.code, 0, r.rawLog);
      return r;
    };
    await send(`${T}MsgLockTier`, { owner: me, id: 1, amount: "100000000000", validatorAddress: operatorOf(devAddress(1)), triggerExitImmediately: false });
    for (let i = 0; i < 3; i++) {
      const add = await send(`${T}MsgAddToTierPosition`, { owner: me, positionId: 0n, amount: "10000000000" });
      const claim = await send(`${T}MsgClaimTierRewards`, { owner: me, positionIds: [0n] });
      assert.is(claim.height, add.height + 1n, "the claim in the next block");
      assert.ok(claim.timeNs - add.timeNs >= S, `blocks ${add.height} and ${claim.height} ${claim.timeNs - add.timeNs} ns apart`);
      const types = claim.events.map((e) => e.type);
      assert.ok(types.includes("chainmain.tieredrewards.v1.EventBonusRewardsClaimed"), `no bonus: ${types.join(", ")}`);
      const fromPool = claim.events.some((e) => e.type === "transfer" && e.attributes.some((a) => a.key === "sender" && a.value === REWARDS_POOL_ADDRESS));
      assert.ok(fromPool, "the bonus is paid from the rewards pool");
    }
    assert.ok(times.length >= 7);
    for (let i = 1; i < times.length; i++) assert.ok(times[i]! - times[i - 1]! >= S, `blocks ${i} and ${i + 1}: ${times[i]! - times[i - 1]!} ns apart`);
  } finally {
    await chain.close();
  }
});

test.run();
