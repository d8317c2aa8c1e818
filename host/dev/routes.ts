// Development routes beside /dev/advance and /dev/export (dev mode only: --dev or --clock
// simulated): POST /dev/faucet (a signed bank send from the reserve, host/dev/faucet.ts) and
// GET /dev/keplr-chain-info (what window.keplr.experimentalSuggestChain takes), plus the start-up
// top-up of a keyring's keys. Every amount is a bigint or a string of digits.

import type { Context, Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { GasPrice } from "../framework/gas.js";
import { awaitInclusion } from "../app/mempool.js";
import type { TxResult } from "../framework/types.js";
import type { Node } from "../app/node-api.js";
import type { Coin } from "../wire/coins.js";
import { TxError } from "../wire/errors.js";
import { GatewayError, GrpcCode, decString, errorBody, httpStatusFromCode } from "../wire/gateway-json.js";
import { Faucet, parseFaucetAmount } from "./faucet.js";

export interface DevRouteOptions {
  faucet: Faucet;
  /** `--minimum-gas-prices` as raw Decs: Keplr's gas price steps start there. */
  minGasPrices: readonly GasPrice[];
  /** The RPC's URL once it listens (undefined: --rpc-port off). */
  rpcUrl: () => string | undefined;
  /** How long a real-clock faucet request waits for its block (default 10 s). */
  commitTimeoutMs?: number;
}

/** CRO's SLIP-44 coin type: Keplr derives CRO accounts on m/44'/394'/0'/0/0. */
const CRO_COIN_TYPE = 394;
/** The bond denom's display unit: 1 CRO = 10^8 basecro. */
const CRO_DECIMALS = 8;
/** Crypto.org's gas price steps in Keplr's registry (basecro per gas), when the node sets none. */
const DEFAULT_STEPS = { low: "0.025", average: "0.03", high: "0.04" };

export function registerDevRoutes(app: Hono, node: Node, o: DevRouteOptions): void {
  app.post("/dev/faucet", async (c) => {
    const body = await c.req.json().catch(() => {
      throw new GatewayError(GrpcCode.INVALID_ARGUMENT, 'expected a JSON body {"address": "cro1...", "amount": "100000000basecro"}');
    }) as { address?: unknown; amount?: unknown; mine?: unknown } | null;
    if (typeof body !== "object" || body === null || Array.isArray(body)) throw new GatewayError(GrpcCode.INVALID_ARGUMENT, "expected a JSON object");
    for (const key of Object.keys(body)) {
      if (!["address", "amount", "mine"].includes(key)) throw new GatewayError(GrpcCode.INVALID_ARGUMENT, `unknown field ${JSON.stringify(key)} (address, amount, mine)`);
    }
    if (typeof body.address !== "string") throw new GatewayError(GrpcCode.INVALID_ARGUMENT, 'address: expected a string ("cro1...")');
    if (body.mine !== undefined && typeof body.mine !== "boolean") throw new GatewayError(GrpcCode.INVALID_ARGUMENT, "mine: expected true or false");
    let coins: Coin[];
    try {
      coins = parseFaucetAmount(body.amount);
    } catch (e) {
      throw new GatewayError(GrpcCode.INVALID_ARGUMENT, (e as Error).message);
    }
    let sent: ReturnType<Faucet["send"]>;
    try {
      sent = o.faucet.send(body.address, coins);
    } catch (e) {
      if (e instanceof TxError) throw new GatewayError(GrpcCode.FAILED_PRECONDITION, `the faucet's send was refused (code ${e.code}): ${e.log}`);
      throw e;
    }
    const summary = { from: o.faucet.address, to: body.address, amount: coins.map((k) => ({ denom: k.denom, amount: `${k.amount}` })), txhash: sent.hash };
    // A simulated clock makes the next block now unless told to leave the send for a later advance.
    if (node.clock === "simulated") {
      if (body.mine === false && !node.automine) return c.json({ ...summary, height: "0", code: 0, note: "in the mempool: it lands in the next block (POST /dev/advance?blocks=1)" });
      if (!node.automine) await node.advance(1n); // --automine made its block already
    }
    const r = await awaitInclusion(sent.included, o.commitTimeoutMs);
    if (r === undefined) {
      return c.json(errorBody(GrpcCode.DEADLINE_EXCEEDED, `the faucet's tx ${sent.hash} is not in a block yet: GET /cosmos/tx/v1beta1/txs/${sent.hash}`),
        httpStatusFromCode(GrpcCode.DEADLINE_EXCEEDED) as ContentfulStatusCode);
    }
    if (r.code !== 0) throw new GatewayError(GrpcCode.FAILED_PRECONDITION, `the faucet's send failed in block ${r.height} (code ${r.code}): ${r.rawLog}`);
    return c.json({ ...summary, ...resultFields(r) });
  });

  app.get("/dev/keplr-chain-info", (c) => c.json(keplrChainInfo(node, c, o)));
}

const resultFields = (r: TxResult) => ({ height: `${r.height}`, code: r.code, gas_wanted: `${r.gasWanted}`, gas_used: `${r.gasUsed}` });

/** A URL whose wildcard host (0.0.0.0, ::) is replaced by the host the request came to. */
function reachable(url: string, requestHost: string): string {
  const u = new URL(url);
  if (u.hostname === "0.0.0.0" || u.hostname === "[::]") u.hostname = requestHost;
  return u.origin;
}

/** A raw Dec as the shortest decimal text: 30000000000000000n -> "0.03". */
function decText(raw: bigint): string {
  return decString(raw).replace(/\.?0+$/, "");
}

/** The ChainInfo of Keplr's experimentalSuggestChain for this node (Keplr's own types). */
export function keplrChainInfo(node: Node, c: Context, o: Pick<DevRouteOptions, "minGasPrices" | "rpcUrl">) {
  const here = new URL(c.req.url);
  const rpc = o.rpcUrl();
  if (rpc === undefined) throw new GatewayError(GrpcCode.FAILED_PRECONDITION, "this node runs no RPC (--rpc-port off), and Keplr needs one: start it with an RPC port");
  const val = node.directory.validatorPrefix;
  const acc = node.directory.accountPrefix;
  const bond = node.bondDenom;
  const currency = (denom: string) =>
    denom === bond ? { coinDenom: "CRO", coinMinimalDenom: bond, coinDecimals: CRO_DECIMALS } : { coinDenom: denom.toUpperCase(), coinMinimalDenom: denom, coinDecimals: 0 };
  // Steps in the ratio of Crypto.org's registry (0.025 : 0.03 : 0.04), from the node's own minimum.
  const steps = (price: bigint) => ({ low: decText(price), average: decText((price * 6n) / 5n), high: decText((price * 8n) / 5n) });
  const priced = o.minGasPrices.length > 0 ? o.minGasPrices : [{ denom: bond, amount: undefined }];
  const feeCurrencies = priced.map((p) => {
    const s = p.amount === undefined || p.amount === 0n ? DEFAULT_STEPS : steps(p.amount);
    // Keplr's type for a gas price is a JS number: a price, never an amount of money.
    return { ...currency(p.denom), gasPriceStep: { low: Number(s.low), average: Number(s.average), high: Number(s.high) } };
  });
  const denoms = [bond, ...priced.map((p) => p.denom).filter((d) => d !== bond)];
  return {
    chainId: node.chainId,
    chainName: `${node.chainId} (local dev chain)`,
    rpc: reachable(rpc, here.hostname),
    rest: here.origin,
    bip44: { coinType: CRO_COIN_TYPE },
    bech32Config: {
      bech32PrefixAccAddr: acc,
      bech32PrefixAccPub: `${acc}pub`,
      bech32PrefixValAddr: val,
      bech32PrefixValPub: `${val}pub`,
      bech32PrefixConsAddr: `${val}cons`,
      bech32PrefixConsPub: `${val}conspub`,
    },
    currencies: denoms.map(currency),
    feeCurrencies,
    stakeCurrency: currency(bond),
    walletUrlForStaking: `${here.origin}/#/validators`,
    features: [] as string[],
  };
}

/**
 * Top each address up to `target` from the reserve (the start-up funding of a keyring's keys):
 * one send per address that holds less, of the difference. Returns the sends admitted; on a
 * simulated clock the caller makes the block they land in.
 */
export async function topUp(app: Hono, faucet: Faucet, addresses: readonly string[], target: readonly Coin[]): Promise<{ address: string; hash: string; included: Promise<TxResult> }[]> {
  const out: { address: string; hash: string; included: Promise<TxResult> }[] = [];
  for (const address of addresses) {
    const missing: Coin[] = [];
    for (const want of target) {
      const res = await app.request(`/cosmos/bank/v1beta1/balances/${address}/by_denom?denom=${encodeURIComponent(want.denom)}`);
      const body = (await res.json()) as { balance?: { amount: string }; message?: string };
      if (!res.ok) throw new Error(`balance of ${address}: ${body.message ?? `HTTP ${res.status}`}`);
      const have = BigInt(body.balance?.amount ?? "0");
      if (have < want.amount) missing.push({ denom: want.denom, amount: want.amount - have });
    }
    if (missing.length > 0) out.push({ address, ...faucet.send(address, missing) });
  }
  return out;
}
