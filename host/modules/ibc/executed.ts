// The IBC messages a lone chain executes (handshake.ts has their logic): MsgCreateClient of a
// tendermint client, MsgConnectionOpenInit, MsgChannelOpenInit (the transfer port) and
// MsgRegisterInterchainAccount (a controller port's channel in INIT, through the router's
// MsgChannelOpenInit). The handler walks the keeper; the gas model walks the same steps on an
// overlay of it, metered as the SDK's gas KV store meters ibc-go's reads and writes.

import { bech32 } from "@scure/base";
import { message } from "../../framework/message.js";
import { respond } from "../../framework/handlers.js";
import { event } from "../../framework/events.js";
import type { MessageContext } from "../../framework/context.js";
import type { Sim } from "../../framework/gas/sim.js";
import { TxError } from "../../wire/errors.js";
import * as client from "../../wire/gen/ibc/core/client/v1/tx_pb.js";
import * as connection from "../../wire/gen/ibc/core/connection/v1/tx_pb.js";
import * as channel from "../../wire/gen/ibc/core/channel/v1/tx_pb.js";
import { Order } from "../../wire/gen/ibc/core/channel/v1/channel_pb.js";
import * as icaController from "../../wire/gen/ibc/applications/interchain_accounts/controller/v1/tx_pb.js";
import type { IbcStore } from "./keeper.js";
import {
  IBC, ICA, TM_CLIENT_STATE, chanOpenInit, connOpenInit, createClient, getConnection, transferOnChanOpenInit, writeOpenInitChannel, type Env, type Io,
} from "./handshake.js";
import { IbcErrors, channelId, clientId, connectionId, ibcSigner, portId, signerField } from "./rules.js";
import { validateTmClientState, validateTmConsensusState } from "./tendermint.js";

/** The handler's Io: the keeper itself. */
const keeperIo = (s: IbcStore): Io => ({ get: (st, k) => s.get(st, k), set: (st, k, v) => s.set(st, k, v), read: () => {}, has: () => {} });

const len = (s: string) => Buffer.byteLength(s, "latin1");

/** The gas model's Io: the meter's charges, reads after writes seeing the writes. */
function meterIo(k: Sim, s: IbcStore): Io {
  const over = new Map<string, Uint8Array>();
  return {
    get: (st, key, genesisLength) => {
      const v = over.has(`${st}/${key}`) ? over.get(`${st}/${key}`) : s.get(st, key);
      k.meter.get(st, len(key), v?.length ?? genesisLength ?? 0, key);
      return v;
    },
    set: (st, key, v) => {
      over.set(`${st}/${key}`, v);
      k.meter.set(st, len(key), v.length, key);
    },
    read: (st, key, length) => k.meter.get(st, len(key), length, key),
    has: (st, key) => k.meter.has(st, len(key), key),
  };
}

/** Runs `walk` as a gas model: a TxError it throws is the check that fails the message. */
function model(k: Sim, walk: () => void): void {
  try {
    walk();
  } catch (e) {
    if (e instanceof TxError) k.check(`${e.codespace}:${e.code}`, true);
    throw e;
  }
}

const env = (ctx: MessageContext): Env => ({ timeNs: ctx.timeNs, height: ctx.height, chainRevision: 0n });
const envOf = (k: Sim, ctx: MessageContext): Env => ({ timeNs: k.block.timeNs, height: k.block.height, chainRevision: 0n });
const addressBytes = (a: string) => new Uint8Array(bech32.fromWords(bech32.decode(a as `${string}1${string}`, 255).words));
const routed = (typeUrl: string, sender: string) => event("message", { action: typeUrl, sender });
const signer = (m: { signer: string }) => m.signer;

function runCreateClient(io: Io, m: client.MsgCreateClient, signerAddress: string, e: Env) {
  if (m.clientState?.typeUrl !== TM_CLIENT_STATE) throw new TxError(IbcErrors.InvalidClient, `client type ${m.clientState?.typeUrl ?? ""} is not allowed here`);
  return createClient(io, m.clientState, m.consensusState!, addressBytes(signerAddress), e);
}

export const msgCreateClientDef = message({
  schema: client.MsgCreateClientSchema,
  signer: signerField(signer),
  validateBasic: true,
  validate: (m, ctx) => {
    validateTmClientState(m.clientState);
    validateTmConsensusState(m.consensusState);
    ibcSigner(m.signer, ctx.prefix);
    return m;
  },
  handle: (ctx, m) => {
    const r = runCreateClient(keeperIo(ctx.ibc), m, ctx.signer, env(ctx));
    return respond(client.MsgCreateClientResponseSchema, { clientId: r.clientId }, [routed("/ibc.core.client.v1.MsgCreateClient", ctx.signer), ...r.events]);
  },
  gas: (k: Sim, m, ctx: MessageContext) => model(k, () => void runCreateClient(meterIo(k, ctx.ibc), m, ctx.signer, envOf(k, ctx))),
});

const runConnOpenInit = (io: Io, m: connection.MsgConnectionOpenInit, e: Env) => connOpenInit(io, m.clientId, m.counterparty, m.version, m.delayPeriod, e);

export const msgConnectionOpenInitDef = message({
  schema: connection.MsgConnectionOpenInitSchema,
  signer: signerField(signer),
  validateBasic: true,
  validate: (m, ctx) => {
    clientId(m.clientId);
    if (m.counterparty?.connectionId !== undefined && m.counterparty.connectionId !== "") {
      throw new TxError(IbcErrors.ConnectionInvalidCounterparty, "counterparty connection identifier must be empty");
    }
    ibcSigner(m.signer, ctx.prefix);
    return m;
  },
  handle: (ctx, m) => {
    const r = runConnOpenInit(keeperIo(ctx.ibc), m, env(ctx));
    return respond(connection.MsgConnectionOpenInitResponseSchema, {}, [routed("/ibc.core.connection.v1.MsgConnectionOpenInit", ctx.signer), ...r.events]);
  },
  gas: (k: Sim, m, ctx: MessageContext) => model(k, () => void runConnOpenInit(meterIo(k, ctx.ibc), m, envOf(k, ctx))),
});

/** The router's MsgChannelOpenInit on a port: ChanOpenInit, the application's callback, the channel written. */
function runChannelOpenInit(io: Io, port: string, ch: channel.MsgChannelOpenInit["channel"], e: Env, callback: (chan: string) => string) {
  const hops = ch?.connectionHops ?? [];
  const order = ch?.ordering ?? Order.NONE_UNSPECIFIED;
  const chan = chanOpenInit(io, order, hops, e);
  const version = callback(chan);
  return { channelId: chan, version, events: writeOpenInitChannel(io, port, chan, order, hops, ch?.counterparty, version) };
}

function runTransferChannelOpenInit(io: Io, m: channel.MsgChannelOpenInit, e: Env) {
  if (m.portId !== "transfer") {
    if (m.portId.startsWith("icacontroller-")) return runIcaChannel(io, m.portId, m.channel, e);
    // ICA host's OnChanOpenInit: a host never initiates.
    if (m.portId === "icahost") {
      return runChannelOpenInit(io, m.portId, m.channel, e, (chan) => {
        throw new TxError(IbcErrors.InvalidChannelFlow, `channel open init callback failed for port ID: ${m.portId}, channel ID: ${chan}: channel handshake must be initiated by controller chain`);
      });
    }
    throw new TxError(IbcErrors.InvalidRoute, `route not found to portID: ${m.portId}`);
  }
  return runChannelOpenInit(io, m.portId, m.channel, e, (chan) => transferOnChanOpenInit(io, m.channel!.ordering, m.portId, chan, m.channel!.version));
}

export const msgChannelOpenInitDef = message({
  schema: channel.MsgChannelOpenInitSchema,
  signer: signerField(signer),
  validateBasic: true,
  validate: (m, ctx) => {
    portId(m.portId);
    const ch = m.channel;
    if (ch === undefined || ch.state !== 1) throw new TxError(IbcErrors.ChannelInvalidState, `channel state must be INIT in MsgChannelOpenInit`);
    if (ch.counterparty?.channelId !== "") throw new TxError(IbcErrors.ChannelInvalidCounterparty, "counterparty channel identifier must be empty");
    if (ch.connectionHops.length !== 1) throw new TxError(IbcErrors.ChannelTooManyHops, "current IBC version only supports one connection hop");
    connectionId(ch.connectionHops[0]!, "invalid connection hop ID");
    ibcSigner(m.signer, ctx.prefix);
    return m;
  },
  handle: (ctx, m) => {
    const r = runTransferChannelOpenInit(keeperIo(ctx.ibc), m, env(ctx));
    return respond(channel.MsgChannelOpenInitResponseSchema, { channelId: r.channelId, version: r.version }, [routed("/ibc.core.channel.v1.MsgChannelOpenInit", ctx.signer), ...r.events]);
  },
  gas: (k: Sim, m, ctx: MessageContext) => model(k, () => void runTransferChannelOpenInit(meterIo(k, ctx.ibc), m, envOf(k, ctx))),
});

const controllerPort = (owner: string) => `icacontroller-${owner}`;

/** The controller's metadata version of a channel on a connection (NewDefaultMetadataString). */
const metadata = (controllerConnection: string, hostConnection: string) =>
  JSON.stringify({ version: "ics27-1", controller_connection_id: controllerConnection, host_connection_id: hostConnection, address: "", encoding: "proto3", tx_type: "sdk_multi_msg" });

/** The controller middleware's OnChanOpenInit on the channel the router opens. */
function runIcaChannel(io: Io, port: string, ch: channel.MsgChannelOpenInit["channel"], e: Env) {
  return runChannelOpenInit(io, port, ch, e, (chan) => {
    const fail = (kind: typeof IbcErrors[keyof typeof IbcErrors], text: string) => new TxError(kind, `channel open init callback failed for port ID: ${port}, channel ID: ${chan}: ${text}`);
    if (!port.startsWith("icacontroller-")) throw fail(IbcErrors.InvalidControllerPort, `expected icacontroller-{owner-account-address}, got ${port}`);
    io.read(ICA, "params", 2);
    const hop = ch?.connectionHops[0] ?? "";
    if (ch?.counterparty?.portId !== "icahost") throw fail(IbcErrors.InvalidHostPort, `expected icahost, got ${ch?.counterparty?.portId ?? ""}`);
    let version = ch.version;
    if (version.trim() === "") version = metadata(hop, getConnection(io, hop)?.counterparty?.connectionId ?? "");
    const conn = getConnection(io, hop); // ValidateControllerMetadata
    const md = JSON.parse(version) as Record<string, string>;
    if (md.controller_connection_id !== hop || md.host_connection_id !== (conn?.counterparty?.connectionId ?? "")) throw fail(IbcErrors.IcaInvalidVersion, "metadata's connection ids do not match the connection");
    io.get(ICA, `activeChannel/${port}/${hop}`);
    return metadata(md.controller_connection_id!, md.host_connection_id!);
  });
}

function runRegister(io: Io, m: icaController.MsgRegisterInterchainAccount, e: Env) {
  const port = controllerPort(m.owner);
  const enabledKey = `isMiddlewareEnabled/${port}/${m.connectionId}`;
  const enabled = io.get(ICA, enabledKey);
  if (enabled !== undefined && enabled[0] === 1) throw new TxError(IbcErrors.InvalidChannelFlow, "channel is already active or a handshake is in flight");
  io.set(ICA, enabledKey, new Uint8Array([0]));
  if (io.get(ICA, `activeChannel/${port}/${m.connectionId}`) !== undefined) {
    throw new TxError(IbcErrors.ActiveChannelAlreadySet, `existing active channel for portID ${port} on connection ${m.connectionId}`);
  }
  io.set(ICA, `port/${port}`, new Uint8Array([1]));
  io.has("circuit", "/ibc.core.channel.v1.MsgChannelOpenInit");
  const order = m.ordering === Order.NONE_UNSPECIFIED ? Order.UNORDERED : m.ordering;
  const ch = { $typeName: "ibc.core.channel.v1.Channel", state: 1, ordering: order, counterparty: { $typeName: "ibc.core.channel.v1.Counterparty", portId: "icahost", channelId: "" }, connectionHops: [m.connectionId], version: m.version } as const;
  return { port, ...runIcaChannel(io, port, ch as unknown as channel.MsgChannelOpenInit["channel"], e) };
}

export const msgRegisterInterchainAccountDef = message({
  schema: icaController.MsgRegisterInterchainAccountSchema,
  signer: signerField((m: icaController.MsgRegisterInterchainAccount) => m.owner),
  validateBasic: true,
  validate: (m) => {
    connectionId(m.connectionId);
    if (m.owner.trim() === "") throw new TxError(IbcErrors.InvalidAddress, "owner address cannot be empty");
    return m;
  },
  handle: (ctx, m) => {
    const r = runRegister(keeperIo(ctx.ibc), m, env(ctx));
    return respond(icaController.MsgRegisterInterchainAccountResponseSchema, { channelId: r.channelId, portId: r.port }, [
      routed("/ibc.applications.interchain_accounts.controller.v1.MsgRegisterInterchainAccount", ctx.signer), ...r.events,
    ]);
  },
  gas: (k: Sim, m, ctx: MessageContext) => model(k, () => void runRegister(meterIo(k, ctx.ibc), m, envOf(k, ctx))),
});

export { IBC };
void channelId;
