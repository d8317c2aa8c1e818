// Workload "amino-json": messages signed in SIGN_MODE_LEGACY_AMINO_JSON that CosmJS has no converter for
// (lib/amino-more.ts): authz grants with nested authorizations (a oneof, a timestamp), MsgExec with a
// nested msg, feegrant allowances (nested Any, duration, timestamps), MsgPruneAllowances (no amino.name),
// vesting permanent-locked and periodic accounts, gov v1 proposals with nested messages and legacy
// content, a LegacyDec in a nested MsgUpdateParams, v1 deposit and weighted vote, MsgUnjail,
// MsgAddToTierPosition. Each row keeps the exact sign bytes (`amino_sign_doc`): a chain that accepts the
// signature derived the same bytes from the protobuf tx.

import type { EncodeObject } from "@cosmjs/proto-signing";
import * as authzTx from "cosmjs-types/cosmos/authz/v1beta1/tx";
import { GenericAuthorization } from "cosmjs-types/cosmos/authz/v1beta1/authz";
import { SendAuthorization } from "cosmjs-types/cosmos/bank/v1beta1/authz";
import { StakeAuthorization, AuthorizationType } from "cosmjs-types/cosmos/staking/v1beta1/authz";
import * as fgTx from "cosmjs-types/cosmos/feegrant/v1beta1/tx";
import { AllowedMsgAllowance, BasicAllowance, PeriodicAllowance } from "cosmjs-types/cosmos/feegrant/v1beta1/feegrant";
import * as vest from "cosmjs-types/cosmos/vesting/v1beta1/tx";
import * as gov from "cosmjs-types/cosmos/gov/v1/tx";
import { TextProposal } from "cosmjs-types/cosmos/gov/v1beta1/gov";
import * as distr from "cosmjs-types/cosmos/distribution/v1beta1/tx";
import { MsgUnjail } from "cosmjs-types/cosmos/slashing/v1beta1/tx";
import { TIER, anyOf, registry } from "../lib/msgs.js";
import type { Signer } from "../lib/recorder.js";
import { CRO, GOV, accountPath, coin, msg, pid, proposalV1, responseUint64, send, type Ctx } from "./common.js";

export const NAME = "amino-json";

const ts = (seconds: bigint, nanos = 0) => ({ seconds, nanos });
const amino = { mode: "amino-json" as const };

export async function run({ r, dev, val1, extra }: Ctx): Promise<void> {
  const [, d1, , , d4, d5, d6, d7, d8] = dev as Signer[];
  const a5 = d5!.address, a6 = d6!.address, a7 = d7!.address, a8 = d8!.address;
  const reg = registry();
  const now = await r.blockTime();
  const grants = (granter: string, grantee: string) => `/cosmos/authz/v1beta1/grants?granter=${granter}&grantee=${grantee}`;

  // ---- authz ----
  const grant = (grantee: string, authorization: { typeUrl: string; value: Uint8Array }, expiration?: { seconds: bigint; nanos: number }) =>
    msg("/cosmos.authz.v1beta1.MsgGrant", authzTx.MsgGrant.fromPartial({ granter: a5, grantee, grant: { authorization, expiration } }));
  await r.tx("authz grant GenericAuthorization(MsgVote), expiration with nanos", d5!, [grant(a6, anyOf("/cosmos.authz.v1beta1.GenericAuthorization", GenericAuthorization,
    GenericAuthorization.fromPartial({ msg: "/cosmos.gov.v1.MsgVote" })), ts(now + 86_400n, 500_000_000))], { ...amino, queries: [grants(a5, a6)] });
  await r.tx("authz grant SendAuthorization 100 CRO with an allow list", d5!, [grant(a7, anyOf("/cosmos.bank.v1beta1.SendAuthorization", SendAuthorization,
    SendAuthorization.fromPartial({ spendLimit: [coin(100n * CRO)], allowList: [a8] })))], { ...amino, queries: [grants(a5, a7)] });
  await r.tx("authz grant StakeAuthorization (oneof allow_list), max 1,000 CRO", d5!, [grant(a8, anyOf("/cosmos.staking.v1beta1.StakeAuthorization", StakeAuthorization,
    StakeAuthorization.fromPartial({ maxTokens: coin(1_000n * CRO), allowList: { address: [val1] }, authorizationType: AuthorizationType.AUTHORIZATION_TYPE_DELEGATE })))], {
    ...amino, queries: [grants(a5, a8)],
  });
  await r.tx("authz grant StakeAuthorization (oneof deny_list), no max, undelegate", d5!, [grant(a6, anyOf("/cosmos.staking.v1beta1.StakeAuthorization", StakeAuthorization,
    StakeAuthorization.fromPartial({ denyList: { address: [val1] }, authorizationType: AuthorizationType.AUTHORIZATION_TYPE_UNDELEGATE })))], { ...amino, queries: [grants(a5, a6)] });
  await r.tx("authz exec a MsgSend as the granter", d7!, [msg("/cosmos.authz.v1beta1.MsgExec", authzTx.MsgExec.fromPartial({
    grantee: a7, msgs: [reg.encodeAsAny(send(a5, a8, 10n * CRO))],
  }))], { ...amino, queries: [grants(a5, a7)] });
  await r.tx("INVALID authz exec a MsgSend to an address outside the allow list", d7!, [msg("/cosmos.authz.v1beta1.MsgExec", authzTx.MsgExec.fromPartial({
    grantee: a7, msgs: [reg.encodeAsAny(send(a5, a6, CRO))],
  }))], amino);

  // ---- feegrant ----
  const allowance = (grantee: string) => `/cosmos/feegrant/v1beta1/allowance/${a5}/${grantee}`;
  const grantAllowance = (grantee: string, a: { typeUrl: string; value: Uint8Array }) =>
    msg("/cosmos.feegrant.v1beta1.MsgGrantAllowance", fgTx.MsgGrantAllowance.fromPartial({ granter: a5, grantee, allowance: a }));
  const basic = (spend: bigint, expiration?: { seconds: bigint; nanos: number }) => BasicAllowance.fromPartial({ spendLimit: spend === 0n ? [] : [coin(spend)], expiration });
  await r.tx("feegrant grant BasicAllowance 1 CRO, expiring in a day", d5!, [grantAllowance(a6, anyOf("/cosmos.feegrant.v1beta1.BasicAllowance", BasicAllowance, basic(CRO, ts(now + 86_400n))))], {
    ...amino, queries: [allowance(a6)],
  });
  await r.tx("feegrant grant PeriodicAllowance (no spend limit; 0.001 CRO per 10 s; period_reset now)", d5!, [grantAllowance(a7, anyOf("/cosmos.feegrant.v1beta1.PeriodicAllowance", PeriodicAllowance,
    PeriodicAllowance.fromPartial({ basic: basic(0n), period: { seconds: 10n, nanos: 0 }, periodSpendLimit: [coin(100_000n)], periodCanSpend: [coin(100_000n)], periodReset: ts(now) })))], {
    ...amino, queries: [allowance(a7)],
  });
  await r.tx("feegrant grant AllowedMsgAllowance(MsgVote, MsgSend) over BasicAllowance", d5!, [grantAllowance(a8, anyOf("/cosmos.feegrant.v1beta1.AllowedMsgAllowance", AllowedMsgAllowance,
    AllowedMsgAllowance.fromPartial({ allowance: anyOf("/cosmos.feegrant.v1beta1.BasicAllowance", BasicAllowance, basic(CRO)), allowedMessages: ["/cosmos.gov.v1.MsgVote", "/cosmos.bank.v1beta1.MsgSend"] })))], {
    ...amino, queries: [allowance(a8)],
  });
  await r.tx("feegrant prune allowances (type \"/cosmos.feegrant.v1beta1.MsgPruneAllowances\": no amino.name)", d4!, [msg("/cosmos.feegrant.v1beta1.MsgPruneAllowances", fgTx.MsgPruneAllowances.fromPartial({ pruner: d4!.address }))], amino);
  await r.tx("tx paid by the fee granter, signed in amino JSON (fee.granter in the sign doc)", d8!, [send(a8, a7, CRO)], {
    ...amino, fee: { amount: [coin(20_000n)], gas: "800000", granter: a5 }, queries: [allowance(a8)],
  });

  // ---- vesting ----
  const locked = await extra("amino-permanent-locked"), periodic = await extra("amino-periodic");
  await r.tx("vesting create permanent locked 100 CRO", d5!, [msg("/cosmos.vesting.v1beta1.MsgCreatePermanentLockedAccount", vest.MsgCreatePermanentLockedAccount.fromPartial({
    fromAddress: a5, toAddress: locked.address, amount: [coin(100n * CRO)],
  }))], { ...amino, queries: [accountPath(locked.address)] });
  const periodicMsg = (to: string, lengths: bigint[]) => msg("/cosmos.vesting.v1beta1.MsgCreatePeriodicVestingAccount", vest.MsgCreatePeriodicVestingAccount.fromPartial({
    fromAddress: a5, toAddress: to, startTime: now, vestingPeriods: lengths.map((length, i) => ({ length, amount: [coin(BigInt(10 * (i + 1)) * CRO)] })),
  }));
  await r.tx("vesting create periodic 2 periods (60 s, 120 s)", d5!, [periodicMsg(periodic.address, [60n, 120n])], { ...amino, queries: [accountPath(periodic.address)] });
  await r.tx("INVALID vesting create periodic with a 0 s period (amino omits the length)", d5!, [periodicMsg((await extra("amino-periodic-invalid")).address, [60n, 0n])], amino);

  // ---- gov v1 ----
  const submit = (messages: EncodeObject[], title: string, o: { deposit?: bigint; metadata?: string } = {}) => msg("/cosmos.gov.v1.MsgSubmitProposal", gov.MsgSubmitProposal.fromPartial({
    messages: messages.map((m) => reg.encodeAsAny(m)), initialDeposit: [coin(o.deposit ?? 10_000n * CRO)], proposer: a5,
    metadata: o.metadata ?? "", title, summary: `${title}: amino JSON`,
  }));
  const legacy = msg("/cosmos.gov.v1.MsgExecLegacyContent", gov.MsgExecLegacyContent.fromPartial({
    content: anyOf("/cosmos.gov.v1beta1.TextProposal", TextProposal, TextProposal.fromPartial({ title: "amino text", description: "a TextProposal in MsgExecLegacyContent, amino JSON" })), authority: GOV,
  }));
  const s1 = await r.tx("gov-v1 submit MsgExecLegacyContent(TextProposal)", d5!, [submit([legacy], "amino legacy text", { metadata: "ipfs://none" })], { ...amino, queries: (s) => [proposalV1(pid(s))] });
  const params = msg("/cosmos.distribution.v1beta1.MsgUpdateParams", distr.MsgUpdateParams.fromPartial({
    authority: GOV, params: { communityTax: "25000000000000000", baseProposerReward: "0", bonusProposerReward: "0", withdrawAddrEnabled: true },
  }));
  await r.tx("gov-v1 submit distribution MsgUpdateParams (community_tax 0.025: LegacyDec in amino)", d5!, [submit([params], "amino distribution params")], { ...amino, queries: (s) => [proposalV1(pid(s))] });
  const p1 = pid(s1);
  await r.tx("gov-v1 deposit 100 CRO", d6!, [msg("/cosmos.gov.v1.MsgDeposit", gov.MsgDeposit.fromPartial({ proposalId: p1, depositor: a6, amount: [coin(100n * CRO)] }))], amino);
  await r.tx("gov-v1 vote-weighted yes 0.7 / no 0.3", d1!, [msg("/cosmos.gov.v1.MsgVoteWeighted", gov.MsgVoteWeighted.fromPartial({
    proposalId: p1, voter: d1!.address, options: [{ option: 1, weight: "0.700000000000000000" }, { option: 3, weight: "0.300000000000000000" }], metadata: "",
  }))], { ...amino, queries: [`/cosmos/gov/v1/proposals/${p1}/votes/${d1!.address}`] });

  // ---- slashing, tieredrewards ----
  await r.tx("INVALID unjail a validator that is not jailed (the signature is accepted)", d1!, [msg("/cosmos.slashing.v1beta1.MsgUnjail", MsgUnjail.fromPartial({ validatorAddr: val1 }))], amino);
  const lock = await r.tx("lock-tier tier 1 100 CRO (direct, setup)", d6!, [msg(`${TIER}MsgLockTier`, { owner: a6, id: 1, amount: `${100n * CRO}`, validatorAddress: val1, triggerExitImmediately: false })]);
  const pos = responseUint64(lock);
  await r.tx("add-to-tier-position 10 CRO", d6!, [msg(`${TIER}MsgAddToTierPosition`, { owner: a6, positionId: pos, amount: `${10n * CRO}` })], {
    ...amino, queries: [`/chainmain/tieredrewards/v1/position/${pos}`],
  });
}
