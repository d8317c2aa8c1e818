// A stored block as CometBFT's RPC renders it (block_id, block: header, data, evidence,
// last_commit): the header the node made at the block's commit (framework/header.ts), or for a block
// inside a run of empty blocks (one row) or from a database written before headers were kept, a
// header derived from the row. The RPC (server.ts) and REST's block routes render the same block.

import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import { base64 } from "@scure/base";
import type { Node } from "../app/node-api.js";
import { timestampString } from "../wire/gateway-json.js";
import { blockIdJson, validatorsHash, type BlockIdJson, type CommitSigJson, type HeaderJson } from "../framework/header.js";
import type { BlockWithTxs } from "../framework/history.js";

export interface CometBlock {
  block_id: BlockIdJson;
  block: {
    header: HeaderJson;
    data: { txs: string[] };
    evidence: { evidence: never[] };
    last_commit: { height: string; round: number; block_id: BlockIdJson; signatures: CommitSigJson[] };
  };
  /** This block's own precommits (the next block's last_commit). */
  signatures: CommitSigJson[];
  raw: BlockWithTxs;
}

const EMPTY_BLOCK_ID: BlockIdJson = { hash: "", parts: { total: 0, hash: "" } };
const int = (n: bigint | number) => `${n}`;
const HEX = (b: Uint8Array) => bytesToHex(b).toUpperCase();

/** The block at `height`, or undefined if the node has none there. */
export function cometBlock(node: Pick<Node, "chainId" | "blockTxs" | "consensusValidators">, height: bigint): CometBlock | undefined {
  const b = node.blockTxs(height);
  if (!b) return undefined;
  const txs = b.txs.map((t) => base64.encode(t.tx));
  const last = height > 1n ? node.blockTxs(height - 1n) : undefined;
  const blockIdOf = (hash: string) => blockIdJson(hexToBytes(hash.toLowerCase()));
  if (b.comet !== undefined) {
    const lastCommit = last
      ? { height: int(height - 1n), round: 0, block_id: b.comet.header.last_block_id, signatures: last.comet?.signatures ?? [] }
      : { height: "0", round: 0, block_id: EMPTY_BLOCK_ID, signatures: [] };
    return {
      block_id: blockIdOf(b.hash),
      block: { header: b.comet.header, data: { txs }, evidence: { evidence: [] }, last_commit: lastCommit },
      signatures: b.comet.signatures,
      raw: b,
    };
  }
  const set = node.consensusValidators();
  const proposer = set.length === 0 ? "" : HEX(set[Number(height % BigInt(set.length))]!.address);
  const vh = HEX(validatorsHash(set));
  const emptyHash = HEX(sha256(new Uint8Array()));
  const header: HeaderJson = {
    version: { block: "11" },
    chain_id: node.chainId,
    height: int(height),
    time: timestampString(b.header.timeNs),
    last_block_id: last ? blockIdOf(last.hash) : EMPTY_BLOCK_ID,
    last_commit_hash: last ? HEX(sha256(utf8ToBytes(`commit|${last.hash}`))) : emptyHash,
    data_hash: HEX(sha256(utf8ToBytes(b.txs.map((t) => t.hash).join(",")))),
    validators_hash: vh,
    next_validators_hash: vh,
    consensus_hash: HEX(sha256(utf8ToBytes(`consensus|${node.chainId}`))),
    app_hash: (last?.appHash ?? b.appHash).toUpperCase(),
    last_results_hash: emptyHash,
    evidence_hash: emptyHash,
    proposer_address: proposer || "0".repeat(40),
  };
  return {
    block_id: blockIdOf(b.hash),
    block: {
      header,
      data: { txs },
      evidence: { evidence: [] },
      last_commit: last
        ? { height: int(height - 1n), round: 0, block_id: blockIdOf(last.hash), signatures: [] }
        : { height: "0", round: 0, block_id: EMPTY_BLOCK_ID, signatures: [] },
    },
    signatures: [],
    raw: b,
  };
}

/**
 * `cometBlock`, the latest block's kept: while the chain's latest block is the same one (its chain,
 * height, hash and app hash: node.latestBlock(), the summary the node moves at each block and puts
 * back at a revert, reset, snapshot restore or state load), its answer is read from the store once.
 * A block whose row is not written yet (a deferred write: FinalizeBlock before Commit) is not kept;
 * other heights are read each time. The answer is a function of those four and the store's rows,
 * which a block's write never changes for heights already written.
 */
export function latestBlockCache(node: Pick<Node, "chainId" | "latestBlock" | "blockTxs" | "consensusValidators">): (height: bigint) => CometBlock | undefined {
  let key = "";
  let kept: CometBlock | undefined;
  return (height) => {
    const last = node.latestBlock();
    if (height !== last.height) return cometBlock(node, height);
    const k = `${node.chainId}|${last.height}|${last.hash}|${last.appHash}`;
    if (kept !== undefined && k === key) return kept;
    const b = cometBlock(node, height);
    key = k;
    kept = b;
    return b;
  };
}

