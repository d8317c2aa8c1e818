// `npm run keys` as a user runs it (host/cli.ts keys, a child process): a new key's mnemonic and
// address are the ones CosmJS's HD wallet derives on Keplr's CRO path (coin type 394, not the
// Cosmos Hub's 118), the keyring file is its owner's only, list/show never print a mnemonic unless
// asked, duplicates and bad input are usage errors (exit 2) naming what is wrong.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stringToPath } from "@cosmjs/crypto";
import { toBase64 } from "@cosmjs/encoding";
import { DirectSecp256k1HdWallet } from "@cosmjs/proto-signing";
import { CLI, ROOT } from "../helpers/cli.js";

const dir = await mkdtemp(join(tmpdir(), "keys-"));
const keyring = join(dir, "keyring.json");
const KNOWN = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

test.after(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** host/cli.ts keys ARGS with `input` on stdin. */
function keys(args: string[], input = ""): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", CLI, "keys", ...args], { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** What Keplr shows for a mnemonic on CRO: CosmJS's HD wallet at m/44'/coinType'/0'/0/0. */
async function keplrAccount(mnemonic: string, coinType = 394) {
  const w = await DirectSecp256k1HdWallet.fromMnemonic(mnemonic, { prefix: "cro", hdPaths: [stringToPath(`m/44'/${coinType}'/0'/0/0`)] });
  const [a] = await w.getAccounts();
  return { address: a!.address, pubkey: toBase64(a!.pubkey) };
}

test("add: a new 24-word mnemonic whose CRO account CosmJS derives the same; the file is 0600", async () => {
  const r = await keys(["add", "alice", "--keyring", keyring, "--json"]);
  assert.is(r.code, 0, r.stderr);
  const k = JSON.parse(r.stdout) as { name: string; address: string; pubkey: string; hd_path: string; mnemonic: string };
  assert.is(k.mnemonic.split(" ").length, 24);
  assert.is(k.hd_path, "m/44'/394'/0'/0/0");
  assert.equal({ address: k.address, pubkey: k.pubkey }, await keplrAccount(k.mnemonic));
  assert.is.not(k.address, (await keplrAccount(k.mnemonic, 118)).address, "coin type 394, not the Hub's 118");
  assert.is((await stat(keyring)).mode & 0o777, 0o600);
  const text = await keys(["add", "bob", "--keyring", keyring]);
  assert.is(text.code, 0, text.stderr);
  assert.match(text.stdout, /\*\*Important\*\* write this mnemonic phrase down/);
});

test("add --recover: a known mnemonic from stdin gives Keplr's address; the same mnemonic twice is refused", async () => {
  const r = await keys(["add", "known", "--recover", "--keyring", keyring, "--json"], `  ${KNOWN.toUpperCase()}\n`);
  assert.is(r.code, 0, r.stderr);
  const k = JSON.parse(r.stdout) as { address: string; mnemonic?: string };
  assert.is(k.address, (await keplrAccount(KNOWN)).address);
  assert.is(k.mnemonic, undefined, "a recovered mnemonic is not echoed");
  const twice = await keys(["add", "again", "--recover", "--keyring", keyring], KNOWN);
  assert.is(twice.code, 2);
  assert.match(twice.stderr, /already in .* as "known"/);
  const bad = await keys(["add", "typo", "--recover", "--keyring", keyring], KNOWN.replace(/about$/, "abandon"));
  assert.is(bad.code, 2);
  assert.match(bad.stderr, /^error: not a valid BIP-39 mnemonic/);
});

test("list and show: names and addresses, the mnemonic only with --reveal", async () => {
  const list = await keys(["list", "--keyring", keyring]);
  assert.is(list.code, 0, list.stderr);
  const file = JSON.parse(await readFile(keyring, "utf8")) as { keys: { name: string; address: string; mnemonic: string }[] };
  assert.equal(list.stdout.trim().split("\n"), file.keys.map((k) => `${k.name}\t${k.address}`));
  assert.equal(file.keys.map((k) => k.name), ["alice", "bob", "known"]);
  const json = await keys(["list", "--json", "--keyring", keyring]);
  assert.not.match(json.stdout, /mnemonic/);
  const address = await keys(["show", "known", "-a", "--keyring", keyring]);
  assert.is(address.stdout, `${(await keplrAccount(KNOWN)).address}\n`);
  const show = await keys(["show", "alice", "--keyring", keyring]);
  assert.not.ok(show.stdout.includes(file.keys[0]!.mnemonic));
  const reveal = await keys(["show", "alice", "--reveal", "--keyring", keyring]);
  assert.ok(reveal.stdout.includes(file.keys[0]!.mnemonic));
});

test("delete; bad names, unknown keys and actions are usage errors; --help on every action", async () => {
  const del = await keys(["delete", "bob", "--keyring", keyring]);
  assert.is(del.code, 0, del.stderr);
  assert.is((await keys(["show", "bob", "--keyring", keyring])).code, 2);
  const cases: [string[], RegExp][] = [
    [["add", "_bad", "--keyring", keyring], /key name "_bad"/],
    [["add", "has space", "--keyring", keyring], /key name "has space"/],
    [["add", "alice", "--keyring", keyring], /a key named "alice" is already/],
    [["show", "nobody", "--keyring", keyring], /no key named "nobody"/],
    [["rename", "alice"], /unknown action "rename"/],
    [["show"], /show: give the key's NAME/],
  ];
  for (const [args, message] of cases) {
    const r = await keys(args);
    assert.is(r.code, 2, args.join(" "));
    assert.match(r.stderr, message, args.join(" "));
  }
  for (const args of [["--help"], ["add", "--help"], ["list", "-h"]]) {
    const r = await keys(args);
    assert.is(r.code, 0, args.join(" "));
    assert.match(r.stdout, /Usage: npm run keys -- <action>/);
  }
});

test.run();
