// Workload "authz-feegrant-vesting": authz grants (generic, send, stake), MsgExec as the granter,
// MsgRevoke; feegrant allowances (basic, periodic, allowed-msg), txs paid by a fee granter, revoke,
// prune; vesting accounts (continuous, delayed, permanent locked, periodic), a send of locked coins,
// delegations of vesting coins. Valid and invalid cases, a few in LEGACY_AMINO_JSON.

import type { EncodeObject } from "@cosmjs/proto-signing";
import * as authzTx from "cosmjs-types/cosmos/authz/v1beta1/tx";
import { GenericAuthorization } from "cosmjs-types/cosmos/authz/v1beta1/authz";
import { SendAuthorization } from "cosmjs-types/cosmos/bank/v1beta1/authz";
import { StakeAuthorization, AuthorizationType } from "cosmjs-types/cosmos/staking/v1beta1/authz";
import * as fgTx from "cosmjs-types/cosmos/feegrant/v1beta1/tx";
import { AllowedMsgAllowance, BasicAllowance, PeriodicAllowance } from "cosmjs-types/cosmos/feegrant/v1beta1/feegrant";
import * as vest from "cosmjs-types/cosmos/vesting/v1beta1/tx";
import { MsgMultiSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { MsgWithdrawDelegatorReward } from "cosmjs-types/cosmos/distribution/v1beta1/tx";
import { TIER, anyOf, registry } from "../lib/msgs.js";
import { fee, type Signer } from "../lib/recorder.js";
import { CRO, accountPath, balances, coin, delegate, msg, send, undelegate, type Ctx } from "./common.js";

export const NAME = "authz-feegrant-vesting";

const ts = (seconds: bigint) => ({ seconds, nanos: 0 });
const anyMsg = (m: EncodeObject, r: { encodeAsAny(m: EncodeObject): any }) => r.encodeAsAny(m);

export async function run({ r, dev, val1, extra }: Ctx): Promise<void> {
  const [, , d2, , d4, d5, d6, d7, d8] = dev as Signer[];
  const a5 = d5!.address, a6 = d6!.address, a7 = d7!.address, a8 = d8!.address;
  const reg = registry();
  const now = await r.blockTime();

  // ---- authz: dev5 grants dev6 ----
  const grants = (granter: string, grantee: string) => `/cosmos/authz/v1beta1/grants?granter=${granter}&grantee=${grantee}`;
  await r.tx("delegate (setup: dev5 stake)", d5!, [delegate(a5, val1, 1_000n * CRO)]);
  const grant = (granter: string, grantee: string, authorization: { typeUrl: string; value: Uint8Array }, expiration?: bigint) =>
    msg("/cosmos.authz.v1beta1.MsgGrant", authzTx.MsgGrant.fromPartial({ granter, grantee, grant: { authorization, expiration: expiration === undefined ? undefined : ts(expiration) } }));
  const generic = (m: string) => anyOf("/cosmos.authz.v1beta1.GenericAuthorization", GenericAuthorization, GenericAuthorization.fromPartial({ msg: m }));
  await r.tx("authz grant GenericAuthorization(MsgWithdrawDelegatorReward), expiring in a day", d5!, [grant(a5, a6, generic("/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward"), now + 86_400n)], {
    queries: [grants(a5, a6), `/cosmos/authz/v1beta1/grants/granter/${a5}`, `/cosmos/authz/v1beta1/grants/grantee/${a6}`],
  });
  await r.tx("authz grant SendAuthorization 100 CRO", d5!, [grant(a5, a6, anyOf("/cosmos.bank.v1beta1.SendAuthorization", SendAuthorization, SendAuthorization.fromPartial({ spendLimit: [coin(100n * CRO)] })))], { queries: [grants(a5, a6)] });
  await r.tx("authz grant StakeAuthorization delegate up to 1,000 CRO to validator 1", d5!, [grant(a5, a6, anyOf("/cosmos.staking.v1beta1.StakeAuthorization", StakeAuthorization, StakeAuthorization.fromPartial({
    maxTokens: coin(1_000n * CRO), allowList: { address: [val1] }, authorizationType: AuthorizationType.AUTHORIZATION_TYPE_DELEGATE,
  })))], { queries: [grants(a5, a6)] });
  await r.tx("INVALID authz grant to self", d5!, [grant(a5, a5, generic("/cosmos.bank.v1beta1.MsgSend"))]);
  await r.tx("INVALID authz grant expiring in the past", d5!, [grant(a5, a7, generic("/cosmos.bank.v1beta1.MsgSend"), now - 3_600n)]);
  const exec = (msgs: EncodeObject[]) => msg("/cosmos.authz.v1beta1.MsgExec", authzTx.MsgExec.fromPartial({ grantee: a6, msgs: msgs.map((m) => anyMsg(m, reg)) }));
  await r.tx("authz exec send 10 CRO as the granter", d6!, [exec([send(a5, a7, 10n * CRO)])], { queries: [grants(a5, a6), balances(a7)] });
  await r.tx("INVALID authz exec send above the spend limit (1,000 CRO)", d6!, [exec([send(a5, a7, 1_000n * CRO)])]);
  await r.tx("authz exec withdraw-rewards + delegate 100 CRO as the granter", d6!, [exec([
    msg("/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward", MsgWithdrawDelegatorReward.fromPartial({ delegatorAddress: a5, validatorAddress: val1 })),
    delegate(a5, val1, 100n * CRO),
  ])], { queries: [grants(a5, a6), `/cosmos/staking/v1beta1/validators/${val1}/delegations/${a5}`] });
  await r.tx("INVALID authz exec delegate above the stake authorization's max tokens (5,000 CRO)", d6!, [exec([delegate(a5, val1, 5_000n * CRO)])]);
  await r.tx("INVALID authz exec undelegate without a grant", d6!, [exec([undelegate(a5, val1, CRO)])]);
  await r.tx("authz exec of a message the grantee signs itself (no grant needed)", d6!, [exec([send(a6, a7, CRO)])]);
  const revoke = (msgTypeUrl: string) => msg("/cosmos.authz.v1beta1.MsgRevoke", authzTx.MsgRevoke.fromPartial({ granter: a5, grantee: a6, msgTypeUrl }));
  await r.tx("authz revoke SendAuthorization, amino", d5!, [revoke("/cosmos.bank.v1beta1.MsgSend")], { mode: "amino-json", queries: [grants(a5, a6)] });
  await r.tx("INVALID authz revoke again (no grant)", d5!, [revoke("/cosmos.bank.v1beta1.MsgSend")]);
  await r.tx("INVALID authz exec send after the revoke", d6!, [exec([send(a5, a7, CRO)])]);
  await r.tx("authz revoke GenericAuthorization(MsgWithdrawDelegatorReward)", d5!, [revoke("/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward")], { queries: [grants(a5, a6)] });

  // ---- feegrant: dev5 pays ----
  const allowance = (granter: string, grantee: string) => `/cosmos/feegrant/v1beta1/allowance/${granter}/${grantee}`;
  const grantAllowance = (grantee: string, a: { typeUrl: string; value: Uint8Array }, granter = a5) =>
    msg("/cosmos.feegrant.v1beta1.MsgGrantAllowance", fgTx.MsgGrantAllowance.fromPartial({ granter, grantee, allowance: a }));
  const basic = (spend: bigint, expiration?: bigint) => BasicAllowance.fromPartial({ spendLimit: [coin(spend)], expiration: expiration === undefined ? undefined : ts(expiration) });
  const basicAny = (spend: bigint, expiration?: bigint) => anyOf("/cosmos.feegrant.v1beta1.BasicAllowance", BasicAllowance, basic(spend, expiration));
  await r.tx("feegrant grant BasicAllowance 1 CRO", d5!, [grantAllowance(a8, basicAny(CRO))], { queries: [allowance(a5, a8), `/cosmos/feegrant/v1beta1/allowances/${a8}`, `/cosmos/feegrant/v1beta1/issued/${a5}`] });
  const paid = fee(800_000n, { granter: a5 });
  await r.tx("tx paid by the fee granter (basic)", d8!, [send(a8, a7, CRO)], { fee: paid, queries: [allowance(a5, a8), balances(a8)] });
  await r.tx("INVALID fee above the allowance's remaining spend limit", d8!, [send(a8, a7, CRO)], { fee: { amount: [coin(2n * CRO)], gas: "800000", granter: a5 } });
  await r.tx("INVALID feegrant grant again (allowance exists)", d5!, [grantAllowance(a8, basicAny(CRO))]);
  await r.tx("INVALID feegrant grant to self", d5!, [grantAllowance(a5, basicAny(CRO))]);
  const periodic = anyOf("/cosmos.feegrant.v1beta1.PeriodicAllowance", PeriodicAllowance, PeriodicAllowance.fromPartial({
    basic: basic(5n * CRO), period: { seconds: 10n, nanos: 0 }, periodSpendLimit: [coin(100_000n)], periodCanSpend: [coin(100_000n)],
  }));
  await r.tx("feegrant grant PeriodicAllowance (5 CRO, 0.001 CRO per 10 s)", d5!, [grantAllowance(a7, periodic)], { queries: [allowance(a5, a7)] });
  await r.tx("tx paid by the fee granter (periodic)", d7!, [send(a7, a8, CRO)], { fee: paid, queries: [allowance(a5, a7)] });
  await r.tx("INVALID fee above the period's remaining limit (periodic)", d7!, [send(a7, a8, CRO)], { fee: { amount: [coin(90_000n)], gas: "800000", granter: a5 } });
  const allowed = anyOf("/cosmos.feegrant.v1beta1.AllowedMsgAllowance", AllowedMsgAllowance, AllowedMsgAllowance.fromPartial({
    allowance: basicAny(CRO), allowedMessages: ["/cosmos.bank.v1beta1.MsgSend"],
  }));
  await r.tx("feegrant grant AllowedMsgAllowance(MsgSend) over BasicAllowance 1 CRO", d5!, [grantAllowance(a6, allowed)], { queries: [allowance(a5, a6)] });
  await r.tx("tx paid by the fee granter (allowed msg: MsgSend)", d6!, [send(a6, a7, CRO)], { fee: paid, queries: [allowance(a5, a6)] });
  await r.tx("INVALID fee granter pays for a message outside the allowed list (MsgDelegate)", d6!, [delegate(a6, val1, CRO)], { fee: paid });
  await r.tx("INVALID fee granter without an allowance", d2!, [send(d2!.address, a7, CRO)], { fee: paid });
  const revokeAllowance = (grantee: string) => msg("/cosmos.feegrant.v1beta1.MsgRevokeAllowance", fgTx.MsgRevokeAllowance.fromPartial({ granter: a5, grantee }));
  await r.tx("feegrant revoke allowance (periodic), amino", d5!, [revokeAllowance(a7)], { mode: "amino-json", queries: [allowance(a5, a7)] });
  await r.tx("INVALID feegrant revoke an absent allowance", d5!, [revokeAllowance(a7)]);
  const expiring = await r.blockTime();
  await r.tx("feegrant grant BasicAllowance expiring in 3 s", d5!, [grantAllowance(d2!.address, basicAny(CRO, expiring + 3n))], { queries: [allowance(a5, d2!.address)] });
  await r.sleep(5_000);
  await r.tx("INVALID tx paid by an expired allowance (x/feegrant's EndBlocker already removed it)", d2!, [send(d2!.address, a7, CRO)], { fee: paid });
  const prune = msg("/cosmos.feegrant.v1beta1.MsgPruneAllowances", fgTx.MsgPruneAllowances.fromPartial({ pruner: d4!.address }));
  await r.tx("feegrant prune allowances (the expired one: already removed by the EndBlocker)", d4!, [prune], { queries: [allowance(a5, d2!.address), `/cosmos/feegrant/v1beta1/issued/${a5}`] });
  await r.tx("feegrant prune allowances with nothing to prune", d4!, [prune]);

  // ---- vesting: dev5 funds new accounts ----
  const v1 = await extra("vesting-continuous"), v2 = await extra("vesting-permanent-locked");
  const v3 = await extra("vesting-periodic"), v4 = await extra("vesting-delayed-amino");
  const state = (a: string) => [accountPath(a), balances(a), `/cosmos/bank/v1beta1/spendable_balances/${a}`];
  const t0 = await r.blockTime();
  const continuous = (from: string, to: string, amount: bigint, delayed: boolean) => msg("/cosmos.vesting.v1beta1.MsgCreateVestingAccount", vest.MsgCreateVestingAccount.fromPartial({
    fromAddress: from, toAddress: to, amount: [coin(amount)], endTime: t0 + 3_600n, delayed,
  }));
  await r.tx("vesting create continuous 1,000 CRO, ending in 1 h", d5!, [continuous(a5, v1.address, 1_000n * CRO, false)], { queries: state(v1.address) });
  await r.tx("vesting create delayed 100 CRO, amino", d8!, [continuous(a8, v4.address, 100n * CRO, true)], { mode: "amino-json", queries: state(v4.address) });
  await r.tx("INVALID vesting create to an existing account", d5!, [continuous(a5, a6, CRO, false)]);
  await r.tx("INVALID vesting create with end time 0", d5!, [msg("/cosmos.vesting.v1beta1.MsgCreateVestingAccount", vest.MsgCreateVestingAccount.fromPartial({
    fromAddress: a5, toAddress: (await extra("vesting-invalid")).address, amount: [coin(CRO)], endTime: 0n,
  }))]);
  await r.tx("vesting create permanent locked 1,000 CRO", d5!, [msg("/cosmos.vesting.v1beta1.MsgCreatePermanentLockedAccount", vest.MsgCreatePermanentLockedAccount.fromPartial({
    fromAddress: a5, toAddress: v2.address, amount: [coin(1_000n * CRO)],
  }))], { queries: state(v2.address) });
  const periodicVesting = (to: string, periods: bigint[]) => msg("/cosmos.vesting.v1beta1.MsgCreatePeriodicVestingAccount", vest.MsgCreatePeriodicVestingAccount.fromPartial({
    fromAddress: a5, toAddress: to, startTime: t0, vestingPeriods: periods.map((amount) => ({ length: 60n, amount: [coin(amount)] })),
  }));
  await r.tx("vesting create periodic 2 × 500 CRO, 60 s periods", d5!, [periodicVesting(v3.address, [500n * CRO, 500n * CRO])], { queries: state(v3.address) });
  await r.tx("INVALID vesting create periodic without periods", d5!, [periodicVesting((await extra("vesting-invalid")).address, [])]);
  await r.tx("send 10 CRO of free coins to each vesting account (fees)", d5!, [msg("/cosmos.bank.v1beta1.MsgMultiSend", MsgMultiSend.fromPartial({
    inputs: [{ address: a5, coins: [coin(30n * CRO)] }],
    outputs: [v1, v2, v3].map((v) => ({ address: v.address, coins: [coin(10n * CRO)] })),
  }))]);
  await r.tx("INVALID send of locked coins (500 CRO, continuous)", v1, [send(v1.address, a5, 500n * CRO)], { queries: state(v1.address) });
  await r.tx("INVALID send of permanently locked coins (500 CRO)", v2, [send(v2.address, a5, 500n * CRO)]);
  await r.tx("delegate 500 CRO of vesting coins (continuous)", v1, [delegate(v1.address, val1, 500n * CRO)], { queries: [...state(v1.address), `/cosmos/staking/v1beta1/delegations/${v1.address}`] });
  await r.tx("delegate 500 CRO of permanently locked coins", v2, [delegate(v2.address, val1, 500n * CRO)], { queries: state(v2.address) });
  await r.tx("send 1 CRO of free coins (continuous vesting account)", v1, [send(v1.address, a5, CRO)], { queries: state(v1.address) });
  await r.tx("INVALID lock-tier with a vesting account (periodic)", v3, [msg(`${TIER}MsgLockTier`, { owner: v3.address, id: 1, amount: `${100n * CRO}`, validatorAddress: val1, triggerExitImmediately: false })]);
  r.extra.queries = await Promise.all([...state(v1.address), ...state(v3.address), ...state(v4.address), `/cosmos/feegrant/v1beta1/issued/${a5}`, `/cosmos/authz/v1beta1/grants/granter/${a5}`].map((p) => r.query(p)));
}
