// `npm start` / `bench` / `replay` build the core only when it is stale (host/build-if-stale.ts).

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, mkdir, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { coreIsStale, webIsStale } from "../../host/build-if-stale.js";

test("the build is stale when the core, the generated wire codecs or the generated ABI are missing, or older than assembly/ (assembly/abi/ for the ABI), asconfig.json, package-lock.json or proto/", async () => {
  const root = await mkdtemp(join(tmpdir(), "build-test-"));
  try {
    await mkdir(join(root, "assembly", "ledger"), { recursive: true });
    await mkdir(join(root, "build"));
    await mkdir(join(root, "proto", "chainmain"), { recursive: true });
    await writeFile(join(root, "proto", "chainmain", "tx.proto"), "");
    for (const f of ["proto/chainmain/tx.proto", "proto/chainmain", "proto"]) await utimes(join(root, f), 1000, 1000);
    const at = (path: string, seconds: number) => utimes(join(root, path), seconds, seconds);
    for (const f of ["assembly/ledger/block.ts", "asconfig.json", "package-lock.json"]) await writeFile(join(root, f), "");
    for (const f of ["assembly/ledger/block.ts", "assembly/ledger", "assembly", "asconfig.json", "package-lock.json"]) await at(f, 1000);
    assert.is(coreIsStale(root), true, "no build");
    await writeFile(join(root, "build/core.wasm"), "");
    await at("build/core.wasm", 2000);
    assert.is(coreIsStale(root), true, "no generated codecs (host/wire/gen)");
    await mkdir(join(root, "host", "wire", "gen"), { recursive: true });
    assert.is(coreIsStale(root), true, "no static readers (host/wire/gen-fast)");
    await mkdir(join(root, "host", "wire", "gen-fast"), { recursive: true });
    assert.is(coreIsStale(root), true, "no generated ABI (host/core/abi.gen.ts)");
    await mkdir(join(root, "host", "core"));
    await writeFile(join(root, "host/core/abi.gen.ts"), "");
    await at("host/core/abi.gen.ts", 2000);
    assert.is(coreIsStale(root), false, "built after every input");
    await at("proto/chainmain/tx.proto", 3000);
    assert.is(coreIsStale(root), true, "the wire schema changed");
    await at("proto/chainmain/tx.proto", 1000);
    await writeFile(join(root, "buf.gen.fast.yaml"), "");
    await at("buf.gen.fast.yaml", 3000);
    assert.is(coreIsStale(root), true, "the static readers' template changed");
    await at("buf.gen.fast.yaml", 1000);
    await at("assembly/ledger/block.ts", 3000);
    assert.is(coreIsStale(root), true, "a source file deep in assembly/ changed");
    await at("assembly/ledger/block.ts", 1000);
    await at("package-lock.json", 3000);
    assert.is(coreIsStale(root), true, "the compiler's version may have changed");
    await at("package-lock.json", 1000);
    await mkdir(join(root, "assembly", "abi"));
    await writeFile(join(root, "assembly/abi/position.ts"), "");
    await at("assembly/abi/position.ts", 1500);
    await at("assembly/abi", 1000);
    await at("assembly", 1000);
    await at("build/core.wasm", 1600);
    await at("host/core/abi.gen.ts", 1400);
    assert.is(coreIsStale(root), true, "a boundary record changed after the ABI was generated");
    await at("host/core/abi.gen.ts", 2000);
    assert.is(coreIsStale(root), false, "the ABI generated after it");
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

test("the web build is stale when missing or older than host/ (the worker bundles the chain), tsconfig.web.json or the core", async () => {
  const root = await mkdtemp(join(tmpdir(), "build-test-"));
  try {
    for (const d of ["host/web/dashboard", "host/core", "host/app", "build/web/dashboard"]) await mkdir(join(root, d), { recursive: true });
    const at = (path: string, seconds: number) => utimes(join(root, path), seconds, seconds);
    const inputs = ["host/web/dashboard/app.ts", "host/core/core.ts", "host/app/application.ts", "tsconfig.web.json", "build/core.wasm"];
    for (const f of inputs) await writeFile(join(root, f), "");
    for (const f of [...inputs, "host/web/dashboard", "host/web", "host/core", "host/app", "host"]) await at(f, 1000);
    assert.is(webIsStale(root), true, "no web build");
    await writeFile(join(root, "build/web/dashboard/index.html"), "");
    await at("build/web/dashboard/index.html", 2000);
    assert.is(webIsStale(root), false, "built after every input");
    await at("host/web/dashboard/app.ts", 3000);
    assert.is(webIsStale(root), true, "the dashboard's source changed");
    await at("host/web/dashboard/app.ts", 1000);
    await at("host/app/application.ts", 3000);
    assert.is(webIsStale(root), true, "the chain the scenario worker bundles changed");
    await at("host/app/application.ts", 1000);
    await at("build/core.wasm", 3000);
    assert.is(webIsStale(root), true, "the core was rebuilt");
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

test.run();
