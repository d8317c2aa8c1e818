// Amino JSON converters for messages CosmJS has none for: authz grants/exec, feegrant allowances and
// pruning, vesting permanent-locked/periodic accounts, gov v1 submit/deposit/weighted vote (with nested
// Anys: authorizations, allowances, proposal messages, legacy content), MsgUnjail, MsgAddToTierPosition.
// Written from the x/tx aminojson encoder's rules (cosmossdk.io/x/tx v0.14.0): amino.name (or "/"+full
// name) for an Any's type, int64/uint64 as strings, enums as numbers, Timestamp as RFC 3339, Duration as
// nanoseconds, oneofs as {"<OneofName>": {"type": oneof_name, "value": {...}}}, zero values omitted unless
// dont_omitempty. CosmJS sorts the keys.
//
// fromAmino returns the very message toAmino was given (CosmJS's signAmino rebuilds the body with
// fromAmino from the sign doc's own objects): the tx carries exactly the protobuf message built, and the
// chain re-derives the amino JSON from it to verify the signature: the test of these converters.

import type { AminoConverters } from "@cosmjs/stargate";
import type { Any } from "cosmjs-types/google/protobuf/any";
import { GenericAuthorization } from "cosmjs-types/cosmos/authz/v1beta1/authz";
import { SendAuthorization } from "cosmjs-types/cosmos/bank/v1beta1/authz";
import { StakeAuthorization } from "cosmjs-types/cosmos/staking/v1beta1/authz";
import { AllowedMsgAllowance, BasicAllowance, PeriodicAllowance } from "cosmjs-types/cosmos/feegrant/v1beta1/feegrant";
import { TextProposal } from "cosmjs-types/cosmos/gov/v1beta1/gov";
import { MsgExecLegacyContent } from "cosmjs-types/cosmos/gov/v1/tx";
import { MsgUpdateParams as DistrUpdateParams } from "cosmjs-types/cosmos/distribution/v1beta1/tx";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";

type Coin = { denom: string; amount: string };
type Ts = { seconds: bigint; nanos: number } | undefined;

const omit = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== "" && v !== 0 && v !== false && v !== undefined && !(Array.isArray(v) && v.length === 0)));
const coins = (c: Coin[]) => c.map((x) => ({ denom: x.denom, amount: x.amount }));
/** RFC 3339, as Go's time.Format(RFC3339) (RFC3339Nano when nanos ≠ 0). */
export function rfc3339(t: Ts): string | undefined {
  if (t === undefined) return undefined;
  const iso = new Date(Number(t.seconds) * 1000).toISOString().replace(".000Z", "Z");
  if (t.nanos === 0) return iso;
  return iso.replace("Z", `.${String(t.nanos).padStart(9, "0").replace(/0+$/, "")}Z`);
}
const nanos = (d: { seconds: bigint; nanos: number }) => (d.seconds * 1_000_000_000n + BigInt(d.nanos)).toString();
/** A LegacyDec's protobuf text (10^18 × value, an integer) as amino JSON's decimal with 18 places. */
export function legacyDec(raw: string): string {
  const digits = (raw || "0").padStart(19, "0");
  return `${BigInt(digits.slice(0, -18))}.${digits.slice(-18)}`;
}

/** Nested Anys: the decoded message's amino JSON as {type, value}. */
export function anyToAmino(a: Any): { type: string; value: unknown } {
  const inner = NESTED[a.typeUrl];
  if (inner === undefined) throw new Error(`no amino form for nested ${a.typeUrl}`);
  return { type: inner[0], value: inner[1](a.value) };
}

const basic = (b: BasicAllowance) => ({ spend_limit: coins(b.spendLimit), ...omit({ expiration: rfc3339(b.expiration) }) });

const NESTED: Record<string, [string, (bytes: Uint8Array) => unknown]> = {
  "/cosmos.authz.v1beta1.GenericAuthorization": ["cosmos-sdk/GenericAuthorization", (b) => omit({ msg: GenericAuthorization.decode(b).msg })],
  "/cosmos.bank.v1beta1.SendAuthorization": ["cosmos-sdk/SendAuthorization", (b) => {
    const s = SendAuthorization.decode(b);
    return { spend_limit: coins(s.spendLimit), ...omit({ allow_list: s.allowList }) };
  }],
  "/cosmos.staking.v1beta1.StakeAuthorization": ["cosmos-sdk/StakeAuthorization", (b) => {
    const s = StakeAuthorization.decode(b);
    const validators = s.allowList !== undefined
      ? { type: "cosmos-sdk/StakeAuthorization/AllowList", value: { allow_list: omit({ address: s.allowList.address }) } }
      : s.denyList !== undefined
        ? { type: "cosmos-sdk/StakeAuthorization/DenyList", value: { deny_list: omit({ address: s.denyList.address }) } }
        : null;
    return { ...omit({ max_tokens: s.maxTokens }), Validators: validators, ...omit({ authorization_type: s.authorizationType }) };
  }],
  "/cosmos.feegrant.v1beta1.BasicAllowance": ["cosmos-sdk/BasicAllowance", (b) => basic(BasicAllowance.decode(b))],
  "/cosmos.feegrant.v1beta1.PeriodicAllowance": ["cosmos-sdk/PeriodicAllowance", (b) => {
    const p = PeriodicAllowance.decode(b);
    return {
      basic: basic(p.basic), period: nanos(p.period), period_spend_limit: coins(p.periodSpendLimit),
      period_can_spend: coins(p.periodCanSpend), period_reset: rfc3339(p.periodReset),
    };
  }],
  "/cosmos.feegrant.v1beta1.AllowedMsgAllowance": ["cosmos-sdk/AllowedMsgAllowance", (b) => {
    const a = AllowedMsgAllowance.decode(b);
    return omit({ allowance: a.allowance && anyToAmino(a.allowance), allowed_messages: a.allowedMessages });
  }],
  "/cosmos.gov.v1beta1.TextProposal": ["cosmos-sdk/TextProposal", (b) => omit({ ...TextProposal.decode(b) })],
  "/cosmos.gov.v1.MsgExecLegacyContent": ["cosmos-sdk/v1/MsgExecLegacyContent", (b) => {
    const m = MsgExecLegacyContent.decode(b);
    return omit({ content: m.content && anyToAmino(m.content), authority: m.authority });
  }],
  "/cosmos.distribution.v1beta1.MsgUpdateParams": ["cosmos-sdk/distribution/MsgUpdateParams", (b) => {
    const m = DistrUpdateParams.decode(b);
    const p = m.params!;
    return {
      ...omit({ authority: m.authority }),
      params: {
        community_tax: legacyDec(p.communityTax), base_proposer_reward: legacyDec(p.baseProposerReward),
        bonus_proposer_reward: legacyDec(p.bonusProposerReward), ...omit({ withdraw_addr_enabled: p.withdrawAddrEnabled }),
      },
    };
  }],
  "/cosmos.bank.v1beta1.MsgSend": ["cosmos-sdk/MsgSend", (b) => {
    const m = MsgSend.decode(b);
    return omit({ from_address: m.fromAddress, to_address: m.toAddress, amount: coins(m.amount) });
  }],
};

/** A converter whose fromAmino hands back the message given to toAmino. */
export function stash(aminoType: string, toAmino: (m: any) => Record<string, unknown>) {
  const originals = new WeakMap<object, unknown>();
  return {
    aminoType,
    toAmino: (m: any) => { const v = toAmino(m); originals.set(v, m); return v; },
    fromAmino: (v: any) => {
      const m = originals.get(v);
      if (m === undefined) throw new Error(`${aminoType}: fromAmino of a value this converter did not make`);
      return m;
    },
  };
}

export function moreAminoConverters(): AminoConverters {
  return {
    "/cosmos.authz.v1beta1.MsgGrant": stash("cosmos-sdk/MsgGrant", (m) => ({
      ...omit({ granter: m.granter, grantee: m.grantee }),
      grant: omit({ authorization: m.grant.authorization && anyToAmino(m.grant.authorization), expiration: rfc3339(m.grant.expiration) }),
    })),
    "/cosmos.authz.v1beta1.MsgExec": stash("cosmos-sdk/MsgExec", (m) => omit({ grantee: m.grantee, msgs: m.msgs.map(anyToAmino) })),
    "/cosmos.feegrant.v1beta1.MsgGrantAllowance": stash("cosmos-sdk/MsgGrantAllowance", (m) =>
      omit({ granter: m.granter, grantee: m.grantee, allowance: m.allowance && anyToAmino(m.allowance) })),
    "/cosmos.feegrant.v1beta1.MsgPruneAllowances": stash("/cosmos.feegrant.v1beta1.MsgPruneAllowances", (m) => omit({ pruner: m.pruner })),
    "/cosmos.vesting.v1beta1.MsgCreatePermanentLockedAccount": stash("cosmos-sdk/MsgCreatePermLockedAccount", (m) =>
      omit({ from_address: m.fromAddress, to_address: m.toAddress, amount: coins(m.amount) })),
    "/cosmos.vesting.v1beta1.MsgCreatePeriodicVestingAccount": stash("cosmos-sdk/MsgCreatePeriodVestAccount", (m) => ({
      ...omit({ from_address: m.fromAddress, to_address: m.toAddress, start_time: m.startTime === 0n ? undefined : m.startTime.toString() }),
      vesting_periods: m.vestingPeriods.map((p: any) => ({ ...omit({ length: p.length === 0n ? undefined : p.length.toString() }), amount: coins(p.amount) })),
    })),
    "/cosmos.gov.v1.MsgSubmitProposal": stash("cosmos-sdk/v1/MsgSubmitProposal", (m) => ({
      ...omit({ messages: m.messages.map(anyToAmino), proposer: m.proposer, metadata: m.metadata, title: m.title, summary: m.summary, expedited: m.expedited }),
      initial_deposit: coins(m.initialDeposit),
    })),
    "/cosmos.gov.v1.MsgDeposit": stash("cosmos-sdk/v1/MsgDeposit", (m) => ({
      proposal_id: m.proposalId.toString(), ...omit({ depositor: m.depositor }), amount: coins(m.amount),
    })),
    "/cosmos.gov.v1.MsgVoteWeighted": stash("cosmos-sdk/v1/MsgVoteWeighted", (m) => ({
      proposal_id: m.proposalId.toString(),
      ...omit({ voter: m.voter, metadata: m.metadata, options: m.options.map((o: any) => omit({ option: o.option, weight: o.weight })) }),
    })),
    "/cosmos.slashing.v1beta1.MsgUnjail": stash("cosmos-sdk/MsgUnjail", (m) => ({ address: m.validatorAddr })),
    "/chainmain.tieredrewards.v1.MsgAddToTierPosition": stash("chainmain/MsgAddToTierPosition", (m) => ({
      ...omit({ owner: m.owner, position_id: m.positionId === 0n ? undefined : m.positionId.toString() }), amount: m.amount || "0",
    })),
  };
}
