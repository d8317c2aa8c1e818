// A real network (host/cometbft/testnet.ts): 4 validators, each a CometBFT v0.38.22 process with this
// node (a child process, `--abci`) as its application, on loopback. They make blocks with the same
// app hash on every node; CosmJS sends through one node's RPC and every node's state follows; kill -9
// one node's app and the other three go on (3/4 of the power), restart it and it catches up to the
// same app hash; stop two and no block is made (no 2/3), restart them and the chain resumes; a
// validator kept down past x/slashing's window is slashed and jailed from CometBFT's commit info
// (a tier position on it shows the bonus pause); MsgCreateValidator sent by CosmJS brings a fifth
// node's own key into the set, and that node signs blocks; a second node with validator 2's key
// makes CometBFT catch a double sign: its evidence tombstones validator 2; past 100 blocks, every
// live node has had the same app hash at every height.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DirectSecp256k1Wallet } from "@cosmjs/proto-signing";
import { GasPrice, SigningStargateClient } from "@cosmjs/stargate";
import { toBase64 } from "@cosmjs/encoding";
import { encodePubkey } from "@cosmjs/proto-signing";
import { ed25519 } from "@noble/curves/ed25519.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { utf8ToBytes } from "@noble/hashes/utils.js";
import { devAddress, devPrivateKey, operatorOf } from "../../host/app/genesis.js";
import { consensusAddressOf, consensusKey } from "../../host/modules/staking/consensus-key.js";
import { cometStatus, headerAppHash, startTestnet, type Testnet } from "../../host/cometbft/testnet.js";
import { chainRegistry } from "../helpers/cosmjs.js";

const dir = await mkdtemp(join(tmpdir(), "network-"));
// Below the ephemeral range (32768-60999 here): the nodes' own outgoing connections take ports there.
const basePort = 20_000 + Math.floor(Math.random() * 1_200) * 10;
// x/slashing with a short window (60 blocks of 300 ms, half of them to sign): the short outages of
// the first tests stay within it, the validator kept down in the last one is jailed.
const net: Testnet = await startTestnet({
  validators: 4, dir, basePort, blockInterval: "300ms",
  genesisOverride: { app_state: { slashing: { params: { signed_blocks_window: "60", min_signed_per_window: "0.5", downtime_jail_duration: "60s" } } } },
});
test.after(async () => {
  await net.stop();
  if (process.env.KEEP_TESTNET === undefined) await rm(dir, { recursive: true, force: true }); // KEEP_TESTNET=1: the homes and logs stay
});

const heightOf = async (i: number) => (await cometStatus(net.nodes[i]!.rpc))?.height ?? -1n;
async function waitFor(what: string, ok: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > until) {
      const heights = await Promise.all(net.nodes.map((_, i) => heightOf(i)));
      throw new Error(`timed out: ${what} (heights ${heights.join(", ")}; logs in ${dir})`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
const CRO = 100_000_000n;
/** Node i has caught up and takes part in consensus (CometBFT's block sync is over). */
const inConsensus = async (i: number): Promise<boolean> => {
  try {
    return ((await (await fetch(`${net.nodes[i]!.rpc}/status`)).json()) as any).result.sync_info.catching_up === false;
  } catch {
    return false;
  }
};
const rest = (i: number, path: string) => fetch(`${net.nodes[i]!.rest}${path}`).then((r) => r.json() as Promise<any>);
const allAt = async (h: bigint, nodes = [0, 1, 2, 3]) => (await Promise.all(nodes.map(heightOf))).every((x) => x >= h);

test("4 validators make blocks with one app hash; CosmJS through node 0; every node's state follows", async () => {
  await waitFor("every node at height 5", () => allAt(5n));
  const hashes = await Promise.all(net.nodes.map((n) => headerAppHash(n.rpc, 5n)));
  assert.ok(hashes[0] && hashes.every((h) => h === hashes[0]), `app hashes at 5: ${hashes.join(", ")}`);

  const wallet = await DirectSecp256k1Wallet.fromKey(devPrivateKey(5), "cro");
  const client = await SigningStargateClient.connectWithSigner(net.nodes[0]!.rpc, wallet, {
    registry: chainRegistry(), gasPrice: GasPrice.fromString("0.025basecro"), broadcastPollIntervalMs: 100,
  });
  const sent = await client.sendTokens(devAddress(5), devAddress(6), [{ denom: "basecro", amount: "4242" }], "auto");
  assert.is(sent.code, 0, sent.rawLog);
  // x/staking and a tier position, on validator 3 (kept down in the slashing test below).
  const staked = await client.delegateTokens(devAddress(5), net.nodes[3]!.operator, { denom: "basecro", amount: `${10n * CRO}` }, "auto");
  assert.is(staked.code, 0, staked.rawLog);
  const locked = await client.signAndBroadcast(devAddress(5), [{
    typeUrl: "/chainmain.tieredrewards.v1.MsgLockTier",
    value: { owner: devAddress(5), id: 1, amount: `${1_000n * CRO}`, validatorAddress: net.nodes[3]!.operator },
  }], "auto");
  assert.is(locked.code, 0, locked.rawLog);
  client.disconnect();
  const after = BigInt(sent.height) + 1n;
  await waitFor("every node past the tx", () => allAt(after));
  const amounts = await Promise.all(net.nodes.map(async (n) =>
    ((await (await fetch(`${n.rest}/cosmos/bank/v1beta1/balances/${devAddress(6)}/by_denom?denom=basecro`)).json()) as any).balance.amount));
  assert.ok(amounts.every((a) => a === amounts[0]), `the same balance on every node: ${amounts.join(", ")}`);
  const atTx = await Promise.all(net.nodes.map((n) => headerAppHash(n.rpc, after)));
  assert.ok(atTx.every((h) => h === atTx[0]), "the same app hash after the tx");
});

test("kill -9 one node's CometBFT alone (its app stays up): restarted, it catches up through its app to the same hash", async () => {
  net.nodes[1]!.comet!.kill("SIGKILL");
  const from = await heightOf(0);
  await waitFor("the others go on", () => allAt(from + 3n, [0, 2]));
  net.restartComet(1);
  const target = (await heightOf(0)) + 2n;
  await waitFor("node 1 catches up", () => allAt(target, [0, 1, 2]));
  const hashes = await Promise.all([0, 1, 2].map((i) => headerAppHash(net.nodes[i]!.rpc, target)));
  assert.ok(hashes.every((h) => h === hashes[0]), `app hashes at ${target}: ${hashes.join(", ")}`);
});

test("kill -9 one node's app: the others go on; restarted, it catches up to the same app hash", async () => {
  net.kill(3, true);
  const from = await heightOf(0);
  await waitFor("three nodes make 5 more blocks", () => allAt(from + 5n, [0, 1, 2]));
  net.start(3);
  const target = (await heightOf(0)) + 2n;
  await waitFor("node 3 catches up", () => allAt(target));
  const hashes = await Promise.all(net.nodes.map((n) => headerAppHash(n.rpc, target)));
  assert.ok(hashes.every((h) => h === hashes[0]), `app hashes at ${target}: ${hashes.join(", ")}`);
});

test("two of four stopped: no block (no 2/3 of the power); restarted: the chain resumes", async () => {
  net.kill(2, true);
  net.kill(3, true);
  await new Promise((r) => setTimeout(r, 1_500));
  const stuck = await heightOf(0);
  await new Promise((r) => setTimeout(r, 2_500));
  assert.ok((await heightOf(0)) <= stuck + 1n, "at most the block in flight");
  net.start(2);
  net.start(3);
  await waitFor("the chain resumes on every node", () => allAt(stuck + 3n), 120_000);
});

test("a validator kept down past the signed-blocks window is slashed 1 % and jailed; the others go on", async () => {
  const operator = net.nodes[3]!.operator;
  const validator = async () => ((await (await fetch(`${net.nodes[0]!.rest}/cosmos/staking/v1beta1/validators/${operator}`)).json()) as any).validator;
  const selfDelegation = BigInt((await validator()).tokens); // the genesis self-delegation and the first test's delegation
  net.kill(3, true);
  await waitFor("validator 3 jailed", async () => (await validator()).jailed === true, 90_000);
  const v = await validator();
  assert.is(BigInt(v.tokens), selfDelegation - selfDelegation / 100n, "slash_fraction_downtime: 1 %");
  assert.is(v.status, "BOND_STATUS_UNBONDING", "out of the set");
  const from = await heightOf(0);
  await waitFor("the other three go on", () => allAt(from + 3n, [0, 1, 2]));
  const slashes = [];
  for (let h = 1n; h <= (await heightOf(0)); h++) {
    const r = ((await (await fetch(`${net.nodes[0]!.rpc}/block_results?height=${h}`)).json()) as any).result;
    for (const e of r?.finalize_block_events ?? []) if (e.type === "slash") slashes.push(e);
  }
  assert.is(slashes.length, 1, "one slash event, in a block's finalize-block events");
  assert.equal((await rest(0, "/cosmos/slashing/v1beta1/params")).params, {
    signed_blocks_window: "60", min_signed_per_window: "0.500000000000000000", downtime_jail_duration: "60s",
    slash_fraction_double_sign: "0.050000000000000000", slash_fraction_downtime: "0.010000000000000000",
  });
  const infos = (await rest(0, "/cosmos/slashing/v1beta1/signing_infos")).info as { jailed_until: string; index_offset: string }[];
  assert.ok(infos.some((i) => i.jailed_until !== "1970-01-01T00:00:00Z" && !i.jailed_until.startsWith("0001")), "the jailed one's jailed_until");
  assert.ok(infos.some((i) => BigInt(i.index_offset) > 0n), "the others' windows move");
  assert.ok(slashes[0].attributes.some((a: any) => a.key === "reason" && a.value === "missing_signature"));
  // The tier position on it: the validator's slash and unbond events wait for the position (its bonus paused).
  const data = await rest(0, `/chainmain/tieredrewards/v1/validator_data/${operator}`);
  assert.equal(data.events.map((e: any) => e.event_type), ["VALIDATOR_EVENT_TYPE_SLASH", "VALIDATOR_EVENT_TYPE_UNBOND"]);
  assert.is(data.position_count, "1");
});

/** The commit signatures of block h (its last_commit: block h-1's precommits) as node i's CometBFT serves them. */
const commitOf = async (i: number, h: bigint): Promise<{ block_id_flag: number; validator_address: string }[]> =>
  ((await (await fetch(`${net.nodes[i]!.rpc}/block?height=${h}`)).json()) as any).result?.block.last_commit.signatures ?? [];

test("MsgCreateValidator by CosmJS with a new node's own key: the node joins the set and signs blocks", async () => {
  const seed = sha256(utf8ToBytes(`network test validator ${basePort}`));
  const pub = ed25519.getPublicKey(seed);
  const address = consensusAddressOf(pub);
  const wallet = await DirectSecp256k1Wallet.fromKey(devPrivateKey(7), "cro");
  const client = await SigningStargateClient.connectWithSigner(net.nodes[0]!.rpc, wallet, {
    registry: chainRegistry(), gasPrice: GasPrice.fromString("0.025basecro"), broadcastPollIntervalMs: 100,
  });
  const created = await client.signAndBroadcast(devAddress(7), [{
    typeUrl: "/cosmos.staking.v1beta1.MsgCreateValidator",
    value: {
      description: { moniker: "newcomer", identity: "", website: "", securityContact: "", details: "" },
      commission: { rate: "50000000000000000", maxRate: "200000000000000000", maxChangeRate: "10000000000000000" },
      minSelfDelegation: "1", delegatorAddress: devAddress(7), validatorAddress: operatorOf(devAddress(7)),
      pubkey: encodePubkey({ type: "tendermint/PubKeyEd25519", value: toBase64(pub) }),
      value: { denom: "basecro", amount: `${500_000n * CRO}` },
    },
  }], "auto");
  client.disconnect();
  assert.is(created.code, 0, created.rawLog);
  const node = await net.addNode({ seed });
  // CometBFT's validator set (from FinalizeBlock's validator updates) has its key.
  await waitFor("the new key in CometBFT's validator set", async () => {
    const r = ((await (await fetch(`${net.nodes[0]!.rpc}/validators?per_page=100`)).json()) as any).result;
    return r.validators.some((v: any) => v.address === address && v.pub_key.value === toBase64(pub));
  });
  // The new node syncs (block sync, then consensus), then its precommits are in the commits.
  await waitFor("the new node past block sync", () => inConsensus(node.index), 150_000);
  const from = await heightOf(0);
  let scanned = from;
  await waitFor("a commit signed by the new validator", async () => {
    const top = await heightOf(0);
    for (; scanned < top; scanned++) {
      if ((await commitOf(0, scanned + 1n)).some((s) => s.validator_address === address && s.block_id_flag === 2)) return true;
    }
    return false;
  }, 120_000);
  const v = (await rest(0, `/cosmos/staking/v1beta1/validators/${operatorOf(devAddress(7))}`)).validator;
  assert.is(v.status, "BOND_STATUS_BONDED");
  assert.is(v.consensus_pubkey.key, toBase64(pub));
  const hashes = await Promise.all([0, node.index].map((i) => headerAppHash(net.nodes[i]!.rpc, from + 1n)));
  assert.is(hashes[1], hashes[0], "the new node's app agrees");
});

test("two nodes with validator 2's key: CometBFT catches the double sign; its evidence slashes 5 % and tombstones validator 2", async () => {
  const operator = net.nodes[2]!.operator;
  const key = consensusKey(net.chainId, operator);
  const twin = await net.addNode({ seed: key.seed, mempoolBroadcast: false });
  const validator = async () => (await rest(0, `/cosmos/staking/v1beta1/validators/${operator}`)).validator;
  const before = BigInt((await validator()).tokens);
  // Txs only the twin holds (its mempool does not gossip): when validator 2 proposes, the twin's
  // block and the original's differ, and each prevotes its own.
  const wallet = await DirectSecp256k1Wallet.fromKey(devPrivateKey(8), "cro");
  let client: SigningStargateClient | undefined;
  await waitFor("the twin past block sync", () => inConsensus(twin.index), 150_000);
  client = await SigningStargateClient.connectWithSigner(twin.rpc, wallet, { registry: chainRegistry(), gasPrice: GasPrice.fromString("0.025basecro") });
  await waitFor("validator 2 tombstoned", async () => {
    const pending = ((await (await fetch(`${twin.rpc}/num_unconfirmed_txs`)).json()) as any).result;
    if (pending.n_txs === "0") {
      try {
        await client!.signAndBroadcastSync(devAddress(8), [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: devAddress(8), toAddress: devAddress(6), amount: [{ denom: "basecro", amount: "1" }] } }], "auto");
      } catch {
        // a sequence the twin has not caught up with yet: next round
      }
    }
    const infos = (await rest(0, "/cosmos/slashing/v1beta1/signing_infos")).info as { address: string; tombstoned: boolean }[];
    return infos.some((i) => i.tombstoned);
  }, 180_000);
  client.disconnect();
  const v = await validator();
  assert.ok(v.jailed);
  assert.is(BigInt(v.tokens), before - before / 20n, "slash_fraction_double_sign: 5 %");
  // The evidence is in a block; its finalize-block events carry the slash.
  const top = await heightOf(0);
  let evidence = 0;
  let slash: any;
  const jailedEvents: any[] = [];
  for (let h = 1n; h <= top; h++) {
    const b = ((await (await fetch(`${net.nodes[0]!.rpc}/block?height=${h}`)).json()) as any).result.block;
    evidence += b.evidence.evidence.length;
    const r = ((await (await fetch(`${net.nodes[0]!.rpc}/block_results?height=${h}`)).json()) as any).result;
    slash ??= (r.finalize_block_events ?? []).find((e: any) => e.type === "slash" && e.attributes.some((a: any) => a.key === "reason" && a.value === "double_sign"));
    jailedEvents.push(...(r.finalize_block_events ?? []).filter((e: any) => e.type === "slash" && !e.attributes.some((a: any) => a.key === "reason") && e.attributes.some((a: any) => a.key === "jailed")));
  }
  assert.ok(evidence >= 1, "duplicate-vote evidence in a block");
  assert.ok(slash, "a double_sign slash event");
  // x/evidence: its BeginBlocker stored the equivocation (the validator's consensus address, the
  // slash's power), queried by hash; x/slashing's second `slash` event names the jailed address.
  const cons = slash.attributes.find((a: any) => a.key === "address").value;
  assert.ok(jailedEvents.some((e) => e.attributes.find((a: any) => a.key === "jailed")?.value === cons), "a `slash {jailed}` event of the double signer");
  const stored = (await rest(0, "/cosmos/evidence/v1beta1/evidence")).evidence as any[];
  assert.is(stored.length, 1);
  assert.equal([stored[0]["@type"], stored[0].consensus_address, stored[0].power], ["/cosmos.evidence.v1beta1.Equivocation", cons, slash.attributes.find((a: any) => a.key === "power").value]);
  // The chain goes on without it (0, 1 and the new validator: all the bonded power left online).
  const from = await heightOf(0);
  await waitFor("the chain goes on", () => allAt(from + 3n, [0, 1]));
});

test("past 100 blocks: every live node (the joiners included) has had the same app hash at every height", async () => {
  const live = [0, 1, 2, 4, 5]; // node 3 is down; 4 joined by MsgCreateValidator, 5 is the double signer
  await waitFor("height 100 on the live nodes", () => allAt(101n, live), 120_000);
  const top = (await Promise.all(live.map(heightOf))).reduce((a, b) => (a < b ? a : b));
  for (let h = 1n; h <= top; h++) {
    const hashes = await Promise.all(live.map((i) => headerAppHash(net.nodes[i]!.rpc, h)));
    assert.ok(hashes[0] && hashes.every((x) => x === hashes[0]), `app hashes at ${h}: ${hashes.join(", ")}`);
  }
});

test.run();
