// docs/dapp.md's client snippets (every ts block marked `run` importing `tiered-rewards-engine/client`
// but the impersonation one, which test/docs/guides.test.ts runs) run as
// written: in an app's project that installed the repo by path (temp-project.ts), type-checked
// with its TypeScript as .ts, and run by plain Node as .mjs (the snippets are JavaScript too),
// one after the other against `npm start -- --dev`. The one change made to them: the node's two
// URLs (http://127.0.0.1:26657 and :1317) become the test node's. Each must exit 0, and the chain
// must show what it did.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { get, startNode, until } from "../helpers/dev-node.js";
import { devAddress } from "../../host/app/genesis.js";
import { REPO, shAsync, tempProject, typecheck } from "./temp-project.js";

const readme = await readFile(join(REPO, "docs", "dapp.md"), "utf8");
const SNIPPETS = [...readme.matchAll(/```ts run\n([\s\S]*?)```/g)].map((m) => m[1]!)
  // the impersonation and governance examples are run by test/docs/guides.test.ts (on its own node)
  .filter((code) => code.includes('from "tiered-rewards-engine/client"') && !code.includes("impersonatedSigner") && !code.includes("/cosmos.gov.v1.MsgSubmitProposal"));

const dir = await tempProject("readme-client-");
const node = await startNode(["--dev", "--rpc-port", "0", "--db", join(dir, "chain.db")]);
test.after(async () => {
  await node.close();
  await rm(dir, { recursive: true, force: true });
});

const asWritten = (code: string) => code.replaceAll("http://127.0.0.1:26657", node.rpcUrl!).replaceAll("http://127.0.0.1:1317", node.url);
const run = async (i: number) => (await shAsync(process.execPath, [`snippet-${i}.mjs`], dir, 90_000)).trim();
const balance = async (a: string) => BigInt((await get(node, `/cosmos/bank/v1beta1/balances/${a}/by_denom?denom=basecro`)).balance.amount);
const positions = async (a: string) => ((await get(node, `/chainmain/tieredrewards/v1/positions/${a}`)).positions ?? []).length as number;
/** A tx the node has, by hash (REST), once it is in a block. */
async function txOf(hash: string): Promise<any> {
  let found: any;
  await until(async () => {
    const r = await fetch(`${node.url}/cosmos/tx/v1beta1/txs/${hash}`);
    if (r.ok) found = await r.json();
    return r.ok;
  }, `tx ${hash}`);
  return found;
}

test("docs/dapp.md has the client snippets (connect, offline signing over REST, a legacy amino StdTx); they type-check against the package's typings", async () => {
  assert.is(SNIPPETS.length, 3, "three snippets import the client");
  for (const [i, code] of SNIPPETS.entries()) {
    assert.not.match(code, /accountNumber: \d|"\d+", "\d+"\)/, "no account number or sequence written in");
    await writeFile(join(dir, `snippet-${i}.ts`), `${code}\nexport {};\n`);
    await writeFile(join(dir, `snippet-${i}.mjs`), asWritten(code));
  }
  typecheck(dir);
});

test("connect(): a send and a tier lock with fee \"auto\" (dev key 5), a delegation signed SIGN_MODE_LEGACY_AMINO_JSON (dev key 6)", async () => {
  const [five, six, seven] = [devAddress(5), devAddress(6), devAddress(7)];
  const before = { seven: await balance(seven), locks: await positions(five) };
  const out = await run(0);
  const hash = out.split(/\s+/)[0]!;
  assert.match(hash, /^[0-9A-F]{64}$/, out);
  const sent = await txOf(hash);
  assert.is(sent.tx_response.code, 0);
  // No minimum gas price on this node: connect() priced "auto" at 0.025basecro a unit of gas.
  assert.is(BigInt(sent.tx.auth_info.fee.amount[0].amount), (BigInt(sent.tx_response.gas_wanted) * 25n + 999n) / 1000n);
  assert.is(await balance(seven), before.seven + 1000n);
  assert.is(await positions(five), before.locks + 1);
  const { delegation_responses } = await get(node, `/cosmos/staking/v1beta1/delegations/${six}`);
  assert.ok(delegation_responses.some((d: any) => d.balance.amount === "100000000"), JSON.stringify(delegation_responses));
});

test("offline signing: the account number, sequence and chain id read from the node; the TxRaw sent over REST lands", async () => {
  const five = devAddress(5);
  const locks = await positions(five);
  const hash = await run(1);
  assert.match(hash, /^[0-9A-F]{64}$/);
  const tx = await txOf(hash);
  assert.is(tx.tx_response.code, 0, tx.tx_response.raw_log);
  assert.equal(tx.tx.body.messages.map((m: any) => m["@type"]), ["/cosmos.staking.v1beta1.MsgDelegate", "/chainmain.tieredrewards.v1.MsgLockTier"]);
  assert.is(await positions(five), locks + 1);
  // Dev key 5 is account 5 (not some number written into the snippet).
  assert.is((await get(node, `/cosmos/auth/v1beta1/accounts/${five}`)).account.account_number, "5");
});

test("a legacy amino StdTx on POST /txs, signed at the account's number and sequence from the node", async () => {
  const hash = await run(2);
  assert.match(hash, /^[0-9A-F]{64}$/);
  const tx = await txOf(hash);
  assert.is(tx.tx_response.code, 0, tx.tx_response.raw_log);
  const actions = tx.tx_response.events.filter((e: any) => e.type === "message").flatMap((e: any) => e.attributes.filter((a: any) => a.key === "action").map((a: any) => a.value));
  assert.equal(actions, ["/cosmos.staking.v1beta1.MsgDelegate"], JSON.stringify(tx.tx));
});

test.run();
