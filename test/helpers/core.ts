// One core instance per test file, from the release build.
import { loadCoreFromFile } from "../../host/core/node.js";

export const core = await loadCoreFromFile();
