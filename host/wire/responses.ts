// A committed tx's `data`: `TxMsgData{msg_responses}`, one Any per message, the Msg service's
// response (`/chainmain.tieredrewards.v1.MsgLockTierResponse{position_id}`, claims' totals,
// undelegations' completion time…), as the SDK puts in ExecTxResult.data and the gateway shows as
// uppercase hex. The responses are read back from what each message's handler emitted (its events
// carry `msg_index`): the typed tier events hold the response fields in proto JSON, the SDK's
// untyped events (unbond, redelegate, withdraw_rewards…) their amounts and times.

import { create, fromBinary, fromJson, toBinary, toJson, type DescMessage, type JsonValue } from "@bufbuild/protobuf";
import { base64, hex } from "@scure/base";
import { TxMsgData } from "cosmjs-types/cosmos/base/abci/v1beta1/abci";
import { MsgSendResponse } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import type { Coin } from "cosmjs-types/cosmos/base/v1beta1/coin";
import {
  MsgWithdrawDelegatorRewardResponse, MsgWithdrawValidatorCommissionResponse,
} from "cosmjs-types/cosmos/distribution/v1beta1/tx";
import { MsgUnjailResponse } from "cosmjs-types/cosmos/slashing/v1beta1/tx";
import {
  MsgBeginRedelegateResponse, MsgCreateValidatorResponse, MsgDelegateResponse, MsgEditValidatorResponse, MsgUndelegateResponse,
} from "cosmjs-types/cosmos/staking/v1beta1/tx";
import type { Timestamp } from "cosmjs-types/google/protobuf/timestamp";
import { decToRaw } from "./amino/amino-json.js";
import { MsgSubmitProposalResponseSchema, file_cosmos_gov_v1_tx } from "./gen/cosmos/gov/v1/tx_pb.js";
import { file_chainmain_dev_v1_tx } from "./gen/chainmain/dev/v1/tx_pb.js";
import { file_chainmain_tieredrewards_v1_tx } from "./gen/chainmain/tieredrewards/v1/tx_pb.js";

export interface EventLike {
  readonly type: string;
  readonly attributes: readonly { readonly key: string; readonly value: string }[];
}

const TIER = "chainmain.tieredrewards.v1.";

const attr = (e: EventLike | undefined, key: string): string | undefined => e?.attributes.find((a) => a.key === key)?.value;
const typed = (events: readonly EventLike[], name: string): Record<string, JsonValue> | undefined => {
  const e = events.find((x) => x.type === TIER + name);
  if (e === undefined) return undefined;
  return Object.fromEntries(e.attributes.filter((a) => a.key !== "msg_index").map((a) => [a.key, JSON.parse(a.value) as JsonValue]));
};

/** `123basecro,4foo` (the SDK's Coins text) → coins. */
function coinsOf(text: string | undefined): Coin[] {
  if (!text) return [];
  return text.split(",").map((c) => {
    const m = /^([0-9]+)([a-zA-Z][a-zA-Z0-9/:._-]*)$/.exec(c);
    if (!m) throw new Error(`not a coin: ${c}`);
    return { amount: m[1]!, denom: m[2]! };
  });
}

/** RFC 3339 (UTC, optional fraction up to ns) → Timestamp. */
function timestampOf(text: string | undefined): Timestamp {
  const m = /^(.{19})(?:\.([0-9]{1,9}))?Z$/.exec(text ?? "");
  if (!m) return { seconds: 0n, nanos: 0 };
  return { seconds: BigInt(Date.parse(`${m[1]}Z`) / 1000), nanos: Number((m[2] ?? "").padEnd(9, "0")) };
}

/** The response of a chainmain Msg from its typed events, or the empty response. */
function tierResponse(desc: DescMessage, name: string, events: readonly EventLike[]): Uint8Array {
  const j: Record<string, JsonValue> = {};
  const position = (event: string) => (typed(events, event)?.position as Record<string, JsonValue> | null | undefined)?.id;
  switch (name) {
    case "MsgLockTier":
      j.position_id = position("EventPositionCreated") ?? "0";
      break;
    case "MsgCommitDelegationToTier":
      j.position_id = position("EventDelegationCommitted") ?? position("EventPositionCreated") ?? "0";
      break;
    case "MsgAddToTierPosition":
      j.position_id = typed(events, "EventPositionAmountAdded")?.position_id ?? "0";
      break;
    case "MsgClearPosition":
      j.position_id = typed(events, "EventExitCleared")?.position_id ?? "0";
      break;
    case "MsgTriggerExitFromTier": {
      const e = typed(events, "EventExitTriggered");
      Object.assign(j, { exit_unlock_at: e?.exit_unlock_at, position_id: e?.position_id });
      break;
    }
    case "MsgTierUndelegate":
    case "MsgTierRedelegate": {
      const e = typed(events, name === "MsgTierUndelegate" ? "EventPositionUndelegated" : "EventPositionRedelegated");
      Object.assign(j, { completion_time: e?.completion_time, position_id: e?.position_id });
      break;
    }
    case "MsgClaimTierRewards": {
      const e = typed(events, "EventTierRewardsClaimed");
      Object.assign(j, { base_rewards: e?.base_rewards, bonus_rewards: e?.bonus_rewards, position_ids: e?.position_ids });
      break;
    }
    case "MsgWithdrawFromTier":
      j.amount = typed(events, "EventPositionWithdrawn")?.amount ?? [];
      break;
    case "MsgExitTierWithDelegation": {
      const e = typed(events, "EventExitTierWithDelegation");
      if (e) {
        Object.assign(j, {
          position_id: e.position_id, transferred_amount: e.transferred_amount,
          transferred_shares: decToRaw(e.transferred_shares as string), full_exit: e.full_exit,
        });
      }
      break;
    }
  }
  const present = Object.fromEntries(Object.entries(j).filter(([, v]) => v !== undefined && v !== null));
  return toBinary(desc, fromJson(desc, present));
}

type Responder = (events: readonly EventLike[]) => Uint8Array;

const ev = (events: readonly EventLike[], type: string) => events.find((e) => e.type === type);

const RESPONDERS: Record<string, Responder> = {
  "/cosmos.bank.v1beta1.MsgSend": () => MsgSendResponse.encode({}).finish(),
  "/cosmos.staking.v1beta1.MsgDelegate": () => MsgDelegateResponse.encode({}).finish(),
  "/cosmos.staking.v1beta1.MsgCreateValidator": () => MsgCreateValidatorResponse.encode({}).finish(),
  "/cosmos.staking.v1beta1.MsgEditValidator": () => MsgEditValidatorResponse.encode({}).finish(),
  "/cosmos.staking.v1beta1.MsgUndelegate": (events) => {
    const e = ev(events, "unbond");
    const [amount] = coinsOf(attr(e, "amount"));
    return MsgUndelegateResponse.encode({
      completionTime: timestampOf(attr(e, "completion_time")), amount: amount ?? { denom: "", amount: "0" },
    }).finish();
  },
  "/cosmos.staking.v1beta1.MsgBeginRedelegate": (events) =>
    MsgBeginRedelegateResponse.encode({ completionTime: timestampOf(attr(ev(events, "redelegate"), "completion_time")) }).finish(),
  "/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward": (events) =>
    MsgWithdrawDelegatorRewardResponse.encode({ amount: coinsOf(attr(ev(events, "withdraw_rewards"), "amount")) }).finish(),
  "/cosmos.distribution.v1beta1.MsgWithdrawValidatorCommission": (events) =>
    MsgWithdrawValidatorCommissionResponse.encode({ amount: coinsOf(attr(ev(events, "withdraw_commission"), "amount")) }).finish(),
  "/cosmos.slashing.v1beta1.MsgUnjail": () => MsgUnjailResponse.encode({}).finish(),
  // x/gov v1: the new proposal's id; the others answer empty responses.
  "/cosmos.gov.v1.MsgSubmitProposal": (events) =>
    toBinary(MsgSubmitProposalResponseSchema, create(MsgSubmitProposalResponseSchema, { proposalId: BigInt(attr(ev(events, "submit_proposal"), "proposal_id") ?? "0") })),
  "/cosmos.gov.v1.MsgDeposit": () => new Uint8Array(),
  "/cosmos.gov.v1.MsgVote": () => new Uint8Array(),
  "/cosmos.gov.v1.MsgVoteWeighted": () => new Uint8Array(),
};

for (const file of [file_chainmain_tieredrewards_v1_tx, file_chainmain_dev_v1_tx]) {
  for (const desc of file.messages) {
    if (!desc.name.endsWith("Response")) continue;
    const msg = desc.name.slice(0, -"Response".length);
    RESPONDERS[`/${desc.typeName.slice(0, -"Response".length)}`] = (events) => tierResponse(desc, msg, events);
  }
}

/**
 * Uppercase hex of TxMsgData for a successful tx whose messages have these type URLs and which
 * emitted these events (each with its `msg_index`). Empty when a message has no known response.
 */
export function txMsgDataHex(typeUrls: readonly string[], events: readonly EventLike[]): string {
  const msgResponses = [];
  for (let i = 0; i < typeUrls.length; i++) {
    const responder = Object.hasOwn(RESPONDERS, typeUrls[i]!) ? RESPONDERS[typeUrls[i]!] : undefined;
    if (responder === undefined) return "";
    const own = events.filter((e) => attr(e, "msg_index") === `${i}`);
    msgResponses.push({ typeUrl: `${typeUrls[i]}Response`, value: responder(own) });
  }
  return hex.encode(TxMsgData.encode({ data: [], msgResponses }).finish()).toUpperCase();
}

/** The chainmain response descriptors by type URL (for rendering them as JSON). */
const CHAINMAIN_RESPONSES = new Map<string, DescMessage>();
for (const file of [file_chainmain_tieredrewards_v1_tx, file_chainmain_dev_v1_tx, file_cosmos_gov_v1_tx]) {
  for (const desc of file.messages) if (desc.name.endsWith("Response")) CHAINMAIN_RESPONSES.set(`/${desc.typeName}`, desc);
}

const timestampJson = (t: Timestamp | undefined): string => {
  if (t === undefined) return "0001-01-01T00:00:00Z";
  const base = new Date(Number(t.seconds) * 1000).toISOString().slice(0, 19);
  return t.nanos === 0 ? `${base}Z` : `${base}.${String(t.nanos).padStart(9, "0").replace(/0+$/, "")}Z`;
};
const coinsJson = (coins: readonly Coin[]) => coins.map((c) => ({ denom: c.denom, amount: c.amount }));

/** The SDK responses as the gateway renders them (proto names, defaults emitted). */
const SDK_RESPONSE_JSON: Record<string, (bytes: Uint8Array) => Record<string, unknown>> = {
  "/cosmos.bank.v1beta1.MsgSendResponse": () => ({}),
  "/cosmos.staking.v1beta1.MsgDelegateResponse": () => ({}),
  "/cosmos.staking.v1beta1.MsgCreateValidatorResponse": () => ({}),
  "/cosmos.staking.v1beta1.MsgEditValidatorResponse": () => ({}),
  "/cosmos.slashing.v1beta1.MsgUnjailResponse": () => ({}),
  "/cosmos.staking.v1beta1.MsgUndelegateResponse": (b) => {
    const m = MsgUndelegateResponse.decode(b);
    return { completion_time: timestampJson(m.completionTime), amount: { denom: m.amount.denom, amount: m.amount.amount } };
  },
  "/cosmos.staking.v1beta1.MsgBeginRedelegateResponse": (b) => ({
    completion_time: timestampJson(MsgBeginRedelegateResponse.decode(b).completionTime),
  }),
  "/cosmos.distribution.v1beta1.MsgWithdrawDelegatorRewardResponse": (b) => ({
    amount: coinsJson(MsgWithdrawDelegatorRewardResponse.decode(b).amount),
  }),
  "/cosmos.distribution.v1beta1.MsgWithdrawValidatorCommissionResponse": (b) => ({
    amount: coinsJson(MsgWithdrawValidatorCommissionResponse.decode(b).amount),
  }),
};

/**
 * A tx's TxMsgData (uppercase hex, as txMsgDataHex gives it) as SimulateResponse's `result`
 * renders it: `data` base64 of the bytes, `msg_responses` as gateway JSON Anys.
 */
export function msgDataJson(dataHex: string): { data: string; msg_responses: Record<string, unknown>[] } {
  if (dataHex === "") return { data: "", msg_responses: [] };
  const bytes = hex.decode(dataHex.toLowerCase());
  const responses = TxMsgData.decode(bytes).msgResponses.map((any) => {
    const desc = CHAINMAIN_RESPONSES.get(any.typeUrl);
    const json = desc !== undefined
      ? (toJson(desc, fromBinary(desc, any.value), { useProtoFieldName: true, alwaysEmitImplicit: true }) as Record<string, unknown>)
      : (SDK_RESPONSE_JSON[any.typeUrl]?.(any.value) ?? {});
    return { "@type": any.typeUrl, ...json };
  });
  return { data: base64.encode(bytes), msg_responses: responses };
}
