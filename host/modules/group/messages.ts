// x/group's Msg service (SDK v0.53): each message's signer (cosmos.msg.v1.signer), its handler (the
// keeper's code in a tx's environment: env.ts handleEnv) and its gas model (the same code on a metered
// overlay: gasEnv), its typed events after baseapp's `message` event {action, sender, module: group}
// and its response. x/group's messages keep no ValidateBasic: every check is the keeper's, in a block.

import type { DescMessage, MessageShape } from "@bufbuild/protobuf";
import { respond } from "../../framework/handlers.js";
import { message, type AppMessage } from "../../framework/message.js";
import type { MessageContext, MessageOutcome } from "../../framework/context.js";
import { event } from "../../framework/events.js";
import type { Sim } from "../../framework/gas/sim.js";
import { TxError } from "../../wire/errors.js";
import * as tx from "../../wire/gen/cosmos/group/v1/tx_pb.js";
import { accountAddress } from "../bank/messages.js";
import { gasEnv, handleEnv } from "./env.js";
import {
  createGroup, createGroupPolicy, createGroupWithPolicy, leaveGroup, updateGroupAdmin, updateGroupMembers, updateGroupMetadata,
  updateGroupPolicyAdmin, updateGroupPolicyDecisionPolicy, updateGroupPolicyMetadata,
} from "./groups.js";
import type { GroupEnv } from "./keeper.js";
import { exec, submitProposal, vote, withdrawProposal } from "./proposals.js";

/** A message of the keeper: `run` gives its response's fields. */
function groupMessage<D extends DescMessage, R extends DescMessage>(
  schema: D, response: R, signerField: (m: MessageShape<D>) => string,
  run: (env: GroupEnv, m: MessageShape<D>) => Parameters<typeof respond<R>>[1],
  signersField?: (m: MessageShape<D>) => readonly string[],
): AppMessage<D, MessageShape<D>> {
  const signer = (m: MessageShape<D>, prefix: string) => accountAddress(signerField(m), prefix, "invalid signer address");
  return message({
    schema,
    signer: (m, { prefix }) => signer(m, prefix),
    // a repeated signer field: every one signs the tx
    ...(signersField === undefined ? {} : {
      signers: (m: MessageShape<D>, { prefix }: { prefix: string }) => {
        const all = signersField(m);
        return all.length === 0 ? [signer(m, prefix)] : all.map((a) => accountAddress(a, prefix, "invalid signer address"));
      },
    }),
    validate: (m) => m,
    handle(ctx: MessageContext, m: MessageShape<D>): MessageOutcome {
      const env = handleEnv(ctx);
      const fields = run(env, m);
      return respond(response, fields, [event("message", { action: `/${schema.typeName}`, sender: ctx.signer, module: "group" }), ...env.events]);
    },
    gas(k: Sim, m: MessageShape<D>, ctx: MessageContext): void {
      try {
        run(gasEnv(k, ctx), m);
      } catch (e) {
        if (e instanceof TxError) k.check(`${e.codespace}:${e.code}`, true);
        throw e;
      }
    },
  });
}

export const groupMessages = [
  groupMessage(tx.MsgCreateGroupSchema, tx.MsgCreateGroupResponseSchema, (m) => m.admin, (env, m) => ({ groupId: createGroup(env, m) })),
  groupMessage(tx.MsgUpdateGroupMembersSchema, tx.MsgUpdateGroupMembersResponseSchema, (m) => m.admin, (env, m) => { updateGroupMembers(env, m); return {}; }),
  groupMessage(tx.MsgUpdateGroupAdminSchema, tx.MsgUpdateGroupAdminResponseSchema, (m) => m.admin, (env, m) => { updateGroupAdmin(env, m); return {}; }),
  groupMessage(tx.MsgUpdateGroupMetadataSchema, tx.MsgUpdateGroupMetadataResponseSchema, (m) => m.admin, (env, m) => { updateGroupMetadata(env, m); return {}; }),
  groupMessage(tx.MsgCreateGroupPolicySchema, tx.MsgCreateGroupPolicyResponseSchema, (m) => m.admin, (env, m) => ({ address: createGroupPolicy(env, m) })),
  groupMessage(tx.MsgCreateGroupWithPolicySchema, tx.MsgCreateGroupWithPolicyResponseSchema, (m) => m.admin, (env, m) => {
    const r = createGroupWithPolicy(env, m);
    return { groupId: r.groupId, groupPolicyAddress: r.address };
  }),
  groupMessage(tx.MsgUpdateGroupPolicyAdminSchema, tx.MsgUpdateGroupPolicyAdminResponseSchema, (m) => m.admin, (env, m) => { updateGroupPolicyAdmin(env, m); return {}; }),
  groupMessage(tx.MsgUpdateGroupPolicyDecisionPolicySchema, tx.MsgUpdateGroupPolicyDecisionPolicyResponseSchema, (m) => m.admin, (env, m) => {
    updateGroupPolicyDecisionPolicy(env, m);
    return {};
  }),
  groupMessage(tx.MsgUpdateGroupPolicyMetadataSchema, tx.MsgUpdateGroupPolicyMetadataResponseSchema, (m) => m.admin, (env, m) => { updateGroupPolicyMetadata(env, m); return {}; }),
  groupMessage(tx.MsgSubmitProposalSchema, tx.MsgSubmitProposalResponseSchema, (m) => m.proposers[0] ?? "", (env, m) => ({ proposalId: submitProposal(env, m) }), (m) => m.proposers),
  groupMessage(tx.MsgWithdrawProposalSchema, tx.MsgWithdrawProposalResponseSchema, (m) => m.address, (env, m) => { withdrawProposal(env, m); return {}; }),
  groupMessage(tx.MsgVoteSchema, tx.MsgVoteResponseSchema, (m) => m.voter, (env, m) => { vote(env, m); return {}; }),
  groupMessage(tx.MsgExecSchema, tx.MsgExecResponseSchema, (m) => m.executor, (env, m) => ({ result: exec(env, m) })),
  groupMessage(tx.MsgLeaveGroupSchema, tx.MsgLeaveGroupResponseSchema, (m) => m.address, (env, m) => { leaveGroup(env, m); return {}; }),
];
