// `gov`: x/gov on a running node from the command line: its queries (REST) and its messages signed
// by one of the default genesis's dev keys (a local chain's: their private keys are public), sent
// as a wallet sends them (a protobuf tx, SIGN_MODE_DIRECT, POST /cosmos/tx/v1beta1/txs: a single
// node and a node under CometBFT alike). Prints the node's JSON answers.

import { readFile } from "node:fs/promises";
import { GOV_MODULE_ADDRESS } from "../app/genesis.js";
import { parseTokens } from "../web/format.js";
import { GovMsgTypes, VOTE_OPTIONS } from "../modules/gov/validate.js";
import { UsageError, actionCommand, oneLine, type FlagSpecs, type ParsedFlags } from "./common.js";
import type { AminoMsg } from "../scenario/sim-signer.js";
import { protoOfAmino } from "./proto-signer.js";
import { devKeyTx, restNode, sendTx } from "./tx-client.js";

const FLAGS = {
  node: { type: "string", value: "URL", default: "http://127.0.0.1:1317", description: "the node's REST address" },
  key: { type: "string", value: "N", description: "sign with dev key N (0-8) of the default genesis (transactions)" },
  fee: { type: "string", value: "BASECRO", default: "5000", description: "the tx fee in basecro" },
  gas: { type: "string", value: "N", default: "2000000", description: "the tx gas limit" },
  status: { type: "string", value: "S", description: "proposals: only deposit, voting, passed, rejected or failed ones" },
  wait: { type: "boolean", description: "transactions: wait until the tx is in a block (up to 60 s) and print its result" },
} satisfies FlagSpecs;

const OPTIONS: Record<string, number> = { yes: 1, abstain: 2, no: 3, veto: 4, no_with_veto: 4 };
const STATUSES: Record<string, string> = {
  deposit: "PROPOSAL_STATUS_DEPOSIT_PERIOD", voting: "PROPOSAL_STATUS_VOTING_PERIOD", passed: "PROPOSAL_STATUS_PASSED",
  rejected: "PROPOSAL_STATUS_REJECTED", failed: "PROPOSAL_STATUS_FAILED",
};

const id = (text: string | undefined): string => {
  if (text === undefined || !/^[1-9][0-9]{0,19}$/.test(text)) throw new UsageError(`a proposal id (a positive integer) expected, got ${JSON.stringify(text ?? "")}`);
  return text;
};
const tokens = (text: string | undefined, what: string): string => {
  try {
    return `${parseTokens(text ?? "")}`;
  } catch (e) {
    throw new UsageError(`${what}: ${(e as Error).message}`);
  }
};

async function run(action: string, [a1, a2]: (string | undefined)[], f: ParsedFlags<typeof FLAGS>): Promise<number> {
  const node = restNode(f.node);
  const show = async (path: string) => {
    process.stdout.write(JSON.stringify(await node.get(path), null, 2) + "\n");
    return 0;
  };
  switch (action) {
    case "params":
      return show("/cosmos/gov/v1/params/tallying");
    case "proposals": {
      const status = f.status === undefined ? undefined : STATUSES[f.status];
      if (f.status !== undefined && status === undefined) throw new UsageError(`--status: one of ${Object.keys(STATUSES).join(", ")}`);
      return show(`/cosmos/gov/v1/proposals${status ? `?proposal_status=${status}` : ""}`);
    }
    case "proposal":
      return show(`/cosmos/gov/v1/proposals/${id(a1)}`);
    case "tally":
    case "votes":
    case "deposits":
      return show(`/cosmos/gov/v1/proposals/${id(a1)}/${action}`);
  }
  const { signer, tx } = devKeyTx(action, f);
  const me = signer.address;
  switch (action) {
    case "submit": {
      if (a1 === undefined) throw new UsageError("submit FILE: the proposal file is required");
      let doc: { messages?: AminoMsg[]; deposit?: string; title?: string; summary?: string; metadata?: string; expedited?: boolean };
      try {
        doc = JSON.parse(await readFile(a1, "utf8"));
      } catch (e) {
        throw new UsageError(`${a1}: ${oneLine((e as Error).message)}`);
      }
      const deposit = tokens(doc.deposit ?? "0", "deposit");
      const value = {
        messages: doc.messages ?? [], initial_deposit: deposit === "0" ? [] : [{ denom: "basecro", amount: deposit }], proposer: me,
        metadata: doc.metadata ?? "", title: doc.title ?? "", summary: doc.summary ?? "", ...(doc.expedited ? { expedited: true } : {}),
      };
      return sendTx(node, signer, [{ type: GovMsgTypes.SubmitProposal, value }].map(protoOfAmino), tx);
    }
    case "deposit":
      return sendTx(node, signer, [{ type: GovMsgTypes.Deposit, value: { proposal_id: id(a1), depositor: me, amount: [{ denom: "basecro", amount: tokens(a2, "TOKENS") }] } }].map(protoOfAmino), tx);
    case "vote": {
      const option = OPTIONS[a2 ?? ""];
      if (option === undefined) throw new UsageError(`vote ID OPTION: OPTION is one of yes, no, abstain, veto`);
      return sendTx(node, signer, [{ type: GovMsgTypes.Vote, value: { proposal_id: id(a1), voter: me, option, metadata: "" } }].map(protoOfAmino), tx);
    }
    case "weighted-vote": {
      const options = (a2 ?? "").split(",").map((part) => {
        const [name, weight] = part.split("=");
        const option = OPTIONS[name ?? ""];
        if (option === undefined || weight === undefined || !/^[0-9]+(\.[0-9]+)?$/.test(weight)) {
          throw new UsageError(`weighted-vote ID OPTION=WEIGHT,…: bad ${JSON.stringify(part)} (options ${VOTE_OPTIONS.slice(1).join(", ")} as yes, abstain, no, veto)`);
        }
        return { option, weight };
      });
      return sendTx(node, signer, [{ type: GovMsgTypes.VoteWeighted, value: { proposal_id: id(a1), voter: me, options, metadata: "" } }].map(protoOfAmino), tx);
    }
    case "cancel":
      return sendTx(node, signer, [{ type: GovMsgTypes.CancelProposal, value: { proposal_id: id(a1), proposer: me } }].map(protoOfAmino), tx);
    default:
      throw new UsageError(`unknown action ${JSON.stringify(action)} (see --help)`);
  }
}

export const govCommand = actionCommand({
  summary: "x/gov on a running node: proposals, tallies, and dev-key submit/deposit/vote/cancel",
  usage: "npm run gov -- <action> [arguments] [flags]",
  about: [
    "Queries (the node's REST):",
    "  params                       x/gov's params",
    "  proposals [--status S]       every proposal (deposit, voting, passed, rejected, failed)",
    "  proposal ID | tally ID | votes ID | deposits ID",
    "",
    "Transactions (--key N: a dev key of the default genesis; a local chain only):",
    "  submit FILE --key N          FILE: {\"messages\": [{\"type\": \"chainmain/MsgAddTier\", \"value\": {...}}],",
    "                               \"deposit\": \"10000\" (tokens), \"title\": \"…\", \"summary\": \"…\", \"expedited\": false}",
    `                               each message's authority: x/gov, ${GOV_MODULE_ADDRESS}`,
    "  deposit ID TOKENS --key N",
    "  vote ID yes|no|abstain|veto --key N",
    "  weighted-vote ID yes=0.6,no=0.4 --key N",
    "  cancel ID --key N",
  ],
  notes: [
    "Example (npm start -- --clock simulated): npm run gov -- vote 1 yes --key 1 --wait",
  ],
  flags: FLAGS,
  maxArgs: 2,
  run,
});
