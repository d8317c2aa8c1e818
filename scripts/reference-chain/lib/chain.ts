// A single-validator chain-maind as BUILD.md's "Run it as the recording did": init a home, lay the
// recorded genesis' app_state and consensus params over it, gentx of dev key 1 (10 B CRO, commission
// 0.1 / 0.2 / 0.01), collect-gentxs, 1 s blocks, minimum gas price 0basecro, REST enabled, ports of
// our own. Start, wait for blocks, stop.

import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { toHex } from "@cosmjs/encoding";
import { devPrivateKey } from "./keys.js";

export const CHAIN_ID = "chainmain-local";
/** 10 B CRO self-delegation of the genesis validator (dev key 1), as the recorded genesis' gentx. */
export const GENTX_AMOUNT = "1000000000000000000basecro";

export interface Ports { rpc: number; p2p: number; proxy: number; api: number; grpc: number }
export interface Chain {
  home: string;
  bin: string;
  ports: Ports;
  rpc: string;
  rest: string;
  /** The genesis the chain started from (after collect-gentxs). */
  genesis: any;
  proc?: ChildProcess;
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((res, rej) => { s.once("error", rej); s.listen(0, "127.0.0.1", res); });
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((res) => s.close(() => res()));
  return port;
}

export async function choosePorts(base?: number): Promise<Ports> {
  if (base !== undefined) return { rpc: base, p2p: base + 1, proxy: base + 2, api: base + 3, grpc: base + 4 };
  return { rpc: await freePort(), p2p: await freePort(), proxy: await freePort(), api: await freePort(), grpc: await freePort() };
}

/** Sets `key = value` in a TOML section ("" = top level), the line as chain-maind wrote it. */
export function setToml(text: string, section: string, key: string, value: string): string {
  const lines = text.split("\n");
  let current = "";
  for (let i = 0; i < lines.length; i++) {
    const m = /^\s*\[([^\]]+)\]\s*$/.exec(lines[i]!);
    if (m) { current = m[1]!; continue; }
    if (current === section && new RegExp(`^\\s*${key.replace(/[-.]/g, "\\$&")}\\s*=`).test(lines[i]!)) {
      lines[i] = `${key} = ${value}`;
      return lines.join("\n");
    }
  }
  throw new Error(`no ${key} in [${section || "top level"}]`);
}

const run = (bin: string, args: string[], input?: string) =>
  execFileSync(bin, args, { encoding: "utf8", input, stdio: ["pipe", "pipe", "pipe"] });

/** A fresh home: init, genesis from `reference` (app_state and consensus params; gen_txs emptied), gentx, collect-gentxs, config. */
export function initHome(bin: string, home: string, reference: any, ports: Ports): Chain {
  rmSync(home, { recursive: true, force: true });
  mkdirSync(home, { recursive: true });
  run(bin, ["init", "val1", "--chain-id", CHAIN_ID, "--home", home]);
  run(bin, ["keys", "import-hex", "dev1", toHex(devPrivateKey(1)), "--key-type", "secp256k1", "--keyring-backend", "test", "--home", home]);

  const genesisPath = join(home, "config", "genesis.json");
  const genesis = JSON.parse(readFileSync(genesisPath, "utf8"));
  genesis.app_state = structuredClone(reference.app_state);
  genesis.app_state.genutil = { gen_txs: [] };
  genesis.consensus = structuredClone(reference.consensus);
  writeFileSync(genesisPath, JSON.stringify(genesis, null, 2));

  run(bin, ["genesis", "gentx", "dev1", GENTX_AMOUNT, "--chain-id", CHAIN_ID, "--moniker", "val1",
    "--commission-rate", "0.1", "--commission-max-rate", "0.2", "--commission-max-change-rate", "0.01",
    "--min-self-delegation", "1", "--ip", "192.0.2.2", "--keyring-backend", "test", "--home", home]);
  run(bin, ["genesis", "collect-gentxs", "--home", home]);
  run(bin, ["genesis", "validate", "--home", home]);

  const cfgPath = join(home, "config", "config.toml");
  let cfg = readFileSync(cfgPath, "utf8");
  cfg = setToml(cfg, "", "proxy_app", `"tcp://127.0.0.1:${ports.proxy}"`);
  cfg = setToml(cfg, "rpc", "laddr", `"tcp://127.0.0.1:${ports.rpc}"`);
  cfg = setToml(cfg, "rpc", "pprof_laddr", `""`);
  cfg = setToml(cfg, "p2p", "laddr", `"tcp://127.0.0.1:${ports.p2p}"`);
  cfg = setToml(cfg, "consensus", "timeout_commit", `"1s"`);
  writeFileSync(cfgPath, cfg);

  const appPath = join(home, "config", "app.toml");
  let app = readFileSync(appPath, "utf8");
  app = setToml(app, "", "minimum-gas-prices", `"0basecro"`);
  app = setToml(app, "api", "enable", "true");
  app = setToml(app, "api", "address", `"tcp://127.0.0.1:${ports.api}"`);
  app = setToml(app, "grpc", "address", `"127.0.0.1:${ports.grpc}"`);
  writeFileSync(appPath, app);

  return {
    home, bin, ports, rpc: `http://127.0.0.1:${ports.rpc}`, rest: `http://127.0.0.1:${ports.api}`,
    genesis: JSON.parse(readFileSync(genesisPath, "utf8")),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function latestHeight(chain: Chain): Promise<number> {
  const res = await fetch(`${chain.rpc}/status`);
  const body: any = await res.json();
  return Number(body.result.sync_info.latest_block_height);
}

export async function waitHeight(chain: Chain, height: number, timeoutMs = 60_000): Promise<number> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      const h = await latestHeight(chain);
      if (h >= height) return h;
    } catch { /* not up yet */ }
    if (Date.now() > end) throw new Error(`chain did not reach height ${height} in ${timeoutMs} ms (log: ${chain.home}/chain.log)`);
    await sleep(250);
  }
}

/** Starts chain-maind; resolves once height 2 is committed and REST answers. */
export async function start(chain: Chain): Promise<void> {
  const log = createWriteStream(join(chain.home, "chain.log"));
  const proc = spawn(chain.bin, ["start", "--home", chain.home], { stdio: ["ignore", "pipe", "pipe"] });
  proc.stdout!.pipe(log);
  proc.stderr!.pipe(log);
  chain.proc = proc;
  proc.once("exit", (code, signal) => { if (chain.proc === proc) console.error(`chain-maind exited (${code ?? signal})`); });
  await waitHeight(chain, 2);
  for (let i = 0; i < 120; i++) {
    try { if ((await fetch(`${chain.rest}/cosmos/base/tendermint/v1beta1/node_info`)).ok) return; } catch { /* not yet */ }
    await sleep(250);
  }
  throw new Error("REST did not answer");
}

export async function stop(chain: Chain): Promise<void> {
  const proc = chain.proc;
  if (proc === undefined || proc.exitCode !== null) return;
  chain.proc = undefined;
  const exited = new Promise<void>((r) => proc.once("exit", () => r()));
  proc.kill("SIGTERM");
  const t = setTimeout(() => proc.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(t);
}

export const binaryExists = (bin: string) => existsSync(bin);
export const chainVersion = (bin: string) => run(bin, ["version", "--long", "--output", "json"]);
