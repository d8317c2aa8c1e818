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
import type { Vote } from "../core/ledger-records.js";
import type { TxEvent } from "./events.js";
import type { StreamJson } from "./json-stream.js";

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
 * A message's keeper accesses as the SDK meters them (modules/<m>/gas.ts over framework/gas/, docs/gas.md), run on the
 * state before the message: the model of its handler's store reads and writes. `K` is the gas
 * simulator (gas/sim.ts Sim), `C` the message context (context.ts): type parameters here so this
 * file, which modules import, imports neither (framework/message.ts binds them).
 */
export type GasModel<T, K = unknown, C = unknown> = (k: K, msg: T, ctx: C) => void;

/**
 * `C`, `K` and `O`: the message context, the gas simulator and the handler's outcome, bound by
 * framework/message.ts (`AppMessage`) for the modules; left open here, where the registry holds them.
 */
export interface MessageDef<D extends DescMessage = DescMessage, T = unknown, C = any, K = any, O = any> {
  /** The generated protobuf-es type: its type URL `/${schema.typeName}`, its amino name from `amino.name`. */
  readonly schema: D;
  /**
   * GetSigners: the canonical account address that signs the message (`cosmos.msg.v1.signer`).
   * Throws TxError (sdk 7) for a field that is no address of the chain.
   */
  signer(msg: MessageShape<D>, ctx: ValidateContext): string;
  /**
   * Every signer, for a message whose signer field is repeated (x/group's MsgSubmitProposal's
   * proposers): GetMsgV1Signers, in the field's order, `signer` the first. Without it, `[signer]`.
   */
  signers?(msg: MessageShape<D>, ctx: ValidateContext): string[];
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
  /** Its gas model; none: metered by the core's store counters (host/framework/gas.ts). */
  readonly gas?: GasModel<T, K, C>;
  /**
   * The node executes none of these messages to success: each is refused as the chain refuses it
   * where it holds nothing the message names (IBC on a lone chain; x/evidence without a router).
   */
  readonly refusesAll?: boolean;
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
 * queries read of the application, `B` what its block work does, `I` and `E` what its genesis
 * import and export work on (interfaces of the module's own): where the modules are listed, the
 * application is held to every module's `A`, `B`, `I` and `E` at compile time.
 */
export interface AppModule<A = never, B = unknown, I = unknown, E = unknown> {
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
  /**
   * Its BeginBlock work (the SDK's BeginBlocker), run in modules/index.ts's BEGIN_BLOCKERS order
   * after the core's BeginBlock (x/mint's mint, x/tieredrewards' top-up and x/distribution's
   * allocation, one core call): the finalize-block events it leaves. `B` is what it reads of the
   * application (an interface of its own; the application is held to every module's at compile time).
   */
  beginBlock?(app: B, block: BeginBlockInfo): readonly TxEvent[];
  /** Its EndBlock work (the SDK's EndBlocker), run in END_BLOCKERS order after the block's txs. */
  endBlock?(app: B, block: BlockInfo): readonly TxEvent[];
  /** Its genesis section: InitGenesis and ExportGenesis (modules/index.ts orders them). */
  readonly genesis?: ModuleGenesis<I, E>;
}

/**
 * A module's part of the genesis document (`app_state.<section>`). The document is parsed and
 * validated by each module's parser (its `genesis.ts`) into the application's typed genesis; then
 * `init` (InitGenesis, in INIT_GENESIS order) places the module's part of it in the core and its
 * keeper, and `export` (ExportGenesis, in EXPORT_GENESIS order) writes the section back from the
 * last committed state.
 */
export interface ModuleGenesis<I = unknown, E = unknown> {
  /** Its key in `app_state` (the module's name when absent). */
  readonly section?: string;
  init?(app: I): void;
  /** Its section: long arrays may be lazy (json-stream.ts LazyArray), their items made as they are written. */
  export?(app: E): StreamJson;
}

/** What CometBFT's FinalizeBlock says of the last commit: its votes and the double signs it caught. */
export interface ConsensusInfo {
  votes: readonly { address: string; power: bigint; signed: boolean }[];
  /** DUPLICATE_VOTE misbehaviour: the validator's consensus address (hex), the height, its power then, the time of the infraction's block (unix ns; absent in records stored before it was kept). */
  doubleSigns: readonly { address: string; height: bigint; power: bigint; timeNs?: bigint }[];
}

/** A block as its BeginBlock and EndBlock work see it. */
export interface BlockInfo {
  readonly height: bigint;
  /** unix ns. */
  readonly timeNs: bigint;
  /** The bond denom. */
  readonly denom: string;
  /** CometBFT's commit info, when CometBFT gave it (none in the node's own blocks). */
  readonly consensus?: ConsensusInfo;
  /** The last commit's votes as the block began: the validator set before the block. */
  readonly votesBefore: readonly Vote[];
}

/** What the core's BeginBlock did (x/mint's mint, x/tieredrewards' top-up), as the modules' events show it. */
export interface BeginBlockInfo extends BlockInfo {
  /** Bonded tokens and the bond denom's total supply before this block's mint (x/mint's BondedRatio). */
  readonly bondedBefore: bigint;
  readonly supplyBefore: bigint;
  /** The minter after this block: inflation and annual provisions (raw Decs), the units minted. */
  readonly inflation: bigint;
  readonly annualProvisions: bigint;
  readonly minted: bigint;
  /** Units the rewards pool topped up (0: none). */
  readonly topUp: bigint;
}
