// `--fork-url URL [--fork-height H]`: a running chain-main node's state at H (default: its latest)
// read by its own queries (source.ts, state.ts, distribution.ts) into an SDK export document, which
// dev/fork.ts then forks as it forks a file.

import { openSource, ForkUrlError } from "./source.js";
import { readState } from "./state.js";
import type { Json } from "../../framework/genesis-json.js";

export { ForkUrlError };

/** The node at `url` read at `height`: its export document, and what was derived rather than read. */
export async function readForkUrl(url: string, height: bigint | undefined, progress: (line: string) => void): Promise<{ doc: Json; lines: string[]; height: bigint }> {
  const source = await openSource(url, height);
  progress(`fork: reading ${source.url} (${source.kind === "rpc" ? "CometBFT RPC" : "REST"}) at height ${source.height}${height === undefined ? " (its latest)" : ""}`);
  return { ...(await readState(source, progress)), height: source.height };
}
