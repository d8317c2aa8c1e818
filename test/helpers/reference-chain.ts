// The reference chain's recorded run (../shared/reference-chain, README there): its genesis as
// closely as the node's own genesis format says it, and its txs as CosmJS encode objects, to be
// signed again by the same dev keys and replayed on the node.

import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { create, fromJson, toBinary, type DescMessage, type JsonValue } from "@bufbuild/protobuf";
import type { EncodeObject } from "@cosmjs/proto-signing";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { MsgBeginRedelegate, MsgCreateValidator, MsgDelegate, MsgUndelegate } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { MsgWithdrawDelegatorReward, MsgWithdrawValidatorCommission } from "cosmjs-types/cosmos/distribution/v1beta1/tx";
import { MsgDeposit, MsgVote } from "cosmjs-types/cosmos/gov/v1/tx";
import { PubKey as Ed25519PubKey } from "cosmjs-types/cosmos/crypto/ed25519/keys";
import { fromBase64 } from "@cosmjs/encoding";
import { GOV_MODULE_ADDRESS, type Json } from "../../host/app/genesis.js";
import { decToRaw } from "../../host/wire/amino/amino-json.js";
import { file_chainmain_tieredrewards_v1_tx } from "../../host/wire/gen/chainmain/tieredrewards/v1/tx_pb.js";
import { MsgSubmitProposalSchema } from "../../host/wire/gen/cosmos/gov/v1/tx_pb.js";
import { ROOT } from "./cli.js";

/** The recorded files, beside the repository (../shared/reference-chain); tests skip when they are absent. */
export const REFERENCE_DIR = join(ROOT, "..", "shared", "reference-chain");
export const haveReference = (): boolean => existsSync(join(REFERENCE_DIR, "workload-results.json"));
export const readReference = (file: string): any => JSON.parse(readFileSync(join(REFERENCE_DIR, file), "utf8"));

/**
 * The recorded genesis in the node's format: dev key 0's reserve, dev key 1's validator of 10 B CRO
 * (commission 0.1), dev keys 2-8 with 1 M CRO, the 5 B CRO rewards pool; 120 s unbonding; tiers 1-3
 * and tier 4 (60 s exit, bonus 0.05); gov deposit 10,000 CRO, deposit period 60 s, voting 30 s
 * (expedited 15 s); the gov module account as the authority. The format cannot say the
 * validator's max rate (0.2) and max change rate (0.01): `referenceCommission()`, set after start.
 */
export function referenceGenesis(): Json {
  const g = readReference("genesis.json");
  const balances: Json[] = g.app_state.bank.balances.map((b: any) => ({ address: b.address, coins: b.coins }));
  const gentx = g.app_state.genutil.gen_txs[0].body.messages[0];
  const tiers = g.app_state.tieredrewards.tiers.map((t: any) => ({ ...t }));
  const gov = g.app_state.gov.params;
  return {
    chain_id: g.chain_id,
    genesis_time: g.genesis_time,
    app_state: {
      bank: { supply: g.app_state.bank.supply, burned_balance: "0", balances },
      mint: { params: g.app_state.mint.params },
      inflation: g.app_state.inflation,
      staking: {
        params: { unbonding_time: g.app_state.staking.params.unbonding_time, max_validators: g.app_state.staking.params.max_validators, power_reduction: "100000000" },
        validators: [{
          operator_address: gentx.validator_address, commission_rate: gentx.commission.rate, self_delegation: gentx.value.amount,
          description: { moniker: gentx.description.moniker },
        }],
      },
      distribution: { params: { community_tax: g.app_state.distribution.params.community_tax } },
      tieredrewards: { params: g.app_state.tieredrewards.params, tiers, positions: [], next_position_id: "0" },
      gov: {
        authority: GOV_MODULE_ADDRESS,
        params: {
          min_deposit: gov.min_deposit, expedited_min_deposit: gov.expedited_min_deposit, max_deposit_period: gov.max_deposit_period,
          voting_period: gov.voting_period, expedited_voting_period: gov.expedited_voting_period, quorum: gov.quorum,
          threshold: gov.threshold, veto_threshold: gov.veto_threshold, min_initial_deposit_ratio: gov.min_initial_deposit_ratio,
          proposal_cancel_ratio: gov.proposal_cancel_ratio, proposal_cancel_dest: gov.proposal_cancel_dest,
          expedited_threshold: gov.expedited_threshold, burn_vote_quorum: gov.burn_vote_quorum,
          burn_proposal_deposit_prevote: gov.burn_proposal_deposit_prevote, burn_vote_veto: gov.burn_vote_veto,
          min_deposit_ratio: gov.min_deposit_ratio,
        },
      },
    },
  };
}

/** The recorded genesis's validator commission (max rate, max change rate): raw Decs. */
export function referenceCommission(): { maxRate: bigint; maxChangeRate: bigint } {
  const c = readReference("genesis.json").app_state.genutil.gen_txs[0].body.messages[0].commission;
  return { maxRate: BigInt(decToRaw(c.max_rate)), maxChangeRate: BigInt(decToRaw(c.max_change_rate)) };
}

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
