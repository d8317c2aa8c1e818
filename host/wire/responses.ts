// A tx's `data` (the TxMsgData its messages' responses make: app/deliver.ts) as the gateway renders
// it: in TxResponse, the bytes in uppercase hex; in SimulateResponse's result, the bytes in base64
// and each response as gateway JSON (an Any: `{"@type", ...its fields}`).

import { create, createRegistry, fromBinary, toBinary, type JsonValue } from "@bufbuild/protobuf";
import { base64, hex } from "@scure/base";
import { gatewayJson } from "./gateway-render.js";
import { TxMsgDataSchema } from "./gen/cosmos/base/abci/v1beta1/abci_pb.js";
import { file_cosmos_bank_v1beta1_tx } from "./gen/cosmos/bank/v1beta1/tx_pb.js";
import { file_cosmos_staking_v1beta1_tx } from "./gen/cosmos/staking/v1beta1/tx_pb.js";
import { file_cosmos_distribution_v1beta1_tx } from "./gen/cosmos/distribution/v1beta1/tx_pb.js";
import { file_cosmos_slashing_v1beta1_tx } from "./gen/cosmos/slashing/v1beta1/tx_pb.js";
import { file_cosmos_gov_v1_tx } from "./gen/cosmos/gov/v1/tx_pb.js";
import { file_chainmain_tieredrewards_v1_tx } from "./gen/chainmain/tieredrewards/v1/tx_pb.js";
import { file_chainmain_inflation_v1_tx } from "./gen/chainmain/inflation/v1/tx_pb.js";
import { file_chainmain_dev_v1_tx } from "./gen/chainmain/dev/v1/tx_pb.js";

/** Every message response a tx may carry. */
const RESPONSES = createRegistry(
  file_cosmos_bank_v1beta1_tx, file_cosmos_staking_v1beta1_tx, file_cosmos_distribution_v1beta1_tx, file_cosmos_slashing_v1beta1_tx,
  file_cosmos_gov_v1_tx, file_chainmain_tieredrewards_v1_tx, file_chainmain_inflation_v1_tx, file_chainmain_dev_v1_tx,
);

/** TxResponse's `data`: the TxMsgData bytes in uppercase hex ("" for none). */
export const dataHex = (data: Uint8Array): string => hex.encode(data).toUpperCase();

/** SimulateResponse's `result.data` and `result.msg_responses` as the gateway renders them. */
export function msgDataJson(data: Uint8Array): { data: string; msg_responses: JsonValue[] } {
  if (data.length === 0) return { data: "", msg_responses: [] };
  const responses = fromBinary(TxMsgDataSchema, data).msgResponses.map((any) => {
    const desc = RESPONSES.getMessage(any.typeUrl.slice(1));
    return desc === undefined ? { "@type": any.typeUrl } : { "@type": any.typeUrl, ...(gatewayJson(desc, fromBinary(desc, any.value), RESPONSES) as Record<string, JsonValue>) };
  });
  return { data: base64.encode(data), msg_responses: responses };
}

/** The responses inside a TxMsgData, as SimulateResponse's `msg_responses` carries them (Anys). */
export const msgResponsesOf = (data: Uint8Array) => (data.length === 0 ? [] : fromBinary(TxMsgDataSchema, data).msgResponses);

/** A successful tx's `data`: its messages' responses (Anys of type URL and bytes), in order. */
export function txMsgData(responses: readonly { typeUrl: string; value: Uint8Array }[]): Uint8Array {
  return toBinary(TxMsgDataSchema, create(TxMsgDataSchema, { msgResponses: responses.map((r) => ({ typeUrl: r.typeUrl, value: r.value })) }));
}
