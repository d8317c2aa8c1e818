// `validator`: x/staking's validator messages from the command line, signed by a dev key of the
// default genesis (a local chain's) and sent as a wallet sends them (host/cli/tx-client.ts): make
// the key's account a validator with a given ed25519 consensus key (`npm run testnet --
// --full-nodes 1` prints one), edit it, and read it back.

import { base64 } from "@scure/base";
import { PubKeySchema as Ed25519PubKeySchema } from "../wire/gen/cosmos/crypto/ed25519/keys_pb.js";
import { MsgCreateValidatorSchema, MsgEditValidatorSchema } from "../wire/gen/cosmos/staking/v1beta1/tx_pb.js";
import { anyOf } from "../wire/tx-encode.js";
import { operatorOf } from "../app/genesis.js";
import { parseTokens } from "../web/format.js";
import { decToRaw } from "../wire/amino/amino-json.js";
import { UsageError, actionCommand, type FlagSpecs, type ParsedFlags } from "./common.js";
import type { ProtoMsg } from "./proto-signer.js";
import { devKeyTx, restNode, sendTx } from "./tx-client.js";

const FLAGS = {
  node: { type: "string", value: "URL", default: "http://127.0.0.1:1317", description: "the node's REST address" },
  key: { type: "string", value: "N", description: "the operator: dev key N (0-8) of the default genesis" },
  pubkey: { type: "string", value: "BASE64", description: "create: the ed25519 consensus public key (32 bytes, base64)" },
  amount: { type: "string", value: "TOKENS", default: "1000", description: "create: the self-delegation in CRO" },
  moniker: { type: "string", value: "NAME", description: "create, edit: the validator's name" },
  commission: { type: "string", value: "RATE", description: "create (default 0.1), edit: the commission rate, e.g. 0.05" },
  "max-commission": { type: "string", value: "RATE", default: "0.2", description: "create: the highest rate it may ever charge" },
  "max-change": { type: "string", value: "RATE", default: "0.01", description: "create: the most the rate may rise in a day" },
  "min-self-delegation": { type: "string", value: "BASECRO", description: "create (default 1), edit (higher only): in basecro" },
  fee: { type: "string", value: "BASECRO", default: "5000", description: "the tx fee in basecro" },
  gas: { type: "string", value: "N", default: "2000000", description: "the tx gas limit" },
  wait: { type: "boolean", description: "wait until the tx is in a block (up to 60 s) and print its result" },
} satisfies FlagSpecs;

type Flags = ParsedFlags<typeof FLAGS>;

const rate = (text: string | undefined, flag: string): string => {
  if (text === undefined || !/^(0(\.[0-9]{1,18})?|1(\.0{1,18})?)$/.test(text)) throw new UsageError(`--${flag}: a rate from 0 to 1, e.g. 0.05 (got ${JSON.stringify(text ?? "")})`);
  return decToRaw(text);
};
const baseUnits = (text: string, flag: string): string => {
  if (!/^[1-9][0-9]{0,38}$/.test(text)) throw new UsageError(`--${flag}: a positive whole number of basecro (got ${JSON.stringify(text)})`);
  return text;
};

function createMsg(f: Flags, operator: string, account: string): ProtoMsg {
  let key: Uint8Array;
  try {
    key = base64.decode(f.pubkey ?? "");
  } catch {
    key = new Uint8Array();
  }
  if (key.length !== 32) throw new UsageError("create: --pubkey BASE64, an ed25519 public key (32 bytes; `npm run testnet -- --full-nodes 1` prints one)");
  let amount: bigint;
  try {
    amount = parseTokens(f.amount ?? "1000");
  } catch (e) {
    throw new UsageError(`--amount: ${(e as Error).message}`);
  }
  return anyOf(MsgCreateValidatorSchema, {
    description: { moniker: f.moniker ?? operator.slice(-8) },
    commission: { rate: rate(f.commission ?? "0.1", "commission"), maxRate: rate(f["max-commission"], "max-commission"), maxChangeRate: rate(f["max-change"], "max-change") },
    minSelfDelegation: baseUnits(f["min-self-delegation"] ?? "1", "min-self-delegation"),
    delegatorAddress: account, validatorAddress: operator,
    pubkey: anyOf(Ed25519PubKeySchema, { key }),
    value: { denom: "basecro", amount: `${amount}` },
  });
}

function editMsg(f: Flags, operator: string): ProtoMsg {
  if (f.moniker === undefined && f.commission === undefined && f["min-self-delegation"] === undefined) {
    throw new UsageError("edit: nothing to change (--moniker, --commission, --min-self-delegation)");
  }
  const keep = "[do-not-modify]";
  return anyOf(MsgEditValidatorSchema, {
    description: { moniker: f.moniker ?? keep, identity: keep, website: keep, securityContact: keep, details: keep },
    validatorAddress: operator,
    commissionRate: f.commission === undefined ? "" : rate(f.commission, "commission"),
    minSelfDelegation: f["min-self-delegation"] === undefined ? "" : baseUnits(f["min-self-delegation"], "min-self-delegation"),
  });
}

async function run(action: string, _args: (string | undefined)[], f: Flags): Promise<number> {
  if (!["create", "edit", "show"].includes(action)) throw new UsageError(`unknown action ${JSON.stringify(action)} (see --help)`);
  const { signer, tx } = devKeyTx(action, f);
  const node = restNode(f.node);
  const operator = operatorOf(signer.address);
  if (action === "show") {
    process.stdout.write(JSON.stringify(await node.get(`/cosmos/staking/v1beta1/validators/${operator}`), null, 2) + "\n");
    return 0;
  }
  const msg = action === "create" ? createMsg(f, operator, signer.address) : editMsg(f, operator);
  return sendTx(node, signer, [msg], tx);
}

export const validatorCommand = actionCommand({
  summary: "x/staking validators from the command line: create (with a consensus key), edit, show",
  usage: "npm run validator -- <action> [flags]",
  about: [
    "  create --key N --pubkey BASE64   MsgCreateValidator: dev key N's account becomes a validator with",
    "                                   that consensus key (the node holding the private key signs for it)",
    "  edit --key N [--moniker M] [--commission R] [--min-self-delegation B]   MsgEditValidator",
    "  show --key N                     the validator as REST shows it",
  ],
  notes: [
    "Example (npm run testnet -- --full-nodes 1 prints the key):",
    "  npm run validator -- create --key 6 --pubkey <key> --amount 500000 --node http://127.0.0.1:27003 --wait",
  ],
  flags: FLAGS,
  maxArgs: 0,
  run,
});
