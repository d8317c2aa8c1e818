// Requests Node's HTTP parser refuses before any route sees them (a request line with raw bytes
// that are not a valid URL, headers past the 16 KiB limit, a malformed chunk): Node's default
// answer is a bare `400 Bad Request` with no body. Answer them as every other refusal is
// answered: the gateway's `{code, message, details}` JSON with its status, then close.

import { STATUS_CODES, type Server } from "node:http";
import type { Duplex } from "node:stream";
import { GrpcCode, errorBody } from "../wire/gateway-json.js";

/** The status and gRPC code for a parser error code (llhttp's `HPE_*`, Node's `ERR_HTTP_*`). */
function classify(code: string | undefined): { status: number; grpc: number; message: string } {
  switch (code) {
    case "HPE_HEADER_OVERFLOW":
      return { status: 431, grpc: GrpcCode.RESOURCE_EXHAUSTED, message: "request headers too large" };
    case "ERR_HTTP_REQUEST_TIMEOUT":
    case "HPE_HEADERS_TIMEOUT":
      return { status: 408, grpc: GrpcCode.CANCELED, message: "request timed out" };
    default:
      return { status: 400, grpc: GrpcCode.INVALID_ARGUMENT, message: `malformed HTTP request${code ? ` (${code})` : ""}` };
  }
}

/** Installs the answer to malformed requests on a server. */
export function answerClientErrors(server: Server): void {
  server.on("clientError", (err: NodeJS.ErrnoException, socket: Duplex) => {
    // A peer that went away, or a response already under way (as Node's default): nothing to say.
    const current = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (err.code === "ECONNRESET" || !socket.writable || current?.headersSent) {
      socket.destroy();
      return;
    }
    const { status, grpc, message } = classify(err.code);
    const body = JSON.stringify(errorBody(grpc, message));
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
