// x/authz's MsgExec (SDK v0.53 x/authz/keeper DispatchActions): each message runs as its own
// signer through the definition the registry holds for it (its checks, handler and gas model). A
// message the grantee signs itself needs no grant; another needs the granter's grant of its type
// URL, unexpired, whose authorization accepts it (kept, updated or deleted, as Accept says). The
// messages' events carry `authz_msg_index`; the response holds each message's response bytes.

import type { DescMessage, Message } from "@bufbuild/protobuf";
import { GovErrors, TxError, SdkErrors } from "../../wire/errors.js";
import { parseIntString } from "../../wire/coins.js";
import { decodeAny } from "../../wire/messages.js";
import { respond, messageFailure } from "../../framework/handlers.js";
import { message } from "../../framework/message.js";
import { routeMessage } from "../../framework/gas/sim.js";
import type { MessageContext } from "../../framework/context.js";
import type { TxEvent } from "../../framework/events.js";
import type { RegistryEntry } from "../../framework/module.js";
import { MsgExecResponseSchema, MsgExecSchema } from "../../wire/gen/cosmos/authz/v1beta1/tx_pb.js";
import { accountAddress } from "../bank/messages.js";
import { AuthzErrors, accept, decodeAuthorization, encodeAuthorization, plainError, type AcceptInput, type AcceptResult } from "./authorizations.js";
import { GrantOverlay } from "./gas.js";
import { actionEvent, authzEvent } from "./messages.js";
import { compactText } from "./text.js";
import { assertAllowed } from "../circuit/keeper.js";

/** One message of a MsgExec: its definition, its signer (the granter), and its checks' verdict (run as its handler would). */
export interface ExecMessage {
  readonly typeUrl: string;
  readonly entry: RegistryEntry;
  readonly desc: DescMessage;
  readonly message: Message;
  readonly signer: string;
  /** How many signers its definition names (GetMsgV1Signers): a grant covers a message of one. */
  readonly signerCount: number;
  readonly parsed?: unknown;
  readonly invalid?: TxError;
  readonly input: AcceptInput;
}

export interface MsgExec {
  readonly grantee: string;
  readonly msgs: readonly ExecMessage[];
}

type Coinish = { denom: string; amount: string } | undefined;
const coinOf = (c: Coinish) => ({ denom: c?.denom ?? "", amount: parseIntString(c?.amount || "0", "amount") });

/** What Accept reads of a message (authorizations.ts): a send's recipient and coins, a staking message's validator and coin. */
function acceptInput(typeUrl: string, m: Record<string, unknown>): AcceptInput {
  switch (typeUrl) {
    case "/cosmos.bank.v1beta1.MsgSend":
      return { kind: "send", toAddress: m.toAddress as string, amount: (m.amount as { denom: string; amount: string }[]).map((c) => coinOf(c)) };
    case "/cosmos.staking.v1beta1.MsgDelegate":
    case "/cosmos.staking.v1beta1.MsgUndelegate":
    case "/cosmos.staking.v1beta1.MsgCancelUnbondingDelegation":
      return { kind: "stake", validator: m.validatorAddress as string, amount: coinOf(m.amount as Coinish) };
    case "/cosmos.staking.v1beta1.MsgBeginRedelegate":
      return { kind: "stake", validator: m.validatorDstAddress as string, amount: coinOf(m.amount as Coinish) };
    default:
      return { kind: "other" };
  }
}

/** A message's failure inside MsgExec: `failed to execute message; message <its text>: <error>`, its code kept. */
function wrapped(e: unknown, m: ExecMessage): TxError {
  const f = messageFailure(e, 0);
  const detail = f.log.replace(/^failed to execute message; message index: 0: /, "");
  return new TxError({ codespace: f.codespace, code: f.code, description: `failed to execute message; message ${compactText(m.desc, m.message)}: ${detail}` });
}

/** A governance-only message signed by another than the authority: its server's refusal (gov 13), as at a tx's top level. */
function notAuthority(ctx: MessageContext, x: ExecMessage): TxError | undefined {
  if (x.entry.def.governance !== true || x.signer === ctx.authority) return undefined;
  return new TxError(GovErrors.InvalidSigner, `invalid authority; expected ${ctx.authority}, got ${x.signer}`);
}

const grantOf = (grantee: string, m: ExecMessage) => ({ granter: m.signer, grantee, msgTypeUrl: m.typeUrl });

export const msgExec = message({
  schema: MsgExecSchema,
  signer: (m, { prefix }) => accountAddress(m.grantee, prefix, "invalid grantee address"),
  validate(m, ctx): MsgExec {
    if (m.grantee === "") throw plainError("empty address string is not allowed");
    const grantee = accountAddress(m.grantee, ctx.prefix, "invalid grantee address");
    if (m.msgs.length === 0) throw new TxError(SdkErrors.InvalidRequest, "messages cannot be empty");
    const registry = ctx.messages;
    if (registry === undefined) throw new Error("MsgExec's messages are checked by the message registry: ValidateContext.messages is unset");
    const msgs = m.msgs.map((any, i): ExecMessage => {
      const decoded = decodeAny(any.typeUrl, any.value, `msgs[${i}]`);
      const entry = registry.entry(any.typeUrl);
      if (entry === undefined) throw new TxError(SdkErrors.UnknownRequest, `unrecognized message route: ${any.typeUrl}: this node does not execute it yet`);
      const inner = { prefix: ctx.prefix, messages: registry };
      const signer = entry.def.signer(decoded.message, inner);
      const signerCount = entry.def.signers?.(decoded.message, inner).length ?? 1;
      let verdict: { parsed: unknown } | { invalid: TxError };
      try {
        verdict = { parsed: entry.def.validate(decoded.message, inner) };
      } catch (e) {
        if (!(e instanceof TxError) || e.is(SdkErrors.TxDecode) || e.stage === "decode") throw e;
        verdict = { invalid: e };
      }
      return {
        typeUrl: any.typeUrl, entry, desc: entry.def.schema, message: decoded.message, signer, signerCount, ...verdict,
        input: acceptInput(any.typeUrl, decoded.message as unknown as Record<string, unknown>),
      };
    });
    return { grantee, msgs };
  },
  handle(ctx, m) {
    const events: TxEvent[] = [actionEvent(MsgExecSchema.typeName, m.grantee)];
    const results: Uint8Array[] = [];
    m.msgs.forEach((x, i) => {
      if (x.signerCount !== 1) throw new TxError(AuthzErrors.AuthorizationNumOfSigners);
      if (x.signer !== m.grantee) {
        const g = ctx.authz.get(x.signer, m.grantee, x.typeUrl);
        if (g === undefined) {
          throw new TxError(AuthzErrors.NoAuthorizationFound, `failed to get grant with given granter: ${x.signer}, grantee: ${m.grantee} & msgType: ${x.typeUrl} `);
        }
        if (g.expirationNs !== undefined && g.expirationNs < ctx.timeNs) throw new TxError(AuthzErrors.AuthorizationExpired);
        const r = accept(decodeAuthorization(g.authorization), x.input, () => {});
        if (r.outcome === "delete") {
          ctx.authz.delete(g);
          events.push(authzEvent("EventRevoke", g));
        } else if (r.outcome === "update") ctx.authz.update(g, encodeAuthorization(r.updated));
      }
      if (x.invalid !== undefined) throw wrapped(x.invalid, x);
      const unauthorized = notAuthority(ctx, x);
      if (unauthorized !== undefined) throw wrapped(unauthorized, x);
      const inner: MessageContext = { ...ctx, signer: x.signer };
      let out;
      try {
        assertAllowed(ctx.circuit, x.typeUrl); // the message router's circuit breaker, inside the handler
        out = x.entry.def.handle(inner, x.parsed);
      } catch (e) {
        throw wrapped(e, x);
      }
      results.push(out.response.value);
      for (const e of out.events as TxEvent[]) {
        if (e.type === "message" && e.attributes.some((a) => a.key === "action")) continue; // baseapp's, for a tx's own messages only
        events.push({ ...e, attributes: [...e.attributes, { key: "authz_msg_index", value: `${i}`, index: true }] });
      }
    });
    return respond(MsgExecResponseSchema, { results }, events);
  },
  gas(k, m, ctx) {
    const o = new GrantOverlay(ctx.authz);
    for (const x of m.msgs) {
      k.check("authz:9", x.signerCount !== 1);
      if (x.signer !== m.grantee) {
        const g = o.read(k, grantOf(m.grantee, x));
        k.check("authz:2", g === undefined);
        k.check("authz:6", g!.expirationNs !== undefined && g!.expirationNs < k.block.timeNs);
        let r: AcceptResult;
        try {
          r = accept(decodeAuthorization(g!.authorization), x.input, (gas, what) => k.meter.charge(gas, what));
        } catch (e) {
          if (e instanceof TxError) k.check(`${e.codespace}:${e.code}`, true);
          throw e;
        }
        if (r.outcome === "delete") o.delete(k, g!);
        else if (r.outcome === "update") o.update(k, g!, encodeAuthorization(r.updated));
      }
      routeMessage(k, x.typeUrl);
      k.check("undefined:1", !ctx.circuit.isAllowed(x.typeUrl)); // a type the circuit breaker disabled
      if (x.invalid !== undefined) k.check(`${x.invalid.codespace}:${x.invalid.code}`, true);
      k.check("gov:13", notAuthority(ctx, x) !== undefined);
      const model = x.entry.def.gas;
      if (model === undefined) throw new Error(`${x.typeUrl} has no gas model`); // the plan falls back to the store's counters
      model(k, x.parsed, { ...ctx, signer: x.signer });
    }
  },
});

