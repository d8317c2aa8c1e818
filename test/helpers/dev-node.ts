// A dev-mode node over its sockets for the cheat-code suites: started as `npm start` starts it, the
// cheat codes called over REST (`dev`) and raw JSON-RPC (`rpc`), and a wait for a condition.

import { run, type RunningNode } from "../../host/main.js";

const quiet = { out: () => {}, err: () => {} };

/** A node from command-line flags (`--port 0` added); throws if it exits instead. */
export async function startNode(args: string[]): Promise<RunningNode> {
  const r = await run(["--port", "0", ...args], {}, quiet);
  if (typeof r === "number") throw new Error(`node exited ${r}`);
  return r;
}

/** POST /dev/<route> with a JSON body: status and JSON answer. */
export async function dev(node: RunningNode, route: string, body?: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(`${node.url}/dev/${route}`, { method: "POST", ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: res.status, json: await res.json() };
}

/** A JSON-RPC call to the node's RPC: the whole reply. */
export async function rpc(node: RunningNode, method: string, params: unknown = {}): Promise<any> {
  const res = await fetch(node.rpcUrl!, { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  return res.json();
}

/** GET a REST path's JSON. */
export async function get(node: RunningNode, path: string): Promise<any> {
  return (await fetch(`${node.url}${path}`)).json();
}

/** Resolves once `check` holds (polled every 20 ms), rejects after `ms`. */
export async function until(check: () => boolean | Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const balanceOf = async (node: RunningNode, address: string): Promise<bigint> =>
  BigInt((await get(node, `/cosmos/bank/v1beta1/balances/${address}/by_denom?denom=basecro`)).balance.amount);

export const supplyOf = async (node: RunningNode): Promise<bigint> =>
  BigInt((await get(node, "/cosmos/bank/v1beta1/supply/by_denom?denom=basecro")).amount.amount);
