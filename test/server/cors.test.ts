// CORS (--cors-origins): off by default on REST and RPC; with it, the preflight and every answer
// (errors included) carry the allowed origin, and other origins get no CORS headers.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConfigError, parseConfig } from "../../host/config.js";
import { run, type RunningNode } from "../../host/main.js";
import { loadCore } from "../../host/core/core.js";
import { devAddress } from "../../host/app/genesis.js";
import { wasm } from "../helpers/node.js";

const APP = "http://localhost:5173";
const dir = await mkdtemp(join(tmpdir(), "cors-"));
const quiet = { out: () => {}, err: () => {} };
async function start(extra: string[], name: string): Promise<RunningNode> {
  const n = await run(["--port", "0", "--clock", "simulated", "--db", join(dir, `${name}.db`), ...extra], {}, quiet, { core: await loadCore(wasm) }); // a core per node
  if (typeof n === "number") throw new Error(`node exited ${n}`);
  return n;
}
const withList = await start(["--cors-origins", `${APP},https://wallet.example`], "list");
const off = await start([], "off");
test.after(async () => {
  await withList.close();
  await off.close();
  await rm(dir, { recursive: true, force: true });
});

const rpcBody = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "status", params: {} });

test("an allowed origin: preflight 204 and the header on answers and errors, REST and RPC", async () => {
  for (const [url, method] of [[`${withList.url}/cosmos/bank/v1beta1/balances/${devAddress(1)}`, "GET"], [withList.rpcUrl!, "POST"]] as const) {
    const pre = await fetch(url, {
      method: "OPTIONS",
      headers: { origin: APP, "access-control-request-method": method, "access-control-request-headers": "content-type" },
    });
    assert.is(pre.status, 204, url);
    assert.is(pre.headers.get("access-control-allow-origin"), APP);
    assert.match(pre.headers.get("access-control-allow-methods") ?? "", method);
    assert.match((pre.headers.get("access-control-allow-headers") ?? "").toLowerCase(), "content-type");
  }
  const ok = await fetch(`${withList.url}/cosmos/bank/v1beta1/balances/${devAddress(1)}`, { headers: { origin: APP } });
  assert.is(ok.status, 200);
  assert.is(ok.headers.get("access-control-allow-origin"), APP);
  const bad = await fetch(`${withList.url}/cosmos/bank/v1beta1/balances/cro1nope`, { headers: { origin: "https://wallet.example" } });
  assert.is(bad.status, 400);
  assert.is(bad.headers.get("access-control-allow-origin"), "https://wallet.example", "an error answer is readable by the page too");
  const rpc = await fetch(withList.rpcUrl!, { method: "POST", body: rpcBody, headers: { origin: APP, "content-type": "application/json" } });
  assert.is(rpc.status, 200);
  assert.is(rpc.headers.get("access-control-allow-origin"), APP);
  assert.is(((await rpc.json()) as any).result.node_info.network, "chainmain-local");
});

test("another origin, and a node without --cors-origins: no CORS headers", async () => {
  const other = await fetch(`${withList.url}/chainmain/tieredrewards/v1/tiers`, { headers: { origin: "https://evil.example" } });
  assert.is(other.status, 200);
  assert.is(other.headers.get("access-control-allow-origin"), null);
  for (const url of [`${off.url}/chainmain/tieredrewards/v1/tiers`, off.rpcUrl!]) {
    const pre = await fetch(url, { method: "OPTIONS", headers: { origin: APP, "access-control-request-method": "POST" } });
    assert.is(pre.headers.get("access-control-allow-origin"), null, url);
  }
});

test("--cors-origins: * or exact origins; anything else is a clear error", () => {
  const origins = (text: string) => {
    const r = parseConfig(["--cors-origins", text]);
    return r.kind === "run" ? r.config.corsOrigins : undefined;
  };
  assert.is(origins("*"), "*");
  assert.equal(origins(" http://localhost:5173 , https://a.example:8443 "), ["http://localhost:5173", "https://a.example:8443"]);
  assert.is((parseConfig([]) as { config: { corsOrigins?: unknown } }).config.corsOrigins, undefined);
  for (const [text, message] of [
    ["", "give * or a comma-separated list"],
    ["localhost:5173", "not an origin"],
    ["http://localhost:5173/", "did you mean http://localhost:5173"],
    ["ftp://files.example", "not an origin"],
  ]) {
    assert.throws(() => parseConfig(["--cors-origins", text]), (e: unknown) => e instanceof ConfigError && (e as Error).message.includes(message), text);
  }
});

test.run();
