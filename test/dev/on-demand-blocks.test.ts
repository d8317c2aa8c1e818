// The on-demand cadence of the single node (`--on-demand-blocks`, host/drivers/on-demand.ts): on the
// real clock, a block as soon as txs wait (a quiet gap after the last arrival, the longest wait, or
// a full mempool; blocks a least gap apart), instead of at the next --block-time; a burst admitted
// in one turn goes into one block. The flag is refused where there is no real clock of the node's.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { loadCore } from "../../host/core/core.js";
import { NodeChain } from "../../host/drivers/embedded.js";
import { ON_DEMAND_DEFAULTS, OnDemandCadence, onDemandWait, type OnDemandParams } from "../../host/drivers/on-demand.js";
import { defaultGenesisJson } from "../../host/app/genesis.js";
import { parseConfig } from "../../host/config.js";
import type { TxResult } from "../../host/framework/types.js";
import { nodeHarness, wasm } from "../helpers/node.js";
import { protoSigner } from "../helpers/cosmjs.js";

const h = await nodeHarness({ prefix: "on-demand-test-" });
test.after(h.remove);

const MS = 1_000_000n;
const P: OnDemandParams = { quietNs: 5n * MS, maxWaitNs: 250n * MS, minGapNs: 10n * MS, maxTxs: 100 };

test("onDemandWait: nothing waits, the quiet gap, the longest wait, a full mempool, the least gap", () => {
  const at = (o: Partial<Parameters<typeof onDemandWait>[0]>) =>
    onDemandWait({ nowNs: 1_000n * MS, pending: 1, firstNs: 990n * MS, lastNs: 999n * MS, lastBlockNs: undefined, ...o }, P);
  assert.is(at({ pending: 0 }), undefined);
  assert.is(at({}), 4n * MS); // 1 ms after the last arrival: 4 ms of quiet left
  assert.is(at({ lastNs: 995n * MS }), 0n); // 5 ms quiet: a block
  assert.is(at({ firstNs: 750n * MS }), 0n); // the oldest waited 250 ms, though txs keep arriving
  assert.is(at({ firstNs: 800n * MS, lastNs: 1_000n * MS }), 5n * MS);
  assert.is(at({ firstNs: 748n * MS, lastNs: 1_000n * MS }), 0n);
  assert.is(at({ pending: 100, lastNs: 1_000n * MS }), 0n); // full
  assert.is(at({ pending: 100, lastBlockNs: 996n * MS }), 6n * MS); // full, but 10 ms after the last block
  assert.is(at({ lastNs: 990n * MS, lastBlockNs: 985n * MS }), 0n);
});

test("OnDemandCadence: arrivals in one turn make one block after the quiet gap; none without arrivals", async () => {
  let pending = 0;
  let made = 0;
  let cadence!: OnDemandCadence;
  const now = () => process.hrtime.bigint();
  cadence = new OnDemandCadence(P, now, () => pending, () => {
    made++;
    pending = 0;
    cadence.blockMade();
  });
  for (let i = 0; i < 20; i++) {
    pending++;
    cadence.arrived();
  }
  assert.is(made, 0, "not inside the turn the txs arrived in");
  while (made === 0) await new Promise((r) => setTimeout(r, 2));
  assert.is(made, 1);
  await new Promise((r) => setTimeout(r, 30));
  assert.is(made, 1, "no block while nothing waits");
  cadence.stop();
});

async function sends(chain: NodeChain, n: number): Promise<Uint8Array[]> {
  const to = (await protoSigner(1, "direct")).address;
  return Promise.all(Array.from({ length: n }, async (_, i) => {
    const s = await protoSigner(2 + i, "direct");
    const acct = chain.directory.account(s.address)!;
    return s.sign([{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: s.address, toAddress: to, amount: [{ denom: "basecro", amount: "1" }] } }], {
      chainId: chain.chainId, accountNumber: acct.accountNumber, sequence: acct.sequence,
    });
  }));
}

/** The promise, or a failure once `ms` pass (a block that never comes). */
const within = <T>(p: Promise<T>, ms: number, what: string) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms).unref())]);

test("a real-clock chain with a block time of an hour commits a burst at once, in one block, with a real-clock header", async () => {
  const chain = NodeChain.open(await loadCore(wasm), defaultGenesisJson(), {
    dbPath: h.freshDb(), clock: "real", blockTimeNs: 3_600_000_000_000n, onDemand: P,
  });
  try {
    // No start(): the hour's timer never runs; only the cadence makes blocks.
    const txs = await sends(chain, 6);
    const height0 = chain.latest.height;
    const before = BigInt(Date.now()) * MS;
    const included = txs.map((tx) => chain.submit(tx).included);
    const results: TxResult[] = await within(Promise.all(included), 20_000, "the burst's block");
    assert.ok(results.every((r) => r.code === 0), JSON.stringify(results.map((r) => r.rawLog)));
    assert.is(chain.latest.height, height0 + 1n, "one block for the burst");
    assert.is(new Set(results.map((r) => r.height)).size, 1);
    assert.ok(chain.latest.timeNs >= before - 1_000n * MS, "the header is the wall clock's");
    assert.is(chain.pending, 0);
  } finally {
    await chain.close();
  }
});

test("config: --on-demand-blocks on the real clock (with --dev: no automine); refused with --clock simulated, --abci, --automine", () => {
  const cfg = (argv: string[]) => (parseConfig(argv) as { config: { onDemandBlocks?: boolean; automine?: boolean } }).config;
  assert.is(cfg(["--on-demand-blocks"]).onDemandBlocks, true);
  assert.is(cfg([]).onDemandBlocks, undefined);
  assert.is(cfg(["--dev", "--on-demand-blocks"]).automine, undefined);
  const refused = (argv: string[]) => {
    try {
      parseConfig(argv);
    } catch (e) {
      return (e as Error).message;
    }
    return "accepted";
  };
  assert.match(refused(["--on-demand-blocks", "--clock", "simulated"]), "--on-demand-blocks: the real clock's cadence");
  assert.match(refused(["--on-demand-blocks", "--abci", "tcp://127.0.0.1:26658"]), "--on-demand-blocks: the real clock's cadence");
  assert.match(refused(["--dev", "--on-demand-blocks", "--automine"]), "give one");
  assert.ok(ON_DEMAND_DEFAULTS.minGapNs > 0n);
});

test.run();
