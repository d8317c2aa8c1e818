// dev_advanceTime moves the economy (issue 36, item 4): 30 days advanced are the 518,400 blocks
// 30 days stand for at 5 s, each one minting x/mint's block provision, paying base rewards and
// accruing tier bonus, read back with the chain's own queries. The chain's rate is held still
// (x/inflation's decay off), so the supply after is x/mint's arithmetic block by block, exactly:
// provision = TruncateInt((inflation MulInt supply) QuoInt blocks_per_year), the supply growing
// by each. setNextBlockTime, the jump without blocks, mints one block's provision over the same 30 days.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DirectSecp256k1Wallet } from "@cosmjs/proto-signing";
import { SigningStargateClient } from "@cosmjs/stargate";
import { defaultGenesisJson, devAddress, devPrivateKey, operatorOf } from "../../host/app/genesis.js";
import type { RunningNode } from "../../host/main.js";
import { dev, get, startNode, supplyOf } from "../helpers/dev-node.js";
import { chainRegistry } from "../helpers/cosmjs.js";

const dir = await mkdtemp(join(tmpdir(), "cheats-time-economy-"));
const genesis = defaultGenesisJson() as any;
genesis.app_state.inflation.params.decay_rate = "0.000000000000000000";
genesis.app_state.inflation.decay_epoch_start = "0";
const genesisFile = join(dir, "genesis.json");
await writeFile(genesisFile, JSON.stringify(genesis));
const node: RunningNode = await startNode(["--clock", "simulated", "--automine", "--genesis", genesisFile, "--db", join(dir, "chain.db")]);
await dev(node, "mine");

test.after(async () => {
  await node.close();
  await rm(dir, { recursive: true, force: true });
});

const E18 = 10n ** 18n;
const DAYS_30 = 30n * 86_400n;
const YEAR_SECONDS = 31_557_600n;
const TR = "/chainmain/tieredrewards/v1";

/** A Dec's text as its raw integer (18 decimals). */
const rawDec = (text: string): bigint => {
  const [int, frac = ""] = text.split(".");
  return BigInt(int!) * E18 + BigInt(frac.padEnd(18, "0"));
};
const decText = (raw: bigint) => `${raw / E18}.${`${raw % E18}`.padStart(18, "0")}`;
const nsOf = (rfc3339: string) => BigInt(Date.parse(rfc3339)) * 1_000_000n;

/** Dev key n's base rewards on its validator (raw Dec of basecro). */
const rewardsOf = async (n: number, validator: string): Promise<bigint> =>
  rawDec((await get(node, `/cosmos/distribution/v1beta1/delegators/${devAddress(n)}/rewards/${validator}`)).rewards[0]?.amount ?? "0");
const estimate = async (id: string) => {
  const e = (await get(node, `${TR}/estimate_rewards/${id}`));
  return { bonus: BigInt(e.bonus_rewards[0]?.amount ?? "0"), base: BigInt(e.base_rewards[0]?.amount ?? "0") };
};

test("advanceTime 30 days: 518,400 blocks mint x/mint's provisions block by block (exact), base rewards and a tier bonus move by 30 days", async () => {
  // A tier position of 1,000 CRO (tier 1: 2 % bonus a year), locked by dev key 5 with CosmJS.
  const owner = devAddress(5);
  const validator = operatorOf(devAddress(1)); // dev key 1's validator, self-delegated 10 B CRO
  const client = await SigningStargateClient.connectWithSigner(node.rpcUrl!, await DirectSecp256k1Wallet.fromKey(devPrivateKey(5), "cro"), { registry: chainRegistry() });
  const amount = 100_000_000_000n;
  const locked = await client.signAndBroadcast(owner, [{
    typeUrl: "/chainmain.tieredrewards.v1.MsgLockTier",
    value: { owner, id: 1, amount: `${amount}`, validatorAddress: validator, triggerExitImmediately: false },
  }], { amount: [{ denom: "basecro", amount: "50000" }], gas: "1000000" });
  assert.is(locked.code, 0, locked.rawLog);
  client.disconnect();
  const position = (await get(node, `${TR}/positions/${owner}`)).positions[0];
  const bonusApy = rawDec((await get(node, `${TR}/tiers`)).tiers.find((t: any) => t.id === position.tier_id).bonus_apy);
  assert.is(bonusApy, 20_000_000_000_000_000n);

  const mintParams = (await get(node, "/cosmos/mint/v1beta1/params")).params;
  const blocksPerYear = BigInt(mintParams.blocks_per_year);
  const inflation = rawDec((await get(node, "/cosmos/mint/v1beta1/inflation")).inflation);
  assert.is(inflation, 10_000_000_000_000_000n, "1 %, held (inflation_min = inflation_max, no decay)");
  // One block's worth, for the comparison.
  const rewardsBefore1 = await rewardsOf(1, validator);
  await dev(node, "mine");
  const perBlockRewards = (await rewardsOf(1, validator)) - rewardsBefore1;
  assert.ok(perBlockRewards > 0n);

  const supply0 = await supplyOf(node);
  const annual0 = rawDec((await get(node, "/cosmos/mint/v1beta1/annual_provisions")).annual_provisions);
  const rewards0 = await rewardsOf(1, validator);
  const estimate0 = await estimate(position.id);
  const time0 = nsOf((await get(node, "/cosmos/base/tendermint/v1beta1/blocks/latest")).block.header.time);

  const r = await dev(node, "advance-time", { duration: "720h" });
  assert.is(r.status, 200, JSON.stringify(r.json));
  const blocks = BigInt(r.json.blocks);
  assert.is(blocks, DAYS_30 / 5n, "30 days of 5 s blocks");
  assert.is(nsOf(r.json.block.header.time) - time0, DAYS_30 * 1_000_000_000n);

  // x/mint block by block: each provision TruncateInt((rate MulInt supply) QuoInt blocks_per_year).
  let supply = supply0;
  let lastAnnual = 0n;
  for (let k = 0n; k < blocks; k++) {
    lastAnnual = inflation * supply;
    supply += lastAnnual / blocksPerYear / E18;
  }
  const supply1 = await supplyOf(node);
  assert.is(supply1, supply, "the supply after 518,400 blocks, exactly");
  assert.is((await get(node, "/cosmos/mint/v1beta1/annual_provisions")).annual_provisions, decText(lastAnnual), "the last block's annual provisions");
  // About 30 days of the annual provisions (the supply compounds: within 0.1 %).
  const minted = supply1 - supply0;
  const expected = (annual0 / E18) * blocks / blocksPerYear;
  assert.ok(minted * 1000n > expected * 999n && minted * 1000n < expected * 1001n, `minted ${minted}, about ${expected}`);

  // Base rewards: 518,400 blocks' worth of what one block pays (within 1 %).
  const earned = (await rewardsOf(1, validator)) - rewards0;
  assert.ok(earned * 100n > perBlockRewards * blocks * 99n && earned * 100n < perBlockRewards * blocks * 101n,
    `base rewards ${earned}, about ${perBlockRewards} x ${blocks}`);
  // The position's estimate: its bonus accrues by the second since it was made (no claim since), exactly; its base rewards move too.
  const estimate1 = await estimate(position.id);
  const accrued = nsOf(r.json.block.header.time) / 1_000_000_000n - nsOf(position.created_at_time) / 1_000_000_000n;
  assert.is(estimate1.bonus, (amount * bonusApy * accrued) / (E18 * YEAR_SECONDS));
  assert.ok(estimate1.bonus - estimate0.bonus >= (amount * bonusApy * DAYS_30) / (E18 * YEAR_SECONDS) - 1n);
  assert.ok(estimate1.base > estimate0.base * 1000n, `base rewards of the position: ${estimate0.base} -> ${estimate1.base}`);
});

test("setNextBlockTime is the jump without blocks: 30 days later, one block mints one block's provision", async () => {
  const supply0 = await supplyOf(node);
  const inflation = rawDec((await get(node, "/cosmos/mint/v1beta1/inflation")).inflation);
  const blocksPerYear = BigInt((await get(node, "/cosmos/mint/v1beta1/params")).params.blocks_per_year);
  const latest = nsOf((await get(node, "/cosmos/base/tendermint/v1beta1/blocks/latest")).block.header.time);
  await dev(node, "set-next-block-time", { time: `${(latest + DAYS_30 * 1_000_000_000n) / 1_000_000_000n}` });
  const r = await dev(node, "mine");
  assert.is(r.json.blocks, "1");
  assert.is(await supplyOf(node), supply0 + (inflation * supply0) / blocksPerYear / E18);
});

test.run();
