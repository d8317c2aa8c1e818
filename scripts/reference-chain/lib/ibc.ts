// The IBC (ibc-go v10) and x/evidence messages the ibc-evidence workload signs, from cosmjs-types, and
// the bodies it sends: a tendermint light client's state and consensus state, an Equivocation.

import type { GeneratedType } from "@cosmjs/proto-signing";
import { Any } from "cosmjs-types/google/protobuf/any";
import * as transfer from "cosmjs-types/ibc/applications/transfer/v1/tx";
import * as client from "cosmjs-types/ibc/core/client/v1/tx";
import * as client2 from "cosmjs-types/ibc/core/client/v2/tx";
import * as connection from "cosmjs-types/ibc/core/connection/v1/tx";
import * as channel from "cosmjs-types/ibc/core/channel/v1/tx";
import * as channel2 from "cosmjs-types/ibc/core/channel/v2/tx";
import * as icaController from "cosmjs-types/ibc/applications/interchain_accounts/controller/v1/tx";
import * as icaHost from "cosmjs-types/ibc/applications/interchain_accounts/host/v1/tx";
import * as evidenceTx from "cosmjs-types/cosmos/evidence/v1beta1/tx";
import { Equivocation } from "cosmjs-types/cosmos/evidence/v1beta1/evidence";
import { ClientState, ConsensusState, Header } from "cosmjs-types/ibc/lightclients/tendermint/v1/tendermint";
import { HashOp, LengthOp } from "cosmjs-types/cosmos/ics23/v1/proofs";

const all: Record<string, Record<string, unknown>> = { transfer, client, client2, connection, channel, channel2, icaController, icaHost, evidenceTx };

/** Every Msg type of those files (their `typeUrl`), for the recorder's registry. */
export const ibcTypes: [string, GeneratedType][] = Object.values(all).flatMap((file) =>
  Object.values(file).flatMap((t) => {
    const url = (t as { typeUrl?: string }).typeUrl;
    return typeof url === "string" && /\.Msg[A-Za-z]+$/.test(url) && !url.endsWith("Response") ? [[url, t as GeneratedType] as [string, GeneratedType]] : [];
  }),
);

const duration = (s: bigint) => ({ seconds: s, nanos: 0 });
const iavlSpec = {
  leafSpec: { hash: HashOp.SHA256, prehashKey: HashOp.NO_HASH, prehashValue: HashOp.SHA256, length: LengthOp.VAR_PROTO, prefix: Uint8Array.of(0) },
  innerSpec: { childOrder: [0, 1], childSize: 33, minPrefixLength: 4, maxPrefixLength: 12, emptyChild: new Uint8Array(), hash: HashOp.SHA256 },
  maxDepth: 0, minDepth: 0,
};

/** A tendermint light client of chain `chainId` at height {1, h}: valid (Validate passes) unless `chainId` is "". */
export function tmClientState(chainId: string, h = 10n): Any {
  const cs = ClientState.fromPartial({
    chainId, trustLevel: { numerator: 1n, denominator: 3n }, trustingPeriod: duration(1_209_600n), unbondingPeriod: duration(1_814_400n),
    maxClockDrift: duration(10n), frozenHeight: { revisionNumber: 0n, revisionHeight: 0n }, latestHeight: { revisionNumber: 1n, revisionHeight: h },
    proofSpecs: [iavlSpec, iavlSpec], upgradePath: ["upgrade", "upgradedIBCState"],
  });
  return Any.fromPartial({ typeUrl: "/ibc.lightclients.tendermint.v1.ClientState", value: ClientState.encode(cs).finish() });
}

/** Its consensus state at `seconds` (unix). */
export function tmConsensusState(seconds: bigint): Any {
  const cs = ConsensusState.fromPartial({ timestamp: { seconds, nanos: 0 }, root: { hash: new Uint8Array(32).fill(7) }, nextValidatorsHash: new Uint8Array(32).fill(9) });
  return Any.fromPartial({ typeUrl: "/ibc.lightclients.tendermint.v1.ConsensusState", value: ConsensusState.encode(cs).finish() });
}

/** A tendermint header (no signatures): what an update or misbehaviour carries. */
export function tmHeader(): Any {
  const h = Header.fromPartial({ trustedHeight: { revisionNumber: 1n, revisionHeight: 10n } });
  return Any.fromPartial({ typeUrl: "/ibc.lightclients.tendermint.v1.Header", value: Header.encode(h).finish() });
}

/** x/evidence's Equivocation. */
export function equivocation(height: bigint, seconds: bigint, power: bigint, consensusAddress: string): Any {
  const e = Equivocation.fromPartial({ height, time: { seconds, nanos: 0 }, power, consensusAddress });
  return Any.fromPartial({ typeUrl: "/cosmos.evidence.v1beta1.Equivocation", value: Equivocation.encode(e).finish() });
}
