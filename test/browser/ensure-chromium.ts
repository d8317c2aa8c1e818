// Run by `npm test` before the suites: the browser suite needs Debian's Chromium. Installs it when
// it can (root with apt-get, as .ci/run does); otherwise stops at once with the one command to run.

import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM = "/usr/bin/chromium";
const INSTALL = "apt-get update && apt-get install -y chromium";

if (!existsSync(CHROMIUM)) {
  const root = process.getuid?.() === 0;
  const apt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  if (root && apt) {
    process.stderr.write(`npm test: ${CHROMIUM} is missing (test/browser needs it): installing Debian's chromium\n`);
    const r = spawnSync("sh", ["-c", INSTALL], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    if (r.status !== 0 || !existsSync(CHROMIUM)) {
      process.stderr.write(`npm test: installing chromium failed; run as root: ${INSTALL}\n`);
      process.exit(1);
    }
  } else {
    process.stderr.write(`npm test: ${CHROMIUM} is missing (test/browser needs Debian's chromium); run as root: ${INSTALL}\n`);
    process.exit(1);
  }
}
