// CometBFT v0.38 block headers and commits, made when the node commits a block: the header's
// fields as CometBFT computes them (merkle roots of the txs, of the validator set, of the previous
// block's deterministic results and commit signatures; the consensus params' hash), its hash
// (the merkle root of its fields, each proto-encoded: the block id light clients check), and a
// precommit signature of the block by every validator of its set (ed25519 over CometBFT's
// canonical vote, with the keys of consensus-key.ts). Rendered as CometBFT's RPC renders them.

import { ed25519 } from "@noble/curves/ed25519.js";
import { sha256 } from "../wire/digest.js";
import { bytesToHex, concatBytes as concat, hexToBytes } from "@noble/hashes/utils.js";
import { base64 } from "@scure/base";
import { create, toBinary } from "@bufbuild/protobuf";
import { BytesValueSchema, Int64ValueSchema, StringValueSchema, TimestampSchema } from "@bufbuild/protobuf/wkt";
import { ConsensusSchema } from "../wire/gen/tendermint/version/types_pb.js";
import { BlockIDSchema, CommitSigSchema } from "../wire/gen/tendermint/types/types_pb.js";
import { BlockIDFlag, SimpleValidatorSchema } from "../wire/gen/tendermint/types/validator_pb.js";
import { HashedParamsSchema } from "../wire/gen/tendermint/types/params_pb.js";
import { ExecTxResultSchema } from "../wire/gen/tendermint/abci/types_pb.js";
import { CanonicalVoteSchema, SignedMsgType } from "../wire/gen/tendermint/types/canonical_pb.js";
import { timestampString } from "../wire/gateway-json.js";


/** CometBFT's block protocol version (v0.38). */
export const BLOCK_PROTOCOL = 11n;
/** CometBFT's default `block.max_bytes` (the consensus params' hash covers it). */
export const BLOCK_MAX_BYTES = 22_020_096n;

export interface ConsensusValidator {
  /** CometBFT address: sha256(pub)[:20]. */
  address: Uint8Array;
  pub: Uint8Array;
  power: bigint;
  /** The ed25519 private key, when the node knows it (a derived key, consensus-key.ts); else its vote is absent. */
  seed?: Uint8Array;
}

export interface BlockIdJson {
  hash: string;
  parts: { total: number; hash: string };
}

export interface CommitSigJson {
  block_id_flag: number;
  validator_address: string;
  timestamp: string;
  /** null: an absent vote (BLOCK_ID_FLAG_ABSENT). */
  signature: string | null;
}

/** A header as CometBFT's RPC renders it (hashes as upper-case hex). */
export interface HeaderJson {
  version: { block: string; app?: string };
  chain_id: string;
  height: string;
  time: string;
  last_block_id: BlockIdJson;
  last_commit_hash: string;
  data_hash: string;
  validators_hash: string;
  next_validators_hash: string;
  consensus_hash: string;
  app_hash: string;
  last_results_hash: string;
  evidence_hash: string;
  proposer_address: string;
}

/** What the node keeps of a block it made: its header, and the precommits of the block. */
export interface StoredHeader {
  header: HeaderJson;
  /** Signatures of this block by its validators (the next block's last_commit). */
  signatures: CommitSigJson[];
}

const HEX = (b: Uint8Array) => bytesToHex(b).toUpperCase();
const bytesOf = (h: string) => hexToBytes(h.toLowerCase());

/** CometBFT's merkle root (RFC 6962: 0x00 leaves, 0x01 inner nodes; the empty tree is sha256("")). */
export function merkleRoot(items: readonly Uint8Array[]): Uint8Array {
  if (items.length === 0) return sha256(new Uint8Array());
  if (items.length === 1) return sha256(concat(Uint8Array.of(0), items[0]!));
  let split = 1;
  while (split * 2 < items.length) split *= 2;
  return sha256(concat(Uint8Array.of(1), merkleRoot(items.slice(0, split)), merkleRoot(items.slice(split))));
}

const timestamp = (ns: bigint) => ({ seconds: ns / 1_000_000_000n, nanos: Number(ns % 1_000_000_000n) });

/** The validator set's hash: SimpleValidator {pub_key, voting_power} of each, in set order. */
export const validatorsHash = (set: readonly ConsensusValidator[]): Uint8Array =>
  merkleRoot(set.map((v) => toBinary(SimpleValidatorSchema, create(SimpleValidatorSchema, { pubKey: { sum: { case: "ed25519", value: v.pub } }, votingPower: v.power }))));

/** The consensus params' hash: sha256 of HashedParams {block max bytes, block max gas}. */
export const consensusHash = (maxGas: bigint): Uint8Array =>
  sha256(toBinary(HashedParamsSchema, create(HashedParamsSchema, { blockMaxBytes: BLOCK_MAX_BYTES, blockMaxGas: maxGas })));

/** A block's results' hash: each tx's deterministic ExecTxResult {code, data, gas_wanted, gas_used}. */
export const resultsHash = (results: readonly { code: number; data: Uint8Array; gasWanted: bigint; gasUsed: bigint }[]): Uint8Array =>
  merkleRoot(results.map((r) => toBinary(ExecTxResultSchema, create(ExecTxResultSchema, { code: r.code, data: r.data, gasWanted: r.gasWanted, gasUsed: r.gasUsed }))));

/** Go's zero time, as CometBFT renders an absent vote's timestamp. */
const ZERO_TIME = "0001-01-01T00:00:00Z";

/** A commit's hash: its CommitSigs, proto-encoded. */
export const commitHash = (sigs: readonly CommitSigJson[]): Uint8Array =>
  merkleRoot(sigs.map((s) => toBinary(CommitSigSchema, create(CommitSigSchema, {
    blockIdFlag: s.block_id_flag as BlockIDFlag,
    validatorAddress: bytesOf(s.validator_address),
    timestamp: parseTime(s.timestamp),
    signature: s.signature === null ? new Uint8Array() : base64.decode(s.signature),
  }))));

/** The part set header of a block id (the node does not gossip parts: one part, its hash bound to the block's). */
export const partsOf = (hash: Uint8Array): { total: number; hash: Uint8Array } => ({ total: 1, hash: sha256(concat(Uint8Array.of(0), hash)) });

export const blockIdJson = (hash: Uint8Array): BlockIdJson => {
  const parts = partsOf(hash);
  return { hash: HEX(hash), parts: { total: parts.total, hash: HEX(parts.hash) } };
};

export const EMPTY_BLOCK_ID: BlockIdJson = { hash: "", parts: { total: 0, hash: "" } };

/** The header's hash: the merkle root of its fields, each encoded as CometBFT encodes it. */
export function headerHash(h: HeaderJson, timeNs: bigint): Uint8Array {
  const last = h.last_block_id;
  const bytes = (hex: string) => toBinary(BytesValueSchema, create(BytesValueSchema, { value: bytesOf(hex) }));
  return merkleRoot([
    toBinary(ConsensusSchema, create(ConsensusSchema, { block: BigInt(h.version.block), app: BigInt(h.version.app ?? 0) })),
    toBinary(StringValueSchema, create(StringValueSchema, { value: h.chain_id })),
    toBinary(Int64ValueSchema, create(Int64ValueSchema, { value: BigInt(h.height) })),
    toBinary(TimestampSchema, create(TimestampSchema, timestamp(timeNs))),
    toBinary(BlockIDSchema, create(BlockIDSchema, { hash: bytesOf(last.hash), partSetHeader: { total: last.parts.total, hash: bytesOf(last.parts.hash) } })),
    bytes(h.last_commit_hash), bytes(h.data_hash), bytes(h.validators_hash), bytes(h.next_validators_hash),
    bytes(h.consensus_hash), bytes(h.app_hash), bytes(h.last_results_hash), bytes(h.evidence_hash), bytes(h.proposer_address),
  ]);
}

/** The bytes a validator signs to precommit a block (a length-delimited CanonicalVote). */
export function voteSignBytes(chainId: string, height: bigint, blockHash: Uint8Array, timeNs: bigint): Uint8Array {
  const parts = partsOf(blockHash);
  const vote = toBinary(CanonicalVoteSchema, create(CanonicalVoteSchema, {
    type: SignedMsgType.PRECOMMIT, height, round: 0n,
    blockId: { hash: blockHash, partSetHeader: { total: parts.total, hash: parts.hash } },
    timestamp: timestamp(timeNs), chainId,
  }));
  const len: number[] = [];
  for (let n = vote.length; ; n >>>= 7) {
    if (n < 0x80) {
      len.push(n);
      break;
    }
    len.push((n & 0x7f) | 0x80);
  }
  return concat(Uint8Array.from(len), vote);
}

export interface BlockInputs {
  chainId: string;
  height: bigint;
  timeNs: bigint;
  /** The previous block's id hash (absent at height 1). */
  lastBlockHash?: Uint8Array;
  /** The previous block's precommits (empty when it has none). */
  lastSignatures: readonly CommitSigJson[];
  /** The previous block's tx results. */
  lastResults: readonly { code: number; data: Uint8Array; gasWanted: bigint; gasUsed: bigint }[];
  txs: readonly Uint8Array[];
  /** The set that signs this block, and the set after it. */
  validators: readonly ConsensusValidator[];
  nextValidators: readonly ConsensusValidator[];
  maxGas: bigint;
  /** The state hash after the previous block (hex). */
  appHash: string;
}

/** A block's header, its hash and its validators' precommits. */
export function makeHeader(b: BlockInputs): { stored: StoredHeader; hash: Uint8Array } {
  const set = b.validators;
  const proposer = set.length === 0 ? new Uint8Array(20) : set[Number(b.height % BigInt(set.length))]!.address;
  const header: HeaderJson = {
    version: { block: `${BLOCK_PROTOCOL}` },
    chain_id: b.chainId,
    height: `${b.height}`,
    time: timestampString(b.timeNs),
    last_block_id: b.lastBlockHash ? blockIdJson(b.lastBlockHash) : EMPTY_BLOCK_ID,
    last_commit_hash: HEX(commitHash(b.lastSignatures)),
    data_hash: HEX(merkleRoot(b.txs)),
    validators_hash: HEX(validatorsHash(set)),
    next_validators_hash: HEX(validatorsHash(b.nextValidators)),
    consensus_hash: HEX(consensusHash(b.maxGas)),
    app_hash: b.appHash.toUpperCase(),
    last_results_hash: HEX(resultsHash(b.lastResults)),
    evidence_hash: HEX(merkleRoot([])),
    proposer_address: HEX(proposer),
  };
  const hash = headerHash(header, b.timeNs);
  const signBytes = voteSignBytes(b.chainId, b.height, hash, b.timeNs);
  // A validator whose key the node does not hold (its own, from MsgCreateValidator) did not vote here.
  const signatures = set.map((v): CommitSigJson => (v.seed === undefined
    ? { block_id_flag: BlockIDFlag.BLOCK_ID_FLAG_ABSENT, validator_address: "", timestamp: ZERO_TIME, signature: null }
    : {
      block_id_flag: BlockIDFlag.BLOCK_ID_FLAG_COMMIT,
      validator_address: HEX(v.address),
      timestamp: header.time,
      signature: base64.encode(precommitSigner.sign(signBytes, v.seed)),
    }));
  return { stored: { header, signatures }, hash };
}

/**
 * How the node's own blocks' precommits are signed: @noble's ed25519 (any host, the browser's
 * too); a Node host may put its native ed25519 here (host/drivers/ed25519-native.ts): the same
 * signatures (ed25519 is deterministic), some 30 times faster, which a set of 100 validators
 * signing every block needs.
 */
export const precommitSigner: { sign(message: Uint8Array, seed: Uint8Array): Uint8Array } = {
  sign: (message, seed) => ed25519.sign(message, seed),
};

/** An RFC 3339 time as CometBFT renders it → a protobuf Timestamp. */
function parseTime(s: string): { seconds: bigint; nanos: number } {
  const m = /^(.*T\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?Z$/.exec(s);
  if (!m) throw new Error(`not an RFC 3339 UTC time: ${s}`);
  return { seconds: BigInt(Date.parse(`${m[1]}Z`) / 1000), nanos: Number((m[2] ?? "").padEnd(9, "0")) };
}

/** A block's seed hash: its chain id, height, time, state hash and tx hashes (the block id before headers were made). */
export const seedHash = (chainId: string, height: bigint, timeNs: bigint, appHash: string, txHashes: readonly string[]): string =>
  bytesToHex(sha256(new TextEncoder().encode(`${chainId}|${height}|${timeNs}|${appHash}|${txHashes.join(",")}`))).toUpperCase();
