// What the workloads share: the dev-key signers, addresses, message builders, event readers.

import type { EncodeObject } from "@cosmjs/proto-signing";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { MsgDelegate, MsgUndelegate } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { MsgVote } from "cosmjs-types/cosmos/gov/v1/tx";
import { fromBase64 } from "@cosmjs/encoding";
import { devPrivateKey, extraPrivateKey, moduleAddress, operatorOfKey } from "../lib/keys.js";
import type { Recorder, Sent, Signer } from "../lib/recorder.js";
import { CRO, coin, msg } from "../lib/msgs.js";

export { CRO, coin, msg };
export const GOV = moduleAddress("gov");
export const DISTRIBUTION = moduleAddress("distribution");

export interface Ctx {
  r: Recorder;
  dev: Signer[];
  /** Operator address of dev key 1, the genesis validator. */
  val1: string;
  extra(name: string): Promise<Signer>;
}

export async function context(r: Recorder): Promise<Ctx> {
  const dev: Signer[] = [];
  for (let n = 0; n <= 8; n++) dev.push(await r.signer(`dev${n}`, devPrivateKey(n)));
  return {
    r, dev, val1: await operatorOfKey(devPrivateKey(1)),
    extra: (name) => r.signer(name, extraPrivateKey(name)),
  };
}

export const send = (from: string, to: string, amount: bigint, denom = "basecro"): EncodeObject =>
  msg("/cosmos.bank.v1beta1.MsgSend", MsgSend.fromPartial({ fromAddress: from, toAddress: to, amount: [coin(amount, denom)] }));
export const delegate = (d: string, v: string, amount: bigint): EncodeObject =>
  msg("/cosmos.staking.v1beta1.MsgDelegate", MsgDelegate.fromPartial({ delegatorAddress: d, validatorAddress: v, amount: coin(amount) }));
export const undelegate = (d: string, v: string, amount: bigint): EncodeObject =>
  msg("/cosmos.staking.v1beta1.MsgUndelegate", MsgUndelegate.fromPartial({ delegatorAddress: d, validatorAddress: v, amount: coin(amount) }));
/** gov v1 MsgVote; option 1 yes, 2 abstain, 3 no, 4 no with veto. */
export const voteV1 = (voter: string, proposalId: bigint, option = 1): EncodeObject =>
  msg("/cosmos.gov.v1.MsgVote", MsgVote.fromPartial({ proposalId, voter, option, metadata: "" }));

/** The value of the first attribute `key` of the first event `type`. */
export function attr(sent: Sent, type: string, key: string): string | undefined {
  for (const e of sent.events) if (e.type === type) for (const a of e.attributes ?? []) if (a.key === key) return a.value;
  return undefined;
}

/** The proposal id of a MsgSubmitProposal tx (event submit_proposal). */
export const pid = (sent: Sent): bigint => BigInt(attr(sent, "submit_proposal", "proposal_id") ?? "0");

/** A uint64 field 1 of the first msg response (e.g. MsgLockTierResponse.position_id); 0 when absent. */
export function responseUint64(sent: Sent): bigint {
  const v = sent.row.msg_responses?.[0]?.value;
  if (!v) return 0n;
  const b = fromBase64(v);
  if (b[0] !== 0x08) return 0n;
  let x = 0n, shift = 0n;
  for (let i = 1; i < b.length; i++) {
    x |= BigInt(b[i]! & 0x7f) << shift;
    if ((b[i]! & 0x80) === 0) break;
    shift += 7n;
  }
  return x;
}

export const balances = (a: string) => `/cosmos/bank/v1beta1/balances/${a}`;
export const accountPath = (a: string) => `/cosmos/auth/v1beta1/accounts/${a}`;
export const proposalV1 = (id: bigint | string) => `/cosmos/gov/v1/proposals/${id}`;

/** Waits until every proposal listed has left the voting period (or `timeoutMs`), then returns their REST answers. */
export async function awaitProposals(r: Recorder, ids: bigint[], timeoutMs = 120_000): Promise<Record<string, unknown>> {
  const end = Date.now() + timeoutMs;
  const out: Record<string, unknown> = {};
  for (const id of ids) {
    for (;;) {
      const q = await r.query(proposalV1(id));
      const status = (q.body as any)?.proposal?.status;
      if ((status !== "PROPOSAL_STATUS_VOTING_PERIOD" && status !== "PROPOSAL_STATUS_DEPOSIT_PERIOD") || Date.now() > end) {
        out[`${id}`] = q;
        break;
      }
      await r.sleep(1000);
    }
  }
  return out;
}
