// `npm start -- --fork-url <chain-maind's RPC> --fork-height H` on a real chain-maind, replayed: the
// JSON-RPC calls the reader made to chain-maind (test/reference-chain/fork-url/rpc.json, recorded by
// scripts/reference-chain/record-fork.ts) answered by a tiny local server. The forked node answers as
// chain-maind did at H (rest.json: balances, validators, delegations, unbondings, pending rewards,
// commission, positions, grants, allowances, supply), less what a fork changes by design; its supply
// invariant holds; an impersonated address (--auto-impersonate) sends, delegates and locks a tier
// position on it; dev_reset returns to the forked state at H.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { encodeSecp256k1Pubkey } from "@cosmjs/amino";
import type { OfflineDirectSigner } from "@cosmjs/proto-signing";
import { run, type RunningNode } from "../../host/main.js";
import { devAddress } from "../../host/app/genesis.js";
import { connect, encodeObject, tieredrewards } from "../../host/client/index.js";
import { REFERENCE_DIR } from "../helpers/reference-chain.js";
import { startReplay } from "../helpers/comet-replay.js";
import { compareFork, topUps } from "../helpers/fork-compare.js";
import { dev, get, rpc } from "../helpers/dev-node.js";

const DIR = join(REFERENCE_DIR, "fork-url");
const recorded = JSON.parse(readFileSync(join(DIR, "rpc.json"), "utf8")) as { height: string; chain_id: string; calls: [string, unknown][] };
const rest = JSON.parse(readFileSync(join(DIR, "rest.json"), "utf8")) as { height: string; answers: Record<string, any> };
const replay = await startReplay(recorded.calls);
const out: string[] = [];
const err: string[] = [];
const started = await run(
  ["--fork-url", replay.url, "--fork-height", recorded.height, "--port", "0", "--rpc-port", "0", "--automine", "--auto-impersonate"],
  {}, { out: (t) => out.push(t), err: (t) => err.push(t) },
);
if (typeof started === "number") throw new Error(`node exited ${started}: ${err.join("\n")}`);
const node: RunningNode = started;

test.after(async () => {
  await node.close();
  await replay.close();
});

test("every call the reader makes is in the recording; progress lines on stderr", () => {
  assert.equal(replay.missing, []);
  assert.ok(replay.served > 50, `${replay.served} calls`);
  assert.ok(err.some((l) => l === `fork: reading ${replay.url} (CometBFT RPC) at height ${recorded.height}`), err.join("\n"));
  assert.ok(err.some((l) => /^fork: \d+ accounts \(\d+ requests\)$/.test(l)), err.join("\n"));
  assert.ok(out.some((l) => l.startsWith(`fork: x/distribution's F1 records`)), out.join("\n"));
});

test("starts at H with chain-maind's chain id and the block's time", async () => {
  assert.is(node.chain.latest.height, BigInt(recorded.height));
  assert.is(node.chain.chainId, recorded.chain_id);
  const block = recorded.calls.find(([k]) => JSON.parse(k).method === "block")![1] as any;
  assert.is((await get(node, "/cosmos/base/tendermint/v1beta1/blocks/latest")).block.header.height, recorded.height);
  assert.ok(block.result.block.header.time.startsWith(new Date(Number(node.chain.genesis.genesisTimeNs / 1_000_000n)).toISOString().slice(0, 19)));
});

test("balances, validators, delegations, unbondings, rewards, positions, grants and supply equal chain-maind's at H", async () => {
  const r = await compareFork(node.url, rest.answers, out);
  assert.equal(r.differences, []);
  assert.is(r.compared, Object.keys(rest.answers).length);
  assert.ok(r.compared >= 40);
  // the comparison is not vacuous: positions, delegations and a grant are there
  assert.is((await get(node, "/chainmain/tieredrewards/v1/raw/positions")).positions.length, 2);
  const val = rest.answers["/cosmos/staking/v1beta1/validators"].validators[0].operator_address;
  assert.ok((await get(node, `/cosmos/staking/v1beta1/validators/${val}/delegations`)).delegation_responses.length >= 4);
});

test("the supply invariant holds: every balance sums to the supply, chain-maind's plus what the fork minted", async () => {
  assert.equal(node.chain.app.checkInvariants(), []);
  const owners = (await get(node, "/cosmos/bank/v1beta1/denom_owners/basecro?pagination.limit=1000")).denom_owners as any[];
  const sum = owners.reduce((t, o) => t + BigInt(o.balance.amount), 0n);
  const supply = BigInt((await get(node, "/cosmos/bank/v1beta1/supply/by_denom?denom=basecro")).amount.amount);
  assert.is(sum, supply);
  const theirs = BigInt(rest.answers["/cosmos/bank/v1beta1/supply"].supply.find((c: any) => c.denom === "basecro").amount);
  assert.is(supply, theirs + topUps(out).minted);
});

/** CosmJS's signer for an address whose key it does not hold (--auto-impersonate accepts its empty signature). */
function impersonating(address: string): OfflineDirectSigner {
  const pubkey = secp256k1.getPublicKey(secp256k1.utils.randomSecretKey(), true);
  return {
    getAccounts: async () => [{ address, algo: "secp256k1", pubkey }],
    signDirect: async (_, signDoc) => ({ signed: signDoc, signature: { pub_key: encodeSecp256k1Pubkey(pubkey), signature: "" } }),
  };
}

test("txs work on the forked state, signed by an impersonated address: send, delegate, tier lock; dev_reset returns to H", async () => {
  const owner = (await get(node, "/chainmain/tieredrewards/v1/raw/positions")).positions[0].owner as string;
  const val = rest.answers["/cosmos/staking/v1beta1/validators"].validators[0].operator_address as string;
  const client = await connect(node.rpcUrl!, impersonating(owner));
  const to = devAddress(77);
  const sent = await client.sendTokens(owner, to, [{ denom: "basecro", amount: "12345" }], "auto");
  assert.is(sent.code, 0, sent.rawLog);
  assert.is((await get(node, `/cosmos/bank/v1beta1/balances/${to}`)).balances[0].amount, "12345");
  const delegated = await client.delegateTokens(owner, val, { denom: "basecro", amount: "1000000000" }, "auto");
  assert.is(delegated.code, 0, delegated.rawLog);
  const locked = await client.signAndBroadcast(owner, [encodeObject(tieredrewards.MsgLockTierSchema, { owner, id: 1, amount: "20000000000", validatorAddress: val })], "auto");
  assert.is(locked.code, 0, locked.rawLog);
  assert.is((await get(node, "/chainmain/tieredrewards/v1/raw/positions")).positions.length, 3);
  assert.equal(node.chain.app.checkInvariants(), []);
  client.disconnect();

  const reset = await rpc(node, "dev_reset", []);
  assert.is(reset.result.height, recorded.height, JSON.stringify(reset));
  assert.is((await get(node, "/chainmain/tieredrewards/v1/raw/positions")).positions.length, 2);
  assert.equal((await get(node, `/cosmos/bank/v1beta1/balances/${to}`)).balances, []);
  const again = await compareFork(node.url, rest.answers, out);
  assert.equal(again.differences, [], "after dev_reset: the forked state at H again");
  // REST's reset with a fork height of the same node: read again through the replay
  const refork = await dev(node, "reset", { fork_height: recorded.height });
  assert.is(refork.status, 200, JSON.stringify(refork.json));
  assert.equal([refork.json.fork_url, refork.json.fork_height, refork.json.height], [replay.url, recorded.height, recorded.height]);
  assert.equal((await compareFork(node.url, rest.answers, out)).differences, []);
});

test.run();
