// Dev mode's cheat codes (dev/chain.ts) over REST: POST /dev/<name in kebab case> with a JSON
// object of named arguments, answered in the gateway's JSON (int64 as strings, times RFC 3339),
// a bad argument 400 code 3, an unknown snapshot 404 code 5, a cheat the clock cannot do 400
// code 9. The same calls, named and answered alike, are the JSON-RPC's dev_ methods (dev/rpc.ts).

import type { Context, Hono } from "hono";
import type { DevChain } from "./chain.js";
import * as input from "./cheat-input.js";
import { CheatError } from "./cheat-input.js";
import { paramsCheat, positionCheat, validatorAddress } from "./setters.js";
import { FIRST_USER_ACCOUNT } from "../core/ledger.js";
import { GatewayError, GrpcCode, coin, decString, intString, timestampString } from "../wire/gateway-json.js";

type Args = Record<string, unknown>;

/** Each cheat code: its arguments in positional order, and its call. */
export interface Cheat {
  readonly args: readonly string[];
  /** REST's body is this argument whole (load-state: the document), not an object of named arguments. */
  readonly body?: string;
  /** Also answered on GET (dump-state: nothing to send). */
  readonly get?: boolean;
  call(chain: DevChain, a: Args): Promise<unknown>;
}

const forkUrlArg = (v: unknown): string | undefined => {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "string" || !/^https?:\/\/\S+$/.test(v)) throw new CheatError("invalid", `fork_url: expected http(s)://HOST:PORT of a node's CometBFT RPC or REST, got ${JSON.stringify(v)}`);
  return v;
};
const forkHeightArg = (v: unknown): bigint | undefined => {
  if (v === undefined || v === null) return undefined;
  if ((typeof v !== "string" && typeof v !== "number") || !/^[1-9][0-9]{0,18}$/.test(String(v))) throw new CheatError("invalid", `fork_height: expected a block height (1 or more), got ${JSON.stringify(v)}`);
  return BigInt(v);
};

const header = (chain: DevChain) => ({ chain_id: chain.node.chainId, height: intString(chain.node.latest.height), time: timestampString(chain.node.latest.timeNs) });

export const CHEATS: Readonly<Record<string, Cheat>> = {
  snapshot: {
    args: [],
    call: async (chain) => {
      const s = await chain.snapshot();
      return { id: s.id, height: intString(s.height) };
    },
  },
  revert: {
    args: ["id"],
    call: async (chain, a) => {
      const id = input.snapshotId(a.id);
      const r = await chain.revert(id);
      return { reverted: true, id, height: intString(r.height), mempool_txs: r.mempool };
    },
  },
  mine: {
    args: ["blocks", "interval"],
    call: async (chain, a) => {
      const interval = a.interval === undefined || a.interval === null ? undefined : input.duration(a.interval, "interval");
      const done = await chain.mine(input.blockCount(a.blocks), interval);
      return { blocks: intString(done.blocks), block: { header: header(chain) }, next_block_time: timestampString(chain.node.nextBlockTime()) };
    },
  },
  applyUpgrade: {
    args: ["name"],
    call: async (chain, a) => {
      // x/upgrade: this node applies the scheduled plan (as a binary with its upgrade handler): at its
      // height the block is made, the plan cleared and recorded as applied there (applied_plan).
      const u = chain.node.app.upgrade;
      const plan = u.plan();
      if (plan === undefined) throw new CheatError("failed", "applyUpgrade: no upgrade plan is scheduled (GET /cosmos/upgrade/v1beta1/current_plan)");
      const name = a.name === undefined || a.name === null || a.name === "" ? plan.name : String(a.name);
      if (name !== plan.name) throw new CheatError("invalid", `name: the scheduled plan is "${plan.name}", not "${name}"`);
      u.addHandler(name);
      if (chain.node.latest.height + 1n >= plan.height) await chain.node.mineNow();
      if (chain.node.clock === "real") chain.node.start();
      const applied = u.doneHeight(name);
      return { name, height: intString(plan.height), applied_height: intString(applied), block: { header: header(chain) } };
    },
  },
  setAutomine: {
    args: ["enabled"],
    call: async (chain, a) => {
      if (a.enabled === undefined || a.enabled === null) throw new CheatError("invalid", "enabled: expected true or false");
      chain.node.automine = input.flag(a.enabled, "enabled", true);
      return { automine: chain.node.automine };
    },
  },
  setIntervalMining: {
    args: ["interval"],
    call: async (chain, a) => {
      // Anvil's evm_setIntervalMining: a block every `interval` (0: none); the real clock only.
      if (chain.node.clock !== "real") {
        throw new CheatError("unavailable", "setIntervalMining: the simulated clock makes blocks only when asked (mine, POST /dev/advance); start with --dev on the real clock");
      }
      const interval = a.interval === 0 || a.interval === "0" ? 0n : input.duration(a.interval, "interval");
      if (interval > 0n && interval < 1_000_000n) throw new CheatError("invalid", "interval: at least 1ms, or 0 for none");
      chain.node.setInterval(interval);
      return { interval_ms: intString(interval / 1_000_000n), automine: chain.node.automine };
    },
  },
  setNextBlockTime: {
    args: ["time"],
    call: async (chain, a) => ({ next_block_time: timestampString((await chain.setNextBlockTime(input.time(a.time, "time"))).nextBlockTimeNs) }),
  },
  advanceTime: {
    args: ["duration"],
    call: async (chain, a) => {
      const done = await chain.advanceTime(input.duration(a.duration, "duration"));
      return { blocks: intString(done.blocks), block: { header: header(chain) }, next_block_time: timestampString(done.nextBlockTimeNs) };
    },
  },
  setBalance: {
    args: ["address", "amount", "mine"],
    call: async (chain, a) => {
      const address = input.address(a.address, chain.node.directory.accountPrefix);
      const amount = input.balance(a.amount, chain.node.bondDenom);
      const height = await chain.setBalance(address, amount, input.flag(a.mine, "mine", true));
      const id = chain.node.directory.accountId(address);
      const supply = coin(chain.node.bondDenom, chain.node.totalSupply());
      if (height === undefined) return { address, balance: coin(chain.node.bondDenom, amount), height: "0", supply, note: "set by the next block" };
      return { address, balance: coin(chain.node.bondDenom, id === undefined ? 0n : chain.node.ledger.balance(id)), height: intString(height), supply };
    },
  },
  setSequence: {
    args: ["address", "sequence", "mine"],
    call: async (chain, a) => {
      const address = input.address(a.address, chain.node.directory.accountPrefix);
      const sequence = input.integer(a.sequence, "sequence");
      if (sequence >= 1n << 64n) throw new CheatError("invalid", "sequence: at most 2^64 - 1");
      if (!chain.app.state.directory.numbered(address)) throw new CheatError("not-found", `no account ${address}: it has neither received coins nor sent a tx`);
      const r = await chain.queueCheatWithErrors({ kind: "sequence", address, sequence }, input.flag(a.mine, "mine", true));
      return setterAnswer(chain, r, { address, sequence: intString(sequence) });
    },
  },
  setDelegation: {
    args: ["delegator", "validator", "amount", "mine"],
    call: async (chain, a) => {
      const delegator = input.address(a.delegator, chain.node.directory.accountPrefix);
      const validator = validatorAddress(chain.app, a.validator);
      const amount = input.balance(a.amount, chain.node.bondDenom);
      const id = chain.node.directory.accountId(delegator);
      if (id !== undefined && id < FIRST_USER_ACCOUNT) throw new CheatError("invalid", `delegator ${delegator} is a module account`);
      const r = await chain.queueCheatWithErrors({ kind: "delegation", delegator, validator, amount }, input.flag(a.mine, "mine", true));
      const v = chain.node.directory.validatorId(validator)!;
      const now = chain.node.directory.accountId(delegator);
      const d = now === undefined ? undefined : chain.node.ledger.delegation(now, v);
      return setterAnswer(chain, r, { delegator, validator, balance: coin(chain.node.bondDenom, d?.balance ?? 0n), shares: decString(d?.shares ?? 0n) });
    },
  },
  setPosition: {
    args: ["owner", "tier_id", "validator", "amount", "position_id", "trigger_exit", "mine"],
    call: async (chain, a) => {
      const cheat = positionCheat(chain.app, a);
      const next = chain.app.state.tiers.nextPositionId();
      const r = await chain.queueCheatWithErrors(cheat, input.flag(a.mine, "mine", true));
      const id = a.position_id === undefined || a.position_id === null ? next : input.integer(a.position_id, "position_id");
      const p = r.height === undefined || r.errors.length > 0 ? undefined : chain.app.state.tiers.position(id);
      return setterAnswer(chain, r, { position_id: intString(id), ...(p ? { amount: coin(chain.node.bondDenom, p.amount), tier_id: p.tierId } : {}) });
    },
  },
  setParams: {
    args: ["module", "params", "mine"],
    call: async (chain, a) => {
      const { cheat, params } = paramsCheat(chain.app, a.module, a.params);
      const r = await chain.queueCheatWithErrors(cheat, input.flag(a.mine, "mine", true));
      return setterAnswer(chain, r, { module: a.module as string, params });
    },
  },
  dropTransaction: {
    args: ["hash"],
    call: async (chain, a) => {
      if (typeof a.hash !== "string" || !/^(0x)?[0-9a-fA-F]{64}$/.test(a.hash)) throw new CheatError("invalid", `hash: expected a tx hash (64 hex digits), got ${JSON.stringify(a.hash)}`);
      const dropped = await chain.dropTransactions(new Set([a.hash.replace(/^0x/, "").toUpperCase()]));
      return { dropped, mempool_txs: chain.node.pending };
    },
  },
  dropAllTransactions: {
    args: [],
    call: async (chain) => ({ dropped: await chain.dropTransactions(), mempool_txs: chain.node.pending }),
  },
  reset: {
    // Anvil's anvil_reset: back to the genesis (a fork's: the fork point), or with fork_url / fork_height a new fork of that node at that height.
    args: ["fork_url", "fork_height"],
    call: async (chain, a) => {
      if (a.fork_url === undefined && a.fork_height === undefined) {
        const r = await chain.reset();
        return { reset: true, chain_id: r.chainId, height: intString(r.height), app_hash: r.appHash };
      }
      const r = await chain.refork(forkUrlArg(a.fork_url), forkHeightArg(a.fork_height));
      return { reset: true, chain_id: r.chainId, height: intString(r.height), app_hash: r.appHash, fork_url: r.url, fork_height: intString(r.forkHeight) };
    },
  },
  autoImpersonate: {
    args: ["enabled"],
    call: async (chain, a) => {
      if (a.enabled === undefined || a.enabled === null) throw new CheatError("invalid", "enabled: expected true or false");
      return { auto_impersonate: chain.setAutoImpersonate(input.flag(a.enabled, "enabled", true)) };
    },
  },
  dumpState: {
    args: [],
    get: true,
    call: (chain) => chain.dumpState(),
  },
  loadState: {
    args: ["state"],
    body: "state",
    call: async (chain, a) => {
      const r = await chain.loadState(a.state);
      return { loaded: true, chain_id: r.chainId, height: intString(r.height), app_hash: r.appHash };
    },
  },
  impersonate: {
    args: ["address"],
    call: async (chain, a) => {
      const address = input.address(a.address, chain.node.directory.accountPrefix);
      return { address, impersonating: chain.impersonate(address) };
    },
  },
  stopImpersonating: {
    args: ["address"],
    call: async (chain, a) => {
      const address = input.address(a.address, chain.node.directory.accountPrefix);
      return { address, was_impersonating: chain.stopImpersonating(address), impersonating: chain.impersonating() };
    },
  },
};

/** A setter's answer: its fields, the block's height ("0": set by the next block), and the reason the block could not make it. */
function setterAnswer(chain: DevChain, r: { height?: bigint; errors: string[] }, fields: Record<string, unknown>) {
  if (r.errors.length > 0) throw new CheatError("failed", `the block ${r.height} could not make it: ${r.errors.join("; ")}`);
  return { ...fields, height: r.height === undefined ? "0" : intString(r.height), ...(r.height === undefined ? { note: "set by the next block" } : {}), block: { header: header(chain) } };
}

/** A cheat's named arguments checked against its list (an unknown one is a CheatError). */
export function checkArgs(name: string, a: Args): Args {
  const known = CHEATS[name]!.args;
  for (const key of Object.keys(a)) {
    if (!known.includes(key)) throw new CheatError("invalid", `unknown argument ${JSON.stringify(key)}${known.length ? ` (${known.join(", ")})` : " (none)"}`);
  }
  return a;
}

/** `setNextBlockTime` -> `set-next-block-time`. */
export const routeOf = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

export function registerCheatRoutes(app: Hono, chain: DevChain): void {
  for (const [name, cheat] of Object.entries(CHEATS)) {
    const answer = async (c: Context) => {
      const text = await c.req.text();
      let body: unknown = {};
      if (text.trim() !== "") {
        try {
          body = JSON.parse(text);
        } catch {
          throw new GatewayError(GrpcCode.INVALID_ARGUMENT, cheat.body ? `${cheat.body}: not valid JSON` : `expected a JSON object of arguments (${cheat.args.join(", ") || "none"})`);
        }
      } else if (cheat.body) throw new GatewayError(GrpcCode.INVALID_ARGUMENT, `expected the ${cheat.body} as the body`);
      if (cheat.body) body = { [cheat.body]: body };
      if (typeof body !== "object" || body === null || Array.isArray(body)) throw new GatewayError(GrpcCode.INVALID_ARGUMENT, "expected a JSON object of named arguments");
      try {
        return c.json(await cheat.call(chain, checkArgs(name, body as Args)));
      } catch (e) {
        throw e instanceof CheatError ? gatewayError(e) : e;
      }
    };
    app.post(`/dev/${routeOf(name)}`, answer);
    if (cheat.get) app.get(`/dev/${routeOf(name)}`, answer);
  }
}

function gatewayError(e: CheatError): GatewayError {
  const code = e.kind === "invalid" ? GrpcCode.INVALID_ARGUMENT : e.kind === "not-found" ? GrpcCode.NOT_FOUND : e.kind === "failed" ? GrpcCode.ABORTED : GrpcCode.FAILED_PRECONDITION;
  return new GatewayError(code, e.message);
}
