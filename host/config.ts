// The node's configuration: command-line flags (node:util parseArgs, strict) and the PORT and
// DB_PATH environment variables. Every value is checked here, so a bad one is one `error: ...` line and
// exit code 2 before anything starts.

import { availableParallelism } from "node:os";
import { formatFlags, parseFlags, type FlagSpecs } from "./flags.js";
import { DEFAULT_LIMITS, type GasPriceText, type Limits } from "./limits.js";
import { LOG_FORMATS, LOG_LEVELS, type LogFormat, type LogLevel } from "./log.js";
import { ConfigFileError, configFileArgs, configFileText } from "./config-file.js";
import {
  parseBlockTime, parseCorsOrigins, parseCount, parseDbPath, parseGasPrices, parseGenesisPath, parseHost, parsePort, parseSegment,
  type CorsOrigins, DENOM, ConfigError, type ClockMode,
} from "./config-values.js";

export { ConfigError, parseCorsOrigins, parseGasPrices, parseGoDuration, type ClockMode, type CorsOrigins } from "./config-values.js";
import { forkSetting, type ForkSetting } from "./dev/fork-flag.js";
import { DEFAULT_ACCOUNTS, DEFAULT_MNEMONIC, MAX_ACCOUNTS, checkMnemonic, type HdSetting } from "./dev/hd-flag.js";

export { EXIT_USAGE, oneLine } from "./flags.js";


export interface Config {
  /** TCP port; 0 lets the system pick one. */
  port: number;
  /** Interface to listen on. */
  host: string;
  /** First path segment of the chain's own routes: `/{chain}/inflation/v1/params`. */
  chainSegment: string;
  /** Block interval in nanoseconds. */
  blockTimeNs: bigint;
  clock: ClockMode;
  /** Genesis JSON overriding the embedded default; undefined = the default as is. */
  genesisFile: string | undefined;
  /** The node's SQLite database (created with the genesis on first start). */
  dbPath: string;
  /**
   * Development powers on a real clock (`--dev`; always on with the simulated clock): GET
   * /dev/export, and dev key 0 as the embedded default genesis's governance authority.
   */
  dev: boolean;
  /** What the node takes in (host/limits.ts); DEFAULT_LIMITS when absent. */
  limits?: Limits;
  /** `--minimum-gas-prices`: CheckTx refuses a fee below ceil(price x gas limit); none = 0. */
  minGasPrices?: GasPriceText[];
  /** CometBFT RPC port (0 = any free one); undefined = no RPC server. */
  rpcPort?: number;
  /** Interface of the RPC server (loopback by default). */
  rpcHost?: string;
  /** `--cors-origins`: origins whose browser pages may call REST and RPC; undefined = CORS off. */
  corsOrigins?: CorsOrigins;
  /**
   * `--abci tcp://HOST:PORT`: CometBFT makes the blocks (host/drivers/abci.ts); the node's own
   * clock and RPC are off (CometBFT serves its RPC), REST stays.
   */
  abci?: string;
  /** With --abci: CometBFT's RPC, where REST's tx broadcasts go (`--comet-rpc`). */
  cometRpc?: string;
  /** The operator log's level and form (host/log.ts): a line per block at info, per tx at debug. */
  logLevel?: LogLevel;
  logFormat?: LogFormat;
  /** `--query-workers N`: query worker threads (server/query-pool.ts); absent or 0: the node answers every query itself. */
  queryWorkers?: number;
  /** `--query-offload-us N`: the least average cost (µs) of a query sent to a worker; absent: 100. */
  queryOffloadUs?: number;
  /** `--keyring FILE` (dev mode): its keys are topped up to `fundAmount` from the reserve at start. */
  keyring?: string;
  /** `--fund-amount`: what each keyring key holds after the start-up top-up. */
  fundAmount?: { denom: string; amount: bigint }[];
  /** x/upgrade: `--apply-upgrade NAME` (the plan this binary applies at its height), `--unsafe-skip-upgrades H,…`. */
  upgrade?: { apply: string[]; skipHeights: bigint[] };
  /** `--automine` (dev mode): a block for each tx, at once. On by default with `--dev` (not with `--block-time` or `--no-automine`). */
  automine?: boolean;
  /** `--on-demand-blocks` (real clock): a block as soon as txs wait, the --block-time block when idle (drivers/on-demand.ts). */
  onDemandBlocks?: boolean;
  /** `--dev` given: the chain is at height 1 (at least) when the node answers. */
  firstBlock?: boolean;
  /** `--fork FILE` (dev mode, dev/fork.ts): a new chain from an SDK export, its validators' keys the node's; without --db a database removed at close. */
  fork?: ForkSetting;
  /** Dev mode's HD accounts (dev/accounts.ts): `--mnemonic`, `--accounts N`; funded at start and printed with their keys. */
  hd?: HdSetting;
  /** `--chain-id`: the default genesis's (or a fork's) chain id. */
  chainId?: string;
  /** `--auto-impersonate` (dev mode): any signer's tx admitted, unsigned when its signature does not verify. */
  autoImpersonate?: boolean;
}

/** What the command line asks for. */
export type Invocation = { kind: "help" } | { kind: "print-config"; text: string } | { kind: "run"; config: Config };


export const DEFAULTS = {
  port: "1317",
  host: "127.0.0.1",
  chain: "chainmain",
  blockTime: "5s",
  clock: "real",
  db: "./chain.db",
} as const;

// No parse defaults: an absent --port falls back to PORT, the rest to DEFAULTS below.
const FLAGS = {
  port: {
    type: "string",
    value: "N",
    shown: `${DEFAULTS.port}, or the PORT environment variable`,
    description: "TCP port to listen on (0 = any free port)",
  },
  host: { type: "string", value: "ADDRESS", shown: DEFAULTS.host, description: "interface to listen on" },
  chain: {
    type: "string",
    value: "SEGMENT",
    shown: DEFAULTS.chain,
    description: "first path segment of the chain's own routes (/SEGMENT/inflation/v1/params)",
  },
  "block-time": {
    type: "string",
    value: "DURATION",
    shown: DEFAULTS.blockTime,
    description: "time between blocks: 5s, 500ms, 1m30s, ... (1ns to 24h; at least 1ms with --clock real)",
  },
  clock: {
    type: "string",
    value: "real|simulated",
    shown: DEFAULTS.clock,
    description:
      "real: a timer makes a block every block time; simulated: no timer, blocks are made only by " +
      "POST /dev/advance?blocks=N or ?duration=1h, and block k is stamped genesis time + k x block time",
  },
  genesis: {
    type: "string",
    value: "FILE",
    shown: "the embedded default genesis",
    description: "genesis JSON; the fields it has replace those of the default genesis",
  },
  fork: {
    type: "string", value: "FILE", shown: "none",
    description: "dev mode: a new chain from an SDK export (chain-maind export, npm run export), the validators' consensus keys replaced by keys this node holds and the dev keys funded; implies --clock simulated unless --dev is given; without --db its database is a temporary file removed at shutdown",
  },
  "fork-url": {
    type: "string", value: "URL", shown: "none",
    description: "dev mode: a new chain from a running chain-main node's state (its CometBFT RPC, e.g. http://localhost:26657, or its REST gateway, :1317), read by its queries at --fork-height, then forked as --fork forks a file (Anvil's --fork-url); dev_reset returns to that state",
  },
  "fork-height": {
    type: "string", value: "H", shown: "the node's latest height",
    description: "with --fork-url: the height whose state is read (Anvil's --fork-block-number); a pruned height is refused",
  },
  db: {
    type: "string",
    value: "PATH",
    shown: `${DEFAULTS.db}, or the DB_PATH environment variable`,
    description: "SQLite database of the chain: created from the genesis if absent, else restored (its own genesis wins)",
  },
  dev: {
    type: "boolean",
    description:
      "development mode on a real clock (always on with --clock simulated): each tx mined at once (--no-automine, --block-time: " +
      "blocks at an interval instead), block 1 made at start, the faucet, cheat codes, GET /dev/export and /dev/memory, and the default " +
      "genesis's governance authority is dev key 0, whose private key is public (docs/dapp.md, Dev keys); without it a real-clock " +
      "node's default authority is the x/gov module account, as on the reference chain",
  },
  "minimum-gas-prices": {
    type: "string",
    value: "PRICES",
    shown: "none: zero-fee txs are accepted",
    description:
      "CheckTx refuses a tx whose fee is below ceil(price x its gas limit), e.g. 0.025basecro (several: " +
      "0.025basecro,1uatom; a fee in any one of them suffices)",
  },
  "max-body-bytes": {
    type: "string", value: "N", default: `${DEFAULT_LIMITS.maxBodyBytes}`,
    description: "largest HTTP request body; a larger one is refused with 413 before it is read",
  },
  "max-json-depth": {
    type: "string", value: "N", default: `${DEFAULT_LIMITS.maxJsonDepth}`,
    description: "deepest JSON nesting of a POSTed body (400 beyond, before parsing)",
  },
  "max-tx-bytes": {
    type: "string", value: "N", default: `${DEFAULT_LIMITS.maxTxBytes}`,
    description: "largest tx (its canonical bytes), as CometBFT's max_tx_bytes (sdk 21 tx too large)",
  },
  "max-msgs-per-tx": {
    type: "string", value: "N", default: `${DEFAULT_LIMITS.maxMsgsPerTx}`,
    description: "most messages in one tx (sdk 18)",
  },
  "max-memo-characters": {
    type: "string", value: "N", default: `${DEFAULT_LIMITS.maxMemoCharacters}`,
    description: "longest memo in UTF-8 bytes, as x/auth's max_memo_characters (sdk 12)",
  },
  "tx-sig-limit": {
    type: "string", value: "N", default: `${DEFAULT_LIMITS.txSigLimit}`,
    description: "most signatures in one tx, as x/auth's tx_sig_limit (sdk 14)",
  },
  "mempool-size": {
    type: "string", value: "N", default: `${DEFAULT_LIMITS.mempoolMaxTxs}`,
    description: "most txs waiting for a block, as CometBFT's mempool.size (sdk 20 mempool is full)",
  },
  "mempool-max-bytes": {
    type: "string", value: "N", default: `${DEFAULT_LIMITS.mempoolMaxBytes}`,
    description: "most bytes of txs waiting for a block, as CometBFT's mempool.max_txs_bytes (sdk 20)",
  },
  "max-page-limit": {
    type: "string", value: "N", default: `${DEFAULT_LIMITS.maxPageLimit}`,
    description: "largest pagination.limit a query takes (400 beyond; page on with next_key)",
  },
  "query-workers": {
    type: "string", value: "N", shown: "cores - 1 (at most 4) on 4 cores or more, else 0; 0 with --dev or --clock simulated",
    description: "worker threads answering REST queries and abci_query over a replica of the last committed state (each holds its own copy: about the node's RSS after a restart); 0 = off",
  },
  "query-offload-us": {
    type: "string", value: "N", default: "100",
    description: "with query workers: a query goes to a worker once its answers average at least N µs of CPU (cheaper ones cost less on the node than a message to a worker); 0 = every query",
  },
  "import-memory-limit": {
    type: "string", value: "BYTES", default: `${DEFAULT_LIMITS.importMemoryBytes}`,
    description: "the memory a --genesis / --fork document's import may take, estimated from its size: a bigger one is refused before it is read",
  },
  "core-memory-limit": { type: "string", value: "BYTES", default: `${DEFAULT_LIMITS.coreMemoryBytes}`, description: "the core's memory ceiling (at most 4 GiB): a bigger state is refused at start, txs near it" },
  "rpc-port": {
    type: "string", value: "N|off", shown: "26657 (any free port with --port 0)",
    description: "CometBFT RPC port (JSON-RPC over HTTP POST and GET /METHOD?...: status, abci_query, broadcast_tx_*, tx, tx_search, block, ...); off = none",
  },
  "rpc-host": { type: "string", value: "ADDRESS", shown: DEFAULTS.host, description: "interface the RPC listens on" },
  "cors-origins": {
    type: "string", value: "ORIGINS|*", shown: "none: CORS off",
    description: "origins whose web pages may call REST and RPC from a browser (http://localhost:5173,https://app.example; * = any), preflight included",
  },
  abci: {
    type: "string", value: "tcp://HOST:PORT", shown: "off: the node makes its own blocks",
    description: "be a CometBFT v0.38 application: serve ABCI 2.0 there (CometBFT's proxy_app) and let CometBFT decide the blocks; the node's clock and RPC port are off",
  },
  "comet-rpc": {
    type: "string", value: "URL", default: "http://127.0.0.1:26657",
    description: "with --abci: CometBFT's RPC, where REST's POST /cosmos/tx/v1beta1/txs broadcasts go",
  },
  "log-level": {
    type: "string", value: "LEVEL", default: "info",
    description: "error, warn, info (a line per block: height, txs, time, app hash) or debug (also a line per tx and per CometBFT block request); on stderr",
  },
  "log-format": { type: "string", value: "FORMAT", default: "text", description: "text, or json (one object per line, for log shippers)" },
  keyring: { type: "string", value: "FILE", shown: "none", description: "dev mode: at start, top up every key of this keyring (npm run keys -- add NAME) to --fund-amount from the reserve (dev key 0), a signed bank send each; a simulated clock makes their block at once" },
  "fund-amount": { type: "string", value: "COINS", default: "100000000000000basecro", description: "with --keyring: what each key holds after the start-up top-up (whole base units: 100000000000000basecro = 1,000,000 CRO)" },
  automine: { type: "boolean", description: "dev mode: a block for each tx CheckTx admits, at once (as Anvil's automine), on either clock; on by default with --dev unless --block-time is given" },
  "on-demand-blocks": { type: "boolean", description: "real clock: a block as soon as txs wait (once no tx arrived for 20 ms, the oldest waited 250 ms, or 5,000 wait; blocks at least 100 ms apart), the --block-time block when idle; x/mint pays per block, so under load blocks come faster than blocks_per_year assumes (docs/performance.md)" },
  "no-automine": { type: "boolean", description: "with --dev: no block per tx; blocks every --block-time (real clock) or on request (dev_mine, POST /dev/advance)" },
  mnemonic: { type: "string", value: "WORDS", shown: `"${DEFAULT_MNEMONIC}" (public: local chains only)`, description: "dev mode: the BIP-39 mnemonic of the HD accounts (m/44'/394'/0'/0/i), printed at start with their private keys" },
  accounts: { type: "string", value: "N", default: `${DEFAULT_ACCOUNTS}`, description: `dev mode: how many HD accounts of --mnemonic hold 1,000,000 CRO at start (0 to ${MAX_ACCOUNTS}): in the default genesis (from the reserve), a fork's document (minted), or sent by the faucet with --genesis` },
  "chain-id": { type: "string", value: "ID", shown: "chainmain-local", description: "the chain id of the default genesis (its gentxs signed for it) or of a --fork; a --genesis file names its own" },
  "auto-impersonate": { type: "boolean", description: "dev mode: any signer's tx is accepted for any address (a signature that does not verify, or none, as if impersonated), as Anvil's --auto-impersonate; the autoImpersonate cheat turns it on and off" },
  "apply-upgrade": {
    type: "string", value: "NAME", shown: "none",
    description: "x/upgrade: apply the scheduled plan NAME at its height (a restart after the chain stopped with UPGRADE \"NAME\" NEEDED), recorded as applied there; docs/operator.md",
  },
  "unsafe-skip-upgrades": {
    type: "string", value: "H[,H…]", shown: "none",
    description: "x/upgrade: skip the plan due at these heights (cleared, UPGRADE SKIPPED logged), as chain-maind's --unsafe-skip-upgrades; docs/operator.md",
  },
  config: { type: "string", value: "FILE", shown: "none", description: "a TOML file of these flags, keyed by their names (port = 1317, clock = \"simulated\", dev = true); the command line overrides it, and PORT / DB_PATH override its port / db" },
  "print-config": { type: "boolean", description: "print a config file (TOML) with every flag's value, the defaults with any flags given, and exit" },
  help: { type: "boolean", short: "h", description: "show this help and exit" },
} satisfies FlagSpecs;

export function helpText(): string {
  return [
    "Usage: npm start -- [flags]",
    "       node --import tsx host/main.ts [flags]",
    "",
    "Run a chain node: the WASM core's staking ledger and tiered staking, a block every block time,",
    "each block committed to SQLite, signed amino-JSON transactions, and the chain's REST paths (JSON",
    "as the Cosmos gRPC-gateway renders it).",
    "",
    "Flags:",
    formatFlags(FLAGS),
    "",
    "Routes: GET /SEGMENT/tieredrewards/v1/{rewards_pool_balances,tiers,params,position/ID,positions,",
    "positions/OWNER,positions_by_tier/ID,estimate_rewards/ID,voting_power/OWNER,...}, /SEGMENT/inflation/v1/params,",
    "/cosmos/{bank,staking,distribution,mint,auth}/..., /cosmos/base/tendermint/v1beta1/blocks/latest;",
    "POST /txs and /cosmos/tx/v1beta1/txs ({tx, mode}), GET /cosmos/tx/v1beta1/txs/HASH; GET / (the dashboard) and GET /explorer",
    "(the block explorer, docs/explorer.md); with --dev or --clock simulated GET /dev/{export,dump-state,memory}, POST /dev/load-state,",
    "POST /dev/faucet {address, amount}, GET /dev/keplr-chain-info, the cheat codes POST /dev/{snapshot,revert,reset,set-balance,set-sequence,set-delegation,set-position,",
    "set-params,drop-transaction,drop-all-transactions,impersonate,stop-impersonating,auto-impersonate}",
    "(JSON-RPC dev_*); with --clock simulated POST /dev/{advance,mine,set-next-block-time,advance-time}. docs/dapp.md lists every path.",
    "",
    "Gas: every tx is metered (10 per tx byte, 1,000 per signature, per store read/write/delete as the SDK's",
    "default schedule); fee.gas is its limit (out of gas: sdk 11, messages undone, fee charged). The block",
    "gas limit is the genesis's consensus.params.block.max_gas (default -1: none).",
    "",
  ].join("\n");
}

/** Parse the command line and the environment; throws ConfigError on anything invalid. */
export function parseConfig(argv: string[], env: Record<string, string | undefined> = {}): Invocation {
  const given = flagValues(argv);
  if (given.help) return { kind: "help" };
  let values = given;
  if (given.config !== undefined) {
    let fileArgs: string[];
    try {
      fileArgs = configFileArgs(given.config, FLAGS);
      // The file's values checked alone first, so a bad one is reported by its key in the file.
      resolveConfig(flagValues(fileArgs), {});
    } catch (e) {
      if (e instanceof ConfigFileError) throw new ConfigError(e.message);
      if (e instanceof ConfigError) throw new ConfigError(e.message.replace(/^--([a-z-]+) /, `${given.config}: $1 = `).replace(/^--([a-z-]+):/, `${given.config}: $1:`));
      throw e;
    }
    // The environment's PORT and DB_PATH come above the file, the command line above both.
    const dropped = new Set([...(env.PORT !== undefined ? ["--port"] : []), ...(env.DB_PATH !== undefined ? ["--db"] : [])]);
    values = flagValues([...fileArgs.filter((a, i) => !dropped.has(a) && !dropped.has(fileArgs[i - 1]!)), ...argv]);
  }
  if (values["print-config"]) {
    resolveConfig(values, env);
    // The values a node would take for the flags whose defaults are applied after parsing.
    const fallback = {
      port: env.PORT ?? DEFAULTS.port, host: DEFAULTS.host, chain: DEFAULTS.chain, "block-time": DEFAULTS.blockTime, clock: DEFAULTS.clock,
      db: env.DB_PATH ?? DEFAULTS.db, "rpc-port": (values.port ?? env.PORT) === "0" ? "0" : "26657", "rpc-host": DEFAULTS.host,
    };
    return { kind: "print-config", text: configFileText(FLAGS, { ...fallback, ...definedOnly(values) }, CONFIG_HEADER) };
  }
  return resolveConfig(values, env);
}

const CONFIG_HEADER = ["The node's config file: npm start -- --config node.toml (keys: the flags' names; the command line overrides it)."];

type FlagVals = ReturnType<typeof parseFlags<typeof FLAGS>>;

const definedOnly = (v: FlagVals) => Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined));

/** `--apply-upgrade NAME`, `--unsafe-skip-upgrades H,…` (heights > 0). */
function upgradeFlags(apply: string | undefined, skip: string | undefined): { apply: string[]; skipHeights: bigint[] } {
  if (apply !== undefined && apply.trim() === "") throw new ConfigError("--apply-upgrade: the plan's name");
  const skipHeights = (skip ?? "").split(",").filter((h) => h.trim() !== "").map((h) => {
    if (!/^\d+$/.test(h.trim()) || BigInt(h.trim()) === 0n) throw new ConfigError(`--unsafe-skip-upgrades ${JSON.stringify(h)}: heights > 0, comma-separated`);
    return BigInt(h.trim());
  });
  return { apply: apply === undefined ? [] : [apply.trim()], skipHeights };
}

function flagValues(argv: string[]): FlagVals {
  try {
    return parseFlags(argv, FLAGS);
  } catch (e) {
    throw new ConfigError((e as Error).message);
  }
}

/** The flags' values (and the environment) as a checked Config. */
function resolveConfig(values: FlagVals, env: Record<string, string | undefined>): Invocation & { kind: "run" } {
  const str = (name: "port" | "host" | "chain" | "block-time" | "clock" | "genesis" | "db"): string | undefined => values[name];

  const portText = str("port") ?? env.PORT ?? DEFAULTS.port;
  const portSource = str("port") !== undefined ? "--port" : env.PORT !== undefined ? "PORT" : "--port";
  // A fork is a dev chain: a simulated clock unless --dev asks for dev mode on the real one.
  const forking = values.fork !== undefined || values["fork-url"] !== undefined;
  const clock = str("clock") ?? (forking && !values.dev ? "simulated" : DEFAULTS.clock);
  if (clock !== "real" && clock !== "simulated") {
    throw new ConfigError(`--clock ${JSON.stringify(clock)}: must be real or simulated`);
  }
  const config: Config = {
    port: parsePort(portSource, portText),
    host: parseHost(str("host") ?? DEFAULTS.host),
    chainSegment: parseSegment(str("chain") ?? DEFAULTS.chain),
    blockTimeNs: parseBlockTime(str("block-time") ?? DEFAULTS.blockTime, clock),
    clock,
    genesisFile: parseGenesisPath(str("genesis")),
    dbPath: parseDbPath(str("db") !== undefined ? "--db" : "DB_PATH", str("db") ?? env.DB_PATH ?? DEFAULTS.db),
    dev: values.dev === true || clock === "simulated",
    limits: {
      maxBodyBytes: parseCount("--max-body-bytes", values["max-body-bytes"]),
      maxJsonDepth: parseCount("--max-json-depth", values["max-json-depth"]),
      maxTxBytes: parseCount("--max-tx-bytes", values["max-tx-bytes"]),
      maxMsgsPerTx: parseCount("--max-msgs-per-tx", values["max-msgs-per-tx"]),
      maxMemoCharacters: parseCount("--max-memo-characters", values["max-memo-characters"], 0),
      txSigLimit: parseCount("--tx-sig-limit", values["tx-sig-limit"]),
      mempoolMaxTxs: parseCount("--mempool-size", values["mempool-size"]),
      mempoolMaxBytes: parseCount("--mempool-max-bytes", values["mempool-max-bytes"]),
      maxPageLimit: parseCount("--max-page-limit", values["max-page-limit"]),
      coreMemoryBytes: Math.min(parseCount("--core-memory-limit", values["core-memory-limit"]), DEFAULT_LIMITS.coreMemoryBytes),
      importMemoryBytes: parseCount("--import-memory-limit", values["import-memory-limit"]),
    },
    minGasPrices: parseGasPrices(values["minimum-gas-prices"] ?? ""),
    logLevel: oneOf("--log-level", values["log-level"], LOG_LEVELS),
    logFormat: oneOf("--log-format", values["log-format"], LOG_FORMATS),
  };
  const workersText = values["query-workers"];
  config.queryWorkers = workersText === undefined ? defaultQueryWorkers(config.dev) : parseCount("--query-workers", workersText, 0);
  if (config.queryWorkers > 64) throw new ConfigError(`--query-workers ${config.queryWorkers}: at most 64`);
  if (values["query-offload-us"] !== "100") config.queryOffloadUs = parseCount("--query-offload-us", values["query-offload-us"], 0);
  if (values["cors-origins"] !== undefined) config.corsOrigins = parseCorsOrigins(values["cors-origins"]);
  if (values["apply-upgrade"] !== undefined || values["unsafe-skip-upgrades"] !== undefined) config.upgrade = upgradeFlags(values["apply-upgrade"], values["unsafe-skip-upgrades"]);
  if (values.automine && !config.dev) throw new ConfigError("--automine: a development power: add --dev or --clock simulated");
  if (values["no-automine"] && !config.dev) throw new ConfigError("--no-automine: a development power: add --dev or --clock simulated");
  if (values.automine && values["no-automine"]) throw new ConfigError("--automine and --no-automine: give one");
  // --dev is the dApp developer's chain (as Anvil): each tx mined at once, unless blocks come at an
  // interval asked for (--block-time) or --no-automine; at height 1 when it answers. The simulated
  // clock alone keeps blocks for when they are asked for (scripts, tests).
  const devAsked = values.dev === true && values.abci === undefined;
  if (values["on-demand-blocks"]) {
    if (clock !== "real" || values.abci !== undefined) throw new ConfigError("--on-demand-blocks: the real clock's cadence: not with --clock simulated or --abci");
    if (values.automine) throw new ConfigError("--on-demand-blocks and --automine: give one");
    config.onDemandBlocks = true;
  }
  if (values.automine || (devAsked && !values["no-automine"] && !values["on-demand-blocks"] && str("block-time") === undefined)) config.automine = true;
  if (devAsked) config.firstBlock = true;
  if (values["fork-height"] !== undefined && values["fork-url"] === undefined) throw new ConfigError("--fork-height: the height of a --fork-url: add --fork-url");
  if (values.fork !== undefined && values["fork-url"] !== undefined) throw new ConfigError("--fork and --fork-url: give one");
  if (forking) {
    const from = values["fork-url"] !== undefined ? { url: values["fork-url"], height: values["fork-height"] } : { file: values.fork ?? "" };
    const f = forkSetting(from, { dev: config.dev, genesis: config.genesisFile !== undefined, abci: values.abci !== undefined, dbGiven: str("db") !== undefined || env.DB_PATH !== undefined });
    if ("error" in f) throw new ConfigError(f.error);
    config.fork = f.fork;
    if (f.dbPath) config.dbPath = f.dbPath;
  }
  if (values.keyring !== undefined) {
    if (!config.dev) throw new ConfigError("--keyring: funding keys at start is a development power: add --dev or --clock simulated");
    if (values.keyring.trim() === "") throw new ConfigError("--keyring: empty file name");
    config.keyring = values.keyring;
    config.fundAmount = parseFundAmount(values["fund-amount"]);
  }
  if (values["chain-id"] !== undefined) {
    if (!/^[a-zA-Z0-9][a-zA-Z0-9_.-]{0,49}$/.test(values["chain-id"])) throw new ConfigError(`--chain-id ${JSON.stringify(values["chain-id"])}: letters, digits, _ . - (at most 50), e.g. chainmain-local`);
    if (config.genesisFile !== undefined) throw new ConfigError("--chain-id: the --genesis file names its own chain id (its gentxs are signed for it): drop one of them");
    config.chainId = values["chain-id"];
  }
  if (values["auto-impersonate"]) {
    if (!config.dev) throw new ConfigError("--auto-impersonate: a development power: add --dev or --clock simulated");
    config.autoImpersonate = true;
  }
  if (!config.dev && (values.mnemonic !== undefined || values.accounts !== DEFAULT_ACCOUNTS.toString())) {
    throw new ConfigError(`--${values.mnemonic !== undefined ? "mnemonic" : "accounts"}: HD accounts funded at start are a development power: add --dev or --clock simulated`);
  }
  if (config.dev && values.abci === undefined) {
    const count = parseCount("--accounts", values.accounts, 0);
    if (count > MAX_ACCOUNTS) throw new ConfigError(`--accounts ${count}: at most ${MAX_ACCOUNTS}`);
    let mnemonic = DEFAULT_MNEMONIC;
    try {
      if (values.mnemonic !== undefined) mnemonic = checkMnemonic(values.mnemonic);
    } catch (e) {
      throw new ConfigError(`--mnemonic: ${(e as Error).message}`);
    }
    if (count > 0) config.hd = { mnemonic, count };
  }
  if (values.abci !== undefined) {
    if (!/^tcp:\/\/[^:/]+:[0-9]{1,5}$/.test(values.abci)) throw new ConfigError(`--abci ${JSON.stringify(values.abci)}: expected tcp://HOST:PORT (e.g. tcp://127.0.0.1:26658)`);
    if (str("clock") !== undefined) throw new ConfigError("--abci: CometBFT makes the blocks; drop --clock");
    config.abci = values.abci;
    try {
      config.cometRpc = new URL(values["comet-rpc"]).href.replace(/\/$/, "");
    } catch {
      throw new ConfigError(`--comet-rpc ${JSON.stringify(values["comet-rpc"])}: not a URL`);
    }
    return { kind: "run", config };
  }
  const rpcText = values["rpc-port"] ?? (portText === "0" ? "0" : "26657");
  if (rpcText !== "off") {
    config.rpcPort = parsePort("--rpc-port", rpcText);
    config.rpcHost = parseHost(values["rpc-host"] ?? DEFAULTS.host);
  }
  return { kind: "run", config };
}

/**
 * `--query-workers`'s default: with 4 cores or more, a worker per core beside the node's thread (at
 * most 4); none on fewer cores (a replica costs about a restarted node's memory, ~400 MiB at 100k
 * accounts, and on 2 cores the worker takes the CPU the node's HTTP thread needs:
 * docs/performance.md) nor on a dev chain (its reverts reopen every replica).
 */
export function defaultQueryWorkers(dev: boolean, cores = availableParallelism()): number {
  return dev || cores < 4 ? 0 : Math.min(cores - 1, 4);
}

/** `--fund-amount`: SDK coins text of whole base units, `100000000000000basecro` or `5basecro,7uatom`. */
function parseFundAmount(text: string): { denom: string; amount: bigint }[] {
  const coins = text.split(",").map((part) => {
    const m = /^\s*([0-9]{1,39})(.+?)\s*$/.exec(part);
    if (!m || !DENOM.test(m[2]!) || BigInt(m[1]!) === 0n) throw new ConfigError(`--fund-amount ${JSON.stringify(text)}: expected coins such as 100000000000000basecro (a positive whole number of base units, then the denom)`);
    return { denom: m[2]!, amount: BigInt(m[1]!) };
  });
  if (new Set(coins.map((c) => c.denom)).size !== coins.length) throw new ConfigError(`--fund-amount ${JSON.stringify(text)}: a denom twice`);
  return coins.sort((a, b) => (a.denom < b.denom ? -1 : 1));
}

function oneOf<T extends string>(flag: string, text: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(text)) throw new ConfigError(`${flag} ${JSON.stringify(text)}: must be one of ${allowed.join(", ")}`);
  return text as T;
}
