// A tiny CometBFT JSON-RPC server that answers from a recording (scripts/reference-chain/record-fork.ts):
// each POSTed call (method, params) gets the answer chain-maind gave to the same call, with the caller's
// id; a call not in the recording is a JSON-RPC error naming it.

import { createServer, type Server } from "node:http";

export interface Replay {
  url: string;
  /** Calls answered, and calls the recording did not hold. */
  served: number;
  missing: string[];
  close(): Promise<void>;
}

export async function startReplay(calls: [string, unknown][]): Promise<Replay> {
  const answers = new Map(calls);
  const state = { served: 0, missing: [] as string[] };
  const server: Server = createServer((req, res) => {
    let text = "";
    req.on("data", (c) => (text += c));
    req.on("end", () => {
      res.setHeader("content-type", "application/json");
      let call: { id?: unknown; method?: string; params?: unknown };
      try {
        call = JSON.parse(text);
      } catch {
        res.end(JSON.stringify({ jsonrpc: "2.0", id: -1, error: { code: -32700, message: "Parse error" } }));
        return;
      }
      const key = JSON.stringify({ method: call.method, params: call.params });
      const answer = answers.get(key);
      if (answer === undefined) {
        state.missing.push(key);
        res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id ?? -1, error: { code: -32603, message: "Internal error", data: `not in the recording: ${key}` } }));
        return;
      }
      state.served++;
      res.end(JSON.stringify({ ...(answer as object), id: call.id }));
    });
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", () => ok()));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    get served() {
      return state.served;
    },
    missing: state.missing,
    close: () => new Promise((ok) => {
      server.close(() => ok());
      server.closeAllConnections();
    }),
  };
}
