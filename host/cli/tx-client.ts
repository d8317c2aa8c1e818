// What the command line's transaction commands share: a node's REST (GET/POST with a clear error
// when it cannot be reached) and a dev-key tx sent as a wallet sends it (host/cli/proto-signer.ts),
// its answer printed, and with --wait its committed result.

import { UsageError, oneLine } from "./common.js";
import { DevKeyProtoSigner, type ProtoMsg } from "./proto-signer.js";

export interface Http {
  get(path: string): Promise<any>;
  post(path: string, body: unknown): Promise<any>;
}

export function http(base: string): Http {
  const call = async (path: string, init?: RequestInit) => {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, init);
    } catch (e) {
      throw new Error(`cannot reach the node at ${base}: ${oneLine((e as Error).message)} (is \`npm start\` running? --node URL)`);
    }
    const body = await res.json().catch(() => null);
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status}: ${(body as { message?: string } | null)?.message ?? ""}`);
    return body;
  };
  return { get: (p) => call(p), post: (p, body) => call(p, { method: "POST", body: JSON.stringify(body) }) };
}

/** A node's REST at `--node` (default: the local node's), without a trailing slash. */
export const restNode = (url: string | undefined): Http => http((url ?? "http://127.0.0.1:1317").replace(/\/+$/, ""));

/** The dev key (--key N, 0 to 8) that signs an action's tx, and its fee (--fee, --gas: whole numbers) and --wait. */
export function devKeyTx(action: string, f: { key?: string; fee?: string; gas?: string; wait?: boolean }): { signer: DevKeyProtoSigner; tx: { fee: string; gas: string; wait: boolean } } {
  if (f.key === undefined || !/^[0-8]$/.test(f.key)) throw new UsageError(`${action}: --key N (a dev key, 0 to 8) is required`);
  if (!/^[0-9]{1,20}$/.test(f.fee ?? "") || !/^[1-9][0-9]{0,18}$/.test(f.gas ?? "")) throw new UsageError("--fee and --gas: whole numbers");
  return { signer: new DevKeyProtoSigner(Number(f.key)), tx: { fee: f.fee!, gas: f.gas!, wait: f.wait === true } };
}

/** Sign `msgs` with the dev key, send, and print the node's answer (and, with --wait, the committed result). */
export async function sendTx(node: Http, signer: DevKeyProtoSigner, msgs: ProtoMsg[], f: { fee: string; gas: string; wait: boolean }): Promise<number> {
  const chainId = (await node.get("/cosmos/base/tendermint/v1beta1/node_info")).default_node_info.network as string;
  const account = (await node.get(`/cosmos/auth/v1beta1/account_info/${signer.address}`)).info as { account_number: string; sequence: string };
  const fee = { amount: f.fee === "0" ? [] : [{ denom: "basecro", amount: f.fee }], gas: f.gas };
  const body = signer.sign(msgs, fee, chainId, BigInt(account.account_number), BigInt(account.sequence));
  const sent = (await node.post("/cosmos/tx/v1beta1/txs", body)).tx_response as { txhash: string; code: number; raw_log: string };
  if (!f.wait || sent.code !== 0) {
    process.stdout.write(JSON.stringify(sent, null, 2) + "\n");
    return sent.code === 0 ? 0 : 1;
  }
  for (let i = 0; i < 600; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const got = await node.get(`/cosmos/tx/v1beta1/txs/${sent.txhash}`).catch(() => undefined);
    if (got === undefined) continue;
    const r = got.tx_response as { txhash: string; height: string; code: number; raw_log: string; events: { type: string; attributes: { key: string; value: string }[] }[] };
    const proposal = r.events.find((e) => e.type === "submit_proposal")?.attributes.find((a) => a.key === "proposal_id")?.value;
    process.stdout.write(JSON.stringify({ txhash: r.txhash, height: r.height, code: r.code, raw_log: r.raw_log, ...(proposal ? { proposal_id: proposal } : {}) }, null, 2) + "\n");
    return r.code === 0 ? 0 : 1;
  }
  throw new Error(`tx ${sent.txhash} not in a block after 60 s (a simulated clock makes blocks on POST /dev/advance)`);
}
