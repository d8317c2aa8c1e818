// `npm run soak:network -- --minutes 30`: the network kill suite (test/network/network-kills.test.ts) as a
// soak: CometBFT, app and both-process kills in turn for that long on a 4-validator network, then
// one app hash at every height and nothing committed lost. Not part of npm test.

import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { minutes: { type: "string", default: "30" }, help: { type: "boolean", short: "h" } }, strict: true });
if (values.help) {
  process.stdout.write("Usage: npm run soak:network -- [--minutes N]\n\nKills of every kind in turn on a real 4-validator CometBFT network for N minutes (default 30).\n");
  process.exit(0);
}
const minutes = Number(values.minutes);
if (!Number.isFinite(minutes) || minutes <= 0) {
  process.stderr.write(`error: --minutes ${JSON.stringify(values.minutes)}: a positive number of minutes\n`);
  process.exit(2);
}
const r = spawnSync(process.execPath, ["--import", "tsx", "test/run.ts", "test", "^network-kills\\.test\\.ts$"], {
  stdio: "inherit", env: { ...process.env, NETWORK_SOAK_MINUTES: String(minutes) },
});
process.exit(r.status ?? 1);
