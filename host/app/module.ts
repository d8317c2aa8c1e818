// What a module declares (one folder of host/modules/, its `module.ts`), as the SDK's module
// manager takes an AppModule: its messages, each its generated protobuf type from the wire to the
// handler. The application takes the list of modules (host/modules/index.ts) and derives from it
// the message registry (decoding, the ante's signers, the handlers, the gas models); it names no
// module itself.
//
// A message's journey: the tx decoder gives its protobuf-es message (a legacy amino StdTx's
// message converted on arrival); `signer` and `validate` (the SDK's GetSigners and the msg
// server's stateless checks) run at CheckTx, `validate`'s result is what `handle` and `gas` take.
// Amino JSON exists only at the edges: the LEGACY_AMINO_JSON sign doc and the legacy StdTx body,
// both derived from the schema's `amino.name` options.

import type { DescMessage, DescService, MessageShape } from "@bufbuild/protobuf";
import type { ServiceHandlers } from "./query-router.js";
import type { JsonObject } from "../wire/amino/fields.js";

/** What the stateless checks know about the chain. */
export interface ValidateContext {
  /** Bech32 prefix of account addresses, e.g. `cro`. */
  readonly prefix: string;
  /** The registered messages, by type URL: x/gov checks a proposal's messages by their own definitions. */
  readonly messages?: MessageLookup;
  /**
   * The message's amino JSON value when it arrived as amino (a legacy StdTx's message, a stored
   * proposal's): the form the node stores where it keeps a message's JSON (x/gov's proposal
   * messages, x/inflation's params), so a stored database replays to the same records.
   */
  readonly amino?: JsonObject;
}

/** Registered messages by type URL (the application's MessageRegistry). */
export interface MessageLookup {
  entry(typeUrl: string): RegistryEntry | undefined;
}

/**
 * A message's keeper accesses as the SDK meters them (host/app/gas/, docs/gas.md), run on the
 * state before the message: the model of its handler's store reads and writes. `K` is the gas
 * simulator (gas/sim.ts Sim), `C` the message context (context.ts): type parameters here so this
 * file, which modules import, imports neither (app/message.ts binds them).
 */
export type GasModel<T, K = unknown, C = unknown> = (k: K, msg: T, ctx: C) => void;

/**
 * `C`, `K` and `O`: the message context, the gas simulator and the handler's outcome, bound by
 * app/message.ts (`AppMessage`) for the modules; left open here, where the registry holds them.
 */
export interface MessageDef<D extends DescMessage = DescMessage, T = unknown, C = any, K = any, O = any> {
  /** The generated protobuf-es type: its type URL `/${schema.typeName}`, its amino name from `amino.name`. */
  readonly schema: D;
  /**
   * GetSigners: the canonical account address that signs the message (`cosmos.msg.v1.signer`).
   * Throws TxError (sdk 7) for a field that is no address of the chain.
   */
  signer(msg: MessageShape<D>, ctx: ValidateContext): string;
  /** Governance-only: the signer must be the chain's authority (x/gov's module account). */
  readonly governance?: boolean;
  /**
   * The chain's message keeps a ValidateBasic (sdk.HasValidateBasic, as chain-main's x/nft does):
   * `validate`'s refusals are CheckTx's (baseapp's validateBasicTxMsgs), the tx never reaching a block.
   */
  readonly validateBasic?: boolean;
  /**
   * The msg server's stateless checks, in its order; the message parsed (addresses canonical,
   * amounts bigint) or a TxError with the SDK's code and text.
   */
  validate(msg: MessageShape<D>, ctx: ValidateContext): T;
  /** The msg server: keepers → events and typed response. Throws TxError / CoreError to fail. */
  handle(ctx: C, msg: T): O;
  /** Its gas model; none: metered by the core's store counters (host/app/gas.ts). */
  readonly gas?: GasModel<T, K, C>;
}

/** One registered message type: its module's protobuf definition, by type URL and amino name. */
export interface RegistryEntry {
  readonly typeUrl: string;
  readonly aminoType: string;
  readonly def: MessageDef<DescMessage, unknown>;
}

/** One query service's typed handlers (`queryService(Query, {params: …})`). */
export interface QueryService {
  readonly service: DescService;
  readonly handlers: ServiceHandlers<DescService>;
}

/** A service and its handlers, each typed by its method's request and response. */
export function queryService<S extends DescService>(service: S, handlers: ServiceHandlers<S>): QueryService {
  return { service, handlers: handlers as ServiceHandlers<DescService> };
}

/** What every query handler is given besides the application. */
export interface QueryOptions {
  /** The largest page a paginated query answers (--max-page-limit). */
  readonly maxPageLimit?: number;
}

/**
 * One module of the application: a folder of host/modules/ with its `module.ts`. `A` is what its
 * queries read of the application (an interface of the module's own): where the modules are
 * listed, the application is held to every module's `A` at compile time.
 */
export interface AppModule<A = never> {
  /** The SDK's module name (`bank`, `staking`, `tieredrewards`…). */
  readonly name: string;
  /** The messages its Msg service executes. */
  readonly messages?: readonly MessageDef<any, any>[];
  /** Its gRPC query services (REST and abci_query render the same handlers). */
  readonly queries?: {
    /** The services it answers: every method of each has a handler (test/query-router). */
    readonly services: readonly DescService[];
    handlers(app: A, options: QueryOptions): readonly QueryService[];
  };
}

