// GET /dev/keplr-chain-info checked by Keplr's own code (@keplr-wallet/chain-validator, what the
// extension runs on experimentalSuggestChain): the ChainInfo schema, its REST and RPC endpoints
// answering with the chain id (the RPC's websocket too), CRO's bech32 prefixes and coin type, and
// gas price steps that follow --minimum-gas-prices.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRequire } from "node:module";
import WebSocket from "ws";
import { stringToPath } from "@cosmjs/crypto";
import { DirectSecp256k1HdWallet } from "@cosmjs/proto-signing";
import type * as Validator from "@keplr-wallet/chain-validator";
import { loadCore } from "../../host/core/core.js";
import { run, type RunningNode } from "../../host/main.js";
import { addKey } from "../../host/cli/keyring.js";
import { wasm } from "../helpers/node.js";

// The validator is CommonJS.
const keplr = createRequire(import.meta.url)("@keplr-wallet/chain-validator") as typeof Validator;
const dir = await mkdtemp(join(tmpdir(), "keplr-"));
const quiet = { out: () => {}, err: () => {} };

async function start(args: string[]): Promise<RunningNode> {
  const r = await run(["--port", "0", "--clock", "simulated", ...args], {}, quiet, { core: await loadCore(wasm) });
  if (typeof r === "number") throw new Error(`node exited ${r}`);
  return r;
}

test.after(async () => {
  await rm(dir, { recursive: true, force: true });
});

test("Keplr's validator accepts the chain info, and its REST and RPC (with websocket) answer the chain id", async () => {
  const node = await start(["--db", join(dir, "a.db")]);
  try {
    const info = (await (await fetch(`${node.url}/dev/keplr-chain-info`)).json()) as any;
    const checked = await keplr.validateBasicChainInfoType(info);
    assert.is(checked.chainId, "chainmain-local");
    assert.is(info.rest, node.url);
    assert.is(info.rpc, node.rpcUrl);
    await keplr.checkRestConnectivity(info.chainId, info.rest);
    await keplr.checkRPCConnectivity(info.chainId, info.rpc, (url) => new WebSocket(url));
    assert.equal(info.bip44, { coinType: 394 });
    assert.equal(info.bech32Config, {
      bech32PrefixAccAddr: "cro", bech32PrefixAccPub: "cropub", bech32PrefixValAddr: "crocncl", bech32PrefixValPub: "crocnclpub",
      bech32PrefixConsAddr: "crocnclcons", bech32PrefixConsPub: "crocnclconspub",
    });
    const cro = { coinDenom: "CRO", coinMinimalDenom: "basecro", coinDecimals: 8 };
    assert.equal(info.stakeCurrency, cro);
    assert.equal(info.currencies, [cro]);
    assert.equal(info.feeCurrencies, [{ ...cro, gasPriceStep: { low: 0.025, average: 0.03, high: 0.04 } }]);
    // A key of `npm run keys` is the account Keplr derives with this coin type.
    const key = addKey(join(dir, "keyring.json"), "k");
    const hd = await DirectSecp256k1HdWallet.fromMnemonic(key.mnemonic, { prefix: info.bech32Config.bech32PrefixAccAddr, hdPaths: [stringToPath(`m/44'/${info.bip44.coinType}'/0'/0/0`)] });
    assert.is((await hd.getAccounts())[0]!.address, key.address);
  } finally {
    await node.close();
  }
});

test("gas price steps start at --minimum-gas-prices (low : average : high as 0.025 : 0.03 : 0.04); no RPC is a clear error", async () => {
  const node = await start(["--db", join(dir, "b.db"), "--minimum-gas-prices", "0.05basecro,0.5uatom"]);
  try {
    const info = (await (await fetch(`${node.url}/dev/keplr-chain-info`)).json()) as any;
    await keplr.validateBasicChainInfoType(info);
    assert.equal(info.feeCurrencies.map((f: any) => [f.coinMinimalDenom, f.gasPriceStep]), [
      ["basecro", { low: 0.05, average: 0.06, high: 0.08 }],
      ["uatom", { low: 0.5, average: 0.6, high: 0.8 }],
    ]);
  } finally {
    await node.close();
  }
  const noRpc = await start(["--db", join(dir, "c.db"), "--rpc-port", "off"]);
  try {
    const res = await fetch(`${noRpc.url}/dev/keplr-chain-info`);
    assert.is(res.status, 400);
    assert.match(((await res.json()) as { message: string }).message, /--rpc-port off/);
  } finally {
    await noRpc.close();
  }
});

test.run();
