// Workload "gov-signers": x/gov's SubmitProposal checks that each message has x/gov as its only
// signer (GetMsgV1Signers). A message with several signers (x/group's MsgSubmitProposal with two
// proposers) is refused with gov 13 unwrapped, even when x/gov is one of them; with x/gov alone as
// its proposer it is accepted; a lone signer other than x/gov is gov 13 naming it.

import type { EncodeObject } from "@cosmjs/proto-signing";
import * as gov from "cosmjs-types/cosmos/gov/v1/tx";
import { registry } from "../lib/msgs.js";
import { G } from "../lib/group.js";
import { CRO, GOV, coin, msg, pid, proposalV1, type Ctx } from "./common.js";

export const NAME = "gov-signers";

export async function run({ r, dev }: Ctx): Promise<void> {
  const [d0, d1, , , , d5] = dev;
  const reg = registry();
  const submit = (messages: EncodeObject[], title: string) => msg("/cosmos.gov.v1.MsgSubmitProposal", gov.MsgSubmitProposal.fromPartial({
    messages: messages.map((m) => reg.encodeAsAny(m)), initialDeposit: [coin(10_000n * CRO)], proposer: d0!.address, metadata: "", title,
    summary: `${title}: recorded by scripts/reference-chain`, expedited: false,
  }));
  const policy = d5!.address;
  await r.tx("INVALID gov-v1 submit a group MsgSubmitProposal with proposers x/gov and dev0 (two signers)", d0!,
    [submit([G.submit(policy, [GOV, d0!.address], [], { title: "two" })], "two signers with x/gov")]);
  await r.tx("INVALID gov-v1 submit a group MsgSubmitProposal with proposers dev0 and dev1 (two signers, neither x/gov)", d0!,
    [submit([G.submit(policy, [d0!.address, d1!.address], [], { title: "two" })], "two signers without x/gov")]);
  await r.tx("INVALID gov-v1 submit a group MsgSubmitProposal with proposer dev1 alone", d0!,
    [submit([G.submit(policy, [d1!.address], [], { title: "one" })], "one signer, not x/gov")]);
  await r.tx("gov-v1 submit a group MsgSubmitProposal with proposer x/gov alone (accepted)", d0!,
    [submit([G.submit(policy, [GOV], [], { title: "gov" })], "x/gov alone")], { queries: (x) => [proposalV1(pid(x))] });
}
