// `keys`: a local keyring for a dApp's test accounts (host/cli/keyring.ts): add (a new BIP-39
// mnemonic, or --recover one from stdin), list, show, delete. The addresses are the ones Keplr
// shows for the same mnemonic on CRO (coin type 394); a node started with --keyring FILE tops
// every key in it up to --fund-amount from the reserve at start.

import { readFileSync } from "node:fs";
import { UsageError, actionCommand, type FlagSpecs, type ParsedFlags } from "./common.js";
import { CRO_HD_PATH, DEFAULT_KEYRING, addKey, deleteKey, readKeyring, type KeyEntry } from "./keyring.js";

const FLAGS = {
  keyring: { type: "string", value: "FILE", default: DEFAULT_KEYRING, description: "the keyring file (JSON, mnemonics in the clear, mode 0600; git-ignored)" },
  recover: { type: "boolean", description: "add: read the mnemonic from standard input instead of making a new one" },
  address: { type: "boolean", short: "a", description: "show: print the address only" },
  json: { type: "boolean", description: "print JSON (add: with the new mnemonic; show: with it only with --reveal)" },
  reveal: { type: "boolean", description: "show: print the mnemonic too" },
} satisfies FlagSpecs;

const publicView = (k: KeyEntry) => ({ name: k.name, address: k.address, pubkey: k.pubkey, hd_path: k.hd_path });

const out = (text: string) => process.stdout.write(`${text}\n`);

async function run(action: string, [name]: (string | undefined)[], f: ParsedFlags<typeof FLAGS>): Promise<number> {
  const path = f.keyring ?? DEFAULT_KEYRING;
  const needsName = action === "add" || action === "show" || action === "delete";
  if (!["add", "list", "show", "delete"].includes(action)) throw new UsageError(`unknown action ${JSON.stringify(action)} (add, list, show, delete; see --help)`);
  if (needsName && name === undefined) throw new UsageError(`${action}: give the key's NAME`);
  if (!needsName && name !== undefined) throw new UsageError(`${action} takes no NAME`);
  const asUsage = <T>(work: () => T): T => {
    try {
      return work();
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
  };

  if (action === "add") {
    const mnemonic = f.recover ? readFileSync(0, "utf8") : undefined;
    const k = asUsage(() => addKey(path, name!, mnemonic));
    if (f.json) out(JSON.stringify({ ...publicView(k), ...(f.recover ? {} : { mnemonic: k.mnemonic }) }, null, 2));
    else {
      out(`- name: ${k.name}\n  address: ${k.address}\n  pubkey: ${k.pubkey}\n  hd_path: ${k.hd_path}\n  keyring: ${path}`);
      if (!f.recover) {
        out("\n**Important** write this mnemonic phrase down; it recovers the key (Keplr: import an existing wallet).");
        out(`It is kept in the clear in ${path}: for local chains only.\n\n${k.mnemonic}`);
      }
    }
    return 0;
  }
  const keys = asUsage(() => readKeyring(path));
  if (action === "list") {
    if (f.json) out(JSON.stringify(keys.map(publicView), null, 2));
    else if (keys.length === 0) out(`no keys in ${path} (npm run keys -- add NAME)`);
    else for (const k of keys) out(`${k.name}\t${k.address}`);
    return 0;
  }
  const k = keys.find((e) => e.name === name);
  if (!k) throw new UsageError(`no key named ${JSON.stringify(name)} in ${path} (npm run keys -- list)`);
  if (action === "delete") {
    asUsage(() => deleteKey(path, name!));
    out(`deleted ${k.name} (${k.address}) from ${path}`);
    return 0;
  }
  if (f.address) out(k.address);
  else if (f.json) out(JSON.stringify({ ...publicView(k), ...(f.reveal ? { mnemonic: k.mnemonic } : {}) }, null, 2));
  else out(`- name: ${k.name}\n  address: ${k.address}\n  pubkey: ${k.pubkey}\n  hd_path: ${k.hd_path}${f.reveal ? `\n  mnemonic: ${k.mnemonic}` : ""}`);
  return 0;
}

export const keysCommand = actionCommand({
  summary: "a local keyring of test accounts: add (BIP-39, Keplr's CRO path), list, show, delete",
  usage: "npm run keys -- <action> [NAME] [flags]",
  about: [
    "  add NAME       make a key: a new 24-word BIP-39 mnemonic (printed once), account 0 on",
    `                 ${CRO_HD_PATH} as Keplr derives CRO; --recover reads a mnemonic from stdin`,
    "  list           every key: name and address",
    "  show NAME      a key: name, address, public key, path (-a: the address only; --reveal: the mnemonic)",
    "  delete NAME    remove a key from the keyring",
  ],
  notes: [
    "The keys are for local chains only: the keyring is not encrypted (as the SDK's test backend).",
    "Fund them at start: npm start -- --clock simulated --keyring keyring.json (each is topped up to",
    "--fund-amount from the reserve, dev key 0, by a signed bank send), or later: POST /dev/faucet.",
  ],
  flags: FLAGS,
  maxArgs: 1,
  run,
});
