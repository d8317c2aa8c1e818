// The reference chain's recorded run (test/reference-chain, README there): its files, and its txs
// as CosmJS encode objects, to be signed again by the same dev keys and replayed on the node.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { create, fromJson, toBinary, type DescMessage, type JsonValue } from "@bufbuild/protobuf";
import type { EncodeObject } from "@cosmjs/proto-signing";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { MsgBeginRedelegate, MsgCreateValidator, MsgDelegate, MsgUndelegate } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { MsgWithdrawDelegatorReward, MsgWithdrawValidatorCommission } from "cosmjs-types/cosmos/distribution/v1beta1/tx";
import { MsgDeposit, MsgVote } from "cosmjs-types/cosmos/gov/v1/tx";
import { PubKey as Ed25519PubKey } from "cosmjs-types/cosmos/crypto/ed25519/keys";
import { fromBase64 } from "@cosmjs/encoding";
import { decToRaw } from "../../host/wire/amino/amino-json.js";
import { file_chainmain_tieredrewards_v1_tx } from "../../host/wire/gen/chainmain/tieredrewards/v1/tx_pb.js";
import { MsgSubmitProposalSchema } from "../../host/wire/gen/cosmos/gov/v1/tx_pb.js";
import { ROOT } from "./cli.js";

/** The recorded files (test/reference-chain, a copy of ../shared/reference-chain). */
export const REFERENCE_DIR = join(ROOT, "test", "reference-chain");
export const readReference = (file: string): any => JSON.parse(readFileSync(join(REFERENCE_DIR, file), "utf8"));

const tierMessages = new Map<string, DescMessage>(file_chainmain_tieredrewards_v1_tx.messages.map((d) => [`/${d.typeName}`, d]));

/** proto JSON's field names in lowerCamelCase, as cosmjs-types' fromJSON reads them. */
const camel = (v: any): any =>
  Array.isArray(v) ? v.map(camel)
    : v !== null && typeof v === "object" ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k.replace(/_([a-z])/g, (_, c) => c.toUpperCase()), camel(x)]))
      : v;

/** A recorded message (the REST answer's JSON) as CosmJS's encode object. */
export function encodeObjectOf(m: any): EncodeObject {
  const typeUrl: string = m["@type"];
  const { ["@type"]: _, ...snake } = m;
  const tier = tierMessages.get(typeUrl);
  if (tier !== undefined) return { typeUrl, value: fromJson(tier, rawDecs(snake) as JsonValue) };
  const json = camel(snake);
  switch (typeUrl) {
    case "/cosmos.bank.v1beta1.MsgSend":
      return { typeUrl, value: MsgSend.fromJSON(json) };
    case "/cosmos.staking.v1beta1.MsgDelegate":
      return { typeUrl, value: MsgDelegate.fromJSON(json) };
    case "/cosmos.staking.v1beta1.MsgUndelegate":
      return { typeUrl, value: MsgUndelegate.fromJSON(json) };
    case "/cosmos.staking.v1beta1.MsgBeginRedelegate":
      return { typeUrl, value: MsgBeginRedelegate.fromJSON(json) };
    case "/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward":
      return { typeUrl, value: MsgWithdrawDelegatorReward.fromJSON(json) };
    case "/cosmos.distribution.v1beta1.MsgWithdrawValidatorCommission":
      return { typeUrl, value: MsgWithdrawValidatorCommission.fromJSON(json) };
    case "/cosmos.gov.v1.MsgDeposit":
      return { typeUrl, value: MsgDeposit.fromJSON(json) };
    case "/cosmos.gov.v1.MsgVote":
      return { typeUrl, value: MsgVote.fromJSON(json) };
    case "/cosmos.staking.v1beta1.MsgCreateValidator": {
      const c = json.commission;
      const value = MsgCreateValidator.fromJSON({ ...json, pubkey: undefined });
      value.commission = { rate: decToRaw(c.rate), maxRate: decToRaw(c.maxRate), maxChangeRate: decToRaw(c.maxChangeRate) };
      value.pubkey = { typeUrl: snake.pubkey["@type"], value: Ed25519PubKey.encode({ key: fromBase64(snake.pubkey.key) }).finish() };
      return { typeUrl, value };
    }
    case "/cosmos.gov.v1.MsgSubmitProposal":
      return { typeUrl, value: submitProposal(snake) };
    default:
      throw new Error(`no encoder for ${typeUrl}`);
  }
}

/** A tier message's JSON with its Decs as the wire has them (raw): the REST answer shows them as decimals. */
function rawDecs(json: any): any {
  if (json.tier?.bonus_apy !== undefined) return { ...json, tier: { ...json.tier, bonus_apy: decToRaw(json.tier.bonus_apy) } };
  if (json.params?.target_base_rewards_rate !== undefined) return { ...json, params: { target_base_rewards_rate: decToRaw(json.params.target_base_rewards_rate) } };
  return json;
}

/** MsgSubmitProposal with its MsgAddTier: protobuf-es messages (its Decs raw, as on the wire). */
function submitProposal(json: any) {
  const messages = json.messages.map((inner: any) => {
    const { ["@type"]: typeUrl, ...rest } = inner;
    const desc = tierMessages.get(typeUrl)!;
    const value = fromJson(desc, rawDecs(rest) as JsonValue);
    return { typeUrl, value: toBinary(desc, value) };
  });
  return create(MsgSubmitProposalSchema, {
    messages, initialDeposit: json.initial_deposit, proposer: json.proposer, metadata: json.metadata, title: json.title,
    summary: json.summary, expedited: json.expedited,
  });
}

/** One recorded tx of the workload: its result row, its messages, its signer and mode, its block. */
export interface RecordedTx {
  label: string;
  signer: number;
  mode: "direct" | "amino";
  height: number;
  gasWanted: bigint;
  gasUsed: bigint;
  code: number;
  log: string;
  messages: any[];
  fee: { amount: { denom: string; amount: string }[]; gas: string };
  memo: string;
}

/** The workload's txs that reached a block, in order, with what the chain answered. */
export function recordedTxs(): RecordedTx[] {
  const results = readReference("workload-results.json").results as any[];
  const txs = readReference("txs-and-blocks.json").txs as any[];
  const delivered = results.filter((r) => r.deliver?.code !== undefined && r.deliver.code !== null);
  return delivered.map((r, i) => {
    const t = txs[i];
    const tx = t.rest_get_tx.tx;
    return {
      label: r.label, signer: Number(String(r.signer).replace("dev", "")), mode: r.mode === "amino-json" ? "amino" : "direct",
      height: Number(t.height), gasWanted: BigInt(r.deliver.gas_wanted), gasUsed: BigInt(r.deliver.gas_used), code: r.deliver.code,
      log: r.deliver.log ?? "", messages: tx.body.messages,
      fee: { amount: tx.auth_info.fee.amount, gas: tx.auth_info.fee.gas_limit }, memo: tx.body.memo,
    };
  });
}
