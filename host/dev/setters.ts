// Dev mode's setters of module state beyond balances (dev/chain.ts queues them for the next block,
// app/cheats.ts makes them there as `cheat` events a replay makes again):
// - params: a module's MsgUpdateParams run as the governance authority, its params the module's
//   current ones with the fields given replaced (names as REST shows them, snake_case or camelCase);
// - a tier position: MsgLockTier of a new one (or MsgAddToTierPosition raising one), its tokens
//   minted to the owner first;
// - a delegation: checked here (the validator exists), made by app/cheats.ts (MsgDelegate of what
//   it lacks, minted first; MsgUndelegate of the excess).

import { create, fromBinary, fromJson, toBinary, toJson, type DescMessage, type JsonValue, type Message } from "@bufbuild/protobuf";
import type { Application } from "../app/application.js";
import type { StateCheat } from "../app/cheats.js";
import { messageBytes } from "../app/cheats.js";
import { methodPath } from "../framework/query-router.js";
import { createQueryRouter } from "../app/queries.js";
import { CheatError } from "./cheat-input.js";
import * as input from "./cheat-input.js";
import { optionOf } from "../wire/options.js";
import { scalar as cosmosScalar } from "../wire/gen/cosmos_proto/cosmos_pb.js";
import { decString } from "../wire/gateway-json.js";

/** The modules whose params setParams sets, and their protobuf package. */
export const PARAM_MODULES: Readonly<Record<string, string>> = {
  tieredrewards: "chainmain.tieredrewards.v1",
  inflation: "chainmain.inflation.v1",
  gov: "cosmos.gov.v1",
  staking: "cosmos.staking.v1beta1",
  distribution: "cosmos.distribution.v1beta1",
  mint: "cosmos.mint.v1beta1",
  slashing: "cosmos.slashing.v1beta1",
  auth: "cosmos.auth.v1beta1",
  bank: "cosmos.bank.v1beta1",
};

const invalid = (message: string) => new CheatError("invalid", message);

/** A query's protobuf answer, through the node's own router (what abci_query answers). */
function query(app: Application, path: string, request: Record<string, unknown> = {}): Message & Record<string, unknown> {
  const router = createQueryRouter(app);
  const method = [...routerMethods(router)].find((m) => methodPath(m) === path);
  if (method === undefined) throw new CheatError("unavailable", `no query ${path}`);
  return fromBinary(method.output, router.abci(path, toBinary(method.input, create(method.input, request as never)))) as Message & Record<string, unknown>;
}

function* routerMethods(router: ReturnType<typeof createQueryRouter>) {
  for (const r of router.routes()) yield r.method;
}

/** setParams: the module's MsgUpdateParams with its current params, `patch`'s fields replaced, signed by the authority. */
export function paramsCheat(app: Application, moduleName: unknown, patch: unknown): { cheat: StateCheat; params: JsonValue } {
  if (typeof moduleName !== "string" || PARAM_MODULES[moduleName] === undefined) {
    throw invalid(`module: expected one of ${Object.keys(PARAM_MODULES).join(", ")}, got ${JSON.stringify(moduleName)}`);
  }
  if (typeof patch !== "object" || patch === null || Array.isArray(patch)) throw invalid("params: expected an object of the params to change (their names as REST shows them)");
  const pkg = PARAM_MODULES[moduleName]!;
  const typeUrl = `/${pkg}.MsgUpdateParams`;
  const entry = app.state.registry.entry(typeUrl);
  const field = entry?.def.schema.fields.find((f) => f.localName === "params");
  if (entry === undefined || field?.message === undefined) throw new CheatError("unavailable", `${moduleName}: no MsgUpdateParams here`);
  const schema: DescMessage = field.message;
  const current = query(app, `/${pkg}.Query/Params`, moduleName === "gov" ? { paramsType: "voting" } : {}).params as Message | undefined;
  if (current === undefined) throw new CheatError("unavailable", `${moduleName}: its params query answered no params`);
  const merged = { ...(toJson(schema, current, { useProtoFieldName: true }) as Record<string, JsonValue>) };
  // A LegacyDec (cosmos.Dec) param is its 18-decimal integer in protobuf: given and shown as REST shows it ("0.05").
  const decs = new Set(schema.fields.filter((f) => f.fieldKind === "scalar" && optionOf(f, cosmosScalar) === "cosmos.Dec").map((f) => f.name));
  for (const [k, v] of Object.entries(patch)) {
    const f = schema.fields.find((x) => x.name === k || x.jsonName === k || x.localName === k);
    if (f === undefined) throw invalid(`params: ${moduleName} has no param ${JSON.stringify(k)} (${schema.fields.map((x) => x.name).join(", ")})`);
    if (decs.has(f.name)) {
      try {
        merged[f.name] = `${app.state.core.dec.parse(String(v))}`;
      } catch (e) {
        throw invalid(`params: ${k}: ${(e as Error).message}`);
      }
    } else merged[f.name] = v as JsonValue;
  }
  let params: Message;
  try {
    params = fromJson(schema, merged);
  } catch (e) {
    throw invalid(`params: ${(e as Error).message}`);
  }
  const authority = app.state.genesis.gov.authority;
  return {
    cheat: { kind: "message", signer: authority, typeUrl, value: messageBytes(app.state, typeUrl, { authority, params }), mint: 0n },
    params: Object.fromEntries(Object.entries(toJson(schema, params, { useProtoFieldName: true }) as Record<string, JsonValue>)
      .map(([k, v]) => [k, decs.has(k) ? decString(BigInt(v as string)) : v])),
  };
}

/**
 * setPosition: `position_id` absent, a new position (MsgLockTier of `amount` in tier `tier_id`
 * with `validator`); given, that position raised to `amount` (MsgAddToTierPosition of the
 * difference; a position lowers only by its exit). The tokens are minted to the owner first.
 */
export function positionCheat(app: Application, a: Record<string, unknown>): StateCheat {
  const prefix = app.directory.accountPrefix;
  const owner = input.address(a.owner, prefix);
  const amount = input.integer(a.amount, "amount");
  if (amount === 0n) throw invalid("amount: must be positive");
  if (amount > input.MAX_SET_BALANCE) throw invalid(`amount: at most ${input.MAX_SET_BALANCE}`);
  if (a.position_id !== undefined && a.position_id !== null) {
    const id = input.integer(a.position_id, "position_id");
    const p = app.state.tiers.position(id);
    if (p === undefined) throw new CheatError("not-found", `no position ${id}`);
    if (app.directory.accountAddress(p.owner) !== owner) throw invalid(`position ${id} is owned by ${app.directory.accountAddress(p.owner)}, not ${owner}`);
    if (amount <= p.amount) throw invalid(`amount: position ${id} holds ${p.amount}; setPosition only raises a position (lower it by its exit)`);
    const typeUrl = "/chainmain.tieredrewards.v1.MsgAddToTierPosition";
    return { kind: "message", signer: owner, typeUrl, value: messageBytes(app.state, typeUrl, { owner, positionId: id, amount: `${amount - p.amount}` }), mint: amount - p.amount };
  }
  const tierId = input.integer(a.tier_id, "tier_id");
  if (app.state.tiers.tier(Number(tierId)) === undefined) throw new CheatError("not-found", `no tier ${tierId}`);
  const validator = validatorAddress(app, a.validator);
  const typeUrl = "/chainmain.tieredrewards.v1.MsgLockTier";
  const init = { owner, id: Number(tierId), amount: `${amount}`, validatorAddress: validator, triggerExitImmediately: input.flag(a.trigger_exit, "trigger_exit", false) };
  return { kind: "message", signer: owner, typeUrl, value: messageBytes(app.state, typeUrl, init), mint: amount };
}

/** A validator operator address the chain knows. */
export function validatorAddress(app: Application, v: unknown): string {
  if (typeof v !== "string" || app.directory.validatorId(v) === undefined) {
    throw new CheatError("not-found", `validator: no validator ${JSON.stringify(v)} (GET /cosmos/staking/v1beta1/validators)`);
  }
  return v;
}
