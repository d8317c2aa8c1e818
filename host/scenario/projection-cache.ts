// A scenario's projection (`simulate`'s result) kept on disk, keyed by the scenario's hash, so that
// `estimate --scenario` runs a 5-year scenario once and reads it back after: the key is a sha256
// of the whole scenario document (every default filled in), the genesis it resolves to (a genesis
// file's content included), the block time, the core's bytes and the simulation's own source, so
// any change to what the run depends on is a new key. The directory is STAKING_ENGINE_CACHE_DIR,
// else .cache/projections in the repository (ignored by git).

import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Json } from "../app/genesis.js";
import { CORE_WASM } from "../core/node.js";
import { fullScenarioDoc } from "./sim-genesis.js";
import type { Simulation } from "./sim-types.js";

/** Bumped when the cached record's shape changes. */
const FORMAT = 2;
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SOURCES = ["sim-run.ts", "sim-plans.ts", "sim-txs.ts", "sim-genesis.ts", "sim-signer.ts", "scenario.ts", "genesis-input.ts"];

export function cacheDir(): string {
  return process.env.STAKING_ENGINE_CACHE_DIR ?? join(ROOT, ".cache", "projections");
}

/** The projection's key: what the run depends on, hashed. */
export async function projectionKey(scenarioDoc: Json, genesisDoc: Json, blockTimeNs: bigint): Promise<string> {
  const h = createHash("sha256");
  h.update(`format ${FORMAT}\n`);
  h.update(JSON.stringify(fullScenarioDoc(scenarioDoc)));
  h.update(JSON.stringify(genesisDoc));
  h.update(`${blockTimeNs}\n`);
  h.update(await readFile(CORE_WASM));
  for (const f of SOURCES) h.update(await readFile(new URL(`./${f}`, import.meta.url)));
  return h.digest("hex");
}

// Bigints tagged in JSON: a prefix no scenario text starts with.
const TAG = "\u0000n:";
const replacer = (_: string, v: unknown) => (typeof v === "bigint" ? `${TAG}${v}` : v);
const reviver = (_: string, v: unknown) => (typeof v === "string" && v.startsWith(TAG) ? BigInt(v.slice(TAG.length)) : v);

/** The cached projection of `key`, without its genesis (the caller has it), or undefined. */
export async function readProjection(key: string): Promise<Omit<Simulation, "genesis"> | undefined> {
  try {
    return JSON.parse(await readFile(join(cacheDir(), `${key}.json`), "utf8"), reviver) as Omit<Simulation, "genesis">;
  } catch {
    return undefined; // absent or unreadable: run it again
  }
}

/** Keep a projection under its key (written aside, then renamed: a reader never sees half a file). */
export async function writeProjection(key: string, sim: Simulation): Promise<void> {
  const { genesis: _, ...rest } = sim;
  const dir = cacheDir();
  await mkdir(dir, { recursive: true });
  const tmp = join(dir, `${key}.${process.pid}.tmp`);
  await writeFile(tmp, JSON.stringify(rest, replacer));
  await rename(tmp, join(dir, `${key}.json`));
}
