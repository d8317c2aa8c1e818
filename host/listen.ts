// Every listener the node opens (REST, the RPC, ABCI) starts through `listen`, so a port that
// cannot be had is one line (`cannot listen on HOST:PORT: address already in use`), never a stack.

import type { AddressInfo, Server } from "node:net";

/** Listen on `host:port`; rejects with a one-line Error naming the address. */
export function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      const why = err.code === "EADDRINUSE" ? "address already in use" : err.code === "EACCES" ? "permission denied" : err.message;
      reject(new Error(`cannot listen on ${host}:${port}: ${why}`));
    };
    server.once("error", onError);
    server.listen(port, host, () => {
      server.off("error", onError);
      resolve(server.address() as AddressInfo);
    });
  });
}

/** Close a listening server (its open connections too); resolves once it is closed. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    (server as Server & { closeAllConnections?: () => void }).closeAllConnections?.();
  });
}
