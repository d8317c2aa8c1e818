// Signing as a wallet does, for the node's tests: CosmJS `Secp256k1Wallet.fromKey` over the
// default genesis's dev keys (host/app/genesis.ts devPrivateKey), amino JSON sign docs, and the
// legacy REST body `{tx: StdTx, mode}`.

import { Secp256k1Wallet, makeSignDoc, makeStdTx, type AminoMsg, type StdFee } from "@cosmjs/amino";
import { devPrivateKey } from "../../host/app/genesis.js";

/** Gas 2,000,000: a metered tier message uses up to ~260,000 (host/framework/gas.ts), and tests send several in one tx. */
export const FEE: StdFee = { amount: [{ denom: "basecro", amount: "5000" }], gas: "2000000" };

export interface DevSigner {
  address: string;
  /** The POST body of a tx with these messages, signed at (accountNumber, sequence). */
  sign(msgs: AminoMsg[], o: { chainId: string; accountNumber: bigint; sequence: bigint; fee?: StdFee; mode?: string; memo?: string }): Promise<{ tx: unknown; mode: string }>;
}

export async function devSigner(n: number): Promise<DevSigner> {
  const wallet = await Secp256k1Wallet.fromKey(devPrivateKey(n), "cro");
  const [account] = await wallet.getAccounts();
  const address = account!.address;
  return {
    address,
    async sign(msgs, o) {
      const doc = makeSignDoc(msgs, o.fee ?? FEE, o.chainId, o.memo ?? "", `${o.accountNumber}`, `${o.sequence}`);
      const { signed, signature } = await wallet.signAmino(address, doc);
      return JSON.parse(JSON.stringify({ tx: makeStdTx(signed, signature), mode: o.mode ?? "sync" })) as { tx: unknown; mode: string };
    },
  };
}

export const delegateMsg = (delegator: string, validator: string, amount: bigint): AminoMsg => ({
  type: "cosmos-sdk/MsgDelegate",
  value: { delegator_address: delegator, validator_address: validator, amount: { denom: "basecro", amount: `${amount}` } },
});

export const undelegateMsg = (delegator: string, validator: string, amount: bigint): AminoMsg => ({
  type: "cosmos-sdk/MsgUndelegate",
  value: { delegator_address: delegator, validator_address: validator, amount: { denom: "basecro", amount: `${amount}` } },
});

export const withdrawMsg = (delegator: string, validator: string): AminoMsg => ({
  type: "cosmos-sdk/MsgWithdrawDelegationReward",
  value: { delegator_address: delegator, validator_address: validator },
});

export const sendMsg = (from: string, to: string, amount: bigint): AminoMsg => ({
  type: "cosmos-sdk/MsgSend",
  value: { from_address: from, to_address: to, amount: [{ denom: "basecro", amount: `${amount}` }] },
});

// ---- x/tieredrewards (REFERENCE §4: amino `chainmain/<Msg>`, uint64 ids as strings, tier id a number) ----

export const lockTierMsg = (owner: string, tierId: number, amount: bigint, validator: string, triggerExit = false): AminoMsg => ({
  type: "chainmain/MsgLockTier",
  value: { owner, id: tierId, amount: `${amount}`, validator_address: validator, trigger_exit_immediately: triggerExit },
});

export const commitTierMsg = (delegator: string, validator: string, amount: bigint, tierId: number, triggerExit = false): AminoMsg => ({
  type: "chainmain/MsgCommitDelegationToTier",
  value: { delegator_address: delegator, validator_address: validator, amount: `${amount}`, id: tierId, trigger_exit_immediately: triggerExit },
});

/** A message on one position: TriggerExitFromTier, ClearPosition, TierUndelegate, WithdrawFromTier. */
export const positionMsg = (
  name: "MsgTriggerExitFromTier" | "MsgClearPosition" | "MsgTierUndelegate" | "MsgWithdrawFromTier",
  owner: string, positionId: bigint,
): AminoMsg => ({ type: `chainmain/${name}`, value: { owner, position_id: `${positionId}` } });

/** AddToTierPosition or ExitTierWithDelegation. */
export const positionAmountMsg = (
  name: "MsgAddToTierPosition" | "MsgExitTierWithDelegation", owner: string, positionId: bigint, amount: bigint,
): AminoMsg => ({ type: `chainmain/${name}`, value: { owner, position_id: `${positionId}`, amount: `${amount}` } });

export const tierRedelegateMsg = (owner: string, positionId: bigint, dst: string): AminoMsg => ({
  type: "chainmain/MsgTierRedelegate",
  value: { owner, position_id: `${positionId}`, dst_validator: dst },
});

export const claimTierMsg = (owner: string, positionIds: bigint[]): AminoMsg => ({
  type: "chainmain/MsgClaimTierRewards",
  value: { owner, position_ids: positionIds.map((id) => `${id}`) },
});

export const updateTierParamsMsg = (authority: string, rate: string): AminoMsg => ({
  type: "chainmain/tieredrewards/MsgUpdateParams",
  value: { authority, params: { target_base_rewards_rate: rate } },
});

export const tierGovMsg = (
  name: "MsgAddTier" | "MsgUpdateTier", authority: string,
  tier: { id: number; exit_duration: string; bonus_apy: string; min_lock_amount: string; close_only: boolean },
): AminoMsg => ({ type: `chainmain/${name}`, value: { authority, tier } });

export const deleteTierMsg = (authority: string, id: number): AminoMsg => ({ type: "chainmain/MsgDeleteTier", value: { authority, id } });
