// A block as the SDK's gateway renders CometBFT's (cometbft.types Block in jsonpb): the RPC's block
// JSON (rpc/blocks.ts, or CometBFT's own RPC under --abci) with bytes base64 where the RPC has hex,
// `part_set_header` for `parts`, commit signatures' flags by name; in `sdk_block` the proposer as
// a bech32 consensus address.

import { base64, hex } from "@scure/base";
import { encodeAddress } from "../wire/address.js";

/** Hex text (the RPC's) as base64 (the gateway's); empty bytes are null, as jsonpb writes them. */
const b64 = (hexText: string): string | null => (hexText === "" ? null : base64.encode(hex.decode(hexText.toLowerCase())));

const BLOCK_ID_FLAGS = ["BLOCK_ID_FLAG_UNKNOWN", "BLOCK_ID_FLAG_ABSENT", "BLOCK_ID_FLAG_COMMIT", "BLOCK_ID_FLAG_NIL"];

export const gatewayBlockId = (id: { hash: string; parts: { total: number; hash: string } }) => ({
  hash: b64(id.hash), part_set_header: { total: id.parts.total, hash: b64(id.parts.hash) },
});

/** The gateway's Block of an RPC block result; `consensusPrefix` given: the SDK's Block (bech32 proposer). */
export function gatewayBlock(r: any, consensusPrefix?: string) {
  const h = r.block.header;
  const c = r.block.last_commit;
  return {
    header: {
      version: { block: h.version.block, app: h.version.app ?? "0" },
      chain_id: h.chain_id,
      height: h.height,
      time: h.time,
      last_block_id: gatewayBlockId(h.last_block_id),
      last_commit_hash: b64(h.last_commit_hash),
      data_hash: b64(h.data_hash),
      validators_hash: b64(h.validators_hash),
      next_validators_hash: b64(h.next_validators_hash),
      consensus_hash: b64(h.consensus_hash),
      app_hash: b64(h.app_hash),
      last_results_hash: b64(h.last_results_hash),
      evidence_hash: b64(h.evidence_hash),
      proposer_address: consensusPrefix === undefined ? b64(h.proposer_address) : encodeAddress(consensusPrefix, hex.decode(h.proposer_address.toLowerCase())),
    },
    data: { txs: r.block.data.txs ?? [] },
    evidence: { evidence: [] },
    last_commit: {
      height: c.height, round: c.round, block_id: gatewayBlockId(c.block_id),
      signatures: (c.signatures ?? []).map((s: any) => ({
        block_id_flag: BLOCK_ID_FLAGS[s.block_id_flag] ?? s.block_id_flag,
        validator_address: b64(s.validator_address ?? ""),
        timestamp: s.timestamp,
        signature: s.signature ?? null,
      })),
    },
  };
}
