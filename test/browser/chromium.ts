// Launching Debian's Chromium for the browser suites (playwright-core, headless), and the
// directory their screenshots go to (test-output/, ignored by git).

import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { chromium, type Browser } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
/** Each Playwright step (launch, navigation, evaluate). */
export const STEP_TIMEOUT_MS = 30_000;

export const TEST_OUTPUT = fileURLToPath(new URL("../../test-output/", import.meta.url));

export function requireChromium(): void {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} not found: this test needs Debian's chromium. Install it with ` +
        "`apt-get install -y chromium` (as root; `npm test` does this when it can).",
    );
  }
}

export async function launchChromium(): Promise<Browser> {
  requireChromium();
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: STEP_TIMEOUT_MS });
}

export async function outputDir(): Promise<string> {
  await mkdir(TEST_OUTPUT, { recursive: true });
  return TEST_OUTPUT;
}
