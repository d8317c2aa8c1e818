// `export --db PATH`: a stopped node's last committed state as the SDK's genesis document (what
// GET /dev/export answers a running one): chain-maind, or a node (`--genesis FILE`), starts from it.

import { createWriteStream } from "node:fs";
import { once } from "node:events";
import type { Writable } from "node:stream";
import { jsonChunks } from "../framework/json-stream.js";
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
  // Its parameters (the records are in the database); a document stored whole before the slim copy was kept: that one.
  const stored = probe.hasGenesis() ? probe.genesisSlim() ?? probe.genesis() : undefined;
  probe.close();
  if (stored === undefined) throw new UsageError(`--db ${db}: no genesis: not a node database`);
  const chain = NodeChain.open(await loadCoreFromFile(), JSON.parse(stored) as Json, { dbPath: db, clock: "simulated", blockTimeNs: 1n });
  try {
    const s = chain.exportGenesisStream()!;
    try {
      const doc = s.doc as { app_state: { node_state?: unknown } };
      if (f["sdk-only"]) delete doc.app_state.node_state;
      // JSON.stringify(doc, null, 2) + "\n", written a piece at a time (json-stream.ts)
      await writeChunks(jsonChunks(s.doc, { indent: 2 }), f.out);
    } finally {
      s.close();
    }
  } finally {
    await chain.close();
  }
  return 0;
}

/** The chunks and a newline to FILE (or stdout), waiting for the stream to drain as it fills. */
async function writeChunks(chunks: Iterable<string>, file: string | undefined): Promise<void> {
  const out: Writable = file === undefined ? process.stdout : createWriteStream(file);
  const failed = new Promise<never>((_, reject) => out.once("error", reject));
  failed.catch(() => {});
  const write = async (text: string) => {
    if (!out.write(text)) await Promise.race([once(out, "drain"), failed]);
  };
  for (const c of chunks) if (c !== "") await write(c);
  await write("\n");
  if (file !== undefined) {
    out.end();
    await Promise.race([once(out, "finish"), failed]);
  }
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
