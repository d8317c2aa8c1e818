// JSON-RPC params as CometBFT takes them: an object of named arguments, or an array of positional
// ones in the order of the method's argument names (rpc/core/routes.go). An empty array is no
// arguments (interchainjs sends `[]` for status); fewer than the names leaves the rest unset, as an
// object without them does; more is CometBFT's "expected N parameters" error.

/** Each method's argument names, in CometBFT's order. */
const ARG_NAMES: Readonly<Record<string, readonly string[]>> = {
  subscribe: ["query"],
  unsubscribe: ["query"],
  unsubscribe_all: [],
  health: [],
  status: [],
  net_info: [],
  blockchain: ["minHeight", "maxHeight"],
  genesis: [],
  genesis_chunked: ["chunk"],
  block: ["height"],
  block_by_hash: ["hash"],
  block_results: ["height"],
  commit: ["height"],
  header: ["height"],
  header_by_hash: ["hash"],
  check_tx: ["tx"],
  tx: ["hash", "prove"],
  tx_search: ["query", "prove", "page", "per_page", "order_by"],
  block_search: ["query", "page", "per_page", "order_by"],
  validators: ["height", "page", "per_page"],
  dump_consensus_state: [],
  consensus_state: [],
  consensus_params: ["height"],
  unconfirmed_txs: ["limit"],
  num_unconfirmed_txs: [],
  broadcast_tx_commit: ["tx"],
  broadcast_tx_sync: ["tx"],
  broadcast_tx_async: ["tx"],
  abci_query: ["path", "data", "height", "prove"],
  abci_info: [],
  broadcast_evidence: ["evidence"],
};

/** The params of a call to `method` (argument names: `names`, else CometBFT's) as named arguments; a string saying what is wrong otherwise. */
export function namedParams(method: string, params: unknown, names: readonly string[] = ARG_NAMES[method] ?? []): Record<string, unknown> | string {
  if (params === undefined || params === null) return {};
  if (typeof params !== "object") return "params must be an object of named arguments or an array of positional ones";
  if (!Array.isArray(params)) return params as Record<string, unknown>;
  if (params.length > names.length) {
    return `error converting json params to arguments: expected ${names.length} parameters (${JSON.stringify(names)}), got ${params.length}`;
  }
  return Object.fromEntries(params.map((v, i) => [names[i]!, v]));
}
