// What the hostile request classes (test/hostile/classes.ts) build on: the request and context
// shapes, the attacker and victims among the dev keys, the body limit, a tx signed by a dev key at
// the node's account number and sequence, requests to the tx routes and GET routes, a tx no node
// may accept even intact, raw JSON tokens, and the dev keys' signers and public keys.

import type { AminoMsg, StdFee } from "@cosmjs/amino";
import { devAddress } from "../../host/app/genesis.js";
import { devSigner, type DevSigner, sendMsg } from "../helpers/dev-signer.js";
import type { TestNode } from "../helpers/node.js";
import type { Prng } from "./prng.js";

export interface HostileRequest {
  method: "GET" | "POST";
  path: string;
  body?: string | Uint8Array;
  /** Content-Type header; application/json unless given (null: none). */
  contentType?: string | null;
  /** "413": only HTTP 413 with the gateway's error body will do (a body over the limit). */
  expect?: "413";
  /** Which variant of the class made it (shown with failures). */
  note: string;
  /**
   * The chain's answer, `codespace/code` (`authz/2`): at CheckTx, or, for a tx the SDK accepts at
   * CheckTx (its message server checks it in the block), its block's result.
   */
  code?: string;
  /**
   * For a tx the node accepts at CheckTx: what the control gets instead, a tx of the same signer,
   * sequence and fee whose message fails in its block (proto.ts twinOf). The control's state then
   * shows what the node's must after the hostile tx failed: its fee and sequence spent, nothing else.
   */
  twin?: HostileRequest;
  /** The dev key and sequence that signed it (proto.ts): once the node accepts it, the key's next tx takes the next sequence. */
  signer?: { n: number; sequence: bigint };
}

/** What the classes read: the node under test's accounts, the setup's positions and committed txs. */
export interface HostileContext {
  node: TestNode;
  chainId: string;
  signers: Map<number, DevSigner>;
  /** Base64 secp256k1 public keys of the dev keys (from their signatures). */
  pubKeys: Map<number, string>;
  /** Validator operator addresses of dev keys 1-4. */
  validators: string[];
  /** Positions made at setup: owner dev key and id. */
  positions: { owner: number; id: bigint }[];
  /** Bodies of txs committed on both nodes (the replay class sends them again). */
  committed: unknown[];
  /** The lockstep run's hands on both nodes (the classes' setup and legitimate preludes); absent elsewhere. */
  lockstep?: Lockstep;
  /** A dev key's next sequence while its txs wait in the mempools (proto.ts signs at it). */
  pendingSeq?: Map<number, bigint>;
}

/** What a lockstep class may do to both nodes: legitimate txs (each must pass CheckTx on both), blocks, reports. */
export interface Lockstep {
  control: TestNode;
  /** Legitimate txs sent to both since the last blocks (still in the mempools). */
  readonly waiting: number;
  /** A legitimate protobuf tx body (proto.ts) posted to both nodes; its hash. A refusal by either is reported. */
  both(req: HostileRequest, what: string): Promise<string | undefined>;
  /** `n` blocks on both nodes. */
  blocks(n: bigint): Promise<void>;
  /** The committed result of a tx on the node and on the control (undefined when not in a block). */
  result(hash: string): Promise<{ node?: { code: number; codespace: string; log: string }; control?: { code: number; codespace: string; log: string } }>;
  /** Something that went wrong outside a request (a setup tx refused, a proposal that passed). */
  problem(text: string): void;
}

export interface HostileClass {
  name: string;
  /**
   * The message types (type URLs) its requests attack, each in every run of it (quick included):
   * test/hostile/hostile.test.ts holds every type the node executes to at least one class.
   */
  covers?: readonly string[];
  /** Lockstep: legitimate state it needs (grants, allowances, vesting accounts), made on both nodes before its requests. */
  setup?(ctx: HostileContext): Promise<void>;
  /** Lockstep: what must hold after its requests' blocks (a proposal failed, params unchanged): problems found. */
  check?(ctx: HostileContext): Promise<string[]>;
  /** Requests in the full run and in the quick variant. */
  full: number;
  quick: number;
  make(rng: Prng, ctx: HostileContext): Promise<HostileRequest>;
}

/** The attacker: a funded user (dev key 8); dev keys 5 and 6 own positions, 7 delegates. */
export const ATTACKER = 8;
export const VICTIMS = [5, 6, 7] as const;

export const TX_PATHS = ["/txs", "/cosmos/tx/v1beta1/txs"] as const;
export const MiB = 1024 * 1024;

/** Above the 1 MiB request body limit (issue 10, Deliver 2; CometBFT's max_tx_bytes). */
export const BODY_LIMIT = MiB;

export const addr = (n: number) => devAddress(n);
export const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** A tx signed by dev key n at its current account number and sequence on the node (unless given). */
export async function sign(
  ctx: HostileContext, n: number, msgs: AminoMsg[],
  o: { fee?: StdFee; memo?: string; chainId?: string; accountNumber?: bigint; sequence?: bigint; mode?: string } = {},
): Promise<{ tx: any; mode: string }> {
  const s = ctx.signers.get(n)!;
  const acct = ctx.node.chain.directory.account(s.address)!;
  return (await s.sign(msgs, {
    chainId: o.chainId ?? ctx.chainId,
    accountNumber: o.accountNumber ?? acct.accountNumber,
    sequence: o.sequence ?? acct.sequence,
    fee: o.fee,
    memo: o.memo,
    mode: o.mode,
  })) as { tx: any; mode: string };
}

export const post = (rng: Prng, body: string | Uint8Array, note: string, extra: Partial<HostileRequest> = {}): HostileRequest => ({
  method: "POST", path: rng.pick(TX_PATHS), body, note, ...extra,
});
export const postJson = (rng: Prng, body: unknown, note: string) => post(rng, JSON.stringify(body), note);
export const get = (path: string, note: string): HostileRequest => ({ method: "GET", path, note });

/** A small send from the attacker to dev key 7: a message the attacker may sign. */
export const attackerSend = () => sendMsg(addr(ATTACKER), addr(7), 1n);

/**
 * A tx of the attacker's that no node may accept even intact: signed at a sequence 10 ahead
 * (beyond the node's sequence probe), so mutating its text can never make it valid.
 */
export async function deadTx(ctx: HostileContext, msgs: AminoMsg[] = [attackerSend()]) {
  const seq = ctx.node.chain.directory.account(addr(ATTACKER))!.sequence;
  return sign(ctx, ATTACKER, msgs, { sequence: seq + 10n });
}

/** Replaces `"__RAW__"` in JSON text with raw text (tokens JSON.stringify cannot write). */
export const withRaw = (value: unknown, raw: string) => JSON.stringify(value).replace('"__RAW__"', raw);

/** Sets the value at a path of a JSON value (in place). */
export function setAt(root: any, path: (string | number)[], value: unknown): void {
  let o = root;
  for (const k of path.slice(0, -1)) o = o[k];
  o[path[path.length - 1]!] = value;
}

export const utf8Length = (s: string) => Buffer.byteLength(s, "utf8");

/** The dev keys' signers and public keys. */
export async function devKeys(ns: number[]): Promise<{ signers: Map<number, DevSigner>; pubKeys: Map<number, string> }> {
  const signers = new Map<number, DevSigner>();
  const pubKeys = new Map<number, string>();
  for (const n of ns) {
    const s = await devSigner(n);
    signers.set(n, s);
    const probe = (await s.sign([sendMsg(s.address, s.address, 1n)], { chainId: "x", accountNumber: 0n, sequence: 0n })) as { tx: any };
    pubKeys.set(n, probe.tx.signatures[0].pub_key.value as string);
  }
  return { signers, pubKeys };
}
