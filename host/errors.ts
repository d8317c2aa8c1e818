// Errors of the host that are the caller's fault (a bad genesis, a bad query value). The REST
// layer renders them as gRPC InvalidArgument (HTTP 400); the command line as `error: <message>`.

/** Input rejected by validation. `path` names the offending field, e.g. `app_state.mint.params`. */
export class ValidationError extends Error {
  readonly path: string;
  /** The rule's own text, without the path (the reference's message where it has one). */
  readonly reason: string;
  constructor(reason: string, path = "") {
    super(path ? `${path}: ${reason}` : reason);
    this.name = "ValidationError";
    this.path = path;
    this.reason = reason;
  }
}
