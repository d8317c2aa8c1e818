// 07-tendermint's ClientState.Validate and ConsensusState.ValidateBasic (ibc-go v10
// modules/light-clients/07-tendermint), as MsgCreateClient's ValidateBasic runs them.

import { fromBinary } from "@bufbuild/protobuf";
import type { Any } from "@bufbuild/protobuf/wkt";
import { TxError } from "../../wire/errors.js";
import { ClientStateSchema, ConsensusStateSchema } from "../../wire/gen/ibc/lightclients/tendermint/v1/tendermint_pb.js";
import { IbcErrors } from "./rules.js";
import { TM_CLIENT_STATE, TM_CONSENSUS_STATE } from "./handshake.js";

/** cmttypes.MaxChainIDLen. */
const MAX_CHAIN_ID = 50;

/** clienttypes.ParseChainID: the revision number after the last `-` of `{chain}-{N}`, else 0. */
export function parseChainRevision(chainId: string): bigint {
  const m = /^.*[^\n-]-([1-9][0-9]*)$/s.exec(chainId);
  return m === null ? 0n : BigInt(m[1]!);
}

const ns = (d: { seconds: bigint; nanos: number } | undefined) => (d === undefined ? 0n : d.seconds * 1_000_000_000n + BigInt(d.nanos));
const consensus = (text: string) => new TxError({ codespace: "client", code: 9, description: "invalid consensus state" }, text);

export function validateTmClientState(any: Any | undefined): void {
  if (any === undefined) throw new TxError(IbcErrors.InvalidClient, "unpacked client state cannot be nil");
  if (any.typeUrl !== TM_CLIENT_STATE) return;
  const cs = fromBinary(ClientStateSchema, any.value);
  if (cs.chainId.trim() === "") throw new TxError(IbcErrors.InvalidChainId, "chain id cannot be empty string");
  if (cs.chainId.length > MAX_CHAIN_ID) throw new TxError(IbcErrors.InvalidChainId, `chainID is too long; got: ${cs.chainId.length}, max: ${MAX_CHAIN_ID}`);
  const n = cs.trustLevel?.numerator ?? 0n;
  const d = cs.trustLevel?.denominator ?? 0n;
  if (d === 0n || n * 3n < d || n > d) {
    throw new TxError(IbcErrors.InvalidTrustLevel, `trustLevel must be within [1/3, 1], given ${n}/${d}`);
  }
  if (ns(cs.trustingPeriod) <= 0n) throw new TxError(IbcErrors.InvalidTrustingPeriod, "trusting period must be greater than zero");
  if (ns(cs.unbondingPeriod) <= 0n) throw new TxError(IbcErrors.InvalidUnbondingPeriod, "unbonding period must be greater than zero");
  if (ns(cs.maxClockDrift) <= 0n) throw new TxError(IbcErrors.InvalidMaxClockDrift, "max clock drift must be greater than zero");
  const rev = parseChainRevision(cs.chainId);
  if ((cs.latestHeight?.revisionNumber ?? 0n) !== rev) {
    throw new TxError(IbcErrors.InvalidHeaderHeight, `latest height revision number must match chain id revision number (${cs.latestHeight?.revisionNumber ?? 0n} != ${rev})`);
  }
  if ((cs.latestHeight?.revisionHeight ?? 0n) === 0n) throw new TxError(IbcErrors.InvalidHeaderHeight, "tendermint client's latest height revision height cannot be zero");
  if (ns(cs.trustingPeriod) >= ns(cs.unbondingPeriod)) throw new TxError(IbcErrors.InvalidTrustingPeriod, "trusting period should be < unbonding period");
  if (cs.proofSpecs.length === 0) throw new TxError(IbcErrors.InvalidProofSpecs, "proof specs cannot be nil for tm client");
  cs.upgradePath.forEach((k, i) => {
    if (k.trim() === "") throw new TxError(IbcErrors.InvalidClient, `key in upgrade path at index ${i} cannot be empty`);
  });
}

export function validateTmConsensusState(any: Any | undefined): void {
  if (any === undefined) throw consensus("unpacked consensus state cannot be nil");
  if (any.typeUrl !== TM_CONSENSUS_STATE) throw new TxError(IbcErrors.InvalidClient, `client type for client state and consensus state do not match`);
  const c = fromBinary(ConsensusStateSchema, any.value);
  if ((c.root?.hash.length ?? 0) === 0) throw consensus("root cannot be empty");
  if (c.nextValidatorsHash.length !== 32) {
    throw new TxError(IbcErrors.Plain, `next validators hash is invalid: expected size to be 32 bytes, got ${c.nextValidatorsHash.length} bytes`);
  }
  if ((c.timestamp?.seconds ?? 0n) <= 0n) throw consensus("timestamp must be a positive Unix time");
}
