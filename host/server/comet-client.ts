// The node under CometBFT (--abci): REST's CometBFT service and its broadcasts asked of CometBFT's
// own RPC over HTTP.

import type { RpcReply } from "../rpc/server.js";
import { GatewayError, GrpcCode } from "../wire/gateway-json.js";

/** JSON-RPC calls to CometBFT's RPC at `rpc`, in the node's own RPC's call shape. */
export function cometRpcCaller(rpc: string) {
  return {
    call: async (id: unknown, method: unknown, params: unknown): Promise<RpcReply> => {
      try {
        const res = await fetch(rpc, { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id, method, params }) });
        return (await res.json()) as RpcReply;
      } catch (e) {
        return { jsonrpc: "2.0", id, error: { code: -32603, message: "Internal error", data: `CometBFT's RPC at ${rpc}: ${(e as Error).message}` } };
      }
    },
  };
}

/** CometBFT's broadcast_tx_sync at `rpc`: a tx's hash and CheckTx result. */
export function cometBroadcast(rpc: string) {
  return async (txBytes: Uint8Array) => {
    let res: Response;
    try {
      res = await fetch(rpc, {
        method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "broadcast_tx_sync", params: { tx: Buffer.from(txBytes).toString("base64") } }),
      });
    } catch (e) {
      throw new GatewayError(GrpcCode.UNAVAILABLE, `CometBFT's RPC at ${rpc} did not answer: ${(e as Error).message}`);
    }
    const body = (await res.json()) as { result?: { hash: string; code: number; codespace: string; log: string }; error?: { message: string; data?: string } };
    if (!body.result) throw new GatewayError(GrpcCode.UNKNOWN, `CometBFT: ${body.error?.message ?? "no result"}${body.error?.data ? `: ${body.error.data}` : ""}`);
    return body.result;
  };
}
