// The CosmJS registry and amino converters the recording signs with: CosmJS's defaults, the SDK
// messages cosmjs-types has that CosmJS does not register (authz, feegrant, vesting, MsgUpdateParams, …),
// and the three x/tieredrewards messages the workload sends, encoded here with cosmjs-types' BinaryWriter
// (proto/chainmain/tieredrewards/v1/tx.proto field numbers) so the recorder needs nothing from host/.

import { Registry, type EncodeObject, type GeneratedType } from "@cosmjs/proto-signing";
import { AminoTypes, createDefaultAminoConverters, defaultRegistryTypes, type AminoConverters } from "@cosmjs/stargate";
import { BinaryReader, BinaryWriter } from "cosmjs-types/binary";
import * as authz from "cosmjs-types/cosmos/authz/v1beta1/tx";
import * as feegrant from "cosmjs-types/cosmos/feegrant/v1beta1/tx";
import * as vesting from "cosmjs-types/cosmos/vesting/v1beta1/tx";
import * as bank from "cosmjs-types/cosmos/bank/v1beta1/tx";
import * as distr from "cosmjs-types/cosmos/distribution/v1beta1/tx";
import * as staking from "cosmjs-types/cosmos/staking/v1beta1/tx";
import * as slashing from "cosmjs-types/cosmos/slashing/v1beta1/tx";
import * as mint from "cosmjs-types/cosmos/mint/v1beta1/tx";
import * as auth from "cosmjs-types/cosmos/auth/v1beta1/tx";
import * as consensus from "cosmjs-types/cosmos/consensus/v1/tx";
import * as govV1 from "cosmjs-types/cosmos/gov/v1/tx";
import { moreAminoConverters } from "./amino-more.js";
import { nftAminoConverters, nftTypes } from "./nft.js";
import { circuitAminoConverters, upgradeCircuitTypes } from "./upgrade-circuit.js";
import { groupAminoConverters } from "./group.js";
import { ibcTypes } from "./ibc.js";

// ---- chainmain.tieredrewards.v1 (only the fields these messages have) ----

export interface LockTier { owner: string; id: number; amount: string; validatorAddress: string; triggerExitImmediately: boolean }
export interface AddToTierPosition { owner: string; positionId: bigint; amount: string }
export interface ClaimTierRewards { owner: string; positionIds: bigint[] }

/** A GeneratedType from an encoder; decode is not needed to sign. */
function generated<T>(encode: (m: T, w: BinaryWriter) => void, defaults: T): GeneratedType {
  return {
    encode: (m: T, w = BinaryWriter.create()) => { encode(m, w); return w; },
    decode: (_: BinaryReader | Uint8Array) => { throw new Error("decode not supported"); },
    fromPartial: (o: Partial<T>) => ({ ...defaults, ...o }),
  } as unknown as GeneratedType;
}

export const TIER = "/chainmain.tieredrewards.v1.";
const tierTypes: [string, GeneratedType][] = [
  [`${TIER}MsgLockTier`, generated<LockTier>((m, w) => {
    if (m.owner) w.uint32(10).string(m.owner);
    if (m.id) w.uint32(16).uint32(m.id);
    w.uint32(26).string(m.amount || "0"); // Int: always emitted
    if (m.validatorAddress) w.uint32(34).string(m.validatorAddress);
    if (m.triggerExitImmediately) w.uint32(40).bool(true);
  }, { owner: "", id: 0, amount: "0", validatorAddress: "", triggerExitImmediately: false })],
  [`${TIER}MsgAddToTierPosition`, generated<AddToTierPosition>((m, w) => {
    if (m.owner) w.uint32(10).string(m.owner);
    if (m.positionId) w.uint32(16).uint64(m.positionId);
    w.uint32(26).string(m.amount || "0");
  }, { owner: "", positionId: 0n, amount: "0" })],
  [`${TIER}MsgClaimTierRewards`, generated<ClaimTierRewards>((m, w) => {
    if (m.owner) w.uint32(10).string(m.owner);
    if (m.positionIds.length > 0) {
      w.uint32(18).fork();
      for (const id of m.positionIds) w.uint64(id);
      w.ldelim();
    }
  }, { owner: "", positionIds: [] })],
];

const sdkTypes: [string, GeneratedType][] = [
  ["/cosmos.authz.v1beta1.MsgGrant", authz.MsgGrant],
  ["/cosmos.authz.v1beta1.MsgExec", authz.MsgExec],
  ["/cosmos.authz.v1beta1.MsgRevoke", authz.MsgRevoke],
  ["/cosmos.feegrant.v1beta1.MsgGrantAllowance", feegrant.MsgGrantAllowance],
  ["/cosmos.feegrant.v1beta1.MsgRevokeAllowance", feegrant.MsgRevokeAllowance],
  ["/cosmos.feegrant.v1beta1.MsgPruneAllowances", feegrant.MsgPruneAllowances],
  ["/cosmos.vesting.v1beta1.MsgCreateVestingAccount", vesting.MsgCreateVestingAccount],
  ["/cosmos.vesting.v1beta1.MsgCreatePermanentLockedAccount", vesting.MsgCreatePermanentLockedAccount],
  ["/cosmos.vesting.v1beta1.MsgCreatePeriodicVestingAccount", vesting.MsgCreatePeriodicVestingAccount],
  ["/cosmos.bank.v1beta1.MsgMultiSend", bank.MsgMultiSend],
  ["/cosmos.bank.v1beta1.MsgUpdateParams", bank.MsgUpdateParams],
  ["/cosmos.bank.v1beta1.MsgSetSendEnabled", bank.MsgSetSendEnabled],
  ["/cosmos.distribution.v1beta1.MsgDepositValidatorRewardsPool", distr.MsgDepositValidatorRewardsPool],
  ["/cosmos.distribution.v1beta1.MsgUpdateParams", distr.MsgUpdateParams],
  ["/cosmos.distribution.v1beta1.MsgCommunityPoolSpend", distr.MsgCommunityPoolSpend],
  ["/cosmos.staking.v1beta1.MsgCancelUnbondingDelegation", staking.MsgCancelUnbondingDelegation],
  ["/cosmos.staking.v1beta1.MsgUpdateParams", staking.MsgUpdateParams],
  ["/cosmos.slashing.v1beta1.MsgUnjail", slashing.MsgUnjail],
  ["/cosmos.slashing.v1beta1.MsgUpdateParams", slashing.MsgUpdateParams],
  ["/cosmos.mint.v1beta1.MsgUpdateParams", mint.MsgUpdateParams],
  ["/cosmos.auth.v1beta1.MsgUpdateParams", auth.MsgUpdateParams],
  ["/cosmos.consensus.v1.MsgUpdateParams", consensus.MsgUpdateParams],
  ["/cosmos.gov.v1.MsgUpdateParams", govV1.MsgUpdateParams],
  ["/cosmos.gov.v1.MsgExecLegacyContent", govV1.MsgExecLegacyContent],
];

export function registry(): Registry {
  const r = new Registry(defaultRegistryTypes);
  for (const [url, t] of [...sdkTypes, ...tierTypes, ...nftTypes, ...upgradeCircuitTypes, ...ibcTypes]) r.register(url, t);
  return r;
}

// ---- amino converters (names from the chain's protos: amino.name), for the few messages signed in amino JSON ----

/** x/tx's amino JSON omits "", 0, false and empty lists unless dont_omitempty. */
const omit = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== "" && v !== 0 && v !== false && v !== undefined && !(Array.isArray(v) && v.length === 0)));

function extraAminoConverters(): AminoConverters {
  return {
    "/cosmos.distribution.v1beta1.MsgDepositValidatorRewardsPool": {
      aminoType: "cosmos-sdk/distr/MsgDepositValRewards",
      toAmino: (m: distr.MsgDepositValidatorRewardsPool) => ({ amount: m.amount, depositor: m.depositor, validator_address: m.validatorAddress }),
      fromAmino: (v: any) => ({ depositor: v.depositor, validatorAddress: v.validator_address, amount: v.amount }),
    },
    "/cosmos.authz.v1beta1.MsgRevoke": {
      aminoType: "cosmos-sdk/MsgRevoke",
      toAmino: (m: authz.MsgRevoke) => omit({ granter: m.granter, grantee: m.grantee, msg_type_url: m.msgTypeUrl }),
      fromAmino: (v: any) => ({ granter: v.granter, grantee: v.grantee, msgTypeUrl: v.msg_type_url }),
    },
    "/cosmos.feegrant.v1beta1.MsgRevokeAllowance": {
      aminoType: "cosmos-sdk/MsgRevokeAllowance",
      toAmino: (m: feegrant.MsgRevokeAllowance) => omit({ granter: m.granter, grantee: m.grantee }),
      fromAmino: (v: any) => ({ granter: v.granter, grantee: v.grantee }),
    },
    "/cosmos.gov.v1.MsgVote": {
      aminoType: "cosmos-sdk/v1/MsgVote",
      toAmino: (m: govV1.MsgVote) => omit({ proposal_id: m.proposalId.toString(), voter: m.voter, option: m.option, metadata: m.metadata }),
      fromAmino: (v: any) => ({ proposalId: BigInt(v.proposal_id ?? 0), voter: v.voter, option: v.option ?? 0, metadata: v.metadata ?? "" }),
    },
    [`${TIER}MsgClaimTierRewards`]: {
      aminoType: "chainmain/MsgClaimTierRewards",
      toAmino: (m: ClaimTierRewards) => omit({ owner: m.owner, position_ids: m.positionIds.map((id) => id.toString()) }),
      fromAmino: (v: any) => ({ owner: v.owner, positionIds: (v.position_ids ?? []).map((id: string) => BigInt(id)) }),
    },
  };
}

export function aminoTypes(): AminoTypes {
  return new AminoTypes({ ...createDefaultAminoConverters(), ...extraAminoConverters(), ...moreAminoConverters(), ...nftAminoConverters(), ...circuitAminoConverters(), ...groupAminoConverters() });
}

// ---- builders: EncodeObjects from plain values (money as strings) ----

export const coin = (amount: bigint | string, denom = "basecro") => ({ denom, amount: `${amount}` });
export const CRO = 100_000_000n;
export const cro = (n: bigint) => coin(n * CRO);
export const msg = (typeUrl: string, value: unknown): EncodeObject => ({ typeUrl, value });
export const anyOf = (typeUrl: string, t: { encode(m: any): { finish(): Uint8Array } }, value: unknown) =>
  ({ typeUrl, value: t.encode(value).finish() });
