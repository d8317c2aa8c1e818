// A lingering close for refused uploads (413). Node ends an answer sent with `Connection: close`
// by destroying the socket as soon as the answer is written; a client still sending its body then
// makes the kernel answer with a reset, and a reset can wipe the 413 from the client's receive
// buffer before it reads it (the client sees ECONNRESET, not the refusal). So, as web servers do,
// after a 413 the node half-closes (FIN after the answer) and keeps reading for a bounded time,
// discarding what arrives (never buffered, never parsed), until the client finishes or goes away.

import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";

/** Longest a refused upload is read (and discarded) after its 413. */
export const LINGER_MS = 2_000;

/** `listener` with a lingering close after every 413 it answers. */
export function lingerAfterRefusal(listener: RequestListener): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
      if (args[0] === 413) linger(req);
      return writeHead.apply(this, args);
    } as ServerResponse["writeHead"];
    listener(req, res);
  };
}

function linger(req: IncomingMessage): void {
  const socket = req.socket;
  let lingering = false;
  // What Node (and the adapter's drain) call to close the connection once the answer is out.
  socket.destroySoon = () => {
    if (lingering) return;
    lingering = true;
    if (socket.writable) socket.end();
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
    };
    const timer = setTimeout(done, LINGER_MS); // bounded; kept referenced so a closing server waits for it
    req.once("end", done);
    req.once("error", done);
    socket.once("end", done);
    socket.once("error", done);
    req.resume();
    socket.resume();
  };
}
