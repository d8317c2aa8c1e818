// Signing protobuf transactions as a dApp does with CosmJS: a `Registry` with the SDK's default
// types plus the project's generated chainmain types (a thin adapter from the protobuf-es codecs
// to CosmJS's GeneratedType), `AminoTypes` with the SDK's default converters plus chainmain ones
// written from WIRE.md §2 (as a dApp developer writes them), and `SigningStargateClient.offline`
// over a DirectSecp256k1Wallet (SIGN_MODE_DIRECT) or a Secp256k1Wallet (SIGN_MODE_LEGACY_AMINO_JSON).

import { create, fromBinary, toBinary, type DescMessage } from "@bufbuild/protobuf";
import { Secp256k1Wallet } from "@cosmjs/amino";
import { DirectSecp256k1Wallet, Registry, type EncodeObject, type GeneratedType } from "@cosmjs/proto-signing";
import { AminoTypes, SigningStargateClient, createDefaultAminoConverters, defaultRegistryTypes, type AminoConverters, type StdFee } from "@cosmjs/stargate";
import { sha256 } from "@cosmjs/crypto";
import { toBase64, toHex } from "@cosmjs/encoding";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { MsgUnjail } from "cosmjs-types/cosmos/slashing/v1beta1/tx";
import { MsgCancelProposal } from "cosmjs-types/cosmos/gov/v1/tx";
import { devPrivateKey } from "../../host/app/genesis.js";
import { decToRaw } from "../../host/wire/amino/amino-json.js";
import { file_chainmain_tieredrewards_v1_tx } from "../../host/wire/gen/chainmain/tieredrewards/v1/tx_pb.js";
import { file_chainmain_dev_v1_tx } from "../../host/wire/gen/chainmain/dev/v1/tx_pb.js";

export const FEE: StdFee = { amount: [{ denom: "basecro", amount: "5000" }], gas: "2000000" };

/** CosmJS's GeneratedType over a protobuf-es schema: create/toBinary/fromBinary, no hand encoding. */
export function generatedType(schema: DescMessage): GeneratedType {
  return {
    fromPartial: (object: any) => create(schema, object),
    encode: (message: any) => ({ finish: () => toBinary(schema, message) }),
    decode: (input: Uint8Array) => fromBinary(schema, input),
  } as unknown as GeneratedType;
}

/** The SDK's default types, MsgUnjail, gov v1 MsgCancelProposal, and every chainmain Msg of the project's schema. */
export function chainRegistry(): Registry {
  const registry = new Registry(defaultRegistryTypes);
  registry.register("/cosmos.slashing.v1beta1.MsgUnjail", MsgUnjail);
  registry.register("/cosmos.gov.v1.MsgCancelProposal", MsgCancelProposal);
  for (const file of [file_chainmain_tieredrewards_v1_tx, file_chainmain_dev_v1_tx]) {
    for (const desc of file.messages) registry.register(`/${desc.typeName}`, generatedType(desc));
  }
  return registry;
}

// ---- amino converters, written from the SDK's amino JSON rules (WIRE.md §2) ----

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

export function chainmainAminoConverters(): AminoConverters {
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

export type SignMode = "direct" | "amino";

export interface ProtoSigner {
  readonly address: string;
  /** TxRaw bytes of these messages signed at the given account number and sequence. */
  sign(messages: EncodeObject[], o: { chainId: string; accountNumber: bigint; sequence: bigint; memo?: string; fee?: StdFee; timeoutHeight?: bigint }): Promise<Uint8Array>;
}

/** Dev key n as a CosmJS signing client (offline) in the given sign mode. */
export async function protoSigner(n: number, mode: SignMode): Promise<ProtoSigner> {
  const wallet = mode === "direct"
    ? await DirectSecp256k1Wallet.fromKey(devPrivateKey(n), "cro")
    : await Secp256k1Wallet.fromKey(devPrivateKey(n), "cro");
  const [account] = await wallet.getAccounts();
  const client = await SigningStargateClient.offline(wallet, {
    registry: chainRegistry(),
    aminoTypes: new AminoTypes({ ...createDefaultAminoConverters(), ...chainmainAminoConverters() }),
  });
  return {
    address: account!.address,
    async sign(messages, o) {
      const raw = await client.sign(account!.address, messages, o.fee ?? FEE, o.memo ?? "", {
        accountNumber: o.accountNumber, sequence: Number(o.sequence), chainId: o.chainId,
      }, o.timeoutHeight);
      return TxRaw.encode(raw).finish();
    },
  };
}

/** Keplr's `sendTx` body for the SDK's REST: `{tx_bytes: base64, mode: "BROADCAST_MODE_SYNC"}`. */
export const keplrBody = (txBytes: Uint8Array, mode = "BROADCAST_MODE_SYNC") => ({ tx_bytes: toBase64(txBytes), mode });

/** The tx hash as a client computes it. */
export const clientTxHash = (txBytes: Uint8Array): string => toHex(sha256(txBytes)).toUpperCase();
