// CometBFT v0.38's `/genesis` and `/genesis_chunked` (rpc/core/net.go, env.go InitGenesisChunks):
// the document CometBFT holds is split in chunks of 16 MiB (genesisChunkSize); `/genesis` answers
// the whole document only while it is one chunk, and `/genesis_chunked?chunk=N` answers chunk N
// as base64, with `chunk` and `total` as strings. Here the document is the one the node stores
// (its bytes: store/genesis-bytes.ts), read one chunk at a time: a 1M-account document is never
// one string.

import { base64 } from "@scure/base";
import type { Node } from "../app/node-api.js";

/** CometBFT's genesisChunkSize (rpc/core/env.go): 16 MiB. */
export const GENESIS_CHUNK_SIZE = 16 * 1024 * 1024;

type Params = Record<string, unknown>;

/**
 * The two methods over `node`'s document. `chunkSize`: CometBFT's, except in tests; `chunkParam`:
 * the server's reader of a uint argument (a string in JSON, bare in the URI form).
 */
export function genesisMethods(
  node: Pick<Node, "genesisDoc" | "genesisBytes">,
  errors: { internal: (data: string) => Error },
  chunkParam: (p: Params, form: "json" | "uri") => bigint | undefined,
  chunkSize = GENESIS_CHUNK_SIZE,
) {
  const chunks = () => Math.ceil(node.genesisBytes().size / chunkSize);
  return {
    genesis: () => {
      if (chunks() > 1) throw errors.internal("genesis response is large, please use the genesis_chunked API instead");
      return { genesis: { ...(node.genesisDoc as object) } };
    },
    genesis_chunked: (p: Params, form: "json" | "uri") => {
      const total = chunks();
      if (total === 0) throw errors.internal("service configuration error, there are no chunks");
      const id = chunkParam(p, form) ?? 0n;
      if (id > BigInt(total - 1)) throw errors.internal(`there are ${total - 1} chunks, ${id} is invalid`);
      const data = node.genesisBytes().read(Number(id) * chunkSize, chunkSize);
      return { chunk: `${id}`, total: `${total}`, data: base64.encode(data) };
    },
  };
}
