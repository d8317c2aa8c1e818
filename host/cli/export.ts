// `export --db PATH`: a stopped node's last committed state as the SDK's genesis document (what
// GET /dev/export answers a running one): chain-maind, or a node (`--genesis FILE`), starts from it.

import { writeFile } from "node:fs/promises";
import { loadCoreFromFile } from "../core/node.js";
import { NodeChain } from "../drivers/embedded.js";
import { NodeStore } from "../store/store.js";
import type { Json } from "../app/genesis.js";
import { UsageError, existingDb, flagCommand, type FlagSpecs, type FlagValues } from "./common.js";

const FLAGS = {
  db: { type: "string", value: "PATH", shown: "./chain.db, or DB_PATH", description: "the node's SQLite database (the node stopped)" },
  out: { type: "string", value: "FILE", shown: "stdout", description: "where to write the document" },
  "sdk-only": { type: "boolean", description: "without app_state.node_state (the node's exact records): the SDK's sections alone" },
} satisfies FlagSpecs;

async function run(f: FlagValues<typeof FLAGS>): Promise<number> {
  const db = existingDb(f.db);
  const probe = new NodeStore(db, { readonly: true });
  const stored = probe.genesis();
  probe.close();
  if (stored === undefined) throw new UsageError(`--db ${db}: no genesis: not a node database`);
  const chain = NodeChain.open(await loadCoreFromFile(), JSON.parse(stored) as Json, { dbPath: db, clock: "simulated", blockTimeNs: 1n });
  let doc: Json;
  try {
    doc = chain.exportGenesis()!;
  } finally {
    await chain.close();
  }
  if (f["sdk-only"]) delete (doc as { app_state: { node_state?: Json } }).app_state.node_state;
  const text = JSON.stringify(doc, null, 2) + "\n";
  if (f.out === undefined) process.stdout.write(text);
  else await writeFile(f.out, text);
  return 0;
}

export const exportCommand = flagCommand({
  summary: "write a stopped node's state as the SDK's genesis document",
  usage: "npm run export -- [--db PATH] [--out FILE] [--sdk-only]",
  about: [
    "Write a stopped node's last committed state as a genesis document in the SDK's format, as",
    "`chain-maind export` writes it (initial_height the next block). `--genesis FILE` starts a node",
    "on it; chain-maind reads its module sections.",
  ],
  flags: FLAGS,
  run,
});
