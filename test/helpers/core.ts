// One core instance per test file, from the release build.
import { loadCoreFromFile } from "../../host/core/node.js";

export const core = await loadCoreFromFile();

import { CoreError } from "../../host/core/errors.js";
import { U128_MAX } from "../../host/core/core.js";

/** Run the core; its error's code name ("OVERFLOW", "UNDERFLOW", …) for a CoreError, else the value. */
export function outcome(f: () => bigint): bigint | string {
  try {
    return f();
  } catch (e) {
    if (e instanceof CoreError) return e.codeName;
    throw e;
  }
}

/** What the core must answer for an exact result `v`: magnitude first, then sign (docs/core.md). */
export function precedence(v: bigint): bigint | string {
  if (v > U128_MAX || v < -U128_MAX) return "OVERFLOW";
  if (v < 0n) return "UNDERFLOW";
  return v;
}
