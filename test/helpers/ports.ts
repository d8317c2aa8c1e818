// Ports on 127.0.0.1 for suites that start listeners: a free one, one held as another program
// would hold it, and whether one can be had (a listener was closed again).

import { createServer, type Server } from "node:net";

/** A TCP server holding a free port of 127.0.0.1 until it is closed. */
export async function occupy(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  return { port: (server.address() as { port: number }).port, server };
}

/** A port free now (taken and released). */
export async function freePort(): Promise<number> {
  const { port, server } = await occupy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Whether a listener can take `port` on 127.0.0.1 now. */
export async function canListen(port: number): Promise<boolean> {
  const server = createServer();
  const ok = await new Promise<boolean>((resolve) => {
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => resolve(true));
  });
  if (ok) await new Promise<void>((resolve) => server.close(() => resolve()));
  return ok;
}
