// `npm run bench -- network`'s BENCH_NETWORK_COMET_CONFIG: `section.key=value,…` read into the
// config.toml values every node's CometBFT is made with (host/cometbft/home.ts), a part without
// `=` refused rather than ignored.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { cometConfigOf } from "../../bench/network.js";

test("BENCH_NETWORK_COMET_CONFIG: values as written, keys trimmed; a part without a key refused", () => {
  assert.equal(cometConfigOf('tx_index.indexer="null", mempool.recheck=false,log_level="error"'), {
    "tx_index.indexer": '"null"', "mempool.recheck": "false", log_level: '"error"',
  });
  assert.throws(() => cometConfigOf("mempool.recheck"), /not section\.key=value/);
  assert.throws(() => cometConfigOf("=1"), /not section\.key=value/);
});

test.run();
