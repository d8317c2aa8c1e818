// The built client package (build/web/client.js, not host/) as an app gets it: installed by path
// into a new project (temp-project.ts), `tiered-rewards-engine/client` resolving to build/, its
// only imports the peers the app provides; run by plain Node and, bundled by esbuild for the
// browser, in Chromium against a node on another origin. Against a node with a minimum gas price:
// `fee: "auto"` pays exactly the node's minimum × the gas CosmJS asks for, read through the node
// service's Config over abci_query (as chain-maind answers it).

import { test } from "uvu";
import * as assert from "uvu/assert";
import { fromBinary } from "@bufbuild/protobuf";
import { realpath, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { ConfigResponseSchema } from "../../host/wire/gen/cosmos/base/node/v1beta1/query_pb.js";
import { devAddress } from "../../host/app/genesis.js";
import { get, rpc, startNode, until } from "../helpers/dev-node.js";
import { STEP_TIMEOUT_MS, launchChromium } from "../browser/chromium.js";
import { REPO, shAsync, tempProject, typecheck } from "./temp-project.js";

const dir = await tempProject("client-package-");
const node = await startNode(["--dev", "--rpc-port", "0", "--db", join(dir, "chain.db"), "--minimum-gas-prices", "0.05basecro", "--cors-origins", "*"]);
let server: Server | undefined;
test.after(async () => {
  server?.close();
  await node.close();
  await rm(dir, { recursive: true, force: true });
});

/** The app's code: dev key 7 sends 1 basecro to dev key 8 with fee "auto"; what it saw. */
const APP = (rpcUrl: string) => `import { DEV_KEY_COUNT, chainAminoTypes, chainRegistry, connect, devWallet } from "tiered-rewards-engine/client";
const client = await connect(${JSON.stringify(rpcUrl)}, 7);
const sent = await client.sendTokens(client.address, ${JSON.stringify(devAddress(8))}, [{ denom: "basecro", amount: "1" }], "auto");
const wallet = await devWallet(8);
const result = {
  code: sent.code, hash: sent.transactionHash, gasWanted: String(sent.gasWanted), address: client.address,
  keys: DEV_KEY_COUNT, dev8: (await wallet.getAccounts())[0].address,
  lockType: chainRegistry().lookupType("/chainmain.tieredrewards.v1.MsgLockTier") !== undefined,
  aminoName: chainAminoTypes().toAmino({ typeUrl: "/chainmain.inflation.v1.MsgUpdateParams", value: { authority: "cro1x", params: {} } }).type,
};
client.disconnect();
export default result;
`;

/** The fee the tx paid (REST), once it is in a block. */
async function feeOf(hash: string): Promise<bigint> {
  let tx: any;
  await until(async () => {
    const r = await fetch(`${node.url}/cosmos/tx/v1beta1/txs/${hash}`);
    if (r.ok) tx = await r.json();
    return r.ok;
  }, `tx ${hash}`);
  assert.is(tx.tx_response.code, 0, tx.tx_response.raw_log);
  return BigInt(tx.tx.auth_info.fee.amount[0].amount);
}

/** What a run of the app saw, checked against the chain: the fee is ceil(0.05 × gas wanted). */
async function checkRun(r: Record<string, unknown>): Promise<void> {
  assert.is(r.code, 0);
  assert.is(r.address, devAddress(7));
  assert.is(r.dev8, devAddress(8));
  assert.is(r.keys, 9);
  assert.is(r.lockType, true);
  assert.is(r.aminoName, "chainmain/inflation/MsgUpdateParams");
  const gas = BigInt(r.gasWanted as string);
  assert.is(await feeOf(r.hash as string), (gas * 5n + 99n) / 100n, "fee = ceil(0.05 × gas)");
}

test("the node answers the node service's Config over abci_query: its minimum gas price as DecCoins", async () => {
  const r = await rpc(node, "abci_query", { path: "/cosmos.base.node.v1beta1.Service/Config", data: "" });
  assert.is(r.result.response.code, 0, JSON.stringify(r));
  const config = fromBinary(ConfigResponseSchema, Buffer.from(r.result.response.value, "base64"));
  assert.is(config.minimumGasPrice, "0.050000000000000000basecro");
  assert.is(config.haltHeight, 0n);
  assert.equal((await get(node, "/cosmos/base/node/v1beta1/config")).minimum_gas_price, "0.050000000000000000basecro");
});

test("installed by path: tiered-rewards-engine/client resolves to build/web/client.js, which imports only the app's peers", async () => {
  const resolved = (await shAsync(process.execPath, ["--input-type=module", "-e", 'console.log(import.meta.resolve("tiered-rewards-engine/client"))'], dir)).trim();
  assert.is(await realpath(fileURLToPath(resolved)), join(await realpath(REPO), "build", "web", "client.js"));
  const js = await readFile(join(REPO, "build", "web", "client.js"), "utf8");
  const specifiers = [...new Set([...js.matchAll(/\bfrom\s*"([^"]+)"/g)].map((m) => m[1]!))].sort();
  assert.ok(specifiers.length > 0);
  const peers = Object.keys(JSON.parse(await readFile(join(REPO, "package.json"), "utf8")).peerDependencies);
  assert.equal(specifiers.filter((s) => !peers.some((p) => s === p || s.startsWith(`${p}/`))), [], "every import is a peer dependency");
  assert.ok((await readFile(join(REPO, "build", "web", "client.d.ts"), "utf8")).includes("types/client/index.js"));
});

test("Node: the app (type-checked against the package's typings) sends with fee \"auto\" at the node's minimum gas price", async () => {
  const code = APP(node.rpcUrl!);
  await writeFile(join(dir, "app.ts"), code);
  typecheck(dir);
  await writeFile(join(dir, "app.mjs"), `${code}console.log(JSON.stringify(result));\n`);
  const out = await shAsync(process.execPath, ["app.mjs"], dir, 90_000);
  await checkRun(JSON.parse(out.trim().split("\n").pop()!));
});

test("a browser bundle (esbuild, no Node built-in) runs in Chromium and sends over the node's RPC from another origin", async () => {
  await writeFile(join(dir, "page.ts"), `${APP(node.rpcUrl!)}(globalThis as any).__result = result;\n`);
  const out = await build({
    absWorkingDir: dir, entryPoints: ["page.ts"], bundle: true, format: "esm", platform: "browser", target: "es2022",
    outfile: join(dir, "dist", "page.js"), metafile: true, logLevel: "silent",
  });
  const inputs = Object.keys(out.metafile.inputs);
  assert.ok(inputs.some((p) => p.endsWith("build/web/client.js")), inputs.filter((p) => p.includes("client")).join(", "));
  assert.not.ok(inputs.some((p) => p.includes("host/")), "the built package, not the sources");
  assert.not.ok(inputs.some((p) => p.startsWith("node:")), inputs.join(", "));
  const page = await readFile(join(dir, "dist", "page.js"));
  server = createServer((req, res) => {
    if (req.url === "/page.js") res.writeHead(200, { "content-type": "text/javascript" }).end(page);
    else res.writeHead(200, { "content-type": "text/html" }).end('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>dapp</title></head><body><script type="module" src="/page.js"></script></body></html>');
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const browser = await launchChromium();
  try {
    const tab = await browser.newPage();
    tab.setDefaultTimeout(STEP_TIMEOUT_MS);
    const log: string[] = [];
    tab.on("pageerror", (e) => log.push(e.message));
    tab.on("console", (m) => log.push(m.text()));
    await tab.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await tab.waitForFunction(() => "__result" in globalThis).catch((e: Error) => {
      throw new Error(`${e.message}\n${log.join("\n")}`);
    });
    await checkRun((await tab.evaluate(() => (globalThis as any).__result)) as Record<string, unknown>);
  } finally {
    await browser.close();
  }
});

test.run();
