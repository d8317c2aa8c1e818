// CometBFT's RPC over WebSocket (`ws://host:26657/websocket`): every method, as JSON-RPC 2.0, and
// `subscribe` / `unsubscribe` / `unsubscribe_all` for `tm.event='NewBlock'`, `tm.event='Tx'` (with
// further conditions on the tx's events: `tm.event='Tx' AND message.sender='cro1…'`, `tx.height`,
// `tx.hash`) and `tm.event='NewBlockHeader'`. Each match is sent with the subscribe request's id
// as `{query, data: {type, value}, events}` (WIRE.md §4): each block of a run of empty blocks
// (dev_mine N, dev_advanceTime) is its own NewBlock, in height order, as rpc/announce.ts bounds
// it (the last 10,000 waiting, a batch per turn of the event loop). At most 100 clients and 5 subscriptions
// per client, queries of at most 512 characters, as CometBFT's defaults; a client that cannot keep
// up (over 1 MiB unsent) is dropped.

import type { Server } from "node:http";
import { WebSocketServer, type WebSocket } from "ws";
import type { Node } from "../app/node-api.js";
import { parseTxQuery, valueMatches, type SearchCondition } from "../store/tx-search.js";
import { namedParams } from "./params.js";
import type { RpcReply, TxResult, createRpc } from "./server.js";
import type { TxEvent } from "../framework/events.js";
import { Announcer } from "./announce.js";

type Rpc = ReturnType<typeof createRpc>;

interface Subscription {
  readonly id: unknown;
  readonly query: string;
  readonly event: "NewBlock" | "NewBlockHeader" | "Tx";
  readonly conditions: SearchCondition[];
}

const MAX_CLIENTS = 100;
const MAX_SUBSCRIPTIONS = 5;
const MAX_QUERY = 512;
const MAX_BUFFERED = 1 << 20;

/** Serves `/websocket` on the RPC's HTTP server. Returns a closer and the count of connected clients. */
export function attachWebSocket(server: Server, node: Node, rpc: Rpc): { close(): void; clients(): number } {
  const wss = new WebSocketServer({ server, path: "/websocket", maxPayload: 1_000_000 });
  const clients = new Map<WebSocket, Subscription[]>();

  const send = (ws: WebSocket, reply: unknown) => {
    if (ws.readyState !== ws.OPEN) return;
    if (ws.bufferedAmount > MAX_BUFFERED) {
      ws.close(1008, "subscription was canceled (reason: client is not pulling messages fast enough)");
      return;
    }
    ws.send(JSON.stringify(reply));
  };

  wss.on("connection", (ws) => {
    if (clients.size >= MAX_CLIENTS) {
      ws.close(1013, `max_subscription_clients ${MAX_CLIENTS} reached`);
      return;
    }
    clients.set(ws, []);
    ws.on("close", () => clients.delete(ws));
    ws.on("error", () => clients.delete(ws));
    ws.on("message", (data) => {
      let req: { id?: unknown; method?: unknown; params?: unknown };
      try {
        req = JSON.parse(String(data)) as typeof req;
      } catch (e) {
        send(ws, { jsonrpc: "2.0", id: -1, error: { code: -32700, message: "Parse error", data: (e as Error).message } });
        return;
      }
      if (typeof req !== "object" || req === null || Array.isArray(req)) {
        send(ws, { jsonrpc: "2.0", id: -1, error: { code: -32600, message: "Invalid Request", data: "not a JSON-RPC request object" } });
        return;
      }
      const id = req.id ?? -1;
      const subs = clients.get(ws) ?? [];
      const error = (code: number, message: string, detail: string): RpcReply => ({ jsonrpc: "2.0", id, error: { code, message, data: detail } });
      const own = req.method === "subscribe" || req.method === "unsubscribe" || req.method === "unsubscribe_all";
      const named = own ? namedParams(req.method as string, req.params) : {};
      if (typeof named === "string") {
        send(ws, error(-32602, "Invalid params", named));
        return;
      }
      const params = named as { query?: unknown };
      switch (req.method) {
        case "subscribe": {
          const query = typeof params.query === "string" ? params.query : "";
          try {
            if (subs.length >= MAX_SUBSCRIPTIONS) throw new Error(`max_subscriptions_per_client ${MAX_SUBSCRIPTIONS} reached`);
            if (subs.some((s) => s.query === query)) throw new Error("already subscribed");
            subs.push(parseSubscription(id, query));
            send(ws, { jsonrpc: "2.0", id, result: {} });
          } catch (e) {
            send(ws, error(-32603, "Internal error", (e as Error).message));
          }
          return;
        }
        case "unsubscribe": {
          const at = subs.findIndex((s) => s.query === params.query);
          if (at < 0) send(ws, error(-32603, "Internal error", "subscription not found"));
          else {
            subs.splice(at, 1);
            send(ws, { jsonrpc: "2.0", id, result: {} });
          }
          return;
        }
        case "unsubscribe_all":
          subs.length = 0;
          send(ws, { jsonrpc: "2.0", id, result: {} });
          return;
        default:
          void rpc.call(id, req.method, req.params, "json").then((reply) => send(ws, reply));
      }
    });
  });

  const blockSubscriber = (s: Subscription) => s.event === "NewBlock" || s.event === "NewBlockHeader";
  const announcer = new Announcer({
    wantsBlocks: () => [...clients.values()].some((subs) => subs.some(blockSubscriber)),
    announceBlock: (height) => {
      // The block as the RPC's `block` and `block_results` answer for its height (one inside a run too).
      let value: { block: { header: unknown }; result_finalize_block: { events: TxEvent[] | null } };
      try {
        value = rpc.newBlockValue(height) as typeof value;
      } catch {
        return false; // not there now (a revert or a state loaded since its commit)
      }
      let events: Record<string, string[]> | undefined;
      for (const [ws, subs] of clients) {
        for (const s of subs) {
          if (!blockSubscriber(s)) continue;
          events ??= eventMap(value.result_finalize_block.events ?? [], {});
          send(ws, {
            jsonrpc: "2.0", id: s.id,
            result: {
              query: s.query,
              data: s.event === "NewBlock"
                ? { type: "tendermint/event/NewBlock", value }
                : { type: "tendermint/event/NewBlockHeader", value: { header: value.block.header } },
              events: { "tm.event": [s.event], ...events },
            },
          });
        }
      }
      return true;
    },
    announceTxs: (results) => {
      for (const r of results) {
        const events = txEventMap(r);
        let value: unknown;
        for (const [ws, subs] of clients) {
          for (const s of subs) {
            if (s.event !== "Tx" || !s.conditions.every((c) => (events[c.key] ?? []).some((v) => valueMatches(v, c)))) continue;
            value ??= rpc.txValue(r);
            send(ws, { jsonrpc: "2.0", id: s.id, result: { query: s.query, data: { type: "tendermint/event/Tx", value }, events } });
          }
        }
      }
    },
    behind: (bytes) => [...clients.entries()].filter(([ws, subs]) => subs.length > 0 && ws.bufferedAmount > bytes).map(([ws]) => ws),
    drop: (ws) => {
      (ws as WebSocket).close(1008, "subscription was canceled (reason: client is not pulling messages fast enough)");
      clients.delete(ws as WebSocket);
    },
  });
  const unsubscribe = node.onCommit((b) => {
    if (clients.size > 0) announcer.committed(b);
  });

  return {
    close: () => {
      unsubscribe();
      announcer.close();
      for (const ws of clients.keys()) ws.terminate();
      wss.close();
    },
    clients: () => clients.size,
  };
}

/** `tm.event='X' [AND condition…]`: the event and the conditions on a tx's events. */
function parseSubscription(id: unknown, query: string): Subscription {
  if (query.length > MAX_QUERY) throw new Error(`query is too long: ${query.length} characters (max: ${MAX_QUERY})`);
  const conditions = parseTxQuery(query);
  // CosmJS's subscribeTx puts tm.event='Tx' before a query that may name it already: a repeat is one condition, as in CometBFT.
  const kinds = conditions.filter((c) => c.key === "tm.event");
  if (kinds.length === 0 || kinds.some((k) => k.op !== "=")) throw new Error("the query must name one tm.event: tm.event='NewBlock', 'NewBlockHeader' or 'Tx'");
  const named = [...new Set(kinds.map((k) => k.operand))];
  if (named.length > 1) throw new Error(`the query names tm.event ${named.map((e) => `'${e}'`).join(" and ")}: no event is both`);
  const event = named[0]!;
  if (event !== "NewBlock" && event !== "NewBlockHeader" && event !== "Tx") {
    throw new Error(`tm.event='${event}' is not served (NewBlock, NewBlockHeader, Tx)`);
  }
  const rest = conditions.filter((c) => c.key !== "tm.event");
  if (event !== "Tx" && rest.length > 0) throw new Error(`conditions on a ${event} subscription are not served`);
  return { id, query, event, conditions: rest };
}

/** A tx's composite keys: `tx.hash`, `tx.height`, and `<type>.<key>` of every event attribute. */
function txEventMap(r: TxResult): Record<string, string[]> {
  return eventMap(r.events, { "tm.event": ["Tx"], "tx.hash": [r.hash], "tx.height": [`${r.height}`] });
}

/** `<type>.<key>` of every attribute, added to `out`. */
function eventMap(events: readonly { type: string; attributes: readonly { key: string; value: string }[] }[], out: Record<string, string[]>): Record<string, string[]> {
  for (const e of events) {
    for (const a of e.attributes) (out[`${e.type}.${a.key}`] ??= []).push(a.value);
  }
  return out;
}
