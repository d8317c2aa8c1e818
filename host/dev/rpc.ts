// Dev mode's cheat codes over the JSON-RPC (and its websocket): `dev_<name>` for each of
// dev/cheats.ts, params named or positional in its argument order, answered as its REST route
// answers, but for dev_snapshot (the id, "0x1") and dev_revert (true), as Anvil's evm_snapshot and
// evm_revert. A bad argument or an unknown snapshot is -32602 Invalid params, a cheat the clock
// cannot do -32603, each with the reason as `data`.

import type { DevChain } from "./chain.js";
import { CheatError } from "./cheat-input.js";
import { CHEATS, checkArgs } from "./cheats.js";
import { RpcError } from "../rpc/server.js";

type Method = (p: Record<string, unknown>) => Promise<unknown>;

/** The dev_ methods and their argument names (for positional params). */
export function devMethods(chain: DevChain): { methods: Record<string, Method>; argNames: Record<string, readonly string[]> } {
  const methods: Record<string, Method> = {};
  const argNames: Record<string, readonly string[]> = {};
  for (const [name, cheat] of Object.entries(CHEATS)) {
    argNames[`dev_${name}`] = cheat.args;
    methods[`dev_${name}`] = async (p) => {
      try {
        const result = await cheat.call(chain, checkArgs(name, p)) as { id?: string };
        if (name === "snapshot") return result.id;
        if (name === "revert") return true;
        return result;
      } catch (e) {
        if (!(e instanceof CheatError)) throw e;
        throw e.kind === "unavailable" || e.kind === "failed" ? new RpcError(-32603, "Internal error", e.message) : new RpcError(-32602, "Invalid params", e.message);
      }
    };
  }
  return { methods, argNames };
}
