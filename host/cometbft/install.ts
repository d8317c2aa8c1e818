// `npm run cometbft`: CometBFT as the reference pins it, built with `go install` into .tools/bin
// (ignored by git), unless it is there already. Needs Go and the Go module proxy.

import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname } from "node:path";
import { COMETBFT, COMETBFT_VERSION } from "./home.js";

export function ensureCometbft(log: (line: string) => void = (l) => process.stderr.write(`${l}\n`)): void {
  if (existsSync(COMETBFT)) {
    const v = spawnSync(COMETBFT, ["version"], { encoding: "utf8" });
    if (v.status === 0 && `v${v.stdout.trim()}` === COMETBFT_VERSION) return;
  }
  log(`installing cometbft ${COMETBFT_VERSION} into ${dirname(COMETBFT)} (go install; a few minutes the first time)`);
  const r = spawnSync("go", ["install", `github.com/cometbft/cometbft/cmd/cometbft@${COMETBFT_VERSION}`], {
    stdio: "inherit", env: { ...process.env, GOBIN: dirname(COMETBFT) },
  });
  if (r.error) throw new Error(`go install failed: ${r.error.message} (is Go installed? https://go.dev/dl)`);
  if (r.status !== 0) throw new Error(`go install github.com/cometbft/cometbft/cmd/cometbft@${COMETBFT_VERSION} exited ${r.status}`);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop()!)) {
  try {
    ensureCometbft();
    process.stdout.write(`${COMETBFT} (cometbft ${COMETBFT_VERSION})\n`);
  } catch (e) {
    process.stderr.write(`error: ${(e as Error).message}\n`);
    process.exit(1);
  }
}
