// ibc-go v10's stateless rules the node applies as chain-maind does (modules/core/24-host/validate.go,
// the messages' ValidateBasic), its errors (codespaces `ibc`, `host`, `client`, `connection`,
// `channel`, `clientv2`, `transfer`, `interchainaccounts`, `07-tendermint`), and the one helper every
// IBC message here is built from: a lone chain holds no light client, connection or channel (the node
// executes no MsgCreateClient), so each message meets the refusal ibc-go gives for what it names.

import { TxError, type ErrorKind } from "../../wire/errors.js";
import { canonicalAddress } from "../../wire/address.js";
import type { ValidateContext } from "../../framework/module.js";

const kind = (codespace: string, code: number, description: string): ErrorKind => ({ codespace, code, description });

export const IbcErrors = {
  Unauthorized: kind("ibc", 2, "unauthorized"),
  InvalidAddress: kind("ibc", 5, "invalid address"),
  InvalidCoins: kind("ibc", 6, "invalid coins"),
  InvalidRequest: kind("ibc", 8, "invalid request"),
  InvalidType: kind("ibc", 12, "invalid type"),
  NotFound: kind("ibc", 16, "not found"),
  InvalidId: kind("host", 2, "invalid identifier"),
  ClientNotActive: kind("client", 29, "client state is not active"),
  InvalidHeader: kind("client", 12, "invalid client header"),
  InvalidClient: kind("client", 3, "light client is invalid"),
  ConnectionNotFound: kind("connection", 3, "connection not found"),
  ChannelNotFound: kind("channel", 3, "channel not found"),
  ChannelInvalidOrdering: kind("channel", 6, "invalid channel ordering"),
  ConnectionInvalidVersion: kind("connection", 9, "invalid connection version"),
  InvalidPort: kind("port", 4, "invalid port"),
  InvalidRoute: kind("port", 5, "route not found"),
  ConnectionInvalidCounterparty: kind("connection", 7, "invalid counterparty connection"),
  ChannelInvalidState: kind("channel", 5, "invalid channel state"),
  ChannelInvalidCounterparty: kind("channel", 7, "invalid counterparty channel"),
  ChannelTooManyHops: kind("channel", 15, "too many connection hops"),
  IcaInvalidVersion: kind("interchainaccounts", 12, "invalid interchain accounts version"),
  InvalidControllerPort: kind("interchainaccounts", 15, "invalid controller port"),
  InvalidHostPort: kind("interchainaccounts", 16, "invalid host port"),
  ActiveChannelAlreadySet: kind("interchainaccounts", 10, "active channel already set for this owner"),
  TransferInvalidVersion: kind("transfer", 4, "invalid ICS20 version"),
  InvalidChannelFlow: kind("interchainaccounts", 5, "invalid message sent to channel end"),
  CounterpartyNotFound: kind("clientv2", 35, "counterparty not found"),
  SendDisabled: kind("transfer", 7, "fungible token transfers from this chain are disabled"),
  InvalidMemo: kind("transfer", 17, "invalid memo"),
  NoActiveChannel: kind("interchainaccounts", 11, "no active channel for this owner"),
  InvalidChainId: kind("07-tendermint", 2, "invalid chain-id"),
  InvalidTrustingPeriod: kind("07-tendermint", 3, "invalid trusting period"),
  InvalidUnbondingPeriod: kind("07-tendermint", 4, "invalid unbonding period"),
  InvalidHeaderHeight: kind("07-tendermint", 5, "invalid header height"),
  InvalidMaxClockDrift: kind("07-tendermint", 8, "invalid max clock drift"),
  InvalidProofSpecs: kind("07-tendermint", 12, "invalid proof specs"),
  InvalidTrustLevel: kind("07-tendermint", 9, "invalid trust level"),
  /** A plain Go error (errors.New) a ValidateBasic returns: codespace "undefined", code 1. */
  Plain: kind("undefined", 1, "internal"),
} as const satisfies Record<string, ErrorKind>;

/** A plain error's text alone (errors.New: no description appended). */
export const plain = (text: string): TxError => TxError.rendered("undefined", 1, text);

const ID = /^[a-zA-Z0-9._+\-#[\]<>]+$/;

/** 24-host's defaultIdentifierValidator. */
function identifier(id: string, min: number, max: number): void {
  if (id.trim() === "") throw new TxError(IbcErrors.InvalidId, "identifier cannot be blank");
  if (id.includes("/")) throw new TxError(IbcErrors.InvalidId, `identifier ${id} cannot contain separator '/'`);
  if (id.length < min || id.length > max) throw new TxError(IbcErrors.InvalidId, `identifier ${id} has invalid length: ${id.length}, must be between ${min}-${max} characters`);
  if (!ID.test(id)) throw new TxError(IbcErrors.InvalidId, `identifier ${id} must contain only alphanumeric or the following characters: '.', '_', '+', '-', '#', '[', ']', '<', '>'`);
}

/** An identifier check wrapped as ibc-go wraps it: `<what> <id>: <cause>: invalid identifier`. */
function wrapped(check: (id: string) => void, id: string, what?: string): void {
  try {
    check(id);
  } catch (e) {
    if (what === undefined || !(e instanceof TxError)) throw e;
    throw new TxError(e.kind, `${what}: ${e.log.slice(0, -(e.kind.description.length + 2))}`);
  }
}

export const portId = (id: string, what?: string) => wrapped((x) => identifier(x, 2, 128), id, what);
export const channelId = (id: string, what?: string) => wrapped((x) => identifier(x, 8, 64), id, what);
export const connectionId = (id: string, what?: string) => wrapped((x) => identifier(x, 10, 64), id, what);
export const clientId = (id: string, what?: string) => wrapped((x) => identifier(x, 9, 64), id, what);

/** ibc-go's signer check: `string could not be parsed as address: <cause>: invalid address` (ibc 5). */
export function ibcSigner(text: string, prefix: string): string {
  try {
    return canonicalAddress(text, prefix);
  } catch (e) {
    throw new TxError(IbcErrors.InvalidAddress, `string could not be parsed as address: ${(e as Error).message}`);
  }
}

/** GetSigners of a field (`cosmos.msg.v1.signer`): the canonical address, or sdk 7. */
export const signerField = <M>(read: (m: M) => string) => (m: M, ctx: ValidateContext): string => {
  try {
    return canonicalAddress(read(m), ctx.prefix);
  } catch (e) {
    throw new TxError({ codespace: "sdk", code: 7, description: "invalid address" }, (e as Error).message);
  }
};

/** A governance message of ibc-go from another signer: `expected <authority>, got <signer>: unauthorized` (ibc 2). */
export const notAuthority = (authority: string, signer: string): TxError => new TxError(IbcErrors.Unauthorized, `expected ${authority}, got ${signer}`);
