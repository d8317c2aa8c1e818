// Shared by the server-*.test.ts suites: a fresh core per chain, the node's chain in memory on
// the default genesis (simulated or real clock) with its app, the emission engine run directly for
// comparison, genesis overrides and their errors, and the exact JSON of the params routes.

import * as assert from "uvu/assert";
import { readFile } from "node:fs/promises";
import { loadCore, type Core } from "../../host/core/core.js";
import { CORE_WASM } from "../../host/core/node.js";
import { Emission, DEFAULT_EMISSION_PARAMS } from "../../host/core/emission.js";
import { defaultGenesisJson, genesisWithOverride, type Json } from "../../host/app/genesis.js";
import { ValidationError } from "../../host/errors.js";
import { NodeChain } from "../../host/drivers/embedded.js";
import { createApp } from "../../host/server/app.js";
import { parseTimestamp } from "../../host/wire/gateway-json.js";

export const wasm = await WebAssembly.compile(await readFile(CORE_WASM));
/** A fresh core: each chain owns one (its emission state lives in the core's memory). */
export const newCore = (): Promise<Core> => loadCore(wasm);
export const core = await newCore(); // for parsing and for the direct reference runs

export const S = 1_000_000_000n;
export const LAUNCH = 9_850_000_000_000_000_000n;
export const GENESIS_NS = parseTimestamp("2026-01-01T00:00:00Z");

/** The node's chain in memory on the default genesis (no database), its own core. */
export async function simulatedChain(blockTimeNs = 5n * S): Promise<NodeChain> {
  return NodeChain.inMemory(await newCore(), defaultGenesisJson(), blockTimeNs);
}

export async function realClockChain(blockTimeNs: bigint, now?: () => bigint): Promise<NodeChain> {
  return NodeChain.inMemory(await newCore(), defaultGenesisJson(), blockTimeNs, { clock: "real", ...(now ? { now } : {}) });
}

export async function appFor(chain: NodeChain, chainSegment = "chainmain") {
  const app = createApp(chain, { chainSegment, logError: () => {} });
  const call = async (path: string, method = "GET") => {
    const res = await app.request(path, { method });
    return { status: res.status, type: res.headers.get("content-type"), body: await res.text() };
  };
  return { app, call };
}

/** The emission engine run directly on its own core, for comparison. */
export function direct(blocks: bigint) {
  const em = new Emission(core);
  em.configure(DEFAULT_EMISSION_PARAMS);
  em.setState({ height: 0n, totalSupply: LAUNCH, burned: 0n });
  let minted = 0n;
  for (let i = 0n; i < blocks; i++) minted += em.advance(1n).minted;
  return { last: em.last(), minted };
}

export const json = (v: unknown) => JSON.stringify(v);

/** The promise `f` returns rejects, with an error that passes `check`. */
export async function rejects(f: () => Promise<unknown>, check: (e: Error) => boolean = () => true): Promise<void> {
  let error: unknown;
  try {
    await f();
  } catch (e) {
    error = e;
  }
  assert.ok(error instanceof Error, "expected a rejection");
  assert.ok(check(error as Error), `unexpected error: ${(error as Error).message}`);
}
export const errorJson = (code: number, message: string) => json({ code, message, details: [] });

export function genesisError(override: Json): string {
  try {
    genesisWithOverride(override, core.dec);
  } catch (e) {
    assert.instance(e, ValidationError);
    return (e as Error).message;
  }
  assert.unreachable("expected a ValidationError");
  return "";
}

export const inflationOverride = (params: Json, extra: { [k: string]: Json } = {}): Json => ({
  app_state: { inflation: { params, ...extra } },
});

export const MINT_PARAMS = json({
  params: {
    mint_denom: "basecro",
    inflation_rate_change: "0.000000000000000000",
    inflation_max: "0.010000000000000000",
    inflation_min: "0.010000000000000000",
    goal_bonded: "0.670000000000000000",
    blocks_per_year: "6311520",
  },
});
export const INFLATION_PARAMS = json({
  params: {
    max_supply: "10000000000000000000",
    burned_addresses: ["cro1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqtcgxmv"],
    decay_rate: "0.068000000000000000",
  },
});
