// The two environments x/group's keeper runs in: a tx's execution (the module's store, journaled; the
// accounts; the proposal's messages through the registry's handlers as the policy, all or none: the
// core's records under a savepoint of the tx's store transaction, the host's under the journal) and
// its gas model (an overlay on the store charged to the simulator's meter; the messages' own models).

import type { Any } from "@bufbuild/protobuf/wkt";
import { ACCOUNT_PREFIX } from "../../framework/prefixes.js";
import type { MessageContext } from "../../framework/context.js";
import type { TxEvent } from "../../framework/events.js";
import { messageFailure } from "../../framework/handlers.js";
import { UndoJournal } from "../../framework/journal.js";
import type { MessageLookup, RegistryEntry } from "../../framework/module.js";
import { ModelStop, routeMessage, type Sim } from "../../framework/gas/sim.js";
import { lenField, varintLen } from "../../framework/gas/proto.js";
import { Key, U64_VALUE } from "../../framework/gas/records.js";
import { SdkErrors, TxError } from "../../wire/errors.js";
import { decodeAny } from "../../wire/messages.js";
import { credentialKey } from "../../wire/credential.js";
import { getAccount } from "../bank/gas.js";
import { GroupStore, MeteredOverlay } from "./kv.js";
import { CONFIG, nsOf, proposalTable, type GroupEnv } from "./keeper.js";
import { ProposalStatus } from "../../wire/gen/cosmos/group/v1/types_pb.js";

/** x/group's state: its store, the registry its proposals' messages are routed by, the tx's journal. */
export class Group {
  readonly store: GroupStore;
  constructor(readonly journal: UndoJournal, readonly registry: MessageLookup) {
    this.store = new GroupStore(journal);
  }

  /**
   * The time a block must pass for the EndBlocker to have work (a run of empty blocks stops before
   * it): a submitted, aborted or withdrawn proposal's voting period end, any proposal's pruning time.
   */
  nextDeadline(): bigint | undefined {
    let next: bigint | undefined;
    const at = (t: bigint) => { if (next === undefined || t < next) next = t; };
    for (const p of proposalTable.scan(this.store).all()) {
      const end = nsOf(p.votingPeriodEnd) + 1n;
      if (p.status === ProposalStatus.SUBMITTED || p.status === ProposalStatus.ABORTED || p.status === ProposalStatus.WITHDRAWN) at(end);
      at(end + CONFIG.maxExecutionPeriodNs);
    }
    return next;
  }
}

interface Routed { entry: RegistryEntry; parsed: unknown; typeUrl: string; signer: string; signers: string[] }

function route(registry: MessageLookup, a: Any): Routed {
  const entry = registry.entry(a.typeUrl);
  if (entry === undefined) throw new TxError(SdkErrors.UnknownRequest, `unrecognized message route: ${a.typeUrl}: this node does not execute it yet`);
  const decoded = decodeAny(a.typeUrl, a.value, "messages");
  const inner = { prefix: ACCOUNT_PREFIX, messages: registry };
  const signer = entry.def.signer(decoded.message, inner);
  const signers = entry.def.signers?.(decoded.message, inner) ?? [signer];
  return { entry, typeUrl: a.typeUrl, signer, signers, parsed: entry.def.validate(decoded.message, inner) };
}

/** The routed messages' events a cached context gives back: a handler's own, baseapp's `message` (action) left out. */
const innerEvents = (events: readonly TxEvent[]) => events.filter((e) => !(e.type === "message" && e.attributes.some((a) => a.key === "action")));

/** A message's error inside the proposal: `message <type url> at position <i>: <its error>`. */
function atPosition(e: unknown, typeUrl: string, i: number): TxError {
  const f = messageFailure(e, 0);
  const detail = f.log.replace(/^failed to execute message; message index: 0: /, "");
  return TxError.rendered(f.codespace, f.code, `message ${typeUrl} at position ${i}: ${detail}`);
}

export function handleEnv(ctx: MessageContext): GroupEnv {
  const g = ctx.group;
  return {
    kv: g.store, prefix: ACCOUNT_PREFIX, timeNs: ctx.timeNs, events: [],
    hasAccount: (a) => ctx.directory.numbered(a),
    createPolicyAccount: (a, key) => {
      ctx.directory.numberAccount(a);
      ctx.directory.genesisAccount(a, { pubKey: credentialKey("group", [Uint8Array.of(0x20), key]) });
    },
    signersOf: (a) => route(g.registry, a).signers,
    consume: () => {},
    execute(messages: readonly Any[], policy: string): TxEvent[] {
      // The SDK's cached context: the core's records (a savepoint), the host's (the tx's journal), the accounts numbered.
      const savepoint = ctx.ledger.savepoint();
      const mark = g.journal.mark();
      const accounts = ctx.directory.mark();
      const out: TxEvent[] = [];
      try {
        messages.forEach((a, i) => {
          try {
            const r = route(g.registry, a);
            if (r.entry.def.governance === true && policy !== ctx.authority) {
              throw new TxError({ codespace: "gov", code: 13, description: "expected gov account as only signer for proposal message" }, `invalid authority; expected ${ctx.authority}, got ${policy}`);
            }
            out.push(...innerEvents(r.entry.def.handle({ ...ctx, signer: policy }, r.parsed).events as TxEvent[]));
          } catch (e) {
            throw atPosition(e, a.typeUrl, i);
          }
        });
      } catch (e) {
        ctx.ledger.rollbackTo(savepoint);
        g.journal.rollbackTo(mark);
        ctx.directory.rollbackTo(accounts);
        throw e;
      }
      ctx.ledger.releaseSavepoint(savepoint);
      return out;
    },
  };
}

/** The BaseAccount of a policy (its ModuleCredential as key) as the account store holds it (an Any). */
function policyAccountSize(address: string, number: bigint): number {
  const credential = lenField(1, 5) + lenField(2, 1) + lenField(2, 8);
  const pubKey = lenField(1, "/cosmos.auth.v1beta1.ModuleCredential".length) + lenField(2, credential);
  const base = lenField(1, address.length) + lenField(2, pubKey) + (number === 0n ? 0 : 1 + varintLen(number));
  return lenField(1, "/cosmos.auth.v1beta1.BaseAccount".length) + lenField(2, base);
}

export function gasEnv(k: Sim, ctx: MessageContext): GroupEnv {
  const g = ctx.group;
  return {
    kv: new MeteredOverlay(g.store, k.meter), prefix: ACCOUNT_PREFIX, timeNs: k.block.timeNs, events: [],
    hasAccount: (a) => getAccount(k, a, "GetAccount policy") !== undefined,
    createPolicyAccount(address, derivationKey) {
      const number = k.view.nextAccountNumber();
      k.meter.get("acc", Key.nextAccountNumber, U64_VALUE, "NewAccount: NextAccountNumber");
      k.meter.set("acc", Key.nextAccountNumber, U64_VALUE, "NewAccount: NextAccountNumber");
      const len = 32;
      k.meter.get("acc", Key.account(len), 0, "SetAccount: old value");
      k.meter.has("acc", Key.accountNumberIndex, "SetAccount: number index unique");
      k.meter.set("acc", Key.accountNumberIndex, len, "SetAccount: number index");
      k.setAccount({ address, number, sequence: 0n, pubKey: credentialKey("group", [Uint8Array.of(0x20), derivationKey]) });
      k.meter.set("acc", Key.account(len), policyAccountSize(address, number), "SetAccount");
    },
    signersOf: (a) => route(g.registry, a).signers,
    consume: (amount, what) => k.meter.charge(amount, what),
    execute(messages: readonly Any[], policy: string): TxEvent[] {
      messages.forEach((a, i) => {
        let r: Routed;
        try {
          r = route(g.registry, a);
        } catch (e) {
          throw atPosition(e, a.typeUrl, i);
        }
        routeMessage(k, a.typeUrl);
        const model = r.entry.def.gas;
        if (model === undefined) return;
        try {
          model(k, r.parsed, { ...ctx, signer: policy });
        } catch (e) {
          if (e instanceof ModelStop) throw TxError.rendered("group", 0, `message ${a.typeUrl} at position ${i}: ${e.code}`);
          throw e;
        }
      });
      return [];
    },
  };
}
