// x/consensus MsgUpdateParams (SDK v0.53 x/consensus/keeper UpdateParams, governance only): block,
// evidence and validator params all given (`all parameters must be present`), the version kept,
// CometBFT's ValidateBasic of the result, then ParamsStore.Set and the event
// update_consensus_params{authority, parameters} (the params in protobuf text format). The chain
// runs with block.max_gas from the next block (app/state.ts): CheckTx's gas limit, the mempool's
// reap and the header's consensus hash. A block.max_bytes other than the node's fails the proposal
// at execution (the node's blocks and headers hold that size).

import { create } from "@bufbuild/protobuf";
import type { Duration } from "@bufbuild/protobuf/wkt";
import { event } from "../../framework/events.js";
import { MsgUpdateParamsResponseSchema, MsgUpdateParamsSchema, type MsgUpdateParams } from "../../wire/gen/cosmos/consensus/v1/tx_pb.js";
import { ConsensusParamsSchema, VersionParamsSchema, type ConsensusParams } from "../../wire/gen/tendermint/types/params_pb.js";
import type { GovernedParams } from "../gov/governed-params.js";
import { plainError, updateParamsMessage } from "../gov/update-params.js";
import { durationNs } from "../staking/update-params.js";

/** CometBFT's MaxBlockSizeBytes (100 MiB). */
const MAX_BLOCK_SIZE_BYTES = 104_857_600n;
/** The block size this node's blocks and headers hold (app/header.ts BLOCK_MAX_BYTES). */
const NODE_BLOCK_MAX_BYTES = 22_020_096n;

/** ToProtoConsensusParams: undefined when block, evidence or validator is missing (checked at execution). */
function consensusParamsOf(m: MsgUpdateParams): ConsensusParams | undefined {
  if (m.evidence === undefined || m.block === undefined || m.validator === undefined) return undefined;
  return create(ConsensusParamsSchema, {
    block: m.block, evidence: m.evidence, validator: m.validator, version: create(VersionParamsSchema, {}),
    ...(m.abci === undefined ? {} : { abci: m.abci }),
  });
}

/** Go's time.Duration %v. */
const goDuration = (d: Duration | undefined) => `${durationNs(d) / 1_000_000_000n}s`;

/** CometBFT's ConsensusParams.ValidateBasic (the parts a MsgUpdateParams reaches). */
function check(p: ConsensusParams): void {
  const b = p.block!;
  const e = p.evidence!;
  if (b.maxBytes === 0n) throw plainError("block.MaxBytes cannot be 0");
  if (b.maxBytes < -1n) throw plainError(`block.MaxBytes must be -1 or greater than 0. Got ${b.maxBytes}`);
  if (b.maxBytes > MAX_BLOCK_SIZE_BYTES) throw plainError(`block.MaxBytes is too big. ${b.maxBytes} > ${MAX_BLOCK_SIZE_BYTES}`);
  if (b.maxGas < -1n) throw plainError(`block.MaxGas must be greater or equal to -1. Got ${b.maxGas}`);
  if (e.maxAgeNumBlocks <= 0n) throw plainError(`evidence.MaxAgeNumBlocks must be greater than 0. Got ${e.maxAgeNumBlocks}`);
  if (durationNs(e.maxAgeDuration) <= 0n) throw plainError(`evidence.MaxAgeDuration must be greater than 0 if provided, Got ${goDuration(e.maxAgeDuration)}`);
  const maxBytes = b.maxBytes === -1n ? MAX_BLOCK_SIZE_BYTES : b.maxBytes;
  if (e.maxBytes > maxBytes) throw plainError(`evidence.MaxBytesEvidence is greater than upper bound, ${e.maxBytes} > ${maxBytes}`);
  if (e.maxBytes < 0n) throw plainError(`evidence.MaxBytes must be non negative. Got: ${e.maxBytes}`);
  if ((p.abci?.voteExtensionsEnableHeight ?? 0n) < 0n) throw plainError(`ABCI.VoteExtensionsEnableHeight cannot be negative. Got: ${p.abci!.voteExtensionsEnableHeight}`);
  const types = p.validator!.pubKeyTypes;
  if (types.length === 0) throw plainError("len(Validator.PubKeyTypes) must be greater than 0");
  types.forEach((t, i) => {
    if (!["ed25519", "secp256k1", "sr25519", "bls12_381"].includes(t)) throw plainError(`params.Validator.PubKeyTypes[${i}], ${t}, is an unknown pubkey type`);
  });
  if (b.maxBytes !== NODE_BLOCK_MAX_BYTES) throw plainError(`this node's blocks hold block.MaxBytes ${NODE_BLOCK_MAX_BYTES} (got ${b.maxBytes})`);
}

/** gogoproto's text format of the params (CompactTextString): zero scalars left out, messages as `name:<… >`. */
export function consensusParamsText(p: ConsensusParams): string {
  const field = (name: string, v: bigint | string | undefined) => (v === undefined || v === 0n || v === "" ? "" : `${name}:${typeof v === "string" ? JSON.stringify(v) : v} `);
  const msg = (name: string, inner: string | undefined) => (inner === undefined ? "" : `${name}:<${inner}> `);
  const dur = (d: Duration | undefined) => (d === undefined ? undefined : field("seconds", d.seconds) + field("nanos", BigInt(d.nanos)));
  return (
    msg("block", p.block && field("max_bytes", p.block.maxBytes) + field("max_gas", p.block.maxGas)) +
    msg("evidence", p.evidence && field("max_age_num_blocks", p.evidence.maxAgeNumBlocks) + msg("max_age_duration", dur(p.evidence.maxAgeDuration)) + field("max_bytes", p.evidence.maxBytes)) +
    msg("validator", p.validator && p.validator.pubKeyTypes.map((t) => field("pub_key_types", t)).join("")) +
    msg("version", p.version && field("app", p.version.app)) +
    msg("abci", p.abci && field("vote_extensions_enable_height", p.abci.voteExtensionsEnableHeight))
  );
}

/** The block gas limit now: governance's, else the genesis's (-1: none). */
export function consensusMaxGas(params: GovernedParams | undefined, genesis: bigint): bigint {
  return params?.get("consensus")?.block?.maxGas ?? genesis;
}

const MISSING = create(ConsensusParamsSchema, {});

export const msgUpdateConsensusParams = updateParamsMessage({
  schema: MsgUpdateParamsSchema,
  response: MsgUpdateParamsResponseSchema,
  module: "consensus",
  paramsOf: (m) => consensusParamsOf(m) ?? MISSING,
  check(p) {
    if (p === MISSING || p.block === undefined) throw plainError("all parameters must be present");
    check(p);
  },
  events: (p, _ctx, msg) => [event("update_consensus_params", { authority: msg.authority, parameters: consensusParamsText(p) })],
});
