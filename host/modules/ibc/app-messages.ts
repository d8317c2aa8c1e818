// ibc-go v10's application messages on a lone chain: ICS-20 transfer (chain-main's genesis turns
// sending off, so MsgTransfer meets x/transfer's send_enabled first) and interchain accounts
// (controller: registering opens a channel on a connection that does not exist; sending needs an
// active channel there is none of), and their governance MsgUpdateParams from another signer.

import { TxError, SdkErrors } from "../../wire/errors.js";
import * as transfer from "../../wire/gen/ibc/applications/transfer/v1/tx_pb.js";
import * as icaController from "../../wire/gen/ibc/applications/interchain_accounts/controller/v1/tx_pb.js";
import * as icaHost from "../../wire/gen/ibc/applications/interchain_accounts/host/v1/tx_pb.js";
import { refusal } from "./refusal.js";
import { msgRegisterInterchainAccountDef } from "./executed.js";
import { msgModuleQuerySafeDef } from "./query-safe.js";
import { IbcErrors, channelId, connectionId, ibcSigner, notAuthority, portId } from "./rules.js";

/** ibc-go's MaximumReceiverLength and MaximumMemoLength. */
const MAX_RECEIVER = 2048;
const MAX_MEMO = 32768;
const COIN_DENOM = /^[a-zA-Z][a-zA-Z0-9/:._-]{2,127}$/;

const authorityOnly = (m: { signer: string }, ctx: { authority: string }) =>
  m.signer === ctx.authority ? new TxError(SdkErrors.UnknownRequest, "the node does not apply IBC governance messages") : notAuthority(ctx.authority, m.signer);

const controllerPort = (owner: string) => `icacontroller-${owner}`;

export const ibcTransferMessages = [
  refusal({
    schema: transfer.MsgTransferSchema,
    signer: (m) => m.sender,
    check: (m) => {
      portId(m.sourcePort, `invalid source port ID ${m.sourcePort}`);
      channelId(m.sourceChannel, `invalid source channel ID ${m.sourceChannel}`);
      const t = m.token;
      const amount = t?.amount ?? "";
      if (t === undefined || !COIN_DENOM.test(t.denom) || !/^\d+$/.test(amount) || BigInt(amount) === 0n) {
        throw new TxError(IbcErrors.InvalidCoins, `${amount}${t?.denom ?? ""}`);
      }
      if (m.sender.trim() === "") throw new TxError(IbcErrors.InvalidAddress, "missing sender address");
      if (m.receiver.trim() === "") throw new TxError(IbcErrors.InvalidAddress, "missing recipient address");
      if (m.receiver.length > MAX_RECEIVER) throw new TxError(IbcErrors.InvalidAddress, `recipient address must not exceed ${MAX_RECEIVER} bytes`);
      if (m.memo.length > MAX_MEMO) throw new TxError(IbcErrors.InvalidMemo, `memo must not exceed ${MAX_MEMO} bytes`);
    },
    fail: () => new TxError(IbcErrors.SendDisabled),
    reads: () => [{ store: "transfer", key: "params" }],
  }),
  refusal({ schema: transfer.MsgUpdateParamsSchema, signer: (m) => m.signer, check: (m, ctx) => void ibcSigner(m.signer, ctx.prefix), fail: authorityOnly }),
];

export const icaMessages = [
  msgRegisterInterchainAccountDef,
  msgModuleQuerySafeDef,
  refusal({
    schema: icaController.MsgSendTxSchema,
    signer: (m) => m.owner,
    check: (m) => {
      connectionId(m.connectionId);
      if (m.owner.trim() === "") throw new TxError(IbcErrors.InvalidAddress, "owner address cannot be empty");
    },
    fail: (m) => new TxError(IbcErrors.NoActiveChannel, `failed to retrieve active channel on connection ${m.connectionId} for port ${controllerPort(m.owner)}`),
    // The controller's params ({controller_enabled: true}: 2 bytes), then the active channel.
    reads: (m) => [{ store: "icacontroller", key: "params", value: 2 }, { store: "icacontroller", key: `activeChannel/${controllerPort(m.owner)}/${m.connectionId}` }],
  }),
  refusal({ schema: icaController.MsgUpdateParamsSchema, signer: (m) => m.signer, check: (m, ctx) => void ibcSigner(m.signer, ctx.prefix), fail: authorityOnly }),
  refusal({ schema: icaHost.MsgUpdateParamsSchema, signer: (m) => m.signer, check: (m, ctx) => void ibcSigner(m.signer, ctx.prefix), fail: authorityOnly }),
];
