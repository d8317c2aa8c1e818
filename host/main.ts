// The node: `npm start [-- flags]`. Loads the core and the genesis, opens the chain's database (new:
// genesis; existing: restore and check the state hash), builds the REST API and the RPC, listens
// and starts the block clock. The command line around it (flags, startup lines, signals, exit
// codes: 0 help or clean shutdown, 2 bad flag / value / genesis, 1 any other failure to start, 3 a
// block that could not commit) is host/cli/node-command.ts.

import { realpathSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo, Server as NetServer } from "node:net";
import { pathToFileURL } from "node:url";
import { getRequestListener } from "@hono/node-server";
import { lingerAfterRefusal } from "./server/linger.js";
import { fastRpcBroadcast, fastTxBroadcast, IngestQueue } from "./server/tx-fast.js";
import { fastGet } from "./server/get-fast.js";
import { BlockAnswers } from "./framework/block-answers.js";
import { verifyAheadForState } from "./app/ante/sig-pool.js";
import type { Core } from "./core/core.js";
import { loadCoreFromFile } from "./core/node.js";
import { ConfigError, type Config } from "./config.js";
import { exitOnHalt, processIo, runNode, setNodeV8Flags, stopOnSignals, v8FlagsApplied, type Io } from "./cli/node-command.js";
import type { RunningNode, StartOptions } from "./server/running-node.js";
import { cometBroadcast, cometRpcCaller } from "./server/comet-client.js";

import { ValidationError } from "./errors.js";
import { DEFAULT_LIMITS } from "./limits.js";
import { GOV_MODULE_ADDRESS, defaultGenesisJson, forgetStreamedParse, parseGenesis, type GenesisJson, type Json } from "./app/genesis.js";
import { readGenesisStream } from "./app/genesis-stream.js";
import { NodeChain, wallClockNs } from "./drivers/embedded.js";
import { DevChain } from "./dev/chain.js";
import { imageable } from "./core/image.js";
import { devMethods } from "./dev/rpc.js";
import { NodeStateError } from "./framework/types.js";
import { StateTooLarge } from "./core/memory.js";
import { useNativeEd25519 } from "./drivers/ed25519-native.js";
import { createApp, registerNodeRoutes } from "./server/app.js";
import { answerClientErrors } from "./server/client-error.js";
import { decString, timestampString } from "./wire/gateway-json.js";
import { startAbciServer } from "./drivers/abci.js";
import { createRpc } from "./rpc/server.js";
import { attachWebSocket } from "./rpc/websocket.js";
import { registerCometRoutes } from "./server/comet.js";
import { createRequire } from "node:module";
import { createAbciQuery } from "./app/query.js";
import { createQueryRouter } from "./app/queries.js";
import { QueryPool } from "./server/query-pool.js";
import { nodeTierQueries } from "./modules/tieredrewards/module.js";
import { silentLogger, type Logger } from "./log.js";
import { closeServer, listen } from "./listen.js";
import { startDevMode } from "./dev/mode.js";
import { loadFork, setForkReader } from "./dev/fork-load.js";
import { addToDefaultGenesis, hdAccounts } from "./dev/accounts.js";
import { registerMemoryRoute } from "./server/memory.js";

export type { RunningNode, StartOptions };
export { EXIT_HALTED, HEAP_GROWING_PERCENT, nodeV8Flags, startupLine, startupWarnings, type Io } from "./cli/node-command.js";

/** package.json's version: the app version the node reports. */
const APP_VERSION = (createRequire(import.meta.url)("../package.json") as { version: string }).version;

/** Wait this long for open connections at shutdown before cutting them. */
const SHUTDOWN_GRACE_MS = 5_000;

/** Build the node and start serving. A bad genesis is a ConfigError; a busy port an Error. */
export async function startNode(config: Config, options: StartOptions = {}): Promise<RunningNode> {
  useNativeEd25519();
  const logError = options.logError ?? ((e: unknown) => console.error(e));
  const log = options.log ?? silentLogger;
  const devChain = config.dev && !config.abci;
  let core = options.core ?? (await loadCoreFromFile());
  // Dev mode's snapshots copy the core's memory and globals: a core given without them is replaced.
  if (devChain && !imageable(core)) core = await loadCoreFromFile();
  const { doc: genesis, forked } = await loadGenesis(config, core, options.progress ?? (() => {}));
  const limits = config.limits ?? DEFAULT_LIMITS;
  const minGasPrices = (config.minGasPrices ?? []).map((p) => {
    try {
      return { denom: p.denom, amount: core.dec.parse(p.amount) };
    } catch (e) {
      throw new ConfigError(`--minimum-gas-prices ${p.amount}${p.denom}: ${(e as Error).message}`);
    }
  });
  let chain: NodeChain;
  let dev: DevChain | undefined;
  try {
    const open = (devChain ? DevChain : NodeChain).open(core, genesis, {
      dbPath: config.dbPath,
      // Under CometBFT (--abci) no clock of the node's own makes blocks, and CometBFT makes the headers.
      clock: config.abci ? "simulated" : config.clock,
      ...(config.abci ? { headers: false } : {}),
      blockTimeNs: config.blockTimeNs,
      automine: devChain && config.automine === true, onDemand: config.onDemandBlocks === true,
      limits, minGasPrices, ...(config.upgrade ? { upgrade: config.upgrade } : {}),
      onHalt: (e) => {
        console.error(`error: chain halted at height ${chain.latest.height}: ${e.message}`);
        log.error("chain halted", { height: chain.latest.height, error: e.message });
        options.onHalt?.(e);
      },
    });
    dev = open instanceof DevChain ? open : undefined;
    if (dev) setForkReader(dev, config, options.progress ?? (() => {}));
    chain = open instanceof DevChain ? open.node : open;
    forgetStreamedParse(genesis); // the validation's parse, kept for the open (a restart's database did not need it)
    logBlocks(chain, log);
  } catch (e) {
    if (e instanceof ValidationError) throw new ConfigError(`--genesis ${e.message}`);
    if (e instanceof NodeStateError || e instanceof StateTooLarge) throw e;
    throw new Error(`cannot open the database ${config.dbPath}: ${(e as Error).message}`);
  }
  const router = createQueryRouter(chain.app, { maxPageLimit: limits.maxPageLimit });
  // --query-workers: replicas of the committed state answer the router's queries (server/query-pool.ts).
  const poolOptions = { limits, minGasPrices, ...(config.abci ? { headers: false } : {}), ...(config.upgrade ? { upgrade: config.upgrade } : {}) };
  const pool = (config.queryWorkers ?? 0) > 0 ? new QueryPool(chain.app, config.queryWorkers!, {
    dbPath: config.dbPath, chainSegment: config.chainSegment, maxPageLimit: limits.maxPageLimit, options: poolOptions,
  }, config.queryOffloadUs) : undefined;
  // The hot GET answers kept per latest block by URL, answered before the app (server/get-fast.ts).
  const keptGets = router.blockKey === undefined ? undefined : new BlockAnswers<Buffer<ArrayBuffer>>(router.blockKey);
  const app = createApp(chain, {
    keptGets,
    ...(pool ? { queryOffload: (...a: Parameters<QueryPool["rest"]>) => pool.rest(...a) } : {}),
    chainSegment: config.chainSegment, logError, maxBodyBytes: limits.maxBodyBytes, corsOrigins: config.corsOrigins, cometRoutes: true, router,
    dev: config.dev && !config.abci,
  });
  registerNodeRoutes(app, chain, config.chainSegment, {
    tiers: nodeTierQueries(chain.app), dev: config.dev && !config.abci, maxJsonDepth: limits.maxJsonDepth, maxPageLimit: limits.maxPageLimit, commitTimeoutMs: options.commitTimeoutMs,
    ...(config.abci ? { broadcastTo: cometBroadcast(config.cometRpc ?? "http://127.0.0.1:26657") } : {}),
  });
  let rpcUrl: string | undefined;
  const devMode = dev
    ? startDevMode(app, dev, config, { minGasPrices, rpcUrl: () => rpcUrl, commitTimeoutMs: options.commitTimeoutMs })
    : undefined;
  let webSocketClients = (): number => 0;
  if (devMode) registerMemoryRoute(app, chain, { webSocketClients: () => webSocketClients(), v8Flags: v8FlagsApplied });
  // The RPC's methods serve REST's CometBFT service too, with or without an RPC port.
  const query = createAbciQuery(chain.app, router, pool && ((path, data, answer) => pool.abci(path, data, answer)));
  let rpcListen: string | undefined;
  const rpc = createRpc(chain, {
    query, maxBodyBytes: limits.maxBodyBytes, corsOrigins: config.corsOrigins, commitTimeoutMs: options.commitTimeoutMs, rpcAddress: () => rpcListen,
    ...(dev ? { extra: devMethods(dev) } : {}),
  });
  // Under CometBFT its RPC has the blocks, headers and validator sets: REST's CometBFT service asks it.
  registerCometRoutes(app, config.abci ? cometRpcCaller(config.cometRpc ?? "http://127.0.0.1:26657") : rpc, {
    consensusPrefix: `${chain.directory.validatorPrefix}cons`,
    // DecCoins.String(), as the SDK's config query prints it: 0.025000000000000000basecro
    minimumGasPrice: minGasPrices.map((p) => `${decString(p.amount)}${p.denom}`).join(","),
    appVersion: APP_VERSION,
    chainId: chain.chainId,
    ...(config.abci ? {} : { kept: keptGets }),
  });
  const closeChain = async (): Promise<void> => {
    await pool?.close();
    await (dev ?? chain).close();
  };
  const funded = await devMode?.fundKeyring().catch(async (e: unknown) => {
    await closeChain();
    throw e;
  });
  const appListener = getRequestListener(app.fetch);
  // POST /cosmos/tx/v1beta1/txs answered before the app (server/tx-fast.ts); under CometBFT the app forwards it.
  const ingest = new IngestQueue((txs) => verifyAheadForState(chain.app.state, txs));
  const fast = { submit: (tx: Uint8Array) => chain.submit(tx), ingest, chain, maxBodyBytes: limits.maxBodyBytes, maxJsonDepth: limits.maxJsonDepth, cors: config.corsOrigins !== undefined };
  const gets = keptGets === undefined ? appListener : fastGet(appListener, { answers: keptGets, chain, cors: config.corsOrigins !== undefined });
  const listener = config.abci ? gets : fastTxBroadcast(gets, fast);
  const server = createServer(lingerAfterRefusal(listener));
  answerClientErrors(server);
  let address: AddressInfo;
  let rpcServer: Server | undefined;
  let closeWebSocket = (): void => {};
  let abciServer: { close(): void } | undefined;
  // A listener that cannot start stops the node whole: what already listens is closed again.
  const opened: NetServer[] = [];
  try {
    address = await listen(server, config.port, config.host);
    opened.push(server);
    // Dev mode: the RPC's websocket on the REST port too, so the explorer (GET /explorer) is live within its own origin.
    if (devMode) {
      const ws = attachWebSocket(server, chain, rpc);
      closeWebSocket = ws.close;
      webSocketClients = ws.clients;
    }
    if (config.rpcPort !== undefined) {
      rpcServer = createServer(fastRpcBroadcast(getRequestListener(rpc.app.fetch), { callNow: rpc.callNow, ingest, maxBodyBytes: limits.maxBodyBytes, cors: config.corsOrigins !== undefined }));
      answerClientErrors(rpcServer);
      const a = await listen(rpcServer, config.rpcPort, config.rpcHost ?? "127.0.0.1");
      opened.push(rpcServer);
      // Attached once listening: ws re-emits its server's errors, and a failed listen is listen()'s to report.
      const [closeRest, restClients] = [closeWebSocket, webSocketClients];
      const ws = attachWebSocket(rpcServer, chain, rpc);
      closeWebSocket = () => {
        closeRest();
        ws.close();
      };
      webSocketClients = () => restClients() + ws.clients();
      const hostPort = `${a.family === "IPv6" ? `[${a.address}]` : a.address}:${a.port}`;
      rpcUrl = `http://${hostPort}`;
      rpcListen = `tcp://${hostPort}`;
    }
    if (config.abci) {
      abciServer = await startAbciServer(config.abci, {
        app: chain.app, query, version: APP_VERSION, log,
        onError: (e) => console.error(`error: ABCI: ${e.message}`),
        onHalt: (e) => {
          console.error(`error: ${e.message}`);
          options.onHalt?.(e);
        },
      });
    } else if (config.clock === "real") chain.start();
    // --dev: at height 1 when the node answers (CosmJS cannot query a chain at height 0).
    if (config.firstBlock && chain.latest.height === 0n) {
      if (config.clock === "real") {
        if (wallClockNs() >= chain.genesis.genesisTimeNs) await chain.mineNow(); // else the clock's first block is genesis time's
      }
      else await chain.advance(1n);
    }
  } catch (e) {
    closeWebSocket();
    for (const s of opened.reverse()) await closeServer(s);
    await closeChain();
    throw e;
  }
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve, reject) => {
      chain.stop();
      const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      force.unref();
      closeWebSocket();
      abciServer?.close();
      rpcServer?.close();
      rpcServer?.closeIdleConnections();
      server.close((err) => {
        clearTimeout(force);
        rpcServer?.closeAllConnections();
        closeChain().then(() => {
          // A fork without --db: its database was the run's own.
          if (config.fork?.ephemeralDb) for (const suffix of ["", "-wal", "-shm"]) rmSync(`${config.dbPath}${suffix}`, { force: true });
          if (err) reject(err);
          else resolve();
        }, reject);
      });
      server.closeIdleConnections();
    });
    return closing;
  };
  const accounts = devMode?.accountLines() ?? [];
  return { url: `http://${host}:${address.port}`, ...(rpcUrl ? { rpcUrl } : {}), ...(funded?.length ? { funded } : {}), ...(forked ? { forked } : {}), accounts, chain, ...(dev ? { dev } : {}), ...(pool ? { queryPool: pool } : {}), server, close };
}

/** The operator's lines: one per committed block (a run of empty blocks: one), one per tx at debug. */
function logBlocks(chain: NodeChain, log: Logger): void {
  if (!log.enabled("info")) return;
  chain.onCommit((b) => {
    const time = timestampString(b.timeNs);
    if (b.firstHeight !== b.height) {
      log.info("blocks", { from: b.firstHeight, to: b.height, txs: 0, time, app_hash: b.appHash.slice(0, 8) });
      return;
    }
    log.info("block", { height: b.height, txs: b.results.length, time, app_hash: b.appHash.slice(0, 8), commit_ms: b.commitMs?.toFixed(1) });
    if (!log.enabled("debug")) return;
    for (const r of b.results) {
      log.debug("tx", { height: r.height, index: r.index, hash: r.hash, code: r.code, codespace: r.codespace || undefined, gas_wanted: r.gasWanted, gas_used: r.gasUsed });
    }
  });
}

/** The genesis document (validated when the chain parses it; a restored chain keeps its own); with --fork, what it replaced. */
async function loadGenesis(config: Config, core: Core, progress: (line: string) => void): Promise<{ doc: Json; forked?: string[] }> {
  if (config.fork) return loadFork(config, core, progress);
  try {
    if (config.genesisFile === undefined) {
      const doc = defaultGenesisJson(config.chainId);
      // Dev key 0 governs only a development chain; otherwise the reference's authority, x/gov.
      if (!config.dev) (((doc as GenesisJson).app_state as GenesisJson).node as GenesisJson).gov_authority = GOV_MODULE_ADDRESS;
      else if (config.hd) addToDefaultGenesis(doc, hdAccounts(config.hd));
      return { doc };
    }
    // Its long arrays spooled, not one string (app/genesis-stream.ts); refused before reading when it would not fit.
    const doc = await readGenesisStream(config.genesisFile, { memoryLimit: (config.limits ?? DEFAULT_LIMITS).importMemoryBytes });
    try {
      parseGenesis(doc, core.dec);
    } catch (e) {
      if (e instanceof ValidationError) throw new ValidationError(e.message, config.genesisFile);
      throw e;
    }
    return { doc };
  } catch (e) {
    if (e instanceof ValidationError) throw new ConfigError(`--genesis ${e.message}`);
    throw e;
  }
}

/**
 * The command line (host/cli/node-command.ts): resolves to an exit code when there is nothing to
 * serve (--help: 0; a bad flag, value or genesis: 2; any other failure to start: 1), else to the
 * running node, after its startup line.
 */
export function run(argv: string[], env: Record<string, string | undefined>, io?: Io, options?: StartOptions): Promise<number | RunningNode> {
  return runNode(startNode, argv, env, io, options);
}

function isEntryPoint(): boolean {
  const entry = process.argv[1];
  if (entry === undefined) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(entry)).href;
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  setNodeV8Flags();
  const result = await run(process.argv.slice(2), process.env, processIo, { onHalt: exitOnHalt });
  if (typeof result === "number") process.exitCode = result;
  else stopOnSignals(result, processIo);
}
