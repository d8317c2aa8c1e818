// `npm run test:module -- <module>`: one module's suites (test/modules/<module>/), through npm
// test's own runner (test/run.ts). `npm run test:module -- --help` lists the modules.

import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const MODULES = fileURLToPath(new URL("./modules/", import.meta.url));
const modules = readdirSync(MODULES).sort();
const name = process.argv[2];
if (name === undefined || name === "--help" || name === "-h") {
  console.log(`Usage: npm run test:module -- <module>\n\nRuns test/modules/<module>/*.test.ts. Modules with suites: ${modules.join(", ")}`);
  process.exit(name === undefined ? 2 : 0);
}
if (!existsSync(`${MODULES}${name}`)) {
  console.error(`test:module: no suites for module "${name}" (test/modules/${name}/); modules with suites: ${modules.join(", ")}`);
  process.exit(2);
}
process.argv.splice(2, process.argv.length - 2, `test/modules/${name}`, "\\.test\\.ts$");
await import("./run.js");
