// A child of test/store/tx-index.test.ts: a node on `argv[2]` commits a block of sends and is
// SIGKILLed in the microtask after the block's commit (before the tx index's worker writes its
// rows); the hashes and height go to stdout first.

import { devAddress } from "../../host/app/genesis.js";
import { sendMsg } from "../helpers/dev-signer.js";
import { openNode, signedBy } from "../helpers/node.js";

const node = await openNode({ dbPath: process.argv[2]! });
await node.chain.advance(1n);
const hashes: string[] = [];
for (const n of [5, 6, 7]) {
  const r = await node.post("/txs", await signedBy(node, n, [sendMsg(devAddress(n), devAddress(30), 77n)]));
  if (r.json.tx_response.code !== 0) throw new Error(r.json.tx_response.raw_log);
  hashes.push(r.json.tx_response.txhash);
}
const height = Number(node.chain.latest.height) + 1;
process.stdout.write(`${JSON.stringify({ hashes, height })}\n`);
node.chain.onCommit((b) => {
  if (b.results.length > 0) process.kill(process.pid, "SIGKILL");
});
await node.chain.advance(1n);
await new Promise((r) => setTimeout(r, 10_000)); // not reached
