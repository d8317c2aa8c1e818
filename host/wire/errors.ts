// Transaction errors as the Cosmos SDK reports them over ABCI: a codespace, a code and a log. The
// log is what `errorsmod.Wrap(kind, detail)` prints, `<detail>: <description>`, so a client that
// knows the SDK's texts (or matches on codespace/code, as CosmJS does) reads ours the same way.
// Codes and descriptions are the SDK's own (types/errors/errors.go, x/gov/types/errors.go).

/** A registered error: what `errorsmod.Register(codespace, code, description)` declares. */
export interface ErrorKind {
  readonly codespace: string;
  readonly code: number;
  readonly description: string;
}

const sdk = (code: number, description: string): ErrorKind => ({ codespace: "sdk", code, description });

/** The SDK's root errors that a transaction can meet before or in its messages. */
export const SdkErrors = {
  TxDecode: sdk(2, "tx parse error"),
  InvalidSequence: sdk(3, "invalid sequence"),
  Unauthorized: sdk(4, "unauthorized"),
  InsufficientFunds: sdk(5, "insufficient funds"),
  UnknownRequest: sdk(6, "unknown request"),
  InvalidAddress: sdk(7, "invalid address"),
  InvalidPubKey: sdk(8, "invalid pubkey"),
  UnknownAddress: sdk(9, "unknown address"),
  InvalidCoins: sdk(10, "invalid coins"),
  OutOfGas: sdk(11, "out of gas"),
  MemoTooLarge: sdk(12, "memo too large"),
  InsufficientFee: sdk(13, "insufficient fee"),
  TooManySignatures: sdk(14, "maximum number of signatures exceeded"),
  NoSignatures: sdk(15, "no signatures supplied"),
  JSONMarshal: sdk(16, "failed to marshal JSON bytes"),
  JSONUnmarshal: sdk(17, "failed to unmarshal JSON bytes"),
  InvalidRequest: sdk(18, "invalid request"),
  TxInMempoolCache: sdk(19, "tx already in mempool"),
  MempoolIsFull: sdk(20, "mempool is full"),
  TxTooLarge: sdk(21, "tx too large"),
  InvalidChainID: sdk(28, "invalid chain-id"),
  TxTimeoutHeight: sdk(30, "tx timeout height"),
  InvalidType: sdk(29, "invalid type"),
  WrongSequence: sdk(32, "incorrect account sequence"),
  NotSupported: sdk(37, "feature not supported"),
  NotFound: sdk(38, "not found"),
  InvalidGasLimit: sdk(41, "invalid gas limit"),
} as const satisfies Record<string, ErrorKind>;

/** x/gov's error for a governance-only message whose authority is not the gov module account. */
export const GovErrors = {
  InvalidSigner: { codespace: "gov", code: 13, description: "expected gov account as only signer for proposal message" },
} as const satisfies Record<string, ErrorKind>;

/**
 * Where the reference chain would have failed the transaction:
 * - `check`: decoding, stateless validation or the ante handler. CheckTx rejects the tx; it never
 *   enters a block, no fee is taken and the sequence does not move.
 * - `execute`: a message handler (e.g. the gov authority check). On the reference such a tx passes
 *   CheckTx, is included in a block and fails there: its fee is charged and its sequence consumed.
 *   The node decides which of the two it mirrors; both carry the same code and log.
 */
/** "decode": the SDK's tx decoder raises it, so CheckTx refuses the tx whatever the error's code. */
export type TxErrorStage = "check" | "execute" | "decode";

/** A rejected transaction, ready for the REST layer: `{codespace, code, raw_log: log}`. */
export class TxError extends Error {
  readonly kind: ErrorKind;
  readonly codespace: string;
  readonly code: number;
  /** `<detail>: <description>`, or the description alone: the SDK's `raw_log`. */
  readonly log: string;
  readonly stage: TxErrorStage;

  constructor(kind: ErrorKind, detail?: string, stage: TxErrorStage = "check") {
    const log = detail ? `${detail}: ${kind.description}` : kind.description;
    super(log);
    this.name = "TxError";
    this.kind = kind;
    this.codespace = kind.codespace;
    this.code = kind.code;
    this.log = log;
    this.stage = stage;
  }

  /** An error already rendered (a tx's result): its codespace, code and raw log as they are. */
  static rendered(codespace: string, code: number, log: string): TxError {
    return new TxError({ codespace, code, description: log });
  }

  /** True if this error is of the given registered kind (codespace and code). */
  is(kind: ErrorKind): boolean {
    return this.codespace === kind.codespace && this.code === kind.code;
  }
}

/** Shorthand for the most common failure: the body cannot be decoded as a StdTx. */
export const decodeError = (detail: string): TxError => new TxError(SdkErrors.TxDecode, detail);
