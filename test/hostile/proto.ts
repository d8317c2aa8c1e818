// Protobuf txs for the hostile classes of the messages x/authz, x/feegrant, vesting, staking's
// cancel-unbonding and governance run (classes-authz.ts, classes-feegrant.ts, classes-vesting.ts,
// classes-governed.ts): signed in SIGN_MODE_DIRECT by CosmJS (a Registry of the node's message
// schemas through CosmJS's GeneratedType, no hand encoding), posted as Keplr does
// (`{tx_bytes, mode}`), at the signer's next sequence counting its txs still in the mempools. A
// hostile tx the SDK accepts at CheckTx carries its twin (twinOf): what the control gets instead.

import { create, fromBinary, toBinary, type DescMessage, type MessageInitShape } from "@bufbuild/protobuf";
import { DirectSecp256k1Wallet, Registry, type EncodeObject } from "@cosmjs/proto-signing";
import { SigningStargateClient, type StdFee } from "@cosmjs/stargate";
import { fromBase64, toBase64 } from "@cosmjs/encoding";
import { TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { devAddress, devPrivateKey } from "../../host/app/genesis.js";
import { MessageRegistry } from "../../host/app/registry.js";
import { MODULES } from "../../host/modules/index.js";
import { MsgSendSchema } from "../../host/wire/gen/cosmos/bank/v1beta1/tx_pb.js";
import { generatedType } from "../helpers/cosmjs.js";
import type { HostileClass, HostileContext, HostileRequest } from "./context.js";
import type { Prng } from "./prng.js";

/** The node's executed messages, by type URL (each class's `covers` is checked against it). */
export const EXECUTED = new MessageRegistry(MODULES);

const registry = new Registry();
for (const url of EXECUTED.typeUrls()) registry.register(url, generatedType(EXECUTED.entry(url)!.def.schema));

/** A message of the node's schema: its type URL and its protobuf-es init (camelCase, bigints). */
export interface ProtoMsg {
  typeUrl: string;
  value: Record<string, unknown>;
}

/** A message of a schema, by its type URL. */
export const msg = <D extends DescMessage>(schema: D, value: MessageInitShape<D>): ProtoMsg => ({ typeUrl: `/${schema.typeName}`, value: value as Record<string, unknown> });

/** An Any holding a message of a schema (an authorization, an allowance, a message inside MsgExec or a proposal). */
export const anyOf = <D extends DescMessage>(schema: D, value: MessageInitShape<D>) => ({
  typeUrl: `/${schema.typeName}`, value: toBinary(schema, create(schema, value)),
});
/** An Any of a ProtoMsg. */
export const anyOfMsg = (m: ProtoMsg) => anyOf(EXECUTED.entry(m.typeUrl)!.def.schema, m.value as never);

export const coin = (amount: bigint | string, denom = "basecro") => ({ denom, amount: `${amount}` });
export const FEE_GAS = 2_000_000n;
/** The fee of the classes' txs (a granter's pays it when `granter` is set). */
export const fee = (amount = 5000n, granter?: string, gas = FEE_GAS): StdFee => ({ amount: [coin(amount)], gas: `${gas}`, ...(granter === undefined ? {} : { granter }) });

/** Seconds since the epoch as a protobuf Timestamp's init. */
export const timestamp = (ns: bigint) => ({ seconds: ns / 1_000_000_000n, nanos: Number(ns % 1_000_000_000n) });

const clients = new Map<number, Promise<{ address: string; client: SigningStargateClient }>>();
function client(n: number) {
  let c = clients.get(n);
  if (c === undefined) {
    c = (async () => {
      const wallet = await DirectSecp256k1Wallet.fromKey(devPrivateKey(n), "cro");
      const [account] = await wallet.getAccounts();
      return { address: account!.address, client: await SigningStargateClient.offline(wallet, { registry }) };
    })();
    clients.set(n, c);
  }
  return c;
}

/** Dev key n's next sequence: its account's, or past its txs waiting in the mempools. */
export function nextSequence(ctx: HostileContext, n: number): bigint {
  const acct = ctx.node.chain.directory.account(devAddress(n));
  const committed = acct?.sequence ?? 0n;
  const pending = ctx.pendingSeq?.get(n) ?? 0n;
  return pending > committed ? pending : committed;
}

/** A protobuf tx of these messages signed by dev key n, as a POST to the SDK's tx route. */
export async function protoTx(
  ctx: HostileContext, n: number, msgs: ProtoMsg[], note: string,
  o: { fee?: StdFee; memo?: string; sequence?: bigint; accountNumber?: bigint; code?: string } = {},
): Promise<HostileRequest> {
  const { address, client: c } = await client(n);
  const acct = ctx.node.chain.directory.account(address);
  const sequence = o.sequence ?? nextSequence(ctx, n);
  const raw = await c.sign(address, msgs as EncodeObject[], o.fee ?? fee(), o.memo ?? "", {
    accountNumber: o.accountNumber ?? acct?.accountNumber ?? 0n, sequence: Number(sequence), chainId: ctx.chainId,
  });
  return {
    method: "POST", path: "/cosmos/tx/v1beta1/txs", body: JSON.stringify({ tx_bytes: toBase64(TxRaw.encode(raw).finish()), mode: "BROADCAST_MODE_SYNC" }),
    note, signer: { n, sequence }, ...(o.code === undefined ? {} : { code: o.code }),
  };
}

/** 10^30 basecro: more than any account holds, so a send of it fails in its block (sdk 5). */
const TOO_MUCH = 10n ** 30n;

/**
 * A hostile tx the SDK accepts at CheckTx (its fault is its message server's), with its twin: the
 * same signer, sequence and fee, one send of more than the signer holds (to itself), which fails
 * in its block. The control gets the twin, so its state is what the node's must be after the
 * hostile tx failed: the fee paid, the sequence used, nothing else.
 */
export async function deferred(
  ctx: HostileContext, n: number, msgs: ProtoMsg[], code: string, note: string, o: { fee?: StdFee; memo?: string } = {},
): Promise<HostileRequest> {
  const sequence = nextSequence(ctx, n);
  const req = await protoTx(ctx, n, msgs, note, { ...o, sequence, code });
  const self = devAddress(n);
  req.twin = await protoTx(ctx, n, [msg(MsgSendSchema, { fromAddress: self, toAddress: self, amount: [coin(TOO_MUCH)] })], `twin of ${note}`, { ...o, sequence });
  return req;
}

const MSG_EXEC = "/cosmos.authz.v1beta1.MsgExec";
const SUBMIT = ["/cosmos.gov.v1.MsgSubmitProposal"];

/**
 * The executed message types a request carries: a protobuf tx's messages (and those inside a
 * MsgExec or a gov v1 proposal, at any depth), or a legacy StdTx's by their amino names.
 */
export function sentTypes(req: HostileRequest): string[] {
  if (typeof req.body !== "string") return [];
  let doc: any;
  try {
    doc = JSON.parse(req.body);
  } catch {
    return [];
  }
  const out = new Set<string>();
  const visit = (typeUrl: string, value: Uint8Array, depth: number) => {
    const entry = EXECUTED.entry(typeUrl);
    if (entry === undefined) return;
    out.add(typeUrl);
    if (depth > 20 || (typeUrl !== MSG_EXEC && !SUBMIT.includes(typeUrl))) return;
    try {
      const m = fromBinary(entry.def.schema, value) as unknown as { msgs?: { typeUrl: string; value: Uint8Array }[]; messages?: { typeUrl: string; value: Uint8Array }[] };
      for (const a of m.msgs ?? m.messages ?? []) visit(a.typeUrl, a.value, depth + 1);
    } catch {
      // bytes the schema does not read carry no more types
    }
  };
  if (typeof doc?.tx_bytes === "string") {
    try {
      const raw = TxRaw.decode(fromBase64(doc.tx_bytes));
      for (const a of TxBody.decode(raw.bodyBytes).messages) visit(a.typeUrl, a.value, 0);
    } catch {
      return [];
    }
  }
  for (const m of Array.isArray(doc?.tx?.msg) ? doc.tx.msg : []) {
    const url = typeof m?.type === "string" ? EXECUTED.entryOfAmino(m.type)?.typeUrl : undefined;
    if (url !== undefined) out.add(url);
  }
  return [...out];
}

/** One hostile case of a class: a request the chain refuses with a known code. */
export interface Case {
  note: string;
  make(rng: Prng, ctx: HostileContext): Promise<HostileRequest>;
}

/**
 * A lockstep class of fixed cases, each sent in turn (so the quick run sends every one, and its
 * message types, once; the full run `rounds` times), after its setup on both nodes.
 */
export function cases(def: {
  name: string; covers: readonly string[]; rounds: number; cases: Case[];
  setup?(ctx: HostileContext): Promise<void>; check?(ctx: HostileContext): Promise<string[]>;
}): HostileClass {
  let next = 0;
  return {
    name: def.name, covers: def.covers, quick: def.cases.length, full: def.cases.length * def.rounds,
    async setup(ctx) {
      next = 0;
      await def.setup?.(ctx);
    },
    ...(def.check === undefined ? {} : { check: def.check }),
    async make(rng, ctx) {
      const c = def.cases[next++ % def.cases.length]!;
      const req = await c.make(rng, ctx);
      req.note = req.note === "" ? c.note : `${c.note}: ${req.note}`;
      return req;
    },
  };
}

/** Legitimate txs on both nodes, then `blocks` blocks; each must succeed in its block on both. */
export async function legit(ctx: HostileContext, txs: { n: number; msgs: ProtoMsg[]; what: string }[], blocks = 1n): Promise<void> {
  const ls = ctx.lockstep!;
  const hashes: { hash: string; what: string }[] = [];
  for (const t of txs) {
    const hash = await ls.both(await protoTx(ctx, t.n, t.msgs, t.what), t.what);
    if (hash !== undefined) hashes.push({ hash, what: t.what });
  }
  await ls.blocks(blocks);
  for (const { hash, what } of hashes) {
    const r = await ls.result(hash);
    if (r.node?.code !== 0 || r.control?.code !== 0) ls.problem(`${what}: failed in its block: ${r.node?.codespace}/${r.node?.code} ${r.node?.log ?? ""}`);
  }
}
