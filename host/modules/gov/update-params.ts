// A module's MsgUpdateParams as the SDK v0.53 msg servers run them: the authority (x/gov's module
// account: the framework checks a tx's signer first, gov 13; a proposal's messages are signed by
// x/gov), then the module's Params.Validate (a plain error: codespace "undefined", code 1, as
// fmt.Errorf / errors.New give it), then Params.Set (governed-params.ts). The module's own rule
// is `check`: it reads the params in their SDK JSON (the gateway's, which is also the genesis's),
// as the module's genesis parser reads its section, so the two validations are one.

import type { DescMessage, MessageShape } from "@bufbuild/protobuf";
import { ValidationError } from "../../errors.js";
import { SdkErrors, TxError } from "../../wire/errors.js";
import { canonicalAddress } from "../../wire/address.js";
import { gatewayJson } from "../../wire/gateway-render.js";
import type { Json } from "../../framework/genesis-json.js";
import { respond } from "../../framework/handlers.js";
import { message, type AppMessage } from "../../framework/message.js";
import type { MessageContext } from "../../framework/context.js";
import type { TxEvent } from "../../framework/events.js";
import { PARAMS_SCHEMAS, type GovernedModule, type ParamsOf } from "./governed-params.js";

/** A plain error of a module (errors.New / fmt.Errorf): unregistered, so codespace "undefined", code 1, at execution. */
export const plainError = (text: string): TxError => new TxError({ codespace: "undefined", code: 1, description: text }, undefined, "execute");

/** An account address (`AccAddressFromBech32`): sdk 7 `<what>: <cause>` otherwise. */
export function authorityAddress(text: string, prefix: string, what = "invalid authority address"): string {
  try {
    return canonicalAddress(text, prefix);
  } catch (e) {
    throw new TxError(SdkErrors.InvalidAddress, `${what}: ${(e as Error).message}`);
  }
}

/** The params' SDK JSON (snake_case, Decs as decimal text, durations as "<n>s"): what genesis and REST show. */
export function paramsJson<M extends GovernedModule>(module: M, params: ParamsOf<M>): Json {
  return gatewayJson(PARAMS_SCHEMAS[module] as DescMessage, params as never) as Json;
}

/** Run a genesis-style validation; its ValidationError becomes the module's plain error. */
export function validated<T>(run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof ValidationError) throw plainError(e.reason);
    throw e;
  }
}

export interface UpdateParams<M extends GovernedModule> {
  readonly authority: string;
  readonly params: ParamsOf<M>;
}

/**
 * A MsgUpdateParams definition: `paramsOf` reads the message's params (undefined: none given, the
 * zero params), `check` is the module's Params.Validate (throws TxError), `events` what the msg
 * server emits after Set (most emit none).
 */
export function updateParamsMessage<D extends DescMessage, R extends DescMessage, M extends GovernedModule>(def: {
  schema: D;
  response: R;
  module: M;
  paramsOf(m: MessageShape<D>): ParamsOf<M>;
  check(params: ParamsOf<M>, ctx: MessageContext): void;
  events?(params: ParamsOf<M>, ctx: MessageContext, msg: UpdateParams<M>): TxEvent[];
}): AppMessage<D, UpdateParams<M>> {
  return message({
    schema: def.schema,
    governance: true,
    signer: (m, { prefix }) => authorityAddress((m as unknown as { authority: string }).authority, prefix),
    validate: (m, { prefix }) => ({
      authority: authorityAddress((m as unknown as { authority: string }).authority, prefix),
      params: def.paramsOf(m),
    }),
    handle(ctx, msg) {
      def.check(msg.params, ctx);
      ctx.params.set(def.module, msg.params);
      return respond(def.response, {} as never, def.events?.(msg.params, ctx, msg) ?? []);
    },
  });
}
