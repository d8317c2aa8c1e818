// What a development node (--dev or --clock simulated) adds at start: the faucet and Keplr routes
// (host/dev/routes.ts), the cheat codes' routes (host/dev/cheats.ts) and the top-up of a keyring's keys (--keyring, host/cli/keyring.ts) from the
// reserve. Kept out of main.ts so a production node's start reads the same as before.

import { existsSync } from "node:fs";
import type { Hono } from "hono";
import type { GasPrice } from "../framework/gas.js";
import { keyringAddresses } from "../cli/keyring.js";
import { ConfigError, type Config } from "../config.js";
import type { DevChain } from "./chain.js";
import { registerDevRoutes, topUp } from "./routes.js";
import { registerCheatRoutes } from "./cheats.js";
import { Faucet } from "./faucet.js";
import { HD_FUND_AMOUNT, accountLines, hdAccounts } from "./accounts.js";
import { wallClockNs } from "../drivers/embedded.js";

/** A keyring key funded at start. */
export interface FundedKey {
  name: string;
  address: string;
  /** The send's tx hash. */
  txhash: string;
}

export interface DevMode {
  faucet: Faucet;
  /**
   * Top up the keyring's keys; returns those whose send was admitted (in a block already on a
   * simulated clock, in the next one on a real clock). Call once every route is registered.
   */
  fundKeyring(): Promise<FundedKey[]>;
  /** The HD accounts as the start prints them (Anvil's "Available Accounts"), a line each. */
  accountLines(): string[];
}

/** Register the dev routes on `app` (before anything is asked of it: Hono fixes its routes then). */
export function startDevMode(
  app: Hono, chain: DevChain, config: Config,
  o: { minGasPrices: readonly GasPrice[]; rpcUrl: () => string | undefined; commitTimeoutMs?: number },
): DevMode {
  const faucet = new Faucet(chain.node, o.minGasPrices);
  registerDevRoutes(app, chain.node, { faucet, ...o });
  registerCheatRoutes(app, chain);
  const accounts = config.hd ? hdAccounts(config.hd) : [];
  chain.startup.autoImpersonate = config.autoImpersonate === true;
  chain.setAutoImpersonate(chain.startup.autoImpersonate);
  const fund = async () => {
    // With a genesis file the HD accounts are not in it: the faucet tops them up (the default genesis and a fork hold them).
    if (config.genesisFile !== undefined && accounts.length > 0) await settle(chain, await topUp(app, faucet, accounts.map((a) => a.address), [{ denom: chain.node.bondDenom, amount: HD_FUND_AMOUNT }]));
    return fundKeyring(app, chain, config, faucet);
  };
  // reset: what the start does after genesis, again (main.ts: the funding, then block 1 under --dev).
  chain.startup.afterReset = async () => {
    await fund();
    if (!config.firstBlock || chain.node.latest.height > 0n) return;
    if (chain.node.clock === "simulated") await chain.node.advance(1n);
    else if (wallClockNs() >= chain.node.genesis.genesisTimeNs) await chain.node.mineNow();
  };
  return { faucet, fundKeyring: fund, accountLines: () => accountLines(accounts, config.hd!, chain.node.chainId) };
}

/** The start-up sends in a block (a simulated clock makes it now; a real one in its next block), each checked. */
async function settle(chain: DevChain, sends: { address: string; included: Promise<{ code: number; rawLog: string }> }[]): Promise<void> {
  if (sends.length === 0 || chain.node.clock !== "simulated") return;
  if (!chain.node.automine) await chain.node.advance(1n); // --automine made their blocks already
  for (const s of sends) {
    const r = await s.included;
    if (r.code !== 0) throw new Error(`funding ${s.address} from the reserve failed (code ${r.code}): ${r.rawLog}`);
  }
}

async function fundKeyring(app: Hono, chain: DevChain, config: Config, faucet: Faucet): Promise<FundedKey[]> {
  if (config.keyring === undefined) return [];
  if (!existsSync(config.keyring)) {
    throw new ConfigError(`--keyring ${JSON.stringify(config.keyring)}: no such file (npm run keys -- add NAME --keyring ${config.keyring} makes it)`);
  }
  let keys: { name: string; address: string }[];
  try {
    keys = keyringAddresses(config.keyring);
  } catch (e) {
    throw new ConfigError(`--keyring ${(e as Error).message}`);
  }
  const sends = await topUp(app, faucet, keys.map((k) => k.address), config.fundAmount ?? []);
  await settle(chain, sends);
  return sends.map((s) => ({ name: keys.find((k) => k.address === s.address)!.name, address: s.address, txhash: s.hash }));
}
