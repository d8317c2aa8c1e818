// `npm run bench -- snapshot`: dev mode's snapshot and revert (host/dev/chain.ts) on a chain
// of 100,000 funded accounts (BENCH_ACCOUNTS), against what a revert through a restart's restore
// would cost (the database reopened, every record re-read and re-hashed). Each round: a snapshot,
// ten blocks of changes (a balance set, a faucet-like send, empty blocks), a revert; the reverted
// chain's state hash must be the snapshot's or the run exits 1. Medians with min and max.

import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadCoreFromFile } from "../host/core/node.js";
import { DevChain } from "../host/dev/chain.js";
import { NodeChain } from "../host/drivers/embedded.js";
import { defaultGenesisJson, devAddress } from "../host/app/genesis.js";
import { encodeAddress } from "../host/wire/address.js";
import { loadAverage, median, progressOf } from "./stats.js";

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100_000);
const ROUNDS = 7;
const BLOCK_NS = 5_000_000_000n;

/** The default genesis plus `n` accounts of 1,000 basecro each, taken from the reserve. */
function bigGenesis(n: number) {
  const g = defaultGenesisJson() as { app_state: { bank: { balances: { address: string; coins: { denom: string; amount: string }[] }[] } } };
  const balances = g.app_state.bank.balances;
  balances[0]!.coins[0]!.amount = `${BigInt(balances[0]!.coins[0]!.amount) - 1000n * BigInt(n)}`;
  for (let i = 0; i < n; i++) {
    const bytes = new Uint8Array(20);
    new DataView(bytes.buffer).setUint32(0, i + 1);
    balances.push({ address: encodeAddress("cro", bytes), coins: [{ denom: "basecro", amount: "1000" }] });
  }
  return g;
}

const stats = (xs: number[]) => `${median(xs).toFixed(0)} ms (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)})`;

export async function snapshotMain(): Promise<number> {
  const progress = progressOf("snapshot");
  const dir = mkdtempSync(join(tmpdir(), "bench-snapshot-"));
  const dbPath = join(dir, "chain.db");
  try {
    progress(`genesis of ${ACCOUNTS} accounts; load ${loadAverage()}`);
    const genesis = bigGenesis(ACCOUNTS);
    const dev = DevChain.open(await loadCoreFromFile(), genesis, { dbPath, clock: "simulated", blockTimeNs: BLOCK_NS });
    await dev.node.advance(1n);
    const snapshotMs: number[] = [];
    const revertMs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      progress(`round ${round + 1} of ${ROUNDS}`);
      const before = dev.node.latestBlock();
      let t = performance.now();
      const { id } = await dev.snapshot();
      snapshotMs.push(performance.now() - t);
      await dev.setBalance(devAddress(50 + round), 10n ** 12n, true);
      await dev.setBalance(encodeAddress("cro", new Uint8Array(20).fill(round + 1)), 5n, true);
      await dev.node.advance(8n);
      t = performance.now();
      await dev.revert(id);
      revertMs.push(performance.now() - t);
      if (dev.node.latestBlock().appHash !== before.appHash) {
        console.error(`snapshot: the reverted state hash ${dev.node.latestBlock().appHash} is not the snapshot's ${before.appHash}`);
        return 1;
      }
    }
    const dbMb = statSync(dbPath).size / 1e6;
    await dev.close();
    // The alternative: a revert as a restart (the database copy opened, every record restored and hashed).
    const restoreMs: number[] = [];
    for (let round = 0; round < 3; round++) {
      progress(`restore ${round + 1} of 3`);
      const core = await loadCoreFromFile();
      const t = performance.now();
      const chain = NodeChain.open(core, genesis, { dbPath, clock: "simulated", blockTimeNs: BLOCK_NS });
      restoreMs.push(performance.now() - t);
      await chain.close();
    }
    const cpus = os.cpus();
    console.log(`snapshot/revert: ${ACCOUNTS} accounts, database ${dbMb.toFixed(1)} MB; ${cpus.length} x ${cpus[0]?.model ?? "cpu"}, load ${loadAverage()}`);
    console.log(`  snapshot                          ${stats(snapshotMs)}`);
    console.log(`  revert (10 blocks back)           ${stats(revertMs)}`);
    console.log(`  a restart's restore, for contrast ${stats(restoreMs)}`);
    return 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
