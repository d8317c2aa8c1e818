// The node's CometBFT RPC over the websocket a dev node serves on its own origin (/websocket):
// JSON-RPC calls answered by id, and subscriptions (NewBlock, Tx) whose events arrive under the
// subscribe request's id. A dropped connection is reopened after a growing delay and every
// subscription is asked again, so the explorer stays live across a node restart.

type Handler = (data: { type: string; value: any }, events: Record<string, string[]>) => void;

export class RpcSocket {
  private ws: WebSocket | undefined;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (v: any) => void; reject: (e: Error) => void }>();
  private readonly subscriptions = new Map<number, { query: string; handler: Handler }>();
  private opened: Promise<void> | undefined;
  private retryMs = 500;
  /** Called with true when the socket opens and false when it drops. */
  onState: (live: boolean) => void = () => {};

  constructor(private readonly url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/websocket`) {}

  private open(): Promise<void> {
    this.opened ??= new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(this.url);
      this.ws = ws;
      ws.onopen = () => {
        this.retryMs = 500;
        this.onState(true);
        for (const [id, s] of this.subscriptions) ws.send(JSON.stringify({ jsonrpc: "2.0", id, method: "subscribe", params: { query: s.query } }));
        resolve();
      };
      ws.onmessage = (m) => this.receive(String(m.data));
      ws.onclose = () => {
        this.onState(false);
        this.opened = undefined;
        for (const w of this.waiting.values()) w.reject(new Error("the node's websocket closed"));
        this.waiting.clear();
        reject(new Error("the node's websocket closed"));
        // Reopen while someone listens; the delay doubles up to 10 s.
        if (this.subscriptions.size > 0) setTimeout(() => void this.open().catch(() => {}), (this.retryMs = Math.min(this.retryMs * 2, 10_000)));
      };
    });
    return this.opened;
  }

  private receive(text: string): void {
    let msg: { id?: number; result?: any; error?: { message: string; data?: string } };
    try {
      msg = JSON.parse(text);
    } catch {
      return;
    }
    const id = msg.id ?? -1;
    const sub = this.subscriptions.get(id);
    if (sub && msg.result && msg.result.data) {
      sub.handler(msg.result.data, msg.result.events ?? {});
      return;
    }
    const w = this.waiting.get(id);
    if (!w) return;
    this.waiting.delete(id);
    if (msg.error) w.reject(new Error(msg.error.data ?? msg.error.message));
    else w.resolve(msg.result);
  }

  async call<T = any>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    await this.open();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.ws!.send(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
    });
  }

  /** Subscribe to a CometBFT event query (`tm.event='NewBlock'`); events go to `handler`. */
  async subscribe(query: string, handler: Handler): Promise<void> {
    await this.open();
    const id = this.nextId++;
    this.subscriptions.set(id, { query, handler });
    await new Promise<void>((resolve, reject) => {
      this.waiting.set(id, { resolve: () => resolve(), reject });
      this.ws!.send(JSON.stringify({ jsonrpc: "2.0", id, method: "subscribe", params: { query } }));
    });
  }
}
