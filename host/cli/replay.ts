// `replay --db PATH`: re-execute every stored block of a node's database from its stored genesis
// in a fresh core and check each block's state hash; progress on stderr, one summary line on
// stdout. Exit 0 when every hash matches, 1 at the first mismatch.

import { loadCoreFromFile } from "../core/node.js";
import { Application } from "../app/application.js";
import { existingDb, flagCommand, type FlagSpecs, type FlagValues } from "./common.js";
import { Progress } from "../scenario/progress.js";

const FLAGS = {
  db: { type: "string", value: "PATH", shown: "./chain.db, or DB_PATH", description: "the node's SQLite database" },
} satisfies FlagSpecs;

async function run(f: FlagValues<typeof FLAGS>): Promise<number> {
  const db = existingDb(f.db);
  const progress = new Progress();
  const started = Date.now();
  const last = Application.replay(await loadCoreFromFile(), db, (height, top) => progress.update(`replay: height ${height} of ${top}`));
  progress.done();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(`replay: ${last.height} blocks of ${db} re-executed in ${seconds} s; every state hash matches (${last.appHash})\n`);
  return 0;
}

export const replay = flagCommand({
  summary: "re-execute a node database's blocks and check their state hashes",
  usage: "npm run replay -- [--db PATH]",
  about: [
    "Re-execute every block stored in a node's database from its genesis and check each block's",
    "state hash (the node must not be writing to it meanwhile).",
  ],
  flags: FLAGS,
  run,
});
