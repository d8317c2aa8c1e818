import { test } from "uvu";
import * as assert from "uvu/assert";
import { readdirSync } from "node:fs";
import { GOLDEN_DIR } from "./vectors.js";

test(`the golden directory ${GOLDEN_DIR} holds vectors`, () => {
  const files = readdirSync(GOLDEN_DIR).filter((f) => /^(dec|inflation|rewards)\.json$/.test(f));
  assert.ok(files.length > 0, `no dec.json, inflation.json or rewards.json in ${GOLDEN_DIR}`);
});

test.run();
