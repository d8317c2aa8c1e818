// CometBFT v0.38's `/genesis` and `/genesis_chunked` (rpc/core/net.go, env.go InitGenesisChunks):
// the document CometBFT holds is split in chunks of 16 MiB (genesisChunkSize); `/genesis` answers
// the whole document only while it is one chunk, and `/genesis_chunked?chunk=N` answers chunk N
// as base64, with `chunk` and `total` as strings. The document CometBFT holds is its GenesisDoc,
// which the SDK makes of the AppGenesis file (AppGenesis.ToGenesisDoc; recorded on chain-maind):
// genesis_time, chain_id, initial_height (a string), consensus_params (the file's
// consensus.params), validators (when any), app_hash ("" when none) and app_state, compact JSON.
// A document up to COMET_FORM_BOUND is served so (its text and chunks made from the parsed
// document); past it, the bytes the node stores (store/genesis-bytes.ts) are served as they are,
// read one chunk at a time, so a 1M-account document is never one string (docs/endpoints.md).

import { base64 } from "@scure/base";
import type { Node } from "../app/node-api.js";
import { defaultGenesisJson, type Json } from "../app/genesis.js";

/** Past this many stored bytes the document is served as stored, not remade as CometBFT's GenesisDoc (a string that long is past what is sensible to hold). */
export const COMET_FORM_BOUND = 64 * 1024 * 1024;

type Obj = { [key: string]: Json };
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** CometBFT's GenesisDoc of an SDK AppGenesis document (AppGenesis.ToGenesisDoc, marshalled by cmtjson: key order kept). */
export function cometGenesisDoc(doc: Json): Obj {
  const d = isObj(doc) ? doc : {};
  const consensus = isObj(d.consensus) ? d.consensus : {};
  const params = consensus.params ?? d.consensus_params ?? ((defaultGenesisJson() as Obj).consensus as Obj).params!;
  const validators = consensus.validators ?? d.validators;
  return {
    genesis_time: d.genesis_time ?? null,
    chain_id: d.chain_id ?? "",
    initial_height: `${d.initial_height ?? 1}`,
    consensus_params: params,
    ...(Array.isArray(validators) && validators.length > 0 ? { validators } : {}),
    app_hash: typeof d.app_hash === "string" ? d.app_hash : "",
    app_state: d.app_state ?? null,
  };
}

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
  cometFormBound = COMET_FORM_BOUND,
) {
  // CometBFT's form of a document up to the bound: its text, made once.
  let comet: Uint8Array | undefined;
  const cometForm = (): Uint8Array | undefined => {
    if (node.genesisBytes().size > cometFormBound) return undefined;
    return (comet ??= new TextEncoder().encode(JSON.stringify(cometGenesisDoc(node.genesisDoc))));
  };
  const size = () => cometForm()?.length ?? node.genesisBytes().size;
  const chunks = () => Math.ceil(size() / chunkSize);
  const read = (offset: number, length: number) => {
    const c = cometForm();
    return c === undefined ? node.genesisBytes().read(offset, length) : c.subarray(offset, offset + length);
  };
  return {
    genesis: () => {
      if (chunks() > 1) throw errors.internal("genesis response is large, please use the genesis_chunked API instead");
      return { genesis: cometGenesisDoc(node.genesisDoc) };
    },
    genesis_chunked: (p: Params, form: "json" | "uri") => {
      const total = chunks();
      if (total === 0) throw errors.internal("service configuration error, there are no chunks");
      const id = chunkParam(p, form) ?? 0n;
      if (id > BigInt(total - 1)) throw errors.internal(`there are ${total - 1} chunks, ${id} is invalid`);
      const data = read(Number(id) * chunkSize, chunkSize);
      return { chunk: `${id}`, total: `${total}`, data: base64.encode(data) };
    },
  };
}
