// A query worker thread (query-pool.ts): a read replica of the node's last committed state
// (app/replica.ts) answering the query router's REST routes and abci_query paths. Messages are
// handled in the order they come: a query the pool sent before telling of a new height is
// answered at the height the worker said it was at.

import { parentPort, workerData } from "node:worker_threads";
import { loadCoreFromFile } from "../core/node.js";
import { openReplica, type Replica } from "../app/replica.js";
import { createQueryRouter } from "../app/queries.js";
import type { QueryRoute, QueryRouter } from "../framework/query-router.js";
import { GatewayError } from "../wire/gateway-json.js";
import { useNativeEd25519 } from "../drivers/ed25519-native.js";
import type { ToWorker, WorkerAnswer, WorkerSetup } from "./query-pool.js";

const setup = workerData as WorkerSetup;
const port = parentPort!;

let replica: Replica | undefined;
let router: QueryRouter | undefined;
let routes: QueryRoute[] = [];
let generation = setup.generation;

async function open(): Promise<void> {
  replica?.close();
  replica = undefined;
  const core = await loadCoreFromFile();
  replica = openReplica(core, setup.dbPath, setup.options);
  router = createQueryRouter(replica.app, { maxPageLimit: setup.maxPageLimit });
  routes = router.routes(setup.chainSegment);
}

const report = (): void => port.postMessage({ kind: "at", height: replica!.height, generation });

function answer(m: Extract<ToWorker, { kind: "rest" | "abci" }>): WorkerAnswer {
  const t0 = performance.now();
  const a = answerOf(m);
  a.us = (performance.now() - t0) * 1000;
  return a;
}

function answerOf(m: Extract<ToWorker, { kind: "rest" | "abci" }>): WorkerAnswer {
  try {
    if (m.kind === "rest") {
      const route = routes[m.route];
      if (route === undefined || route.path !== m.routePath) return { kind: "answer", id: m.id, fallback: true };
      return { kind: "answer", id: m.id, text: route.text({ path: m.path, query: (name) => m.query[name] ?? [] }) };
    }
    return { kind: "answer", id: m.id, value: router!.abci(m.path, m.data) };
  } catch (e) {
    if (e instanceof GatewayError) return { kind: "answer", id: m.id, gateway: { code: e.code, message: e.message } };
    // abci_query: undecodable request bytes are the caller's to render; anything else is answered again by the node.
    return m.kind === "abci" ? { kind: "answer", id: m.id, decode: (e as Error).message } : { kind: "answer", id: m.id, fallback: true };
  }
}

useNativeEd25519();

/** One task after the other; a replica that cannot follow the node (a database replaced under it, a diverging block) ends the thread: the pool starts another. */
let queue: Promise<void> = Promise.resolve();
const run = (task: () => void | Promise<void>): void => {
  queue = queue.then(task).catch((e: unknown) => {
    port.postMessage({ kind: "broken", message: (e as Error).message });
    process.exit(1);
  });
};

// Messages wait while the replica opens: nothing is answered before it holds a committed state.
run(async () => {
  await open();
  report();
});

port.on("message", (m: ToWorker) => run(async () => {
  switch (m.kind) {
    case "height":
      if (m.generation !== generation) return;
      replica!.catchUp(m.height);
      report();
      return;
    case "reopen":
      generation = m.generation;
      await open();
      report();
      return;
    case "crash":
      process.exit(1);
      return;
    default:
      port.postMessage(answer(m));
  }
}));
