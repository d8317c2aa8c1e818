// The chainmain amino converters as a dApp developer writes them by hand from WIRE.md §2 (the
// SDK's amino JSON rules: omitted zero fields, Decs with 18 decimals, Durations in nanoseconds,
// uint64 as strings), kept as an oracle independent of the node: test/client/registry-amino.test.ts
// holds the client package's converters (derived from the schema by the node's own amino code) to
// the same amino JSON, so a change to that derivation cannot pass unnoticed. (Formerly
// test/helpers/cosmjs.ts's; the helper now uses the package's.)

import type { AminoConverters } from "@cosmjs/stargate";
import { decToRaw } from "../../host/wire/amino/amino-json.js";

/** Drops the fields amino omits: "", 0, false, empty lists, undefined. */
const omit = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== "" && v !== 0 && v !== false && v !== undefined && !(Array.isArray(v) && v.length === 0)));
const dec18 = (raw: string) => {
  const digits = (raw || "0").padStart(19, "0");
  return `${BigInt(digits.slice(0, -18))}.${digits.slice(-18)}`;
};
const u64 = (v: bigint | undefined) => (v === undefined || v === 0n ? undefined : v.toString());

const owned = (name: string, extra: (m: any) => Record<string, unknown> = () => ({}), back: (v: any) => Record<string, unknown> = () => ({})) => ({
  aminoType: `chainmain/${name}`,
  toAmino: (m: any) => omit({ owner: m.owner, position_id: u64(m.positionId), ...extra(m) }),
  fromAmino: (v: any) => ({ owner: v.owner, positionId: BigInt(v.position_id ?? 0), ...back(v) }),
});

const tierToAmino = (t: any) => omit({
  id: t.id,
  exit_duration: (BigInt(t.exitDuration?.seconds ?? 0) * 1_000_000_000n + BigInt(t.exitDuration?.nanos ?? 0)).toString(),
  bonus_apy: dec18(t.bonusApy ?? ""),
  min_lock_amount: t.minLockAmount || "0",
  close_only: t.closeOnly ?? false,
});
const tierFromAmino = (t: any) => ({
  id: t.id ?? 0,
  exitDuration: { seconds: BigInt(t.exit_duration) / 1_000_000_000n, nanos: 0 },
  bonusApy: decToRaw(t.bonus_apy),
  minLockAmount: t.min_lock_amount,
  closeOnly: t.close_only ?? false,
});

export function handWrittenAminoConverters(): AminoConverters {
  const T = "/chainmain.tieredrewards.v1.";
  return {
    [`${T}MsgLockTier`]: {
      aminoType: "chainmain/MsgLockTier",
      toAmino: (m: any) => ({ ...omit({ owner: m.owner, id: m.id, validator_address: m.validatorAddress, trigger_exit_immediately: m.triggerExitImmediately }), amount: m.amount || "0" }),
      fromAmino: (v: any) => ({ owner: v.owner, id: v.id ?? 0, amount: v.amount, validatorAddress: v.validator_address, triggerExitImmediately: v.trigger_exit_immediately ?? false }),
    },
    [`${T}MsgCommitDelegationToTier`]: {
      aminoType: "chainmain/MsgCommitDelegationToTier",
      toAmino: (m: any) => ({ ...omit({ delegator_address: m.delegatorAddress, validator_address: m.validatorAddress, id: m.id, trigger_exit_immediately: m.triggerExitImmediately }), amount: m.amount || "0" }),
      fromAmino: (v: any) => ({ delegatorAddress: v.delegator_address, validatorAddress: v.validator_address, amount: v.amount, id: v.id ?? 0, triggerExitImmediately: v.trigger_exit_immediately ?? false }),
    },
    [`${T}MsgTierUndelegate`]: owned("MsgTierUndelegate"),
    [`${T}MsgTriggerExitFromTier`]: owned("MsgTriggerExitFromTier"),
    [`${T}MsgClearPosition`]: owned("MsgClearPosition"),
    [`${T}MsgWithdrawFromTier`]: owned("MsgWithdrawFromTier"),
    [`${T}MsgTierRedelegate`]: owned("MsgTierRedelegate", (m) => ({ dst_validator: m.dstValidator }), (v) => ({ dstValidator: v.dst_validator })),
    [`${T}MsgAddToTierPosition`]: owned("MsgAddToTierPosition", (m) => ({ amount: m.amount || "0" }), (v) => ({ amount: v.amount })),
    [`${T}MsgExitTierWithDelegation`]: owned("MsgExitTierWithDelegation", (m) => ({ amount: m.amount || "0" }), (v) => ({ amount: v.amount })),
    [`${T}MsgClaimTierRewards`]: {
      aminoType: "chainmain/MsgClaimTierRewards",
      toAmino: (m: any) => omit({ owner: m.owner, position_ids: m.positionIds.map((id: bigint) => id.toString()) }),
      fromAmino: (v: any) => ({ owner: v.owner, positionIds: (v.position_ids ?? []).map((id: string) => BigInt(id)) }),
    },
    [`${T}MsgAddTier`]: {
      aminoType: "chainmain/MsgAddTier",
      toAmino: (m: any) => ({ ...omit({ authority: m.authority }), tier: tierToAmino(m.tier) }),
      fromAmino: (v: any) => ({ authority: v.authority, tier: tierFromAmino(v.tier) }),
    },
    [`${T}MsgUpdateTier`]: {
      aminoType: "chainmain/MsgUpdateTier",
      toAmino: (m: any) => ({ ...omit({ authority: m.authority }), tier: tierToAmino(m.tier) }),
      fromAmino: (v: any) => ({ authority: v.authority, tier: tierFromAmino(v.tier) }),
    },
    [`${T}MsgDeleteTier`]: {
      aminoType: "chainmain/MsgDeleteTier",
      toAmino: (m: any) => omit({ authority: m.authority, id: m.id }),
      fromAmino: (v: any) => ({ authority: v.authority, id: v.id ?? 0 }),
    },
    [`${T}MsgUpdateParams`]: {
      aminoType: "chainmain/tieredrewards/MsgUpdateParams",
      toAmino: (m: any) => ({ ...omit({ authority: m.authority }), params: { target_base_rewards_rate: dec18(m.params.targetBaseRewardsRate) } }),
      fromAmino: (v: any) => ({ authority: v.authority, params: { targetBaseRewardsRate: decToRaw(v.params.target_base_rewards_rate) } }),
    },
    "/chainmain.dev.v1.MsgSlashValidator": {
      aminoType: "chainmain-dev/MsgSlashValidator",
      toAmino: (m: any) => ({
        ...omit({ authority: m.authority, validator_address: m.validatorAddress, infraction_height: u64(m.infractionHeight), jail: m.jail }),
        slash_fraction: dec18(m.slashFraction),
      }),
      fromAmino: (v: any) => ({
        authority: v.authority, validatorAddress: v.validator_address, slashFraction: decToRaw(v.slash_fraction),
        infractionHeight: BigInt(v.infraction_height ?? 0), jail: v.jail ?? false,
      }),
    },
    // CosmJS's default converter names it cosmos-sdk/MsgWithdrawValidatorCommission; the SDK's
    // amino name (and so chain-maind's sign doc) is MsgWithdrawValCommission.
    "/cosmos.distribution.v1beta1.MsgWithdrawValidatorCommission": {
      aminoType: "cosmos-sdk/MsgWithdrawValCommission",
      toAmino: (m: any) => omit({ validator_address: m.validatorAddress }),
      fromAmino: (v: any) => ({ validatorAddress: v.validator_address ?? "" }),
    },
    // No amino name in the SDK: the sign doc names it by its type URL.
    "/cosmos.gov.v1.MsgCancelProposal": {
      aminoType: "/cosmos.gov.v1.MsgCancelProposal",
      toAmino: (m: any) => omit({ proposal_id: u64(m.proposalId), proposer: m.proposer }),
      fromAmino: (v: any) => ({ proposalId: BigInt(v.proposal_id ?? 0), proposer: v.proposer ?? "" }),
    },
    "/cosmos.slashing.v1beta1.MsgUnjail": {
      aminoType: "cosmos-sdk/MsgUnjail",
      toAmino: (m: any) => ({ address: m.validatorAddr }),
      fromAmino: (v: any) => ({ validatorAddr: v.address }),
    },
  };
}
