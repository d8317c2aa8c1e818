// What InitGenesis works with, for every module: the core's placer of exported records, and a core
// refusal of one placed record reported at the document path of what was placed.

import { ValidationError } from "../errors.js";
import { CoreError } from "../core/errors.js";
import type { GenesisPlacer } from "../core/genesis-records.js";

export type { GenesisPlacer };

/** Wrap a core refusal of a placed record with the path of what was placed. */
export function at<T>(path: string, place: () => T): T {
  try {
    return place();
  } catch (e) {
    if (e instanceof CoreError) throw new ValidationError(`the core refused it: ${e.message}`, path);
    throw e;
  }
}
